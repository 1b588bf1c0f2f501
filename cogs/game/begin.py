"""What follows a start, in one place for ``/host start`` and the tests' starts (which impose a
deal): day 1's deadlines to the scheduler and the reminders, the deal's worker (an acquaintance
tells the deal at its end, R-LIFE-2), and the outbox woken — the start stored its effects (the
game's channels and roles, the commitment, the role cards, the day's vote post and prompts) as
outbox rows in its own transaction (cogs.game.start_effects); the delivery performs them."""

from __future__ import annotations

from cogs.game.aftermath import wake_deadlines, wake_delivery

__all__ = ["begin"]


def begin(client: object) -> None:
    wake_deadlines(client)  # day 1's deadline is new: its close, its reminder, the deal's moment
    wake_delivery(client)
