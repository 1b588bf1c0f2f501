"""The start's and the end's texts: the role list the start would deal (R-BAL), the host's end
with the reveal (outbox rows) and the draw's proof (R-LIFE-3, R-LIFE-6). What the start
itself does on Discord is cogs.game.start_effects."""

from __future__ import annotations

import logging
from collections import Counter

import discord

from cogs.game.lobby import options_of
from cogs.game.results import POST_LIMIT, reveal_lines
from cogs.game.server import ANNOUNCEMENTS
from cogs.game.start import BalanceRefused, role_list_for
from cogs.game.table import channel_for
from cogs.game.town.post import END_PICTURE, end_town, with_town
from cogs.support.embeds import chunk_lines
from db.games import GameInfo
from db.guild_settings import get_settings
from db.outbox import Effect, post
from engine import GameState
from locales import t

__all__ = ["end_post_key", "proof", "reveal_effects", "role_list_text", "verify_args"]

log = logging.getLogger(__name__)
NONE = discord.AllowedMentions.none()


def role_list_text(game: GameInfo, players: int, locale: object) -> str:
    """The role list the start would deal for ``players`` (R-BAL), or why it does not fit."""
    chosen = "roles" in (game.roles or {})
    head = t(locale, "roles-chosen" if chosen else "roles-proposed", count=players)
    try:
        role_list = role_list_for(game, players)
    except BalanceRefused as refused:
        return head + "\n" + refused.text(locale)
    counts = Counter((slot.role, slot.faction) for slot in role_list.slots)
    options = [t(locale, "option-multifunctional-child")] if options_of(game) else []
    lines = [
        t(
            locale,
            "roles-line",
            role=t(locale, f"role-{role}"),
            faction=t(locale, f"faction-{faction}"),
            count=n,
        )
        for (role, faction), n in counts.items()
    ]
    return "\n".join([head, *lines, *options])  # R-LIFE-3: the options with the balance


async def reveal_effects(game: GameInfo, state: GameState | None) -> list[Effect]:
    """The host's end, said in the announcements with every role (R-LIFE-6): one post when it
    fits Discord's 2000 characters, else as few as hold it, cut only between lines (issue 20),
    so a big cast of long names loses no role; each post an outbox row of its own."""
    locale = (await get_settings(game.guild_id)).language
    target = await channel_for(game, ANNOUNCEMENTS)
    if target is None:
        return []
    lines = [t(locale, "end-by-host")]
    if state is not None:
        lines += ["", f"**{t(locale, 'end-reveal-title')}**"]
        lines += reveal_lines(state, locale)
    # The draw's proof and the full log follow in the post-game thread (cogs.game.post_game).
    chunks = chunk_lines(lines, POST_LIMIT)
    posts = [post(target, chunk, key=end_post_key(game.id, n)) for n, chunk in enumerate(chunks)]
    if state is None:
        return posts
    return await with_town(game.guild_id, posts, end_town(state, locale), END_PICTURE)


def end_post_key(game_id: int, index: int) -> str:
    """The idempotency key of the host's end's post number ``index`` (from 0): the first keeps
    the key it always had, the next ``…:2``, ``…:3``. The cut depends only on the stored state
    and the server's language, so the same end always gives the same posts under the same keys,
    and a key is stored once (db.outbox.enqueue): a repeat adds nothing. Each row is delivered
    with its own nonce and found again by its exact content after a restart
    (cogs.delivery.reconcile), in the order stored (one game, one channel: one lane)."""
    return f"end-by-host:{game_id}" if index == 0 else f"end-by-host:{game_id}:{index + 1}"


def proof(game: GameInfo, state: GameState | None, seed: str, locale: object) -> str:
    """The draw's proof after the game: the seed and the command that recomputes the deal."""
    assert state is not None
    text = t(locale, "end-seed", **verify_args(game, state, seed))
    if len(text) <= POST_LIMIT:
        return text
    # A big cast's command (about fifty players and more) does not fit a message, and a cut
    # one checks nothing: the seed here, the whole command on the game's page (its file).
    return t(locale, "end-seed-on-page", seed=seed)


def verify_args(game: GameInfo, state: GameState, seed: str) -> dict[str, str]:
    """The inputs of ``python -m engine.draw verify`` for this game (docs/draw.md)."""
    ordered = sorted(state.players, key=lambda p: p.order)
    return {
        "seed": seed,
        "game": str(game.id),
        "roles": ",".join((game.roles or {}).get("roles", [])),
        # the players as drawn: a replacement (cogs.game.host_replace) renames the seat's id
        "players": ",".join((game.roles or {}).get("drawn") or [p.id for p in ordered]),
        "commitment": game.commitment or "",
        # R-LIFE-3: the option is part of the committed inputs, so the check names it
        "options": " --options multifunctional_child" if state.multifunctional_child else "",
    }
