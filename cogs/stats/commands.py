"""``/mafia stats [member] [game] [public]`` and ``/mafia top [game] [period]`` (issue 22): a
player's record on the server and the leaderboard, paginated by persistent buttons.

They join the players' group (cogs.game.player_commands, loaded first: LOAD_AFTER). Thin: each
parses, reads db.stats, renders (cogs.stats.render), answers — ephemerally unless ``public``."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.stats.render import GAMES, PAGE, PERIODS, board_embed, stats_embed
from cogs.support import clock
from cogs.support.errors import UserFacingError
from cogs.support.views import PersistentItem
from db.stats import board, player_stats

__all__ = ["LOAD_AFTER", "TopPage", "mafia_stats", "mafia_top", "setup", "top_message"]

LOAD_AFTER = ("cogs.game.player_commands",)

_PERIOD_DAYS = {"month": 30, "week": 7}
NONE = discord.AllowedMentions.none()


def _choices(prefix: str, values: tuple[str, ...], names: dict[str, str]) -> list[Any]:
    return [
        app_commands.Choice(name=locale_str(names[v], key=f"{prefix}-{v}"), value=v) for v in values
    ]


GAME_CHOICES = _choices(
    "choice-stats-game", GAMES, {"all": "Both games", "forum": "Forum game", "chat": "Quick game"}
)
PERIOD_CHOICES = _choices(
    "choice-stats-period", PERIODS, {"all": "All time", "month": "30 days", "week": "7 days"}
)


def _since(period: str) -> datetime | None:
    days = _PERIOD_DAYS.get(period)
    return None if days is None else clock.now() - timedelta(days=days)


async def top_message(
    guild_id: int, game: str, period: str, page: int, locale: object
) -> tuple[discord.Embed, discord.ui.View | None]:
    """Page ``page`` (0-based) of the leaderboard and its buttons."""
    first = await board(guild_id, game, _since(period), 0, 0)
    pages = max(1, -(-first.total // PAGE))
    page = min(max(page, 0), pages - 1)
    shown = await board(guild_id, game, _since(period), page * PAGE, PAGE)
    embed = board_embed(game, period, page, shown, locale)
    if pages == 1:
        return embed, None
    view = discord.ui.View(timeout=None)
    if page > 0:
        view.add_item(TopPage(game, period, page - 1, "◀"))
    if page < pages - 1:
        view.add_item(TopPage(game, period, page + 1, "▶"))
    return embed, view


class TopPage(PersistentItem, template=r"mtop:(?P<game>\w+):(?P<period>\w+):(?P<page>\d+)"):
    """A page button of ``/mafia top``: anyone may turn the page (the board is no secret)."""

    def __init__(self, game: str, period: str, page: int, label: str = "▶") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"mtop:{game}:{period}:{page}",
            )
        )
        self.game, self.period, self.page = game, period, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> TopPage:
        game = match["game"] if match["game"] in GAMES else "all"
        period = match["period"] if match["period"] in PERIODS else "all"
        return cls(game, period, int(match["page"]))

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.guild_id is None:
            raise UserFacingError("error-guild-only")
        embed, view = await top_message(
            interaction.guild_id, self.game, self.period, self.page, interaction.locale
        )
        await interaction.response.edit_message(embed=embed, view=view, allowed_mentions=NONE)


@app_commands.describe(
    member=locale_str("Whose record (yours if not given)"),
    game=locale_str("Which game: both, the forum game or the quick game"),
    public=locale_str("Show it in the channel (only you see it otherwise)"),
)
@app_commands.choices(game=GAME_CHOICES)
@app_commands.guild_only()
async def _stats(
    interaction: discord.Interaction[Any],
    member: discord.Member | None = None,
    game: app_commands.Choice[str] | None = None,
    public: bool = False,
) -> None:
    if interaction.guild_id is None:
        raise UserFacingError("error-guild-only")
    who = member.id if member is not None else interaction.user.id
    chosen = game.value if game is not None else "all"
    stats = await player_stats(interaction.guild_id, who, chosen)
    locale = interaction.guild_locale if public else interaction.locale
    await interaction.response.send_message(
        embed=stats_embed(who, chosen, stats, locale), ephemeral=not public, allowed_mentions=NONE
    )


@app_commands.describe(
    game=locale_str("Which game: both, the forum game or the quick game"),
    period=locale_str("Over which time: all of it, the last 30 or 7 days"),
    public=locale_str("Show it in the channel (only you see it otherwise)"),
)
@app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES)
@app_commands.guild_only()
async def _top(
    interaction: discord.Interaction[Any],
    game: app_commands.Choice[str] | None = None,
    period: app_commands.Choice[str] | None = None,
    public: bool = False,
) -> None:
    if interaction.guild_id is None:
        raise UserFacingError("error-guild-only")
    locale = interaction.guild_locale if public else interaction.locale
    embed, view = await top_message(
        interaction.guild_id,
        game.value if game is not None else "all",
        period.value if period is not None else "all",
        0,
        locale,
    )
    if view is None:
        await interaction.response.send_message(
            embed=embed, ephemeral=not public, allowed_mentions=NONE
        )
    else:
        await interaction.response.send_message(
            embed=embed, view=view, ephemeral=not public, allowed_mentions=NONE
        )


def mafia_stats() -> app_commands.Command[Any, ..., None]:
    """A new command each time (a group becomes its parent: two bots, two ``/mafia``)."""
    return app_commands.Command(
        name=locale_str("stats"),
        description=locale_str("A player's games, wins, roles and rating on this server"),
        callback=_stats,
    )


def mafia_top() -> app_commands.Command[Any, ..., None]:
    return app_commands.Command(
        name=locale_str("top"),
        description=locale_str("The server's leaderboard by rating"),
        callback=_top,
    )


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(TopPage)
    mafia = bot.tree.get_command("mafia")
    if isinstance(mafia, app_commands.Group):
        for make, name in ((mafia_stats, "stats"), (mafia_top, "top")):
            if mafia.get_command(name) is None:
                mafia.add_command(make())
