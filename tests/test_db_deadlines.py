"""Deadlines (R-TIME-1..3) in the games repository: a day has two, a night one, and a choice or a
vote is judged by when the user acted (``acted_at``, the interaction's snowflake time), inside
the transaction that records it, never by when the bot got round to it. On both backends.

Every game here played its day in March 2021: each action is processed years after it was made,
so a check against the current time would refuse them all; what is refused below is refused by
``acted_at`` alone.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import discord
import pytest

from db.games import (
    DeadlinePassed,
    GameStatus,
    PhaseClosed,
    StoredDeadline,
    advance_phase,
    cancel_game,
    choices_for_phase,
    create_game,
    get_game,
    load_state,
    pending_deadlines,
    record_choice,
    record_vote,
    start_game,
    votes_for_day,
)
from engine import Choice, Verb, clock, resolve_day
from tests.test_games_db import (
    COMMITMENT,
    GUILD,
    HOST,
    IDS,
    SEED,
    _day_votes,
    _first_state,
    _signed_up_game,
)

MOSCOW = ZoneInfo("Europe/Moscow")
SCHEDULE = clock.ClockSchedule()  # day choices 13:00, votes 21:00, night 22:00, Moscow time
DAY_1 = clock.Phase("day", 1)
NIGHT_1 = clock.Phase("night", 1)


def msk(hour: int, minute: int, second: int = 0, microsecond: int = 0) -> datetime:
    return datetime(2021, 3, 10, hour, minute, second, microsecond, tzinfo=MOSCOW)


OPENED = msk(9, 0)


def clicked_at(moment: datetime) -> datetime:
    """What the cog passes as ``acted_at``: the creation time of an interaction made at
    ``moment``, read back from its snowflake id (millisecond precision)."""
    return discord.utils.snowflake_time(discord.utils.time_snowflake(moment))


async def _game_in_day_1(schedule: clock.Schedule = SCHEDULE) -> int:
    game = await _signed_up_game()
    await start_game(
        game.id,
        _first_state(),
        commitment=COMMITMENT,
        seed=SEED,
        deadlines=clock.deadlines(schedule, DAY_1, OPENED).values(),
    )
    return game.id


async def _game_in_night_1() -> int:
    game_id = await _game_in_day_1()
    night, events = resolve_day(_first_state(), _day_votes())
    version = (await load_state(game_id)).version
    await advance_phase(
        game_id,
        version,
        night,
        events,
        deadlines=clock.deadlines(SCHEDULE, NIGHT_1, msk(21, 1)).values(),
    )
    return game_id


async def test_a_day_has_two_deadlines_and_a_night_one(db_url: str) -> None:
    day = await get_game(await _game_in_day_1())
    # Announced 13:00 and 21:00; closing at the first instant no longer in time (engine.clock).
    assert day.choices_deadline == StoredDeadline(msk(13, 0), msk(13, 0, 1))  # the whole second
    assert day.votes_deadline == StoredDeadline(msk(21, 0), msk(21, 1))
    night = await get_game(await _game_in_night_1())
    assert night.choices_deadline == StoredDeadline(msk(22, 0), msk(22, 1))
    assert night.votes_deadline is None
    for deadline in (day.choices_deadline, day.votes_deadline, night.choices_deadline):
        assert deadline is not None and deadline.closes_at.utcoffset() == timedelta(0)


async def test_a_vote_clicked_before_the_deadline_counts_however_late_it_is_processed(
    db_url: str,
) -> None:
    """R-TIME-2: "until 21:00 inclusive" — the whole minute 21:00 is in time."""
    game_id = await _game_in_day_1()
    await record_vote(game_id, 1, IDS[0], IDS[4], acted_at=clicked_at(msk(20, 59, 59)))
    await record_vote(game_id, 1, IDS[1], IDS[4], acted_at=clicked_at(msk(21, 0, 59, 999_000)))
    assert await votes_for_day(game_id, 1) == [
        Choice(IDS[0], Verb.VOTE, IDS[4]),
        Choice(IDS[1], Verb.VOTE, IDS[4]),
    ]


async def test_a_vote_clicked_at_21_01_is_refused_and_not_stored(db_url: str) -> None:
    """R-TIME-2: "a vote at 21:01:00 is refused"."""
    game_id = await _game_in_day_1()
    version = (await load_state(game_id)).version
    with pytest.raises(DeadlinePassed) as refused:
        await record_vote(game_id, 1, IDS[0], IDS[4], acted_at=clicked_at(msk(21, 1)))
    assert refused.value.code == "deadline_passed"
    # The announced deadline, as a Discord timestamp each reader sees in his own zone.
    assert refused.value.message_args() == {"deadline": int(msk(21, 0).timestamp())}
    assert await votes_for_day(game_id, 1) == []
    assert (await load_state(game_id)).version == version  # nothing written at all
    # Judged by acted_at, not by arrival order: an in-time vote processed after it still counts.
    await record_vote(game_id, 1, IDS[0], IDS[4], acted_at=clicked_at(msk(21, 0, 30)))
    assert await votes_for_day(game_id, 1) == [Choice(IDS[0], Verb.VOTE, IDS[4])]


async def test_day_choices_close_at_13_00_00_and_votes_go_on(db_url: str) -> None:
    """R-TIME-1: "until 13:00:00 inclusive; a choice at 13:00:01 is refused", the whole
    second in time (13:00:00.999 counts); the vote has its own deadline (R-TIME-2)."""
    game_id = await _game_in_day_1()
    protect = Choice(IDS[6], Verb.PROTECT, IDS[5])
    await record_choice(game_id, "day", 1, Choice(IDS[6], Verb.PROTECT, IDS[3]), acted_at=msk(13, 0))
    await record_choice(game_id, "day", 1, protect, acted_at=msk(13, 0, 0, 999999))
    for late in (msk(13, 0, 1), msk(13, 0, 1, 1)):
        with pytest.raises(DeadlinePassed) as refused:
            await record_choice(
                game_id, "day", 1, Choice(IDS[6], Verb.PROTECT, IDS[4]), acted_at=late
            )
        assert refused.value.message_args() == {"deadline": int(msk(13, 0).timestamp())}
    assert await choices_for_phase(game_id, "day", 1) == [protect]  # the late one replaced none
    await record_vote(game_id, 1, IDS[0], IDS[4], acted_at=msk(13, 30))
    assert len(await votes_for_day(game_id, 1)) == 1


async def test_night_choices_close_with_their_minute(db_url: str) -> None:
    """R-TIME-3: "until 22:00 inclusive; at 22:01:00 refused"; no vote at night."""
    game_id = await _game_in_night_1()
    shoot = Choice("mafia", Verb.SHOOT, IDS[5])
    await record_choice(game_id, "night", 1, shoot, acted_at=clicked_at(msk(22, 0, 59, 999_000)))
    with pytest.raises(DeadlinePassed):
        await record_choice(
            game_id, "night", 1, Choice("mafia", Verb.SHOOT, IDS[6]), acted_at=msk(22, 1)
        )
    assert await choices_for_phase(game_id, "night", 1) == [shoot]
    with pytest.raises(PhaseClosed):
        await record_vote(game_id, 1, IDS[0], IDS[4], acted_at=msk(21, 30))


async def test_the_repository_and_the_engine_agree_on_every_boundary(db_url: str) -> None:
    """At, just before and just after each closing instant, and at each announced one, the
    repository accepts exactly what ``engine.clock.in_time`` says is in time."""
    for schedule in (SCHEDULE, clock.DurationSchedule()):
        day = clock.deadlines(schedule, DAY_1, OPENED)
        night = clock.deadlines(schedule, NIGHT_1, day["vote"].close)
        game_id = await _game_in_day_1(schedule)
        for kind, deadline in [*day.items(), *night.items()]:
            if kind == "night_choice":
                night_state, _ = resolve_day(_first_state(), _day_votes())
                version = (await load_state(game_id)).version
                await advance_phase(game_id, version, night_state, [], deadlines=night.values())
            tick = timedelta(microseconds=1)
            for instant in (
                deadline.named,
                deadline.close - tick,
                deadline.close,
                deadline.close + tick,
            ):
                expected = clock.in_time(deadline, instant)
                try:
                    if kind == "vote":
                        await record_vote(game_id, 1, f"voter-{instant}", IDS[1], acted_at=instant)
                    else:
                        phase = "day" if kind == "day_choice" else "night"
                        choice = Choice(IDS[2], Verb.PROTECT, IDS[1])
                        await record_choice(game_id, phase, 1, choice, acted_at=instant)
                    accepted = True
                except DeadlinePassed:
                    accepted = False
                assert accepted is expected, (schedule, kind, instant)


async def test_a_time_without_a_zone_is_a_programming_error(db_url: str) -> None:
    game_id = await _game_in_day_1()
    with pytest.raises(ValueError, match="timezone-aware"):
        await record_vote(game_id, 1, IDS[0], IDS[4], acted_at=datetime(2021, 3, 10, 20, 0))
    assert await votes_for_day(game_id, 1) == []


async def test_a_phase_without_deadlines_refuses_nothing_for_lateness(db_url: str) -> None:
    game = await _signed_up_game()
    await start_game(game.id, _first_state(), commitment=COMMITMENT, seed=SEED)
    info = await get_game(game.id)
    assert info.choices_deadline is None and info.votes_deadline is None
    await record_vote(game.id, 1, IDS[0], IDS[4], acted_at=datetime(2099, 1, 1, tzinfo=UTC))
    assert len(await votes_for_day(game.id, 1)) == 1


async def test_advancing_sets_keeps_or_clears_the_deadlines(db_url: str) -> None:
    game_id = await _game_in_day_1()
    day = await get_game(game_id)
    # A host override (the same phase) without deadlines keeps the phase's.
    after_override = await advance_phase(game_id, day.version, _first_state(), [])
    kept = await get_game(game_id)
    assert (kept.choices_deadline, kept.votes_deadline) == (
        day.choices_deadline,
        day.votes_deadline,
    )
    # The same phase with new deadlines (the host moved the vote, R-TIME intro / R-TIME-5).
    moved = clock.with_override(SCHEDULE, clock.Override(DAY_1, "vote", msk(21, 45)))
    after_move = await advance_phase(
        game_id,
        after_override,
        _first_state(),
        [],
        deadlines=clock.deadlines(moved, DAY_1, OPENED).values(),
    )
    assert (await get_game(game_id)).votes_deadline == StoredDeadline(msk(21, 45), msk(21, 46))
    await record_vote(game_id, 1, IDS[0], IDS[4], acted_at=msk(21, 30))
    # A vote deadline at night is refused before anything is stored.
    night, events = resolve_day(_first_state(), _day_votes())
    version = after_move + 1  # the vote bumped it
    with pytest.raises(ValueError, match="night"):
        await advance_phase(
            game_id,
            version,
            night,
            events,
            deadlines=clock.deadlines(SCHEDULE, DAY_1, OPENED).values(),
        )
    assert (await load_state(game_id)).version == version
    # A resolution into a new phase without deadlines: the old phase's do not carry over.
    await advance_phase(game_id, version, night, events)
    resolved = await get_game(game_id)
    assert resolved.phase == "night"
    assert (resolved.choices_deadline, resolved.votes_deadline) == (None, None)


async def test_a_game_over_has_no_deadline(db_url: str) -> None:
    finished, cancelled = await _game_in_day_1(), await _game_in_day_1()
    await advance_phase(
        finished, (await load_state(finished)).version, _first_state(), [],
        status=GameStatus.FINISHED,
    )  # fmt: skip
    await cancel_game(cancelled)
    for game_id in (finished, cancelled):
        info = await get_game(game_id)
        assert (info.choices_deadline, info.votes_deadline) == (None, None)
    assert await pending_deadlines() == []


async def test_pending_deadlines_are_the_phase_ends_earliest_first(db_url: str) -> None:
    """The scheduler's start-up load: a day ends with its vote (R-TIME-2), not its day choices;
    a night with its choices (R-TIME-3)."""
    late_day = await _game_in_day_1()
    night = await _game_in_night_1()
    early_day = await _game_in_day_1(clock.DurationSchedule())
    await create_game(GUILD, HOST, "two-sided")  # in signup: nothing pending
    pending = await pending_deadlines()
    assert [(p.game_id, p.phase, p.day_number, p.closes_at) for p in pending] == [
        (early_day, "day", 1, OPENED + timedelta(minutes=20)),
        (late_day, "day", 1, msk(21, 1)),
        (night, "night", 1, msk(22, 1)),
    ]
    assert [p.version for p in pending] == [(await load_state(p.game_id)).version for p in pending]


async def test_a_choice_is_per_verb_and_gun_and_a_skip_replaces_the_rest(db_url: str) -> None:
    """As engine.record: the woodman may fire two taken guns in one night (R-NIGHT-10); a skip
    replaces the actor's other choices, and a later choice replaces his skip (R-TIME-4)."""
    from engine import Gun

    game_id = await _game_in_night_1()
    woodman = IDS[2]
    at = msk(21, 30)
    fire_cop = Choice(woodman, Verb.FIRE, IDS[0], Gun.COP)
    fire_mafia = Choice(woodman, Verb.FIRE, IDS[1], Gun.MAFIA)
    await record_choice(game_id, "night", 1, fire_cop, acted_at=at)
    await record_choice(game_id, "night", 1, fire_mafia, acted_at=at)
    again = Choice(woodman, Verb.FIRE, IDS[3], Gun.COP)  # the cop's gun at someone else
    await record_choice(game_id, "night", 1, again, acted_at=at)
    assert await choices_for_phase(game_id, "night", 1) == [fire_mafia, again]
    await record_choice(game_id, "night", 1, Choice(woodman, Verb.SKIP), acted_at=at)
    assert await choices_for_phase(game_id, "night", 1) == [Choice(woodman, Verb.SKIP)]
    await record_choice(game_id, "night", 1, fire_cop, acted_at=at)
    assert await choices_for_phase(game_id, "night", 1) == [fire_cop]
