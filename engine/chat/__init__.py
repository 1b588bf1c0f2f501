"""The chat game's rule pack (``../shared/rules/CHAT-GAME.md``, rule IDs ``C-...``).

Pure like the rest of ``engine/``: standard library only, no I/O, no clock, no global
randomness (the lucky's coin comes from the committed seed, ``engine.chat.coin``). The same
vocabulary as the forum pack: ``check(state, choice) -> Refusal | None``,
``resolve_night(state, choices)`` and ``resolve_day(state, choices)`` returning
``(state, events)``, frozen events, ``Outcome(winners, reason)``.
"""

from __future__ import annotations

from engine.chat.balance import default_roles, validate_roles
from engine.chat.choices import ChatChoice, check, night_actors
from engine.chat.day import resolve_confirmation, resolve_day, resolve_vote
from engine.chat.kamikaze import resolve_take
from engine.chat.leave import close_last_words, last_words, leave
from engine.chat.night import resolve_night
from engine.chat.roles import ChatFaction, ChatRole, ChatVerb
from engine.chat.state import ChatOptions, ChatPlayer, ChatState, Outcome, deal_game, new_game
from engine.chat.wins import winner, winning_players

__all__ = [
    "ChatChoice",
    "ChatFaction",
    "ChatOptions",
    "ChatPlayer",
    "ChatRole",
    "ChatState",
    "ChatVerb",
    "Outcome",
    "check",
    "close_last_words",
    "deal_game",
    "default_roles",
    "last_words",
    "leave",
    "new_game",
    "night_actors",
    "resolve_confirmation",
    "resolve_day",
    "resolve_night",
    "resolve_take",
    "resolve_vote",
    "validate_roles",
    "winner",
    "winning_players",
]
