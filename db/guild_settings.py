"""Repository of per-guild settings. Callers get and give plain values, never model objects."""

from __future__ import annotations

from dataclasses import dataclass, fields
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from db.models import DEFAULT_LANGUAGE, DEFAULT_TIMEZONE, GuildSettings
from db.unset import UNSET, Unset

__all__ = ["UNSET", "GuildConfig", "get_settings", "update_settings"]


@dataclass(frozen=True, slots=True)
class GuildConfig:
    """A guild's settings; a guild that never changed one gets these defaults."""

    guild_id: int
    language: str = DEFAULT_LANGUAGE
    timezone: str = DEFAULT_TIMEZONE
    game_category_id: int | None = None
    host_role_id: int | None = None
    moderator_role_id: int | None = None
    log_channel_id: int | None = None


_FIELDS = tuple(f.name for f in fields(GuildConfig))


def _to_config(row: GuildSettings) -> GuildConfig:
    return GuildConfig(**{name: getattr(row, name) for name in _FIELDS})


async def get_settings(guild_id: int) -> GuildConfig:
    """The settings of ``guild_id`` (the defaults if it has no row; nothing is written)."""
    row = await GuildSettings.get_or_none(guild_id=guild_id)
    return GuildConfig(guild_id=guild_id) if row is None else _to_config(row)


async def update_settings(
    guild_id: int,
    *,
    language: str | Unset = UNSET,
    timezone: str | Unset = UNSET,
    game_category_id: int | None | Unset = UNSET,
    host_role_id: int | None | Unset = UNSET,
    moderator_role_id: int | None | Unset = UNSET,
    log_channel_id: int | None | Unset = UNSET,
) -> GuildConfig:
    """Change the given settings of ``guild_id`` (creating its row if needed) and return them all.

    Raises ``ValueError`` for an unknown time zone or a malformed language code; the caller
    checks that the language is one the bot speaks.
    """
    given = {
        "language": language,
        "timezone": timezone,
        "game_category_id": game_category_id,
        "host_role_id": host_role_id,
        "moderator_role_id": moderator_role_id,
        "log_channel_id": log_channel_id,
    }
    changes = {name: value for name, value in given.items() if value is not UNSET}
    if isinstance(language, str) and not (
        0 < len(language) <= 8 and language.replace("-", "").isalpha()
    ):
        raise ValueError(f"not a language code: {language!r}")
    if isinstance(timezone, str):
        try:
            ZoneInfo(timezone)
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise ValueError(f"unknown time zone: {timezone!r}") from error
    if not changes:
        return await get_settings(guild_id)
    row, _ = await GuildSettings.update_or_create(defaults=changes, guild_id=guild_id)
    return _to_config(row)
