"""The host's overrides acting on the game (R-WIN-2, R-WIN-4, R-SANCT-4).

Each takes a state and returns ``(new_state, events)`` like the resolvers; an override that
does not apply raises ``HostError`` (an ``EngineError``) with a clear message. Deadlines are the clock's concern
(``engine.clock``), warnings and read-only periods the moderation's (cogs/db).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from engine.choices import ensure_running
from engine.draft import Draft
from engine.errors import HostError, UnknownPlayer
from engine.events import Cause, Event, HostAction, Won, ZombieHead
from engine.forum import effects
from engine.roles import COP_CABINET, CRIMINAL_TEAMS, Faction, Mode, Role
from engine.state import GameState, Outcome, WinReason


def _after(s: Draft, ev: list[Event]) -> tuple[GameState, list[Event]]:
    effects.close_phase(s, ev, None)
    return s.freeze(), ev


def _living(s: GameState, who: str) -> None:
    """The override acts on a living player of a game still running."""
    ensure_running(s)
    p = s.player(who)
    if p is None:
        raise UnknownPlayer(f"unknown player {who!r}")
    if not p.alive:
        raise HostError(f"{who!r} is not alive", "not_alive")


def continue_at_parity(state: GameState) -> tuple[GameState, list[Event]]:
    """R-WIN-2: the town showed a line to victory; the host lets the game go on. The mafia's
    parity win is not declared again for the rest of the game (the host may still end it)."""
    won = state.outcome
    if state.mode is not Mode.TWO_SIDED or won is None or won.reason is not WinReason.MAFIA_PARITY:
        raise HostError(
            "only a two-sided game the mafia won at parity can be continued", "not_at_parity"
        )
    s = Draft(state)
    s.outcome = None
    s.parity_continue = True
    return s.freeze(), [HostAction("continue_at_parity")]


class ContinueRefusal(StrEnum):
    """Why the host's standing "play on at parity" is refused (R-WIN-2)."""

    NOT_TWO_SIDED = "not_two_sided"  # parity is a two-sided rule
    ALREADY = "already"  # armed already, or the game already went on at parity


def may_arm_continue(state: GameState, *, armed: bool) -> ContinueRefusal | None:
    """R-WIN-2 in a bot: the game ends at the resolution that reaches parity, before anyone
    could ask, so the host's "continue" is a standing decision given while the game runs
    (``armed``: given already). Refused in a three-sided game, and a second time."""
    if state.mode is not Mode.TWO_SIDED:
        return ContinueRefusal.NOT_TWO_SIDED
    if state.parity_continue or armed:
        return ContinueRefusal.ALREADY
    return None


def continue_if_armed(
    after: GameState, events: Sequence[Event], *, armed: bool
) -> tuple[GameState, list[Event]]:
    """A resolution that reached the mafia's parity goes on if the host said so (R-WIN-2):
    ``continue_at_parity`` applied to its result, its ``Won`` dropped."""
    won = after.outcome
    if not armed or won is None or won.reason is not WinReason.MAFIA_PARITY:
        return after, list(events)
    going_on, said = continue_at_parity(after)
    return going_on, [*(e for e in events if not isinstance(e, Won)), *said]


def joint_criminal_win(state: GameState) -> tuple[GameState, list[Event]]:
    """R-WIN-4: the two criminal teams agree a joint win; never with the town (so only once
    every non-criminal player is dead and both teams still play)."""
    if state.mode is not Mode.THREE_SIDED or state.outcome is not None:
        raise HostError("a joint win needs a three-sided game still running", "no_joint_win")
    alive = state.living()
    if any(p.faction not in CRIMINAL_TEAMS for p in alive):
        raise HostError(
            "a joint win is never with the town: non-criminals still alive", "no_joint_win"
        )
    if not all(state.members(t) for t in CRIMINAL_TEAMS):
        raise HostError("both criminal teams must still be in the game", "no_joint_win")
    s = Draft(state)
    s.outcome = Outcome(CRIMINAL_TEAMS, WinReason.HOST_JOINT_WIN)
    won = Won(CRIMINAL_TEAMS, WinReason.HOST_JOINT_WIN.value)
    return s.freeze(), [HostAction("joint_criminal_win"), won]


def strip_role(state: GameState, who: str) -> tuple[GameState, list[Event]]:
    """R-SANCT-4: strip a role to ``citizen``; the faction stays (R-NIGHT-15). A stripped cop
    or assistant leaves the cop's cabinet; a stripped don is succeeded (R-ROLE-4)."""
    _living(state, who)
    s = Draft(state)
    p = s.get(who)
    if p.role is Role.CITIZEN:
        raise HostError(f"{who!r} is already a citizen", "already_citizen")
    ev: list[Event] = [HostAction("strip_role", who)]
    if p.role in (Role.COP, Role.ASSISTANT):
        effects.leave_cabinet(s, ev, who, COP_CABINET)
    effects.set_role(s, ev, who, Role.CITIZEN)
    return _after(s, ev)


def cancel_next_choice(state: GameState, actor: str) -> tuple[GameState, list[Event]]:
    """R-SANCT-4: cancel a player's or a team's next choice. It is refused (``no_power``) in
    the next phase where the actor has a choice; a cancelled choice is no skip (no skip
    counters, no autokill of the vampire) and a cancelled team is not sanctioned (R-NIGHT-1)."""
    ensure_running(state)
    if not state.is_team_key(actor):
        _living(state, actor)
    s = Draft(state)
    if actor not in s.cancelled:
        s.cancelled = (*s.cancelled, actor)
    return s.freeze(), [HostAction("cancel_next_choice", actor)]


def autokill(state: GameState, who: str) -> tuple[GameState, list[Event]]:
    """R-SANCT-4 / R-VOTE-4: remove a player at once; he may not post in the morgue."""
    return _remove(state, who, "autokill", Cause.AUTOKILL)


def disqualify(state: GameState, who: str) -> tuple[GameState, list[Event]]:
    """R-SANCT-4: disqualify a player (out of the game; barring from later games is decided
    after the game, outside the engine)."""
    return _remove(state, who, "disqualify", Cause.DISQUALIFIED)


def _remove(state: GameState, who: str, action: str, cause: Cause) -> tuple[GameState, list[Event]]:
    """The host takes a living player out of the game (the two sanctions differ by cause)."""
    _living(state, who)
    s = Draft(state)
    ev: list[Event] = [HostAction(action, who)]
    effects.kill(s, ev, who, cause)
    return _after(s, ev)


def name_zombie_head(state: GameState, who: str) -> tuple[GameState, list[Event]]:
    """R-NIGHT-13: the horde names its new head among its members."""
    _living(state, who)
    p = state.get(who)
    if p.faction is not Faction.ZOMBIES or p.role is not Role.ZOMBIE:
        raise HostError(f"{who!r} is not a zombie", "not_a_zombie")
    s = Draft(state)
    s.zombie_head = who
    return s.freeze(), [HostAction("name_zombie_head", who), ZombieHead(who)]
