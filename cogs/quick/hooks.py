"""``/mafia act``'s and ``/mafia leave``'s side for a quick game: the players' commands
(cogs.game.player_commands) ask here first, so one command serves both games."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs.quick import service
from cogs.quick.views import wake
from cogs.support.acknowledge import answer
from cogs.support.errors import UserFacingError
from db.quick import MODE
from db.records import GameInfo
from engine.chat import ChatRole
from engine.chat.roles import NIGHT_VERBS
from locales import t

__all__ = ["act_in", "leave_here", "role_in", "targets_here", "verbs_here"]


async def _game(user_id: int) -> GameInfo | None:
    try:
        return await service.quick_game_of(user_id)
    except UserFacingError:
        return None


async def act_in(
    interaction: discord.Interaction[Any], game: GameInfo, action: str, target: str | None
) -> bool:
    """The user's move if ``game`` (the one the command is about) is a quick game (else False:
    the forum's command goes on; no query of its own, so the forum's reads stay as they were)."""
    if game.mode != MODE:
        return False
    await service.act(game.id, interaction.user.id, action, target, round_=None,
                      acted_at=interaction.created_at)  # fmt: skip
    wake(interaction.client)
    await answer(interaction, t(interaction.locale, "quick-chose-act"))  # deferred, or first
    return True


async def verbs_here(
    interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]] | None:
    """This game's night verbs for the user's role (a skip for anyone), or None."""
    game = await _game(interaction.user.id)
    if game is None:
        return None
    state = await service.chat_state(game.id)
    role = state.player(str(interaction.user.id)).role
    verbs = [*sorted(NIGHT_VERBS.get(ChatRole(role), ())), "skip"]
    labels = [(t(interaction.locale, f"quick-verb-{v}"), str(v)) for v in verbs]
    return [app_commands.Choice(name=n, value=v) for n, v in labels
            if typed.casefold() in n.casefold()][:25]  # fmt: skip


async def targets_here(
    interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]] | None:
    game = await _game(interaction.user.id)
    if game is None:
        return None
    names = await service.living_names(game.id)
    wanted = typed.casefold()
    return [app_commands.Choice(name=n[:100], value=p) for p, n in names
            if wanted in n.casefold()][:25]  # fmt: skip


async def leave_here(interaction: discord.Interaction[Any]) -> bool:
    """C-LIFE-7: ``/mafia leave`` in a running quick game."""
    game = await _game(interaction.user.id)
    if game is None:
        return False
    await service.leave(game.id, interaction.user.id)
    wake(interaction.client)
    await answer(interaction, t(interaction.locale, "quick-you-left"))
    return True


async def role_in(interaction: discord.Interaction[Any], game: GameInfo) -> bool:
    """C-LIFE-3: ``/mafia role`` shows the quick game's card (closed DMs), privately."""
    if game.mode != MODE:
        return False
    role = (await service.chat_state(game.id)).player(str(interaction.user.id)).role
    text = t(interaction.locale, "quick-card", role=t(interaction.locale, f"quick-role-{role.value}"),
             about=t(interaction.locale, f"quick-about-{role.value}"))  # fmt: skip
    await answer(interaction, text)
    return True
