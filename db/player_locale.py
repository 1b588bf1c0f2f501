"""A player's language (issue 19): his DMs — the role card, prompts, reminders, results — speak
the language of his Discord client, as his latest interaction said it; public posts stay in the
server's. One column on his seat (``GamePlayer.locale``), written when it changes."""

from __future__ import annotations

from db.models import GamePlayer, GameStatus

__all__ = ["player_locales", "remember_locale"]

#: The games whose seats follow the player's language: before and during play.
LIVE = (GameStatus.SIGNUP, GameStatus.RUNNING)


async def remember_locale(user_id: int, locale: str) -> int:
    """Store ``locale`` on every live seat of ``user_id`` that says otherwise; returns how many
    seats he has in live games (0: none, nothing to remember yet)."""
    seats = await GamePlayer.filter(user_id=user_id, game__status__in=LIVE).values_list(
        "id", "locale"
    )
    stale = [seat for seat, stored in seats if stored != locale]
    if stale:
        await GamePlayer.filter(id__in=stale).update(locale=locale)
    return len(seats)


async def player_locales(game_id: int) -> dict[str, str]:
    """Each seat's stored locale by engine id (the user id as text); seats without one are left
    out (the caller falls back to the server's language)."""
    rows = await GamePlayer.filter(game_id=game_id, locale__isnull=False).values_list(
        "user_id", "locale"
    )
    return {str(user_id): str(locale) for user_id, locale in rows}
