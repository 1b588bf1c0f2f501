"""``/host``: the host's (Ведущий's) commands, one module per part of the host's work — the
lobby and the start (:mod:`.lobby`), the clock (:mod:`.clock`), decisions and what only he sees
(:mod:`.decisions`), sanctions, the substitute and the activity rule (:mod:`.sanctions`); what
they share in :mod:`.common`. Each command parses its options, calls one service and answers."""

from __future__ import annotations

from discord.ext import commands

from cogs.host.clock import ClockCommands
from cogs.host.common import host, is_server_host
from cogs.host.decisions import DecisionCommands
from cogs.host.lobby import LobbyCommands
from cogs.host.sanctions import SanctionCommands

__all__ = ["HostCog", "is_server_host", "setup"]


# The parts in the order their commands were always listed (Discord shows them so).
class HostCog(LobbyCommands, ClockCommands, DecisionCommands, SanctionCommands, commands.Cog):
    host = host

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HostCog(bot))
