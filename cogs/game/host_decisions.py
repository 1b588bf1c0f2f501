"""The host's decisions on the game's course (issue 12), through ``engine.host``: play on at
the mafia's parity (R-WIN-2), the criminal teams' joint win (R-WIN-4), the horde's new head
(R-NIGHT-13). ``/host end`` (the abort) is cogs.game.host_delivery.end_by_host.

R-WIN-2 in a bot: the game ends at the resolution that reaches parity, before anyone could ask.
So the host's ``continue`` is a standing decision, given while the game runs (the town asks
when parity is near) and announced; the resolution that reaches parity then applies
``engine.host.continue_at_parity`` instead of ending the game (:func:`on_resolution`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cogs.game.host_common import Change, apply, event_effects
from cogs.support.errors import UserFacingError
from db.games import GameInfo
from engine import Event, GameState, host
from locales import t

__all__ = ["arm_continue", "joint_win", "name_zombie_head", "on_resolution"]

_CONTINUE_REFUSED = {
    host.ContinueRefusal.NOT_TWO_SIDED: "host-continue-refused",
    host.ContinueRefusal.ALREADY: "host-continue-already",
}


async def arm_continue(game_id: int, by: int, *, by_is_server_host: bool) -> None:
    """R-WIN-2: the town showed a line to victory; the game will go on at parity."""

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        refusal = host.may_arm_continue(state, armed=game.schedule.host.continue_at_parity)
        if refusal is not None:
            raise UserFacingError(_CONTINUE_REFUSED[refusal])
        schedule = game.schedule.with_host(continue_at_parity=True)
        return Change(schedule=schedule, public=[t(locale, "host-note-continue")])

    await apply(
        game_id, by, by_is_server_host=by_is_server_host, decide=decide, log_key="host-continue"
    )


def on_resolution(
    game: GameInfo, after: GameState, events: Sequence[Event]
) -> tuple[GameState, list[Event]]:
    """A resolution that reached the mafia's parity goes on if the host said so (R-WIN-2)."""
    armed = game.schedule.host.continue_at_parity
    return host.continue_if_armed(after, events, armed=armed)


async def joint_win(game_id: int, by: int, *, by_is_server_host: bool) -> GameState:
    """R-WIN-4: the two criminal teams agreed a joint win; the game ends now."""

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        after, events = host.joint_criminal_win(state)
        change = await event_effects(game, state, events)
        change.state, change.events = after, events
        return change

    _, _, change = await apply(
        game_id, by, by_is_server_host=by_is_server_host, decide=decide, log_key="host-joint-win"
    )
    assert change.state is not None
    return change.state


async def name_zombie_head(game_id: int, by: int, who: str, *, by_is_server_host: bool) -> Any:
    """R-NIGHT-13: the horde's new head, named by the host for it; told to him only."""

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        after, events = host.name_zombie_head(state, who)
        change = await event_effects(game, state, events)
        change.state, change.events = after, events
        return change

    await apply(
        game_id,
        by,
        by_is_server_host=by_is_server_host,
        decide=decide,
        log_key="host-zombie-head",
        who=f"<@{who}>",
    )
