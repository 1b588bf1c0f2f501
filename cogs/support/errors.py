"""The bot's one error handler for interactions.

Every error of a slash command ends here (``MafiaCommandTree.on_error``) and becomes a short,
translated, ephemeral message in the user's language. Errors the code did not expect are logged
with their traceback under a short id (8 hex digits) which the user sees and can quote to an
administrator: ``grep <id>`` in the log finds the traceback.

Commands refuse with ``raise UserFacingError(<catalogue key>, **args)``, or let a refusal of the
db layer (``GameError``) or of the engine (``RuleRefused``) propagate: each has its own sentence
(:mod:`cogs.support.refusals`) and is logged at INFO. Views and modals built on
:mod:`cogs.support.views` route their errors here too.
"""

from __future__ import annotations

import logging
import math
import secrets
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from cogs.support.inflight import admit_interaction
from cogs.support.refusals import refusal_message
from locales import FluentArg, has_key, t

__all__ = [
    "ErrorReply",
    "MafiaCommandTree",
    "UserFacingError",
    "describe_error",
    "handle_interaction_error",
    "new_error_id",
]

log = logging.getLogger(__name__)


class UserFacingError(app_commands.AppCommandError):
    """A refusal for the user: the message is the catalogue entry ``key`` with ``args``."""

    def __init__(self, key: str, /, **args: FluentArg) -> None:
        super().__init__(key)
        self.key = key
        self.fluent_args = args

    def text(self, locale: object) -> str:
        """The sentence in ``locale`` (a subclass may compose it from several entries)."""
        return t(locale, self.key, **self.fluent_args)


@dataclass(frozen=True, slots=True)
class ErrorReply:
    text: str
    error_id: str | None = None  # set when the error was unexpected (and must be logged in full)


#: Discord's "Unknown interaction": an answer after the interaction's 3 s (or its token's life).
UNKNOWN_INTERACTION = 10062


def new_error_id() -> str:
    """8 hex digits, e.g. ``'3fa94c0e'``: short to quote, unique enough to find in a log."""
    return secrets.token_hex(4)


def _permissions(locale: object, names: list[str]) -> str:
    return ", ".join(
        t(locale, f"perm-{name}") if has_key(locale, f"perm-{name}") else name.replace("_", " ")
        for name in names
    )


def _role(role: str | int) -> str:
    return f"<@&{role}>" if isinstance(role, int) else str(role)


def _shorten(value: object, limit: int = 100) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe_error(error: BaseException, locale: object) -> ErrorReply:
    """The reply for ``error`` in ``locale``; unexpected errors get a fresh error id."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    refusal = refusal_message(error)
    if refusal is not None:
        return ErrorReply(t(locale, refusal.key, **refusal.args))
    match error:
        case UserFacingError():
            return ErrorReply(error.text(locale))
        case app_commands.CommandOnCooldown():
            return ErrorReply(
                t(locale, "error-cooldown", seconds=max(1, math.ceil(error.retry_after)))
            )
        case app_commands.MissingPermissions():
            return ErrorReply(
                t(
                    locale,
                    "error-missing-permissions",
                    permissions=_permissions(locale, error.missing_permissions),
                )
            )
        case app_commands.BotMissingPermissions():
            return ErrorReply(
                t(
                    locale,
                    "error-bot-missing-permissions",
                    permissions=_permissions(locale, error.missing_permissions),
                )
            )
        case app_commands.MissingRole():
            return ErrorReply(t(locale, "error-missing-role", role=_role(error.missing_role)))
        case app_commands.MissingAnyRole():
            return ErrorReply(
                t(
                    locale,
                    "error-missing-any-role",
                    roles=", ".join(_role(r) for r in error.missing_roles),
                )
            )
        case app_commands.NoPrivateMessage():
            return ErrorReply(t(locale, "error-guild-only"))
        case app_commands.CheckFailure():
            return ErrorReply(t(locale, "error-check-failed"))
        case app_commands.TransformerError():
            return ErrorReply(t(locale, "error-bad-argument", value=_shorten(error.value)))
        case app_commands.CommandSignatureMismatch() | app_commands.CommandNotFound():
            return ErrorReply(t(locale, "error-command-outdated"))
        case discord.Forbidden():
            return ErrorReply(t(locale, "error-discord-forbidden"))
    error_id = new_error_id()
    return ErrorReply(t(locale, "error-unexpected", id=error_id), error_id)


def _where(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    if command is not None:
        name = f"/{command.qualified_name}"
    else:  # a button, a select or a modal: its custom_id says which
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        name = f"{interaction.type.name} {custom_id!r}" if custom_id else str(interaction.type)

    return f"{name} (user {interaction.user.id}, guild {interaction.guild_id}, channel {interaction.channel_id})"


async def handle_interaction_error(
    interaction: discord.Interaction[Any], error: BaseException
) -> ErrorReply:
    """Log ``error`` and tell the user, ephemerally, whether or not the interaction was answered."""
    reply = describe_error(error, interaction.locale)
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, discord.NotFound) and original.code == UNKNOWN_INTERACTION:
        # Too late: Discord has dropped the interaction and will take no answer. One line, no
        # traceback and no attempt to answer: under an overload those would only add to it.
        log.warning("interaction expired before it was acknowledged: %s", _where(interaction))
        return reply
    if reply.error_id is not None:
        log.error(
            "error %s in %s: %r",
            reply.error_id,
            _where(interaction),
            original,
            exc_info=(type(original), original, original.__traceback__),
        )
    elif isinstance(original, discord.Forbidden):
        log.warning("Discord refused an action in %s: %s", _where(interaction), original)
    else:  # a refusal: the bot working as it should, worth a line at INFO, not a traceback
        log.info("refused %s: %r", _where(interaction), original)
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
        elif interaction.response.is_done():
            await interaction.followup.send(
                reply.text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
            )
        else:
            await interaction.response.send_message(
                reply.text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
            )
    except discord.HTTPException as send_error:  # e.g. the interaction expired (10062)
        log.warning(
            "could not report an error to the user in %s: %s", _where(interaction), send_error
        )
    return reply


class MafiaCommandTree(app_commands.CommandTree[Any]):
    """The command tree with the bot's one error handler; while the bot stops, new commands
    are refused and running ones are waited for (:mod:`cogs.support.inflight`)."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await admit_interaction(interaction)

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await handle_interaction_error(interaction, error)
