"""C-DAY-5: a hanged kamikaze names one other living player, who dies at once (the night's
take is C-NIGHT-4e, in ``engine.chat.attacks``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.chat.choices import ChatChoice
from engine.chat.resolution import bury, guard, next_night, standing
from engine.chat.state import ChatState
from engine.errors import PhaseError
from engine.events import Cause, Notice, NoticeCode
from engine.roles import Phase


def resolve_take(state: ChatState, choice: ChatChoice | None) -> tuple[ChatState, list[Any]]:
    """The take (``None``: no choice in time, he takes nobody); then successions and the win,
    which waited for it (C-WIN), then night. A kamikaze taken this way takes nobody himself."""
    guard(state, Phase.DAY)
    if state.pending_take is None:
        raise PhaseError("no hanged kamikaze is waiting to name anyone")
    out: list[Any] = []
    taken: str | None = None
    if choice is not None:
        kept, out = standing(state, [choice])
        taken = kept[choice.actor].target if kept else None
    state = replace(state, pending_take=None)
    if taken is not None:
        state, buried = bury(state, {taken: Cause.KAMIKAZE})
        out += [*buried, Notice(NoticeCode.TOOK_ALONG)]
    state, ended = next_night(state)
    return state, out + ended
