"""``/host sanction``, ``/host replace``, ``/host activity``: sanctions in the running game
(R-SANCT), a substitute, the activity rule (R-SANCT-3)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.game import activity, host_replace, host_sanctions
from cogs.game.host_delivery import after_tool
from cogs.host.common import answer, game_here, host, is_server_host, tool
from cogs.support.errors import UserFacingError
from cogs.support.inert import inert
from locales import t

__all__ = ["SanctionCommands"]


class SanctionCommands(commands.Cog):
    sanction_group = app_commands.Group(
        name=locale_str("sanction"),
        description=locale_str("Sanctions in the running game"),
        parent=host,
    )

    @sanction_group.command(name=locale_str("warn"), description=locale_str("Warn a player"))
    @app_commands.describe(player=locale_str("The player"), reason=locale_str("What for"))
    async def warn(
        self,
        interaction: discord.Interaction[Any],
        player: discord.Member,
        reason: app_commands.Range[str, 1, 300],
    ) -> None:
        game_id, server_host = await tool(interaction)
        number = await host_sanctions.warn(
            game_id, interaction.user.id, str(player.id), reason, by_is_server_host=server_host
        )
        await answer(interaction, "host-done-warn", name=inert(player.display_name), number=number)

    @sanction_group.command(
        name=locale_str("read-only"), description=locale_str("Read-only for a period")
    )
    @app_commands.describe(player=locale_str("The player"), minutes=locale_str("For how long"))
    async def read_only(
        self,
        interaction: discord.Interaction[Any],
        player: discord.Member,
        minutes: app_commands.Range[int, 1, 40320],
    ) -> None:
        game_id, server_host = await tool(interaction)
        until = await host_sanctions.read_only(
            game_id, interaction.user.id, str(player.id), minutes, by_is_server_host=server_host
        )
        await answer(interaction, "host-done-read-only", until=int(until.timestamp()))

    @sanction_group.command(
        name=locale_str("cancel"),
        description=locale_str("Cancel the next choice of a player or a team"),
    )
    @app_commands.describe(player=locale_str("The player"), team=locale_str("Or the team"))
    @app_commands.choices(
        team=[
            app_commands.Choice(name=locale_str("Mafia", key="choice-team-mafia"), value="mafia"),
            app_commands.Choice(
                name=locale_str("Maniacs", key="choice-team-maniacs"), value="maniacs"
            ),
            app_commands.Choice(
                name=locale_str("Zombies", key="choice-team-zombies"), value="zombies"
            ),
        ]
    )
    async def cancel(
        self,
        interaction: discord.Interaction[Any],
        player: discord.Member | None = None,
        team: app_commands.Choice[str] | None = None,
    ) -> None:
        if (player is None) == (team is None):
            raise UserFacingError("host-cancel-which")
        actor = str(player.id) if player is not None else team.value  # type: ignore[union-attr]
        game_id, server_host = await tool(interaction)
        await host_sanctions.cancel_next_choice(
            game_id, interaction.user.id, actor, by_is_server_host=server_host
        )
        await answer(interaction, "host-done-cancel")

    @sanction_group.command(
        name=locale_str("strip"), description=locale_str("Strip a role to citizen")
    )
    @app_commands.describe(player=locale_str("The player"))
    async def strip(self, interaction: discord.Interaction[Any], player: discord.Member) -> None:
        game_id, server_host = await tool(interaction)
        await host_sanctions.strip_role(
            game_id, interaction.user.id, str(player.id), by_is_server_host=server_host
        )
        await answer(interaction, "host-done-strip", name=inert(player.display_name))

    @sanction_group.command(
        name=locale_str("autokill"), description=locale_str("Remove a player from the game now")
    )
    @app_commands.describe(player=locale_str("The player"))
    async def autokill(self, interaction: discord.Interaction[Any], player: discord.Member) -> None:
        game_id, server_host = await tool(interaction)
        events = await host_sanctions.autokill(
            game_id, interaction.user.id, str(player.id), by_is_server_host=server_host
        )
        await answer(interaction, "host-done-autokill", name=inert(player.display_name))
        await after_tool(interaction.client, interaction.guild, game_id, events)

    @sanction_group.command(
        name=locale_str("disqualify"),
        description=locale_str("Disqualify a player (and bar him from later games here)"),
    )
    @app_commands.describe(
        player=locale_str("The player"), bar=locale_str("Bar him from later games on this server")
    )
    async def disqualify(
        self, interaction: discord.Interaction[Any], player: discord.Member, bar: bool = True
    ) -> None:
        game_id, server_host = await tool(interaction)
        events = await host_sanctions.disqualify(
            game_id,
            interaction.user.id,
            str(player.id),
            bar_later=bar,
            by_is_server_host=server_host,
        )
        await answer(interaction, "host-done-disqualify", name=inert(player.display_name))
        await after_tool(interaction.client, interaction.guild, game_id, events)

    @sanction_group.command(
        name=locale_str("morgue"),
        description=locale_str("A dead player read-only in the morgue"),
    )
    @app_commands.describe(player=locale_str("The dead player"))
    async def morgue(self, interaction: discord.Interaction[Any], player: discord.Member) -> None:
        game_id, server_host = await tool(interaction)
        await host_sanctions.morgue_read_only(
            game_id, interaction.user.id, str(player.id), by_is_server_host=server_host
        )
        await after_tool(interaction.client, interaction.guild, game_id, [])  # the mute: a row
        await answer(interaction, "host-done-morgue", name=inert(player.display_name))

    @host.command(
        name=locale_str("replace"),
        description=locale_str("A substitute takes a player's seat, role and history"),
    )
    @app_commands.describe(
        player=locale_str("The player who leaves the game"),
        substitute=locale_str("The member who takes his seat"),
    )
    async def replace(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User,
        substitute: discord.User,
    ) -> None:
        game_id, server_host = await tool(interaction)
        guild = interaction.guild
        assert guild is not None
        member = await host_replace.substitute_member(guild, substitute)
        replaced = await host_replace.replace(
            game_id,
            interaction.user.id,
            player.id,
            substitute.id,
            by_is_server_host=server_host,
        )
        # The server's part (roles, cabinet, the card) is outbox rows stored with the rename;
        # a card refused for closed DMs is told in the host's channel.
        await interaction.response.send_message(
            t(
                interaction.locale,
                "host-done-replace",
                name=inert(replaced.name),
                new=inert(member.display_name),
            ),
            ephemeral=True,
        )

    activity_group = app_commands.Group(
        name=locale_str("activity"),
        description=locale_str("The activity rule: posts a player must write each day"),
        parent=host,
    )

    @activity_group.command(
        name=locale_str("count"),
        description=locale_str("Posts a player must write each day"),
    )
    @app_commands.describe(posts=locale_str("How many posts (a vote counts as one)"))
    async def activity_count(
        self, interaction: discord.Interaction[Any], posts: app_commands.Range[int, 1, 1000]
    ) -> None:
        await _set_activity(interaction, posts)

    @activity_group.command(
        name=locale_str("off"), description=locale_str("Nobody is removed for inactivity")
    )
    async def activity_off(self, interaction: discord.Interaction[Any]) -> None:
        await _set_activity(interaction, 0)


async def _set_activity(interaction: discord.Interaction[Any], posts: int) -> None:
    assert interaction.guild_id is not None
    game = await game_here(interaction.guild_id, interaction.channel_id)
    changed = await activity.set_by_host(
        game.id, interaction.user.id, posts, by_is_server_host=await is_server_host(interaction)
    )
    key = "activity-done" if changed else "activity-same"
    text = t(interaction.locale, key, posts=posts)
    if posts and not activity.tally.receiving:
        text += "\n" + t(interaction.locale, "activity-unseen")
    await interaction.response.send_message(text, ephemeral=True)
