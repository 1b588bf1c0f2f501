"""Hidden information never leaks (DESIGN.md): ``public_view`` is the one gate between the
engine's events and a public channel. Over many random games, what passes it names no role, no
gun, no shooter and no role holder; and the concrete cases where a careless log would leak."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from engine import Phase, public_view
from engine.events import (
    Autokilled,
    Cause,
    DayChoiceMade,
    Died,
    Event,
    Learned,
    Left,
    Notice,
    RoleChanged,
    VoteCast,
    VoteCounted,
    VoteVoided,
    Won,
)
from engine.forum.autoplay import play_random_game, random_game
from engine.roles import Faction, Role

ROLE_CODES = {r.value for r in Role}
PUBLIC_TYPES = (Notice, Died, VoteCast, VoteVoided, VoteCounted, DayChoiceMade, Won)


def _assert_nothing_hidden(view: Event, phase: Phase) -> None:
    assert isinstance(view, PUBLIC_TYPES), view
    if isinstance(view, Died):
        told = {Cause.VOTE, Cause.AUTOKILL} if phase is Phase.DAY else set()
        assert view.cause in told | {Cause.DISQUALIFIED, Cause.UNDISCLOSED}, view
    if isinstance(view, VoteCast):
        assert view.ordered_by is None, view
    if isinstance(view, VoteVoided):
        assert view.by is None, view
    if isinstance(view, DayChoiceMade):
        assert view.actor is None, view
    if not isinstance(view, Won):  # the winner is public; no other field may carry a role code
        for f in fields(view):
            assert str(getattr(view, f.name)) not in ROLE_CODES, view


@pytest.mark.parametrize("seed", range(150))
def test_random_games_publish_nothing_hidden(seed: int) -> None:
    rng = random.Random(seed)
    _, history = play_random_game(random_game(rng), rng)
    for step in history:
        for event in step.events:
            view = public_view(event, step.before.phase)
            if view is not None:
                _assert_nothing_hidden(view, step.before.phase)
            if isinstance(event, Died):  # every death is announced, without its cause at night
                assert isinstance(view, Died) and view.who == event.who


@pytest.mark.parametrize(
    ("event", "phase", "shown"),
    [
        (Died("max", Cause.RECOIL), Phase.NIGHT, Died("max", Cause.UNDISCLOSED)),  # R-NIGHT-8a
        (Died("cid", Cause.SANCTION), Phase.NIGHT, Died("cid", Cause.UNDISCLOSED)),  # R-NIGHT-1
        (Died("ann", Cause.COP), Phase.NIGHT, Died("ann", Cause.UNDISCLOSED)),
        (Autokilled("vam"), Phase.NIGHT, Died("vam", Cause.UNDISCLOSED)),  # R-NIGHT-11 skip
        (Autokilled("dan"), Phase.DAY, Autokilled("dan")),  # R-VOTE-4, R-VOTE-8
        (Left("bob"), Phase.DAY, Left("bob")),
        (VoteCast("hob", "fay", "cop"), Phase.DAY, VoteCast("hob", "fay")),  # R-VOTE-6
        (VoteVoided("gus", "bou"), Phase.DAY, VoteVoided("gus", None)),  # R-VOTE-5
        (DayChoiceMade("lex", "protect", "fay"), Phase.DAY, DayChoiceMade(None, "protect", "fay")),
        (Learned("ann", "dan", "town"), Phase.NIGHT, None),
        (RoleChanged("kid", Role.CITIZEN, Faction.TOWN, False), Phase.NIGHT, None),
    ],
)
def test_what_the_public_sees(event: Event, phase: Phase, shown: Event | None) -> None:
    assert public_view(event, phase) == shown
