"""``/host time``: the running game's deadlines (R-TIME), through cogs.game.host_time."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.game import host_time
from cogs.host.common import answer, host, tool

__all__ = ["ClockCommands"]


class ClockCommands(commands.Cog):
    # -- the toolbox of a running game (issue 12): thin, each calls its service ---------------

    clock_group = app_commands.Group(
        name=locale_str("time"),
        description=locale_str("Deadlines of the running game"),
        parent=host,
    )

    @clock_group.command(
        name=locale_str("deadline"),
        description=locale_str("Change a deadline for the whole game or one day"),
    )
    @app_commands.describe(
        kind=locale_str("Which deadline"),
        value=locale_str("A time HH:MM (a fast game: minutes)"),
        day=locale_str("Only this day (and its night); empty: the whole game"),
    )
    @app_commands.choices(
        kind=[
            app_commands.Choice(
                name=locale_str("Day choices", key="choice-kind-day"), value="day-choices"
            ),
            app_commands.Choice(name=locale_str("Vote", key="choice-kind-vote"), value="vote"),
            app_commands.Choice(name=locale_str("Night", key="choice-kind-night"), value="night"),
        ]
    )
    async def deadline(
        self,
        interaction: discord.Interaction[Any],
        kind: app_commands.Choice[str],
        value: app_commands.Range[str, 1, 10],
        day: app_commands.Range[int, 1, 1000] | None = None,
    ) -> None:
        game_id, server_host = await tool(interaction)
        moved = await host_time.set_deadline(
            game_id,
            interaction.user.id,
            by_is_server_host=server_host,
            kind=kind.value,
            value=value,
            day=day,
        )
        until = "-" if moved is None else f"<t:{int(moved.named.timestamp())}:f>"
        await answer(interaction, "host-done-deadline", until=until)

    @clock_group.command(
        name=locale_str("outage"),
        description=locale_str("Outage: reopen the vote until 30-60 minutes from now"),
    )
    @app_commands.describe(minutes=locale_str("Minutes from now (30-60)"))
    async def outage(
        self, interaction: discord.Interaction[Any], minutes: app_commands.Range[int, 30, 60]
    ) -> None:
        game_id, server_host = await tool(interaction)
        until = await host_time.outage(
            game_id, interaction.user.id, by_is_server_host=server_host, minutes=minutes
        )
        await answer(interaction, "host-done-outage", until=int(until.named.timestamp()))

    @clock_group.command(name=locale_str("pause"), description=locale_str("Stop the clock"))
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        game_id, server_host = await tool(interaction)
        await host_time.pause(game_id, interaction.user.id, by_is_server_host=server_host)
        await answer(interaction, "host-done-pause")

    @clock_group.command(name=locale_str("resume"), description=locale_str("Start the clock again"))
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        game_id, server_host = await tool(interaction)
        await host_time.resume(game_id, interaction.user.id, by_is_server_host=server_host)
        await answer(interaction, "host-done-resume")

    @clock_group.command(
        name=locale_str("opening"), description=locale_str("When the next days open")
    )
    @app_commands.describe(
        value=locale_str("A time HH:MM (a fast game: minutes after the night); 0: at once")
    )
    async def opening(
        self, interaction: discord.Interaction[Any], value: app_commands.Range[str, 1, 10]
    ) -> None:
        game_id, server_host = await tool(interaction)
        await host_time.set_opening(
            game_id, interaction.user.id, by_is_server_host=server_host, value=value
        )
        await answer(interaction, "host-done-opening")
