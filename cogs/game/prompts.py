"""Choice prompts (issue 10): when a phase opens, each actor with a choice in it gets a prompt
with a select per choice he has over the targets the engine would accept (cogs.game.targets) —
at night shoot, heal, block, bite, the team's basement, …; by day the lawyer's protection and
the bouncer's voiding (R-DAY-1/2), the hobo's taker's order (R-VOTE-6) — by DM, or in his
team's cabinet channel for a criminal team (any member may choose for it; the don's choice is
final, R-NIGHT-1). A choice made there is the same as ``/mafia act``: checked by the engine, recorded
by the time it was made, replaceable until its deadline (R-TIME-1/3/4). Choices that need more
than a target (the woodman's fire with a taken gun) stay with ``/mafia act``.

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
from cogs.game.aftermath import PROMPTED
from cogs.game.render import display_names
from cogs.game.targets import accepted_targets
from cogs.support.acknowledge import acknowledge, answer
from cogs.support.views import PersistentItem
from engine import GameState, Gun, Verb
from locales import t

__all__ = ["PROMPTED", "ChoiceSelect", "choice_view", "choose_and_answer"]

log = logging.getLogger(__name__)
NONE = discord.AllowedMentions.none()


def choice_view(
    game_id: int, state: GameState, actor: str, verbs: Sequence[Verb], locale: object
) -> discord.ui.View:
    """A select per verb (five at most: Discord's rows), each offering the targets the engine
    would accept from ``actor`` (cogs.game.targets)."""
    view = discord.ui.View(timeout=None)
    for verb in verbs[:5]:
        targets = [(p.id, p.name or p.id) for p in accepted_targets(state, actor, verb)]
        view.add_item(
            ChoiceSelect(game_id, str(state.phase), state.number, str(verb), targets, locale)
        )
    return view


class ChoiceSelect(
    PersistentItem,
    template=r"choose:(?P<game>\d+):(?P<phase>day|night):(?P<number>\d+):(?P<verb>[a-z]+)",
):
    def __init__(
        self,
        game_id: int,
        phase: str,
        number: int,
        verb: str,
        living: list[tuple[str, str]] | None = None,
        locale: object = None,
    ) -> None:
        options = [discord.SelectOption(label=name[:100], value=pid) for pid, name in living or []]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"choose:{game_id}:{phase}:{number}:{verb}",
            placeholder=t(locale, f"verb-{verb}")[:150],
            options=options or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)
        self.game_id, self.phase, self.number, self.verb = game_id, phase, number, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceSelect:
        return cls(int(match["game"]), match["phase"], int(match["number"]), match["verb"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        target = str((data.get("values") or [""])[0])
        phase = (self.phase, self.number)
        await choose_and_answer(interaction, self.game_id, Verb(self.verb), target, phase=phase)


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
    await answer(
        interaction,
        t(
            interaction.locale,
            "act-recorded",
            verb=t(interaction.locale, f"verb-{verb}"),
            target=names.get(target or "", "-"),
        ),
    )
