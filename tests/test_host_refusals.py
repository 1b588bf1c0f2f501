"""Every ``/host`` command refuses a member who is not a host, with the reason, even where the
server's admins opened ``/host`` to his role in Integrations (Discord's own gate) — the bot's
real check (issue 12: "its refusal for a non-host") — and changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild, open_and_join

NOT_HOST = "Это может только Ведущий игры (или ведущий сервера)."


def _commands(guild: GuildHandle) -> list[tuple[str, dict[str, Any]]]:
    boris, gleb = guild.member("boris"), guild.member("gleb")
    return [
        ("/host create", {"mode": "two-sided", "timing": "fast"}),
        ("/host acquaintance", {"minutes": 0}),
        ("/host cleanup", {}),
        ("/host end", {}),
        ("/host time deadline", {"kind": "vote", "value": "21:00"}),
        ("/host time outage", {"minutes": 30}),
        ("/host time pause", {}),
        ("/host time resume", {}),
        ("/host time opening", {"value": "10:00"}),
        ("/host decide continue", {}),
        ("/host decide joint-win", {}),
        ("/host decide zombie-head", {"player": boris}),
        ("/host preview", {}),
        ("/host what-if", {"choices": "Anna vote Dina"}),
        ("/host log", {}),
        ("/host sanction warn", {"player": boris, "reason": "x"}),
        ("/host sanction read-only", {"player": boris, "minutes": 30}),
        ("/host sanction cancel", {"player": boris}),
        ("/host sanction strip", {"player": boris}),
        ("/host sanction autokill", {"player": boris}),
        ("/host sanction disqualify", {"player": boris}),
        ("/host sanction morgue", {"player": boris}),
        ("/host replace", {"player": boris, "substitute": gleb}),
        ("/host activity count", {"posts": 3}),
        ("/host activity off", {}),
    ]


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = game_guild(emu, list(SIX))
    guild.add_role("Players")
    guild.give_role(guild.member("anna"), "Players")
    guild.allow_command("host", "Players")  # Discord would offer /host to Anna now
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'refusals.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True)
        yield guild


async def test_every_host_command_refuses_a_player(emu: Any, game: GuildHandle) -> None:
    guild = game
    anna = guild.member("anna")
    public_before = {c.name: len(c.messages) for c in guild.channels}
    wrong = {}
    for command, options in _commands(guild):
        emu.clock.advance(seconds=3)  # not a command flood (R-MOD's detector would mute her)
        answer = await (await anna.run(command, **options)).reply()
        if not (answer.ephemeral and answer.text == NOT_HOST):
            wrong[command] = (answer.ephemeral, answer.text)
    assert wrong == {}
    assert {c.name: len(c.messages) for c in guild.channels} == public_before  # nothing changed


async def test_the_lobbys_commands_refuse_a_player(emu: Any, tmp_path: Path) -> None:
    """Kick, roles and start act on an open signup: there, too, a player is refused."""
    guild = game_guild(emu, list(SIX))
    guild.add_role("Players")
    guild.give_role(guild.member("anna"), "Players")
    guild.allow_command("host", "Players")
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'lobby.sqlite3'}"))
    async with run_bot(emu, bot):
        await open_and_join(guild, SIX)
        lobby = guild.channel("game")
        await emu.wait_until(lambda: "(6)" in lobby.messages[0].text)  # the signup list, all six
        post = lobby.messages[0].text
        for command, options in [
            ("/host kick", {"player": guild.member("boris")}),
            ("/host roles", {"roles": "cop, doctor, citizen, citizen, don, mafioso"}),
            ("/host start", {}),
        ]:
            answer = await (await guild.member("anna").run(command, **options)).reply()
            assert answer.ephemeral and answer.text == NOT_HOST, (command, answer.text)
        assert guild.channel("game").messages[0].text == post  # Boris still signed up
