"""What every resolution (a night, a day's hanging and take, a leave) shares: the guard, the
check of each choice, the burial of the dead with their roles (C-LIFE-6), then successions
(C-LIFE-5) and the win (C-WIN), in that order."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from engine.chat.choices import ChatChoice, check
from engine.chat.events import RoleShown, Won
from engine.chat.state import ChatPlayer, ChatState
from engine.chat.succession import successions
from engine.chat.wins import winner
from engine.errors import GameOver, PhaseError
from engine.events import Cause, Died, Refused
from engine.roles import Phase


def guard(state: ChatState, phase: Phase) -> None:
    if state.winner is not None:
        raise GameOver(f"the game is over ({state.winner.reason})")
    if state.phase is not phase:
        raise PhaseError(f"it is {state.phase} {state.number}, not {phase}")


def standing(
    state: ChatState, choices: Iterable[ChatChoice]
) -> tuple[dict[str, ChatChoice], list[Refused]]:
    """Each choice through ``check``: a refused one is dropped (the step resolves as if it had
    not been given); a later choice of the same actor replaces his earlier one."""
    kept: dict[str, ChatChoice] = {}
    refused: list[Refused] = []
    for c in choices:
        code = check(state, c)
        if code is None:
            kept[c.actor] = c
        else:
            refused.append(Refused(c.actor, c.verb.value, code))
    return kept, refused


def death_events(state: ChatState, deaths: Mapping[str, Cause]) -> list[Any]:
    """Each death, with the role when the server shows roles (C-LIFE-6)."""
    events: list[Any] = []
    for pid, cause in deaths.items():
        events.append(Died(pid, cause))
        if state.options.roles_public:
            events.append(RoleShown(pid, state.by_id[pid].role))
    return events


def bury(state: ChatState, deaths: Mapping[str, Cause]) -> tuple[ChatState, list[Any]]:
    """Mark the dead, with ``death_events``."""
    gone = [ChatPlayer(pid, state.by_id[pid].role, False) for pid in deaths]
    return state.with_players(gone), death_events(state, deaths)


def conclude(state: ChatState) -> tuple[ChatState, list[Any]]:
    """C-LIFE-5, then C-WIN (C-DAY-8, and after every night and leave)."""
    state, promoted = successions(state)
    events: list[Any] = list(promoted)
    outcome = winner(state)
    if outcome is not None:
        state = replace(state, winner=outcome)
        events.append(Won(outcome.winners, outcome.reason))
    return state, list(events)


def next_night(state: ChatState) -> tuple[ChatState, list[Any]]:
    """C-DAY-8: the day's end: successions and the win, then night ``number + 1``; the
    mistress's block (C-NIGHT-1) ends with the day."""
    state, events = conclude(state)
    if state.winner is None:
        state = replace(state, phase=Phase.NIGHT, number=state.number + 1, blocked=frozenset())
    return state, events
