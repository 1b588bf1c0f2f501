"""A forum game's end in as few posts as Discord's 2000 characters allow (issue 20: a restart that
ends 250 games at once must drain fast), through the emulator with the real bot:

- four players, the don voted out on day 1: the announcements get ONE post, the day's results
  and, after a blank line, every role (R-LIFE-6), the town's picture with the roles on it; the
  post-game thread ONE post, the seed, every role's history, the log and the page's sentence,
  with the page attached;
- thirty players with long names: the same texts no longer fit, so they are cut — only between
  lines, each message within 2000 characters, each as full as the next line allows, nothing
  lost, the picture and the page each on the last message of its channel.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

from bot import create_bot
from engine import draw
from locales import t
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import dealt_game, game_guild, vote_out

SMALL = {
    "anna": "don@mafia",
    "boris": "citizen@town",
    "vera": "citizen@town",
    "gleb": "citizen@town",
}
#: Thirty players of long names (a Discord display name may be 32 characters), the don first.
BIG = {
    "konstantinopolskiy00": "don@mafia",
    **{f"konstantinopolskaya{n:02}": "citizen@town" for n in range(1, 30)},
}
LIMIT = 2000


def _reveal(deal: dict[str, str]) -> list[str]:
    """The reveal's lines (R-LIFE-6), in signup order, as a player reads them."""
    lines = [f"**{t('ru', 'end-reveal-title')}**"]
    for name, spec in deal.items():
        role, _, side = spec.partition("@")
        role_name, side_name = t("ru", f"role-{role}"), t("ru", f"faction-{side}")
        lines.append(t("ru", "end-reveal-line", name=name.capitalize(), role=role_name,
                       faction=side_name))  # fmt: skip
    return lines


async def _end(emu: Any, guild: GuildHandle, bot: Any, deal: dict[str, str]) -> tuple[Any, Any]:
    """The game to its end by the vote (the don out: the town wins); the announcements and the
    post-game thread once its page is in."""
    await dealt_game(guild, bot, deal, channels=True)
    await vote_out(emu, guild, deal, next(iter(deal)), results="объявления")
    thread = await emu.wait_until(
        lambda: next((c for c in guild.channels if c.name.startswith("После игры")), None)
    )
    await thread.wait_for_message(lambda m: "mafia-game-1.html" in m.files, within=20)
    news = guild.channel("объявления")
    await emu.wait_until(lambda: any("town-end.png" in m.files for m in news.messages))
    return news, thread


def _end_posts(news: Any) -> list[Any]:
    """The announcements' posts from the day's results on."""
    start = next(i for i, m in enumerate(news.messages) if m.text.startswith("**Итоги дня 1:**"))
    return news.messages[start:]


def _as_full_as_fits(texts: list[str]) -> None:
    """Each message within Discord's limit, and no fewer would do: the next message's first
    line did not fit on the one before; no message begins or ends with a blank line."""
    assert all(len(text) <= LIMIT for text in texts), [len(text) for text in texts]
    for text, following in zip(texts, texts[1:], strict=False):
        assert len(text) + 1 + len(following.split("\n")[0]) > LIMIT
    assert all(text == text.strip() for text in texts)


async def test_a_small_games_end_is_one_post_and_one_thread_post(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SMALL))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'small.sqlite3'}"))
    async with run_bot(emu, bot):
        news, thread = await _end(emu, guild, bot, SMALL)
        # R-LIFE-6: no role was said in the announcements before the end's post
        before = news.messages[: len(news.messages) - len(_end_posts(news))]
        assert not any(t("ru", "end-reveal-title") in m.text for m in before)
        [end] = _end_posts(news)
        results, reveal = end.text.split("\n\n")
        assert results.startswith("**Итоги дня 1:**\n• Anna голосует: Boris.\n")
        assert results.endswith("\n• Игра окончена: победа — Мирные (все преступники мертвы).")
        assert reveal.split("\n") == _reveal(SMALL)
        assert list(end.files) == ["town-end.png"]  # the town with the roles, on that post
        [post] = thread.messages
        assert list(post.files) == ["mafia-game-1.html"]
        seed, roles, log, page = post.text.split("\n\n")
        assert seed.startswith("Зерно жеребьёвки: `") and "python -m engine.draw verify" in seed
        assert roles.startswith("**Роли и их история**\n**Anna**: Дон (Мафия)\n")
        assert log.startswith("**Вся игра, как её видел Ведущий**\n**День 1**\n")
        assert page == t("ru", "page-post")


async def test_a_big_games_end_is_cut_between_lines_with_nothing_lost(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, list(BIG))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'big.sqlite3'}"))
    async with run_bot(emu, bot):
        news, thread = await _end(emu, guild, bot, BIG)
        posts = _end_posts(news)
        texts = [m.text for m in posts]
        assert len(texts) == 2, [len(text) for text in texts]
        _as_full_as_fits(texts)
        lines = "\n".join(texts).split("\n")
        names = [name.capitalize() for name in BIG]
        don, first = names[0], names[1]
        votes = [f"• {voter} голосует: {first if voter == don else don}." for voter in names]
        assert lines[: 1 + len(votes)] == ["**Итоги дня 1:**", *votes]
        assert "• Игра окончена: победа — Мирные (все преступники мертвы)." in lines
        reveal = _reveal(BIG)
        assert lines[-len(reveal) :] == reveal  # every role, in order, none cut
        assert [list(m.files) for m in posts] == [[], ["town-end.png"]]
        texts = [m.text for m in thread.messages]
        assert len(texts) >= 2
        _as_full_as_fits(texts)
        assert [list(m.files) for m in thread.messages][-1] == ["mafia-game-1.html"]
        assert not any(m.files for m in thread.messages[:-1])
        whole = "\n".join(texts)
        assert whole.startswith("Зерно жеребьёвки: `") and whole.endswith(t("ru", "page-post"))
        for name, spec in BIG.items():  # every history, every vote of the log: nothing lost
            role, _, side = spec.partition("@")
            role_name, side_name = t("ru", f"role-{role}"), t("ru", f"faction-{side}")
            assert f"\n**{name.capitalize()}**: {role_name} ({side_name})" in whole
            target = first if name.capitalize() == don else don
            assert f"\n{name.capitalize()} голосует: {target}." in whole


#: Sixty players: the draw's command (a role and an 18-digit id for each) is over 2000 characters.
HUGE = {
    "konstantinopolskiy00": "don@mafia",
    **{f"konstantinopolskaya{n:02}": "citizen@town" for n in range(1, 60)},
}


async def test_a_huge_casts_proof_names_the_page_instead_of_a_cut_command(
    emu: Any, tmp_path: Path
) -> None:
    """A cut command checks nothing: when it does not fit a message, the thread and
    ``/mafia verify`` give the seed and send the reader to the page, whose command is whole
    (and recomputes the very deal)."""
    guild = game_guild(emu, list(HUGE))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'huge.sqlite3'}"))
    async with run_bot(emu, bot):
        _, thread = await _end(emu, guild, bot, HUGE)
        first = thread.messages[0].text.split("\n")[0]
        assert first.startswith("Зерно жеребьёвки: `") and first.endswith(
            "Команда проверки раздачи слишком длинная для сообщения: она на странице игры — "
            "в файле в ветке после игры."
        )
        assert "python -m engine.draw" not in "\n".join(m.text for m in thread.messages)
        html = thread.messages[-1].files["mafia-game-1.html"].decode()
        command = html.split("<pre>")[1].split("</pre>")[0].split()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert draw.main(command[3:]) == 0  # python -m engine.draw verify …
        assert "MATCH" in out.getvalue()
        asked = await guild.member("konstantinopolskaya01").run(
            "/mafia verify", in_channel=guild.channel("объявления")
        )
        assert (await asked.reply()).text == first
