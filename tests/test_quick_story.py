"""A quick game in English through the emulator with the real bot (issue 21): the don blocked by
the mistress (his vote dropped), the lucky surviving by the committed coin, a hanged kamikaze's
30 s prompt taking the mafioso along, a hanged suicide's personal win, last words, the mistress
refused the same target twice, ``/mafia act`` with this game's verbs, the town's win."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from engine.chat import ChatRole as R
from settings import Settings
from tests.botdb import delivered
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, Refused
from tests.quickgame import dealt_quick, ids, lucky_seed, quick_guild
from tests.test_quick_game import _cabinet_prompt, _dm_choice, _round

DEAL = {"don": R.DON, "maf": R.MAFIOSO, "mis": R.MISTRESS, "com": R.COMMISSAR,
        "luc": R.LUCKY, "kam": R.KAMIKAZE, "sui": R.SUICIDE, "doc": R.DOCTOR}  # fmt: skip


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = quick_guild(emu, list(DEAL), locale="en-US")
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'story.sqlite3'}"))
    async with run_bot(emu, bot):
        language = await guild.member("admin").run("/server language", value="en")
        await language.reply()
        yield guild, bot


async def _vote(guild: GuildHandle, vote: Any, game: int, votes: dict[str, str]) -> None:
    for voter, target in votes.items():
        cid = f"qk:c:{game}:{_round(vote)}:vote:0"
        await (await guild.member(voter).select(vote, cid, [str(guild.member(target).id)])).reply()


async def test_blocked_don_lucky_kamikaze_suicide(emu: Any, world: tuple[GuildHandle, Any]) -> None:
    guild, bot = world
    who = ids(guild, list(DEAL))
    game, _ = await dealt_quick(guild, bot, DEAL, seed=lucky_seed(1, 1, who["luc"]))
    channel = guild.channel("game")
    mafia = guild.channel("Mafia — game 1")
    card = await guild.member("sui").run("/mafia role", in_channel=channel)  # closed DMs: C-LIFE-3
    assert (await card.reply()).text.startswith("Your role: **Suicide**.")
    # Night 1: the mistress blocks the don; only the mafioso's vote counts: the lucky.
    prompt = await _cabinet_prompt(emu, mafia, game, minimum=1)
    await (await guild.member("don").select(prompt[0], prompt[1], [who["kam"]])).reply()
    await (await guild.member("maf").select(prompt[0], prompt[1], [who["luc"]])).reply()
    await _dm_choice(emu, guild, game, "mis", "visit", "don", 1)
    await _dm_choice(emu, guild, game, "doc", "heal", "doc", 1)
    # /mafia act with this game's verbs (autocomplete offers the role's own).
    offered = await guild.member("com").autocomplete("/mafia act", "action", "")
    assert {c["value"] for c in offered} == {"check", "shoot", "skip"}
    acted = await guild.member("com").run("/mafia act", action="check", target=who["maf"])
    assert (await acted.reply()).text == "Your move is recorded."
    morning = await channel.wait_for_message(lambda m: "Morning 1" in m.text, within=5)
    assert "Someone was lucky tonight." in morning.text and "Killed tonight" not in morning.text
    told = await guild.member("com").wait_for_dm(lambda m: "Mafioso" in m.text)
    assert f"<@{who['maf']}>: Mafioso." in told.text
    await guild.member("don").wait_for_dm(lambda m: "mistress spent the night" in m.text)
    await delivered(bot)
    with pytest.raises(Refused):
        await guild.member("don").post(channel, "I am innocent")
    # Day 1: the kamikaze is hanged and takes the mafioso along within his 30 s.
    emu.clock.advance(timedelta(seconds=62))
    vote = await channel.wait_for_message(lambda m: "The vote." in m.text, within=5)
    blocked = await guild.member("don").select(
        vote, f"qk:c:{game}:{_round(vote)}:vote:0", [who["kam"]]
    )
    assert (
        await blocked.reply()
    ).text == "The mistress visited you last night: you cannot vote today."
    voters = {n: "kam" for n in ("maf", "mis", "com", "luc", "sui", "doc")} | {"kam": "sui"}
    await _vote(guild, vote, game, voters)
    emu.clock.advance(timedelta(seconds=46))  # the vote has its length (C-DAY-2)
    confirm = await channel.wait_for_message(lambda m: "Hang" in m.text, within=5)
    for name in ("mis", "com", "luc"):
        await (await guild.member(name).click(confirm, f"qk:up:{game}:{_round(confirm)}")).reply()
    emu.clock.advance(timedelta(seconds=31))
    await channel.wait_for_message(lambda m: "30 seconds to take someone" in m.text, within=5)
    await _take(emu, guild, game, "kam", "maf")
    took = await channel.wait_for_message(
        lambda m: "took" in m.text and f"<@{who['maf']}>" in m.text, within=5
    )
    assert "Mafioso" in took.text
    await guild.member("kam").dm_bot("Told you <@&123456789012345678> so")
    words = await channel.wait_for_message(lambda m: "shout before dying" in m.text)
    assert "<@&123456789012345678>" not in words.text and "Told you" in words.text
    # Night 2: the mistress visits the lucky; the don kills the doctor.
    await channel.wait_for_message(lambda m: "Night 2" in m.text, within=5)
    rnd = _round(confirm)
    n2 = await _cabinet_prompt(emu, mafia, game, minimum=rnd + 1)
    await (await guild.member("don").select(n2[0], n2[1], [who["doc"]])).reply()
    await _dm_choice(emu, guild, game, "mis", "visit", "luc", rnd + 1)
    await _dm_choice(emu, guild, game, "com", "check", "sui", rnd + 1)
    await _dm_choice(emu, guild, game, "doc", "heal", "com", rnd + 1)
    await channel.wait_for_message(lambda m: "Morning 2" in m.text, within=5)
    # Day 2: the suicide is hanged: his personal win; the game goes on. The lucky, visited by
    # the mistress, neither votes nor presses (C-NIGHT-1).
    emu.clock.advance(timedelta(seconds=62))
    vote = await channel.wait_for_message(
        lambda m: "The vote." in m.text and _round(m) > rnd, within=5
    )
    await _vote(
        guild, vote, game, {"don": "sui", "mis": "sui", "com": "sui", "luc": "sui", "sui": "don"}
    )
    emu.clock.advance(timedelta(seconds=46))  # the vote has its length (C-DAY-2)
    confirm = await channel.wait_for_message(
        lambda m: "Hang" in m.text and _round(m) > rnd, within=5
    )
    for name in ("mis", "com"):
        await (await guild.member(name).click(confirm, f"qk:up:{game}:{_round(confirm)}")).reply()
    mute = await guild.member("luc").click(confirm, f"qk:up:{game}:{_round(confirm)}")
    assert (
        await mute.reply()
    ).text == "The mistress visited you last night: you cannot vote today."
    emu.clock.advance(timedelta(seconds=31))
    win = await channel.wait_for_message(lambda m: "personal win" in m.text, within=5)
    assert f"<@{who['sui']}>" in win.text
    # Night 3: the mistress may not visit the lucky twice running; she blocks the don, whom the
    # commissar shoots.
    await channel.wait_for_message(lambda m: "Night 3" in m.text, within=5)
    rnd = _round(confirm)
    member = guild.member("mis")
    twice = await member.run("/mafia act", action="visit", target=who["luc"], in_dm=True)
    assert "same player as last time" in (await twice.reply()).text
    await _dm_choice(emu, guild, game, "mis", "visit", "don", rnd + 1)
    n3 = await _cabinet_prompt(emu, mafia, game, minimum=rnd + 1)
    await (await guild.member("don").select(n3[0], n3[1], [who["luc"]])).reply()
    await _dm_choice(emu, guild, game, "com", "shoot", "don", rnd + 1)
    await channel.wait_for_message(lambda m: "The winner: the town." in m.text, within=5)
    end = await channel.wait_for_message(lambda m: "Game #1 is over" in m.text, within=5)
    assert f"<@{who['sui']}> — Suicide" in end.text


async def _take(emu: Any, guild: GuildHandle, game: int, name: str, target: str) -> None:
    member = guild.member(name)

    def find() -> tuple[Any, str] | None:
        for message in reversed(member.dms):
            for cid in message.custom_ids:
                if cid.startswith(f"qk:c:{game}:") and ":take:" in cid:
                    return message, cid
        return None

    message, cid = await emu.wait_until(find)
    assert "Whom do you take with you?" in message.text
    await (await member.select(message, cid, [str(guild.member(target).id)])).reply()
