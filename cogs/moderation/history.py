"""``/mod history``: a member's cases, a page at a time, with persistent page buttons."""

from __future__ import annotations

from typing import Any

import discord

from cogs.moderation.access import require_moderator
from cogs.moderation.rulebook import Rulebook, server_rulebook
from cogs.moderation.texts import step_text
from cogs.support.views import PersistentItem
from db import moderation as db
from locales import t

__all__ = ["PAGE", "HistoryPage", "history_message"]

PAGE = 10


def _line(case: db.CaseInfo, rulebook: Rulebook, locale: object) -> str:
    return t(
        locale,
        "mod-history-line",
        number=case.number,
        when=f"<t:{int(case.created_at.timestamp())}:d>",
        violation=rulebook.name(case.violation, locale),
        code=case.violation,
        offence=case.offence,
        action=step_text(case.applied, locale),
        state=t(locale, f"mod-state-{case.state}"),
    )


async def history_message(
    guild_id: int, user_id: int, page: int, locale: object
) -> tuple[discord.Embed, discord.ui.View | None]:
    """Page ``page`` (0-based) of the member's cases, newest first, and its buttons."""
    total = await db.count_cases(guild_id, user_id)
    pages = max(1, -(-total // PAGE))
    page = min(max(page, 0), pages - 1)
    cases = await db.cases_of(guild_id, user_id, offset=page * PAGE, limit=PAGE)
    rulebook = await server_rulebook(guild_id)
    embed = discord.Embed(
        title=t(locale, "mod-history-title", count=total),
        description="\n".join(_line(c, rulebook, locale) for c in cases)
        or t(locale, "mod-history-empty"),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(name=t(locale, "mod-field-member"), value=f"<@{user_id}>")
    embed.set_footer(text=t(locale, "mod-history-page", page=page + 1, pages=pages))
    if pages == 1:
        return embed, None
    view = discord.ui.View(timeout=None)
    if page > 0:
        view.add_item(HistoryPage(user_id, page - 1, "◀"))
    if page < pages - 1:
        view.add_item(HistoryPage(user_id, page + 1, "▶"))
    return embed, view


class HistoryPage(PersistentItem, template=r"modhist:(?P<user>\d+):(?P<page>\d+)"):
    """A page button of ``/mod history`` (only moderators see the message: it is ephemeral)."""

    def __init__(self, user_id: int, page: int, label: str = "▶") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"modhist:{user_id}:{page}",
            )
        )
        self.user_id, self.page = user_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> HistoryPage:
        return cls(int(match["user"]), int(match["page"]))

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await require_moderator(interaction)
        assert interaction.guild_id is not None
        embed, view = await history_message(
            interaction.guild_id, self.user_id, self.page, interaction.locale
        )
        if view is None:
            await interaction.response.edit_message(embed=embed, view=None)
        else:
            await interaction.response.edit_message(embed=embed, view=view)
