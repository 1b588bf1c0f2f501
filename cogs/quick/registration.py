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
from db.games import GameStatus, create_game, games_of_player, get_game, players
from db.guild_settings import get_settings
from db.lobby import add_player, remove_player
from db.outbox import Effect, OutboxItem, add, dm, edit_made, post
from db.quick import MODE, registration_ends, set_registration_end
from db.records import GameInfo
from engine.names import MAX_NAME_LENGTH
from locales import t

__all__ = ["join", "open_quick", "reg_effects", "rendered", "withdraw"]


async def _refuse_if_playing(user_id: int) -> None:
    """A member plays in one game at a time, of either kind (C-LIFE-1)."""
    if await games_of_player(user_id, None, (GameStatus.SIGNUP, GameStatus.RUNNING)):
        raise UserFacingError("quick-already-playing")


async def _sign(
    game_id: int, user_id: int, display: str, locale: str | None, effects: Sequence[Effect] = ()
) -> None:
    for name in (display[:MAX_NAME_LENGTH], f"{display[:40]} #{user_id % 10000}", f"#{user_id}"):
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
    game = await create_game(guild_id, user_id, MODE, channel_id=channel_id)
    ends = bot_clock.now() + timedelta(seconds=settings.seconds("registration"))
    await set_registration_end(game.id, ends)
    await _sign(game.id, user_id, display, language)
    locale = (await get_settings(guild_id)).language
    text = fx.reg_text(locale, game.id, [user_id], ends, "open")
    hello = _hello(game.id, user_id, spoken(language) or locale)
    await add(game.id, [post(channel_id, text, key=fx.reg_key(game.id),
                             view=fx.reg_view(game.id, locale)), hello])  # fmt: skip
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
    await _sign(game_id, user_id, display, language, [fx.reg_change(game_id), hello])


async def withdraw(game_id: int, user_id: int) -> None:
    await remove_player(game_id, user_id, [fx.reg_change(game_id)])
