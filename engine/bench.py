"""Benchmarks of the rules engine: ``python -m engine.bench [--quick] [--seed N]``.

Prints, each as the median rate over several timed runs with its spread (min..max):

a. night resolutions per second: the 25-player three-sided game (the R-BAL-3 preset for 25)
   at night 1 with every role acting (the cop, sniper and both teams shoot, one team also
   hides, the doctor heals, the woodman blocks, the kamikaze chooses, a vampire would bite),
   resolving the same start state again and again;
b. day resolutions per second: the same game on day 1, every player voting, the lawyer
   protecting and the bouncer voiding;
c. random full games per second: deals of mixed sizes (5-30) and modes played to the end by
   the random legal policy of ``engine.autoplay`` (the one the property tests use), with the
   mean number of phases per game;
d. JSON round trips (``to_json`` + ``from_json``) per second of the 25-player state.

Standard library only. Everything but ``main`` is pure: the randomness is a ``random.Random``
passed in, the clock a function passed in by ``main`` (``time.perf_counter``), and only
``main`` prints.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import autoplay
from engine.choices import Choice, Verb, actors, check
from engine.day import resolve_day
from engine.night import resolve_night
from engine.roles import Faction, Mode, Phase, Role
from engine.state import GameState

Clock = Callable[[], float]


@dataclass(frozen=True)
class Rate:
    """Rates (operations per second) of ``repeats`` timed runs of ``n`` operations each."""

    n: int
    rates: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    def describe(self, unit: str) -> str:
        lo, hi = min(self.rates), max(self.rates)
        spread = (hi - lo) / self.median * 100 if self.median else 0.0
        return (
            f"{self.median:,.0f} {unit}/s  [min {lo:,.0f} .. max {hi:,.0f}, spread {spread:.1f}%]"
            f"  ({len(self.rates)} runs x {self.n})"
        )


def measure(clock: Clock, work: Callable[[], object], n: int, repeats: int) -> Rate:
    """Time ``repeats`` runs of ``n`` calls of ``work`` (after one untimed warm-up call)."""
    work()
    rates: list[float] = []
    for _ in range(repeats):
        start = clock()
        for _ in range(n):
            work()
        rates.append(n / max(clock() - start, 1e-9))
    return Rate(n, tuple(rates))


# --- the 25-player three-sided game ------------------------------------------------------------


def preset_game(rng: random.Random) -> GameState:
    """The R-BAL-3 preset for 25 players, dealt by the fair draw from a seed drawn from rng."""
    return autoplay.deal_game(autoplay.Setup(25, Mode.THREE_SIDED), rng.randbytes(32), "bench")


def _legal(s: GameState, choice: Choice) -> Choice:
    code = check(s, choice)
    if code is not None:
        raise AssertionError(f"bench choice {choice} refused: {code}")
    return choice


def _first(s: GameState, role: Role, faction: Faction | None = None) -> str:
    for p in s.living():
        if p.role is role and (faction is None or p.faction is faction):
            return p.id
    raise AssertionError(f"no living {role.value}")


def night_choices(s: GameState) -> list[Choice]:
    """Every role acts on night 1 (checked legal)."""
    assert s.phase is Phase.NIGHT
    don_a, don_b = _first(s, Role.DON, Faction.MAFIA), _first(s, Role.DON, Faction.MANIACS)
    mafioso_a = _first(s, Role.MAFIOSO, Faction.MAFIA)
    mafioso_b = _first(s, Role.MAFIOSO, Faction.MANIACS)
    citizens = [p.id for p in s.living() if p.role is Role.CITIZEN]
    out: list[Choice] = []
    for p in s.living():
        if s.is_cop_like(p.id):
            out.append(Choice(p.id, Verb.SHOOT, mafioso_a))  # R-NIGHT-5a
        elif p.role is Role.DOCTOR:
            out.append(Choice(p.id, Verb.HEAL, citizens[0]))  # R-NIGHT-3
        elif p.role is Role.SNIPER:
            out.append(Choice(p.id, Verb.SHOOT, mafioso_b))  # R-NIGHT-6
        elif p.role is Role.WOODMAN:
            out.append(Choice(p.id, Verb.BLOCK, citizens[2]))  # R-NIGHT-4 (a miss: all shoot)
        elif p.role is Role.KAMIKAZE:
            out.append(Choice(p.id, Verb.CHOOSE, don_a))  # R-NIGHT-9
        elif p.role is Role.VAMPIRE:
            out.append(Choice(p.id, Verb.BITE, citizens[-1]))  # R-NIGHT-11
    out.append(Choice(don_a, Verb.SHOOT, citizens[0]))  # R-NIGHT-7 (healed)
    out.append(Choice(don_b, Verb.SHOOT, citizens[1]))
    out.append(Choice(don_b, Verb.HIDE, mafioso_b))  # R-NIGHT-2
    return [_legal(s, c) for c in out]


def day_choices(s: GameState) -> list[Choice]:
    """Every living player votes (most for two candidates), the lawyer protects the leader, the
    bouncer voids a vote (checked legal)."""
    assert s.phase is Phase.DAY
    living = [p.id for p in s.living()]
    lead, second = living[3], living[7]
    out: list[Choice] = []
    for p in s.living():
        if p.role is Role.LAWYER:
            out.append(Choice(p.id, Verb.PROTECT, lead))  # R-DAY-1
        elif p.role is Role.BOUNCER:
            out.append(Choice(p.id, Verb.VOID, living[0]))  # R-DAY-2
    for i, pid in enumerate(living):
        target = lead if i % 3 else second
        if target == pid:
            target = living[(i + 1) % len(living)]
        out.append(Choice(pid, Verb.VOTE, target))  # R-VOTE-1
    return [_legal(s, c) for c in out]


def night_start(game: GameState) -> GameState:
    """Night 1 of ``game``, everyone alive (day 1 had no vote)."""
    s, _ = resolve_day(game, [], vote_held=False)
    return s


def random_games(rng: random.Random, games: int) -> int:
    """Deal and play ``games`` random games to the end; the number of phases played."""
    phases = 0
    for _ in range(games):
        _, history = autoplay.play_random_game(autoplay.random_game(rng), rng)
        phases += len(history)
    return phases


@dataclass(frozen=True)
class Report:
    night: Rate
    day: Rate
    games: Rate
    phases_per_game: float
    json: Rate


def run(rng: random.Random, clock: Clock, *, quick: bool) -> Report:
    repeats = 3 if quick else 7
    scale = 10 if quick else 1
    game = preset_game(rng)
    night = night_start(game)
    n_choices = night_choices(night)
    acting = set(actors(night))
    assert all(c.actor in acting for c in n_choices)
    d_choices = day_choices(game)
    after_night, _ = resolve_night(night, n_choices)

    night_rate = measure(clock, lambda: resolve_night(night, n_choices), 1000 // scale, repeats)
    day_rate = measure(clock, lambda: resolve_day(game, d_choices), 1000 // scale, repeats)
    json_rate = measure(
        clock, lambda: GameState.from_json(after_night.to_json()), 5000 // scale, repeats
    )
    games_per_run = 200 // scale
    phases: list[int] = []
    game_rates: list[float] = []
    random_games(rng, 5)  # warm-up
    for _ in range(repeats):
        start = clock()
        phases.append(random_games(rng, games_per_run))
        game_rates.append(games_per_run / max(clock() - start, 1e-9))
    return Report(
        night_rate,
        day_rate,
        Rate(games_per_run, tuple(game_rates)),
        sum(phases) / (games_per_run * repeats),
        json_rate,
    )


def main(argv: Sequence[str] | None = None) -> int:
    import time  # the clock is read here only; the rest of the module is pure

    parser = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = parser.parse_args(argv)
    report = run(random.Random(args.seed), time.perf_counter, quick=args.quick)
    print(
        f"engine benchmark: seed {args.seed}{', quick' if args.quick else ''}; "
        f"Python {platform.python_version()} ({platform.python_implementation()}); "
        "median of the runs [min .. max]"
    )
    print("(a) night resolution, 25-player three-sided R-BAL-3 preset, every role acting:")
    print("      " + report.night.describe("nights"))
    print("(b) day resolution, same game, 25 votes + lawyer + bouncer:")
    print("      " + report.day.describe("days"))
    print("(c) random legal games (5-30 players, both modes) dealt and played to the end:")
    print(
        "      "
        + report.games.describe("games")
        + f"; mean {report.phases_per_game:.1f} phases per game"
    )
    print("(d) JSON round trip (to_json + from_json), 25-player state after night 1:")
    print("      " + report.json.describe("round trips"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
