"""The post-game page in the post-game thread (cogs.game.post_game): a file attached to the
thread's last post (an outbox row, db.outbox_files, keyed per game), composed when the end is
performed (the log complete by then) and stored with its HTML, so a retry sends the same file."""

from __future__ import annotations

from cogs.game.page.data import Proof, build_page
from cogs.game.page.html import render_page
from cogs.game.start_post import verify_args
from db.games import GameInfo, event_log, load_state, reveal_seed
from db.outbox_files import FileSpec
from db.play import choices_for_phase
from engine import Choice, GameState
from locales import t

__all__ = ["page_file", "page_html", "page_name"]


def page_name(game: GameInfo) -> str:
    return f"mafia-game-{game.id}.html"


def verify_command(args: dict[str, str]) -> str:
    """The command that checks the deal (docs/draw.md), as the thread's proof gives it."""
    return (
        f"python -m engine.draw verify --seed {args['seed']} --game {args['game']} "
        f"--roles {args['roles']} --players {args['players']} --commitment {args['commitment']}"
        f"{args.get('options', '')}"
    )


async def page_html(game: GameInfo, locale: str) -> str:
    """The page of a finished game, from what is stored of it."""
    state = (await load_state(game.id)).game_state()
    seed = await reveal_seed(game.id)
    proof = None
    if seed is not None:
        args = verify_args(game, state, seed)
        proof = Proof(seed, game.commitment or "", verify_command(args))
    dealt = (game.roles or {}).get("dealt", {})
    title = game.title or t(locale, "page-game", number=game.id)
    log = await event_log(game.id)
    page = build_page(title, state, dealt, log, await _choices(game.id, state), proof, locale)
    return render_page(page)


async def _choices(game_id: int, state: GameState) -> dict[str, list[Choice]]:
    """Each phase's final choices, day 1 to the last (a handful of indexed reads per game)."""
    phases = [(p, n) for n in range(1, state.number + 1) for p in ("day", "night")]
    found = {f"{p} {n}": await choices_for_phase(game_id, p, n) for p, n in phases}
    return {phase: choices for phase, choices in found.items() if choices}


async def page_file(game: GameInfo, locale: str) -> FileSpec:
    """The page as a file of the post-game thread's last post (cogs.game.post_game), stored with
    its HTML so that a retry sends the same file."""
    return {
        "name": page_name(game),
        "text": await page_html(game, locale),
        "description": t(locale, "page-file-description"),
    }
