"""``afk`` (R-MOD): a player with a night choice of his own who made none on two nights of one
game. Nothing is counted in memory: after each night's resolution the count is read again from
what is stored — who the night prompted (its actors, as the engine saw them when it opened) and
the night's recorded choices (db.moderation.night_record) — so a restart forgets nothing, and a
night whose hook a crash cut off is still counted at the next one.

Decision: a criminal team chooses as one (its key is the actor), so its members are not counted
one by one; the individual roles are (cop, doctor, maniac, …). Membership is read from the game's
state now: a player recruited into a team later is judged as a member.
"""

from __future__ import annotations

from collections import Counter

from db import moderation as db
from db.games import load_state

__all__ = ["sleepers"]

#: How many nights without a choice make the finding (R-MOD ``afk``: "twice in a game").
NIGHTS = 2


async def sleepers(game_id: int) -> list[str]:
    """The players (engine ids) who made no choice on at least :data:`NIGHTS` resolved nights
    on which they had one."""
    state = (await load_state(game_id)).game_state()
    prompted, chose = await db.night_record(game_id)
    missed: Counter[str] = Counter()
    for night, actors in prompted.items():
        if night >= state.number and state.outcome is None:
            continue  # the night under way: its choices may still come
        for actor in actors - chose.get(night, set()):
            player = state.player(actor)
            if player is not None and not state.is_team_key(str(player.faction)):
                missed[actor] += 1
    return sorted(actor for actor, nights in missed.items() if nights >= NIGHTS)
