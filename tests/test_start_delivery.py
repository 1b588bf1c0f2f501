"""The start's effects are outbox rows too (issue 17), through the emulator with the real bot:
one 503, and separately one 403, on each kind of the start's effect — the channels' creation,
a member's game role (both steps of the setup row), a role card's DM, the commitment's post in
the announcements the setup made. The rest goes out; the failed one is retried until it passes
(a 503; the setup resumes where it stopped, making nothing twice) or waits for the host's fix (a
403: the lobby's channel — the host's is not made yet — or the host's channel names what to fix;
a card refused for closed DMs is told publicly and to the host instead). At the end the server
matches the game: each channel once, each player alive with his card once, the commitment, day
1's post, thread and vote post once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from db.outbox import pending
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import game_guild, open_and_join

PLAYERS = ["anna", "boris", "vera", "gleb", "dina", "egor"]
MESSAGES = "/channels/{channel_id}/messages"
CHANNELS = ["объявления", "обсуждение", "голосование", "морг", "ведущий"]
ALIVE = "Мафия №1: живые"


@dataclass
class Start:
    emu: Any
    guild: GuildHandle
    bot: Any

    async def settle(self) -> list[Any]:
        for _ in range(50):
            await delivered(self.bot)
            left = await in_bot(self.bot, pending())
            if not left or all(r.blocked or r.next_attempt_at for r in left):
                return list(left)
            await asyncio.sleep(0.02)
        return list(await in_bot(self.bot, pending()))


@pytest.fixture
async def lobby(emu: Any, tmp_path: Path) -> AsyncIterator[Start]:
    guild = game_guild(emu, PLAYERS, channel="lobby")
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'start.sqlite3'}"))
    async with run_bot(emu, bot):
        await open_and_join(guild, PLAYERS)
        await delivered(bot)
        yield Start(emu, guild, bot)


def _server_matches_the_game(start: Start, *, card_refused: str | None = None) -> None:
    guild = start.guild
    names = [c.name for c in guild.channels]
    for name in [*CHANNELS, "кабинет-мафии", "День 1"]:
        assert names.count(name) == 1, (name, names)
    for player in PLAYERS:
        assert guild.member(player).has_role(ALIVE), player
        cards = [m for m in guild.member(player).dms if m.embeds and "mymove:1" in m.custom_ids]
        assert len(cards) == (0 if player == card_refused else 1), player
    assert guild.member("host").has_role("Мафия №1: ведущий")
    public = [m.text for m in guild.channel("объявления").messages]
    assert sum("Жеребьёвка запечатана" in m for m in public) == 1
    assert sum("Начинается день 1." in m for m in public) == 1
    votes = [m for m in guild.channel("голосование").messages if "vote:1:1:0" in m.custom_ids]
    assert len(votes) == 1


def _notes(start: Start, channel: str) -> list[str]:
    if channel not in [c.name for c in start.guild.channels]:
        return []
    return [m.text for m in start.guild.channel(channel).messages if m.text.startswith("⛔")]


async def _start(start: Start) -> None:
    answer = await (await start.guild.member("host").run("/host start")).reply(within=10)
    assert answer.text.startswith("Игра началась"), answer.text


def _fault(start: Start, kind: str) -> tuple[str, str, dict[str, str]]:
    guild = start.guild
    if kind == "channels":
        return "POST", "/guilds/{guild_id}/channels", {"guild_id": str(guild.id)}
    if kind == "member role":
        return (
            "PATCH",
            "/guilds/{guild_id}/members/{user_id}",
            {"user_id": str(guild.member("vera").id)},
        )
    dm = start.emu.world.dm_channels[guild.member("vera").id]
    return "POST", MESSAGES, {"channel_id": str(dm)}


@pytest.mark.parametrize("kind", ["channels", "member role", "card DM"])
async def test_one_503_on_a_start_effect_is_retried_until_it_passes(
    start_: Start, kind: str
) -> None:
    start = start_
    method, route, params = _fault(start, kind)
    start.emu.fail_next(method, route, status=503, params=params)
    await _start(start)
    await start.settle()
    start.emu.clock.advance(seconds=3)  # the retry's backoff
    assert await start.settle() == []
    _server_matches_the_game(start)


@pytest.mark.parametrize(
    ("kind", "fix"),
    [("channels", "Управлять каналами"), ("member role", "Управлять ролями"), ("card DM", None)],
)
async def test_one_403_on_a_start_effect_waits_for_the_hosts_fix(
    start_: Start, kind: str, fix: str | None
) -> None:
    start = start_
    method, route, params = _fault(start, kind)
    start.emu.fail_next(
        method, route, status=403, code=50007 if fix is None else 50013, params=params
    )
    await _start(start)
    left = await start.settle()
    if fix is None:  # closed DMs: said publicly (never why) and to the host; the game goes on
        assert left == []
        _server_matches_the_game(start, card_refused="vera")
        closed = [
            m
            for m in start.guild.channel("объявления").messages
            if "карточку роли не удалось" in m.text
        ]
        assert len(closed) == 1 and f"<@{start.guild.member('vera').id}>" in closed[0].text
        assert any("Vera" in m.text for m in start.guild.channel("ведущий").messages)
        return
    [blocked] = [r for r in left if r.blocked]  # the rest waits for it (the posts in its channels)
    assert blocked.effect.kind == "setup"
    # In the host's channel once the setup made it, else in the lobby's.
    [note] = _notes(start, "lobby") + _notes(start, "ведущий")
    assert fix in note and "/host" in note
    start.emu.clock.advance(minutes=10)  # not retried blindly
    assert [r.id for r in await start.settle() if r.blocked] == [blocked.id]
    await (await start.guild.member("host").run("/host log")).reply()  # "I fixed it"
    assert await start.settle() == []
    _server_matches_the_game(start)


@pytest.mark.parametrize("status", [503, 403])
async def test_the_commitment_in_the_new_announcements_channel_fails_once(
    start_: Start, status: int
) -> None:
    """A post that depends on the setup (it goes into a channel the setup makes)."""
    start = start_
    await in_bot(start.bot, start.bot.outbox.stop())
    await _start(start)
    await _deliver_only_the_setup(start)
    announcements = start.guild.channel("объявления").id
    start.emu.fail_next("POST", MESSAGES, status=status, params={"channel_id": str(announcements)})

    async def resume() -> None:
        start.bot.outbox.start()

    await in_bot(start.bot, resume())
    left = await start.settle()
    if status == 503:
        start.emu.clock.advance(seconds=3)
    else:
        [blocked] = [r for r in left if r.blocked]
        assert blocked.effect.kind == "post"
        [note] = _notes(start, "ведущий")
        assert "Отправлять сообщения" in note
        await (await start.guild.member("host").run("/host log")).reply()
    assert await start.settle() == []
    _server_matches_the_game(start)


async def _deliver_only_the_setup(start: Start) -> None:
    from cogs.delivery.adapter import perform
    from db.outbox_claims import delivered as mark

    async def once() -> None:
        [setup] = [r for r in await pending() if r.effect.kind == "setup"]
        await mark(setup.id, result=await perform(start.bot, setup))

    await in_bot(start.bot, once())


@pytest.fixture
def start_(lobby: Start) -> Start:
    return lobby
