"""Property tests: thousands of random legal games, played to the end.

Deals look like real games: ``engine.forum.balance.propose`` (the R-BAL-3 preset for three-sided
20-25; two-sided with and without the lone maniac; extras such as the hobo, the vampire and,
over 25, the zombie; sometimes the multifunctional child option), dealt by the fair draw
``engine.draw.deal`` from a drawn seed. The random legal policy is ``engine.forum.autoplay`` (shared
with ``python -m engine.bench``). At every phase we assert:

* nobody dead acts: every actor ``actors()`` offers is alive (or a team with a living member);
  every choice by or at a dead player is refused ``not_alive``; a self-vote ``self_vote``; the
  resolvers refuse exactly what ``check`` refuses, and no dead player votes, blocks, protects;
* nobody comes back: the living set only shrinks, by exactly the ``Died`` events;
* the state survives ``GameState.from_json(state.to_json())`` and every event its dict form;
* the input state is never mutated;
* the winner agrees with who is alive, by an oracle written here from RULES.md section 8
  (not ``engine.forum.win``), and conversely nobody has won while no R-WIN condition holds;
* every game ends within ``MAX_PHASES`` phases (else the game's log is printed).

A default run plays about 1,100 full games. ``HYPOTHESIS_PROFILE=thorough`` plays ten times
as many (about 11,000).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Choice,
    Faction,
    GameState,
    Gun,
    Mode,
    Phase,
    Player,
    Role,
    Verb,
    actors,
    available_verbs,
    check,
    new_game,
    resolve_day,
    resolve_night,
)
from engine.events import (
    Autokilled,
    BlockResult,
    DayChoiceMade,
    Died,
    Event,
    Left,
    Refusal,
    Refused,
    VoteCast,
    Won,
    event_from_dict,
    event_to_dict,
)
from engine.forum.autoplay import (
    Setup,
    Step,
    deal_game,
    describe,
    play_random_game,
    play_step,
    random_setup,
)
from engine.forum.balance import BalanceError, propose

MAX_PHASES = 200
settings.register_profile("thorough", deadline=None, suppress_health_check=[HealthCheck.too_slow])
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
if PROFILE != "default":
    settings.load_profile(PROFILE)
SCALE = 10 if PROFILE == "thorough" else 1
pytestmark = pytest.mark.timeout(120 * SCALE)  # pytest-timeout's 120 s, scaled


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples * SCALE,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


# --- the oracle: RULES.md section 8, written independently of engine.forum.win -----------------

CRIMINALS = frozenset({Faction.MAFIA, Faction.MANIACS})  # section 1: "criminals"
NOT_TOWN = frozenset({Faction.MAFIA, Faction.MANIACS, Faction.MANIAC, Faction.ZOMBIES})


def _acting_cop(s: GameState) -> str | None:
    """R-NIGHT-5e: the living cop, else the living assistant who entered the cop's cabinet
    first (R-NIGHT-5c: a multifunctional child comes after the assistants before him)."""
    alive = sorted((p for p in s.players if p.alive), key=lambda p: p.order)
    cops = [p.id for p in alive if p.role is Role.COP]
    seats = {pid: i for i, pid in enumerate(s.cabinets.get("cop", []))}
    assistants = sorted(
        (p for p in alive if p.role is Role.ASSISTANT),
        key=lambda p: (seats.get(p.id, len(seats)), p.order),
    )
    found = cops or [p.id for p in assistants]
    return found[0] if found else None


class _NotApplicable:
    pass


NA = _NotApplicable()


def _rwin6(s: GameState) -> list[Faction] | _NotApplicable:
    """R-WIN-6 for the two players left in the morning: the winner, [] for "the game goes on",
    or NA when none of a-e applies."""
    a, b = (p for p in s.players if p.alive)
    for x, y in ((a, b), (b, a)):
        if y.faction is Faction.ZOMBIES and x.role is Role.WOODMAN and x.faction is not y.faction:
            return [Faction.ZOMBIES]  # 6e
        if y.faction not in CRIMINALS:
            continue
        if x.role is Role.BOUNCER:
            return [Faction.TOWN]  # 6a: he voids the criminal's vote
        if x.role is Role.LAWYER:
            # 6a: the night just resolved is night N = s.number - 1; "the day before" is day N.
            mark = s.last_targets.get(x.id)
            protected_self = mark is not None and (mark.target, mark.number) == (
                x.id,
                s.number - 1,
            )
            return [y.faction] if protected_self else [Faction.TOWN]
        if x.role is Role.WOODMAN:
            return [y.faction]  # 6c
        if x.role is Role.HOBO and s.mode is Mode.THREE_SIDED:
            return [y.faction]  # 6d
    cop = _acting_cop(s)

    def basement(p: Player) -> bool | None:  # None: not a shooter
        if p.id == cop or p.role is Role.MANIAC:
            return False
        if p.role is Role.DON and p.faction in CRIMINALS:
            return p.faction.value not in s.basement_used
        return None

    ba, bb = basement(a), basement(b)
    if ba is None or bb is None:
        return NA
    if ba == bb:
        return []  # 6b: neither or both have a basement: the game goes on
    return [a.faction] if ba else [b.faction]


def oracle(s: GameState, *, morning: bool) -> list[Faction]:
    """Who has won ``s`` (after a night if ``morning``), [] while the game goes on."""
    alive = [p for p in s.players if p.alive]
    n = Counter(p.faction for p in alive)
    if not alive:
        return [Faction.TOWN]  # R-WIN-7, before every other rule
    if morning and len(alive) == 2:
        six = _rwin6(s)  # checked first, overrides R-WIN-2 and R-WIN-4
        if not isinstance(six, _NotApplicable):
            return six
    if s.mode is Mode.THREE_SIDED:
        standing = {p.faction for p in alive}
        if len(standing) == 1:
            return [standing.pop()]  # R-WIN-4 (the horde counts as one more faction)
        return []
    if not any(n[f] for f in NOT_TOWN):
        return [Faction.TOWN]  # R-WIN-1
    if len(alive) <= 2 and n[Faction.MANIAC] == 1:
        others = [p for p in alive if p.faction is not Faction.MANIAC]
        if not any(p.id == _acting_cop(s) or p.role is Role.DON for p in others):
            return [Faction.MANIAC]  # R-WIN-3: the maniac alone, or with one harmless other
    if (
        not s.parity_continue
        and n[Faction.MANIAC] == 0
        and n[Faction.ZOMBIES] == 0  # engine decision: a living horde blocks parity too
        and n[Faction.TOWN] <= n[Faction.MAFIA]
    ):
        return [Faction.MAFIA]  # R-WIN-2
    if n[Faction.ZOMBIES] == len(alive):
        return [Faction.ZOMBIES]  # engine decision: the horde wins alone
    return []


def _explained(s: GameState, *, morning: bool) -> bool:
    """The winner is explained by who is alive (the implications of section 8)."""
    alive = [p for p in s.players if p.alive]
    n = Counter(p.faction for p in alive)
    two = len(alive) == 2 and morning and not isinstance(_rwin6(s), _NotApplicable)
    (w,) = s.winner
    if not alive:
        return w is Faction.TOWN  # R-WIN-7
    if s.mode is Mode.THREE_SIDED:
        # R-WIN-4: every player of the other factions is dead
        return two or all(n[f] == 0 for f in Faction if f is not w)
    if w is Faction.TOWN:
        return two or all(n[f] == 0 for f in NOT_TOWN)  # R-WIN-1
    if w is Faction.MAFIA:  # R-WIN-2
        return two or (n[Faction.TOWN] <= n[Faction.MAFIA] and n[Faction.MANIAC] == 0)
    if w is Faction.MANIAC:  # R-WIN-3
        return (
            len(alive) <= 2
            and n[Faction.MANIAC] == 1
            and not any(p.id == _acting_cop(s) or p.role is Role.DON for p in alive)
        )
    return w is Faction.ZOMBIES and (two or n[Faction.ZOMBIES] == len(alive))  # 6e or alone


# --- per-phase properties ---------------------------------------------------------------------


def _expected_refusal(s: GameState, c: Choice) -> Refusal:
    night_verb = c.verb not in (Verb.VOTE, Verb.PROTECT, Verb.VOID, Verb.ORDER)
    if s.phase is Phase.NIGHT and s.mourning and night_verb:
        return Refusal.NIGHT_CANCELLED  # R-VOTE-10 comes first
    return Refusal.NOT_ALIVE


def _probe(s: GameState, rng: random.Random) -> None:
    """Nobody dead acts, nobody acts at the dead, nobody votes for himself."""
    offered = actors(s)
    teams = {t.value for t in s.teams()}
    for actor, verbs in offered.items():
        p = s.player(actor)
        if p is None:
            assert actor in teams and s.members(Faction(actor)), actor
        else:
            assert p.alive, f"dead {actor} offered {verbs}"
        assert verbs == available_verbs(s, actor)
    dead = [p for p in s.players if not p.alive]
    living = s.living()
    for team in teams:
        if not s.members(Faction(team)):
            assert team not in offered
            for verb in (Verb.SHOOT, Verb.HIDE, Verb.SKIP):
                c = Choice(team, verb, None if verb is Verb.SKIP else s.players[0].id)
                assert check(s, c) is _expected_refusal(s, c), c
    if dead:
        ghost = rng.choice(dead)
        assert ghost.id not in offered
        target = rng.choice(living).id if living else ghost.id
        for verb in (Verb.VOTE, Verb.SHOOT, Verb.HEAL, Verb.PROTECT, Verb.SKIP):
            c = Choice(ghost.id, verb, None if verb is Verb.SKIP else target)
            assert check(s, c) is _expected_refusal(s, c), c
        # every offered verb aimed at a dead player
        for actor, verbs in offered.items():
            for verb in sorted(verbs - {Verb.SKIP}):
                guns = [g.gun for g in s.guns_for_night(s.number) if g.woodman == actor]
                gun = guns[0] if verb is Verb.FIRE and guns else None
                c = Choice(actor, verb, rng.choice(dead).id, gun)
                assert check(s, c) is Refusal.NOT_ALIVE, c
    if s.phase is Phase.DAY and living:
        voter = rng.choice(living).id
        assert check(s, Choice(voter, Verb.VOTE, voter)) is Refusal.SELF_VOTE  # R-VOTE-3


def _check_step(
    before: GameState,
    choices: tuple[Choice, ...],
    vote_held: bool,
    after: GameState,
    events: tuple[Event, ...],
) -> None:
    was_alive = {p.id for p in before.living()}
    now_alive = {p.id for p in after.living()}
    # the resolvers refuse exactly what check refuses; choices by or at the dead: not_alive;
    # a self-vote: self_vote; every other choice of the policy is legal
    for c in choices:
        code = check(before, c)
        involves_dead = not before.get(c.actor).alive if before.player(c.actor) else False
        involves_dead |= c.target is not None and c.target not in was_alive
        if involves_dead:
            assert code is _expected_refusal(before, c), (c, code)
        elif c.verb is Verb.VOTE and c.target == c.actor:
            assert code is Refusal.SELF_VOTE, (c, code)  # R-VOTE-3
        else:
            assert code is None, (c, code)  # the policy's legal choices are legal
        if code is not None:
            assert Refused(c.actor, c.verb.value, code) in events, (c, code)
    died = [e.who for e in events if isinstance(e, Died)]
    assert len(died) == len(set(died)), "nobody dies twice"
    assert set(died) <= was_alive, "only the living die"
    assert now_alive == was_alive - set(died), "nobody comes back; every departure is an event"
    if before.phase is Phase.DAY:
        # R-VOTE-4: a non-voter who leads the vote leaves by it and counts as autokilled too
        autokilled = {e.who for e in events if isinstance(e, Autokilled)} | {
            e.who for e in events if isinstance(e, Left) and e.autokilled
        }
        if not vote_held:
            assert not autokilled and not any(isinstance(e, Left) for e in events)
        else:  # R-VOTE-4: a living player with no valid vote at the close is autokilled
            voted = {c.actor for c in choices if c.verb is Verb.VOTE and check(before, c) is None}
            ordered = {e.voter for e in events if isinstance(e, VoteCast) and e.ordered_by}
            assert autokilled <= was_alive - voted
            missing = was_alive - voted - ordered
            assert missing <= autokilled, missing
    for e in events:  # nobody dead acts in the resolution either
        if isinstance(e, VoteCast):
            assert e.voter in was_alive, e
        if isinstance(e, DayChoiceMade):
            assert e.actor in was_alive, e
        if isinstance(e, BlockResult):
            assert e.woodman in was_alive, e
        if isinstance(e, Refused):
            assert e.actor
        assert event_from_dict(json.loads(json.dumps(event_to_dict(e)))) == e
    assert GameState.from_json(after.to_json()) == after
    assert after.phase is not before.phase
    if before.winner:
        assert after.winner == before.winner
    won = [e for e in events if isinstance(e, Won)]
    if after.outcome is not None and before.outcome is None:
        assert won == [Won(after.outcome.winners, after.outcome.reason.value)]
    else:
        assert not won
    morning = before.phase is Phase.NIGHT
    assert after.winner == oracle(after, morning=morning), "R-WIN oracle disagrees"
    if after.winner:
        assert _explained(after, morning=morning)


def _play_checked(state: GameState, seed: int) -> GameState:
    """Play ``state`` to the end with the shared random legal policy, checking every phase."""
    rng = random.Random(seed)
    probe_rng = random.Random(~seed)
    history: list[Step] = []
    s = state
    assert GameState.from_json(s.to_json()) == s
    while not s.winner:
        assert len(history) < MAX_PHASES, "the game did not end:\n" + describe(history)
        _probe(s, probe_rng)
        snapshot = s.to_json()
        step = play_step(s, rng)
        assert s.to_json() == snapshot, "the input state is not mutated"
        history.append(step)
        try:
            _check_step(step.before, step.choices, step.vote_held, step.after, step.events)
        except AssertionError as error:
            raise AssertionError(f"{error}\n{describe(history)}") from error
        s = step.after
    return s


# --- strategies: deals from engine.forum.balance, dealt by engine.draw --------------------------

SEEDS = st.integers(0, 2**64 - 1)
DRAW_SEEDS = st.binary(min_size=16, max_size=64)


@st.composite
def setups(draw: st.DrawFn, min_players: int = 5, max_players: int = 30) -> Setup:
    players = draw(st.integers(min_players, max_players))
    mode = draw(st.sampled_from([Mode.TWO_SIDED, Mode.THREE_SIDED]))
    maniac = mode is Mode.TWO_SIDED and players >= 6 and draw(st.booleans())
    pool = ["hobo", "vampire"] + (["zombie", "sniper", "kamikaze"] if players > 25 else [])
    extras = tuple(draw(st.lists(st.sampled_from(pool), unique=True, max_size=3)))
    try:
        propose(players, mode.value, maniac=maniac, extras=extras)
    except BalanceError:
        extras = ()
    return Setup(players, mode, maniac, extras, draw(st.booleans()))


@_settings(700)
@given(setups(), DRAW_SEEDS, SEEDS)
def test_random_legal_games_end_with_the_right_winner(
    setup: Setup, deal_seed: bytes, seed: int
) -> None:
    final = _play_checked(deal_game(setup, deal_seed), seed)
    assert final.winner


@_settings(200)
@given(st.integers(20, 25), DRAW_SEEDS, SEEDS, st.booleans())
def test_r_bal_3_presets_end_with_the_right_winner(
    players: int, deal_seed: bytes, seed: int, child: bool
) -> None:
    setup = Setup(players, Mode.THREE_SIDED, multifunctional_child=child)
    assert _play_checked(deal_game(setup, deal_seed), seed).winner


@_settings(200)
@given(
    st.integers(26, 30),
    st.sampled_from([Mode.TWO_SIDED, Mode.THREE_SIDED]),
    st.booleans(),
    DRAW_SEEDS,
    SEEDS,
)
def test_zombie_games_end_with_the_right_winner(
    players: int, mode: Mode, maniac: bool, deal_seed: bytes, seed: int
) -> None:
    """R-BAL-4 over 25: the zombie (and a second sniper / kamikaze) in the deal."""
    maniac = maniac and mode is Mode.TWO_SIDED
    extras = ("kamikaze", "sniper", "zombie")
    setup = Setup(players, mode, maniac, extras)
    assert _play_checked(deal_game(setup, deal_seed), seed).winner


@_settings(20)
@given(setups(), DRAW_SEEDS, SEEDS)
def test_play_random_game_is_deterministic(setup: Setup, deal_seed: bytes, seed: int) -> None:
    game = deal_game(setup, deal_seed)
    first, history = play_random_game(game, random.Random(seed), MAX_PHASES)
    again, _ = play_random_game(game, random.Random(seed), MAX_PHASES)
    assert first == again and first.winner, describe(history)
    assert deal_game(setup, deal_seed) == game  # the fair draw is deterministic too


# --- arbitrary (mostly illegal) choices: resolution never fails --------------------------------

TOWN = ["cop", "assistant", "doctor", "child", "lawyer", "bouncer", "sniper", "woodman",
        "kamikaze", "vampire", "hobo", "citizen", "citizen", "citizen"]  # fmt: skip


@st.composite
def odd_deals(draw: st.DrawFn) -> GameState:
    """Deals outside the balance tables (any mix of roles), for robustness."""
    three = draw(st.booleans())
    town = draw(st.lists(st.sampled_from(TOWN), min_size=2, max_size=10))
    deal: list[tuple[str, str, str | None]] = []
    if three:
        for team in ("mafia", "maniacs"):
            n = draw(st.integers(1, 3))
            deal += [("", "don", team)] + [("", "mafioso", team)] * (n - 1)
    else:
        n = draw(st.integers(1, 3))
        deal += [("", "don", None)] + [("", "mafioso", None)] * (n - 1)
        if draw(st.booleans()):
            deal.append(("", "maniac", None))
    if draw(st.booleans()):
        deal.append(("", "zombie", None))
    deal += [("", r, None) for r in town]
    order = draw(st.permutations(range(len(deal))))
    named = [(f"p{i}", deal[j][1], deal[j][2]) for i, j in enumerate(order)]
    mode = "three-sided" if three else "two-sided"
    return new_game(mode, named, multifunctional_child=draw(st.booleans()))


def _arbitrary_choices(draw: Callable[[st.SearchStrategy[Any]], Any], s: GameState) -> list[Choice]:
    ids = [p.id for p in s.players] + ["nobody"]
    out: list[Choice] = []
    for actor, verbs in actors(s).items():
        if not draw(st.integers(0, 4)):
            continue
        verb = draw(st.sampled_from(sorted(verbs)))
        target = None if verb is Verb.SKIP else draw(st.sampled_from(ids))
        gun = draw(st.sampled_from(list(Gun))) if verb is Verb.FIRE else None
        out.append(Choice(actor, verb, target, gun))
    if s.phase is Phase.DAY:
        for p in s.living():
            if draw(st.integers(0, 9)):
                out.append(Choice(p.id, Verb.VOTE, draw(st.sampled_from(ids))))
    return out


@_settings(150)
@given(st.data())
def test_arbitrary_choices_never_break_resolution(data: st.DataObject) -> None:
    s = data.draw(odd_deals())
    for _ in range(14):
        snapshot = s.to_json()
        choices = _arbitrary_choices(data.draw, s)
        codes = {c: check(s, c) for c in choices}  # never raises
        if s.phase is Phase.NIGHT:
            after, events = resolve_night(s, choices)
        else:
            after, events = resolve_day(s, choices, vote_held=data.draw(st.booleans()))
        assert s.to_json() == snapshot, "the input state is not mutated"
        for c, code in codes.items():
            if code is not None:
                assert Refused(c.actor, c.verb.value, code) in events
        was_alive = {p.id for p in s.living()}
        died = [e.who for e in events if isinstance(e, Died)]
        assert {p.id for p in after.living()} == was_alive - set(died)
        assert GameState.from_json(after.to_json()) == after
        for e in events:
            assert event_from_dict(json.loads(json.dumps(event_to_dict(e)))) == e
        s = after
        if s.winner or not s.living():
            break


# --- the oracle itself, on hand-made end states -------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "dead", "morning", "expected"),
    [
        # R-WIN-1
        ([("a", "cop"), ("b", "don"), ("c", "citizen")], ["b"], False, [Faction.TOWN]),
        # R-WIN-2: 1 town vs 1 mafia by day (no R-WIN-6 by day)
        ([("a", "cop"), ("b", "don"), ("c", "citizen")], ["c"], False, [Faction.MAFIA]),
        # R-WIN-6b: cop vs don in the morning: only the don's side has a basement
        ([("a", "cop"), ("b", "don"), ("c", "citizen")], ["c"], True, [Faction.MAFIA]),
        # R-WIN-3: maniac and a citizen
        ([("a", "maniac"), ("b", "don"), ("c", "citizen")], ["b"], False, [Faction.MANIAC]),
        # the lone maniac alive blocks R-WIN-2
        ([("a", "maniac"), ("b", "don"), ("c", "cop")], [], False, []),
        # R-WIN-6a: the bouncer against one criminal
        ([("a", "bouncer"), ("b", "don"), ("c", "citizen")], ["c"], True, [Faction.TOWN]),
        # R-WIN-6c: a criminal against the woodman
        ([("a", "woodman"), ("b", "don"), ("c", "citizen")], ["c"], True, [Faction.MAFIA]),
    ],
)
def test_oracle_on_known_end_states(
    deal: list[tuple[str, str]], dead: list[str], morning: bool, expected: list[Faction]
) -> None:
    s = new_game("two-sided", deal, dead=dead)
    assert oracle(s, morning=morning) == expected


def test_oracle_three_sided() -> None:
    deal: list[tuple[str, str, str | None]] = [
        ("a", "cop", None),
        ("b", "don", "mafia"),
        ("c", "don", "maniacs"),
        ("d", "citizen", None),
    ]
    s = new_game("three-sided", deal, dead=["a", "d", "c"])
    assert oracle(s, morning=False) == [Faction.MAFIA]  # R-WIN-4
    s = new_game("three-sided", deal, dead=["a", "d"])
    assert oracle(s, morning=True) == []  # R-WIN-6b: both dons have their basement
    s = replace(s, basement_used=("maniacs",))
    assert oracle(s, morning=True) == [Faction.MAFIA]
    s = new_game("three-sided", deal, dead=["c"])
    assert oracle(s, morning=False) == []


@_settings(100)
@given(setups(), DRAW_SEEDS)
def test_deals_follow_the_balance(setup: Setup, deal_seed: bytes) -> None:
    """The deals are real games: the proposed role list (R-BAL), dealt by the fair draw."""
    game = deal_game(setup, deal_seed)
    roles = propose(setup.players, setup.mode.value, maniac=setup.maniac, extras=setup.extras)
    assert Counter(f"{p.role.value}@{p.faction.value}" for p in game.players) == Counter(
        roles.codes()
    )
    assert game.multifunctional_child == setup.multifunctional_child
    assert game.phase is Phase.DAY and game.number == 1 and not game.winner


def test_autoplay_random_setups_are_valid() -> None:
    """The bench's setups (``autoplay.random_setup``) are lists ``propose`` accepts."""
    seen = set()
    for i in range(300):
        setup = random_setup(random.Random(i))
        assert 5 <= setup.players <= 30
        propose(setup.players, setup.mode.value, maniac=setup.maniac, extras=setup.extras)
        seen.add((setup.mode, setup.maniac, "zombie" in setup.extras))
    assert len(seen) >= 4  # two-sided with and without the maniac, three-sided, zombies
