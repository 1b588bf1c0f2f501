"""A game's end on the server, once, whatever ended it (its rules at a resolution, the host's
``/host end``, a host tool's decision): one outbox row (db.outbox.finish, after the reveal) that
expands, when performed, into the post-game thread and its posts (R-LIFE-6), the close (the
channels read-only, the roles back to the pool) and each player's summary by DM (his role, his
side's result) — all of them outbox rows, keyed, delivered exactly once (cogs.delivery). The
``finished:`` mark in db.meta is written with the row's delivery; the bot's start enqueues the
row for a game ended lately without it (cogs.game.catch_up)."""

from __future__ import annotations

from datetime import timedelta

from cogs.game.lobby_post import game_title
from cogs.game.player_locale import dm_locales
from cogs.game.post_game import post_game_effects
from db.game_facts import kind_of
from db.games import GameInfo, load_state
from db.outbox import Effect, close, dm
from db.ratings import rating_changes
from engine import GameState
from locales import t

__all__ = ["CATCH_UP_WINDOW", "end_effects", "finished_key", "rating_line", "summary"]

#: How far back the start looks for a game whose end was cut off (the bot is rarely down longer).
CATCH_UP_WINDOW = timedelta(days=7)


def finished_key(game_id: int) -> str:
    return f"finished:{game_id}"


async def end_effects(game: GameInfo) -> list[Effect]:
    """What the end's row (db.outbox.finish) expands into when it is performed, the game's
    final state and log being stored by then: the post-game thread and its posts, the close
    (channels read-only, roles back to the pool), each player's summary by DM — each keyed, so
    a redo after a crash adds nothing already stored."""
    state = (await load_state(game.id)).game_state()
    language = await dm_locales(game)  # each summary in its player's language (issue 19)
    effects = await post_game_effects(game)
    effects.append(close(game.guild_id, game.id))
    rated = await rating_changes(game.id, kind_of(game.mode))  # stored with the end (db.ratings)
    effects += [
        dm(
            int(p.id),
            summary(game, state, p.id, language(p.id))
            + rating_line(rated.get(int(p.id)), language(p.id)),
            key=f"summary:{game.id}:{p.id}",
        )
        for p in state.players
        if p.id.isdigit()
    ]
    return effects


def rating_line(change: tuple[int, int] | None, locale: object) -> str:
    """The player's rating before and after the game (none: a game not rated, e.g. ended by
    its host)."""
    if change is None:
        return ""
    before, after = change
    return " " + t(
        locale, "summary-rating", before=before, after=after,
        change=f"{after - before:+d}".replace("-", "\u2212"),  # a minus sign, not a hyphen
    )


def summary(game: GameInfo, state: GameState, pid: str, locale: object) -> str:
    """What one player is told at the end: his last role and side, and whether his side won
    (or that the host ended the game), and where the whole story is."""
    player = state.get(pid)
    outcome = state.outcome
    if outcome is None:
        result = t(locale, "summary-ended")
    elif player.faction in outcome.winners:
        result = t(locale, "summary-won")
    else:
        result = t(locale, "summary-lost")
    return t(
        locale,
        "summary",
        game=game_title(game, locale),
        role=t(locale, f"role-{player.role}"),
        faction=t(locale, f"faction-{player.faction}"),
        result=result,
    )
