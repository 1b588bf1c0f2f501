"""A quick chat game (mode ``chat``) stored as the bot stores a game, played by the engine's chat
pack: the start, each resolution by db.state.advance_phase, the choices as rows (for the tests
of statistics and ratings, issue 22, until the quick game has its own Discord commands)."""

from __future__ import annotations

from collections.abc import Sequence

from db.lifecycle import create_game
from db.lobby import add_player
from db.models import GameChoice, GameStatus
from db.state import advance_phase, start_game
from engine.chat import ChatChoice, ChatRole, ChatVerb, new_game, resolve_day, resolve_night

C, V = ChatChoice, ChatVerb
#: The cards in signup order: the commissar, the doctor, two citizens, the don.
ROLES = (ChatRole.COMMISSAR, ChatRole.DOCTOR, ChatRole.CITIZEN, ChatRole.CITIZEN, ChatRole.DON)
PLAYERS = ("101", "102", "103", "104", "105")


async def store_choices(game_id: int, phase: str, number: int, choices: Sequence[C]) -> None:
    for c in choices:
        await GameChoice.create(
            game_id=game_id,
            phase=phase,
            day_number=number,
            actor=c.actor,
            verb=str(c.verb),
            target=c.target,
        )


async def chat_game(guild_id: int, players: Sequence[str] = PLAYERS, *, finish: bool = True) -> int:
    """A quick game to its end: night 1 the commissar checks the don, the don kills citizen
    (the third player) and the doctor heals him; day 1 the town hangs the don and wins (C-WIN-3). Not
    ``finish``: its last state stored, the game not yet marked finished."""
    a, b, c, d, e = players
    deal = list(zip(players, ROLES, strict=True))
    game = await create_game(guild_id, 1, "chat")
    for i, (pid, _) in enumerate(deal):
        await add_player(game.id, int(pid), f"P{i}")
    state = new_game(deal, game_id=str(game.id), seed="ab" * 16)
    stored = await start_game(game.id, state.to_json(), commitment="0" * 64, seed="ab" * 16)
    night = [C(a, V.CHECK, e), C(e, V.KILL, c), C(b, V.HEAL, c)]
    await store_choices(game.id, "night", 1, night)
    state, events = resolve_night(state, night)
    version = await advance_phase(game.id, stored.version, state.to_json(), events)
    day = [C(p, V.VOTE, e) for p in (a, b, c, d)] + [C(e, V.VOTE, a)]
    day += [C(p, V.UP) for p in (a, b, c, d)]
    state, events = resolve_day(state, day)
    assert state.winner is not None
    status = GameStatus.FINISHED if finish else None
    await advance_phase(game.id, version, state.to_json(), events, status=status)
    return game.id
