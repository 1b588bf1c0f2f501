"""State, serialisation, the one check path and the queries the Discord layer uses."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine import (
    Choice,
    EngineError,
    Faction,
    GameState,
    Gun,
    Mode,
    Phase,
    Refusal,
    Role,
    Verb,
    actors,
    available_verbs,
    check,
    new_game,
    record,
    resolve_day,
    resolve_night,
)
from engine.draft import Draft
from engine.events import (
    Cause,
    Died,
    GunStolen,
    Learned,
    Notice,
    NoticeCode,
    RoleChanged,
    VoteTaken,
    Won,
)

DEAL = [
    ("ann", "cop"), ("ast", "assistant"), ("bob", "don"), ("cid", "mafioso"), ("kid", "child"),
    ("eve", "doctor"), ("woo", "woodman"), ("hob", "hobo"), ("lex", "lawyer"), ("fay", "citizen"),
    ("gus", "citizen"), ("hal", "citizen"),
]  # fmt: skip


def game() -> GameState:
    return new_game("two-sided", DEAL)


def night(state: GameState) -> GameState:
    return replace(state, phase=Phase.NIGHT)


def test_new_game_opens_cabinets_and_knowledge() -> None:
    s = game()
    assert s.phase is Phase.DAY and s.number == 1
    assert s.cabinets == {"mafia": ("bob", "cid"), "cop": ("ann", "ast")}
    assert s.knows["bob"] == {"cid": "mafioso"}
    assert s.knows["ast"] == {"ann": "cop"}
    assert s.knows["kid"] == {}
    assert s.cop_holder == "ann"


def test_new_game_rejects_bad_deals() -> None:
    with pytest.raises(EngineError, match="unknown role"):
        new_game("two-sided", [("a", "wizard")])
    with pytest.raises(EngineError, match="duplicate"):
        new_game("two-sided", [("a", "cop"), ("a", "don")])
    with pytest.raises(EngineError, match="unknown faction"):
        new_game("three-sided", [("a", "don", "gang")])


def test_json_round_trip_is_exact_through_a_game() -> None:
    s = game()
    states = [s]
    s, _ = resolve_day(s, [Choice("lex", Verb.PROTECT, "lex")], vote_held=False)
    states.append(s)
    s, _ = resolve_night(
        s,
        [
            Choice("mafia", Verb.SHOOT, "woo"),
            Choice("ann", Verb.SHOOT, "hob"),
            Choice("eve", Verb.HEAL, "eve"),
            Choice("mafia", Verb.HIDE, "cid"),
        ],
    )
    states.append(s)
    assert s.held_guns and s.hobo_controls and s.last_targets and s.basement_used
    for st in states:
        text = st.to_json()
        back = GameState.from_json(text)
        assert back == st
        assert back.to_json() == text
        assert json.loads(text) == st.to_dict()
        assert isinstance(back.players[0].role, Role)


def test_resolution_does_not_mutate_its_input() -> None:
    s = night(game())
    before = s.to_json()
    resolve_night(s, [Choice("mafia", Verb.SHOOT, "fay"), Choice("eve", Verb.HEAL, "gus")])
    assert s.to_json() == before
    d = game()
    before = d.to_json()
    resolve_day(d, [Choice("ann", Verb.VOTE, "bob")])
    assert d.to_json() == before


def test_wrong_phase_raises() -> None:
    with pytest.raises(EngineError):
        resolve_night(game(), [])
    with pytest.raises(EngineError):
        resolve_day(night(game()), [])


@pytest.mark.parametrize(
    ("choice", "code"),
    [
        (Choice("zed", Verb.SHOOT, "bob"), Refusal.UNKNOWN_PLAYER),
        (Choice("ann", Verb.SHOOT, "zed"), Refusal.UNKNOWN_PLAYER),
        (Choice("ann", Verb.HEAL, "bob"), Refusal.NO_POWER),
        (Choice("ast", Verb.SHOOT, "bob"), Refusal.NO_POWER),  # R-ROLE-2: cop alive
        (Choice("fay", Verb.SKIP), None),  # anyone may skip (FORMAT.md)
        (Choice("mafia", Verb.SKIP), None),  # ... but for a team it is no choice (R-NIGHT-1)
        (Choice("mafia", Verb.SHOOT, "cid"), Refusal.OWN_TEAM),  # R-NIGHT-7d
        (Choice("cid", Verb.SHOOT, "bob"), Refusal.OWN_TEAM),
        (Choice("mafia", Verb.HIDE, "fay"), Refusal.NO_POWER),
        (Choice("woo", Verb.FIRE, "bob", Gun.MAFIA), Refusal.NO_GUN),
        (Choice("ann", Verb.VOTE, "bob"), Refusal.NO_POWER),  # a day verb at night
        (Choice("mafia", Verb.SHOOT, "fay"), None),
        (Choice("cid", Verb.SHOOT, "fay"), None),  # a member may give the team's choice
        (Choice("eve", Verb.HEAL, "eve"), None),
        (Choice("eve", Verb.SKIP), None),
    ],
)
def test_check_at_night(choice: Choice, code: Refusal | None) -> None:
    assert check(night(game()), choice) == code


@pytest.mark.parametrize(
    ("choice", "code"),
    [
        (Choice("ann", Verb.VOTE, "ann"), Refusal.SELF_VOTE),  # R-VOTE-3
        (Choice("ann", Verb.VOTE, "bob"), None),
        (Choice("lex", Verb.PROTECT, "lex"), None),  # self allowed (R-DAY-1)
        (Choice("fay", Verb.PROTECT, "lex"), Refusal.NO_POWER),
        (Choice("ann", Verb.ORDER, "bob"), Refusal.NO_POWER),  # no hobo vote taken
        (Choice("ann", Verb.SHOOT, "bob"), Refusal.NO_POWER),  # a night verb by day
    ],
)
def test_check_by_day(choice: Choice, code: Refusal | None) -> None:
    assert check(game(), choice) == code


def test_dead_actor_and_target_refused() -> None:
    s = new_game("two-sided", DEAL, dead=["gus", "eve"])
    assert check(s, Choice("gus", Verb.VOTE, "bob")) == Refusal.NOT_ALIVE
    assert check(s, Choice("ann", Verb.VOTE, "gus")) == Refusal.NOT_ALIVE
    s = night(s)
    assert check(s, Choice("eve", Verb.HEAL, "ann")) == Refusal.NOT_ALIVE
    assert check(s, Choice("mafia", Verb.SHOOT, "gus")) == Refusal.NOT_ALIVE


def test_second_vote_is_refused() -> None:
    # R-VOTE-2: a vote cannot be changed; the first one stands.
    _, ev = resolve_day(game(), [Choice("ann", Verb.VOTE, "bob"), Choice("ann", Verb.VOTE, "cid")])
    assert any(getattr(e, "code", None) == Refusal.ALREADY_USED for e in ev)


def test_mourning_refuses_every_night_choice() -> None:
    # R-VOTE-10: the woodman left by the vote; the night is cancelled.
    voters = [p for p, _ in DEAL if p != "woo"]
    s, ev = resolve_day(
        game(), [Choice(v, Verb.VOTE, "woo") for v in voters] + [Choice("woo", Verb.VOTE, "bob")]
    )
    assert Notice(NoticeCode.MOURNING) in ev and s.mourning
    assert s.phase is Phase.NIGHT
    assert available_verbs(s, "ann") == frozenset()
    assert actors(s) == {}
    for c in (
        Choice("ann", Verb.SHOOT, "bob"),
        Choice("mafia", Verb.SHOOT, "fay"),
        Choice("eve", Verb.SKIP),
    ):
        assert check(s, c) == Refusal.NIGHT_CANCELLED
    s2, ev2 = resolve_night(s, [Choice("mafia", Verb.SHOOT, "fay")])
    assert not any(isinstance(e, Died) for e in ev2)
    assert not s2.mourning and s2.phase is Phase.DAY and s2.number == 2
    assert "eve" not in s2.skips  # no skip counted on a cancelled night


def test_available_verbs_and_actors() -> None:
    s = night(game())
    assert available_verbs(s, "ann") == {Verb.SHOOT, Verb.SKIP}
    assert available_verbs(s, "ast") == frozenset()
    assert available_verbs(s, "bob") == {Verb.SHOOT, Verb.HIDE}
    assert available_verbs(s, "mafia") == {Verb.SHOOT, Verb.HIDE}
    assert available_verbs(s, "woo") == {Verb.BLOCK, Verb.SKIP}  # no stolen gun to fire
    assert available_verbs(s, "fay") == frozenset()
    who = actors(s)
    assert set(who) == {"mafia", "ann", "bob", "cid", "eve", "woo"}
    day = game()
    assert available_verbs(day, "lex") == {Verb.VOTE, Verb.PROTECT, Verb.SKIP}
    assert available_verbs(day, "fay") == {Verb.VOTE}


def test_events_of_a_night_vocabulary() -> None:
    s = night(game())
    s, ev = resolve_night(
        s,
        [
            Choice("mafia", Verb.SHOOT, "woo"),
            Choice("ann", Verb.SHOOT, "hob"),
            Choice("eve", Verb.HEAL, "ann"),
        ],
    )
    assert GunStolen("woo", Gun.MAFIA, "mafia", 2) in ev
    assert VoteTaken("hob", "cop", 2) in ev
    assert Learned("ann", "hob", "hobo") in ev
    assert Notice(NoticeCode.COP_MISSED) in ev
    assert s.phase is Phase.DAY and s.number == 2
    # R-NIGHT-10: the owners cannot shoot the next night; the woodman can fire.
    s, _ = resolve_day(s, [], vote_held=False)
    assert check(s, Choice("mafia", Verb.SHOOT, "fay")) == Refusal.NO_GUN
    assert Verb.FIRE in available_verbs(s, "woo")
    assert check(s, Choice("woo", Verb.FIRE, "bob", Gun.MAFIA)) == Refusal.OWN_TEAM
    s, ev = resolve_night(s, [Choice("woo", Verb.FIRE, "fay", Gun.MAFIA)])
    assert Died("fay", Cause.MAFIA) in ev
    assert not any(isinstance(e, Died) and e.cause == "sanction" for e in ev)


def test_cop_order_for_the_hobo() -> None:
    s = night(game())
    s, _ = resolve_night(s, [Choice("ann", Verb.SHOOT, "hob"), Choice("mafia", Verb.SHOOT, "fay")])
    assert check(s, Choice("ann", Verb.ORDER, "bob")) is None
    assert check(s, Choice("ann", Verb.ORDER, "hob")) == Refusal.SELF_VOTE
    assert check(s, Choice("mafia", Verb.ORDER, "bob")) == Refusal.NO_POWER
    assert Verb.ORDER in available_verbs(s, "ann")


def test_child_stripped_by_cop_is_not_told() -> None:
    s = night(game())
    _, ev = resolve_night(s, [Choice("ann", Verb.SHOOT, "kid"), Choice("mafia", Verb.SHOOT, "fay")])
    assert RoleChanged("kid", Role.CITIZEN, Faction.TOWN, told=False) in ev


def test_team_sanction_when_no_choice() -> None:
    # R-NIGHT-1: the last living member of the team's list goes to the morgue.
    s, ev = resolve_night(night(game()), [Choice("eve", Verb.HEAL, "eve")])
    assert Died("cid", Cause.SANCTION) in ev
    assert s.get("cid").cause == "sanction"


def test_win_event() -> None:
    s = new_game(Mode.TWO_SIDED, [("a", "cop"), ("b", "don"), ("c", "citizen")])
    s, ev = resolve_day(
        s, [Choice("a", Verb.VOTE, "b"), Choice("b", Verb.VOTE, "a"), Choice("c", Verb.VOTE, "b")]
    )
    assert Won((Faction.TOWN,), "R-WIN-1") in ev
    assert s.winner == ["town"]


def test_record_upserts_and_refuses() -> None:
    s = night(game())
    rec, code = record(s, [], Choice("eve", Verb.HEAL, "fay"))
    assert code is None and rec == [Choice("eve", Verb.HEAL, "fay")]
    rec, code = record(s, rec, Choice("eve", Verb.HEAL, "gus"))  # replaced (R-TIME-4)
    assert rec == [Choice("eve", Verb.HEAL, "gus")]
    rec, code = record(s, rec, Choice("mafia", Verb.SHOOT, "cid"))
    assert code == Refusal.OWN_TEAM and len(rec) == 1
    rec, _ = record(s, rec, Choice("mafia", Verb.SHOOT, "fay"))
    rec, _ = record(s, rec, Choice("mafia", Verb.HIDE, "bob"))
    rec, _ = record(s, rec, Choice("eve", Verb.SKIP))
    assert rec == [
        Choice("mafia", Verb.SHOOT, "fay"),
        Choice("mafia", Verb.HIDE, "bob"),
        Choice("eve", Verb.SKIP),
    ]
    day = game()
    rec, code = record(day, [], Choice("ann", Verb.VOTE, "bob"))
    rec, code = record(day, rec, Choice("ann", Verb.VOTE, "cid"))
    assert code == Refusal.ALREADY_USED and rec == [Choice("ann", Verb.VOTE, "bob")]


def _lookups(s: GameState | Draft) -> tuple[object, ...]:
    teams = (Faction.TOWN, Faction.MAFIA, Faction.MANIAC)
    return (
        s.living(),
        [s.members(f) for f in teams],
        [s.members(f, alive=False) for f in teams],
        [s.with_role(r) for r in Role],
        [s.don(f) for f in teams],
        s.acting_cop(),
        s.teams(),
        s.index().counts(),
    )


@pytest.mark.parametrize("dead", [["bob"], ["ann"], ["ann", "ast"], ["fay", "bob", "cid"]])
def test_a_draft_after_deaths_answers_as_a_fresh_state(dead: list[str]) -> None:
    """A death drops the draft's look-ups, asked before it: every query then answers as the
    index of a state built from scratch (the don and the acting cop looked up again)."""
    s = game()
    draft = Draft(s)
    _lookups(draft)  # built before the deaths
    for who in dead:
        draft.die(who, Cause.COP)
    fresh = GameState(mode=s.mode, players=tuple(draft.players.values()), cabinets=s.cabinets)
    assert _lookups(draft) == _lookups(fresh)
    assert _lookups(draft.freeze()) == _lookups(fresh)


def test_a_state_is_built_as_its_dataclass_says() -> None:
    """GameState takes the dataclass's very parameters and defaults, fills every field,
    builds its own look-ups, and stays frozen."""
    import dataclasses
    import inspect

    fields = [f for f in dataclasses.fields(GameState) if f.init]
    params = list(inspect.signature(GameState).parameters.values())
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        expected = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        assert p.default is expected, f.name
    s = game()
    values = {f.name: getattr(s, f.name) for f in fields}
    copy = GameState(**values)
    assert copy == s and [getattr(copy, f.name) for f in fields] == list(values.values())
    assert copy.index() is not s.index() and copy.living() == s.living()
    assert replace(s, number=7).number == 7 and replace(s, number=7).living() == s.living()
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.number = 2  # type: ignore[misc]
