"""The detectors: what the bot can see by itself (R-MOD), each switchable per server
(``/mod settings detector``: off, open a case, or open a report for a moderator to judge).

- ``nick_change``: a player changes his server nickname while a game he plays runs.
- ``confusable_nick``: a member joins, or takes a nickname, that folds (``engine.names.name_key``,
  the signup's own folding, R-LIFE-1) to another player's character name or display name.
- ``command_flood``: more than N of the bot's commands within M seconds (per-server N and M).
- ``leave``: a player leaves the server of a game he plays (a ban by the bot is not a leave).
- ``afk``: a player with an active night role made no night choice twice in one game; a report
  by default, for the host (or a moderator) to confirm (counted from what is stored:
  ``cogs.moderation.afk``).
- ``forward_bot``: a member forwards into the server a message the bot sent him in DMs (the chat
  rulebook's «Пересылание сообщений от бота»: a role card, a prompt); a forward of anything else
  is nobody's business.
- ``multiaccount``: two accounts the server marked as one person's signed up for one game
  (seen when the lobby post is updated after each signup, whichever way the player joined).

The violations no bot can see (insults, leaks in voice, how someone plays) stay manual:
``cogs.moderation.rulebook.MANUAL_ONLY`` lists them.
"""

from __future__ import annotations

import logging
from collections import defaultdict, deque
from collections.abc import Awaitable
from datetime import datetime, timedelta
from typing import Any

import discord
from discord.ext import commands

from cogs.game.play import Resolved
from cogs.moderation import afk, cases, settings
from cogs.moderation.access import hierarchy_refusal, is_moderator
from cogs.moderation.reports import file_report
from cogs.moderation.rulebook import server_rulebook
from cogs.support.ack_gate import settled
from cogs.support.inert import inert
from db import moderation as db
from db.games import GameStatus, games_of_player, get_game
from engine import Phase
from engine.names import name_key

__all__ = ["LOAD_AFTER", "DetectorsCog", "flag", "setup"]

#: The afk detector hooks onto the resolutions, whose list cogs.game.workers makes.
LOAD_AFTER = ("cogs.game.workers",)

log = logging.getLogger(__name__)

FORWARD = discord.MessageReferenceType.forward


async def flag(
    bot: discord.Client,
    guild: discord.Guild,
    user: discord.Member | discord.User,
    detector: str,
    *,
    key: str,
    text: str | None = None,
) -> str | None:
    """Act on a detector's finding as the server set it: ``"case"``, ``"report"``, or None
    (off, or nothing to do: a member above the bot, a server without a mod-log for reports)."""
    config = await settings.detector(guild.id, detector)
    me = guild.me
    if config.mode == "off" or me is None:
        return None
    if not (await server_rulebook(guild.id)).knows(detector):
        return None  # the server retired this violation: nothing to find
    if config.mode == "case":
        if hierarchy_refusal(guild, None, user) is not None:
            return None  # the bot cannot act on him: a moderator's matter
        await cases.open_case(
            guild,
            user,
            moderator_id=me.id,
            violation=detector,
            key=f"detector:{key}",
            reason=text,
            source="detector",
        )
        return "case"
    report = await file_report(
        guild,
        reporter_id=me.id,
        accused=user,
        violation=detector,
        key=f"detector:{key}",
        text=text,
    )
    return None if report is None else "report"


async def _playing(guild_id: int, user_id: int) -> list[int]:
    return [g.id for g in await games_of_player(user_id, guild_id, (GameStatus.RUNNING,))]


class FloodCounter:
    """Commands per member in a sliding window (memory only: a flood is seconds long)."""

    def __init__(self) -> None:
        self._seen: dict[tuple[int, int], deque[datetime]] = defaultdict(deque)

    def hit(self, guild_id: int, user_id: int, at: datetime, count: int, seconds: int) -> bool:
        """Record a command; True when it makes more than ``count`` within ``seconds`` (the
        window then starts afresh, so one flood is one finding)."""
        window = self._seen[(guild_id, user_id)]
        window.append(at)
        while window and at - window[0] > timedelta(seconds=seconds):
            window.popleft()
        if len(window) > count:
            window.clear()
            return True
        return False


class DetectorsCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.flood = FloodCounter()

    async def _safely(self, what: str, call: Awaitable[Any]) -> None:
        try:
            await call
        except Exception:  # a detector must never break the event it watches
            log.exception("moderation: the %s detector failed", what)

    # --- nick_change and confusable_nick ---------------------------------------------------------

    @commands.Cog.listener()
    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        if before.nick == after.nick or after.bot:
            return
        await self._safely("nick_change", self._nick_changed(before, after))
        await self._safely("confusable_nick", self._confusable(after))

    async def _nick_changed(self, before: discord.Member, after: discord.Member) -> None:
        for game_id in await _playing(after.guild.id, after.id):
            await flag(
                self.bot,
                after.guild,
                after,
                "nick_change",
                key=f"nick:{game_id}:{after.id}:{before.nick}:{after.nick}",
                text=f"{inert(before.display_name)} → {inert(after.display_name)}",
            )

    @commands.Cog.listener()
    async def on_member_join(self, member: discord.Member) -> None:
        if not member.bot:
            await self._safely("confusable_nick", self._confusable(member))

    async def _confusable(self, member: discord.Member) -> None:
        mine = name_key(member.display_name)
        if not mine:
            return
        for signup in await db.signups_in_guild(member.guild.id):
            if signup.user_id == member.id:
                continue
            other = member.guild.get_member(signup.user_id)
            names = {signup.name_key, name_key(other.display_name) if other else ""}
            if mine in names:
                await flag(
                    self.bot,
                    member.guild,
                    member,
                    "confusable_nick",
                    key=f"confusable:{member.guild.id}:{member.id}:{mine}",
                    text=f"{inert(member.display_name)} ~ {inert(signup.name)} (<@{signup.user_id}>)",
                )
                return

    # --- command_flood ---------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.application_command:
            return
        guild, user = interaction.guild, interaction.user
        if guild is None or not isinstance(user, discord.Member):
            return
        await settled(self.bot)  # answers first (cogs.support.ack_gate); counted by created_at
        await self._safely("command_flood", self._counted(guild, user, interaction.created_at))

    async def _counted(self, guild: discord.Guild, user: discord.Member, at: datetime) -> None:
        config = await settings.detector(guild.id, "command_flood")
        if config.mode == "off" or not self.flood.hit(
            guild.id, user.id, at, config.count, config.seconds
        ):
            return
        if await is_moderator(user):
            return  # moderators at work are not flooding
        await flag(
            self.bot,
            guild,
            user,
            "command_flood",
            key=f"flood:{guild.id}:{user.id}:{int(at.timestamp())}",
            text=f"> {config.count} / {config.seconds} s",
        )

    # --- leave -----------------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        guild = self.bot.get_guild(payload.guild_id)
        if guild is not None and not payload.user.bot:
            await self._safely("leave", self._left(guild, payload.user))

    async def _left(self, guild: discord.Guild, user: discord.User | discord.Member) -> None:
        games = await _playing(guild.id, user.id)
        if not games:
            return
        try:
            await guild.fetch_ban(user)
            return  # banned, not left
        except discord.NotFound:
            pass
        except discord.Forbidden:
            pass
        for game_id in games:
            await flag(self.bot, guild, user, "leave", key=f"leave:{game_id}:{user.id}")

    # --- forward_bot -----------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        ref = message.reference
        if message.guild is None or ref is None or ref.type is not FORWARD or ref.guild_id:
            return  # only a forward from a DM can be the bot's DM
        if message.author.bot or not message.message_snapshots:
            return
        await self._safely("forward_bot", self._forwarded(message, ref))

    async def _forwarded(self, message: discord.Message, ref: discord.MessageReference) -> None:
        guild, author = message.guild, message.author
        assert guild is not None and ref.message_id is not None
        dm = await author.create_dm()
        if dm.id != ref.channel_id:
            return  # a group DM or another channel: not a DM from this bot
        try:
            original = await dm.fetch_message(ref.message_id)
        except (discord.NotFound, discord.Forbidden):
            return
        if self.bot.user is None or original.author.id != self.bot.user.id:
            return  # his own line in the DM, not the bot's
        await flag(
            self.bot,
            guild,
            author,
            "forward_bot",
            key=f"forward:{guild.id}:{message.id}",
            text=message.jump_url,
        )

    # --- multiaccount ----------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        if payload.guild_id is None:
            return
        await self._safely("multiaccount", self._lobby_changed(payload.message_id))

    async def _lobby_changed(self, message_id: int) -> None:
        found = await db.lobby_game(message_id)
        if found is None:
            return
        game_id, guild_id = found
        guild = self.bot.get_guild(guild_id)
        if guild is None:
            return
        signed = [s.user_id for s in await db.signups_in_guild(guild_id) if s.game_id == game_id]
        for group in (await db.get_mod_settings(guild_id)).linked:
            both = [u for u in signed if u in group]
            if len(both) < 2:
                continue
            main = guild.get_member(both[0]) or await self.bot.fetch_user(both[0])
            await flag(
                self.bot,
                guild,
                main,
                "multiaccount",
                key=f"multi:{game_id}:{'-'.join(map(str, sorted(both)))}",
                text=" + ".join(f"<@{u}>" for u in both),
            )

    # --- afk -------------------------------------------------------------------------------------

    async def after_resolution(self, resolved: Resolved) -> None:
        """cogs.game.workers' hook, after each resolution: a night's makes the count again."""
        if resolved.phase is Phase.NIGHT:
            await self._safely("afk", self._sleepers(resolved.game.id))

    async def _sleepers(self, game_id: int) -> None:
        sleepers = await afk.sleepers(game_id)
        if not sleepers:
            return
        game = await get_game(game_id)
        guild = self.bot.get_guild(game.guild_id)
        if guild is None:
            return
        for player in sleepers:  # once per player and game: the report's key
            user = guild.get_member(int(player)) or await self.bot.fetch_user(int(player))
            await flag(self.bot, guild, user, "afk", key=f"afk:{game_id}:{player}")


async def setup(bot: commands.Bot) -> None:
    cog = DetectorsCog(bot)
    await bot.add_cog(cog)
    hooks = getattr(bot, "after_resolution", None)  # cogs.game.workers (LOAD_AFTER)
    if hooks is not None:
        hooks.append(cog.after_resolution)
