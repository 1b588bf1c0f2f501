"""Names and other input that cannot be weapons (issue 19).

Refused at signup, with the reason, in Russian and English: markdown, mentions and links in a
character's name. And made inert wherever the bot repeats them: a game played to its end by
players whose names were set in the database past the signup's check (a spoiler, a masked
link, a heading, ``@here``, a user mention, emphasis), and a host's warning whose reason is
markdown — every post the emulator holds, public and private, is scanned: no spoiler, link,
heading, mention or emphasis comes out of a name or a reason, and each name is there, inert."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from cogs.game import start as start_service
from cogs.game.begin import begin
from cogs.game.lobby import lobby_in
from cogs.support.inert import inert
from db.models import GamePlayer
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, game_guild, open_and_join, vote_by_post

NOBODY = "111111111111111111"  # no member of the server: a mention of it is only the name's
HOSTILE = {
    "anna": "||Дон||",
    "boris": "[Анна](https://evil.example)",
    "vera": "# Мирные победили",
    "gleb": "@here",
    "dina": f"<@{NOBODY}>",
    "egor": "**Егор** _курсив_",
}
REASON = "||раскрыл роль|| @everyone [ссылка](https://evil.example)\n# Итог"

#: Markup that is live, i.e. not escaped by a backslash.
LIVE = {
    "spoiler": re.compile(r"(?<!\\)\|\|.+?(?<!\\)\|\|", re.S),
    "masked link": re.compile(r"(?<!\\)\[[^\]]*?(?<!\\)\]\(https?://evil"),
    "heading": re.compile(r"^#{1,3} .*(Мирные победили|Итог)", re.M),
    "everyone/here": re.compile(r"(?<!\\)@(here|everyone)"),
    "mention": re.compile(rf"(?<!\\)<@!?{NOBODY}>"),
    "emphasis": re.compile(r"(?<!\\)\*\*Егор|(?<!\\)_курсив(?<!\\)_"),
}


@pytest.mark.parametrize(
    ("name", "locale", "reason"),
    [
        ("||Дон||", "ru", "только буквы, цифры, пробелы и простые знаки препинания"),
        ("[Анна](https://evil.example)", "ru", "Без разметки Discord, упоминаний и ссылок."),
        ("# Мирные победили", "en-US", "only letters, digits, spaces and simple punctuation"),
        ("@here", "en-US", "No Discord markdown, mentions or links."),
        ("<@123456789012345678>", "ru", "Без разметки Discord"),
    ],
)
async def test_a_name_with_markup_is_refused_with_the_reason(
    emu: Any, tmp_path: Path, name: str, locale: str, reason: str
) -> None:
    guild = game_guild(emu, ["anna"])
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'names.sqlite3'}"))
    async with run_bot(emu, bot):
        await open_and_join(guild, [])
        refused = await guild.member("anna").run("/mafia join", name=name, locale=locale)
        reply = await refused.reply()
        assert reply.ephemeral and reason in reply.text, reply.text
        fine = await guild.member("anna").run("/mafia join", name="Анна-Мария О'Нил (мл.)")
        assert "Анна-Мария О'Нил (мл.)" in (await fine.reply()).text


async def _rename(game_id: int, user_id: int, name: str) -> None:
    await GamePlayer.filter(game_id=game_id, user_id=user_id).update(name=name)


def _posts(emu: Any, guild: GuildHandle) -> list[tuple[str, str]]:
    """(where, text) of every message the emulator holds: the server's channels and threads,
    and every DM."""
    out = [(c.name, m.text) for c in guild.channels for m in c.messages]
    for member in guild.members:
        out += [(f"DM {member.name}", m.text) for m in member.dms]
    return out


async def test_hostile_names_are_inert_in_every_post_of_a_whole_game(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'hostile.sqlite3'}"))
    async with run_bot(emu, bot):
        await open_and_join(guild, SIX, title="||Финал|| @everyone")
        game = await in_bot(bot, lobby_in(guild.id, None))
        for member, name in HOSTILE.items():  # past the signup's check, as an old row could be
            user = guild.member(member).id
            await in_bot(bot, _rename(game.id, user, name))
        ids = {name: str(guild.member(name).id) for name in SIX}
        deal = [(ids[name], role) for name, role in SIX.items()]
        host = guild.member("host")
        await in_bot(
            bot,
            start_service.start(
                game.id, host.id, by_is_server_host=True, deal=deal, on_server=True
            ),
        )
        begin(bot)  # as /host start does
        await delivered(bot)
        warned = await host.run(
            "/host sanction warn", player=guild.member("gleb").id, reason=REASON
        )
        await warned.reply()
        # Day 1: the don is voted out; night 1: the cop shoots the mafioso; the town wins.
        post = await guild.channel("голосование").wait_for_message(
            lambda m: "голосование" in m.text
        )
        for voter in SIX:
            await vote_by_post(guild, post, voter, "anna" if voter == "dina" else "dina")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        news = guild.channel("объявления")
        await news.wait_for_message(lambda m: "Итоги дня 1" in m.text)
        await (
            await guild.member("anna").run("/mafia act", action="shoot", target=ids["egor"])
        ).reply()
        emu.clock.advance(timedelta(minutes=10, seconds=6))
        await news.wait_for_message(lambda m: "Игра окончена" in m.text)
        await delivered(bot)

    posts = _posts(emu, guild)
    live = [
        (where, kind, text) for where, text in posts for kind, rx in LIVE.items() if rx.search(text)
    ]
    assert not live, "\n\n".join(f"{w} [{k}]: {t}" for w, k, t in live[:5])
    everything = "\n".join(text for _, text in posts)
    for name in HOSTILE.values():
        assert inert(name) in everything, f"{name!r} is shown nowhere"
    public = "\n".join(text for where, text in posts if not where.startswith("DM"))
    assert inert("||раскрыл роль||") in public  # the host's note, the reason inert
    assert inert("||Финал||") in public  # the game's title
