"""The quick game's registration (C-LIFE-1): ``/mafia quick`` opens it, **Join** / **Leave**
(or ``/mafia join`` / ``/mafia leave``) sign up and withdraw, and each change edits its post.

A player signs up with his client's language (issue 19): it is stored on his seat at once, as
the forum's lobby does, so the signup's "hello" DM and everything the game tells him privately
later (cogs.game.player_locale.dm_locales) speak it; the registration post is public and stays
in the server's language. A signup and a withdrawal store the post's edit (and the hello DM) in
the seat's own transaction; the edit's list is rendered at delivery (:func:`rendered`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from cogs.game.player_locale import forget, spoken
from cogs.quick import effects as fx
from cogs.quick.settings import load
from cogs.support import clock as bot_clock
from cogs.support.errors import UserFacingError
from db.errors import AlreadySignedUp, BadName, NameTaken, SignupClosed
from db.games import GameStatus, games_of_player, get_game, players
from db.guild_settings import get_settings
from db.lobby import add_player, remove_player
from db.outbox import Effect, OutboxItem, dm, edit_made, post
from db.quick import open_registration, registration_ends
from db.records import GameInfo
from engine.names import MAX_NAME_LENGTH, clean_name, name_problem, plain_name
from locales import t

__all__ = ["join", "open_quick", "reg_effects", "rendered", "withdraw"]


async def _refuse_if_playing(user_id: int) -> None:
    """A member plays in one game at a time, of either kind (C-LIFE-1)."""
    if await games_of_player(user_id, None, (GameStatus.SIGNUP, GameStatus.RUNNING)):
        raise UserFacingError("quick-already-playing")


def _names(display: str, user_id: int, locale: str) -> list[str]:
    """The character names a member is seated under (R-LIFE-1: letters, digits, spaces and
    simple punctuation only), the first free one that is valid: his display name with emoji and
    markup taken out, then with his id's tail (a confusable name is taken), then "Player" and
    the tail in the server's language (nothing left of it), then with his whole id."""
    plain = plain_name(display)
    tail = f"{user_id % 10000:04}"
    candidates = [
        plain,
        f"{plain[: MAX_NAME_LENGTH - len(tail) - 1]} {tail}",
        t(locale, "quick-seat-name", number=tail),
        t(locale, "quick-seat-name", number=str(user_id)),
    ]
    return [name for name in candidates if name_problem(clean_name(name)) is None]


async def _sign(
    game_id: int, user_id: int, display: str, locale: str | None, server: str,
    effects: Sequence[Effect] = (),
) -> None:  # fmt: skip
    for name in _names(display, user_id, server):
        try:
            await add_player(game_id, user_id, name, locale, effects)
            break
        except (BadName, NameTaken):
            continue
    forget(user_id)  # a new seat: his next interaction's language is written on it too


def _hello(game_id: int, user_id: int, language: str) -> Effect:
    """A DM to the one who joined, in his language, so that closed DMs are found before the
    start (the role card goes by DM, C-LIFE-3)."""
    return dm(user_id, t(language, "quick-dm-test", id=game_id),
              key=f"quick:{game_id}:hello:{user_id}")  # fmt: skip


async def reg_effects(game: GameInfo, state: str) -> list[Effect]:
    """The registration post's edit as it ends (``state``: started, cancelled)."""
    return [edit_made(fx.reg_key(game.id), await _reg_text(game, state))]


async def rendered(item: OutboxItem) -> dict[str, Any]:
    """The open registration post's text for a signup's edit about to be delivered
    (cogs.delivery): the list as it is now."""
    assert item.game_id is not None
    return {"content": await _reg_text(await get_game(item.game_id), "open")}


async def _reg_text(game: GameInfo, state: str) -> str:
    """The registration post as the game's signup stands now, in the server's language."""
    locale = (await get_settings(game.guild_id)).language
    signed = [p.user_id for p in await players(game.id)]
    ends = await registration_ends(game.id)
    return fx.reg_text(locale, game.id, signed, ends, state)


async def open_quick(
    guild_id: int, channel_id: int, user_id: int, display: str, language: str | None = None
) -> GameInfo:
    """``/mafia quick``: a registration in ``channel_id``, its opener signed up first
    (``language``: his client's, for his DMs)."""
    settings = await load(guild_id)
    if not settings.allows(channel_id):
        raise UserFacingError("quick-channel-not-allowed")
    await _refuse_if_playing(user_id)
    ends = bot_clock.now() + timedelta(seconds=settings.seconds("registration"))
    locale = (await get_settings(guild_id)).language
    # The first name he may have (the table is empty: none is taken yet).
    name = _names(display, user_id, locale)[0]

    def effects(game_id: int) -> list[Effect]:
        text = fx.reg_text(locale, game_id, [user_id], ends, "open")
        return [
            post(channel_id, text, key=fx.reg_key(game_id), view=fx.reg_view(game_id, locale)),
            _hello(game_id, user_id, spoken(language) or locale),
        ]

    game = await open_registration(guild_id, channel_id, user_id, name, language, ends, effects)
    forget(user_id)  # a new seat: his next interaction's language is written on it too
    return game


async def join(game_id: int, user_id: int, display: str, language: str | None = None) -> None:
    """**Join** (or ``/mafia join``): ``user_id`` signed up under his display name, with his
    client's ``language`` stored on his seat (issue 19)."""
    game = await get_game(game_id)
    if game.status is not GameStatus.SIGNUP:
        raise SignupClosed(game_id)
    if any(p.user_id == user_id for p in await players(game_id)):
        raise AlreadySignedUp(game_id, str(user_id))
    await _refuse_if_playing(user_id)
    server = (await get_settings(game.guild_id)).language
    hello = _hello(game_id, user_id, spoken(language) or server)
    await _sign(game_id, user_id, display, language, server, [fx.reg_change(game_id), hello])


async def withdraw(game_id: int, user_id: int) -> None:
    await remove_player(game_id, user_id, [fx.reg_change(game_id)])
