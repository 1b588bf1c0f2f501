"""The targets the engine would accept for a choice, and the choices a player is offered (issue
10: the selects and the autocomplete offer "the targets the engine would accept"; issue 19:
every player with a choice is offered it, and every option offered is accepted).

Written once, for the phase's prompt (cogs.game.aftermath), the role card's button
(cogs.game.my_move) and ``/mafia act``'s autocomplete (cogs.game.player_commands): each living
player checked with ``engine.check``, so nothing is offered that would only be refused — a
second heal of the same player (R-NIGHT-4), a team's own member for its shot, anyone but its own
for the basement (R-NIGHT-2), the player himself for a vote — and the woodman's stolen guns each
checked as the gun they are (R-NIGHT-10: one select per gun, its own team or shooter refused).
Discord's selects take 25 options at most."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Choice, GameState, Gun, Phase, Player, Verb, available_verbs, check

__all__ = [
    "MAX_OPTIONS",
    "MAX_SELECTS",
    "PROMPTED",
    "Offer",
    "accepted_targets",
    "act_targets",
    "act_verbs",
    "held_guns",
    "offers",
]

#: Discord's limit on a select's options and on autocomplete choices.
MAX_OPTIONS = 25
#: Discord's limit on a message's rows: a prompt has one select per row.
MAX_SELECTS = 5

#: The verbs a prompt offers a select for. The vote has its own post (R-VOTE-1); a skip needs
#: no select (no choice by the deadline counts as one, R-DAY-4, R-NIGHT-3) and stays with
#: ``/mafia act``.
PROMPTED = frozenset(
    {
        *(Verb.SHOOT, Verb.HEAL, Verb.BLOCK, Verb.FIRE, Verb.CHOOSE, Verb.BITE, Verb.HIDE),
        *(Verb.PROTECT, Verb.VOID, Verb.ORDER),
    }
)


@dataclass(frozen=True, slots=True)
class Offer:
    """One choice an actor is offered: a verb (with the stolen gun it fires, for ``fire``) and
    the players the engine would accept as its target."""

    verb: Verb
    gun: Gun | None
    targets: tuple[Player, ...]

    @property
    def slot(self) -> str:
        """``shoot``, or ``fire:mafia`` for a gun: a prompt's select is keyed by it."""
        return str(self.verb) if self.gun is None else f"{self.verb}:{self.gun}"


def accepted_targets(
    state: GameState, actor: str, verb: Verb, gun: Gun | None = None
) -> list[Player]:
    """The living players ``actor`` (a player's id or a team's key) may name for ``verb`` (with
    ``gun``, for the woodman's fire) now, in signup order, at most :data:`MAX_OPTIONS`."""
    living = state.living()
    accepted = [p for p in living if check(state, Choice(actor, verb, p.id, gun)) is None]
    return accepted[:MAX_OPTIONS]


def held_guns(state: GameState, actor: str) -> list[Gun]:
    """The stolen guns ``actor`` may fire tonight (R-NIGHT-10), in the order he took them."""
    if state.phase is not Phase.NIGHT:
        return []
    return [g.gun for g in state.guns_for_night(state.number) if g.woodman == actor]


def offers(state: GameState, actor: str) -> list[Offer]:
    """The choices ``actor`` is offered by a prompt now: a select per prompted verb, one per
    stolen gun for ``fire``, each with at least one target the engine accepts; the first
    :data:`MAX_SELECTS` (Discord's rows; the rest stay with ``/mafia act``)."""
    out: list[Offer] = []
    for verb in sorted(available_verbs(state, actor) & PROMPTED):
        guns: list[Gun | None] = [*held_guns(state, actor)] if verb is Verb.FIRE else [None]
        for gun in guns:
            targets = tuple(accepted_targets(state, actor, verb, gun))
            if targets:
                out.append(Offer(verb, gun, targets))
    return out[:MAX_SELECTS]


def act_verbs(state: GameState, actor: str) -> list[Verb]:
    """What ``/mafia act``'s ``action`` offers: every verb he may use now but the vote (it has
    ``/mafia vote``), a skip included, and each only while some target of it is accepted."""
    out = []
    for verb in sorted(available_verbs(state, actor) - {Verb.VOTE}):
        if verb is Verb.SKIP:
            usable = check(state, Choice(actor, verb)) is None
        else:
            usable = bool(act_targets(state, actor, verb))
        if usable:
            out.append(verb)
    return out


def act_targets(
    state: GameState, actor: str, verb: Verb | None, gun: Gun | None = None
) -> list[Player]:
    """What ``/mafia act``'s ``target`` offers: all the living while no verb is picked; for a
    fire with no gun picked, whom any of his guns may hit; else what the engine accepts."""
    if verb is None:
        return list(state.living())[:MAX_OPTIONS]
    if verb is Verb.FIRE and gun is None:
        hit = {
            p.id for g in held_guns(state, actor) for p in accepted_targets(state, actor, verb, g)
        }
        return [p for p in state.living() if p.id in hit][:MAX_OPTIONS]
    return accepted_targets(state, actor, verb, gun)
