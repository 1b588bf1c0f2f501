"""A random legal player for the chat game, shared by the property tests and the bench.

Deterministic for a given ``random.Random`` (the caller's generator, never the global one):
each player with a night choice acts on a legal target, skips, sleeps (makes none), or now and
then tries something illegal (a dead or unknown target, himself); the day votes, presses, and
a hanged kamikaze takes someone. A game is dealt by the committed draw from a drawn seed, so
the lucky's coins come from it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.chat.balance import default_roles
from engine.chat.choices import ChatChoice, check
from engine.chat.day import resolve_confirmation, resolve_vote
from engine.chat.kamikaze import resolve_take
from engine.chat.leave import leave
from engine.chat.night import resolve_night
from engine.chat.roles import NIGHT_VERBS, ChatVerb
from engine.chat.state import ChatState, deal_game
from engine.roles import Phase


@dataclass(frozen=True)
class Policy:
    sleep: float = 0.1  # makes no choice (C-NIGHT-8)
    skip: float = 0.05  # an explicit skip
    wild: float = 0.03  # an illegal try (refused)
    leave: float = 0.01  # a player leaves between phases (C-LIFE-7)
    silent: float = 0.2  # a day voter who does not vote


@dataclass(frozen=True)
class Step:
    """One resolution: the state before, what was chosen, the state after, its events."""

    kind: str  # night, vote, confirmation, take, leave
    before: ChatState
    choices: tuple[ChatChoice, ...]
    after: ChatState
    events: tuple[Any, ...]


def _target(state: ChatState, rng: random.Random, actor: str, verb: ChatVerb, wild: float) -> str:
    if rng.random() < wild:
        return rng.choice([p.id for p in state.players] + [actor, "nobody"])
    legal = [p.id for p in state.living() if check(state, ChatChoice(actor, verb, p.id)) is None]
    return rng.choice(legal) if legal else actor


def night_choices(
    state: ChatState, rng: random.Random, policy: Policy = Policy()
) -> list[ChatChoice]:
    out = []
    for p in state.living():
        verbs = NIGHT_VERBS.get(p.role)
        roll = rng.random()
        if not verbs or roll < policy.sleep:
            continue
        if roll < policy.sleep + policy.skip:
            out.append(ChatChoice(p.id, ChatVerb.SKIP))
            continue
        verb = rng.choice(sorted(verbs))
        out.append(ChatChoice(p.id, verb, _target(state, rng, p.id, verb, policy.wild)))
    dead = [p for p in state.players if not p.alive and p.role in NIGHT_VERBS]
    if dead and rng.random() < policy.wild * 10:  # a dead player tries his old power
        ghost = rng.choice(dead)
        verb = rng.choice(sorted(NIGHT_VERBS[ghost.role]))
        out.append(ChatChoice(ghost.id, verb, rng.choice(state.living()).id))
    return out


def vote_choices(
    state: ChatState, rng: random.Random, policy: Policy = Policy()
) -> list[ChatChoice]:
    out = []
    for p in state.living():
        if rng.random() < policy.silent:
            continue
        target = (
            None if rng.random() < 0.15 else _target(state, rng, p.id, ChatVerb.VOTE, policy.wild)
        )
        out.append(ChatChoice(p.id, ChatVerb.VOTE, target))
    return out


def press_choices(state: ChatState, rng: random.Random) -> list[ChatChoice]:
    return [
        ChatChoice(p.id, rng.choice((ChatVerb.UP, ChatVerb.DOWN)))
        for p in state.players
        if rng.random() < 0.8
    ]


def _step(state: ChatState, rng: random.Random, policy: Policy) -> Step:
    if state.phase is Phase.NIGHT:
        given = night_choices(state, rng, policy)
        after, events = resolve_night(state, given)
        return Step("night", state, tuple(given), after, tuple(events))
    if state.pending_take is not None:
        take = ChatChoice(
            state.pending_take,
            ChatVerb.TAKE,
            _target(state, rng, state.pending_take, ChatVerb.TAKE, policy.wild),
        )
        given = [take] if rng.random() < 0.8 else []
        after, events = resolve_take(state, take if given else None)
        return Step("take", state, tuple(given), after, tuple(events))
    if state.candidate is not None:
        given = press_choices(state, rng)
        after, events = resolve_confirmation(state, given)
        return Step("confirmation", state, tuple(given), after, tuple(events))
    given = vote_choices(state, rng, policy)
    after, events = resolve_vote(state, given)
    return Step("vote", state, tuple(given), after, tuple(events))


def play(
    state: ChatState, rng: random.Random, policy: Policy = Policy(), limit: int = 10_000
) -> Iterator[Step]:
    """Resolve until the game is won (or ``limit`` resolutions: the caller's bound)."""
    for _ in range(limit):
        if state.winner is not None:
            return
        living = state.living()
        if living and rng.random() < policy.leave and state.pending_take is None:
            who = rng.choice(living).id
            after, events = leave(state, who)
            yield Step("leave", state, (), after, tuple(events))
            state = after
            continue
        step = _step(state, rng, policy)
        yield step
        state = step.after


def random_game(rng: random.Random, players: int) -> ChatState:
    """A game of ``players`` with the default list (C-BAL), dealt from a drawn seed."""
    ids = [f"p{i:04d}" for i in range(players)]
    return deal_game(rng.randbytes(32), f"g{rng.randrange(10**6)}", default_roles(players), ids)
