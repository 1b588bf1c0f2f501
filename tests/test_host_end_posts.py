"""``/host end`` says every role in the announcements (R-LIFE-6), in as few posts as Discord's 2000
characters allow (issue 20), through the emulator with the real bot:

- a big cast of the longest names a character may have (32 characters, engine.names) no longer
  fits one post (forty players here: over 25 the host adds players, R-BAL-4; thirty such names
  still fit, 1892 characters): the end is cut only between lines, each message within the
  limit and as full as the next line allows, every role in signup order, the town's picture on
  the last message — and once each even when Discord applied a post whose answer was lost;
- a small game's end is still one post, with the picture.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import create_bot
from cogs.game.start_post import end_post_key
from db.models import OutboxRow
from locales import t
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator.botrunner import run_bot
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.test_end_posts import _as_full_as_fits, _reveal

#: Forty players of 32-character names (engine.names.MAX_NAME_LENGTH), the don first.
BIG = {
    f"konstantinopolskaya-vasilevna-{n:02}": (
        "don@mafia" if n == 0 else "mafioso@mafia" if n < 13 else "citizen@town"
    )
    for n in range(40)
}
MESSAGES = "/channels/{channel_id}/messages"


async def _host_end(emu: Any, guild: Any, bot: Any, deal: dict[str, str]) -> tuple[int, list[Any]]:
    """The game dealt on its own channels and ended by its host; the announcements' posts from
    the end's first on, once all of them are delivered."""
    game_id = await dealt_game(guild, bot, deal, channels=True)
    news = guild.channel("объявления")
    # Discord applies the end's first post and the answer is lost (a 502, then the retry with
    # the row's nonce): the post must not be doubled, nor the next one lost.
    fault = emu.fail_next("POST", MESSAGES, status=502, after_apply=True,
                          params={"channel_id": news.id})  # fmt: skip
    await (await guild.member("host").run("/host end")).reply()
    await news.wait_for_message(lambda m: "town-end.png" in m.files, within=20)
    await delivered(bot)
    assert fault.hits == 1
    head = t("ru", "end-by-host")
    start = next(i for i, m in enumerate(news.messages) if m.text.startswith(head))
    return game_id, news.messages[start:]


async def _end_keys(game_id: int) -> list[str]:
    rows = OutboxRow.filter(game_id=game_id, key__startswith=f"end-by-host:{game_id}")
    return [str(key) for key in await rows.order_by("id").values_list("key", flat=True)]


async def test_a_big_casts_host_end_is_cut_between_lines_with_every_role(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, list(BIG))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'big.sqlite3'}"))
    async with run_bot(emu, bot):
        game_id, posts = await _host_end(emu, guild, bot, BIG)
        texts = [m.text for m in posts]
        assert len(texts) == 2, [len(text) for text in texts]
        _as_full_as_fits(texts)
        # every role, in signup order, none cut: the whole end read across its posts
        assert "\n".join(texts).split("\n") == [t("ru", "end-by-host"), "", *_reveal(BIG)]
        assert [list(m.files) for m in posts] == [[], ["town-end.png"]]
        # one row per post, the first under the key it always had
        keys = await in_bot(bot, _end_keys(game_id))
        assert keys == [f"end-by-host:{game_id}", f"end-by-host:{game_id}:2"]
        assert keys == [end_post_key(game_id, 0), end_post_key(game_id, 1)]


async def test_a_small_games_host_end_is_one_post(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'small.sqlite3'}"))
    async with run_bot(emu, bot):
        game_id, posts = await _host_end(emu, guild, bot, SIX)
        [end] = posts
        head, reveal = end.text.split("\n\n")
        assert head == t("ru", "end-by-host")
        assert reveal.split("\n") == _reveal(SIX)
        assert list(end.files) == ["town-end.png"]
        assert await in_bot(bot, _end_keys(game_id)) == [f"end-by-host:{game_id}"]
