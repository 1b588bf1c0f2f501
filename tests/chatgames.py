"""A quick chat game (mode ``chat``) stored as the bot stores a game, played by the engine's chat
pack: the start, each resolution by db.state.advance_phase, the choices as rows (for the tests
of statistics and ratings, issue 22, until the quick game has its own Discord commands)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from db.lifecycle import create_game
from db.lobby import add_player
from db.models import GameChoice, GameStatus
from db.state import advance_phase, start_game
from engine.chat import (
    ChatChoice,
    ChatRole,
    ChatState,
    ChatVerb,
    new_game,
    resolve_day,
    resolve_night,
)

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


async def chat_game(
    guild_id: int, players: Sequence[str] = PLAYERS, *, finish: bool = True, bare: bool = False
) -> int:
    """A quick game to its end: night 1 the commissar checks the don, the don kills the third
    player and the doctor heals him; day 1 the town hangs the don and wins (C-WIN-3). Not
    ``finish``: its last state stored, the game not yet marked finished. ``bare``: stored as
    the quick game's commands store it (cogs.quick, issue 21, as written): the engine's state
    wrapped with the day's stage, no event logged, no choice row."""
    a, b, c, d, e = players
    deal = list(zip(players, ROLES, strict=True))
    game = await create_game(guild_id, 1, "chat")
    for i, (pid, _) in enumerate(deal):
        await add_player(game.id, int(pid), f"P{i}")
    state = new_game(deal, game_id=str(game.id), seed="ab" * 16)

    def text(s: ChatState) -> str:
        if not bare:
            return s.to_json()
        wrapped = {"mode": "chat", "phase": s.phase.value, "number": s.number, "stage": "x"}
        return json.dumps({**wrapped, "chat": json.loads(s.to_json())})

    stored = await start_game(game.id, text(state), commitment="0" * 64, seed="ab" * 16)
    night = [C(a, V.CHECK, e), C(e, V.KILL, c), C(b, V.HEAL, c)]
    if not bare:
        await store_choices(game.id, "night", 1, night)
    state, events = resolve_night(state, night)
    version = await advance_phase(game.id, stored.version, text(state), [] if bare else events)
    day = [C(p, V.VOTE, e) for p in (a, b, c, d)] + [C(e, V.VOTE, a)]
    day += [C(p, V.UP) for p in (a, b, c, d)]
    state, events = resolve_day(state, day)
    assert state.winner is not None
    status = GameStatus.FINISHED if finish else None
    await advance_phase(game.id, version, text(state), [] if bare else events, status=status)
    return game.id
