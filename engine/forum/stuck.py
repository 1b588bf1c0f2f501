"""R-WIN-5's notice: when three game days in a row pass with nobody leaving the game, the host
is told in his channel that the game may be stuck (he may end it, or decide it under R-WIN-2/4).
The bot never ends such a game itself: a side may still have a path to victory.

A game day is a day phase and the night after it (R-LIFE-5), so the count is made at the end of
a night. Decision: told at the third quiet game day, and again at each third more while nobody
leaves (the sixth, the ninth), so that a host who plays on is reminded now and then, not
every day.
"""

from __future__ import annotations

from collections.abc import Collection

__all__ = ["STUCK_AFTER", "quiet_streak", "tell_host_stuck"]

#: R-WIN-5: game days in a row with nobody leaving before the host is told.
STUCK_AFTER = 3


def quiet_streak(left_on: Collection[int], through: int) -> int:
    """How many game days in a row up to ``through`` (included) nobody left the game in;
    ``left_on``: the numbers of the game days in which somebody did (by day or by night)."""
    streak = 0
    for number in range(through, 0, -1):
        if number in left_on:
            break
        streak += 1
    return streak


def tell_host_stuck(left_on: Collection[int], through: int) -> int | None:
    """The quiet streak to tell the host of, once game day ``through`` is over; None when
    there is nothing to tell."""
    streak = quiet_streak(left_on, through)
    return streak if streak and streak % STUCK_AFTER == 0 else None
