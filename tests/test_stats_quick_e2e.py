"""Statistics and ratings over both games (issue 22), with the real bot on the emulator: a forum
game and a quick game (mode ``chat``) played to their end by the same six members, by commands,
buttons and menus. ``/mafia stats`` and ``/mafia top`` show what the games' logs say, for each
game and for both together (the quick game's wins by side and card, the commissar's correct
check and hit, the doctor's save); the quick game's end DM tells the change of its rating as
stored with the end; its log thread carries the post-game page and its morning post the town
with no role; a forum game ended by its host moves no rating in any pool; the ratings rebuilt
from the log equal the stored ones in every pool. In Russian, and the quick game in English."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from cogs.quick.model import QuickState
from db.guild_settings import update_settings
from db.models import Game, GameChoice, GameEvent, OutboxRow
from db.ratings import ALL, rating_changes, rebuild_all
from engine.chat import ChatRole, winning_players
from engine.chat.roles import FACTION_OF, ChatFaction
from locales import t
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.quickgame import dealt_quick, ids, quick_guild
from tests.test_post_game_page import labels_of, page_text
from tests.test_quick_game import _cabinet_prompt, _dm_choice, _round
from tests.test_stats_e2e import (
    Record,
    _board,
    _change,
    _changes,
    _from_logs,
    _int,
    _night,
    _ratings,
    _record,
    _shown,
    signed,
)
from tests.test_stats_e2e import _day as forum_day

#: The quick game's deal for the same six members, in signup order.
QUICK = {
    "anna": ChatRole.COMMISSAR,
    "boris": ChatRole.DOCTOR,
    "vera": ChatRole.CITIZEN,
    "gleb": ChatRole.CITIZEN,
    "dina": ChatRole.DON,
    "egor": ChatRole.MAFIOSO,
}


@dataclass(frozen=True)
class Facts:
    record: Record
    checks: int


async def _quick_from_logs(game: int, user_id: int) -> Facts:
    """A player's quick game as its stored state, event log and choice rows tell it: his side
    won (C-WIN-6), he lived; a hit: his ``shoot`` at a non-town player who died of it that
    night; a check: a ``check`` choice whose ``Learned`` named a criminal's role; a save: his
    ``heal`` on a player the mafia voted to kill that night who did not die that night."""
    row = await Game.get(id=game)
    chat = QuickState.from_json(row.state or "").chat
    me = str(user_id)
    events = [(e.data.get("produced_in"), e.data) for e in await GameEvent.filter(game_id=game)]
    choices = await GameChoice.filter(game_id=game, phase="night")
    died = {(when, e["who"]): e["cause"] for when, e in events if e["type"] == "Died"}

    def town(pid: str) -> bool:
        return FACTION_OF[chat.player(pid).role] is ChatFaction.TOWN

    hits = sum(
        c.actor == me and c.verb == "shoot" and not town(str(c.target))
        and died.get((f"night {c.day_number}", c.target)) == "cop"
        for c in choices
    )  # fmt: skip
    checked = {(f"night {c.day_number}", c.target) for c in choices
               if c.actor == me and c.verb == "check"}  # fmt: skip
    checks = sum(
        e["type"] == "Learned" and e["who"] == me and (when, e["about"]) in checked
        and FACTION_OF[ChatRole(e["what"])] is not ChatFaction.TOWN
        for when, e in events
    )  # fmt: skip
    killed = {(c.day_number, c.target) for c in choices if c.verb == "kill"}
    saves = sum(
        c.actor == me and c.verb == "heal" and (c.day_number, c.target) in killed
        and (f"night {c.day_number}", c.target) not in died
        for c in choices
    )  # fmt: skip
    won = me in winning_players(chat)
    return Facts(Record(1, int(won), int(chat.player(me).alive), hits, saves), checks)


def _checks(text: str) -> int:
    found = re.search(r"Проверки, нашедшие преступника: (\d+)", text)
    return int(found[1]) if found else 0


async def _quick_game(emu: Any, guild: GuildHandle, bot: Any) -> int:
    """Night 1: the commissar checks the don, the mafia votes to kill Vera, the doctor heals
    her; day 1 the town hangs the don (the mafioso becomes the don, C-LIFE-5); night 2 the
    commissar shoots him, the mafia kills Gleb: the town wins (C-WIN-3)."""
    game, _ = await dealt_quick(guild, bot, QUICK)
    who = ids(guild, list(QUICK))
    channel = guild.channel("game")
    mafia = guild.channel(f"Мафия — игра {game}")
    prompt = await _cabinet_prompt(emu, mafia, game, minimum=1)
    for name in ("dina", "egor"):
        await (await guild.member(name).select(prompt[0], prompt[1], [who["vera"]])).reply()
    await _dm_choice(emu, guild, game, "anna", "check", "dina", 1)
    await _dm_choice(emu, guild, game, "boris", "heal", "vera", 1)
    await channel.wait_for_message(lambda m: "Утро 1" in m.text, within=5)
    emu.clock.advance(timedelta(seconds=62))
    vote = await channel.wait_for_message(lambda m: "Голосование." in m.text, within=5)
    for name in QUICK:
        target = who["anna" if name == "dina" else "dina"]
        handle = await guild.member(name).select(vote, f"qk:c:{game}:{_round(vote)}:vote:0",
                                                 [target])  # fmt: skip
        await handle.reply()
    emu.clock.advance(timedelta(seconds=46))
    confirm = await channel.wait_for_message(lambda m: "Вешаем" in m.text, within=5)
    for name in ("anna", "boris", "vera", "gleb"):
        await (await guild.member(name).click(confirm, f"qk:up:{game}:{_round(confirm)}")).reply()
    emu.clock.advance(timedelta(seconds=31))
    await channel.wait_for_message(lambda m: "Ночь 2" in m.text, within=5)
    await delivered(bot)
    rnd = _round(confirm) + 1
    night2 = await _cabinet_prompt(emu, mafia, game, minimum=rnd)
    await (await guild.member("egor").select(night2[0], night2[1], [who["gleb"]])).reply()
    await _dm_choice(emu, guild, game, "anna", "shoot", "egor", rnd)
    await _dm_choice(emu, guild, game, "boris", "heal", "boris", rnd)
    await channel.wait_for_message(lambda m: f"Игра №{game} окончена" in m.text, within=5)
    await delivered(bot)
    return game


def _quick_summary(guild: GuildHandle, name: str, game: int) -> str:
    ends = [m.text for m in guild.member(name).dms if f"Игра №{game} окончена" in m.text]
    assert len(ends) == 1, (name, ends)
    return ends[0]


async def test_a_forum_and_a_quick_game_in_stats_top_and_ratings(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    uid = {name: guild.member(name).id for name in SIX}
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'both.sqlite3'}"))
    async with run_bot(emu, bot):
        # The forum game: the don voted out, the doctor's save, the cop's hit: the town wins.
        forum = await dealt_game(guild, bot, SIX)
        await forum_day(emu, guild, "dina")
        moves = [("egor", "shoot", "boris"), ("boris", "heal", "boris"), ("anna", "shoot", "egor")]
        assert "победа — Мирные" in await _night(emu, guild, moves)
        await delivered(bot)
        quick = await _quick_game(emu, guild, bot)
        stored = await in_bot(bot, _ratings()), await in_bot(bot, _changes())
        in_forum = {n: await in_bot(bot, _from_logs([forum], uid[n])) for n in SIX}
        in_quick = {n: await in_bot(bot, _quick_from_logs(quick, uid[n])) for n in SIX}
        assert in_quick["anna"] == Facts(Record(1, 1, 1, 1, 0), 1)
        assert in_quick["boris"] == Facts(Record(1, 1, 1, 0, 1), 0)
        assert in_quick["gleb"].record == Record(1, 1, 0, 0, 0)
        assert in_quick["egor"].record == Record(1, 0, 0, 0, 0)

        # The quick game's end DM tells the change of its rating, as stored with its end.
        shown = await in_bot(bot, rating_changes(quick, "chat"))
        for name in SIX:
            before, after = shown[uid[name]]
            text = _quick_summary(guild, name, quick)
            told = re.search(r"Рейтинг: ([\d\s]+) → ([\d\s]+) \(([+\u2212]\d+)\)\.", text)
            assert told is not None, text
            assert [_int(told[1]), _int(told[2]), _change(told[3])] == [before, after, after - before]
            result = "Вы победили!" if in_quick[name].record.wins else "Вы проиграли."
            assert result in text
        assert "Ваша роль: Мафия → Дон." in _quick_summary(guild, "egor", quick)

        # /mafia stats: the quick game alone, then both games together, as the logs tell them
        # (each asked by a different member: one member's burst of commands is spam, C-MOD).
        for name, asker in zip(SIX, [*list(SIX)[1:], "host"], strict=True):
            chat = await (
                await guild.member(asker).run("/mafia stats", member=uid[name], game="chat")
            ).reply()
            assert _record(chat.text) == in_quick[name].record, (name, chat.text)
            assert _checks(chat.text) == in_quick[name].checks, (name, chat.text)
            both = await (await guild.member(name).run("/mafia stats")).reply()
            f, q = in_forum[name], in_quick[name].record
            assert _record(both.text) == Record(
                2, f.wins + q.wins, f.survived + q.survived, f.cop_hits + q.cop_hits,
                f.saves + q.saves,
            ), (name, both.text)  # fmt: skip
        anna = await (await guild.member("anna").run("/mafia stats", game="chat")).reply()
        assert "Мирные: 1 игра, 1 победа" in anna.text  # by side
        assert "Комиссар Каттани: 1 игра, 1 победа" in anna.text  # by card
        assert "Выстрелы Комиссара по преступникам: 1" in anna.text
        assert "Проверки, нашедшие преступника: 1" in anna.text
        egor = await (await guild.member("egor").run("/mafia stats")).reply()
        assert "Форумная игра: 1 игра, 0 побед" in egor.text
        assert "Быстрая игра: 1 игра, 0 побед" in egor.text
        assert "Дон — в 1 игре" in egor.text  # promoted in the quick game (C-LIFE-5)

        # /mafia top: the quick game's pool, then both games, each line by the stored rating.
        for game, pool, games in (("chat", "chat", 1), ("all", ALL, 2)):
            ratings = await in_bot(bot, _shown(pool))
            top = await (await guild.member("gleb").run("/mafia top", game=game)).reply()
            lines = _board(top.text)
            assert sorted(u for u, *_ in lines) == sorted(uid.values()), top.text
            assert [r for _, r, *_ in lines] == sorted(ratings.values(), reverse=True)
            for user, rating, played, wins in lines:
                name = next(n for n, i in uid.items() if i == user)
                won = in_quick[name].record.wins + (in_forum[name].wins if games == 2 else 0)
                assert (rating, played, wins) == (ratings[user], games, won)

        # A forum game ended by its host: no rating moves in any pool.
        await dealt_game(guild, bot, SIX)
        await (await guild.member("host").run("/host end")).reply()
        await delivered(bot)
        assert (await in_bot(bot, _ratings()), await in_bot(bot, _changes())) == stored
        assert {pool for _, pool, *_ in stored[0]} == {"forum", "chat", ALL}

        # The maintenance rebuild from the stored log: the same numbers in every pool.
        assert await in_bot(bot, rebuild_all()) == 2
        assert (await in_bot(bot, _ratings()), await in_bot(bot, _changes())) == stored

        # What the quick game showed: the morning's town without a role, the end's with every
        # role, the page in its log thread with every player, role and the winner.
        channel = guild.channel("game")
        morning = next(m for m in channel.messages if "Утро 1" in m.text)
        drawn = labels_of(morning.files["town-day-1.png"])
        assert [n for n in SIX if n in drawn] == list(SIX)
        roles = {t("ru", f"quick-role-{r.value}") for r in ChatRole}
        sides = {t("ru", f"quick-side-{f.value}") for f in ChatFaction}
        assert drawn[0] == "День 1: город утром"  # the title; then names and life only
        assert not [x for x in drawn[1:] if any(w in x for w in roles | sides)], drawn
        end = next(m for m in channel.messages if f"Игра №{quick} окончена" in m.text)
        assert "Дон · мафия" in labels_of(end.files["town-end.png"])
        log = guild.channel(f"Игра {quick}: ход игры")
        posted = next(m for m in log.messages if f"mafia-quick-game-{quick}.html" in m.files)
        text, fetches = page_text(posted.files[f"mafia-quick-game-{quick}.html"].decode())
        assert fetches == [] and "Победа: город" in text
        assert "в живых не осталось ни мафии, ни Маньяка" in text
        for name, role in QUICK.items():
            assert name in text and t("ru", f"quick-role-{role.value}") in text
        assert "anna — Проверить: dina" in text and "boris — Лечить: vera" in text
        assert "anna узнаёт: dina — Дон." in text and "egor получает роль «Дон»." in text


async def test_the_quick_games_end_in_english(emu: Any, tmp_path: Path) -> None:
    """An English server: a quick game of four ends at its first night (the commissar shoots
    the don while the doctor saves the citizen); the end DM tells the rating change, the stats
    tell the save, the page is in English; a restart does nothing of the end again."""
    deal = {"ann": ChatRole.COMMISSAR, "bob": ChatRole.DOCTOR, "cat": ChatRole.CITIZEN,
            "don": ChatRole.DON}  # fmt: skip
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[{"name": name, "locale": "en-US"} for name in deal],
        channels=["game"],
    )
    settings = Settings(database_url=f"sqlite://{tmp_path / 'en.sqlite3'}")
    bot = create_bot(settings)
    async with run_bot(emu, bot):
        await in_bot(bot, update_settings(guild.id, language="en"))
        game, _ = await dealt_quick(guild, bot, deal)
        who = ids(guild, list(deal))
        mafia = guild.channel(f"Mafia — game {game}")
        prompt = await _cabinet_prompt(emu, mafia, game, minimum=1)
        await (await guild.member("don").select(prompt[0], prompt[1], [who["cat"]])).reply()
        await _dm_choice(emu, guild, game, "bob", "heal", "cat", 1)
        await _dm_choice(emu, guild, game, "ann", "shoot", "don", 1)
        channel = guild.channel("game")
        await channel.wait_for_message(lambda m: f"Game #{game} is over" in m.text, within=5)
        await delivered(bot)
        shown = await in_bot(bot, rating_changes(game, "chat"))
        for name, result in (("ann", "You won!"), ("don", "You lost.")):
            before, after = shown[guild.member(name).id]
            end = await guild.member(name).wait_for_dm(lambda m: "is over" in m.text)
            assert result in end.text
            assert f"Rating: {before:,} → {after:,} ({signed(after - before)})." in end.text
        bob = await (await guild.member("bob").run("/mafia stats", locale="en-US")).reply()
        assert "Quick game: 1 game, 1 win" in bob.text and "The doctor's saves: 1" in bob.text
        log = guild.channel(f"Game {game}: the log")
        name = f"mafia-quick-game-{game}.html"
        posted = await log.wait_for_message(lambda m: name in m.files, within=5)
        text, _ = page_text(posted.files[name].decode())
        assert "Quick game #" in text and "the town" in text
        assert "neither the mafia nor a maniac is left alive" in text
    # A restart after the end: nothing of the end is done again (no forum end for a quick
    # game, no second DM or page), and its rating stays as it was.
    async with run_bot(emu, create_bot(settings)) as runner:
        await delivered(runner.bot)
        assert not await in_bot(runner.bot, _finish_rows())
        assert await in_bot(runner.bot, rating_changes(game, "chat")) == shown
    assert len([m for m in guild.member("ann").dms if "is over" in m.text]) == 1
    assert len([m for m in log.messages if name in m.files]) == 1


async def _finish_rows() -> list[str]:
    return [str(k) for k in await OutboxRow.filter(kind="finish").values_list("key", flat=True)]


async def test_a_server_may_turn_the_quick_games_picture_off(emu: Any, tmp_path: Path) -> None:
    """``/server town-picture off``: the quick game's morning post comes without the town."""
    deal = {"ann": ChatRole.COMMISSAR, "bob": ChatRole.DOCTOR, "cat": ChatRole.CITIZEN,
            "don": ChatRole.DON}  # fmt: skip
    guild = quick_guild(emu, list(deal))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'off.sqlite3'}"))
    async with run_bot(emu, bot):
        off = await (await guild.member("admin").run("/server town-picture", value="off")).reply()
        assert "Картинка города в утреннем сообщении: выключена" in off.text
        await dealt_quick(guild, bot, deal)
        emu.clock.advance(timedelta(seconds=62))  # a night without choices
        channel = guild.channel("game")
        morning = await channel.wait_for_message(lambda m: "Утро 1" in m.text, within=5)
        await channel.wait_for_message(lambda m: "День 1" in m.text, within=5)
        await delivered(bot)
        assert morning.files == {} and not any(m.files for m in channel.messages)
