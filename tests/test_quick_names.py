"""The quick game seats a member under his display name (cogs.quick.registration), and a
character's name may have only letters, digits, spaces and simple punctuation (R-LIFE-1,
engine.names): a nickname with an emoji or markup — most servers have them — is seated under
what is left of it once those are taken out; a nickname with nothing left, under "Игрок" and
his id's tail in the server's language. Before, such a member was told he was in and was not
(no seat, no name on the list, no game)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tortoise.exceptions import OperationalError

from bot import create_bot
from db.lobby import players
from db.models import Game, OutboxRow
from engine.names import MAX_NAME_LENGTH, clean_name, name_problem, plain_name
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle

NICKS = {"opener": "🌸 Кира 🌸", "lisa": "~Лиса~", "star": "⭐⭐", "bob": "**Bob** [x](y)"}


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[{"name": name, "nick": nick, "locale": "ru"} for name, nick in NICKS.items()],
        channels=["game"],
    )
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'names.sqlite3'}"))
    async with run_bot(emu, bot):
        yield guild, bot


async def test_nicknames_with_emoji_or_markup_are_seated_under_a_plain_name(
    world: tuple[GuildHandle, Any],
) -> None:
    guild, bot = world
    channel = guild.channel("game")
    opened = await guild.member("opener").run("/mafia quick", in_channel=channel)
    await opened.reply()
    post = await channel.wait_for_message(lambda m: "регистрация" in m.text)
    for name in ("lisa", "star", "bob"):
        joined = await guild.member(name).click(post, "qk:join:1:0")
        await joined.reply()
    await delivered(bot)
    for name in NICKS:
        assert f"<@{guild.member(name).id}>" in post.text, name
    seated = {p.user_id: p.name for p in await in_bot(bot, players(1))}
    star = guild.member("star").id
    assert seated == {
        guild.member("opener").id: "Кира",
        guild.member("lisa").id: "Лиса",
        star: f"Игрок {star % 10000:04}",
        guild.member("bob").id: "Bob x(y)",  # no link without its brackets
    }


async def test_a_registration_that_fails_to_open_leaves_nothing_behind(
    world: tuple[GuildHandle, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game, its countdown, the opener's seat, the post and his hello are one transaction:
    should the database fail at the last of them, the opener is told it failed, nothing is
    left (no game nobody sees holding him), and his next /mafia quick opens at once."""
    guild, bot = world
    channel = guild.channel("game")
    real = OutboxRow.create
    failed = False

    async def fail_once(*args: Any, **kwargs: Any) -> Any:
        nonlocal failed
        if not failed:
            failed = True
            raise OperationalError("disk I/O error")
        return await real(*args, **kwargs)

    monkeypatch.setattr(OutboxRow, "create", fail_once)
    first = await guild.member("lisa").run("/mafia quick", in_channel=channel)
    assert "Вы уже участвуете" not in (await first.reply()).text
    assert failed and await in_bot(bot, _games()) == 0
    again = await guild.member("lisa").run("/mafia quick", in_channel=channel)
    await again.reply()
    post = await channel.wait_for_message(lambda m: "регистрация" in m.text)
    assert f"<@{guild.member('lisa').id}>" in post.text


async def _games() -> int:
    return await Game.filter().count()


@given(st.text(max_size=60))
def test_what_is_left_of_any_display_name_is_a_name_or_nothing(text: str) -> None:
    """Whatever a display name holds, what plain_name leaves is a valid name, or empty or
    letterless (then the seat falls back to "Игрок" and the id's tail) — never markup."""
    plain = plain_name(text)
    assert name_problem(plain) in (None, "no_letter") if plain else plain == ""
    assert plain == clean_name(plain) and len(plain) <= MAX_NAME_LENGTH
