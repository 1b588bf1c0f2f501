"""What the host's channel is told about the game's deliveries (issue 17, item 3):

- a row **blocked** by a permanent error: at once, what exactly to fix (the permission, the
  role's position, the channel) and that any /host command resumes it;
- rows **stuck** for 5 minutes (Discord failing): once per spell, with how many and of what
  kinds — and once more when everything that was stuck is **through**.

The rows of no game (a moderation case's timeout, ban, DM, the mod-log's posts) are told the same
way in the server's mod-log instead, with the case's number (any /mod command resumes them).

The notes go straight to the host's channel (or the lobby's, for a game without channels; the
mod-log for moderation), not through the outbox: they are about the outbox. Sent with a nonce and no mentions; a note
that cannot be sent is tried again the next round (the spell's mark is written only once the
note is out, in db.meta, so a restart neither repeats nor forgets it).
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Sequence
from datetime import datetime, timedelta

import discord

from cogs.delivery.lanes import owner_of
from cogs.game.server import load_game_channels
from cogs.game.threads import nonce
from db.games import get_game
from db.guild_settings import get_settings
from db.meta import delete_meta, meta_keys, set_meta
from db.outbox import OutboxItem
from locales import t

__all__ = ["STUCK_AFTER", "Alerts"]

log = logging.getLogger(__name__)
STUCK_AFTER = timedelta(minutes=5)
NONE = discord.AllowedMentions.none()
PREFIX = "outbox-stuck:"


class Alerts:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._stuck: set[int] | None = None  # games whose host was told of a stuck spell

    async def blocked(self, item: OutboxItem, reason: str) -> None:
        if item.game_id is None:  # a moderation row: the server's mod-log is told
            await self._tell_moderators(item, reason)
            return
        locale = await self._locale(item.game_id)
        fix = _fix(item, reason, locale)
        await self._tell(
            item.game_id,
            t(locale, "delivery-blocked", fix=fix),
            f"blocked:{item.id}:{item.attempts}",
        )

    async def _tell_moderators(self, item: OutboxItem, reason: str) -> None:
        """A case's effect (its timeout, ban, unban) Discord refuses for good: the server's
        mod-log is told what to fix, and that any /mod command tries again. A refused post in
        the mod-log itself cannot be told there: logged only."""
        log.warning("outbox %s (server %s): blocked: %s", item.id, item.guild_id, reason)
        settings = await get_settings(item.guild_id or 0)
        target = settings.log_channel_id
        if not target or (item.effect.kind == "post" and item.effect.target_id == target):
            return
        locale = settings.language
        number = _case_number(item.effect.key)
        text = t(locale, "mod-delivery-blocked", number=number, fix=_fix(item, reason, locale))
        await self._tell(-(item.guild_id or 0), text, f"modblocked:{item.id}:{item.attempts}")

    async def review(self, waiting: Sequence[OutboxItem], now: datetime) -> None:
        """Tell of spells that began, and of those that ended, since the last round: a game's
        in its host's channel, a server's rows of no game (moderation's) in its mod-log."""
        if self._stuck is None:
            self._stuck = {int(k[len(PREFIX) :]) for k in await meta_keys(PREFIX)}
        stuck: dict[int, list[OutboxItem]] = {}
        for item in waiting:
            first = item.first_attempt_at
            if item.attempts and item.blocked is None and first and now - first >= STUCK_AFTER:
                stuck.setdefault(owner_of(item), []).append(item)
        for owner, items in stuck.items():
            if owner not in self._stuck and owner != 0:
                await self._tell_stuck(owner, items)
        waiting_owners = {owner_of(i) for i in waiting if i.blocked is None}
        for owner in sorted(self._stuck - waiting_owners):
            locale = await self._locale(owner)
            through = "delivery-through" if owner > 0 else "mod-delivery-through"
            if await self._tell(owner, t(locale, through), f"through:{owner}:{now.timestamp()}"):
                await delete_meta(f"{PREFIX}{owner}")
                self._stuck.discard(owner)

    async def _tell_stuck(self, owner: int, items: list[OutboxItem]) -> None:
        assert self._stuck is not None
        locale = await self._locale(owner)
        kinds = Counter(i.effect.kind for i in items)
        what = ", ".join(t(locale, f"delivery-kind-{k}") for k, _ in kinds.most_common())
        sentence = "delivery-stuck" if owner > 0 else "mod-delivery-stuck"
        text = t(locale, sentence, count=len(items), what=what)
        if await self._tell(owner, text, f"stuck:{owner}:{items[0].id}"):
            await set_meta(f"{PREFIX}{owner}", str(items[0].id))
            self._stuck.add(owner)

    async def _locale(self, owner: int) -> str:
        guild_id = -owner if owner < 0 else (await get_game(owner)).guild_id
        return (await get_settings(guild_id)).language

    async def _tell(self, owner: int, text: str, key: str) -> bool:
        """Post ``text`` in the game's host channel (else its lobby's), or for ``owner`` below
        0 (the server ``-owner``'s rows of no game) in its mod-log; whether it went out."""
        if owner < 0:
            guild_id = -owner
            target = (await get_settings(guild_id)).log_channel_id
            targets = [target] if target else []
        else:
            game = await get_game(owner)
            guild_id = game.guild_id
            channels = await load_game_channels(owner)
            targets = [channels.host] if channels is not None else []
            targets += [game.channel_id] if game.channel_id else []
        for target in targets:
            try:
                channel = self.client.get_partial_messageable(target, guild_id=guild_id)
                await channel.send(text[:2000], nonce=nonce(key), allowed_mentions=NONE)
                return True
            except (discord.HTTPException, OSError, TimeoutError) as error:
                log.warning("outbox owner %s: could not be told (%s): %s", owner, key, error)
        return False


def _fix(item: OutboxItem, reason: str, locale: str) -> str:
    """What to fix, for a row a permanent error blocked: the permission, the role's place."""
    data = item.effect.data
    member = data.get("member") or (item.effect.target_id if item.effect.kind in
                                   ("roles", "timeout", "ban", "unban") else None)  # fmt: skip
    on_channel = item.effect.target_id and item.effect.kind != "setup"  # (a setup's: a guild)
    where = f"<#{item.effect.target_id}>" if on_channel else "—"
    who = f"<@{member}>" if member else "—"
    return t(locale, f"delivery-fix-{reason}", where=where, who=who, kind=item.effect.kind)


def _case_number(key: str | None) -> int:
    """The case a moderation row belongs to (its key: ``mod:GUILD:NUMBER:…``); 0: none."""
    match = re.fullmatch(r"mod:\d+:(\d+):.*", key or "")
    return int(match[1]) if match else 0
