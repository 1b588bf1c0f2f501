"""The game's persistent components — the lobby's Join / Leave buttons, the day's vote select and
its confirm button, the choice prompts' selects, the role card's "my move" button — registered
at start so that posts made before a restart keep working."""

from __future__ import annotations

from discord.ext import commands

from cogs.game.lobby_post import JoinButton, LeaveButton
from cogs.game.my_move import MyMoveButton
from cogs.game.prompts import ChoiceSelect
from cogs.game.vote_post import ConfirmVote, VoteSelect


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(
        JoinButton, LeaveButton, VoteSelect, ConfirmVote, ChoiceSelect, MyMoveButton
    )
