"""Choice prompts (issue 10): when a phase opens, each actor with a choice in it gets a prompt
with a select per choice he has over the targets the engine would accept (cogs.game.targets) —
at night shoot, heal, block, bite, the team's basement, …; by day the lawyer's protection and
the bouncer's voiding (R-DAY-1/2), the hobo's taker's order (R-VOTE-6) — by DM, or in his
team's cabinet channel for a criminal team (any member may choose for it; the don's choice is
final, R-NIGHT-1). A choice made there is the same as ``/mafia act``: checked by the engine, recorded
by the time it was made, replaceable until its deadline (R-TIME-1/3/4). The woodman gets a select
per stolen gun he holds (R-NIGHT-10), each over the targets that gun may hit. What is offered is
cogs.game.targets.offers, the same for the prompt, the role card's button and ``/mafia act``.

One prompt per actor and phase: an outbox row keyed by both (composed in cogs.game.aftermath,
delivered by cogs.delivery, which marks db.meta's ``prompt:…`` once it is out), so neither a
catch-up nor a crash sends two; the selects are persistent and refuse politely once their phase
is over.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from cogs.game import play
from cogs.game.render import display_names
from cogs.game.targets import PROMPTED, Offer
from cogs.support.acknowledge import acknowledge, answer
from cogs.support.errors import UserFacingError
from cogs.support.views import PersistentItem
from engine import Gun, Verb
from locales import t

__all__ = ["PROMPTED", "ChoiceSelect", "choice_view", "choose_and_answer"]

log = logging.getLogger(__name__)
NONE = discord.AllowedMentions.none()


def choice_view(
    game_id: int, phase: str, number: int, offered: Sequence[Offer], locale: object
) -> discord.ui.View:
    """A select per offer (cogs.game.targets.offers: five at most, Discord's rows), each over
    the targets the engine would accept."""
    view = discord.ui.View(timeout=None)
    for offer in offered:
        targets = [(p.id, p.name or p.id) for p in offer.targets]
        view.add_item(ChoiceSelect(game_id, phase, number, offer.slot, targets, locale))
    return view


def placeholder(slot: str, locale: object) -> str:
    """A select's prompt: the verb, or for a stolen gun the gun (``fire:mafia``: "fire the
    mafia's gun"), in the words of the woodman's DM (``gun-…``)."""
    verb, _, gun = slot.partition(":")
    if gun:
        return t(locale, "verb-fire-gun", gun=t(locale, f"gun-{gun}"))
    return t(locale, f"verb-{verb}")


class ChoiceSelect(
    PersistentItem,
    template=(
        r"choose:(?P<game>\d+):(?P<phase>day|night):(?P<number>\d+)"
        r":(?P<slot>(?P<verb>[a-z]+)(?::(?P<gun>[a-z]+))?)"
    ),
):
    def __init__(
        self,
        game_id: int,
        phase: str,
        number: int,
        slot: str,
        living: list[tuple[str, str]] | None = None,
        locale: object = None,
    ) -> None:
        options = [discord.SelectOption(label=name[:100], value=pid) for pid, name in living or []]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"choose:{game_id}:{phase}:{number}:{slot}",
            placeholder=placeholder(slot, locale)[:150],
            options=options or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)
        self.game_id, self.phase, self.number, self.slot = game_id, phase, number, slot

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceSelect:
        return cls(int(match["game"]), match["phase"], int(match["number"]), match["slot"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        target = str((data.get("values") or [""])[0])
        phase = (self.phase, self.number)
        verb, _, gun = self.slot.partition(":")
        try:
            chosen, fired = Verb(verb), Gun(gun) if gun else None
        except ValueError:  # a forged custom_id: no such verb or gun
            raise UserFacingError("error-stale-component") from None
        await choose_and_answer(interaction, self.game_id, chosen, target, fired, phase=phase)


async def choose_and_answer(
    interaction: discord.Interaction[Any],
    game_id: int,
    verb: Verb,
    target: str | None,
    gun: Gun | None = None,
    *,
    phase: tuple[str, int] | None = None,
) -> None:
    """Record the user's choice (the prompt's select, for its ``phase``, and ``/mafia act``
    alike) and tell him, privately, what was recorded: acknowledged first, then stored."""
    await acknowledge(interaction)
    chosen = await play.make_choice(
        game_id,
        str(interaction.user.id),
        verb,
        target,
        gun,
        acted_at=interaction.created_at,
        phase=phase,
    )
    names = display_names(chosen.state)
    locale = interaction.locale
    shown = names.get(target or "", "-")
    if gun is not None:
        said = t(locale, "act-recorded-fire", gun=t(locale, f"gun-{gun}"), target=shown)
    else:
        said = t(locale, "act-recorded", verb=t(locale, f"verb-{verb}"), target=shown)
    await answer(interaction, said)
