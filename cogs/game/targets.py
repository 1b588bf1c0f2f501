"""The targets the engine would accept for a choice (issue 10: the selects and the autocomplete
offer "the targets the engine would accept"): each living player checked with
``engine.check``, so a prompt never offers what would only be refused — a second heal of the
same player (R-NIGHT-4), a team's own member for its shot, anyone but its own for the basement
(R-NIGHT-2), the player himself for a vote. Discord's selects take 25 options at most."""

from __future__ import annotations

from engine import Choice, GameState, Player, Verb, check

__all__ = ["MAX_OPTIONS", "accepted_targets"]

#: Discord's limit on a select's options and on autocomplete choices.
MAX_OPTIONS = 25


def accepted_targets(state: GameState, actor: str, verb: Verb) -> list[Player]:
    """The living players ``actor`` (a player's id or a team's key) may name for ``verb`` now,
    in signup order, at most :data:`MAX_OPTIONS`."""
    accepted = [p for p in state.living() if check(state, Choice(actor, verb, p.id)) is None]
    return accepted[:MAX_OPTIONS]
