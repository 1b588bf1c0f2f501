"""The role card's button (issue 10: "each role card … has the player's verbs and targets").

A role card is sent once, at the start, and stays in the player's DMs for the whole game, so it
cannot carry one phase's selects (they would be stale the next phase). It carries one persistent
button instead; a press answers, privately, with the phase as it is now (the deadline, the
living, his choices so far) and a select per choice he has in it over the living — the same
selects as the phase's prompt (cogs.game.prompts.ChoiceSelect), so the choice is recorded the
same way. Works after a restart, in DMs and in ``/mafia role``'s answer alike.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.game import play
from cogs.game.cards import status_text
from cogs.game.prompts import choice_view
from cogs.game.targets import offers
from cogs.support.errors import UserFacingError
from cogs.support.views import PersistentItem
from db.games import NotRunning, get_game, load_state
from db.records import GameInfo
from engine import GameState
from locales import t

__all__ = ["MyMoveButton", "my_move_view"]


def my_move_view(game_id: int, locale: object) -> discord.ui.View:
    """The view a role card is sent with: the one button."""
    view = discord.ui.View(timeout=None)
    view.add_item(MyMoveButton(game_id, locale))
    return view


class MyMoveButton(PersistentItem, template=r"mymove:(?P<game>\d+)"):
    def __init__(self, game_id: int, locale: object = None) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            style=discord.ButtonStyle.primary,
            label=t(locale, "mymove-button")[:80],
            custom_id=f"mymove:{game_id}",
        )
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MyMoveButton:
        return cls(int(match["game"]))

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        game = await get_game(self.game_id)
        state = (await load_state(self.game_id)).game_state()
        if state.outcome is not None or game.phase not in ("day", "night"):
            raise NotRunning(self.game_id)
        me = str(interaction.user.id)
        if state.player(me) is None:
            raise UserFacingError("error-not-in-this-game")  # nothing of it is shown
        content, view = await _now(game, state, me, interaction.locale)
        await interaction.response.send_message(content, view=view, ephemeral=True)


async def _now(
    game: GameInfo, state: GameState, me: str, locale: object
) -> tuple[str, discord.ui.View]:
    """The phase as it is now for ``me``, and a select per choice he has in it."""
    mine = await play.my_choices(game.id, state, me)
    lines = [status_text(game, state, mine, locale)]
    offered = offers(state, me)  # none in a night of mourning (R-VOTE-10)
    view = choice_view(game.id, str(state.phase), state.number, offered, locale)
    if not offered:
        lines.append(t(locale, f"mymove-none-{state.phase}"))
    return "\n".join(lines), view
