"""Repository of per-guild settings. Callers get and give plain values, never model objects.

One default language: a guild that never chose one speaks the bot's default (``DEFAULT_LOCALE``,
given to :func:`db.init_db` as ``default_language``), read when its settings are read, so that
changing ``DEFAULT_LOCALE`` moves every such guild; the row stores null for it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from db.models import DEFAULT_TIMEZONE, GuildSettings
from db.unset import UNSET, Unset

__all__ = [
    "BUILT_IN_LANGUAGE",
    "UNSET",
    "GuildConfig",
    "default_language",
    "get_settings",
    "set_default_language",
    "update_settings",
]

# init_db's default when not told the bot's DEFAULT_LOCALE: the same built-in default as
# settings.Settings and locales.DEFAULT_LOCALE (tests/test_db.py keeps the three equal).
BUILT_IN_LANGUAGE = "ru"
_default_language = BUILT_IN_LANGUAGE


def set_default_language(language: str) -> None:
    """The language of every guild that has not chosen one (``db.init_db`` sets it)."""
    _check_language(language)
    global _default_language
    _default_language = language


def default_language() -> str:
    return _default_language


@dataclass(frozen=True, slots=True)
class GuildConfig:
    """A guild's settings; a guild that never changed one gets the defaults."""

    guild_id: int
    language: str  # the guild's choice, else the bot's default language
    timezone: str = DEFAULT_TIMEZONE
    game_category_id: int | None = None
    host_role_id: int | None = None
    moderator_role_id: int | None = None
    log_channel_id: int | None = None
    town_picture: bool = True  # the town's picture in the morning post (cogs.game.town)
    language_chosen: bool = False  # False: ``language`` is the bot's default, and follows it


_FIELDS = tuple(
    f.name for f in fields(GuildConfig) if f.name not in ("language", "language_chosen")
)


def _to_config(row: GuildSettings) -> GuildConfig:
    return GuildConfig(
        language=row.language or _default_language,
        language_chosen=row.language is not None,
        **{name: getattr(row, name) for name in _FIELDS},
    )


def _check_language(language: str) -> None:
    if not (0 < len(language) <= 8 and language.replace("-", "").isalpha()):
        raise ValueError(f"not a language code: {language!r}")


async def get_settings(guild_id: int) -> GuildConfig:
    """The settings of ``guild_id`` (the defaults if it has no row; nothing is written)."""
    row = await GuildSettings.get_or_none(guild_id=guild_id)
    if row is None:
        return GuildConfig(guild_id=guild_id, language=_default_language)
    return _to_config(row)


async def update_settings(
    guild_id: int,
    *,
    language: str | None | Unset = UNSET,
    timezone: str | Unset = UNSET,
    game_category_id: int | None | Unset = UNSET,
    host_role_id: int | None | Unset = UNSET,
    moderator_role_id: int | None | Unset = UNSET,
    log_channel_id: int | None | Unset = UNSET,
    town_picture: bool | Unset = UNSET,
) -> GuildConfig:
    """Change the given settings of ``guild_id`` (creating its row if needed) and return them all.

    ``language=None`` goes back to the bot's default language; ``None`` clears an id. Raises
    ``ValueError`` for an unknown time zone or a malformed language code; the caller checks that
    the language is one the bot speaks.
    """
    given = {
        "language": language,
        "timezone": timezone,
        "game_category_id": game_category_id,
        "host_role_id": host_role_id,
        "moderator_role_id": moderator_role_id,
        "log_channel_id": log_channel_id,
        "town_picture": town_picture,
    }
    changes = {name: value for name, value in given.items() if value is not UNSET}
    if isinstance(language, str):
        _check_language(language)
    if isinstance(timezone, str):
        try:
            ZoneInfo(timezone)
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise ValueError(f"unknown time zone: {timezone!r}") from error
    if not changes:
        return await get_settings(guild_id)
    row, _ = await GuildSettings.update_or_create(defaults=changes, guild_id=guild_id)
    return _to_config(row)
