"""A game on its own channels (issue 10): /host start makes the category, channels and roles; the
announcements and the vote post go to their channels; a player voted out gets the dead role in
one member edit and from then on writes only in the morgue (R-SANCT-1), as Discord's permissions
enforce; the host's end makes every channel read-only and gives the roles back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from db import close_db, init_db
from db.models import OutboxRow
from settings import Settings
from tests.botdb import delivered
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, Refused
from tests.gamesetup import SIX, dealt_game, game_guild, open_and_join, vote_by_post

PLAYERS = ["anna", "boris", "vera", "gleb", "dina", "egor"]


@pytest.fixture
async def started(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "ru"},
            *({"name": name, "locale": "ru"} for name in PLAYERS),
            {"name": "zoya", "locale": "ru"},
        ],
        channels=["lobby"],
    )
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'server.sqlite3'}"))
    async with run_bot(emu, bot):
        host = guild.member("host")
        await open_and_join(guild, PLAYERS)
        answer = await (await host.run("/host start")).reply(within=10)
        assert answer.text.startswith("Игра началась"), answer.text
        await delivered(bot)  # the start's setup and posts: outbox rows, delivered next
        yield guild


async def test_a_game_runs_on_its_own_channels(emu: Any, started: GuildHandle) -> None:
    guild = started
    names = {c.name for c in guild.channels}
    assert {"объявления", "обсуждение", "голосование", "морг", "ведущий", "кабинет-мафии"} <= names
    for name in PLAYERS:
        assert guild.member(name).has_role("Мафия №1: живые")
    assert guild.member("host").has_role("Мафия №1: ведущий")
    assert any("Жеребьёвка запечатана" in m.text for m in guild.channel("объявления").messages)
    post = await guild.channel("голосование").wait_for_message(lambda m: "голосование" in m.text)

    # Everyone votes Anna out by the vote post (the select, then the confirmation).
    for voter in PLAYERS:
        await vote_by_post(guild, post, voter, "boris" if voter == "anna" else "anna")
    edits_before = emu.count("PATCH", "/guilds/{guild_id}/members/{user_id}")
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    await emu.wait_until(lambda: guild.member("anna").has_role("Мафия №1: мёртвые"))
    assert emu.count("PATCH", "/guilds/{guild_id}/members/{user_id}") - edits_before == 1

    # The host's channel has the full log; the public one no cause beyond the vote.
    log = await guild.channel("ведущий").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    assert "Anna выбывает: голосование." in log.text
    anna, boris = guild.member("anna"), guild.member("boris")
    # R-LIFE-5: each day its own discussion thread; the living write there, the dead do not.
    day_1 = guild.channel("День 1")
    assert day_1.raw.is_thread and day_1.raw.parent_id == guild.channel("обсуждение").id
    await boris.post(day_1, "Кто за Анну?")
    with pytest.raises(Refused):
        await anna.post(day_1, "я ещё тут")
    await anna.post(guild.channel("морг"), "Меня повесили…")
    with pytest.raises(Refused):
        await anna.post(guild.channel("обсуждение"), "я ещё тут")
    await boris.post(guild.channel("обсуждение"), "Ночь близко")
    # R-SANCT-1b: the living post in the morgue only to talk with the dead (tests/test_morgue.py)
    await boris.post(guild.channel("морг"), f"<@{anna.id}>, привет мёртвым")


async def test_the_hosts_end_closes_the_channels(emu: Any, started: GuildHandle) -> None:
    guild = started

    ended = await guild.member("host").run("/host end", in_channel=guild.channel("объявления"))
    assert (await ended.reply()).text == "Ведущий завершил игру."
    await emu.wait_until(lambda: not guild.member("anna").has_role("Мафия №1: живые"))
    with pytest.raises(Refused):
        await guild.member("boris").post(guild.channel("обсуждение"), "ещё слово")
    assert guild.member("boris").can(P.VIEW_CHANNEL, guild.channel("кабинет-мафии"))


async def test_spectators_read_public_channels_only(emu: Any, started: GuildHandle) -> None:
    guild = started
    player = await guild.member("anna").run("/mafia spectate")
    assert (await player.reply()).text == "Вы играете в этой игре: игрок не может быть зрителем."
    watching = await (await guild.member("zoya").run("/mafia spectate")).reply()
    assert watching.ephemeral and watching.text.startswith("Вы наблюдаете за игрой")
    zoya = guild.member("zoya")
    await emu.wait_until(lambda: zoya.has_role("Мафия №1: зрители"))
    for public in ("объявления", "обсуждение", "голосование"):
        assert zoya.can(P.VIEW_CHANNEL, guild.channel(public))
        with pytest.raises(Refused):
            await zoya.post(guild.channel(public), "привет")
    for hidden in ("морг", "кабинет-мафии", "ведущий"):
        assert not zoya.can(P.VIEW_CHANNEL, guild.channel(hidden))
    ended = await guild.member("host").run("/host end", in_channel=guild.channel("объявления"))
    await ended.reply()
    await emu.wait_until(lambda: not zoya.has_role("Мафия №1: зрители"))  # the role went back


async def test_verify_after_the_end_only(emu: Any, started: GuildHandle) -> None:
    guild = started
    early = await guild.member("anna").run("/mafia verify")
    assert (
        await early.reply()
    ).text == "Зерно жеребьёвки раскрывается только после окончания игры."
    await (await guild.member("host").run("/host end")).reply()
    proof = await (await guild.member("anna").run("/mafia verify")).reply()
    assert proof.ephemeral and "python -m engine.draw verify --seed " in proof.text


async def test_a_game_won_closes_its_channels_by_itself(emu: Any, started: GuildHandle) -> None:
    """No /host end: the players vote every day and nobody acts at night (a silent team is
    sanctioned, R-NIGHT-1) until a side wins; then the channels close and the roles go back."""
    guild = started
    for day in (1, 2, 3):
        post = await guild.channel("голосование").wait_for_message(
            lambda m, d=day: f"День {d}: голосование" in m.text
        )
        # The living as the day's vote post offers them (a role edit may still be on its way).
        offered = {o["value"] for o in post.component(f"vote:1:{day}:0")["options"]}
        living = [n for n in PLAYERS if str(guild.member(n).id) in offered]
        target = living[0]
        for voter in living:
            await vote_by_post(guild, post, voter, living[1] if voter == target else target, day)
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await guild.channel("объявления").wait_for_message(
            lambda m, d=day: f"Итоги дня {d}" in m.text
        )
        if any("Игра окончена" in m.text for m in guild.channel("объявления").messages):
            break
        emu.clock.advance(timedelta(minutes=10, seconds=6))  # the night: nobody acts
        await guild.channel("объявления").wait_for_message(
            lambda m, d=day: f"Утро после ночи {d}" in m.text
        )
        if any("Игра окончена" in m.text for m in guild.channel("объявления").messages):
            break
    assert any("Игра окончена" in m.text for m in guild.channel("объявления").messages)
    await emu.wait_until(
        lambda: (
            not any(guild.member(n).has_role("Мафия №1: живые") for n in PLAYERS)
            and not any(guild.member(n).has_role("Мафия №1: мёртвые") for n in PLAYERS)
        )
    )
    with pytest.raises(Refused):
        await guild.member("host").post(guild.channel("обсуждение"), "всё")
    # R-LIFE-6: the post-game thread has the draw's proof and the whole game as the host saw it.
    after = next(c for c in guild.channels if c.name.startswith("После игры"))
    await after.wait_for_message(lambda m: "**Вся игра" in m.text)  # its posts: outbox rows
    texts = [m.text for m in after.messages]
    assert any("python -m engine.draw verify --seed" in x for x in texts)
    joined = "\n".join(texts)
    assert "**Вся игра, как её видел Ведущий**" in joined and "\n**День 1**\n" in joined
    # Every role with its history: the first day's loser left by the vote on day 1.
    assert joined.index("**Роли и их история**") < joined.index("**Вся игра")
    # Day 1 sent Anna out (all but her voted for her): her history says so, and when.
    history = joined.split("**Anna**: ")[1].split("\n**")[0]
    assert "\n    · День 1: " in history and "выбывает" in history, history


async def test_cleanup_deletes_the_finished_games_channels(emu: Any, started: GuildHandle) -> None:
    guild = started
    await (await guild.member("host").run("/host end", in_channel=guild.channel("lobby"))).reply()
    await emu.wait_until(lambda: not guild.member("anna").has_role("Мафия №1: живые"))
    cleaned = await (
        await guild.member("host").run("/host cleanup", in_channel=guild.channel("lobby"))
    ).reply()
    assert cleaned.ephemeral and "Удалено" in cleaned.text
    # The deletions are outbox rows, delivered just after the answer (the category last).
    await emu.wait_until(lambda: not guild.has_channel("объявления") and not guild.has_channel("морг"))
    await emu.wait_until(lambda: not [c for c in guild.channels if c.name.startswith("Мафия")] or None)
    again = await (
        await guild.member("host").run("/host cleanup", in_channel=guild.channel("lobby"))
    ).reply()
    assert again.text == "Удалять нечего: у закончившихся игр каналов не осталось."


async def test_the_autokilled_may_not_write_in_the_morgue(emu: Any, tmp_path: Path) -> None:
    """R-VOTE-4: a living player without a vote is autokilled; unlike the voted out, he may not
    write in the morgue either. (A known deal, so that the game goes on after the day.)"""
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'auto.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True)
        post = await guild.channel("голосование").wait_for_message(
            lambda m: "голосование" in m.text
        )
        for voter in [p for p in SIX if p != "gleb"]:  # Gleb (a citizen) does not vote
            await vote_by_post(guild, post, voter, "anna" if voter == "dina" else "dina")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
        gleb, dina = guild.member("gleb"), guild.member("dina")
        await emu.wait_until(lambda: gleb.has_role("Мафия №1: мёртвые"))
        await emu.wait_until(lambda: not gleb.can(P.SEND_MESSAGES, guild.channel("морг")))
        with pytest.raises(Refused):
            await gleb.post(guild.channel("морг"), "меня автокильнули")
        assert gleb.can(P.VIEW_CHANNEL, guild.channel("морг")), "he still reads it"
        await emu.wait_until(lambda: dina.has_role("Мафия №1: мёртвые"))
        await dina.post(guild.channel("морг"), "а меня повесили")
    # A crash between the resolution and his dead role and mute (their outbox rows stored, not
    # delivered): the bot, started again, gives him both all the same, once the servers are known.
    guild.channel("морг").raw.overwrites.pop(gleb.id)
    guild.take_role(gleb, "Мафия №1: мёртвые")
    await init_db(f"sqlite://{tmp_path / 'auto.sqlite3'}")
    try:
        keys = [f"dead:1:{gleb.id}", f"morgue-mute:1:{gleb.id}"]
        assert await OutboxRow.filter(key__in=keys).update(delivered_at=None) == 2
    finally:
        await close_db()
    async with run_bot(
        emu, create_bot(Settings(database_url=f"sqlite://{tmp_path / 'auto.sqlite3'}"))
    ):
        await emu.wait_until(lambda: gleb.has_role("Мафия №1: мёртвые"))
        await emu.wait_until(lambda: not gleb.can(P.SEND_MESSAGES, guild.channel("морг")))


async def test_the_host_is_told_what_the_bot_lacks_and_nothing_starts(
    emu: Any, tmp_path: Path
) -> None:
    from tests.emulator.story import DEFAULT_BOT_PERMISSIONS

    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[{"name": "host", "roles": ["Admins"], "locale": "ru"}, *PLAYERS],
        channels=["lobby"],
        bot_permissions=DEFAULT_BOT_PERMISSIONS & ~(P.MANAGE_ROLES | P.MANAGE_CHANNELS),
    )
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'lacks.sqlite3'}"))
    async with run_bot(emu, bot):
        host = guild.member("host")
        await open_and_join(guild, PLAYERS)
        refused = await (await host.run("/host start")).reply(within=10)
        assert refused.ephemeral and refused.text.startswith(
            "Бот пока не может провести здесь игру:"
        )
        assert len(refused.text.splitlines()) >= 3  # one sentence per missing permission
        assert not any("Жеребьёвка" in m.text for c in guild.channels for m in c.messages)
        # Nothing started: the lobby is still open, and a player can still leave.
        left = await (await guild.member("anna").run("/mafia leave")).reply()
        assert left.text == "You left the signup."  # anna speaks English (the default)


async def test_a_player_who_left_the_server_does_not_stop_the_game(
    emu: Any, tmp_path: Path
) -> None:
    """A player leaves the server mid-day: he leaves the game at once (R-VOTE-12), announced
    without a role, the votes for him void and their voters told to vote again; the game goes
    on for the others."""
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'left.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True)
        post = await guild.channel("голосование").wait_for_message(
            lambda m: "голосование" in m.text
        )
        await vote_by_post(guild, post, "anna", "gleb")
        await vote_by_post(guild, post, "gleb", "anna")
        await guild.member("gleb").leave()
        news = guild.channel("объявления")
        await news.wait_for_message(
            lambda m: m.text == "Gleb больше нет на сервере: игрок выбывает из игры."
        )
        void = await guild.member("anna").wait_for_dm(lambda m: "аннулирован" in m.text)
        assert "Gleb" in void.text
        host_log = await guild.channel("ведущий").wait_for_message(lambda m: "🚪" in m.text)
        assert "больше нет на сервере" in host_log.text
        for voter in [p for p in SIX if p != "gleb"]:
            await vote_by_post(guild, post, voter, "anna" if voter == "dina" else "dina")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        results = await news.wait_for_message(lambda m: "Итоги дня 1" in m.text)
        assert "Gleb" not in results.text, "out before the close: his vote and the one for him void"
        assert "Dina покидает город по итогам голосования." in results.text
        assert "Anna — 1 голос" in results.text  # Dina's vote; Gleb's for Anna is void
        await emu.wait_until(lambda: guild.member("dina").has_role("Мафия №1: мёртвые"))
        night = await guild.channel("объявления").wait_for_message(lambda m: "Ночь 1." in m.text)
        assert night is not None  # the game went on


async def test_the_hobos_taker_orders_his_vote_from_the_cabinets_prompt(
    emu: Any, tmp_path: Path
) -> None:
    """R-VOTE-6: the mafia's shot takes the hobo's vote; on the next day the team's cabinet gets a
    prompt to order it (the don orders); the hobo's own vote is then refused, and the ordered one
    counts."""
    deal = {**SIX, "vera": "hobo@town"}
    guild = game_guild(emu, list(deal))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'hobo.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, deal, channels=True)
        for voter in deal:  # day 1: Gleb leaves
            target = "anna" if voter == "gleb" else "gleb"
            handle = await guild.member(voter).run(
                "/mafia vote", target=str(guild.member(target).id)
            )
            await handle.reply()
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
        shot = await guild.member("dina").run(
            "/mafia act", action="shoot", target=str(guild.member("vera").id)
        )
        await shot.reply()
        emu.clock.advance(timedelta(minutes=10, seconds=6))
        await guild.channel("объявления").wait_for_message(lambda m: "Утро после ночи 1" in m.text)
        cabinet = guild.channel("кабинет-мафии")
        prompt = await cabinet.wait_for_message(lambda m: "День 2: ваш ход." in m.text)
        assert "choose:1:day:2:order" in prompt.custom_ids
        # The don gives the team's order (a mafioso may not, engine.choices.controls_of).
        boris = [str(guild.member("boris").id)]
        member = await guild.member("egor").select(prompt, "choose:1:day:2:order", boris)
        assert (await member.reply()).text.startswith("Сейчас у вас нет такого хода")
        ordered = await guild.member("dina").select(prompt, "choose:1:day:2:order", boris)
        assert "Записано" in (await ordered.reply()).text
        # Ordered already: her own vote is refused at once (R-VOTE-6), not announced.
        own = await guild.member("vera").run("/mafia vote", target=str(guild.member("dina").id))
        refused = await own.reply()
        assert refused.ephemeral
        assert refused.text == "Сегодня ваш голос под приказом: голосовать иначе нельзя."
        for voter in ("anna", "boris", "dina", "egor"):
            target = "anna" if voter == "egor" else "egor"
            handle = await guild.member(voter).run(
                "/mafia vote", target=str(guild.member(target).id)
            )
            await handle.reply()
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        results = await guild.channel("объявления").wait_for_message(
            lambda m: "Итоги дня 2" in m.text
        )
        assert "Vera голосует: Boris." in results.text  # the ordered vote counts
