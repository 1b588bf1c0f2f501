"""The post-game thread (R-LIFE-6: "roles, the draw proof and the full log are revealed in the
post-game thread"): opened in the game's announcements when a game ends, by its rules or by the
host, with the draw's seed and the command that checks the deal, every role with its history
(dealt, changed, died: cogs.game.history), then every event of the game in order as the host
saw it (causes, orders, untold changes), under a title for each phase, and last the whole game
on one page, an HTML file (cogs.game.page). All of it in as few posts as hold it (issue 20: a
4-player game's is one), cut only between lines (cogs.support.embeds.chunk_lines); the file
is attached to the last, under the sentence that offers it (Discord shows a message's files
below its text), so it stays with its words and ends the thread. Outbox rows keyed per game
(the thread, then each post in it in order: a dependency on the thread's row; the one with the
file ``…:page``), so once per game."""

from __future__ import annotations

from cogs.game.history import log_by_phase, role_histories
from cogs.game.page.post import page_file
from cogs.game.render import display_names
from cogs.game.server import ANNOUNCEMENTS
from cogs.game.start_post import proof
from cogs.game.table import channel_for
from cogs.support.embeds import MESSAGE_LIMIT, chunk_lines
from db.games import GameInfo, event_log, load_state, reveal_seed
from db.guild_settings import get_settings
from db.outbox import Effect, post_in, thread
from db.outbox_files import post_files_in
from locales import t

__all__ = ["post_game_effects"]

LIMIT = MESSAGE_LIMIT


async def post_game_effects(game: GameInfo) -> list[Effect]:
    """The thread and its posts, as outbox rows (none for a game that never started or has no
    channel): composed when the end is performed, so the event log is complete."""
    target = await channel_for(game, ANNOUNCEMENTS)
    if target is None or game.commitment is None:
        return []
    locale = (await get_settings(game.guild_id)).language
    state = (await load_state(game.id)).game_state()
    names = display_names(state)
    key = f"postgame:{game.id}"
    name = t(locale, "postgame-thread", game=game.title or f"#{game.id}")[:100]
    seed = await reveal_seed(game.id)
    lines = [proof(game, state, seed, locale), ""] if seed is not None else []
    log = await event_log(game.id)
    dealt = (game.roles or {}).get("dealt", {})
    lines += [
        f"**{t(locale, 'postgame-roles')}**",
        *role_histories(state, dealt, log, locale, names),
    ]
    lines += ["", f"**{t(locale, 'postgame-log')}**", *log_by_phase(log, locale, names)]
    lines += ["", t(locale, "page-post")]  # the file's sentence, right above the file
    *posts, last = chunk_lines(lines, LIMIT)  # as few posts as hold it (issue 20)
    thread_row = thread(target, name, key=key, meta=key, reason=f"game {game.id} is over")
    rows = [thread_row, *(post_in(key, p, key=f"{key}:{n}") for n, p in enumerate(posts))]
    page = await page_file(game, locale)  # the whole game on one page
    return [*rows, post_files_in(key, last, [page], key=f"{key}:page")]
