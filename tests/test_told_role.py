"""A role card shows what the player was told (cogs.game.start.told_role): the child is told it
is a citizen (R-ROLE-3); a change he was not told of (R-NIGHT-5c: the child stripped to a
citizen by the cop's bullet) stays hidden from his own card until the reveal; a change he was
told of (the criminals found their child) shows."""

from __future__ import annotations

import dataclasses

from cogs.game import lobby, start
from db.games import advance_phase, load_state
from engine.events import RoleChanged
from engine.roles import Faction, Role

DEAL = ["cop@town", "child@town", "citizen@town", "citizen@town", "don@mafia", "mafioso@mafia"]


async def _started() -> tuple[int, list[str]]:
    game = await lobby.create_lobby(
        guild_id=1, channel_id=2, host_id=3, mode="two-sided", timing="fast"
    )
    ids = [str(100 + i) for i in range(len(DEAL))]
    for i, pid in enumerate(ids):
        await lobby.join(game.id, int(pid), f"Name{i}")
    await start.start(game.id, 3, by_is_server_host=True, deal=list(zip(ids, DEAL, strict=True)))
    return game.id, ids


async def _change(game_id: int, pid: str, role: Role, faction: Faction, told: bool) -> None:
    stored = await load_state(game_id)
    state = stored.game_state()
    players = tuple(
        p._replace(role=role, faction=faction) if p.id == pid else p for p in state.players
    )
    changed = dataclasses.replace(state, players=players)
    await advance_phase(game_id, stored.version, changed, [RoleChanged(pid, role, faction, told)])


async def test_an_untold_change_stays_off_the_card(db_url: str) -> None:
    game_id, ids = await _started()
    child = ids[1]
    game = await start.get_game(game_id)
    state = (await load_state(game_id)).game_state()
    assert await start.told_role(game, state, child) == ("citizen", "town"), "R-ROLE-3"
    await _change(game_id, child, Role.CITIZEN, Faction.TOWN, told=False)
    state = (await load_state(game_id)).game_state()
    assert state.get(child).role is Role.CITIZEN
    assert await start.told_role(game, state, child) == ("citizen", "town"), "not told: hidden"
    await _change(game_id, child, Role.MAFIOSO, Faction.MAFIA, told=True)
    state = (await load_state(game_id)).game_state()
    assert await start.told_role(game, state, child) == ("mafioso", "mafia")
