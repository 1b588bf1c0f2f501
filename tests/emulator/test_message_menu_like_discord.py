"""Message context menu commands (type 3) as Discord sends them: the target message in
``resolved.messages`` and ``target_id``; hidden by ``default_member_permissions`` like slash
commands."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.emulator import permissions as P
from tests.emulator.story import Refused


class MenuBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),  # the emulator flags a body without
        )

    async def setup_hook(self) -> None:
        async def quote(interaction: discord.Interaction, message: discord.Message) -> None:
            await interaction.response.send_message(
                f"{message.author.name} said {message.content!r} ({message.id})", ephemeral=True
            )

        async def wipe(interaction: discord.Interaction, message: discord.Message) -> None:
            await interaction.response.send_message("wiped", ephemeral=True)

        self.tree.add_command(app_commands.ContextMenu(name="Quote", callback=quote))
        menu = app_commands.ContextMenu(name="Wipe", callback=wipe)
        menu.default_permissions = discord.Permissions(manage_messages=True)
        self.tree.add_command(menu)
        await self.tree.sync()


async def test_a_message_menu_carries_the_message(emu: Any, start_bot: Any) -> None:
    guild = emu.make_guild(
        roles=[{"name": "Mods", "permissions": P.MANAGE_MESSAGES}],
        members=["alice", {"name": "mod", "roles": ["Mods"]}],
    )
    await start_bot(MenuBot())
    posted = await guild.member("alice").post(guild.channel("general"), "hello there")
    reply = await (await guild.member("mod").use_message_menu("Quote", posted)).reply()
    assert reply.ephemeral and reply.text == f"alice said 'hello there' ({posted.id})"
    with pytest.raises(Refused, match="not available"):
        await guild.member("alice").use_message_menu("Wipe", posted)
    wiped = await (await guild.member("mod").use_message_menu("Wipe", posted)).reply()
    assert wiped.text == "wiped"
