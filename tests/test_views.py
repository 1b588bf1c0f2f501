"""Buttons and modals built on cogs.support.views, through the emulator with the real bot: a
component meant for one player refuses everyone else ephemerally; errors in callbacks reach the
tree's one handler (a refusal is a sentence, a bug gets an error id)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import MafiaBot, create_bot
from cogs.support.refusals import RuleRefused
from cogs.support.views import GuardedModal, GuardedView
from db.errors import AlreadyVoted
from engine.events import Refusal
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle


class CardView(GuardedView):
    """A role card's buttons: only its owner may press them."""

    @discord.ui.button(label="Vote", custom_id="card:vote")
    async def vote(self, interaction: discord.Interaction[Any], _: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message("vote recorded", ephemeral=True)

    @discord.ui.button(label="Vote again", custom_id="card:again")
    async def again(self, interaction: discord.Interaction[Any], _: discord.ui.Button[Any]) -> None:
        raise AlreadyVoted(1, "alice")

    @discord.ui.button(label="Self", custom_id="card:self")
    async def self_vote(
        self, interaction: discord.Interaction[Any], _: discord.ui.Button[Any]
    ) -> None:
        raise RuleRefused(Refusal.SELF_VOTE)

    @discord.ui.button(label="Name", custom_id="card:name")
    async def name(self, interaction: discord.Interaction[Any], _: discord.ui.Button[Any]) -> None:
        await NameModal().open(interaction)


class NameModal(GuardedModal, title="Your name"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        raise RuntimeError(f"bug while handling {self.name.value}")


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = emu.make_guild(
        members=[{"name": "alice", "locale": "en-US"}, {"name": "boris", "locale": "ru"}]
    )
    bot: MafiaBot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'views.sqlite3'}"))

    @discord.app_commands.command(name="card", description="Post my card")
    async def card(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            "Alice's card", view=CardView(allowed=[interaction.user.id])
        )

    bot.tree.add_command(card)
    async with run_bot(emu, bot):
        yield guild


async def _card(guild: GuildHandle) -> Any:
    return await (await guild.member("alice").run("/card")).reply()


async def test_only_the_owner_may_press(world: GuildHandle) -> None:
    card = await _card(world)
    refused = await world.member("boris").click(card, "card:vote")
    reply = await refused.reply()
    assert (
        reply.ephemeral and reply.text == "Это не для вас: эта кнопка предназначена другому игроку."
    )
    allowed = await world.member("alice").click(card, "card:vote")
    assert (await allowed.reply()).text == "vote recorded"


@pytest.mark.parametrize(
    ("button", "text"),
    [
        ("card:again", "You already voted today: votes cannot be changed."),
        ("card:self", "You cannot vote for yourself."),
    ],
)
async def test_a_refusal_in_a_button_is_its_sentence(
    world: GuildHandle, button: str, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    card = await _card(world)
    handle = await world.member("alice").click(card, button)
    reply = await handle.reply()
    assert reply.ephemeral and reply.text == text
    assert "Ignoring exception" not in caplog.text


async def test_a_bug_in_a_modal_gets_an_error_id(
    world: GuildHandle, caplog: pytest.LogCaptureFixture
) -> None:
    card = await _card(world)
    opened = await world.member("alice").click(card, "card:name")
    submitted = await world.member("alice").submit_modal(opened, {"name": "Ann"})
    reply = await submitted.reply()
    match = re.search(r"`([0-9a-f]{8})`", reply.text)
    assert reply.ephemeral and match is not None
    assert match.group(1) in caplog.text and "bug while handling Ann" in caplog.text
