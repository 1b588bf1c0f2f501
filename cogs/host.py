"""``/host``: the host's (Ведущий's) commands. For now: open a lobby, refuse a player.

Who may host: members with Manage Server, or with the server's host role (db guild settings).
The command is hidden from others by ``default_permissions`` (a server admin may change that in
Discord's settings), and checked again here, since those defaults can be changed."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.game import (
    activity,
    host_decisions,
    host_preview,
    host_replace,
    host_sanctions,
    host_time,
    lobby_post,
    server,
    start_post,
    table,
)
from cogs.game import lobby as lobby_service
from cogs.game import start as start_service
from cogs.game.begin import begin
from cogs.game.finish import finish_on_server
from cogs.game.host_delivery import after_tool
from cogs.support.embeds import chunk_lines
from cogs.support.errors import UserFacingError
from db.activity import set_threshold as set_activity
from db.games import GameInfo, GameStatus, games_in_guild
from db.guild_settings import get_settings
from engine import Event
from engine.events import Cause, Died
from locales import t

__all__ = ["HostCog", "is_server_host", "setup"]

log = logging.getLogger(__name__)


async def is_server_host(interaction: discord.Interaction[Any]) -> bool:
    member = interaction.user
    if not isinstance(member, discord.Member):
        return False
    if member.guild_permissions.manage_guild:
        return True
    role_id = (await get_settings(member.guild.id)).host_role_id
    return role_id is not None and any(role.id == role_id for role in member.roles)


async def _require_host(interaction: discord.Interaction[Any]) -> bool:
    if not await is_server_host(interaction):
        raise UserFacingError("error-not-host")
    return True


class HostCog(commands.Cog):
    host = app_commands.Group(
        name=locale_str("host"),
        description=locale_str("The host's commands: open and run a game"),
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @host.command(name=locale_str("create"), description=locale_str("Open a game for signup here"))
    @app_commands.describe(
        mode=locale_str("Two sides (town against mafia) or three (with the maniacs)"),
        timing=locale_str("By the clock (votes at 21:00) or a fast game by durations"),
        title=locale_str("The game's name"),
        day_minutes=locale_str("Fast game: minutes for the day's vote"),
        night_minutes=locale_str("Fast game: minutes for the night"),
        acquaintance_minutes=locale_str("Minutes of acquaintance before day 1 (0: none)"),
        activity=locale_str("Posts a player must write each day (R-SANCT-3; 0: off)"),
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
    @app_commands.check(_require_host)
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
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel is not None
        game = await lobby_service.create_lobby(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel.id,
            host_id=interaction.user.id,
            mode=mode.value,
            timing="fast" if timing.value == "fast" else "clock",
            title=title,
            day_minutes=day_minutes,
            night_minutes=night_minutes,
            acquaintance_minutes=acquaintance_minutes,
        )
        if activity is not None:  # else the rule's default for the timing (R-SANCT-3)
            await set_activity(game.id, activity)
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        message = await lobby_post.post(channel, game.id)
        await interaction.response.send_message(
            t(interaction.locale, "lobby-created", link=message.jump_url), ephemeral=True
        )

    @host.command(
        name=locale_str("kick"), description=locale_str("Remove a player from the signup")
    )
    @app_commands.describe(player=locale_str("The player to remove"))
    async def kick(self, interaction: discord.Interaction[Any], player: discord.Member) -> None:
        assert interaction.guild_id is not None
        game = await lobby_service.lobby_in(interaction.guild_id, interaction.channel_id)
        removed = await lobby_service.kick(
            game.id,
            interaction.user.id,
            player.id,
            by_is_server_host=await is_server_host(interaction),
        )
        await interaction.response.send_message(
            t(interaction.locale, "lobby-kicked", name=removed.name), ephemeral=True
        )
        await lobby_post.refresh(interaction.client, game.id)

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
        game = await lobby_service.lobby_in(interaction.guild_id, interaction.channel_id)
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
        game = await lobby_service.lobby_in(guild.id, interaction.channel_id)
        # What the bot lacks is said before anything happens (a game has at most 3 cabinets).
        problems = await server.check_bot_can_host(guild, cabinets=3)
        if problems:
            raise CannotHostHere(server.explain_problems(problems, interaction.locale, guild))
        await interaction.response.defer(ephemeral=True, thinking=True)  # DMs take a while
        started = await start_service.start(
            game.id, interaction.user.id, by_is_server_host=await is_server_host(interaction)
        )
        begun = await begin(interaction.client, guild, started)
        notes = [] if begun.channels else [t(interaction.locale, "start-no-channels")]
        undelivered = begun.undelivered
        text = t(interaction.locale, "start-started", count=len(started.players))
        if undelivered:
            notes.append(
                t(interaction.locale, "start-dm-closed-host", players=", ".join(undelivered))
            )
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
        game = await _game_here(interaction.guild_id, interaction.channel_id)
        opens = await start_service.set_acquaintance(
            game.id,
            interaction.user.id,
            minutes,
            by_is_server_host=await is_server_host(interaction),
        )
        scheduler = getattr(interaction.client, "scheduler", None)
        if scheduler is not None:
            scheduler.wake()  # day 1's deadlines moved
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
        await interaction.response.defer(ephemeral=True, thinking=True)
        deleted = 0
        for game in await _finished_games(guild.id):
            deleted += await server.delete_game_channels(guild, game.id)
        await interaction.followup.send(
            t(interaction.locale, "cleanup-done", count=deleted), ephemeral=True
        )

    @host.command(name=locale_str("end"), description=locale_str("End the game now and reveal it"))
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        game = await _game_here(interaction.guild_id, interaction.channel_id)
        ended, state = await start_service.abort(
            game.id, interaction.user.id, by_is_server_host=await is_server_host(interaction)
        )
        await interaction.response.send_message(
            t(interaction.locale, "end-by-host"), ephemeral=True
        )
        await start_post.reveal(interaction.client, ended, state)
        if interaction.guild is not None and state is not None:
            await finish_on_server(interaction.client, interaction.guild, ended)  # R-LIFE-6

    # -- the toolbox of a running game (issue 12): thin, each calls its service ---------------

    clock_group = app_commands.Group(
        name=locale_str("time"),
        description=locale_str("Deadlines of the running game"),
        parent=host,
    )

    @clock_group.command(
        name=locale_str("deadline"), description=locale_str("Change a deadline (R-TIME)")
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
        game_id, server_host = await _tool(interaction)
        moved = await host_time.set_deadline(
            game_id,
            interaction.user.id,
            by_is_server_host=server_host,
            kind=kind.value,
            value=value,
            day=day,
        )
        until = "-" if moved is None else f"<t:{int(moved.named.timestamp())}:f>"
        await _answer(interaction, "host-done-deadline", until=until)

    @clock_group.command(
        name=locale_str("outage"),
        description=locale_str("Outage: reopen the vote until 30-60 minutes from now"),
    )
    @app_commands.describe(minutes=locale_str("Minutes from now (30-60)"))
    async def outage(
        self, interaction: discord.Interaction[Any], minutes: app_commands.Range[int, 30, 60]
    ) -> None:
        game_id, server_host = await _tool(interaction)
        until = await host_time.outage(
            game_id, interaction.user.id, by_is_server_host=server_host, minutes=minutes
        )
        await _answer(interaction, "host-done-outage", until=int(until.named.timestamp()))

    @clock_group.command(name=locale_str("pause"), description=locale_str("Stop the clock"))
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        game_id, server_host = await _tool(interaction)
        await host_time.pause(game_id, interaction.user.id, by_is_server_host=server_host)
        await _answer(interaction, "host-done-pause")

    @clock_group.command(name=locale_str("resume"), description=locale_str("Start the clock again"))
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        game_id, server_host = await _tool(interaction)
        await host_time.resume(game_id, interaction.user.id, by_is_server_host=server_host)
        await _answer(interaction, "host-done-resume")

    @clock_group.command(
        name=locale_str("opening"), description=locale_str("When the next days open (R-TIME-6)")
    )
    @app_commands.describe(
        value=locale_str("A time HH:MM (a fast game: minutes after the night); 0: at once")
    )
    async def opening(
        self, interaction: discord.Interaction[Any], value: app_commands.Range[str, 1, 10]
    ) -> None:
        game_id, server_host = await _tool(interaction)
        await host_time.set_opening(
            game_id, interaction.user.id, by_is_server_host=server_host, value=value
        )
        await _answer(interaction, "host-done-opening")

    decide_group = app_commands.Group(
        name=locale_str("decide"),
        description=locale_str("The host's decisions on the game's course"),
        parent=host,
    )

    @decide_group.command(
        name=locale_str("continue"),
        description=locale_str("Let the town play on at the mafia's parity (R-WIN-2)"),
    )
    async def continue_at_parity(self, interaction: discord.Interaction[Any]) -> None:
        game_id, server_host = await _tool(interaction)
        await host_decisions.arm_continue(
            game_id, interaction.user.id, by_is_server_host=server_host
        )
        await _answer(interaction, "host-done-continue")

    @decide_group.command(
        name=locale_str("joint-win"),
        description=locale_str("The criminal teams' joint win (R-WIN-4)"),
    )
    async def joint_win(self, interaction: discord.Interaction[Any]) -> None:
        game_id, server_host = await _tool(interaction)
        await host_decisions.joint_win(game_id, interaction.user.id, by_is_server_host=server_host)
        await _answer(interaction, "host-done-joint-win")
        await after_tool(interaction.client, interaction.guild, game_id, [])

    @decide_group.command(
        name=locale_str("zombie-head"),
        description=locale_str("Name the horde's new head (R-NIGHT-13)"),
    )
    @app_commands.describe(player=locale_str("A zombie of the horde"))
    async def zombie_head(
        self, interaction: discord.Interaction[Any], player: discord.Member
    ) -> None:
        game_id, server_host = await _tool(interaction)
        await host_decisions.name_zombie_head(
            game_id, interaction.user.id, str(player.id), by_is_server_host=server_host
        )
        await _answer(interaction, "host-done-zombie-head", name=player.display_name)

    @host.command(
        name=locale_str("preview"),
        description=locale_str("What resolving the phase now would do (only you see it)"),
    )
    async def preview(self, interaction: discord.Interaction[Any]) -> None:
        game_id, server_host = await _tool(interaction)
        lines = await host_preview.preview(
            game_id,
            interaction.user.id,
            by_is_server_host=server_host,
            locale=str(interaction.locale),
        )
        await _answer_lines(interaction, lines)

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
        game_id, server_host = await _tool(interaction)
        lines = await host_preview.preview(
            game_id,
            interaction.user.id,
            by_is_server_host=server_host,
            what_if=choices,
            locale=str(interaction.locale),
        )
        await _answer_lines(interaction, lines)

    @host.command(name=locale_str("log"), description=locale_str("Every choice and event so far"))
    @app_commands.describe(page=locale_str("Page (1: the first)"))
    async def log(
        self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 1000] = 1
    ) -> None:
        game_id, server_host = await _tool(interaction)
        lines, pages = await host_preview.game_log(
            game_id,
            interaction.user.id,
            by_is_server_host=server_host,
            page=page,
            locale=str(interaction.locale),
        )
        shown = min(page, pages)
        title = t(interaction.locale, "host-log-page", page=shown, pages=pages)
        await _answer_lines(interaction, [title, *lines])

    sanction_group = app_commands.Group(
        name=locale_str("sanction"),
        description=locale_str("Sanctions in the running game (R-SANCT)"),
        parent=host,
    )

    @sanction_group.command(name=locale_str("warn"), description=locale_str("Warn a player"))
    @app_commands.describe(player=locale_str("The player"), reason=locale_str("What for"))
    async def warn(
        self,
        interaction: discord.Interaction[Any],
        player: discord.Member,
        reason: app_commands.Range[str, 1, 300],
    ) -> None:
        game_id, server_host = await _tool(interaction)
        number = await host_sanctions.warn(
            game_id, interaction.user.id, str(player.id), reason, by_is_server_host=server_host
        )
        await _answer(interaction, "host-done-warn", name=player.display_name, number=number)

    @sanction_group.command(
        name=locale_str("read-only"), description=locale_str("Read-only for a period")
    )
    @app_commands.describe(player=locale_str("The player"), minutes=locale_str("For how long"))
    async def read_only(
        self,
        interaction: discord.Interaction[Any],
        player: discord.Member,
        minutes: app_commands.Range[int, 1, 40320],
    ) -> None:
        game_id, server_host = await _tool(interaction)
        until = await host_sanctions.read_only(
            game_id, interaction.user.id, str(player.id), minutes, by_is_server_host=server_host
        )
        await player.timeout(until, reason="R-SANCT-4: read-only by the host")
        await _answer(interaction, "host-done-read-only", until=int(until.timestamp()))

    @sanction_group.command(
        name=locale_str("cancel"),
        description=locale_str("Cancel the next choice of a player or a team"),
    )
    @app_commands.describe(player=locale_str("The player"), team=locale_str("Or the team"))
    @app_commands.choices(
        team=[
            app_commands.Choice(name=locale_str("Mafia", key="choice-team-mafia"), value="mafia"),
            app_commands.Choice(
                name=locale_str("Maniacs", key="choice-team-maniacs"), value="maniacs"
            ),
            app_commands.Choice(
                name=locale_str("Zombies", key="choice-team-zombies"), value="zombies"
            ),
        ]
    )
    async def cancel(
        self,
        interaction: discord.Interaction[Any],
        player: discord.Member | None = None,
        team: app_commands.Choice[str] | None = None,
    ) -> None:
        if (player is None) == (team is None):
            raise UserFacingError("host-cancel-which")
        actor = str(player.id) if player is not None else team.value  # type: ignore[union-attr]
        game_id, server_host = await _tool(interaction)
        await host_sanctions.cancel_next_choice(
            game_id, interaction.user.id, actor, by_is_server_host=server_host
        )
        await _answer(interaction, "host-done-cancel")

    @sanction_group.command(
        name=locale_str("strip"), description=locale_str("Strip a role to citizen")
    )
    @app_commands.describe(player=locale_str("The player"))
    async def strip(self, interaction: discord.Interaction[Any], player: discord.Member) -> None:
        game_id, server_host = await _tool(interaction)
        await host_sanctions.strip_role(
            game_id, interaction.user.id, str(player.id), by_is_server_host=server_host
        )
        await _answer(interaction, "host-done-strip", name=player.display_name)

    @sanction_group.command(
        name=locale_str("autokill"), description=locale_str("Remove a player from the game now")
    )
    @app_commands.describe(player=locale_str("The player"))
    async def autokill(self, interaction: discord.Interaction[Any], player: discord.Member) -> None:
        game_id, server_host = await _tool(interaction)
        await host_sanctions.autokill(
            game_id, interaction.user.id, str(player.id), by_is_server_host=server_host
        )
        await _answer(interaction, "host-done-autokill", name=player.display_name)
        await after_tool(interaction.client, interaction.guild, game_id, _removed(player))

    @sanction_group.command(
        name=locale_str("disqualify"),
        description=locale_str("Disqualify a player (and bar him from later games here)"),
    )
    @app_commands.describe(
        player=locale_str("The player"), bar=locale_str("Bar him from later games on this server")
    )
    async def disqualify(
        self, interaction: discord.Interaction[Any], player: discord.Member, bar: bool = True
    ) -> None:
        game_id, server_host = await _tool(interaction)
        await host_sanctions.disqualify(
            game_id,
            interaction.user.id,
            str(player.id),
            bar_later=bar,
            by_is_server_host=server_host,
        )
        await _answer(interaction, "host-done-disqualify", name=player.display_name)
        await after_tool(interaction.client, interaction.guild, game_id, _removed(player))

    @sanction_group.command(
        name=locale_str("morgue"),
        description=locale_str("A dead player read-only in the morgue (R-SANCT-2)"),
    )
    @app_commands.describe(player=locale_str("The dead player"))
    async def morgue(self, interaction: discord.Interaction[Any], player: discord.Member) -> None:
        game_id, server_host = await _tool(interaction)
        await host_sanctions.morgue_read_only(
            game_id, interaction.user.id, str(player.id), by_is_server_host=server_host
        )
        if interaction.guild is not None:
            await table.mute_in_morgue(interaction.guild, game_id, {str(player.id)})
        await _answer(interaction, "host-done-morgue", name=player.display_name)

    @host.command(
        name=locale_str("replace"),
        description=locale_str("A substitute takes a player's seat, role and history"),
    )
    @app_commands.describe(
        player=locale_str("The player who leaves the game"),
        substitute=locale_str("The member who takes his seat"),
    )
    async def replace(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User,
        substitute: discord.User,
    ) -> None:
        game_id, server_host = await _tool(interaction)
        guild = interaction.guild
        assert guild is not None
        member = await host_replace.substitute_member(guild, substitute)
        replaced = await host_replace.replace(
            game_id,
            interaction.user.id,
            player.id,
            substitute.id,
            by_is_server_host=server_host,
        )
        await interaction.response.defer(ephemeral=True, thinking=True)  # edits and a DM
        carded = await host_replace.move_on_server(interaction.client, guild, replaced, member)
        key = "host-done-replace" if carded else "host-done-replace-no-dm"
        await interaction.followup.send(
            t(interaction.locale, key, name=replaced.name, new=member.display_name), ephemeral=True
        )

    activity_group = app_commands.Group(
        name=locale_str("activity"),
        description=locale_str("The activity rule: posts a player must write each day"),
        parent=host,
    )

    @activity_group.command(
        name=locale_str("count"),
        description=locale_str("Posts a player must write each day (R-SANCT-3)"),
    )
    @app_commands.describe(posts=locale_str("How many posts (a vote counts as one)"))
    async def activity_count(
        self, interaction: discord.Interaction[Any], posts: app_commands.Range[int, 1, 1000]
    ) -> None:
        await _set_activity(interaction, posts)

    @activity_group.command(
        name=locale_str("off"), description=locale_str("Nobody is removed for inactivity")
    )
    async def activity_off(self, interaction: discord.Interaction[Any]) -> None:
        await _set_activity(interaction, 0)


async def _tool(interaction: discord.Interaction[Any]) -> tuple[int, bool]:
    """The running game a host tool is about, and whether its user hosts on this server."""
    assert interaction.guild_id is not None
    statuses = [GameStatus.RUNNING]
    game = await table.game_here(
        interaction.guild_id, interaction.channel_id, statuses, none="error-no-game"
    )
    return game.id, await is_server_host(interaction)


async def _set_activity(interaction: discord.Interaction[Any], posts: int) -> None:
    assert interaction.guild_id is not None
    game = await _game_here(interaction.guild_id, interaction.channel_id)
    changed = await activity.set_by_host(
        game.id, interaction.user.id, posts, by_is_server_host=await is_server_host(interaction)
    )
    key = "activity-done" if changed else "activity-same"
    text = t(interaction.locale, key, posts=posts)
    if posts and not activity.tally.receiving:
        text += "\n" + t(interaction.locale, "activity-unseen")
    await interaction.response.send_message(text, ephemeral=True)


async def _answer_lines(interaction: discord.Interaction[Any], lines: list[str]) -> None:
    """A long answer for the host alone, cut into messages of Discord's size."""
    chunks = chunk_lines(lines, 2000)
    await interaction.response.send_message(chunks[0], ephemeral=True)
    for chunk in chunks[1:]:
        await interaction.followup.send(chunk, ephemeral=True)


def _removed(player: discord.Member) -> list[Event]:
    """A removal by the host, for the server's part: the dead role and no morgue."""
    return [Died(str(player.id), Cause.AUTOKILL)]


async def _answer(interaction: discord.Interaction[Any], key: str, **args: Any) -> None:
    await interaction.response.send_message(t(interaction.locale, key, **args), ephemeral=True)


async def _finished_games(guild_id: int) -> list[GameInfo]:
    return await games_in_guild(guild_id, [GameStatus.FINISHED, GameStatus.CANCELLED])


async def _game_here(guild_id: int, channel_id: int | None) -> GameInfo:
    """The game (in signup or running) of this channel — its lobby or one of its own
    channels — else the server's only one."""
    statuses = [GameStatus.SIGNUP, GameStatus.RUNNING]
    return await table.game_here(guild_id, channel_id, statuses, none="error-no-game")


class CannotHostHere(UserFacingError):
    """The bot lacks what a game needs: each problem in a sentence for the host."""

    def __init__(self, sentences: list[str]) -> None:
        super().__init__("error-cannot-host", problems="\n".join(sentences))
        self.sentences = sentences


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HostCog(bot))
