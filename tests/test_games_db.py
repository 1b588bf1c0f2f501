"""The games repository (db.games and its modules) on both backends: signup, choices, votes, the engine state,
the event log, the optimistic phase guard, and a restart."""

from __future__ import annotations

import asyncio
import secrets
from datetime import UTC, datetime

import pytest

from db import close_db, init_db
from db.games import (
    AlreadySignedUp,
    AlreadyVoted,
    BadName,
    GameInfo,
    GameNotFound,
    GameStatus,
    NameTaken,
    NotRunning,
    NotSignedUp,
    PhaseClosed,
    SeedSecret,
    SignupClosed,
    StaleVersion,
    add_player,
    advance_phase,
    cancel_game,
    choices_for_phase,
    create_game,
    event_log,
    games_in_guild,
    get_game,
    load_state,
    players,
    record_choice,
    record_vote,
    remove_player,
    reveal_seed,
    set_channels,
    set_lobby,
    start_game,
    votes_for_day,
)
from db.models import GameChoice, GameEvent
from db.schedule import GameSchedule
from engine import (
    Choice,
    Event,
    GameState,
    Gun,
    Phase,
    Verb,
    new_game,
    public_view,
    resolve_day,
    resolve_night,
)
from engine.events import Cause, Died, VoteCast, event_to_dict
from engine.names import name_key

GUILD = 1_180_000_000_000_000_001
HOST = 1_180_000_000_000_000_002
USERS = [1_180_000_000_000_000_100 + i for i in range(7)]
IDS = [str(u) for u in USERS]
ROLES = ["don", "mafioso", "cop", "doctor", "citizen", "citizen", "citizen"]
NAMES = ["Дон Корлеоне", "Лука Брази", "Комиссар Мегрэ", "Доктор Ватсон", "Анна", "Борис", "Вера"]
TWELVE = "Агата Богдан Глеб Дарья Егор Жанна Зоя Игорь Лев Марк Нина Олег".split()
SEED = secrets.token_hex(32)
COMMITMENT = "ab" * 32
# When the users act in games without deadlines (the deadline tests: tests/test_db_deadlines.py).
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
#: No timing: deadlines read as by the clock, but not a clock game (no R-SANCT-3 threshold).
UNTIMED = GameSchedule(timed=False)


async def _signed_up_game() -> GameInfo:
    game = await create_game(GUILD, HOST, "two-sided", schedule=UNTIMED)
    for user, name in zip(USERS, NAMES, strict=True):
        await add_player(game.id, user, name)
    return game


def _first_state() -> GameState:
    return new_game(
        "two-sided", list(zip(IDS, ROLES, strict=True)), names=dict(zip(IDS, NAMES, strict=True))
    )


def _day_votes() -> list[Choice]:
    """Everyone votes (R-VOTE-4), the citizen IDS[4] is voted out."""
    return [Choice(i, Verb.VOTE, IDS[0] if i == IDS[4] else IDS[4]) for i in IDS]


def _night_choices() -> list[Choice]:
    return [
        Choice("mafia", Verb.SHOOT, IDS[5]),
        Choice(IDS[2], Verb.SHOOT, IDS[0]),
        Choice(IDS[3], Verb.HEAL, IDS[6]),
    ]


async def _running_game() -> tuple[GameInfo, GameState]:
    game = await _signed_up_game()
    state = _first_state()
    await start_game(game.id, state.to_json(), commitment=COMMITMENT, seed=SEED)
    return game, state


# --- games and signup ------------------------------------------------------------------------


async def test_create_game_and_sign_up_in_order(db_url: str) -> None:
    game = await _signed_up_game()
    assert (game.guild_id, game.host_id, game.mode) == (GUILD, HOST, "two-sided")
    assert game.status is GameStatus.SIGNUP and game.version == 0
    assert game.channel_id is None and game.category_id is None
    assert game.schedule == UNTIMED
    listed = await players(game.id)
    assert [(p.user_id, p.signup_order, p.name) for p in listed] == [
        (user, order, name) for order, (user, name) in enumerate(zip(USERS, NAMES, strict=True))
    ]
    assert await games_in_guild(GUILD) == [await get_game(game.id)]
    assert await games_in_guild(GUILD + 1) == []
    updated = await set_channels(game.id, category_id=GUILD + 10, channel_id=GUILD + 11)
    assert (updated.category_id, updated.channel_id) == (GUILD + 10, GUILD + 11)
    assert (await set_channels(game.id, channel_id=None)).category_id == GUILD + 10
    assert (game.title, game.lobby_message_id, game.roles) == (None, None, None)
    lobby = await set_lobby(game.id, title="Осенняя партия", lobby_message_id=GUILD + 12)
    assert (lobby.title, lobby.lobby_message_id, lobby.roles) == (
        "Осенняя партия",
        GUILD + 12,
        None,
    )
    chosen = await set_lobby(game.id, roles={"preset": "three-sided-25"})
    assert chosen.roles == {"preset": "three-sided-25"} and chosen.title == "Осенняя партия"
    assert (await set_lobby(game.id, roles=None)).roles is None
    with pytest.raises(GameNotFound):
        await set_lobby(game.id + 1000, title="x")
    with pytest.raises(GameNotFound):
        await add_player(game.id + 1000, USERS[0], "Кто-то")


async def test_a_user_signs_up_once(db_url: str) -> None:
    game = await create_game(GUILD, HOST, "two-sided")
    await add_player(game.id, USERS[0], "Анна")
    with pytest.raises(AlreadySignedUp) as refused:
        await add_player(game.id, USERS[0], "Борис")
    assert refused.value.code == "already_signed_up" and refused.value.game_id == game.id
    assert (await add_player(game.id, USERS[1], "Борис")).signup_order == 1
    # The same user may play in another game.
    other = await create_game(GUILD, HOST, "two-sided")
    assert (await add_player(other.id, USERS[0], "Анна")).signup_order == 0


@pytest.mark.parametrize(
    "second", ["Дон Корлеоне", "дон корлеоне", "Дон-Корлеоне", "ДOН KOPЛЕОНЕ", "Донн Корлеоне"]
)
async def test_same_or_confusable_names_are_refused(db_url: str, second: str) -> None:
    game = await create_game(GUILD, HOST, "two-sided")
    await add_player(game.id, USERS[0], "Дон Корлеоне")
    with pytest.raises(NameTaken) as refused:
        await add_player(game.id, USERS[1], second)
    assert refused.value.code == "name_taken"
    assert refused.value.taken_by == "Дон Корлеоне"
    assert [p.user_id for p in await players(game.id)] == [USERS[0]]


@pytest.mark.parametrize("name", ["", "   ", "1234", "!!", "x" * 33, "Анна\u200b", "Анна\x00"])
async def test_bad_names_are_refused(db_url: str, name: str) -> None:
    game = await create_game(GUILD, HOST, "two-sided")
    with pytest.raises(BadName) as refused:
        await add_player(game.id, USERS[0], name)
    assert refused.value.code == "bad_name"


def test_name_keys() -> None:
    same = ["Дон Корлеоне", "ДОН  КОРЛЕОНЕ", "дон_корлеоне", "Дoн Kopлеоне", "Доннн Корлеоне"]
    assert len({name_key(n) for n in same}) == 1
    assert name_key("Алёна") == name_key("Алена")
    assert name_key("Pablo") == name_key("Раblо")  # Cyrillic Р, а, о
    assert name_key("Ivan") == name_key("lvan") == name_key("1van")
    different = ["Анна", "Алла", "Инна", "Борис", "Барис", "Mafia", "Maria"]
    assert len({name_key(n) for n in different}) == len(different)


async def test_concurrent_signups_get_distinct_orders(db_url: str) -> None:
    game = await create_game(GUILD, HOST, "two-sided")
    results = await asyncio.gather(
        *(add_player(game.id, USERS[0] + i, name) for i, name in enumerate(TWELVE))
    )
    assert sorted(p.signup_order for p in results) == list(range(12))
    assert [p.signup_order for p in await players(game.id)] == list(range(12))


async def test_concurrent_signups_of_one_user_keep_one(db_url: str) -> None:
    game = await create_game(GUILD, HOST, "two-sided")
    results = await asyncio.gather(
        *(add_player(game.id, USERS[0], name) for name in TWELVE[:5]),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, AlreadySignedUp) for r in results if isinstance(r, BaseException))
    assert len(await players(game.id)) == 1


async def test_withdrawing_and_signup_closing(db_url: str) -> None:
    game = await _signed_up_game()
    await remove_player(game.id, USERS[3])
    with pytest.raises(NotSignedUp):
        await remove_player(game.id, USERS[3])
    # Orders go on after the last one (engine.new_game numbers the deal itself, in this order).
    assert (await add_player(game.id, USERS[3], "Доктор Ватсон")).signup_order == 7
    assert [p.user_id for p in await players(game.id)] == USERS[:3] + USERS[4:] + [USERS[3]]
    await start_game(game.id, _first_state(), commitment=COMMITMENT, seed=SEED)
    with pytest.raises(SignupClosed) as refused:
        await add_player(game.id, USERS[0] + 50, "Опоздавший")
    assert refused.value.code == "signup_closed"
    with pytest.raises(SignupClosed):
        await remove_player(game.id, USERS[0])
    with pytest.raises(SignupClosed):  # started once only
        await start_game(game.id, _first_state(), commitment=COMMITMENT, seed=SEED)


# --- the state and the seed ------------------------------------------------------------------


async def test_start_stores_the_state_and_hides_the_seed(db_url: str) -> None:
    game, state = await _running_game()
    stored = await load_state(game.id)
    assert stored.status is GameStatus.RUNNING
    assert (stored.phase, stored.day_number, stored.version) == ("day", 1, 1)
    assert stored.state_json == state.to_json() and stored.game_state() == state
    info = await get_game(game.id)
    assert info.commitment == COMMITMENT
    assert not hasattr(info, "seed") and SEED not in repr(info) and SEED not in repr(stored)
    with pytest.raises(SeedSecret) as refused:
        await reveal_seed(game.id)
    assert refused.value.code == "seed_secret"


async def test_a_cancelled_game_reveals_its_seed(db_url: str) -> None:
    game, _ = await _running_game()
    assert (await cancel_game(game.id)).status is GameStatus.CANCELLED
    assert await reveal_seed(game.id) == SEED
    assert await games_in_guild(GUILD) == []
    with pytest.raises(NotRunning):
        await record_vote(game.id, 1, IDS[0], IDS[1], acted_at=NOW)


# --- choices and votes -----------------------------------------------------------------------


async def test_a_choice_is_upserted_the_last_one_wins(db_url: str) -> None:
    game, state = await _running_game()
    day_state, _ = resolve_day(state, _day_votes())
    await advance_phase(game.id, 1, day_state.to_json(), [])
    await record_choice(game.id, "night", 1, Choice("mafia", Verb.SHOOT, IDS[2]), acted_at=NOW)
    await record_choice(game.id, "night", 1, Choice(IDS[3], Verb.HEAL, IDS[3]), acted_at=NOW)
    await record_choice(game.id, "night", 1, Choice("mafia", Verb.SHOOT, IDS[5]), acted_at=NOW)
    await record_choice(game.id, "night", 1, Choice(IDS[3], Verb.HEAL, IDS[6]), acted_at=NOW)
    await record_choice(game.id, "night", 1, Choice("mafia", Verb.HIDE, IDS[1]), acted_at=NOW)
    chosen = await choices_for_phase(game.id, "night", 1)
    assert sorted(chosen, key=repr) == sorted(
        [
            Choice("mafia", Verb.SHOOT, IDS[5]),
            Choice(IDS[3], Verb.HEAL, IDS[6]),
            Choice("mafia", Verb.HIDE, IDS[1]),
        ],
        key=repr,
    )
    assert await GameChoice.filter(game_id=game.id).count() == 3
    assert await choices_for_phase(game.id, "night", 2) == []
    assert await choices_for_phase(game.id, "day", 1) == []


async def test_concurrent_choices_of_one_actor_keep_one_row(db_url: str) -> None:
    game, _ = await _running_game()
    await asyncio.gather(
        *(
            record_choice(game.id, "day", 1, Choice(IDS[0], Verb.PROTECT, target), acted_at=NOW)
            for target in IDS[1:]
        )
    )
    (chosen,) = await choices_for_phase(game.id, "day", 1)
    assert chosen.actor == IDS[0] and chosen.target in IDS[1:]


async def test_a_choice_keeps_its_gun(db_url: str) -> None:
    game, _ = await _running_game()
    fire = Choice(IDS[4], Verb.FIRE, IDS[1], Gun.MAFIA)
    await record_choice(game.id, "day", 1, fire, acted_at=NOW)
    assert await choices_for_phase(game.id, "day", 1) == [fire]


async def test_a_choice_for_a_closed_phase_is_refused(db_url: str) -> None:
    game, state = await _running_game()
    with pytest.raises(PhaseClosed) as refused:
        await record_choice(game.id, "night", 1, Choice("mafia", Verb.SHOOT, IDS[5]), acted_at=NOW)
    assert refused.value.code == "phase_closed"
    night, _ = resolve_day(state, _day_votes())
    await advance_phase(game.id, 1, night.to_json(), [])
    with pytest.raises(PhaseClosed):
        await record_choice(game.id, "day", 1, Choice(IDS[6], Verb.PROTECT, IDS[5]), acted_at=NOW)
    with pytest.raises(ValueError, match="record_vote"):
        await record_choice(game.id, "night", 1, Choice(IDS[0], Verb.VOTE, IDS[5]), acted_at=NOW)
    waiting = await create_game(GUILD, HOST, "two-sided")
    with pytest.raises(NotRunning):
        await record_choice(
            waiting.id, "day", 1, Choice(IDS[6], Verb.PROTECT, IDS[5]), acted_at=NOW
        )


async def test_a_vote_is_cast_once(db_url: str) -> None:
    game, _ = await _running_game()
    await record_vote(game.id, 1, IDS[0], IDS[4], acted_at=NOW)
    with pytest.raises(AlreadyVoted) as refused:
        await record_vote(game.id, 1, IDS[0], IDS[5], acted_at=NOW)
    assert refused.value.code == "already_voted"
    await record_vote(game.id, 1, IDS[1], IDS[4], acted_at=NOW)
    assert await votes_for_day(game.id, 1) == [
        Choice(IDS[0], Verb.VOTE, IDS[4]),
        Choice(IDS[1], Verb.VOTE, IDS[4]),
    ]
    with pytest.raises(PhaseClosed):  # day 2 has not come
        await record_vote(game.id, 2, IDS[2], IDS[4], acted_at=NOW)


async def test_concurrent_votes_of_one_voter_keep_the_first(db_url: str) -> None:
    game, _ = await _running_game()
    results = await asyncio.gather(
        *(record_vote(game.id, 1, IDS[0], target, acted_at=NOW) for target in IDS[1:]),
        return_exceptions=True,
    )
    assert results.count(None) == 1
    assert all(isinstance(r, AlreadyVoted) for r in results if r is not None)
    (vote,) = await votes_for_day(game.id, 1)
    assert vote.target == IDS[1 + results.index(None)]


# --- phases and the event log ----------------------------------------------------------------


async def _play_day_and_night(
    game_id: int, state: GameState
) -> tuple[GameState, list[Event], tuple[int, int]]:
    """Day 1 and night 1 through the repository, as the bot will: record, load, resolve, store.
    Also returns the game's version (version) after each of the two resolutions."""
    for vote in _day_votes():
        assert vote.target is not None
        await record_vote(game_id, 1, vote.actor, vote.target, acted_at=NOW)
    stored = await load_state(game_id)
    night, day_events = resolve_day(stored.game_state(), await votes_for_day(game_id, 1))
    after_day = await advance_phase(game_id, stored.version, night.to_json(), day_events)
    assert after_day == stored.version + 1
    for choice in _night_choices():
        await record_choice(game_id, "night", 1, choice, acted_at=NOW)
    stored = await load_state(game_id)
    assert (stored.phase, stored.day_number) == ("night", 1)
    chosen = await choices_for_phase(game_id, "night", 1)
    day2, night_events = resolve_night(stored.game_state(), chosen)
    after_night = await advance_phase(game_id, stored.version, day2, night_events)
    assert after_night == stored.version + 1
    # The same as the engine alone.
    expected_night, expected_day_events = resolve_day(state, _day_votes())
    expected_day2, expected_night_events = resolve_night(expected_night, _night_choices())
    assert day2 == expected_day2
    assert night_events == expected_night_events
    return day2, day_events + night_events, (after_day, after_night)


async def test_advance_phase_stores_state_and_events(db_url: str) -> None:
    game, state = await _running_game()
    day2, events, (after_day, after_night) = await _play_day_and_night(game.id, state)
    assert any(isinstance(e, Died) for e in events) and any(isinstance(e, VoteCast) for e in events)
    stored = await load_state(game.id)
    assert (stored.phase, stored.day_number, stored.version) == ("day", 2, after_night)
    assert stored.state_json == day2.to_json()
    assert GameState.from_json(stored.state_json) == day2 and stored.game_state() == day2
    info = await get_game(game.id)
    assert (info.phase, info.day_number, info.version) == ("day", 2, after_night)
    logged = await event_log(game.id)
    assert [e.event for e in logged] == events
    assert [e.seq for e in logged] == list(range(1, len(events) + 1))
    day_count = len(resolve_day(state, _day_votes())[1])
    assert [e.version for e in logged] == [after_day] * day_count + [after_night] * (
        len(events) - day_count
    )
    public = await event_log(game.id, public_only=True)
    phases = [Phase.DAY] * day_count + [Phase.NIGHT] * (len(events) - day_count)
    views = [public_view(e, phase) for e, phase in zip(events, phases, strict=True)]
    assert [e.event for e in public] == [v for v in views if v is not None]
    assert all(e.public for e in public) and len(public) < len(events)
    # The night's deaths reach the public without their cause (R-NIGHT-14), the raw log keeps it.
    night_deaths = [e for e in events[day_count:] if isinstance(e, Died)]
    shown = [e.event for e in public if isinstance(e.event, Died) and e.event in
             [Died(d.who, Cause.UNDISCLOSED) for d in night_deaths]]  # fmt: skip
    assert len(shown) == len(night_deaths) > 0
    assert [e.event for e in await event_log(game.id, after_seq=3)] == events[3:]
    # Stored as the engine's dicts (JSON): the log reads without the engine too.
    first = await GameEvent.filter(game_id=game.id, seq=1).first()
    assert first is not None and first.data == event_to_dict(events[0]) | {"produced_in": "day 1"}
    # Each event knows the phase that produced it: the day's, then the night's.
    produced = [e.produced_in for e in await event_log(game.id)]
    assert produced == ["day 1"] * day_count + ["night 1"] * (len(events) - day_count)


async def test_a_phase_is_advanced_once(db_url: str) -> None:
    game, state = await _running_game()
    night, events = resolve_day(state, _day_votes())
    results = await asyncio.gather(
        *(advance_phase(game.id, 1, night.to_json(), events) for _ in range(2)),
        return_exceptions=True,
    )
    assert results.count(2) == 1
    (lost,) = [r for r in results if r != 2]
    assert isinstance(lost, StaleVersion) and lost.code == "stale_version"
    assert [e.event for e in await event_log(game.id)] == events  # the loser stored nothing
    assert (await load_state(game.id)).version == 2
    # A late worker (or a restarted bot) with the old version changes nothing.
    with pytest.raises(StaleVersion):
        await advance_phase(game.id, 1, state.to_json(), [])
    assert (await load_state(game.id)).game_state() == night


async def test_many_racing_workers_one_wins(db_url: str) -> None:
    game, state = await _running_game()
    night, events = resolve_day(state, _day_votes())
    results = await asyncio.gather(
        *(advance_phase(game.id, 1, night, events) for _ in range(6)), return_exceptions=True
    )
    assert results.count(2) == 1
    assert all(isinstance(r, StaleVersion) for r in results if r != 2)
    logged = await event_log(game.id)
    assert [e.seq for e in logged] == list(range(1, len(events) + 1))


async def test_a_choice_recorded_during_resolution_is_not_lost(db_url: str) -> None:
    """DESIGN.md: nothing accepted is lost. A vote committed after the resolver read the votes
    makes its advance_phase fail; the resolver reads again and the late vote counts."""
    game, state = await _running_game()
    votes = _day_votes()
    late, early = votes[-1], votes[:-1]
    for vote in early:
        assert vote.target is not None
        await record_vote(game.id, 1, vote.actor, vote.target, acted_at=NOW)
    stored = await load_state(game.id)
    seen = await votes_for_day(game.id, 1)
    assert late.target is not None
    await record_vote(
        game.id, 1, late.actor, late.target, acted_at=NOW
    )  # "accepted" while resolving
    stale_night, stale_events = resolve_day(stored.game_state(), seen)
    assert any(isinstance(e, Died) and e.who == late.actor for e in stale_events)  # would autokill
    with pytest.raises(StaleVersion):
        await advance_phase(game.id, stored.version, stale_night, stale_events)
    # The retry, as the resolver does on StaleVersion: load, read, resolve, store.
    stored = await load_state(game.id)
    seen = await votes_for_day(game.id, 1)
    assert late in seen
    night, day_events = resolve_day(stored.game_state(), seen)
    await advance_phase(game.id, stored.version, night, day_events)
    assert (night, day_events) == resolve_day(state, votes)
    assert [e.event for e in await event_log(game.id)] == day_events


async def test_events_keep_order_across_changes(db_url: str) -> None:
    game, state = await _running_game()
    night, day_events = resolve_day(state, _day_votes())
    await advance_phase(game.id, 1, night, day_events[:2])
    await advance_phase(game.id, 2, night, [])  # e.g. a host override with no events
    await advance_phase(game.id, 3, night, day_events[2:])
    logged = await event_log(game.id)
    assert [e.event for e in logged] == day_events
    assert [e.seq for e in logged] == list(range(1, len(day_events) + 1))
    assert [e.version for e in logged] == [2, 2] + [4] * (len(day_events) - 2)


async def test_everything_survives_a_restart(empty_url: str) -> None:
    await init_db(empty_url)
    try:
        game, state = await _running_game()
        day2, events, (_, after_night) = await _play_day_and_night(game.id, state)
        await record_choice(game.id, "day", 2, Choice(IDS[1], Verb.SKIP), acted_at=NOW)
        await record_vote(game.id, 2, IDS[1], IDS[2], acted_at=NOW)
    finally:
        await close_db()
    await init_db(empty_url)
    try:
        stored = await load_state(game.id)
        # Two resolutions, then a choice and a vote, each a new version of the game.
        assert stored.version == after_night + 2 and stored.game_state() == day2
        assert [p.name for p in await players(game.id)] == NAMES
        assert [e.event for e in await event_log(game.id)] == events
        assert await choices_for_phase(game.id, "day", 2) == [Choice(IDS[1], Verb.SKIP)]
        assert await votes_for_day(game.id, 2) == [Choice(IDS[1], Verb.VOTE, IDS[2])]
        with pytest.raises(AlreadyVoted):
            await record_vote(game.id, 2, IDS[1], IDS[3], acted_at=NOW)
        with pytest.raises(StaleVersion):  # the phase resolved before the restart stays resolved
            await advance_phase(game.id, 2, day2, [])
        with pytest.raises(SeedSecret):
            await reveal_seed(game.id)
    finally:
        await close_db()


async def test_the_starts_marks_are_stored_in_its_commit(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-LIFE-2: the acquaintance's held deal is a mark stored in the start's own transaction;
    a start whose mark cannot be written has not started (no crash leaves an untold deal)."""
    from db.meta import get_meta
    from db.models import BotMeta

    game = await _signed_up_game()
    real = BotMeta.update_or_create

    async def refused(*args: object, **kwargs: object) -> object:
        raise ConnectionError("the disk is gone")

    monkeypatch.setattr(BotMeta, "update_or_create", refused)
    with pytest.raises(ConnectionError):
        await start_game(game.id, _first_state(), commitment=COMMITMENT, seed=SEED,
                         marks={f"deal-at:{game.id}": "2026-12-02T09:00:00+00:00"})  # fmt: skip
    assert (await get_game(game.id)).status is GameStatus.SIGNUP
    monkeypatch.setattr(BotMeta, "update_or_create", real)
    await start_game(game.id, _first_state(), commitment=COMMITMENT, seed=SEED,
                     marks={f"deal-at:{game.id}": "2026-12-02T09:00:00+00:00"})  # fmt: skip
    assert (await get_game(game.id)).status is GameStatus.RUNNING
    assert await get_meta(f"deal-at:{game.id}") == "2026-12-02T09:00:00+00:00"
