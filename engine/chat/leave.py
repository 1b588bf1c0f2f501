"""C-LIFE-7: a player leaves a running game; C-DAY-7: last words."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.chat.events import LastWords
from engine.chat.resolution import bury, conclude
from engine.chat.state import ChatState
from engine.errors import EngineError, GameOver
from engine.events import Cause

MAX_LAST_WORDS = 300  # C-DAY-7


class LastWordsRefused(EngineError):
    """Last words from someone who may not give them now, or too long."""


def leave(state: ChatState, who: str) -> tuple[ChatState, list[Any]]:
    """He dies at once, announced with his role; successions and the win are checked. A
    candidate who leaves is no candidate; a hanged kamikaze who leaves takes nobody."""
    if state.winner is not None:
        raise GameOver(f"the game is over ({state.winner.reason})")
    if not state.player(who).alive:
        raise EngineError(f"{who} is not alive")
    state, out = bury(state, {who: Cause.LEAVE})
    if state.candidate == who:
        state = replace(state, candidate=None)
    state, ended = conclude(state)
    return state, out + ended


def last_words(state: ChatState, who: str, text: str) -> tuple[ChatState, list[Any]]:
    """C-DAY-7: one message of up to 300 characters from a player killed at night or hanged,
    once; the caller closes the window after 60 s (``close_last_words``)."""
    if who not in state.may_speak:
        raise LastWordsRefused(f"{who} may not give last words now")
    if not text.strip() or len(text) > MAX_LAST_WORDS:
        raise LastWordsRefused(f"last words are 1..{MAX_LAST_WORDS} characters")
    return replace(state, may_speak=state.may_speak - {who}), [LastWords(who, text)]


def close_last_words(state: ChatState) -> ChatState:
    """The 60 s are over: nobody may speak any more."""
    return replace(state, may_speak=frozenset())
