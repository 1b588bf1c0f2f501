"""Sanctions that follow from the rules by themselves (RULES.md section 10): the dead who post
outside the morgue (R-SANCT-1) and the inactive removed at the day's close (R-SANCT-3).

The Discord layer counts and stores (a breach's number, a day's posts); what counts as a
breach, what it costs, who is under the threshold and how he leaves the game is decided here.
"""

from __future__ import annotations

from datetime import timedelta

from engine.state import GameState

#: R-SANCT-1: each breach after the first makes the player read-only 30 minutes longer.
BREACH_STEP = timedelta(minutes=30)


def is_breach(state: GameState, author: str, *, in_morgue: bool) -> bool:
    """R-SANCT-1c: a post by ``author`` is a breach when he is a dead player of a game still
    running and wrote outside the morgue."""
    player = state.player(author)
    return not in_morgue and player is not None and not player.alive and state.outcome is None


def breach_read_only(breaches: int) -> timedelta | None:
    """R-SANCT-1c's ladder for the ``breaches``-th breach: the first is a warning (None), the
    second 30 minutes read-only, each further one 30 minutes more."""
    if breaches < 2:
        return None
    return BREACH_STEP * (breaches - 1)
