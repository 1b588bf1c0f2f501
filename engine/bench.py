"""Benchmarks of the rules engine: ``python -m engine.bench [--quick] [--seed N]``.

Prints, each as the median rate over several timed runs with its spread (min..max), and for
(a), (b), (d) the speed-up against the plain re-implementation of ``engine.bench_plain`` timed
in the same run on the same inputs (a ratio that holds on a noisy machine):

a. night resolutions per second: the 25-player three-sided game (the R-BAL-3 preset for 25)
   at night 1 with every role acting (the cop, sniper and both teams shoot, one team also
   hides, the doctor heals, the woodman blocks, the kamikaze chooses);
b. day resolutions per second: the same game on day 1, every player voting, the lawyer
   protecting and the bouncer voiding;
c. random full games per second: deals of mixed sizes (5-30) and modes played to the end by
   the random legal policy of ``engine.autoplay`` (the one the property tests use), with the
   mean number of phases per game;
d. JSON round trips (``to_json`` + ``from_json``) per second of the 25-player state;
e. the memory of that state (deep size, each object once) and what a night adds to it (the
   next state shares every part the night did not change), and its JSON size.

Every resolution is timed on a state of its own, decoded from JSON just before (untimed), so
nothing a state caches (its indexes are built when first asked) is warm: each timed call
pays what a real phase pays after loading the game's state. Standard library only. Everything but ``main`` is pure: the
randomness is a ``random.Random`` passed in, the clock a function passed in by ``main``
(``time.perf_counter``), and only ``main`` prints.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from engine import autoplay, bench_plain
from engine.chat import bench as chat_bench
from engine.choices import Choice, Verb, actors, check
from engine.day import resolve_day
from engine.events import Event, event_to_dict
from engine.night import resolve_night
from engine.roles import Faction, Mode, Phase, Role
from engine.state import GameState

Clock = Callable[[], float]
T = TypeVar("T")


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


def measure_each(
    clock: Clock, make: Callable[[], T], work: Callable[[T], object], n: int, repeats: int
) -> Rate:
    """Like ``measure``, but each call of ``work`` gets an input of its own, made by ``make``
    just before it, untimed (as a real phase resolves the state it just decoded): only the
    ``work`` calls are summed."""
    work(make())
    rates: list[float] = []
    for _ in range(repeats):
        spent = 0.0
        for _ in range(n):
            x = make()
            start = clock()
            work(x)
            spent += clock() - start
        rates.append(n / max(spent, 1e-9))
    return Rate(n, tuple(rates))


def deep_size(root: object, skip: Iterable[object] = ()) -> int:
    """Bytes of ``root`` and everything it reaches, each object once, not counting what is
    reachable from ``skip`` nor shared singletons (enum members, None, booleans)."""
    seen = {id(x) for x in _reachable(skip)}
    return sum(sys.getsizeof(x) for x in _reachable([root]) if id(x) not in seen)


def _reachable(roots: Iterable[object]) -> list[object]:
    out: list[object] = []
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        x = stack.pop()
        if id(x) in seen or x is None or isinstance(x, bool | Enum | type):
            continue
        seen.add(id(x))
        out.append(x)
        if isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list | tuple | set | frozenset):
            stack.extend(x)
        elif hasattr(x, "__slots__") or hasattr(x, "__dict__"):
            stack.extend(_attributes(x))
    return out


def _attributes(x: object) -> list[object]:
    names: list[str] = list(getattr(x, "__dict__", {}))
    for cls in type(x).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return [getattr(x, n) for n in names if hasattr(x, n)]


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
    night_plain: Rate
    day: Rate
    day_plain: Rate
    games: Rate
    phases_per_game: float
    json: Rate
    json_plain: Rate
    state_bytes: int  # the 25-player state after night 1
    night_new_bytes: int  # what that night's state added to the one before it
    json_bytes: int


def _plain_choices(choices: Sequence[Choice]) -> list[bench_plain.PlainChoice]:
    return [(c.actor, c.verb.value, c.target) for c in choices]


def _sorted(events: Iterable[Event]) -> list[str]:
    return sorted(json.dumps(event_to_dict(e), sort_keys=True) for e in events)


def same_result(
    night: GameState, n_choices: Sequence[Choice], game: GameState, d_choices: Sequence[Choice]
) -> None:
    """The plain version gives the engine's very events on the bench's inputs (else the ratio
    would compare different work)."""
    _, events = resolve_night(night, n_choices)
    _, plain = bench_plain.plain_night(bench_plain.plain_state(night), _plain_choices(n_choices))
    assert _sorted(plain) == _sorted(events), (plain, events)
    _, events = resolve_day(game, d_choices)
    _, plain = bench_plain.plain_day(bench_plain.plain_state(game), _plain_choices(d_choices))
    assert _sorted(plain) == _sorted(events), (plain, events)


def _rates(clock: Clock, night: GameState, game: GameState, n: int, repeats: int) -> list[Rate]:
    n_choices, d_choices = night_choices(night), day_choices(game)
    acting = set(actors(night))
    assert all(c.actor in acting for c in n_choices)
    same_result(night, n_choices, game, d_choices)
    after, _ = resolve_night(night, n_choices)
    night_text, game_text, text = night.to_json(), game.to_json(), after.to_json()
    pn, pd = _plain_choices(n_choices), _plain_choices(d_choices)
    plain_n, plain_d = bench_plain.plain_state(night), bench_plain.plain_state(game)
    plain_game = bench_plain.plain_game(bench_plain.plain_state(after))
    return [
        measure_each(clock, lambda: GameState.from_json(night_text),
                     lambda s: resolve_night(s, n_choices), n, repeats),
        measure(clock, lambda: bench_plain.plain_night(plain_n, pn), n, repeats),
        measure_each(clock, lambda: GameState.from_json(game_text),
                     lambda s: resolve_day(s, d_choices), n, repeats),
        measure(clock, lambda: bench_plain.plain_day(plain_d, pd), n, repeats),
        measure_each(clock, lambda: GameState.from_json(text),
                     lambda s: GameState.from_json(s.to_json()), 5 * n, repeats),
        measure(clock, lambda: bench_plain.plain_round_trip(plain_game), 5 * n, repeats),
    ]  # fmt: skip


def run(rng: random.Random, clock: Clock, *, quick: bool) -> Report:
    repeats = 3 if quick else 7
    n = 100 if quick else 1000
    game = preset_game(rng)
    night = night_start(game)
    night_r, night_p, day_r, day_p, json_r, json_p = _rates(clock, night, game, n, repeats)
    games_per_run = 20 if quick else 200
    phases: list[int] = []
    game_rates: list[float] = []
    random_games(rng, 5)  # warm-up
    for _ in range(repeats):
        start = clock()
        phases.append(random_games(rng, games_per_run))
        game_rates.append(games_per_run / max(clock() - start, 1e-9))
    after, _ = resolve_night(night, night_choices(night))
    return Report(
        night_r, night_p, day_r, day_p,
        Rate(games_per_run, tuple(game_rates)), sum(phases) / (games_per_run * repeats),
        json_r, json_p,
        deep_size(after), deep_size(after, skip=[night]), len(after.to_json().encode()),
    )  # fmt: skip


def _lines(report: Report) -> list[str]:
    def vs(rate: Rate, plain: Rate, unit: str) -> str:
        return f"      plain re-implementation: {plain.describe(unit)}\n" + (
            f"      speed-up: x{rate.median / plain.median:.1f} (medians of the same run)"
        )

    return [
        "(a) night resolution, 25-player three-sided R-BAL-3 preset, every role acting:",
        "      " + report.night.describe("nights"),
        vs(report.night, report.night_plain, "nights"),
        "(b) day resolution, same game, 25 votes + lawyer + bouncer:",
        "      " + report.day.describe("days"),
        vs(report.day, report.day_plain, "days"),
        "(c) random legal games (5-30 players, both modes) dealt and played to the end:",
        "      " + report.games.describe("games")
        + f"; mean {report.phases_per_game:.1f} phases per game",
        "(d) JSON round trip (to_json + from_json), 25-player state after night 1:",
        "      " + report.json.describe("round trips"),
        vs(report.json, report.json_plain, "round trips"),
        "(e) the 25-player state after night 1:",
        f"      memory {report.state_bytes:,} bytes (deep size, each object once); the night"
        f" added {report.night_new_bytes:,} bytes to the state before it (the rest is shared)",
        f"      JSON {report.json_bytes:,} bytes (UTF-8)",
    ]  # fmt: skip


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
    for line in _lines(report):
        print(line)
    for line in chat_bench.lines(time.perf_counter, quick=args.quick):  # the chat pack's
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
