"""What follows a start, in one place for ``/host start`` and the tests' starts (which impose a
deal): day 1's deadline to the scheduler, and the outbox woken — the start stored its effects
(the game's channels and roles, the commitment, the role cards, the day's vote post and prompts)
as outbox rows in its own transaction (cogs.game.start_effects); the delivery performs them."""

from __future__ import annotations

from cogs.game.aftermath import wake_delivery

__all__ = ["begin"]


def begin(client: object) -> None:
    scheduler = getattr(client, "scheduler", None)
    if scheduler is not None:
        scheduler.wake()  # day 1's deadline is new
    wake_delivery(client)
