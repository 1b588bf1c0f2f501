"""The vote's arithmetic (R-VOTE-6, R-VOTE-7): who leaves by the tally, and the hobo's orders."""

from __future__ import annotations

from collections.abc import Sequence

from engine.choices import Choice
from engine.forum.powers import controls_of
from engine.state import StateView


def tally(counts: dict[str, int], protected: set[str]) -> str | None:
    """R-VOTE-7: the unique leader leaves; a tie for the lead, nobody. A protected unique
    leader: the unique second leaves; a tie for second, or no second, nobody."""
    if not counts:
        return None
    top = max(counts.values())
    leaders = [t for t, c in counts.items() if c == top]
    if len(leaders) != 1:
        return None
    leader = leaders[0]
    if leader not in protected:
        return leader
    rest = {t: c for t, c in counts.items() if t != leader}
    if not rest:
        return None
    second = max(rest.values())
    seconds = [t for t, c in rest.items() if c == second]
    return seconds[0] if len(seconds) == 1 else None


def hobo_orders(s: StateView, orders: Sequence[Choice]) -> dict[str, tuple[str, str]]:
    """R-VOTE-6: hobo -> (the target he is ordered to vote for, who ordered), from the day's
    ``order`` choices in the order given (the last valid order for a hobo stands)."""
    ordered: dict[str, tuple[str, str]] = {}
    for c in orders:
        if c.target is not None:
            for ctl in controls_of(s, c.actor):
                if c.target != ctl.hobo:
                    ordered[ctl.hobo] = (c.target, ctl.who)
    return ordered
