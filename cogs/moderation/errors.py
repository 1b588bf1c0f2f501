"""Moderation's refusals: a translated sentence for the moderator or the member who acted."""

from __future__ import annotations

from cogs.support.errors import UserFacingError

__all__ = ["ModRefusal"]


class ModRefusal(UserFacingError):
    """A moderation command refused (``key``: the sentence in locales/*/moderation.ftl)."""
