"""``/host decide``, ``/host preview``, ``/host what-if``, ``/host log``: the host's decisions
on the game's course and what he alone may see."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.game import host_decisions, host_preview
from cogs.game.host_delivery import after_tool
from cogs.host.common import answer, answer_lines, host, tool
from cogs.support.inert import inert
from locales import t

__all__ = ["DecisionCommands"]


class DecisionCommands(commands.Cog):
    decide_group = app_commands.Group(
        name=locale_str("decide"),
        description=locale_str("The host's decisions on the game's course"),
        parent=host,
    )

    @decide_group.command(
        name=locale_str("continue"),
        description=locale_str("Let the town play on at the mafia's parity"),
    )
    async def continue_at_parity(self, interaction: discord.Interaction[Any]) -> None:
        game_id, server_host = await tool(interaction)
        await host_decisions.arm_continue(
            game_id, interaction.user.id, by_is_server_host=server_host
        )
        await answer(interaction, "host-done-continue")

    @decide_group.command(
        name=locale_str("joint-win"),
        description=locale_str("The criminal teams' joint win"),
    )
    async def joint_win(self, interaction: discord.Interaction[Any]) -> None:
        game_id, server_host = await tool(interaction)
        await host_decisions.joint_win(game_id, interaction.user.id, by_is_server_host=server_host)
        await answer(interaction, "host-done-joint-win")
        await after_tool(interaction.client, interaction.guild, game_id, [])

    @decide_group.command(
        name=locale_str("zombie-head"),
        description=locale_str("Name the horde's new head"),
    )
    @app_commands.describe(player=locale_str("A zombie of the horde"))
    async def zombie_head(
        self, interaction: discord.Interaction[Any], player: discord.Member
    ) -> None:
        game_id, server_host = await tool(interaction)
        await host_decisions.name_zombie_head(
            game_id, interaction.user.id, str(player.id), by_is_server_host=server_host
        )
        await answer(interaction, "host-done-zombie-head", name=inert(player.display_name))

    @host.command(
        name=locale_str("preview"),
        description=locale_str("What resolving the phase now would do (only you see it)"),
    )
    async def preview(self, interaction: discord.Interaction[Any]) -> None:
        game_id, server_host = await tool(interaction)
        lines = await host_preview.preview(
            game_id,
            interaction.user.id,
            by_is_server_host=server_host,
            locale=str(interaction.locale),
        )
        await answer_lines(interaction, lines)

    @host.command(
        name=locale_str("what-if"),
        description=locale_str("The phase resolved with hypothetical choices (only you see it)"),
    )
    @app_commands.describe(
        choices=locale_str("E.g. Anna vote Dina; mafia shoot Gleb; Boris heal Gleb")
    )
    async def what_if(
        self, interaction: discord.Interaction[Any], choices: app_commands.Range[str, 1, 1000]
    ) -> None:
        game_id, server_host = await tool(interaction)
        lines = await host_preview.preview(
            game_id,
            interaction.user.id,
            by_is_server_host=server_host,
            what_if=choices,
            locale=str(interaction.locale),
        )
        await answer_lines(interaction, lines)

    @host.command(name=locale_str("log"), description=locale_str("Every choice and event so far"))
    @app_commands.describe(page=locale_str("Page (1: the first)"))
    async def log(
        self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 1000] = 1
    ) -> None:
        game_id, server_host = await tool(interaction)
        lines, pages = await host_preview.game_log(
            game_id,
            interaction.user.id,
            by_is_server_host=server_host,
            page=page,
            locale=str(interaction.locale),
        )
        shown = min(page, pages)
        title = t(interaction.locale, "host-log-page", page=shown, pages=pages)
        await answer_lines(interaction, [title, *lines])
