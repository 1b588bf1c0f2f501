"""The host's changes to the clock (R-TIME): a deadline for the whole game or one day, the
outage's reopened vote (R-TIME-5), pause and resume, the next days' opening time (R-TIME-6).

Everything is kept in the game's stored schedule (``game.schedule.host``, db.schedule's
``HostChanges``), so the changes survive a restart and :func:`schedule_for` gives the engine's schedule with them for every
later phase; a change that touches the current phase also rewrites its stored deadlines (what
votes are judged by and what the scheduler sleeps until). Each is announced in public at once
and again with the phase's results (``notes``; the rule: "the change is announced with the
day's results"); a deadline is public information, so nothing here can reveal a role.

The stored shape is db.schedule's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, time, timedelta
from typing import Any

from cogs.game.host_common import Change, apply, game_language, wake
from cogs.game.server import ANNOUNCEMENTS
from cogs.game.start import schedule_of
from cogs.game.table import channel_for
from cogs.service import session
from cogs.service.session import GameSession
from cogs.support import clock as bot_clock
from cogs.support.errors import UserFacingError
from db.games import GameInfo, votes_for_day
from db.outbox import Effect
from db.schedule import (
    GameSchedule,
    HostChanges,
    HostOverride,
    Note,
    Opening,
    Paused,
    PausedDeadline,
)
from db.unset import UNSET, Unset
from engine import Event, GameState, clock
from engine.events import HostAction
from engine.forum import host_clock
from locales import t

__all__ = [
    "KINDS",
    "after_vote",
    "notes_effects",
    "outage",
    "pause",
    "refuse_before_opening",
    "resume",
    "schedule_after",
    "schedule_for",
    "set_deadline",
    "set_opening",
]

#: The command's kinds → the clock's; each with its phase.
KINDS: dict[str, clock.ChoiceKind] = {
    "day-choices": "day_choice",
    "vote": "vote",
    "night": "night_choice",
}
PHASE_OF = host_clock.PHASE_OF


def _until(value: str | int) -> time | timedelta | datetime:
    if isinstance(value, int):
        return timedelta(minutes=value)
    if "T" in value:
        return datetime.fromisoformat(value)
    return time.fromisoformat(value)


def schedule_for(game: GameInfo) -> clock.Schedule:
    """The engine's schedule of ``game`` with every change its host made."""
    base = schedule_of(game)
    host = game.schedule.host
    changes: dict[str, Any] = {}
    whole, opens = host.game, host.opens
    if isinstance(base, clock.ClockSchedule):
        fields = {
            "day_choice": "day_choice_until",
            "vote": "vote_until",
            "night_choice": "night_until",
        }
        changes = {fields[k]: time.fromisoformat(str(v)) for k, v in whole.items()}
        if opens is not None:
            changes["day_opens_at"] = time.fromisoformat(str(opens))
    else:
        fields = {"day_choice": "day_choice", "vote": "vote", "night_choice": "night"}
        changes = {fields[k]: timedelta(minutes=int(v)) for k, v in whole.items()}
        if opens is not None:
            changes["day_opens_after"] = timedelta(minutes=int(opens))
    overrides = tuple(
        clock.Override(clock.Phase(o.phase, o.number), o.kind, _until(o.until))  # type: ignore[arg-type]
        for o in host.overrides
    )
    return replace(base, **changes, overrides=(*base.overrides, *overrides))


def _value(schedule: clock.Schedule, value: str) -> str | int:
    """The host's text as the schedule's kind of value: ``HH:MM`` by the clock, minutes in a
    fast game."""
    text = value.strip()
    if isinstance(schedule, clock.ClockSchedule):
        try:
            parsed = time.fromisoformat(text)
        except ValueError:
            raise UserFacingError("host-bad-time", value=text) from None
        return parsed.strftime("%H:%M")
    if not text.isdigit() or not 1 <= int(text) <= 10080:
        raise UserFacingError("host-bad-minutes", value=text)
    return int(text)


def _stored(game: GameInfo, by_clock: bool) -> dict[str, clock.Deadline]:
    """The current phase's deadlines as the row keeps them."""
    found: dict[str, clock.Deadline] = {}
    choice_kind: clock.ChoiceKind = "day_choice" if game.phase == "day" else "night_choice"
    if game.choices_deadline is not None:
        d = game.choices_deadline
        found[choice_kind] = clock.Deadline(choice_kind, d.announced_at, d.closes_at, by_clock)
    if game.votes_deadline is not None:
        d = game.votes_deadline
        found["vote"] = clock.Deadline("vote", d.announced_at, d.closes_at, by_clock)
    return found


def _opened(game: GameInfo, old: clock.Schedule, now: datetime) -> datetime:
    """When the current phase opened (``engine.forum.host_clock.opened_at``)."""
    phase = clock.Phase(game.phase, game.day_number)  # type: ignore[arg-type]
    main: clock.ChoiceKind = "vote" if game.phase == "day" else "night_choice"
    return host_clock.opened_at(old, phase, _stored(game, by_clock=False).get(main), now)


def _noted(host: HostChanges, game: GameInfo, key: str, **args: str | int) -> tuple[Note, ...]:
    """The host's notes with one more, said again with this phase's results."""
    return (*host.notes, Note(str(game.phase), game.day_number, key, args))


#: The engine's refusals of a change of the clock, as sentences.
CLOCK_REFUSALS = {
    host_clock.ClockRefusal.PAUSED: "host-paused",
    host_clock.ClockRefusal.OUTAGE_NOT_DAY: "host-outage-not-day",
}


def _refuse(refused: host_clock.ClockRefusal | None) -> None:
    if refused is not None:
        raise UserFacingError(CLOCK_REFUSALS[refused])


def _refuse_paused(host: HostChanges) -> None:
    _refuse(host_clock.may_change_clock(paused=host.paused is not None))


def _current_with(
    game: GameInfo, deadlines: dict[str, clock.Deadline], new: clock.Deadline
) -> list[clock.Deadline]:
    """The current phase's deadlines with ``new`` in (``engine.forum.host_clock``)."""
    return host_clock.with_deadline(deadlines.values(), new)


async def set_deadline(
    game_id: int,
    by: int,
    *,
    by_is_server_host: bool,
    kind: str,
    value: str,
    day: int | None = None,
) -> clock.Deadline | None:
    """Change ``kind``'s deadline for the whole game (``day`` None) or for day ``day`` (and its
    night, for the night's choices). Returns the current phase's new deadline, if it moved."""
    engine_kind = KINDS[kind]

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        host = game.schedule.host
        _refuse_paused(host)
        old = schedule_for(game)
        stored_value = _value(old, value)
        phase_kind = PHASE_OF[engine_kind]
        now_phase = clock.Phase(game.phase, game.day_number)  # type: ignore[arg-type]
        if day is None:
            host = replace(host, game={**host.game, engine_kind: stored_value})
        else:
            if host_clock.day_over(now_phase, engine_kind, day):
                raise UserFacingError("host-day-over", day=day)
            moved = HostOverride(phase_kind, day, engine_kind, stored_value)
            host = replace(host, overrides=(*host.overrides, moved))
        current = host_clock.touches_current(now_phase, engine_kind, day)
        change = Change(schedule=replace(game.schedule, host=host))
        shown = str(stored_value)
        if current:
            new = _moved(
                game, replace(game, schedule=change.schedule), old, phase_kind, engine_kind
            )
            by_clock = isinstance(old, clock.ClockSchedule)
            change.deadlines = _current_with(game, _stored(game, by_clock), new)
            change.result = new
            shown = f"<t:{int(new.named.timestamp())}:f>"
        scope = (
            t(locale, "host-scope-game") if day is None else t(locale, "host-scope-day", day=day)
        )
        args = {"kind": t(locale, f"host-kind-{kind}"), "until": shown, "scope": scope}
        host = replace(host, notes=_noted(host, game, "host-note-deadline", **args))
        change.schedule = replace(game.schedule, host=host)
        change.public.append(t(locale, "host-note-deadline", **args))
        return change

    _, _, change = await apply(
        game_id,
        by,
        by_is_server_host=by_is_server_host,
        decide=decide,
        log_key="host-log-deadline",
        kind=kind,
        value=value,
        day=day or 0,
    )
    return change.result  # type: ignore[no-any-return]


def _moved(
    game: GameInfo,
    updated: GameInfo,
    old: clock.Schedule,
    phase_kind: clock.PhaseKind,
    kind: clock.ChoiceKind,
) -> clock.Deadline:
    """The current phase's ``kind`` deadline under the updated schedule; refused if past."""
    now = bot_clock.now()
    phase = clock.Phase(phase_kind, game.day_number)
    new = clock.deadline(schedule_for(updated), phase, kind, _opened(game, old, now))
    if host_clock.is_past(new, now):
        raise UserFacingError("host-deadline-past")
    return new


async def outage(game_id: int, by: int, *, by_is_server_host: bool, minutes: int) -> clock.Deadline:
    """R-TIME-5: the vote of the current day gets a new exact deadline ``minutes`` (30-60)
    from now; it then closes early once every living player has voted (:func:`after_vote`)."""

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        host = game.schedule.host
        _refuse(host_clock.may_declare_outage(game.phase, paused=host.paused is not None))
        now = bot_clock.now()
        phase = clock.Phase("day", game.day_number)
        try:
            until = host_clock.outage_until(schedule_for(game), phase, now, minutes)
        except clock.ClockError:
            raise UserFacingError("host-outage-range") from None
        reopened = HostOverride("day", game.day_number, "vote", until.isoformat())
        host = replace(host, overrides=(*host.overrides, reopened), outage=game.day_number)
        updated = replace(game, schedule=replace(game.schedule, host=host))
        new = clock.deadline(schedule_for(updated), phase, "vote", now)
        by_clock = isinstance(schedule_for(game), clock.ClockSchedule)
        shown = f"<t:{int(new.named.timestamp())}:f>"
        host = replace(host, notes=_noted(host, game, "host-note-outage", until=shown))
        return Change(
            schedule=replace(game.schedule, host=host),
            deadlines=_current_with(game, _stored(game, by_clock), new),
            public=[t(locale, "host-note-outage", until=shown)],
            result=new,
        )

    _, _, change = await apply(
        game_id,
        by,
        by_is_server_host=by_is_server_host,
        decide=decide,
        log_key="host-log-outage",
        minutes=minutes,
    )
    return change.result  # type: ignore[no-any-return]


async def after_vote(game_id: int, first: GameSession | None = None) -> bool:
    """R-TIME-5: once every living player has voted on a day reopened after an outage, the vote
    closes now (the scheduler resolves it after its grace). Returns whether it closed.
    ``first``: the game as the vote read it (no outage that day: nothing more is read)."""

    async def step(s: GameSession) -> bool:
        game = s.game
        host = game.schedule.host
        if game.phase != "day" or host.outage != game.day_number or host.paused is not None:
            return False
        voted = {v.actor for v in await votes_for_day(game_id, game.day_number)}
        if not host_clock.outage_vote_complete(s.state, voted):
            return False
        now = bot_clock.now()
        by_clock = isinstance(schedule_for(game), clock.ClockSchedule)
        closed = clock.Deadline("vote", now, now, by_clock)
        locale = await game_language(game)
        effects = []
        channel = await channel_for(game, ANNOUNCEMENTS)
        if channel is not None:
            effects.append(Effect("post", channel, t(locale, "host-note-outage-closed")))
        change = session.Change(
            s.state,
            schedule=game.schedule.with_host(outage=None),
            deadlines=_current_with(game, _stored(game, by_clock), closed),
            effects=effects,
        )
        await session.commit(s, change)
        return True

    if first is not None and first.game.schedule.host.outage != first.game.day_number:
        return False
    closed = await session.run(game_id, step)
    if closed:
        wake()
    return closed


async def pause(game_id: int, by: int, *, by_is_server_host: bool) -> None:
    """Stop the clock: the current phase's deadlines are put aside (nothing closes, nothing is
    late) until :func:`resume` moves them by the time paused. Stored: a restart keeps it."""

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        _refuse_paused(game.schedule.host)
        by_clock = isinstance(schedule_for(game), clock.ClockSchedule)
        kept = tuple(
            PausedDeadline(d.kind, d.named, d.close, d.by_clock)
            for d in _stored(game, by_clock).values()
        )
        paused = Paused(bot_clock.now(), kept)
        return Change(
            schedule=game.schedule.with_host(paused=paused),
            deadlines=[],
            public=[t(locale, "host-note-paused")],
        )

    await apply(
        game_id, by, by_is_server_host=by_is_server_host, decide=decide, log_key="host-log-pause"
    )


async def resume(game_id: int, by: int, *, by_is_server_host: bool) -> list[clock.Deadline]:
    """Start the clock again: each put-aside deadline moves by the time paused."""

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        host = game.schedule.host
        paused = host.paused
        if paused is None:
            raise UserFacingError("host-not-paused")
        kept = [
            clock.Deadline(d.kind, d.named, d.close, d.by_clock)  # type: ignore[arg-type]
            for d in paused.deadlines
        ]
        moved = host_clock.resumed(kept, paused.at, bot_clock.now())
        main = [d for d in moved if d.kind in ("vote", "night_choice")]
        shown = f"<t:{int(main[0].named.timestamp())}:f>" if main else "-"
        notes = _noted(host, game, "host-note-resumed", until=shown)
        return Change(
            schedule=game.schedule.with_host(paused=None, notes=notes),
            deadlines=moved,
            public=[t(locale, "host-note-resumed", until=shown)],
            result=moved,
        )

    _, _, change = await apply(
        game_id, by, by_is_server_host=by_is_server_host, decide=decide, log_key="host-log-resume"
    )
    return change.result  # type: ignore[no-any-return]


async def set_opening(game_id: int, by: int, *, by_is_server_host: bool, value: str) -> None:
    """R-TIME-6: from now on each day opens at ``value`` (a wall time; a fast game: minutes
    after the night's resolution) instead of at once; ``now``/``0`` restores the default."""

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        host = game.schedule.host
        if value.strip().lower() in ("0", "now", "сразу"):
            host = replace(host, opens=None)
            shown = t(locale, "host-opens-at-once")
        else:
            host = replace(host, opens=_value(schedule_for(game), value))
            shown = str(host.opens)
        host = replace(host, notes=_noted(host, game, "host-note-opening", opens=shown))
        return Change(
            schedule=replace(game.schedule, host=host),
            public=[t(locale, "host-note-opening", opens=shown)],
        )

    await apply(
        game_id,
        by,
        by_is_server_host=by_is_server_host,
        decide=decide,
        log_key="host-log-opening",
        value=value,
    )


# -- used by the resolution (cogs.game.play) ----------------------------------------------------


def schedule_after(
    game: GameInfo, after: GameState, opened: datetime, now: datetime
) -> GameSchedule | Unset:
    """The schedule to store with a resolution: a day that opens later than now (R-TIME-6)
    keeps its opening, so votes before it are refused; UNSET when nothing changes."""
    later = host_clock.later_opening(after, opened, now)
    opening = None if later is None else Opening(after.number, later)
    if game.schedule.host.opening == opening:
        return UNSET
    return game.schedule.with_host(opening=opening)


def refuse_before_opening(game: GameInfo, acted_at: datetime) -> None:
    """R-TIME-6: no vote or day choice before the day's opening time."""
    opening = game.schedule.host.opening
    if opening is None:
        return
    if host_clock.not_open_yet(game.phase, game.day_number, opening.number, opening.at, acted_at):
        raise UserFacingError("host-day-not-open", until=int(opening.at.timestamp()))


async def notes_effects(
    game: GameInfo, before: GameState, opened: datetime | None, events: Sequence[Event] = ()
) -> list[Effect]:
    """The host's changes announced with the phase's results (R-TIME intro), the next day's
    later opening (R-TIME-6), the game going on at parity by the host's decision (R-WIN-2)."""
    locale = await game_language(game)
    lines = [
        t(locale, note.key, **note.args)
        for note in game.schedule.host.notes
        if note.phase == str(before.phase) and note.number == before.number
    ]
    if opened is not None and str(before.phase) == "night" and opened > bot_clock.now():
        lines.append(t(locale, "host-note-day-opens", at=int(opened.timestamp())))
    if any(isinstance(e, HostAction) and e.action == "continue_at_parity" for e in events):
        lines.append(t(locale, "host-note-continued"))
    channel = await channel_for(game, ANNOUNCEMENTS)
    if not lines or channel is None:
        return []
    return [Effect("post", channel, "\n".join([t(locale, "host-notes-title"), *lines]))]
