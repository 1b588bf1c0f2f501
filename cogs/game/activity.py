"""R-SANCT-3, activity: a player who writes fewer than the threshold's posts in a game day (a
vote counts as one) is removed from the game at the day's close — an autokill by the rule,
announced in the day's results without his role; like every autokilled he may not write in the
morgue (R-VOTE-4).

What counts: every post of a player in the game's discussion — its channel and the threads in
it (the day's thread) — while the day is open (from its opening to the vote's close). Nights do
not count: the forum's day topic closes with the vote. The rule says "meaningful" posts; the bot
does not judge meaning. It does not read what is written (no Message Content intent): a post is
a post, and the host, who reads them, deals with padding by his own tools (R-SANCT-4) or by the
threshold. It needs the Guild Messages intent (not privileged): without it the bot never sees a
post, so it removes nobody and says why in the host's channel.

The threshold: the rule's 10 in a game by the clock; off in a fast game (a mode of this bot, not
the forum's: a day of minutes leaves no room for ten posts); the host sets it or turns it off
per game (``/host create activity``, ``/host activity``), logged and announced.

Counting is cheap and restart-safe: a post costs a dictionary update in memory (the game of a
channel and its open day are cached; no query per post); the counts are written in one
transaction every ``FLUSH_SECONDS``, at the day's close (before they are read) and when the
bot stops. A crash loses at most the last unflushed window (30 s of posts): that can only
lower a count, so in the worst case a player who wrote his last posts in those seconds before
a crash is short of them. A write per post would cost a transaction per message on a busy
server for a rule read once a day.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

import discord

from cogs.game import channel_index
from cogs.game.host_common import game_language, host_log, require_host, wake
from cogs.game.render import shown_name
from cogs.game.server import ANNOUNCEMENTS, DISCUSSION
from cogs.game.table import channel_for
from cogs.support.errors import UserFacingError
from db.activity import (
    add_posts,
    posts_key,
    posts_of_day,
    set_threshold,
    stored_threshold,
)
from db.games import GameInfo, GameStatus, get_game
from db.outbox import Effect, add
from engine import Choice, Event, GameState, Phase, Verb
from engine.events import HostAction
from engine.forum import sanctions
from locales import t

__all__ = [
    "FLUSH_SECONDS",
    "RULE_THRESHOLD",
    "Tally",
    "inactive",
    "notes_effects",
    "remove",
    "set_by_host",
    "tally",
    "threshold",
]

log = logging.getLogger(__name__)

RULE_THRESHOLD = sanctions.ACTIVITY_THRESHOLD  # R-SANCT-3
FLUSH_SECONDS = 30.0
INACTIVE = sanctions.INACTIVE  # the HostAction that marks a removal by this rule


async def threshold(game: GameInfo) -> int | None:
    """The game's threshold, or None when the rule is off for it."""
    stored = await stored_threshold(game.id)
    # a game with no schedule (no deadlines: the host ends its phases) is not a clock game
    clock_game = game.schedule.timed and game.schedule.timing == "clock"
    return sanctions.activity_threshold(stored, clock_game=clock_game)


@dataclass
class _Day:
    """What a game's posts are counted for: its open day and when its vote closes."""

    open_day: int | None  # None at night
    closes_at: datetime | None


@dataclass
class Tally:
    """Posts counted in memory since the last flush, and the look-ups that keep a post free of
    queries: the discussion channels of running games, each game's open day."""

    receiving: bool = True  # the bot gets guild messages (the intent)
    pending: Counter[str] = field(default_factory=Counter)
    days: dict[int, _Day] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def forget(self) -> None:
        """Read the channels and days again at the next post (a game started, a flush)."""
        channel_index.index.forget()
        self.days.clear()

    async def count(self, message: discord.Message) -> bool:
        """Count ``message`` if it is a post in a running game's discussion while its day is
        open; whether it was counted."""
        if message.guild is None or message.author.bot or message.webhook_id is not None:
            return False
        found = await channel_index.index.game_of(message.channel)
        if found is None or found[1] != DISCUSSION:
            return False
        game_id = found[0]
        day = await self._day(game_id, message.created_at)
        if day is None:
            return False
        self.pending[posts_key(game_id, day, message.author.id)] += 1
        return True

    async def _day(self, game_id: int, at: datetime) -> int | None:
        known = self.days.get(game_id)
        if known is None or (known.closes_at is not None and at > known.closes_at):
            game = await get_game(game_id)  # the phase may have moved on: read it again
            closes = game.votes_deadline.closes_at if game.votes_deadline else None
            known = _Day(game.day_number if game.phase == "day" else None, closes)
            self.days[game_id] = known
        if known.open_day is None or (known.closes_at is not None and at > known.closes_at):
            return None
        return known.open_day

    async def flush(self) -> int:
        """Write what was counted (one transaction); how many keys were written."""
        async with self.lock:
            batch, self.pending = self.pending, Counter()
            try:
                await add_posts(batch)
            except Exception:
                self.pending.update(batch)  # kept for the next flush
                raise
            self.forget()
            return len(batch)


#: One bot per process (a test's restart makes a new one, which resets it).
tally = Tally()


async def inactive(game: GameInfo, state: GameState, choices: Sequence[Choice]) -> dict[str, int]:
    """At the day's close: the living players under the threshold, with their count (posts and
    one for a vote). Empty at night, with the rule off, or when the bot cannot see posts."""
    if state.phase is not Phase.DAY:
        return {}
    limit = await threshold(game)
    if limit is None or not tally.receiving:
        return {}
    await tally.flush()  # everything counted so far is read below
    posts = await posts_of_day(game.id, state.number)
    voters = {c.actor for c in choices if c.verb is Verb.VOTE}
    return sanctions.under_threshold(state, posts, voters, limit)


def remove(
    state: GameState, events: list[Event], under: Mapping[str, int]
) -> tuple[GameState, list[Event]]:
    """The day's resolution followed by R-SANCT-3's removals (``engine.forum.sanctions``).
    Pure: the preview runs it too."""
    return sanctions.remove_inactive(state, events, under)


async def notes_effects(
    game: GameInfo, before: GameState, under: Mapping[str, int], events: Iterable[Event]
) -> list[Effect]:
    """The reason of the day's removals by this rule, after the day's results (no role)."""
    removed = [e.target for e in events if isinstance(e, HostAction) and e.action == INACTIVE]
    if not removed:
        return await _unseen_note(game, before)
    locale = await game_language(game)
    limit = await threshold(game)
    lines = [
        t(
            locale,
            "activity-removed",
            name=shown_name(before.get(who)),
            posts=under[who],
            limit=limit or 0,
        )
        for who in removed
        if who is not None
    ]
    channel = await channel_for(game, ANNOUNCEMENTS)
    return [] if channel is None else [Effect("post", channel, "\n".join(lines))]


async def _unseen_note(game: GameInfo, before: GameState) -> list[Effect]:
    """Without the Guild Messages intent the rule cannot be applied: the host is told why."""
    if tally.receiving or before.phase is not Phase.DAY or await threshold(game) is None:
        return []
    return await host_log(game, game.host_id, "activity-unseen")


async def flush_every(seconds: float = FLUSH_SECONDS) -> None:
    """The background flush, and a last one when it is cancelled at the bot's stop: in this
    task, which holds the bot's database context (the stopping task may not)."""
    try:
        while True:
            await asyncio.sleep(seconds)
            try:
                await tally.flush()
            except Exception:
                log.exception("activity: could not store the counts; kept for the next try")
    finally:
        stored = await tally.flush()  # what was counted since the last flush
        log.info("activity: %d count(s) stored at the stop", stored)


async def stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def set_by_host(game_id: int, by: int, posts: int, *, by_is_server_host: bool) -> bool:
    """The host sets the game's threshold (``0``: the rule off), in signup or while it runs:
    announced in the game's channel and logged in the host's. False if it was so already."""
    game = await get_game(game_id)
    require_host(game, by, by_is_server_host)
    if game.status not in (GameStatus.SIGNUP, GameStatus.RUNNING):
        raise UserFacingError("host-not-running")
    if (await threshold(game) or 0) == posts:
        return False
    await set_threshold(game.id, posts)
    locale = await game_language(game)
    note = (
        t(locale, "activity-note-count", posts=posts) if posts else t(locale, "activity-note-off")
    )
    said = await host_log(game, by, "activity-log", posts=posts)
    channel = await channel_for(game, ANNOUNCEMENTS)
    if channel is not None:
        said.insert(0, Effect("post", channel, note))
    await add(game.id, said)
    wake()
    return True
