"""db.server_objects on both backends: a game's channels by kind, and the server's role pool
(claimed by one game at a time, given back at the end, reused by the next game)."""

from __future__ import annotations

import asyncio

import pytest

from db.games import (
    GameChannelRecord,
    GameNotFound,
    PooledRoleRecord,
    add_pooled_role,
    claim_pooled_role,
    create_game,
    drop_pooled_roles,
    forget_game_channels,
    game_channels,
    game_roles,
    pooled_roles,
    record_game_channels,
    release_pooled_roles,
)

GUILD, OTHER_GUILD, HOST = 1000, 2000, 7


async def test_a_games_channels_are_found_by_kind_and_forgotten(db_url: str) -> None:
    game = await create_game(GUILD, HOST, "two-sided")
    other = await create_game(GUILD, HOST, "two-sided")
    channels = [
        GameChannelRecord("category", 10),
        GameChannelRecord("discussion", 11),
        GameChannelRecord("cabinet", 12, "mafia"),
        GameChannelRecord("cabinet", 13, "cop"),
    ]
    await record_game_channels(game.id, channels)
    await record_game_channels(other.id, [GameChannelRecord("category", 20)])
    assert await game_channels(game.id) == channels
    assert await forget_game_channels(game.id, [12]) == 1
    assert [c.channel_id for c in await game_channels(game.id)] == [10, 11, 13]
    assert await forget_game_channels(game.id) == 3
    assert await game_channels(game.id) == []
    assert await game_channels(other.id) == [GameChannelRecord("category", 20)]


async def test_channels_of_an_unknown_game_are_refused(db_url: str) -> None:
    with pytest.raises(GameNotFound):
        await record_game_channels(999, [GameChannelRecord("category", 1)])


async def test_the_pool_lends_a_free_role_once_and_takes_it_back(db_url: str) -> None:
    first = await create_game(GUILD, HOST, "two-sided")
    second = await create_game(GUILD, HOST, "two-sided")
    assert await claim_pooled_role(GUILD, "alive", first.id) is None  # empty: create one
    await add_pooled_role(GUILD, "alive", 501, first.id)
    await add_pooled_role(GUILD, "dead", 502, first.id)
    await add_pooled_role(OTHER_GUILD, "alive", 601, None)  # another server's: never lent here
    # In use by the first game: the second finds nothing free.
    assert await claim_pooled_role(GUILD, "alive", second.id) is None
    assert await game_roles(first.id) == {"alive": 501, "dead": 502}

    assert sorted(await release_pooled_roles(first.id)) == [501, 502]
    assert await game_roles(first.id) == {}
    assert await claim_pooled_role(GUILD, "alive", second.id) == 501
    assert await claim_pooled_role(GUILD, "alive", second.id) is None  # lent once
    assert await game_roles(second.id) == {"alive": 501}
    assert await pooled_roles(GUILD) == [
        PooledRoleRecord(GUILD, 501, "alive", second.id),
        PooledRoleRecord(GUILD, 502, "dead", None),
    ]


async def test_a_role_gone_from_the_server_is_skipped_and_dropped(db_url: str) -> None:
    game = await create_game(GUILD, HOST, "two-sided")
    await add_pooled_role(GUILD, "host", 701, None)
    await add_pooled_role(GUILD, "host", 702, None)
    assert await claim_pooled_role(GUILD, "host", game.id, skip=[701]) == 702
    assert await drop_pooled_roles([701]) == 1
    assert [r.role_id for r in await pooled_roles(GUILD)] == [702]


async def test_two_games_claiming_at_once_never_share_a_role(db_url: str) -> None:
    games = [await create_game(GUILD, HOST, "two-sided") for _ in range(4)]
    for role_id in (801, 802):
        await add_pooled_role(GUILD, "spectator", role_id, None)
    got = await asyncio.gather(*(claim_pooled_role(GUILD, "spectator", g.id) for g in games))
    assert sorted(r for r in got if r is not None) == [801, 802]
    assert got.count(None) == 2


async def test_a_deleted_game_frees_its_roles_and_drops_its_channels(db_url: str) -> None:
    from db.models import Game

    game = await create_game(GUILD, HOST, "two-sided")
    await add_pooled_role(GUILD, "dead", 901, game.id)
    await record_game_channels(game.id, [GameChannelRecord("morgue", 31)])
    await Game.filter(id=game.id).delete()
    assert await pooled_roles(GUILD) == [PooledRoleRecord(GUILD, 901, "dead", None)]
    assert await game_channels(game.id) == []
