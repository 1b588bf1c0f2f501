"""The post-game page and the town's picture (issue 22), through the emulator with the real bot,
in Russian and in English: a scripted six-player game on its own channels —

- day 1 sends Gleb out, night 1 the mafia shoots Vera and the doctor saves her: the morning
  post of day 2 carries the town's picture (a PNG under 200 KB) whose drawn labels name every player and no role;
- day 2 sends Dina (the don) out, night 2 Egor (alone in the mafia) gives no shot and is
  sanctioned (R-NIGHT-1): the town wins; the reveal carries the same picture with every role;
- the post-game thread holds the page, one HTML file with no reference to anything outside it,
  whose text has every player, every role, the winner, each day's votes and the command that
  checks the draw — and that command, run, matches the commitment.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator, Mapping
from datetime import timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot import create_bot
from db.games import load_state
from engine import GameState, draw
from locales import default_locale, set_default_locale, t
from settings import Settings
from tests.botdb import in_bot
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild

SAID = {
    "ru": {"announcements": "объявления", "day": "Итоги дня", "morning": "Утро после ночи",
           "thread": "После игры", "won": "Победа: Мирные"},
    "en": {"announcements": "announcements", "day": "The results of day",
           "morning": "The morning after night", "thread": "After the game",
           "won": "Winner: Town"},
}  # fmt: skip
@pytest.fixture(autouse=True)
def keep_default_locale() -> Iterator[None]:
    """A bot made for English sets the process's default locale (bot.create_bot): put it back,
    so that the tests after these see the default they expect."""
    before = default_locale()
    yield
    set_default_locale(before)


ROLES = [f"role-{r}" for r in ("citizen", "cop", "doctor", "don", "mafioso", "maniac", "sniper")]


class _Text(HTMLParser):
    """The page's text as a reader sees it (markup dropped), and what it would fetch."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.fetches: list[str] = []
        self.hidden = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href", "srcset", "action", "poster", "data") and value:
                self.fetches.append(f"{tag} {name}={value}")
        if tag in ("script", "link", "iframe", "object", "embed", "img"):
            self.fetches.append(tag)

        self.hidden = tag in ("style", "title")

    def handle_endtag(self, tag: str) -> None:
        self.hidden = False

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def page_text(html: str) -> tuple[str, list[str]]:
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split()), parser.fetches


def labels_of(png: bytes) -> list[str]:
    """What the town's picture drew (its ``labels`` chunk, cogs.game.town.picture)."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width > 100 and image.height > 100
    return list(json.loads(image.text["labels"]))


def role_words(lang: str) -> set[str]:
    """Every role and side name in ``lang``: none may be drawn before the end."""
    keys = [*ROLES, *(f"role-{r}" for r in ("assistant", "child", "lawyer", "bouncer"))]
    keys += [f"role-{r}" for r in ("woodman", "kamikaze", "vampire", "hobo", "zombie")]
    keys += [f"faction-{f}" for f in ("town", "mafia", "maniacs", "maniac", "zombies")]
    return {t(lang, key) for key in keys}


async def _vote(guild: GuildHandle, votes: Mapping[str, str]) -> None:
    for voter, target in votes.items():
        handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        await handle.reply()


async def _play(emu: Any, guild: GuildHandle, said: Mapping[str, str]) -> Any:
    """The scripted game to its end; returns the announcements channel."""
    news = guild.channel(said["announcements"])
    await _vote(guild, {n: ("anna" if n == "gleb" else "gleb") for n in SIX})
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await news.wait_for_message(lambda m: f"{said['day']} 1" in m.text)
    for actor, action in (("dina", "shoot"), ("boris", "heal")):
        chosen = await guild.member(actor).run(
            "/mafia act", action=action, target=str(guild.member("vera").id)
        )
        await chosen.reply()
    emu.clock.advance(timedelta(minutes=10, seconds=6))
    await news.wait_for_message(lambda m: f"{said['morning']} 1" in m.text)
    living = ("anna", "boris", "vera", "dina", "egor")
    await _vote(guild, {n: ("anna" if n == "dina" else "dina") for n in living})
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await news.wait_for_message(lambda m: f"{said['day']} 2" in m.text)
    emu.clock.advance(timedelta(minutes=10, seconds=6))  # night 2: Egor gives no shot
    await news.wait_for_message(lambda m: f"{said['morning']} 2" in m.text)
    return news


def _check_morning(news: Any, lang: str) -> None:
    morning = next(m for m in news.messages if "town-day-2.png" in m.files)
    png = morning.files["town-day-2.png"]
    assert len(png) <= 200 * 1024
    drawn = labels_of(png)
    for name in SIX:
        assert name.capitalize() in drawn
    assert t(lang, "town-dead") in drawn and t(lang, "town-alive") in drawn
    words = role_words(lang)
    assert not [label for label in drawn if any(w in label for w in words)], drawn
    alt = morning.raw.files[0].description or ""
    assert "Anna" in alt and not any(w in alt for w in words), alt
    # The morning post itself: its text, with the picture on it (the last chunk is it).
    assert t(lang, "town-title-day", number=2) in drawn


def _check_end_picture(news: Any, lang: str, state: GameState) -> None:
    """The end's picture: each player with his last role (Egor, the don's heir, is the don)."""
    end = next(m for m in news.messages if "town-end.png" in m.files)
    # issue 20: night 2's results and the reveal are one post, the picture with the roles on it
    assert end.text.startswith(t(lang, "results-night", number=2))
    assert f"\n\n**{t(lang, 'end-reveal-title')}**\n" in end.text
    assert news.messages[-1].id == end.id and list(end.files) == ["town-end.png"]
    assert not any(f"{SAID[lang]['morning']} 2" in m.text for m in news.messages if m.id != end.id)
    drawn = labels_of(end.files["town-end.png"])
    for player in state.players:
        assert player.name in drawn
        assert f"{t(lang, f'role-{player.role}')} · {t(lang, f'faction-{player.faction}')}" in drawn
    assert f"{t(lang, 'role-don')} · {t(lang, 'faction-mafia')}" in drawn


def _check_page(html: str, lang: str) -> None:
    text, fetches = page_text(html)
    assert fetches == [], fetches  # self-contained: nothing to load from anywhere
    assert "<style>" in html and "<script" not in html and "http://" not in html
    assert "https://" not in html and "url(" not in html
    for name, spec in SIX.items():
        role, _, side = spec.partition("@")
        assert name.capitalize() in text
        assert f"{t(lang, f'role-{role}')} · {t(lang, f'faction-{side}')}" in text
    assert SAID[lang]["won"] in text and t(lang, "win-R-WIN-1") in text
    assert "R-WIN" not in text  # no rule id for players
    for title in ("page-day", "page-night"):
        assert t(lang, title, number=1) in text and t(lang, title, number=2) in text
    assert text.count(t(lang, "page-col-voter")) == 2  # a vote table for each day


def _check_proof(html: str) -> None:
    """The page's command, run as a reader would, matches the published commitment."""
    command = html.split("<pre>")[1].split("</pre>")[0].split()
    assert command[:4] == ["python", "-m", "engine.draw", "verify"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert draw.main(command[3:]) == 0
    assert "MATCH" in out.getvalue()


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_the_end_attaches_the_page_and_the_mornings_picture(
    emu: Any, tmp_path: Path, lang: str
) -> None:
    locale = "ru" if lang == "ru" else "en-US"
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": locale},
            *({"name": name, "locale": locale} for name in SIX),
        ],
        channels=["game"],
    )
    said = SAID[lang]
    settings = Settings(database_url=f"sqlite://{tmp_path / 'page.sqlite3'}", default_locale=lang)
    bot = create_bot(settings)
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True)
        news = await _play(emu, guild, said)
        _check_morning(news, lang)
        await emu.wait_until(lambda: any("town-end.png" in m.files for m in news.messages))
        state = (await in_bot(bot, load_state(1))).game_state()
        _check_end_picture(news, lang, state)
        after = await emu.wait_until(
            lambda: next((c for c in guild.channels if c.name.startswith(said["thread"])), None)
        )
        posted = await after.wait_for_message(lambda m: "mafia-game-1.html" in m.files, within=10)
        # issue 20: the seed, every role's history, the log and the page: one post with the file
        assert [m.id for m in after.messages] == [posted.id]
        assert posted.text.startswith(t(lang, "end-seed", seed="", game="", roles="", players="",
                                        commitment="", options="").split("`")[0])
        assert f"\n\n**{t(lang, 'postgame-roles')}**\n" in posted.text
        assert f"\n\n**{t(lang, 'postgame-log')}**\n" in posted.text
        assert posted.text.endswith("\n\n" + t(lang, "page-post"))
        html = posted.files["mafia-game-1.html"].decode("utf-8")
        _check_page(html, lang)
        _check_proof(html)


async def test_a_server_may_turn_the_picture_off(emu: Any, tmp_path: Path) -> None:
    """``/server town-picture off``: the morning post comes without the picture (the page stays)."""
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'off.sqlite3'}"))
    async with run_bot(emu, bot):
        host = guild.member("host")
        off = await (await host.run("/server town-picture", value="off")).reply()
        assert off.ephemeral and "Картинка города в утреннем сообщении: выключена" in off.text
        await dealt_game(guild, bot, SIX, channels=True)
        news = guild.channel("объявления")
        await _vote(guild, {n: ("anna" if n == "gleb" else "gleb") for n in SIX})
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await news.wait_for_message(lambda m: "Итоги дня 1" in m.text)
        emu.clock.advance(timedelta(minutes=10, seconds=6))
        morning = await news.wait_for_message(lambda m: "Утро после ночи 1" in m.text)
        assert morning.files == {}
        assert not any(m.files for m in news.messages)


async def test_the_hosts_end_has_the_page_and_the_roles_picture(emu: Any, tmp_path: Path) -> None:
    """``/host end``: the reveal carries the town with every role; the page says nobody won and
    why, with every player and role all the same."""
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'end.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True)
        await (await guild.member("host").run("/host end")).reply()
        news = guild.channel("объявления")
        end = await news.wait_for_message(lambda m: "town-end.png" in m.files, within=10)
        assert "Ведущий завершил игру" in end.text
        drawn = labels_of(end.files["town-end.png"])
        assert f"{t('ru', 'role-don')} · {t('ru', 'faction-mafia')}" in drawn
        after = await emu.wait_until(
            lambda: next((c for c in guild.channels if c.name.startswith("После игры")), None)
        )
        posted = await after.wait_for_message(lambda m: "mafia-game-1.html" in m.files, within=10)
        text, fetches = page_text(posted.files["mafia-game-1.html"].decode("utf-8"))
        assert fetches == [] and "Победителя нет" in text and "Ведущий завершил игру" in text
        for name, spec in SIX.items():
            role, _, side = spec.partition("@")
            assert name.capitalize() in text
            assert f"{t('ru', f'role-{role}')} · {t('ru', f'faction-{side}')}" in text
