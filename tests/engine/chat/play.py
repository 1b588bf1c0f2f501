"""Small helpers for the chat pack's tests: a table from keywords, choices from pairs."""

from __future__ import annotations

from typing import Any

from engine.chat import (
    ChatChoice,
    ChatRole,
    ChatState,
    ChatVerb,
    new_game,
    resolve_day,
    resolve_night,
)


def table(**roles: str) -> ChatState:
    """``table(Ann="commissar", Bob="don")``: a game at night 1, signup order as given."""
    return new_game([(name, ChatRole(role)) for name, role in roles.items()])


def choices(**given: tuple[str, str | None]) -> list[ChatChoice]:
    """``choices(Ann=("check", "Bob"))``."""
    return [ChatChoice(actor, ChatVerb(verb), target) for actor, (verb, target) in given.items()]


def night(
    state: ChatState, coins: dict[str, bool] | None = None, **given: tuple[str, str | None]
) -> tuple[ChatState, list[Any]]:
    return resolve_night(state, choices(**given), coins)


def day(
    state: ChatState,
    votes: dict[str, str | None] | None = None,
    confirm: dict[str, str] | None = None,
    take: tuple[str, str] | None = None,
) -> tuple[ChatState, list[Any]]:
    given = [ChatChoice(v, ChatVerb.VOTE, t) for v, t in (votes or {}).items()]
    given += [ChatChoice(v, ChatVerb(p)) for v, p in (confirm or {}).items()]
    if take:
        given.append(ChatChoice(take[0], ChatVerb.TAKE, take[1]))
    return resolve_day(state, given)


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def alive(state: ChatState) -> set[str]:
    return {p.id for p in state.living()}
