"""The outbox worker (issue 17): delivers every stored Discord effect of every game, exactly once,
whatever Discord does meanwhile and however many bot processes share the database.

Each round reads the undelivered rows, picks those ready (cogs.delivery.lanes: the oldest of
each game's destination, its dependency through, its retry due, its lease free), claims them
with a lease (db.outbox_claims: ``FOR UPDATE SKIP LOCKED`` on PostgreSQL) and delivers them all
concurrently, as a pipeline: when the rows in flight run low it reads again, and each lane's
next row joins those still under way. One game's failure or slow row never holds back
another's, nor the other rows of its own resolution. What an error means is decided by
cogs.delivery.verdicts: a retry with capped exponential backoff for as long as Discord needs
(never a drop), undeliverable (closed DMs), or blocked until the host's fix
(:meth:`DeliveryWorker.recheck`). The host's channel hears of stuck and blocked rows
(cogs.delivery.alerts).
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from datetime import datetime, timedelta
from typing import Literal

import discord

from cogs.delivery.adapter import LeaseLost, perform
from cogs.delivery.alerts import Alerts
from cogs.delivery.lanes import next_wake, ready
from cogs.delivery.verdicts import Verdict, backoff, judge
from cogs.game.worker import Worker
from cogs.support import clock
from db.outbox import OutboxItem, add, add_unbound, from_spec, pending
from db.outbox_claims import block, claim, delivered, failed, renew, unblock, unblock_unbound

__all__ = ["LEASE", "DeliveryWorker"]

log = logging.getLogger(__name__)
#: How long a claimed row is its process's: longer than a delivery with discord.py's own retries
#: (about 25 s), short enough that a dead process's rows are taken over soon.
LEASE = timedelta(minutes=1)
STEPS = 1000  # a round's reads of the backlog at most (then the next round goes on)
#: The least time between two reads of the backlog while rows are in flight (seconds).
READ_GAP = 0.05
#: Undelivered rows read per step: far above any backlog seen (a game's 25-minute outage leaves
#: about a hundred), so that one game's pile never hides another game's rows from the lanes.
BACKLOG = 20_000
#: Rows in flight at once. Not what bounds the rate (cogs.delivery.pace does, under Discord's
#: global limit, and discord.py per route): enough that the pace never idles while a row waits
#: on the database (a claim's fence, its mark), few enough to leave the database room.
PARALLEL = 32
Outcome = Literal["done", "failed", "blocked", "lost"]


def _owner() -> str:
    return f"{socket.gethostname()[:32]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class DeliveryWorker(Worker):
    name = "outbox"

    def __init__(
        self, client: discord.Client, *, retry_after: float = 15.0, lease: timedelta = LEASE,
        owner: str | None = None,
    ) -> None:  # fmt: skip
        super().__init__(retry_after=retry_after)
        self.client = client
        self.lease = lease
        self.owner = owner or _owner()
        self.alerts = Alerts(client)
        self._limit = asyncio.Semaphore(PARALLEL)

    async def recheck(self, game_id: int | None = None) -> None:
        """The host may have fixed what blocked rows (of ``game_id``): try them again now."""
        if await unblock(game_id):
            self.wake()

    async def recheck_server(self, guild_id: int) -> None:
        """A moderator may have fixed what blocked the server's rows of no game (a case's
        timeout, ban, mod-log post): try them again now."""
        if await unblock_unbound(guild_id):
            self.wake()

    async def round(self) -> datetime | None:
        """Deliver everything that can go now, then say when to look again.

        A pipeline, not steps: whenever the rows in flight run low (below half of
        :data:`PARALLEL`, or one of a few is through), the undelivered rows are read again and
        each lane's next row joins those still under way. So a slow row (discord.py waiting out
        a route's limit, the end's thread with its file) holds back only its own lane, and the
        pace never idles while a step's last rows finish. The round ends when nothing is in
        flight and nothing more is ready, after :data:`STEPS` reads, or once a stop is asked
        for (the rows under way are finished first)."""
        flying: dict[int, asyncio.Task[Outcome]] = {}
        progressed = False
        left: list[OutboxItem] = []
        try:
            for _ in range(STEPS):
                # A row under way is left out: its lease is ours, so ready() would offer it
                # again. One already through committed its mark before the read below.
                busy = {row for row, task in flying.items() if not task.done()}
                for row in [row for row in flying if row not in busy]:
                    progressed |= flying.pop(row).result() == "done"
                if self.stopping:
                    break
                now = clock.now()
                left = await pending(BACKLOG)
                todo = [i for i in ready(left, now, self.owner) if i.id not in busy]
                mine = set(await claim([i.id for i in todo], self.owner, now, now + self.lease))
                for item in todo:
                    if item.id in mine:
                        flying[item.id] = asyncio.create_task(self._deliver(item))
                if not flying:
                    break
                await self._until_room(flying)
            if flying:
                outcomes = await asyncio.gather(*flying.values())
                progressed |= "done" in outcomes
                flying.clear()
                left = await pending(BACKLOG)
        finally:  # cancelled: no delivery outlives its round
            for task in flying.values():
                task.cancel()
            if flying:
                await asyncio.gather(*flying.values(), return_exceptions=True)
        try:
            await self.alerts.review(left, clock.now())
        except Exception:  # telling the host must never stop the deliveries
            log.exception("outbox: the host could not be told of the deliveries")
        return clock.now() if progressed else next_wake(left, clock.now())

    @staticmethod
    async def _until_room(flying: dict[int, asyncio.Task[Outcome]]) -> None:
        """Wait until the rows in flight run low enough to read the next ones: below half of
        PARALLEL (the pace stays fed meanwhile), or one through when only a few are left.
        Reads are spaced by at least READ_GAP, so a lull of single rows does not turn into a
        read of the whole backlog per delivery."""
        started = asyncio.get_running_loop().time()
        under_way = {task for task in flying.values() if not task.done()}
        if not under_way:
            return
        low = min(len(under_way) - 1, PARALLEL // 2)
        while len(under_way) > low:
            _, under_way = await asyncio.wait(under_way, return_when=asyncio.FIRST_COMPLETED)
        rest = READ_GAP - (asyncio.get_running_loop().time() - started)
        if rest > 0 and under_way:
            await asyncio.wait(under_way, timeout=rest)

    async def _deliver(self, item: OutboxItem) -> Outcome:
        meta = item.effect.data.get("meta")
        async with self._limit:
            keeper = asyncio.create_task(self._keep_lease(item.id))
            try:
                result = await perform(self.client, item, lambda: self._fence(item.id))
            except LeaseLost:
                log.warning("outbox %s: its lease ran out before the send: left to its owner",
                            item.id)  # fmt: skip
                return "lost"
            except Exception as error:  # noqa: BLE001  (judged below; a bug is retried)
                return await self._failed(item, error, meta)
            finally:
                keeper.cancel()
        if not await delivered(item.id, result=result, meta=meta, owner=self.owner):
            log.warning("outbox %s: delivered, but another process holds it now", item.id)
        return "done"

    async def _fence(self, item_id: int) -> None:
        """Right before a send: the row must still be this process's (its lease renewed, so it
        stays so for the send). A process that stalled past its lease — another took the row
        over, and may have sent it — sends nothing (issue 17: no double post past the nonce
        window)."""
        if not await renew(item_id, self.owner, clock.now() + self.lease):
            raise LeaseLost(item_id)

    async def _keep_lease(self, item_id: int) -> None:
        """A delivery that outlasts a third of its lease (rate limits, the end's many requests)
        renews it, so that no other process takes the row over while it is under way."""
        while True:
            await asyncio.sleep(self.lease.total_seconds() / 3)
            try:
                await renew(item_id, self.owner, clock.now() + self.lease)
            except Exception:  # the database went away: the delivery itself will tell
                log.warning("outbox %s: its lease could not be renewed", item_id)

    async def _failed(self, item: OutboxItem, error: Exception, meta: str | None) -> Outcome:
        try:
            verdict = judge(item, error)
        except Exception:
            log.exception("outbox %s (game %s): unexpected failure", item.id, item.game_id)
            verdict = Verdict("retry", "bug")
        described = f"{type(error).__name__}: {error}"
        if verdict.action == "undeliverable":
            log.info("outbox %s: undeliverable: %s", item.id, described)
            instead = [from_spec(s) for s in item.effect.data.get("closed") or []]
            if instead and verdict.reason == "closed-dms":  # e.g. a public "use /mafia role"
                if item.game_id is None:  # a case's DM: a note in the server's mod-log
                    await add_unbound(item.guild_id or 0, instead)
                else:
                    await add(item.game_id, instead)
            await delivered(item.id, note=described, meta=meta, owner=self.owner)
            return "done"
        if verdict.action == "blocked":
            log.warning("outbox %s: blocked (%s): %s", item.id, verdict.reason, described)
            await block(item.id, verdict.reason, described, self.owner)
            try:
                await self.alerts.blocked(item, verdict.reason)
            except Exception:
                log.exception("outbox %s: the host could not be told what to fix", item.id)
            return "blocked"
        log.warning("outbox %s: will retry: %s", item.id, described)
        await failed(item.id, described, clock.now() + backoff(item.attempts), self.owner)
        return "failed"
