"""Reminders before a deadline: those who have not acted yet are told by DM, once per phase, an
hour before the close in a game by the clock, or when a fifth of a fast game's phase is left.
The worker is woken whenever a deadline is new or moves (``/host start``, ``/host acquaintance``,
the host's time tools, each resolution: cogs.game.aftermath.wake_deadlines), so nobody is
autokilled for not voting without having been reminded (R-VOTE-4).

Who has not acted: by day, the living without a vote (R-VOTE-4: a missing vote is an autokill);
at night, each night actor (engine.actors) without a recorded choice — a team counts as acted
when any of its members chose. Each reminder is an outbox effect (delivered once); the phase is
marked reminded in db.meta, so a restart never reminds twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from cogs.game.player_locale import dm_locales
from cogs.game.worker import Worker
from cogs.support import clock
from db.games import (
    GameInfo,
    PendingDeadline,
    choices_for_phase,
    get_game,
    load_state,
    votes_for_day,
)
from db.meta import get_meta, set_meta
from db.outbox import Effect, add
from db.rounds import next_reminder_at, reminders_due, set_remind_at
from db.schedule import GameSchedule
from engine import Faction, GameState, Phase, actors
from locales import t

__all__ = ["Reminders", "lead_time", "not_acted", "remind_time"]

log = logging.getLogger(__name__)
CLOCK_LEAD = timedelta(hours=1)
FAST_FRACTION = 5  # a fifth of the phase


def lead_time(schedule: GameSchedule, phase: str) -> timedelta:
    if schedule.timing != "fast":
        return CLOCK_LEAD
    minutes = schedule.day_minutes if phase == "day" else schedule.night_minutes
    return timedelta(minutes=float(minutes) / FAST_FRACTION)


def remind_time(schedule: GameSchedule, pending: PendingDeadline) -> datetime:
    """When the phase's reminder is due: its lead before the close, but never before day 1
    opens after an acquaintance (R-LIFE-2: no vote is possible before)."""
    remind_at = pending.closes_at - lead_time(schedule, pending.phase)
    opens = schedule.day_opens_at
    if pending.phase == "day" and pending.day_number == 1 and opens is not None:
        remind_at = max(remind_at, opens)
    return remind_at


async def not_acted(game_id: int, state: GameState) -> list[str]:
    """The players (ids) who have not acted in the current phase."""
    if state.phase is Phase.DAY:
        voted = {v.actor for v in await votes_for_day(game_id, state.number)}
        return [p.id for p in state.living() if p.id not in voted]
    chosen = {c.actor for c in await choices_for_phase(game_id, "night", state.number)}
    waiting: list[str] = []
    for actor in actors(state):
        team = state.is_team_key(actor)
        members = [p.id for p in state.members(Faction(actor))] if team else [actor]
        if not chosen & {actor, *members}:
            waiting += [m for m in members if state.get(m).alive]
    return list(dict.fromkeys(waiting))


class Reminders(Worker):
    name = "reminders"

    def __init__(self, wake_outbox: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.wake_outbox = wake_outbox

    async def round(self) -> datetime | None:
        """Remind of the phases whose time has come: only the games whose indexed
        ``remind_at`` has passed are read (db.rounds), however many are running."""
        now = clock.now()
        for due in await reminders_due(now):
            pending = PendingDeadline(due.game_id, 0, due.phase, due.day_number, due.closes_at)
            remind_at = remind_time(due.schedule, pending)
            if now < remind_at:
                await set_remind_at(due, remind_at)  # the exact time, now that it is known
                continue
            if now < due.closes_at:
                await self._remind(await get_game(due.game_id), pending)
            await set_remind_at(due, None)  # reminded, or too late to
        return await next_reminder_at(now)

    async def _remind(self, game: GameInfo, pending: PendingDeadline) -> None:
        key = f"reminded:{game.id}:{pending.phase}:{pending.day_number}"
        if await get_meta(key) is not None:
            return
        state = (await load_state(game.id)).game_state()
        language = await dm_locales(game)  # each in his own language (issue 19)
        deadline = game.votes_deadline if pending.phase == "day" else game.choices_deadline
        until = int((deadline.announced_at if deadline else pending.closes_at).timestamp())
        waiting = await not_acted(game.id, state)
        effects = [
            Effect("dm", int(pid), t(language(pid), f"remind-{pending.phase}", until=until))
            for pid in waiting
            if pid.isdigit()
        ]
        await add(game.id, effects)
        await set_meta(key, str(len(effects)))
        if self.wake_outbox is not None:
            self.wake_outbox()
        log.info(
            "game %s: %d reminder(s), %s %s",
            game.id,
            len(effects),
            pending.phase,
            pending.day_number,
        )
