"""``/host`` before and around a game: open a lobby, refuse a player, the role list, the
start, the acquaintance, the clean-up of finished games, the end."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.game import lobby as lobby_service
from cogs.game import lobby_post, server, start_post
from cogs.game import start as start_service
from cogs.game.aftermath import wake_deadlines
from cogs.game.begin import begin
from cogs.game.host_delivery import end_by_host
from cogs.host.common import (
    CannotHostHere,
    finished_games,
    game_here,
    host,
    is_server_host,
    lobby_here,
    require_host,
)
from cogs.support.errors import UserFacingError
from cogs.support.inert import inert
from locales import t

__all__ = ["LobbyCommands"]


class LobbyCommands(commands.Cog):
    @host.command(name=locale_str("create"), description=locale_str("Open a game for signup here"))
    @app_commands.describe(
        mode=locale_str("Two sides (town against mafia) or three (with the maniacs)"),
        timing=locale_str("By the clock (votes at 21:00) or a fast game by durations"),
        title=locale_str("The game's name"),
        day_minutes=locale_str("Fast game: minutes for the day's vote"),
        night_minutes=locale_str("Fast game: minutes for the night"),
        acquaintance_minutes=locale_str("Minutes of acquaintance before day 1 (0: none)"),
        activity=locale_str("Posts a player must write each day (0: off)"),
        multifunctional_child=locale_str("The cop's bullet makes the child an assistant"),
    )
    @app_commands.choices(
        mode=[
            app_commands.Choice(
                name=locale_str("Two sides", key="choice-mode-two"), value="two-sided"
            ),
            app_commands.Choice(
                name=locale_str("Three sides", key="choice-mode-three"), value="three-sided"
            ),
        ],
        timing=[
            app_commands.Choice(
                name=locale_str("By the clock", key="choice-timing-clock"), value="clock"
            ),
            app_commands.Choice(name=locale_str("Fast", key="choice-timing-fast"), value="fast"),
        ],
    )
    @app_commands.check(require_host)
    async def create(
        self,
        interaction: discord.Interaction[Any],
        mode: app_commands.Choice[str],
        timing: app_commands.Choice[str],
        title: app_commands.Range[str, 1, 100] | None = None,
        day_minutes: app_commands.Range[int, 1, 1440] | None = None,
        night_minutes: app_commands.Range[int, 1, 1440] | None = None,
        acquaintance_minutes: app_commands.Range[int, 0, 10080] | None = None,
        activity: app_commands.Range[int, 0, 1000] | None = None,
        multifunctional_child: bool = False,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel is not None
        await lobby_service.create_lobby(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel.id,
            host_id=interaction.user.id,
            mode=mode.value,
            timing="fast" if timing.value == "fast" else "clock",
            title=title,
            day_minutes=day_minutes,
            night_minutes=night_minutes,
            acquaintance_minutes=acquaintance_minutes,
            activity=activity,  # None: the rule's default for the timing (R-SANCT-3)
            multifunctional_child=multifunctional_child,
        )
        lobby_post.wake(interaction.client)  # the lobby post: an outbox row of the new game
        link = f"https://discord.com/channels/{interaction.guild_id}/{interaction.channel.id}"
        await interaction.response.send_message(
            t(interaction.locale, "lobby-created", link=link), ephemeral=True
        )

    @host.command(
        name=locale_str("kick"), description=locale_str("Remove a player from the signup")
    )
    @app_commands.describe(player=locale_str("The player to remove"))
    async def kick(self, interaction: discord.Interaction[Any], player: discord.Member) -> None:
        assert interaction.guild_id is not None
        game = await lobby_here(interaction.guild_id, interaction.channel_id)
        removed = await lobby_service.kick(
            game.id,
            interaction.user.id,
            player.id,
            by_is_server_host=await is_server_host(interaction),
        )
        await interaction.response.send_message(
            t(interaction.locale, "lobby-kicked", name=inert(removed.name)), ephemeral=True
        )
        lobby_post.wake(interaction.client)

    @host.command(
        name=locale_str("roles"), description=locale_str("The role list: see, set or reset")
    )
    @app_commands.describe(
        roles=locale_str("Roles separated by commas, e.g. cop, doctor, citizen, don, mafioso"),
        reset=locale_str("Back to the balance proposal for the signup"),
    )
    async def roles(
        self,
        interaction: discord.Interaction[Any],
        roles: app_commands.Range[str, 1, 1000] | None = None,
        reset: bool = False,
    ) -> None:
        assert interaction.guild_id is not None
        game = await lobby_here(interaction.guild_id, interaction.channel_id)
        if roles is not None or reset:
            codes = None if reset else [c.strip() for c in (roles or "").split(",") if c.strip()]
            game = await lobby_service.choose_roles(
                game.id,
                interaction.user.id,
                codes,
                by_is_server_host=await is_server_host(interaction),
            )
        lobby = await lobby_service.lobby(game.id)
        await interaction.response.send_message(
            start_post.role_list_text(game, len(lobby.players), interaction.locale), ephemeral=True
        )

    @host.command(name=locale_str("start"), description=locale_str("Deal the roles and begin"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        guild = interaction.guild
        assert guild is not None
        game = await lobby_here(guild.id, interaction.channel_id)
        # What the bot lacks is said before anything happens (a game has at most 3 cabinets).
        problems = await server.check_bot_can_host(guild, cabinets=3)
        if problems:
            raise CannotHostHere(server.explain_problems(problems, interaction.locale, guild))
        await interaction.response.defer(ephemeral=True, thinking=True)  # DMs take a while
        started = await start_service.start(
            game.id, interaction.user.id, by_is_server_host=await is_server_host(interaction),
            on_server=True,
        )  # fmt: skip
        begin(interaction.client)
        # What could not be made or delivered (the channels, a card) is said by the outbox's
        # rows themselves: in the lobby's channel, the announcements and the host's channel.
        text = t(interaction.locale, "start-started", count=len(started.players))
        notes: list[str] = []
        await interaction.followup.send("\n".join([text, *notes]), ephemeral=True)

    @host.command(
        name=locale_str("acquaintance"),
        description=locale_str("Shorten or end the acquaintance before day 1"),
    )
    @app_commands.describe(minutes=locale_str("Minutes left before day 1 opens (0: now)"))
    async def acquaintance(
        self, interaction: discord.Interaction[Any], minutes: app_commands.Range[int, 0, 10080]
    ) -> None:
        assert interaction.guild_id is not None
        game = await game_here(interaction.guild_id, interaction.channel_id)
        opens = await start_service.set_acquaintance(
            game.id,
            interaction.user.id,
            minutes,
            by_is_server_host=await is_server_host(interaction),
        )
        wake_deadlines(interaction.client)  # day 1's deadlines moved, its reminder and the deal
        await interaction.response.send_message(
            t(interaction.locale, "acquaintance-set", opens=int(opens.timestamp())), ephemeral=True
        )

    @host.command(
        name=locale_str("cleanup"), description=locale_str("Delete the channels of finished games")
    )
    async def cleanup(self, interaction: discord.Interaction[Any]) -> None:
        guild = interaction.guild
        assert guild is not None
        if not await is_server_host(interaction):
            raise UserFacingError("error-not-host")
        deleted = 0
        for game in await finished_games(guild.id):
            deleted += await server.delete_game_channels(game.id)  # outbox rows
        lobby_post.wake(interaction.client)
        await interaction.response.send_message(
            t(interaction.locale, "cleanup-done", count=deleted), ephemeral=True
        )

    @host.command(name=locale_str("end"), description=locale_str("End the game now and reveal it"))
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        game = await game_here(interaction.guild_id, interaction.channel_id)
        await end_by_host(  # the reveal and the end on the server with it, R-LIFE-6
            interaction.client,
            game.id,
            interaction.user.id,
            by_is_server_host=await is_server_host(interaction),
        )
        await interaction.response.send_message(
            t(interaction.locale, "end-by-host"), ephemeral=True
        )
