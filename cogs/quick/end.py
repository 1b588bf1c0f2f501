"""What the quick game's end composes after it is counted (issue 22), in the end's own
transaction (db.state.advance_phase's ``then``, after db.results.count_end): each player's
summary DM (C-LIFE-8) with his rating change in the quick game's pool, and the post-game page in
the log thread. Its public posts (the roles, the seed, the log) are cogs.quick.rounds.ending's.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from tortoise.backends.base.client import BaseDBAsyncClient

from cogs.game.finish import rating_line
from cogs.game.page.data import Proof
from cogs.quick.page import quick_page_effect
from cogs.quick.rounds import Draw, Game, history, log_thread_key, verify_command
from db.outbox import Effect, dm
from db.quick import MODE
from db.ratings import rating_changes
from db.state import Then
from engine.chat import ChatState, winning_players
from locales import t

__all__ = ["after_end", "summaries"]

log = logging.getLogger(__name__)


def summaries(
    game: Game, chat: ChatState, dealt: Mapping[str, str], rated: Mapping[int, tuple[int, int]]
) -> list[Effect]:
    """Each player's summary: his side's result, his role (dealt → last), his rating change
    (none when the end was not rated); each in his language (issue 19)."""
    g = game.id
    winners = set(winning_players(chat))
    out = []
    for p in chat.players:
        loc = game.language_of(p.id)
        summary = t(loc, "quick-summary", id=g, role=history(loc, dealt.get(p.id), p.role),
                    result=t(loc, "quick-you-won" if p.id in winners else "quick-you-lost"))  # fmt: skip
        summary += rating_line(rated.get(int(p.id)), loc)
        out.append(dm(int(p.id), summary, key=f"quick:{g}:summary:{p.id}"))
    return out


def after_end(game: Game, chat: ChatState, drawn: Draw, names: Mapping[str, str]) -> Then:
    """The end's last effects, read on its transaction's connection: the ratings it stored
    and the log it completed."""

    async def then(connection: BaseDBAsyncClient) -> Sequence[Effect]:
        rated = await rating_changes(game.id, MODE, connection)
        proof = Proof(drawn.seed, drawn.commitment, verify_command(game.id, drawn))
        try:
            page = [await quick_page_effect(connection, game.id, chat, drawn.dealt, names, proof,
                                            game.locale, log_thread_key(game.id))]  # fmt: skip
        except (ValueError, KeyError, TypeError):
            # A log the page cannot read must not stop the game's end (as its statistics).
            log.exception("quick game %s: its end has no page", game.id)
            page = []
        return [*summaries(game, chat, drawn.dealt, rated), *page]

    return then
