"""C-NIGHT-8: sleeping with an active role. A player with a night choice who makes none two
nights in a row falls asleep for ever at that night's end."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from engine.chat.choices import ChatChoice
from engine.chat.roles import CABINET, has_night_choice
from engine.chat.state import ChatState
from engine.frozen import FrozenMap

NIGHTS_TO_FALL_ASLEEP = 2


def sleepers(
    state: ChatState,
    standing: Mapping[str, ChatChoice],
    blocked: Collection[str],
    dead_tonight: Collection[str],
) -> tuple[FrozenMap[str, int], list[str]]:
    """The new streaks and who falls asleep. ``state`` is the night's start: a role gained
    tonight counts from the next night. A refused choice counts as none (it is not in
    ``standing``); a blocked night counts as a night acted; the mafia counts as one actor, so a
    don or mafioso is never removed; a sleeper killed tonight died of the attack."""
    streaks: dict[str, int] = {}
    asleep: list[str] = []
    for p in state.players:
        if not p.alive or p.id in dead_tonight:
            continue
        if not has_night_choice(p.role) or p.role in CABINET:
            continue
        if p.id in standing or p.id in blocked:
            continue  # the streak starts again
        streak = state.asleep.get(p.id, 0) + 1
        if streak >= NIGHTS_TO_FALL_ASLEEP:
            asleep.append(p.id)
        else:
            streaks[p.id] = streak
    return FrozenMap(streaks), asleep
