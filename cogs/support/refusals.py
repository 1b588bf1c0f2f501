"""Refusals: the "no" a user is owed a specific, translated sentence for.

Two sources refuse a user's action, and both speak in stable codes:

- the db layer raises :class:`db.errors.GameError` subclasses (``name_taken``, ``already_voted``,
  …), each with ``code`` and ``message_args()``: catalogue key ``refusal-<code>``;
- the engine answers ``engine.check`` with a :class:`engine.events.Refusal` (the closed list of
  scenarios/FORMAT.md: ``self_vote``, ``already_used``, …); the game service raises
  :class:`RuleRefused` with it: catalogue key ``refused-<code>``.

The command tree's error handler (:mod:`cogs.support.errors`) renders both ephemerally in the
user's language and logs them at INFO: a refusal is the bot working, not failing. The messages
go only to the user who acted, who knows his own role, so naming a power he lacks leaks nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from discord import app_commands

from db.errors import GameError
from engine.events import Refusal
from locales import FluentArg

__all__ = ["RuleRefused", "game_error_key", "refusal_message", "rule_refusal_key"]


class RuleRefused(app_commands.AppCommandError):
    """The engine refused a choice or a vote (``engine.check``): ``refusal`` says why."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(f"refused: {refusal}")
        self.refusal = Refusal(refusal)


def game_error_key(code: str) -> str:
    return f"refusal-{code}"


def rule_refusal_key(refusal: Refusal | str) -> str:
    return f"refused-{Refusal(refusal)}"


@dataclass(frozen=True, slots=True)
class RefusalMessage:
    key: str
    args: dict[str, FluentArg]


def refusal_message(error: BaseException) -> RefusalMessage | None:
    """The catalogue key and arguments of a refusal; None if ``error`` is not one."""
    if isinstance(error, RuleRefused):
        return RefusalMessage(rule_refusal_key(error.refusal), {})
    if isinstance(error, GameError):
        return RefusalMessage(game_error_key(error.code), dict(error.message_args()))
    return None
