"""Statistics and ratings through Discord (issue 22), with the real bot on the emulator: two forum
games played to their end by commands (a town win with the cop's hit and the doctor's save, then
a mafia win), then a third ended by its host. ``/mafia stats`` and ``/mafia top`` show what the
games' logs say; the ratings rebuilt from the log equal the stored ones; each end's DM tells the
rating change; the game the host ended changes no rating and counts for nothing."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from db.events import event_log
from db.games import load_state
from db.guild_settings import update_settings
from db.rating_model import Skill, display
from db.ratings import ALL, rating_changes, rebuild_all
from db.stats_models import GameResult, GameSeat, Rating, RatingChange
from engine.events import Died
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.chatgames import chat_game
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild

ENDED = "Игра окончена"


async def _act(guild: GuildHandle, who: str, action: str, target: str) -> None:
    answer = await (
        await guild.member(who).run(
            "/mafia act", action=action, target=str(guild.member(target).id)
        )
    ).reply()
    assert answer.text.startswith(("Записано:", "Recorded:")), answer.text


async def _new_post(guild: GuildHandle, since: int, text: str) -> str:
    """The first post in the game's channel after its first ``since`` that holds ``text``."""
    channel = guild.channel("game")

    def found() -> str | None:
        return next((m.text for m in channel.messages[since:] if text in m.text), None)

    await channel.wait_for_message(lambda m: found() is not None)
    return str(found())


async def _day(emu: Any, guild: GuildHandle, out: str, title: str = "Итоги дня 1") -> str:
    """Day 1: everyone votes ``out`` out by command (he votes for another); the results."""
    since = len(guild.channel("game").messages)
    other = next(name for name in SIX if name != out)
    for voter in SIX:
        target = str(guild.member(other if voter == out else out).id)
        await (await guild.member(voter).run("/mafia vote", target=target)).reply()
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    return await _new_post(guild, since, title)


async def _night(
    emu: Any,
    guild: GuildHandle,
    moves: list[tuple[str, str, str]],
    title: str = "Утро после ночи 1",
) -> str:
    """Night 1's choices by command, the clock past its close; the morning's post."""
    since = len(guild.channel("game").messages)
    for who, action, target in moves:
        await _act(guild, who, action, target)
    emu.clock.advance(timedelta(minutes=10, seconds=6))
    return await _new_post(guild, since, title)


async def _ratings() -> list[tuple[Any, ...]]:
    rows = await Rating.all().order_by("guild_id", "pool", "subject")
    return [(r.guild_id, r.pool, r.subject, r.mu, r.sigma, r.games) for r in rows]


async def _changes() -> list[tuple[Any, ...]]:
    rows = await RatingChange.all().prefetch_related("game").order_by("id")
    return sorted(
        (r.game.game_id, r.pool, r.subject, r.mu_before, r.sigma_before, r.mu_after, r.sigma_after)
        for r in rows
    )


@dataclass(frozen=True)
class Record:
    games: int
    wins: int
    survived: int
    cop_hits: int
    saves: int


async def _from_logs(games: list[int], user_id: int) -> Record:
    """A player's record as the games' stored states and event logs tell it: his side won,
    he was alive at the end, his bullets as the cop killed a criminal (``Died`` of the cop's
    gun); a save: he is the doctor, and the night's shot at the one he healed killed nobody
    (the heal's target and the shot's are the scenario's: Boris, night 1 of game 1)."""
    games_, wins, survived, hits, saves = 0, 0, 0, 0, 0
    for game in games:
        state = (await load_state(game)).game_state()
        me = state.get(str(user_id))
        outcome = state.outcome
        assert outcome is not None
        games_ += 1
        wins += me.faction in outcome.winners
        survived += me.alive
        deaths = [e.event for e in await event_log(game) if isinstance(e.event, Died)]
        if me.role == "cop":
            hits += sum(d.cause == "cop" and state.get(d.who).faction != "town" for d in deaths)
        if me.role == "doctor" and game == games[0]:
            saves += me.alive and all(d.who != me.id for d in deaths)
    return Record(games_, wins, survived, hits, saves)


async def _counted(game: int) -> bool:
    return await GameResult.filter(game_id=game).exists()


def _int(text: str) -> int:
    return int(re.sub(r"\D", "", text))


def signed(change: int) -> str:
    """A rating's change as the bot writes it: a plus, or a minus sign (U+2212), not a hyphen."""
    return f"{change:+d}".replace("-", "\u2212")


def _change(text: str) -> int:
    return int(text.replace("\u2212", "-"))


def _record(text: str) -> Record:
    head = re.search(r"(\d+) игр\w*, (\d+) побед\w* \(\d+%\), в живых к концу — (\d+)", text)
    assert head is not None, text
    hits = re.search(r"Выстрелы Комиссара по преступникам: (\d+)", text)
    saves = re.search(r"Спасения Доктора: (\d+)", text)
    return Record(
        int(head[1]),
        int(head[2]),
        int(head[3]),
        int(hits[1]) if hits else 0,
        int(saves[1]) if saves else 0,
    )


def _board(text: str) -> list[tuple[int, int, int, int]]:
    return [
        (int(m[1]), _int(m[2]), int(m[3]), int(m[4]))
        for m in re.finditer(
            r"\*\*\d+\.\*\* <@(\d+)> — ([\d\s]+) · (\d+) игр\w*, (\d+) побед", text
        )
    ]


def _name(ids: dict[str, int], uid: int) -> str:
    return next(name for name, i in ids.items() if i == uid)


async def _shown(pool: str) -> dict[int, int]:
    return {
        int(r.subject): display(Skill(r.mu, r.sigma))
        for r in await Rating.filter(pool=pool)
        if r.subject.isdigit()
    }


def _summary(guild: GuildHandle, name: str, game: int) -> str:
    ends = [m.text for m in guild.member(name).dms if ENDED in m.text]
    assert len(ends) >= game, (name, ends)
    return ends[game - 1]


async def test_two_games_then_stats_top_and_rebuilt_ratings(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    ids = {name: guild.member(name).id for name in SIX}
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'stats.sqlite3'}"))
    async with run_bot(emu, bot):
        # Game 1: the don is voted out; at night the new don shoots the doctor, who heals
        # himself; the cop kills the last mafioso: the town wins.
        first = await dealt_game(guild, bot, SIX)
        await _day(emu, guild, "dina")
        moves = [("egor", "shoot", "boris"), ("boris", "heal", "boris"), ("anna", "shoot", "egor")]
        assert "победа — Мирные" in await _night(emu, guild, moves)
        await delivered(bot)
        # Game 2: the cop is voted out; the don shoots the doctor, who heals Vera: two against
        # two, the mafia wins (R-WIN-2).
        second = await dealt_game(guild, bot, SIX)
        await _day(emu, guild, "anna")
        moves = [("dina", "shoot", "boris"), ("boris", "heal", "vera")]
        assert "победа — Мафия" in await _night(emu, guild, moves)
        await delivered(bot)
        stored = await in_bot(bot, _ratings()), await in_bot(bot, _changes())
        expected = {name: await in_bot(bot, _from_logs([first, second], ids[name])) for name in SIX}

        # Game 3, ended by its host: no rating moves, nothing is counted.
        third = await dealt_game(guild, bot, SIX)
        await (await guild.member("host").run("/host end")).reply()
        await delivered(bot)
        assert "Ведущий завершил игру досрочно." in _summary(guild, "anna", 3)
        assert "Рейтинг" not in _summary(guild, "anna", 3)
        assert (await in_bot(bot, _ratings()), await in_bot(bot, _changes())) == stored
        assert not await in_bot(bot, _counted(third))

        # Each end's DM tells the change of the forum rating, as stored with the end.
        for game, number in ((first, 1), (second, 2)):
            shown = await in_bot(bot, rating_changes(game, "forum"))
            for name in SIX:
                before, after = shown[ids[name]]
                told = re.search(
                    r"Рейтинг: ([\d\s]+) → ([\d\s]+) \(([+\u2212]\d+)\)", _summary(guild, name, number)
                )
                assert told is not None and [_int(told[1]), _int(told[2]), _change(told[3])] == [
                    before,
                    after,
                    after - before,
                ]
        assert expected["anna"] == Record(games=2, wins=1, survived=1, cop_hits=1, saves=0)
        assert expected["boris"] == Record(games=2, wins=1, survived=1, cop_hits=0, saves=1)

        # /mafia stats: each player's record as the logs tell it (asked by another, ephemeral).
        for name in SIX:
            answer = await (
                await guild.member("vera").run("/mafia stats", member=ids[name])
            ).reply()
            assert answer.ephemeral
            assert _record(answer.text) == expected[name], (name, answer.text)
        anna = await (await guild.member("anna").run("/mafia stats")).reply()
        assert "Комиссар: 2 игры, 1 победа" in anna.text
        assert "Выстрелы Комиссара по преступникам: 1" in anna.text
        assert "Сейчас поражений подряд: 1" in anna.text and "Лучшая серия побед: 1" in anna.text
        egor = await (await guild.member("egor").run("/mafia stats")).reply()
        assert "Маф — в 2 играх" in egor.text and "Дон — в 1 игре" in egor.text
        assert "Форумная игра: 2 игры, 1 победа, рейтинг" in egor.text
        english = await (await guild.member("boris").run("/mafia stats", locale="en-US")).reply()
        assert "2 games, 1 win (50%)" in english.text and "The doctor's saves: 1" in english.text
        public = await (await guild.member("gleb").run("/mafia stats", public=True)).reply()
        assert not public.ephemeral

        # /mafia top: everyone, by the stored rating; each line's games and wins by the logs.
        ratings = {s: shown for s, shown in (await in_bot(bot, _shown(ALL))).items()}
        top = await (await guild.member("gleb").run("/mafia top")).reply()
        lines = _board(top.text)
        assert [uid for uid, *_ in lines] == sorted(
            (ids[n] for n in SIX),
            key=lambda uid: (-ratings[uid], -expected[_name(ids, uid)].wins, uid),
        )
        for uid, rating, games, wins in lines:
            record = expected[_name(ids, uid)]
            assert (rating, games, wins) == (ratings[uid], record.games, record.wins)
        week = await (await guild.member("gleb").run("/mafia top", period="week")).reply()
        assert "приросту рейтинга за последние 7 дней" in week.text
        board_en = await (await guild.member("gleb").run("/mafia top", locale="en-US")).reply()
        assert "Leaderboard: both games" in board_en.text and "2 games, 1 win" in board_en.text
        chat = await (await guild.member("gleb").run("/mafia top", game="chat")).reply()
        assert "Пока никто не сыграл ни одной игры до конца." in chat.text

        # The maintenance rebuild derives every rating again from the stored games: the same.
        assert await in_bot(bot, rebuild_all()) == 2
        assert (await in_bot(bot, _ratings()), await in_bot(bot, _changes())) == stored


async def test_quick_games_on_the_board_turn_pages(emu: Any, tmp_path: Path) -> None:
    """Three quick games (mode ``chat``, stored as the bot stores a game, played by the chat
    pack) of twelve members: ``/mafia top`` for the quick game has two pages, turned by its
    buttons; ``/mafia stats`` tells the commissar's correct checks in the quick game."""
    names = [f"p{i}" for i in range(12)]
    guild = game_guild(emu, names)
    ids = [str(guild.member(name).id) for name in names]
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'quick.sqlite3'}"))
    async with run_bot(emu, bot):
        for players in (ids[0:5], ids[5:10], [ids[1], ids[11], ids[10], ids[2], ids[3]]):
            await in_bot(bot, chat_game(guild.id, players))
        shown = await in_bot(bot, _shown("chat"))
        games = await in_bot(bot, _games_per_player())
        p0 = guild.member("p0")
        first = await (await p0.run("/mafia top", game="chat")).reply()
        assert "Лидеры: быстрая игра" in first.text and "Страница 1 из 2" in first.text
        page1 = _board(first.text)
        assert len(page1) == 10 and [
            c["custom_id"] for c in first.iter_components() if c.get("type") == 2
        ] == ["mtop:chat:all:1"]
        await (await p0.click(first, "mtop:chat:all:1")).ack()
        await emu.wait_until(lambda: "Страница 2 из 2" in first.text)
        page2 = _board(first.text)
        lines = page1 + page2
        assert sorted(uid for uid, *_ in lines) == sorted(int(i) for i in ids)
        assert [r for _, r, *_ in lines] == sorted(shown.values(), reverse=True)
        assert all(shown[uid] == rating and games[uid] == n for uid, rating, n, _ in lines)
        assert [c["custom_id"] for c in first.iter_components() if c.get("type") == 2] == [
            "mtop:chat:all:0"
        ]
        # p1 was the quick game's doctor and then its commissar: one correct check, one save.
        record = await (await p0.run("/mafia stats", member=int(ids[1]), game="chat")).reply()
        assert "Быстрая игра: 2 игры, 2 победы" in record.text
        assert "Проверки, нашедшие преступника: 1" in record.text
        assert "Спасения Доктора: 1" in record.text
        assert "Комиссар Каттани: 1 игра, 1 победа" in record.text
        forum = await (await p0.run("/mafia top", game="forum")).reply()
        assert "Пока никто не сыграл ни одной игры до конца." in forum.text


async def _games_per_player() -> dict[int, int]:
    counts: dict[int, int] = {}
    for seat in await GameSeat.all():
        counts[seat.user_id] = counts.get(seat.user_id, 0) + 1
    return counts


async def test_the_end_dm_tells_the_rating_change_in_english(emu: Any, tmp_path: Path) -> None:
    """English-speaking players on an English server: their DMs are in English (issue 19)."""
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "en-US"},
            *({"name": name, "locale": "en-US"} for name in SIX),
        ],
        channels=["game"],
    )
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'english.sqlite3'}"))
    async with run_bot(emu, bot):
        await in_bot(bot, update_settings(guild.id, language="en"))
        game = await dealt_game(guild, bot, SIX)
        await _day(emu, guild, "dina", "The results of day 1")
        moves = [("egor", "shoot", "boris"), ("anna", "shoot", "egor")]
        assert "Town win" in await _night(emu, guild, moves, "The morning after night 1")
        await delivered(bot)
        shown = await in_bot(bot, rating_changes(game, "forum"))
        for name, result in (("anna", "Your side won!"), ("egor", "Your side lost.")):
            before, after = shown[guild.member(name).id]
            end = await guild.member(name).wait_for_dm(lambda m: "The game is over" in m.text)
            assert f"{result} " in end.text
            assert f"Rating: {before:,} → {after:,} ({signed(after - before)})." in end.text
