"""The forum game's benchmark, printed by ``python -m engine.bench`` (``engine.bench``).

Each figure is the median rate over several timed runs with its spread (min..max):

a. night resolutions per second: a three-sided game (the R-BAL-3 preset for 25 players; the
   R-BAL-4 list for 200 and 1,000) at night 1 with every role acting (the cop, sniper and
   both teams shoot, one team also hides, the doctor heals, the woodman blocks, the kamikaze
   chooses, the vampire bites);
b. day resolutions per second: the same game on day 1, every player voting, the lawyer
   protecting and the bouncer voiding;
   for both, the cost per player (µs), which stays flat when the cost is linear in players;
c. random full games per second: deals of mixed sizes (5-30) and modes played to the end by
   the random legal policy of ``engine.forum.autoplay`` (the one the property tests use);
d. JSON round trips (``to_json`` + ``from_json``) per second of the 25-player state;
e. the memory of that state (deep size, each object once), what a night adds to it (the next
   state shares every part the night did not change), and its JSON size.

Every resolution is timed on a state of its own, decoded from JSON just before (untimed), as a
real phase resolves the state it just loaded. Pure: randomness from the ``random.Random`` and
time from the clock passed in.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.choices import Choice, Verb
from engine.forum import autoplay
from engine.forum.checks import actors, check
from engine.forum.day import resolve_day
from engine.forum.night import resolve_night
from engine.measure import Clock, Rate, deep_size, measure_each
from engine.roles import Faction, Mode, Phase, Role
from engine.state import GameState

SIZES: tuple[int, ...] = (25, 200, 1000)


def preset_game(rng: random.Random, players: int = 25) -> GameState:
    """A three-sided game of ``players`` (R-BAL-3 / R-BAL-4), dealt by the fair draw from a
    seed drawn from ``rng``."""
    setup = autoplay.Setup(players, Mode.THREE_SIDED)
    return autoplay.deal_game(setup, rng.randbytes(32), "bench")


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
    personal = {
        Role.DOCTOR: Choice("", Verb.HEAL, citizens[0]),  # R-NIGHT-3
        Role.SNIPER: Choice("", Verb.SHOOT, mafioso_b),  # R-NIGHT-6
        Role.WOODMAN: Choice("", Verb.BLOCK, citizens[2]),  # R-NIGHT-4 (a miss: all shoot)
        Role.KAMIKAZE: Choice("", Verb.CHOOSE, don_a),  # R-NIGHT-9
        Role.VAMPIRE: Choice("", Verb.BITE, citizens[-1]),  # R-NIGHT-11
    }
    out: list[Choice] = []
    for p in s.living():
        if s.is_cop_like(p.id):
            out.append(Choice(p.id, Verb.SHOOT, mafioso_a))  # R-NIGHT-5a
        elif p.role in personal:
            made = personal[p.role]
            out.append(Choice(p.id, made.verb, made.target))
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
class Phases:
    """The night and day rates of one game size."""

    players: int
    night: Rate
    day: Rate


@dataclass(frozen=True)
class Report:
    sizes: tuple[Phases, ...]  # 25 first
    games: Rate
    phases_per_game: float
    json: Rate
    state_bytes: int  # the 25-player state after night 1
    night_new_bytes: int  # what that night's state added to the one before it
    json_bytes: int


def phase_rates(clock: Clock, rng: random.Random, players: int, n: int, repeats: int) -> Phases:
    """Nights and days per second of a ``players`` game (each on a freshly decoded state)."""
    game = preset_game(rng, players)
    night = night_start(game)
    n_choices, d_choices = night_choices(night), day_choices(game)
    acting = set(actors(night))
    assert all(c.actor in acting for c in n_choices)
    night_text, game_text = night.to_json(), game.to_json()
    return Phases(
        players,
        measure_each(clock, lambda: GameState.from_json(night_text),
                     lambda s: resolve_night(s, n_choices), n, repeats),
        measure_each(clock, lambda: GameState.from_json(game_text),
                     lambda s: resolve_day(s, d_choices), n, repeats),
    )  # fmt: skip


def run(rng: random.Random, clock: Clock, *, quick: bool) -> Report:
    repeats = 3 if quick else 7
    n = 100 if quick else 1000
    sizes = tuple(
        phase_rates(clock, rng, players, max(3, n * SIZES[0] // players), repeats)
        for players in SIZES
    )
    games_per_run = 20 if quick else 200
    phases: list[int] = []
    game_rates: list[float] = []
    random_games(rng, 5)  # warm-up
    for _ in range(repeats):
        start = clock()
        phases.append(random_games(rng, games_per_run))
        game_rates.append(games_per_run / max(clock() - start, 1e-9))
    night = night_start(preset_game(rng))
    after, _ = resolve_night(night, night_choices(night))
    text = after.to_json()
    round_trip = measure_each(
        clock, lambda: GameState.from_json(text), lambda s: GameState.from_json(s.to_json()),
        5 * n, repeats,
    )  # fmt: skip
    return Report(
        sizes, Rate(games_per_run, tuple(game_rates)), sum(phases) / (games_per_run * repeats),
        round_trip, deep_size(after), deep_size(after, skip=[night]), len(text.encode()),
    )  # fmt: skip


def _per_player(rate: Rate, players: int) -> str:
    return f"{1e6 / (rate.median * players):.2f} µs per player"


def lines(report: Report) -> list[str]:
    out = ["(a) night resolution, three-sided (R-BAL-3 preset / R-BAL-4 list), every role acting:"]
    for size in report.sizes:
        out.append(f"      {size.players:>5,} players: " + size.night.describe("nights"))
        out.append("                     " + _per_player(size.night, size.players))
    out.append("(b) day resolution, same games, every player votes + lawyer + bouncer:")
    for size in report.sizes:
        out.append(f"      {size.players:>5,} players: " + size.day.describe("days"))
        out.append("                     " + _per_player(size.day, size.players))
    return [
        *out,
        "(c) random legal games (5-30 players, both modes) dealt and played to the end:",
        "      " + report.games.describe("games")
        + f"; mean {report.phases_per_game:.1f} phases per game",
        "(d) JSON round trip (to_json + from_json), 25-player state after night 1:",
        "      " + report.json.describe("round trips"),
        "(e) the 25-player state after night 1:",
        f"      memory {report.state_bytes:,} bytes (deep size, each object once); the night"
        f" added {report.night_new_bytes:,} bytes to the state before it (the rest is shared)",
        f"      JSON {report.json_bytes:,} bytes (UTF-8)",
    ]  # fmt: skip


def bench(rng: random.Random, clock: Clock, *, quick: bool) -> list[str]:
    """The forum pack's lines of ``python -m engine.bench``."""
    return lines(run(rng, clock, quick=quick))
