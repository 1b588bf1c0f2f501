"""The quick game's commands: ``/mafia quick`` (open a registration here), ``/server quick`` (the server's settings
for it), the last words by DM (C-DAY-7), and the quick game's own scheduler (the registration's
countdown and each stage's end: cogs.game.scheduler's ``Scheduler`` over db.quick's deadlines).

Thin: each command parses, calls one service function (cogs.quick.service), answers privately.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.game.scheduler import Scheduler
from cogs.quick import service
from cogs.quick.settings import BOUNDS, load, save
from cogs.quick.views import QuickButton, QuickSelect, wake
from cogs.server.settings import _manager
from cogs.support.errors import UserFacingError
from db.quick import pending_quick
from db.records import PendingDeadline
from locales import t

__all__ = ["LOAD_AFTER", "QuickCog", "setup"]

log = logging.getLogger(__name__)

LOAD_AFTER = ("cogs.game.player_commands", "cogs.server.settings", "cogs.game.workers")


def _reply(interaction: discord.Interaction[Any], text: str) -> Any:
    return interaction.response.send_message(
        text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


@app_commands.command(name=locale_str("quick"), description=locale_str("Open a quick game here"))
@app_commands.guild_only()
async def quick(interaction: discord.Interaction[Any]) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise UserFacingError("error-guild-only")
    language = str(interaction.locale.value)  # his DMs speak it (issue 19)
    await service.open_quick(interaction.guild_id, interaction.channel_id, interaction.user.id,
                             interaction.user.display_name, language)  # fmt: skip
    wake(interaction.client)
    await _reply(interaction, t(interaction.locale, "quick-opened"))


QUICK_SETTINGS = app_commands.Group(name=locale_str("quick"),
                                    description=locale_str("The quick game's settings"))  # fmt: skip


@QUICK_SETTINGS.command(
    name=locale_str("show"), description=locale_str("The quick game's settings here")
)
async def show(interaction: discord.Interaction[Any]) -> None:
    settings = await load(_manager(interaction))
    await _reply(interaction, settings_text(settings, interaction.locale))


@QUICK_SETTINGS.command(
    name=locale_str("length"), description=locale_str("A stage's length in seconds")
)
@app_commands.describe(stage=locale_str("Which stage"), seconds=locale_str("Seconds"))
@app_commands.choices(stage=[app_commands.Choice(name=locale_str(s, key=f"choice-quick-len-{s}"),
                                                 value=s) for s in BOUNDS])  # fmt: skip
async def length(interaction: discord.Interaction[Any], stage: app_commands.Choice[str],
                 seconds: int) -> None:  # fmt: skip
    guild = _manager(interaction)
    settings = await save(guild, (await load(guild)).with_length(stage.value, seconds))
    await _reply(interaction, settings_text(settings, interaction.locale))


@QUICK_SETTINGS.command(
    name=locale_str("channel"),
    description=locale_str("Allow or forbid the quick game in a channel"),
)
@app_commands.describe(channel=locale_str("The channel"), allowed=locale_str("Allowed"))
async def channel(interaction: discord.Interaction[Any], channel: discord.TextChannel,
                  allowed: bool) -> None:  # fmt: skip
    guild = _manager(interaction)
    current = await load(guild)
    kept = tuple(c for c in current.channels if c != channel.id) + (
        (channel.id,) if allowed else ()
    )
    settings = await save(guild, dataclasses.replace(current, channels=kept))
    await _reply(interaction, settings_text(settings, interaction.locale))


@QUICK_SETTINGS.command(
    name=locale_str("options"), description=locale_str("Open or secret vote; roles shown on death")
)
@app_commands.describe(secret_vote=locale_str("Secret vote"), roles_shown=locale_str("Roles shown on death"),
                       full_table=locale_str("Players below which Start now is reported (0: off)"))  # fmt: skip
async def options(interaction: discord.Interaction[Any], secret_vote: bool | None = None,
                  roles_shown: bool | None = None, full_table: int | None = None) -> None:  # fmt: skip
    guild = _manager(interaction)
    s = await load(guild)
    s = dataclasses.replace(
        s,
        secret_vote=s.secret_vote if secret_vote is None else secret_vote,
        roles_public=s.roles_public if roles_shown is None else roles_shown,
        full_table=s.full_table if full_table is None else (full_table or None),
    )
    await _reply(interaction, settings_text(await save(guild, s), interaction.locale))


@QUICK_SETTINGS.command(
    name=locale_str("roles"), description=locale_str("The server's role list for a size")
)
@app_commands.describe(
    players=locale_str("Players"),
    roles=locale_str("Role codes, comma separated (empty: the table)"),
)
async def roles(
    interaction: discord.Interaction[Any], players: int, roles: str | None = None
) -> None:
    guild = _manager(interaction)
    codes = [c.strip() for c in roles.split(",") if c.strip()] if roles else None
    settings = await save(guild, (await load(guild)).with_roles(players, codes))
    await _reply(interaction, settings_text(settings, interaction.locale))


def settings_text(settings: Any, locale: object) -> str:
    lines = [f"**{t(locale, 'quick-settings-title')}**"]
    chans = ", ".join(f"<#{c}>" for c in settings.channels) or t(locale, "quick-settings-anywhere")
    lines.append(t(locale, "quick-settings-channels", channels=chans))
    for what in BOUNDS:
        lines.append(t(locale, f"quick-settings-len-{what}", seconds=settings.seconds(what)))
    yes, no = t(locale, "quick-yes"), t(locale, "quick-no")
    lines.append(t(locale, "quick-settings-secret", value=yes if settings.secret_vote else no))
    lines.append(
        t(locale, "quick-settings-roles-shown", value=yes if settings.roles_public else no)
    )
    lines.append(t(locale, "quick-settings-full-table", value=settings.full_table or "—"))
    for size, codes in sorted(settings.roles.items()):
        lines.append(f"{size}: {', '.join(codes)}")
    return "\n".join(lines)


class QuickCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """C-DAY-7: last words are a DM to the bot."""
        if message.guild is not None or message.author.bot or not message.content:
            return
        if await service.last_words(message.author.id, message.content, message.created_at):
            wake(self.bot)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A player who leaves the server leaves his quick game (C-LIFE-7)."""
        try:
            game = await service.quick_game_of(payload.user.id)
        except UserFacingError:
            return
        if game.guild_id == payload.guild_id:
            await service.leave(game.id, payload.user.id, quiet=True)
            wake(self.bot)

    async def flag_findings(self, found: list[service.Finding]) -> None:
        """C-MOD-1: each finding through the moderation's detectors (off / report / case)."""
        from cogs.moderation.detectors import flag

        for finding in found:
            guild = self.bot.get_guild(finding.guild_id)
            if guild is None:
                continue
            user = guild.get_member(finding.user_id) or await self.bot.fetch_user(finding.user_id)
            try:
                await flag(self.bot, guild, user, finding.detector, key=finding.key)
            except Exception:  # a detector must never stop the game
                log.exception("quick: the %s detector failed", finding.detector)


async def setup(bot: commands.Bot) -> None:
    mafia = bot.tree.get_command("mafia")
    if isinstance(mafia, app_commands.Group):
        if mafia.get_command(quick.name) is None:
            mafia.add_command(quick)
    server = bot.tree.get_command("server")
    if isinstance(server, app_commands.Group) and server.get_command("quick") is None:
        server.add_command(QUICK_SETTINGS)
    bot.add_dynamic_items(QuickButton, QuickSelect)
    cog = QuickCog(bot)
    await bot.add_cog(cog)
    service.observers[:] = [cog.flag_findings]

    async def resolve(pending: PendingDeadline) -> bool:
        done = await service.resolve_due(pending)
        wake(bot)
        return done

    scheduler = Scheduler(resolve, load=pending_quick, grace=1.0)
    scheduler.name = "quick-scheduler"
    bot.quick_scheduler = scheduler  # type: ignore[attr-defined]
    stop_callbacks = getattr(bot, "stop_callbacks", None)
    if stop_callbacks is not None:
        stop_callbacks.append(scheduler.stop)
    if getattr(bot, "database_open", False):
        scheduler.start()


async def teardown(bot: commands.Bot) -> None:
    worker = getattr(bot, "quick_scheduler", None)
    if worker is not None:
        await worker.stop()
