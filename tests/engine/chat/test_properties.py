"""Property tests of the chat pack: random legal games (``engine.chat.autoplay``: the default
list C-BAL for 4..30 players, dealt from a drawn seed, so the lucky's coins are the seed's),
played to the end. At every resolution:

* nobody dead acts: every choice by or at a dead player is refused ``not_alive``, and the
  resolvers refuse exactly what ``check`` refuses; nobody dead learns, visits or is told;
* nobody comes back: the living only shrink, by exactly the ``Died`` events, each death once;
* the state survives ``from_json(to_json())``; every event its dict form;
* the winner agrees with an oracle over who is alive, written here from CHAT-GAME.md section 5
  (not ``engine.chat.wins``), and nobody has won while no condition holds;
* the morning post's count of the living by role is the count of the state's living;
* every game ends within ``MAX_NIGHTS`` nights.

The bound: with every night choice made or not at random (10% sleep), the AFK removal
(C-NIGHT-8) takes every non-mafia active role who sleeps two nights running, and every kill
and hanging shortens the table; the longest of 20,000 random games measured 41 nights
(4..30 players). No bound holds for *every* legal play: a mafia that always skips (never
removed for it, C-NIGHT-8), a doctor healing its target, or days that never hang (C-DAY-3)
are all legal, so a table can idle; this is in the report as an open case.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.chat import ChatState, check
from engine.chat.autoplay import Step, play, random_game
from engine.chat.events import (
    CommissarChose,
    Morning,
    Visitors,
    chat_event_from_dict,
    chat_event_to_dict,
)
from engine.events import Died, Learned, Refusal, Refused

MAX_NIGHTS = 80
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
SCALE = 10 if PROFILE == "thorough" else 1
pytestmark = pytest.mark.timeout(120 * SCALE)

MAFIA_SIDE = {"don", "mafioso", "lawyer", "journalist", "killer"}
CABINET = {"don", "mafioso"}


def oracle(s: ChatState) -> str | None:
    """Section 5 over who is alive, in order (C-WIN-4 as scenario c07 reads it)."""
    roles = [p.role.value for p in s.players if p.alive]
    if not roles:
        return "C-WIN-1"
    if "maniac" in roles and len(roles) <= 2:
        return "C-WIN-2"
    side = sum(r in MAFIA_SIDE for r in roles)
    if not side and "maniac" not in roles:
        return "C-WIN-3"
    counted = sum(r in CABINET for r in roles) or side  # the cabinet while it lives
    if "maniac" not in roles and counted >= len(roles) - side:
        return "C-WIN-4"
    return None


def _nobody_dead_acts(step: Step) -> None:
    before = step.before
    ghosts = [c for c in step.choices if c.actor in before.by_id and not before.is_alive(c.actor)]
    for c in ghosts:
        assert not any(
            getattr(e, "who", None) == c.actor
            for e in step.events
            if not isinstance(e, (Died, Refused))
        ), c
    for c in step.choices:
        dead = not before.is_alive(c.actor) and c.actor != before.pending_take
        gone = c.target is not None and c.target in before.by_id and not before.is_alive(c.target)
        code = check(before, c)
        if c.actor in before.by_id and (dead or gone):
            assert code == Refusal.NOT_ALIVE, (c, code)
    refused = Counter((e.actor, e.verb) for e in step.events if isinstance(e, Refused))
    checked = Counter((c.actor, c.verb.value) for c in step.choices if check(before, c) is not None)
    if step.kind != "vote":  # a vote's repeat is ignored unchecked (a vote cannot be changed)
        assert refused == checked
    for e in step.events:
        who = e.who if isinstance(e, Learned) else e.hobo if isinstance(e, Visitors) else None
        who = e.told if isinstance(e, CommissarChose) else who
        if who is not None:
            assert before.is_alive(who), e


def _nobody_comes_back(step: Step) -> None:
    was = {p.id for p in step.before.living()}
    now = {p.id for p in step.after.living()}
    died = [e.who for e in step.events if isinstance(e, Died)]
    assert len(died) == len(set(died)) and set(died) <= was
    assert now == was - set(died)


def _round_trips(step: Step) -> None:
    assert ChatState.from_json(step.after.to_json()) == step.after
    for e in step.events:
        assert chat_event_from_dict(chat_event_to_dict(e)) == e


def _winner_agrees(step: Step) -> None:
    after = step.after
    if after.pending_take is not None:  # C-WIN: the check waits for the kamikaze's take
        assert after.winner is None
        return
    want = oracle(after)
    assert (after.winner.reason if after.winner else None) == want, step


def _morning_counts(step: Step) -> None:
    for e in step.events:
        if isinstance(e, Morning):
            living = [p for p in step.after.players if p.alive]
            assert e.alive == tuple(p.id for p in living)
            assert dict(e.counts) == dict(Counter(p.role for p in living))


def check_game(seed: int, players: int) -> dict[str, Any]:
    rng = random.Random(seed)
    state = random_game(rng, players)
    nights = 0
    last = state
    for step in play(state, rng):
        nights += step.kind == "night"
        assert nights <= MAX_NIGHTS, f"seed {seed}: {players} players past {MAX_NIGHTS} nights"
        for prop in (
            _nobody_dead_acts,
            _nobody_comes_back,
            _round_trips,
            _winner_agrees,
            _morning_counts,
        ):
            prop(step)
        last = step.after
    assert last.winner is not None
    return {"nights": nights, "reason": last.winner.reason}


@settings(max_examples=300 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(4, 30))
def test_random_legal_games_end_and_keep_the_rules(seed: int, players: int) -> None:
    check_game(seed, players)


def test_the_properties_can_fail() -> None:
    """The oracle is no copy of the pack: a state that wrongly claims a win is caught."""
    from dataclasses import replace

    from engine.chat import Outcome
    from engine.chat.roles import ChatFaction

    rng = random.Random(3)
    start = random_game(rng, 8)
    step = next(iter(play(start, rng)))
    bad = Step(
        step.kind,
        step.before,
        step.choices,
        replace(step.after, winner=Outcome((ChatFaction.TOWN,), "C-WIN-3")),
        step.events,
    )
    with pytest.raises(AssertionError):
        _winner_agrees(bad)
    ghost = Step(
        step.kind, step.before, step.choices, step.before, step.events + (Died("nobody", "vote"),)
    )  # type: ignore[arg-type]
    with pytest.raises(AssertionError):
        _nobody_comes_back(ghost)
