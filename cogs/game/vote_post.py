"""The day's vote on Discord: a vote post with a select of candidates, a confirm step, the public
announcement of each vote, and a tally kept up to date without spamming Discord.

- One vote post per game day: an outbox row keyed by the day, stored when the day opens and
  enqueued again (to no effect if stored) at every start of the bot (cogs.game.aftermath,
  cogs.game.catch_up), so a crash never leaves a day without one nor makes two.
- The select and the confirm button are persistent (``DynamicItem``s whose ``custom_id`` carries
  the game and the day): they work after a restart, and a click on a past day's post is refused
  politely (``phase_closed``). Choosing a candidate asks for a confirmation first, because a
  vote is final (R-VOTE-2); the confirmation is judged by its own time (R-TIME-2).
- The tally (counts and who has not voted) is kept at the bottom of the voting channel, where
  players look (issue 19): at most once every ``TALLY_SECONDS`` however many votes arrive, a new
  tally is posted under the votes announced since and the previous one deleted (two requests;
  Discord allows 5 per 5 s per channel).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections import Counter
from datetime import datetime, timedelta
from typing import Any

import discord

from cogs.game import play
from cogs.game.aftermath import wake_delivery
from cogs.game.render import display_names
from cogs.game.server import VOTING
from cogs.game.table import channel_for
from cogs.support import clock
from cogs.support.acknowledge import acknowledge, answer
from cogs.support.embeds import MESSAGE_LIMIT, chunk_lines
from cogs.support.errors import UserFacingError
from cogs.support.refusals import RuleRefused
from cogs.support.views import PersistentItem
from db.errors import OutOfGame
from db.games import GameStatus, PhaseClosed, get_game, load_state, votes_for_day
from db.guild_settings import get_settings
from db.outbox import add, add_in_day, delete_made, delete_message, post, stored_count
from db.outbox_claims import made_by_key
from engine import GameState, Phase, Refusal
from locales import t

__all__ = ["ConfirmVote", "VoteSelect", "flush_tallies", "schedule_tally", "vote_and_announce"]

log = logging.getLogger(__name__)
TALLY_SECONDS = 3.0
OPTIONS_PER_SELECT = 25  # Discord's limit; a bigger game gets a second select
NONE = discord.AllowedMentions.none()


async def _locale(guild_id: int) -> str:
    return (await get_settings(guild_id)).language


class VoteSelect(PersistentItem, template=r"vote:(?P<game>\d+):(?P<day>\d+):(?P<page>\d+)"):
    def __init__(
        self,
        game_id: int,
        day: int,
        page: int,
        candidates: list[tuple[str, str]] | None = None,
        locale: object = None,
    ) -> None:
        options = [
            discord.SelectOption(label=name[:100], value=pid) for pid, name in candidates or []
        ]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"vote:{game_id}:{day}:{page}",
            placeholder=t(locale, "vote-placeholder")[:150],
            options=options or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)
        self.game_id, self.day = game_id, day

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> VoteSelect:
        return cls(int(match["game"]), int(match["day"]), int(match["page"]))

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        target = str(values[0]) if values else ""
        await acknowledge(interaction)
        _, state = await _today(self.game_id, self.day)
        if state.player(str(interaction.user.id)) is None:
            raise UserFacingError("error-not-in-this-game")  # asked nothing he could confirm
        if state.player(target) is None:
            raise RuleRefused(Refusal.UNKNOWN_PLAYER)  # a forged value: no such player
        me = state.player(str(interaction.user.id))
        if me is not None and not me.alive:  # told he is out, before any confirmation
            raise OutOfGame(self.game_id, f"{me.id} is out")
        names = display_names(state)
        view = discord.ui.View(timeout=None)
        view.add_item(
            ConfirmVote(self.game_id, self.day, target, t(interaction.locale, "vote-confirm"))
        )
        await answer(
            interaction,
            t(interaction.locale, "vote-confirm-question", target=names.get(target, target)),
            view=view,
        )


class ConfirmVote(PersistentItem, template=r"voteok:(?P<game>\d+):(?P<day>\d+):(?P<target>\d+)"):
    def __init__(self, game_id: int, day: int, target: str, label: str = "OK") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label,
            style=discord.ButtonStyle.danger,
            custom_id=f"voteok:{game_id}:{day}:{target}",
        )
        super().__init__(button)
        self.game_id, self.day, self.target = game_id, day, target

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmVote:
        return cls(int(match["game"]), int(match["day"]), match["target"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await vote_and_announce(interaction, self.game_id, self.target, day=self.day)


async def _today(game_id: int, day: int) -> tuple[Any, GameState]:
    """The game's state if it is still in day ``day`` (a past day's post is refused)."""
    game = await get_game(game_id)
    state = (await load_state(game_id)).game_state()
    if game.status is not GameStatus.RUNNING or state.phase is not Phase.DAY or state.number != day:
        raise PhaseClosed(game_id, f"day {day} is over")
    return game, state


async def vote_and_announce(
    interaction: discord.Interaction[Any], game_id: int, target: str, *, day: int | None = None
) -> None:
    """Cast the user's vote (judged by when he acted; ``day``: the post's, refused once it is
    over): acknowledged first (cogs.support.acknowledge), then stored, then announced."""
    await acknowledge(interaction)
    voter = str(interaction.user.id)
    voted = await play.cast_vote(
        game_id,
        voter,
        target,
        acted_at=interaction.created_at,
        phase=None if day is None else ("day", day),
    )
    game, state = voted.game, voted.state
    schedule_tally(interaction.client, game_id, state.number)  # counted from this vote on
    names = display_names(state)
    locale = await _locale(game.guild_id)
    public = t(locale, "vote-posted", voter=names[voter], target=names.get(target, target))
    if interaction.guild_id is not None:
        await answer(
            interaction, t(interaction.locale, "vote-counted", target=names.get(target, target))
        )
        await _announce(interaction, game_id, state.number, voter, public)
        return
    # From his DMs: the vote is announced in the voting channel all the same, and he is told
    # where.
    voting = await channel_for(game, VOTING)
    await answer(interaction, t(interaction.locale, "vote-posted-from-dm", channel=f"<#{voting}>"))
    # Not once the day is over (its results list the vote, as in _announce).
    if voting is not None and await add_in_day(game_id, state.number, [post(voting, public)]):
        wake_delivery(interaction.client)


async def _announce(
    interaction: discord.Interaction[Any], game_id: int, day: int, voter: str, public: str
) -> None:
    """The public announcement of a stored vote (R-VOTE: votes are public and announced as
    cast): a follow-up of the vote's own interaction, which Discord does not count against the
    channel's limits. Should Discord refuse it, the outbox posts it (once: keyed by the vote) —
    while the day lasts: once it is over its results list every vote, and a late post below them
    would read as a vote after the close."""
    try:
        await interaction.followup.send(public, allowed_mentions=NONE)
    except discord.HTTPException as error:
        if interaction.channel_id is None:
            return
        key = f"vote:{game_id}:{day}:{voter}"
        if await add_in_day(game_id, day, [post(interaction.channel_id, public, key=key)]):
            log.warning("game %s: the vote of %s goes out by the outbox: %s", game_id, voter, error)
            wake_delivery(interaction.client)
        else:
            log.info("game %s: day %s is over, its results list the vote of %s", game_id, day,
                     voter)  # fmt: skip


_pending: dict[tuple[int, int], tuple[discord.Client, asyncio.Task[None]]] = {}
_writing: set[tuple[int, int]] = set()  # tallies being written now (past their debounce)


def schedule_tally(client: discord.Client, game_id: int, day: int) -> None:
    """Update the day's tally in ``TALLY_SECONDS`` (once, whatever arrives meanwhile)."""
    key = (game_id, day)
    if key in _pending and not _pending[key][1].done():
        return
    # The debounce itself: the votes of the next few seconds (on the bot's clock) go together.
    due = clock.now() + timedelta(seconds=TALLY_SECONDS)
    task = asyncio.get_running_loop().create_task(_tally_at(client, game_id, day, due))
    _pending[key] = (client, task)


async def _tally_at(client: discord.Client, game_id: int, day: int, due: datetime) -> None:
    await clock.sleep_until(due)
    _writing.add((game_id, day))
    try:
        await _tally_now(client, game_id, day)
    finally:
        _writing.discard((game_id, day))


async def _tally_now(client: discord.Client, game_id: int, day: int) -> None:
    try:
        await update_tally(client, game_id, day)
    except Exception:  # a tally is a convenience: never a crash
        log.exception("game %s: the tally of day %s could not be updated", game_id, day)


async def flush_tallies() -> None:
    """At a graceful stop, before the database closes (issue 20): each tally still waiting for
    its debounce is written now — an outbox row, delivered now or by the next start — and each
    being written is waited for, so that no vote's tally is cut off by the stop."""
    pending = list(_pending.items())
    _pending.clear()
    for (game_id, day), (client, task) in pending:
        if task.done():
            continue
        if (game_id, day) in _writing:
            await asyncio.wait([task], timeout=TALLY_SECONDS * 3)
            continue
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        # In the context the bot opened its database in (a stop may begin in another task).
        context = getattr(client, "_database_context", None)
        writing = _tally_now(client, game_id, day)
        await asyncio.get_running_loop().create_task(writing, context=context)


def _part(key: str, number: int) -> str:
    """The key of a tally's ``number``-th post (the first: the tally's own key)."""
    return key if number == 1 else f"{key}:{number}"


def _waiting_lines(locale: str, waiting: list[str]) -> list[str]:
    """Who has yet to vote: one line, or as many as a post's limit needs (a big game's)."""
    lines: list[str] = []
    batch: list[str] = []
    for name in waiting:
        longer = t(locale, "tally-waiting", names=", ".join([*batch, name]))
        if batch and len(longer) > MESSAGE_LIMIT:
            lines.append(t(locale, "tally-waiting", names=", ".join(batch)))
            batch = []
        batch.append(name)
    lines.append(t(locale, "tally-waiting", names=", ".join(batch) or "—"))
    return lines


async def update_tally(client: discord.Client, game_id: int, day: int) -> None:
    game = await get_game(game_id)
    target = await channel_for(game, VOTING)
    if target is None:
        return
    state = (await load_state(game_id)).game_state()
    names = display_names(state)
    locale = await _locale(game.guild_id)
    votes = await votes_for_day(game_id, day)
    counts = Counter(v.target for v in votes if v.target)
    voted = {v.actor for v in votes}
    lines = [t(locale, "tally-title", number=day)]
    lines += [
        t(locale, "event-tally-entry", who=names.get(target, target), count=n)
        for target, n in counts.most_common()
    ]
    waiting = (
        [names[p.id] for p in state.living() if p.id not in voted] if state.number == day else []
    )
    lines += _waiting_lines(locale, waiting)
    # Kept at the bottom, where players look (issue 19): each update is a new post (as many as
    # Discord's 2000 characters need: a big game's, cut between lines) under the votes announced
    # since, and the previous one's posts are deleted once these are there; outbox rows
    # (cogs.delivery), each deletion depending on the post it removes.
    count = await stored_count(f"tally:{game_id}:{day}:")
    key = f"tally:{game_id}:{day}:{count}"
    parts = chunk_lines(lines, MESSAGE_LIMIT)
    effects = [post(target, part, key=_part(key, n)) for n, part in enumerate(parts, 1)]
    if count:
        # After the new one in the channel's order when the old one is known (so there is always
        # a tally to read); else once the old one is posted.
        old = f"tally:{game_id}:{day}:{count - 1}"
        for n in range(1, 2 + await stored_count(f"{old}:")):
            made = await made_by_key(_part(old, n))
            gone = _part(f"{key}:old", n)
            effects.append(
                delete_message(*made, key=gone) if made else delete_made(_part(old, n), key=gone)
            )
    await add(game_id, effects)
    wake_delivery(client)
