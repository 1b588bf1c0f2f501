"""The forum's commands meeting a quick game (issue 21): ``/mafia status`` and ``/mafia players``
answer the quick game's stage privately; ``/mafia join`` and ``/mafia leave`` in its registration
do what the registration post's buttons do; the ``/host`` tools are refused with a sentence (the
bot runs a quick game: it has no host). Each asks only of a game the forum command already
found, so the forum's own lookups stay as they were."""

from __future__ import annotations

from typing import Any

import discord

from cogs.quick import service
from cogs.quick.views import wake
from cogs.support.errors import UserFacingError
from db.games import GameInfo, GameStatus
from db.lobby import players
from db.quick import MODE, registration_ends
from locales import t

__all__ = ["join_in", "leave_in", "refuse_quick", "status_in"]


def refuse_quick(game: GameInfo) -> GameInfo:
    """A host tool found a quick game: refused (CHAT-GAME.md: the bot leads it alone)."""
    if game.mode == MODE:
        raise UserFacingError("quick-no-host")
    return game


def _when(at: Any) -> str:
    return f"<t:{int(at.timestamp())}:R>" if at is not None else "—"


async def _lines(locale: discord.Locale, game: GameInfo) -> list[str]:
    """The stage and its end, and the living by name: nothing of anyone's role (C-LIFE-3)."""
    if game.status is GameStatus.SIGNUP:
        names = [p.name for p in await players(game.id)]
        head = t(locale, "quick-status-signup", id=game.id,
                 ends=_when(await registration_ends(game.id)))  # fmt: skip
        return [head, t(locale, "quick-status-signed", count=len(names),
                        names=", ".join(names) or t(locale, "quick-nobody"))]  # fmt: skip
    qs = await service.quick_state(game.id)
    living = [name for _, name in await service.living_names(game.id)]
    head = t(locale, "quick-status", id=game.id, number=qs.number,
             stage=t(locale, f"quick-stage-{qs.stage}"), ends=_when(qs.closes))  # fmt: skip
    return [head, t(locale, "quick-status-living", count=len(living), names=", ".join(living))]


async def status_in(interaction: discord.Interaction[Any], game: GameInfo) -> bool:
    """``/mafia status`` or ``/mafia players`` of a quick game: its stage, privately (else
    False: the forum's answer goes on)."""
    if game.mode != MODE:
        return False
    text = "\n".join(await _lines(interaction.locale, game))
    await interaction.response.send_message(
        text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )
    return True


async def join_in(interaction: discord.Interaction[Any], game: GameInfo) -> bool:
    """``/mafia join`` in a quick registration: as its **Play** button (C-LIFE-1: the player's
    display name; the name typed is the forum's and is not asked here)."""
    if game.mode != MODE:
        return False
    language = str(interaction.locale.value)  # his DMs speak it (issue 19)
    await service.join(game.id, interaction.user.id, interaction.user.display_name, language)
    wake(interaction.client)
    await interaction.response.send_message(t(interaction.locale, "quick-joined"), ephemeral=True)
    return True


async def leave_in(interaction: discord.Interaction[Any], game: GameInfo) -> bool:
    """``/mafia leave`` in a quick registration: as its **Leave** button."""
    if game.mode != MODE:
        return False
    await service.withdraw(game.id, interaction.user.id)
    wake(interaction.client)
    await interaction.response.send_message(t(interaction.locale, "quick-left"), ephemeral=True)
    return True
