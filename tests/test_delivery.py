"""Delivery that never gives up and never doubles (issue 17), through the emulator with the real
bot: one 503, and separately one 403, on each kind of effect of a night's resolution — the dead
player's member edit, the day's thread, the vote post, a prompt, a DM, a post. The rest of the
resolution goes out at once; the failed one is retried until it passes (a 503), or waits for the
host's fix (a 403: the host's channel names the permission, and any /host command resumes it;
a DM refused for closed DMs is recorded undeliverable and the game goes on); at the end the
server matches the game."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from db.outbox import OutboxItem, pending
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import dealt_game, game_guild

EIGHT = {
    "anna": "cop@town",
    "boris": "doctor@town",
    "vera": "lawyer@town",  # a day prompt (R-DAY-1)
    "gleb": "citizen@town",
    "petr": "citizen@town",
    "kira": "citizen@town",
    "dina": "don@mafia",
    "egor": "mafioso@mafia",
}
MESSAGES = "/channels/{channel_id}/messages"
DEAD = "Мафия №1: мёртвые"


@dataclass
class Night:
    emu: Any
    guild: GuildHandle
    bot: Any

    def channel_id(self, name: str) -> int:
        return self.guild.channel(name).id

    def dm_channel_id(self, name: str) -> int:
        return int(self.emu.world.dm_channels[self.guild.member(name).id])

    async def resolve(self) -> list[OutboxItem]:
        """Night 1 closes while the delivery is held: its rows, stored with the resolution."""
        await self.bot.outbox.stop()
        self.emu.clock.advance(timedelta(minutes=10, seconds=6))
        for _ in range(200):
            rows = await in_bot(self.bot, pending())
            if any(r.effect.key == "votepost:1:2" for r in rows):
                return rows
            await asyncio.sleep(0.02)
        raise AssertionError("night 1 was not resolved")

    async def deliver(self) -> list[OutboxItem]:
        async def start() -> None:  # in the bot's context: its database
            self.bot.outbox.start()

        await in_bot(self.bot, start())
        await delivered(self.bot)
        return await in_bot(self.bot, pending())


@pytest.fixture
async def night(emu: Any, tmp_path: Path) -> AsyncIterator[Night]:
    """Day 1 voted Gleb out; night 1's choices made: the don shoots Petr."""
    guild = game_guild(emu, list(EIGHT))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'delivery.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, EIGHT, channels=True, activity=0)
        for voter in EIGHT:
            target = "anna" if voter == "gleb" else "gleb"
            vote = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
            await vote.reply()
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
        await delivered(bot)
        shot = await guild.member("dina").run(
            "/mafia act", action="shoot", target=str(guild.member("petr").id)
        )
        await shot.reply()
        yield Night(emu, guild, bot)


#: Each kind of effect of the resolution: (the route, its path parameter's owner, the row's
#: kind and key prefix, what the host is told to fix on a 403 — None: a DM, nobody's to fix).
KINDS = {
    "member edit": (
        "PATCH",
        "/guilds/{guild_id}/members/{user_id}",
        ("user_id", "petr"),
        "roles",
        "Управлять ролями",
    ),
    "thread": (
        "POST",
        "/channels/{channel_id}/threads",
        ("channel_id", "обсуждение"),
        "thread",
        "Создавать публичные ветки",
    ),
    "vote post": ("POST", MESSAGES, ("channel_id", "голосование"), "post", "Отправлять сообщения"),
    "prompt": ("POST", MESSAGES, ("channel_id", "dm:vera"), "dm", None),
    "DM": ("POST", MESSAGES, ("channel_id", "dm:petr"), "dm", None),
    "post": ("POST", MESSAGES, ("channel_id", "объявления"), "post", "Отправлять сообщения"),
}


def _param(night: Night, owner: tuple[str, str]) -> dict[str, str]:
    name, who = owner
    if who.startswith("dm:"):
        return {name: str(night.dm_channel_id(who[3:]))}
    if name == "user_id":
        return {name: str(night.guild.member(who).id)}
    return {name: str(night.channel_id(who))}


def _server_matches_the_game(night: Night) -> None:
    guild = night.guild
    petr = guild.member("petr")
    assert petr.has_role(DEAD) and not petr.has_role("Мафия №1: живые")
    assert not petr.can(P.SEND_MESSAGES, guild.channel("обсуждение"))
    assert not petr.can(P.SEND_MESSAGES, guild.channel("голосование"))
    assert petr.can(P.SEND_MESSAGES, guild.channel("морг"))
    assert [c.name for c in guild.channels].count("День 2") == 1
    votes = [m for m in guild.channel("голосование").messages if "День 2: голосование" in m.text]
    assert len(votes) == 1 and "vote:1:2:0" in votes[0].custom_ids
    results = [m for m in guild.channel("объявления").messages if "Утро после ночи 1" in m.text]
    assert len(results) == 1


def _host_notes(night: Night) -> list[str]:
    return [m.text for m in night.guild.channel("ведущий").messages if m.text.startswith("⛔")]


@pytest.mark.parametrize("kind", list(KINDS))
async def test_one_503_delays_only_its_own_effect(night: Night, kind: str) -> None:
    method, route, owner, row_kind, _ = KINDS[kind]
    rows = await night.resolve()
    night.emu.fail_next(method, route, status=503, params=_param(night, owner))
    [stuck] = await night.deliver()  # everything else went out at once
    assert stuck.effect.kind == row_kind and stuck.attempts == 1 and stuck.blocked is None
    assert len(rows) > 5
    night.emu.clock.advance(seconds=3)  # the first retry's backoff
    assert await night.deliver() == []
    _server_matches_the_game(night)
    if kind == "prompt":
        prompts = [m for m in night.guild.member("vera").dms if "День 2: ваш ход." in m.text]
        assert len(prompts) == 1
    if kind == "DM":
        assert len([m for m in night.guild.member("petr").dms if "Вы выбыли" in m.text]) == 1


@pytest.mark.parametrize("kind", list(KINDS))
async def test_one_403_waits_for_the_hosts_fix(night: Night, kind: str) -> None:
    method, route, owner, row_kind, fix = KINDS[kind]
    await night.resolve()
    code = 50007 if fix is None else 50013  # a DM: Cannot send messages to this user
    night.emu.fail_next(method, route, status=403, code=code, params=_param(night, owner))
    left = await night.deliver()
    if fix is None:  # closed DMs: recorded undeliverable, the game goes on, the host not bothered
        assert left == [] and _host_notes(night) == []
        _server_matches_the_game(night)
        return
    [blocked] = left
    assert blocked.effect.kind == row_kind and blocked.blocked is not None
    [note] = _host_notes(night)
    assert fix in note and "/host" in note
    night.emu.clock.advance(minutes=10)  # not retried blindly: it waits for the fix
    assert [i.id for i in await night.deliver()] == [blocked.id]
    # The host fixed it and runs a command: the row is tried again, and goes through.
    await (await night.guild.member("host").run("/host log")).reply()
    await emu_settled(night)
    assert await in_bot(night.bot, pending()) == []
    _server_matches_the_game(night)


async def emu_settled(night: Night) -> None:
    for _ in range(50):
        if not await in_bot(night.bot, pending()):
            return
        await delivered(night.bot)
        await asyncio.sleep(0.02)
