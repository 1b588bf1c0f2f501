"""The forum's commands during a quick game (issue 21), through the emulator with the real bot:
``/mafia status`` and ``/mafia players`` answer the quick game's stage, its end and the living
(no roles); ``/mafia join`` and ``/mafia leave`` in its registration act as its buttons; every
``/host`` tool says in a sentence that a quick game has no host. In Russian and in English."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from locales import t
from settings import Settings
from tests.botdb import delivered
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.quickgame import TEN, dealt_quick, quick_guild, register

NAMES = list(TEN)

#: Every /host tool that looks a game up, with the options it needs (``player``: a member).
HOST_TOOLS: list[tuple[str, dict[str, Any]]] = [
    ("/host start", {}),
    ("/host roles", {}),
    ("/host kick", {"player": "don"}),
    ("/host end", {}),
    ("/host acquaintance", {"minutes": 0}),
    ("/host log", {}),
    ("/host preview", {}),
    ("/host time pause", {}),
    ("/host time resume", {}),
    ("/host decide continue", {}),
    ("/host sanction warn", {"player": "don", "reason": "x"}),
    ("/host sanction autokill", {"player": "don"}),
    ("/host activity off", {}),
]


@pytest.fixture(params=["ru", "en"])
async def world(
    request: Any, emu: Any, tmp_path: Path
) -> AsyncIterator[tuple[GuildHandle, Any, str]]:
    locale = request.param
    guild = quick_guild(emu, NAMES, locale)
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'guard.sqlite3'}"))
    async with run_bot(emu, bot):
        yield guild, bot, locale


async def _says(guild: GuildHandle, who: str, command: str, *, in_dm: bool = False,
                **options: Any) -> str:  # fmt: skip
    values = {k: guild.member(v) if k == "player" else v for k, v in options.items()}
    run = guild.member(who).run(command, in_channel=None if in_dm else guild.channel("game"),
                                in_dm=in_dm, **values)  # fmt: skip
    return str((await (await run).reply()).text)


async def test_the_forum_commands_in_a_quick_registration(
    world: tuple[GuildHandle, Any, str],
) -> None:
    guild, bot, locale = world
    post = await register(guild, NAMES[:3])
    await delivered(bot)
    listed = await _says(guild, "guest", "/mafia players")
    assert listed.startswith(t(locale, "quick-status-signup", id=1, ends="<t:").split("<t:")[0])
    assert "<t:" in listed and ":R>" in listed
    assert all(name in listed for name in NAMES[:3])
    # /mafia join: as the Play button (the name typed is the forum's; the display name counts)
    assert await _says(guild, "com", "/mafia join", name="Somebody") == t(locale, "quick-joined")
    await delivered(bot)
    assert f"<@{guild.member('com').id}>" in post.text
    assert await _says(guild, "com", "/mafia leave") == t(locale, "quick-left")
    await delivered(bot)
    assert f"<@{guild.member('com').id}>" not in post.text
    for command, options in HOST_TOOLS:
        assert await _says(guild, "admin", command, **options) == t(locale, "quick-no-host"), (
            command
        )


async def test_the_forum_commands_in_a_running_quick_game(
    world: tuple[GuildHandle, Any, str],
) -> None:
    guild, bot, locale = world
    game, _ = await dealt_quick(guild, bot, TEN)
    roles = [t(locale, f"quick-role-{role.value}") for role in TEN.values()]
    night = t(locale, "quick-status", id=game, number=1, stage=t(locale, "quick-stage-night"),
              ends="<t:").split("<t:")[0] + "<t:"  # fmt: skip
    for who, in_dm in (("don", True), ("cit", False)):
        status = await _says(guild, who, "/mafia status", in_dm=in_dm)
        assert status.startswith(night) and ":R>" in status, status
        assert all(name in status for name in NAMES)  # everyone is alive on night 1
        assert not any(role in status for role in roles)  # no role, not even one's own
    listed = await _says(guild, "guest", "/mafia players")
    assert listed.startswith(night) and all(name in listed for name in NAMES)
    assert not any(role in listed for role in roles)
    for command, options in HOST_TOOLS:
        assert await _says(guild, "admin", command, **options) == t(locale, "quick-no-host"), (
            command
        )
