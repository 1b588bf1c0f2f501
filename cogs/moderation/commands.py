"""``/mod``: the moderators' commands (R-MOD), and ``/mafia rules`` for everyone.

The extension: :class:`ModCog` is made of its parts, each in the module named for it —
cogs.moderation.case_commands (``/mod warn``, ``mute``, ``ban``, ``pardon``, ``history``,
``case``, ``unban``), rulebook_commands (``/mod rules …`` and ``/mafia rules``) and
settings_commands (``/mod settings …``) — with the groups of cogs.moderation.command_groups.
Each command checks who acts, calls one service function and answers ephemerally; the public
record is the mod-log.
"""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from cogs.moderation.case_commands import CaseCommands
from cogs.moderation.command_groups import MOD, RULES, SETTINGS
from cogs.moderation.expiry import ExpiryWorker
from cogs.moderation.history import HistoryPage
from cogs.moderation.rulebook_commands import RulebookCommands, mafia_rules
from cogs.moderation.settings_commands import SettingsCommands

__all__ = ["LOAD_AFTER", "ModCog", "setup"]

#: /mafia rules joins the players' group, which must exist first.
LOAD_AFTER = ("cogs.game.player_commands",)


class ModCog(CaseCommands, RulebookCommands, SettingsCommands, commands.Cog):
    # Class attributes, so that discord.py copies the groups, with their commands, for the cog.
    mod = MOD
    rules = RULES
    config = SETTINGS

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ModCog(bot))
    bot.add_dynamic_items(HistoryPage)
    # /mafia rules joins the players' group (loaded before this extension: LOAD_AFTER).
    mafia = bot.tree.get_command("mafia")
    if isinstance(mafia, app_commands.Group) and mafia.get_command("rules") is None:
        mafia.add_command(mafia_rules())
    worker = ExpiryWorker(bot)
    bot.moderation_expiry = worker  # type: ignore[attr-defined]
    stop_callbacks = getattr(bot, "stop_callbacks", None)
    if stop_callbacks is not None:
        stop_callbacks.append(worker.stop)
    if getattr(bot, "database_open", False):
        worker.start()


async def teardown(bot: commands.Bot) -> None:
    worker = getattr(bot, "moderation_expiry", None)
    if worker is not None:
        await worker.stop()
