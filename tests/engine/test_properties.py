"""Property tests over random games: resolution never fails, nobody dead acts or comes back,
state round-trips through JSON, the input state is never mutated, a winner sticks."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Choice,
    GameState,
    Gun,
    Phase,
    Verb,
    actors,
    check,
    new_game,
    resolve_day,
    resolve_night,
)
from engine.events import Died, Event, Refused, Won, event_from_dict, event_to_dict

TOWN = ["cop", "assistant", "doctor", "child", "lawyer", "bouncer", "sniper", "woodman",
        "kamikaze", "vampire", "hobo", "citizen", "citizen", "citizen"]  # fmt: skip


@st.composite
def deals(draw: st.DrawFn) -> GameState:
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


def _choices(draw: st.DrawFn, s: GameState) -> list[Choice]:
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


def _invariants(before: GameState, after: GameState, events: list[Event]) -> None:
    was_alive = {p.id for p in before.living()}
    now_alive = {p.id for p in after.living()}
    died = [e.who for e in events if isinstance(e, Died)]
    assert len(died) == len(set(died)), "nobody dies twice"
    assert set(died) <= was_alive, "only the living die"
    assert now_alive == was_alive - set(died), "nobody comes back"
    assert GameState.from_json(after.to_json()) == after
    if before.winner:
        assert after.winner == before.winner
    assert (Won(tuple(after.winner)) in events) == (bool(after.winner) and not before.winner)
    for e in events:
        if isinstance(e, Refused):
            assert e.actor  # every refusal names its actor
        assert event_from_dict(json.loads(json.dumps(event_to_dict(e)))) == e


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_random_games(data: st.DataObject) -> None:
    s = data.draw(deals())
    for _ in range(14):
        snapshot = s.to_json()
        choices = _choices(data.draw, s)
        for c in choices:
            check(s, c)  # never raises
        if s.phase is Phase.NIGHT:
            after, events = resolve_night(s, choices)
        else:
            after, events = resolve_day(s, choices, vote_held=data.draw(st.booleans()))
        assert s.to_json() == snapshot, "the input state is not mutated"
        _invariants(s, after, events)
        s = after
        if s.winner or not s.living():
            break
