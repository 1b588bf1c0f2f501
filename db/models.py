"""Tortoise models. Only db/ imports them; the rest of the bot sees plain values."""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model

__all__ = ["DEFAULT_LANGUAGE", "DEFAULT_TIMEZONE", "GuildSettings"]

DEFAULT_LANGUAGE = "ru"
DEFAULT_TIMEZONE = "Europe/Moscow"


class GuildSettings(Model):
    """One row per Discord server (guild) that changed a setting; absent means all defaults."""

    guild_id = fields.BigIntField(primary_key=True, generated=False)
    language = fields.CharField(max_length=8, default=DEFAULT_LANGUAGE)
    timezone = fields.CharField(max_length=64, default=DEFAULT_TIMEZONE)
    game_category_id = fields.BigIntField(null=True)
    host_role_id = fields.BigIntField(null=True)
    moderator_role_id = fields.BigIntField(null=True)
    log_channel_id = fields.BigIntField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "guild_settings"
