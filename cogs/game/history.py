"""After the game (R-LIFE-6): every role and its history, and the full log by phase.

Pure functions of what is stored (the deal, the final state, the event log with the phase that
produced each event); the post-game thread (cogs.game.post_game) posts what they return. Only
ever shown once the game is over: the history names roles and causes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cogs.game.render import host_line, text
from db.records import LoggedEvent
from engine import GameState
from engine.events import Event
from locales import t

__all__ = ["log_by_phase", "role_histories"]

#: Indented under a player's line: one thing that happened to him.
BULLET = "    · "


def _about(event: Event) -> str | None:
    """The player an event happened to (his role, his death, his cabinet, a gun he inherited)."""
    who = getattr(event, "who", None)
    return who if isinstance(who, str) else None


def _phase_title(produced_in: str | None, locale: object) -> str | None:
    """``"night 2"`` → "**Ночь 2**" (None for events stored before phases were kept)."""
    if produced_in is None:
        return None
    phase, _, number = produced_in.partition(" ")
    return t(locale, f"status-{phase}", number=int(number))


def _role(spec: str, locale: object) -> str:
    """``"cop@town"`` → "Комиссар (Мирные)"."""
    role, _, faction = spec.partition("@")
    return f"{t(locale, f'role-{role}')} ({t(locale, f'faction-{faction}')})"


def role_histories(
    state: GameState,
    dealt: Mapping[str, str],
    log: Sequence[LoggedEvent],
    locale: object,
    names: Mapping[str, str],
) -> list[str]:
    """For each player in signup order: his dealt role, his final one when it changed, then
    each event about him, with the phase it happened in."""
    about: dict[str, list[LoggedEvent]] = {}
    for logged in log:
        who = _about(logged.event)
        if who is not None:
            about.setdefault(who, []).append(logged)
    lines: list[str] = []
    for player in sorted(state.players, key=lambda p: p.order):
        final = f"{player.role}@{player.faction}"
        start = dealt.get(player.id, final)
        roles = _role(start, locale)
        if final != start:
            roles += f" → {_role(final, locale)}"
        lines.append(f"**{names.get(player.id, player.id)}**: {roles}")
        for logged in about.get(player.id, []):
            when = (_phase_title(logged.produced_in, locale) or "").strip("*")
            said = text(host_line(logged.event), locale, names)
            lines.append(BULLET + (f"{when}: {said}" if when else said))
    return lines


def log_by_phase(log: Sequence[LoggedEvent], locale: object, names: Mapping[str, str]) -> list[str]:
    """Every event in order as the host saw it, under a title for each phase."""
    lines: list[str] = []
    current: str | None = None
    for logged in log:
        if logged.produced_in != current and logged.produced_in is not None:
            current = logged.produced_in
            lines.append(_phase_title(current, locale) or "")
        lines.append(text(host_line(logged.event), locale, names))
    return lines
