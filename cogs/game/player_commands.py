"""``/mafia``: the players' command group: help, and the lobby (join, leave, players).

Thin: each command parses, calls one service function (cogs.game), answers."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.game import lobby as lobby_service
from cogs.game import lobby_post, play, start_post, table, vote_post
from cogs.game import start as start_service
from cogs.game.acquaintance import untold_until
from cogs.game.aftermath import wake_delivery
from cogs.game.cards import role_card, status_text
from cogs.game.help_guides import guide_lines
from cogs.game.my_move import my_move_view
from cogs.game.prompts import choose_and_answer
from cogs.game.targets import act_targets, act_verbs, held_guns
from cogs.quick import forum_guard
from cogs.quick import hooks as quick_hooks
from cogs.support.acknowledge import acknowledge
from cogs.support.embeds import EMBED_LIMITS, add_lines_as_fields
from cogs.support.errors import UserFacingError
from db.games import GameInfo, GameStatus
from db.quick import MODE as QUICK
from engine import GameState, Gun, Verb
from engine.names import MAX_NAME_LENGTH
from locales import catalogue, t
from locales.translator import DISCORD_LOCALES, command_key

__all__ = ["LOAD_AFTER", "MafiaCog", "command_lines", "help_embed", "setup"]

#: /host is added first, so the commands sync to Discord in the order they always have.
LOAD_AFTER = ("cogs.host",)

HELP_SECTIONS = ("game", "roles", "commands")
EMBED_COLOUR = discord.Colour.dark_red()

AnyCommand = app_commands.Command[Any, ..., Any]

#: ``/mafia act``'s ``gun``: the stolen guns (R-NIGHT-10), named as the woodman's DM names them
#: (``gun-…``), in the player's language.
GUN_CHOICES = [
    app_commands.Choice(name=locale_str(t("en", f"gun-{gun}"), key=f"gun-{gun}"), value=str(gun))
    for gun in Gun
]


def _display_name(command: AnyCommand | app_commands.Group, locale: discord.Locale | None) -> str:
    """The name a user with ``locale`` sees in Discord: localized for the locales the
    translator serves, the name in code for the others."""
    code = DISCORD_LOCALES.get(locale) if locale is not None else None
    parts: list[str] = []
    node: AnyCommand | app_commands.Group | None = command
    while node is not None:
        localized = catalogue().exact(code, f"{command_key(node)}.name", {}) if code else None
        parts.append(localized or node.name)
        node = node.parent
    return " ".join(reversed(parts))


def command_lines(
    tree: app_commands.CommandTree[Any],
    locale: discord.Locale | None,
    guild: discord.abc.Snowflake | None = None,
    permissions: discord.Permissions | None = None,
) -> list[str]:
    """``/name — description`` for every slash command of ``tree`` (global and ``guild``'s) the
    user may see, in ``locale``: ``/mafia``'s first, each part sorted by the name in code."""
    seen: dict[str, str] = {}
    roots = [*tree.get_commands(), *(tree.get_commands(guild=guild) if guild is not None else [])]
    for root in roots:
        if not isinstance(root, app_commands.Command | app_commands.Group):
            continue  # context menus are not typed
        required = root.default_permissions
        if permissions is not None and required is not None and not permissions >= required:
            continue
        leaves = root.walk_commands() if isinstance(root, app_commands.Group) else [root]
        for command in leaves:
            if isinstance(command, app_commands.Command) and command.qualified_name not in seen:
                key = f"{command_key(command)}.description"
                description = (
                    t(locale, key) if catalogue().has(locale, key) else command.description
                )
                seen[command.qualified_name] = (
                    f"`/{_display_name(command, locale)}` — {description}"
                )
    # The players' commands first (everyone has them), then the hosts' and moderators'.
    return [
        seen[name] for name in sorted(seen, key=lambda name: (name.split()[0] != "mafia", name))
    ]


def help_embed(
    locale: discord.Locale | str | None, section: str | None, lines: list[str], docs_url: str = ""
) -> discord.Embed:
    """The ``/mafia help`` embed: all sections, or the one asked for; within Discord's limits."""
    description = [t(locale, "help-intro")]
    if section in (None, "game"):
        description += ["", f"**{t(locale, 'help-game-title')}**", t(locale, "help-game")]
    embed = discord.Embed(
        title=t(locale, "help-title")[: EMBED_LIMITS["title"]],
        description="\n".join(description)[: EMBED_LIMITS["description"]],
        colour=EMBED_COLOUR,
    )
    embed.set_footer(text=t(locale, "help-footer")[: EMBED_LIMITS["footer"]])
    # The guide first: the page that answers this section's question (issue 23).
    add_lines_as_fields(
        embed,
        t(locale, "help-guide-title"),
        guide_lines(locale, section, docs_url),
        t(locale, "help-guide-title"),
    )
    if section in (None, "roles"):
        add_lines_as_fields(
            embed,
            t(locale, "help-roles-title"),
            t(locale, "help-roles").splitlines(),
            t(locale, "help-roles-title"),
        )
    if section in (None, "commands"):
        add_lines_as_fields(
            embed,
            t(locale, "help-commands-title"),
            lines or [t(locale, "help-no-commands")],
            t(locale, "help-commands-title-more"),
            overflow=lambda count: t(
                locale,
                "help-commands-more" if section is None else "help-commands-more-here",
                count=count,
            ),
        )
    return embed


class MafiaCog(commands.Cog):
    mafia = app_commands.Group(
        name=locale_str("mafia"),
        description=locale_str("Mafia: the game's rules and the bot's commands"),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @mafia.command(
        name=locale_str("help"), description=locale_str("How to play and which commands there are")
    )
    @app_commands.describe(section=locale_str("What to show: the game, the roles or the commands"))
    @app_commands.choices(
        section=[
            app_commands.Choice(name=locale_str("The game", key="choice-help-game"), value="game"),
            app_commands.Choice(name=locale_str("Roles", key="choice-help-roles"), value="roles"),
            app_commands.Choice(
                name=locale_str("Commands", key="choice-help-commands"), value="commands"
            ),
        ]
    )
    async def help(
        self, interaction: discord.Interaction[Any], section: app_commands.Choice[str] | None = None
    ) -> None:
        locale = interaction.locale
        lines = command_lines(
            self.bot.tree,
            locale,
            interaction.guild,
            interaction.permissions if interaction.guild else None,
        )
        settings = getattr(self.bot, "settings", None)
        docs_url = getattr(settings, "docs_url", "") or ""
        embed = help_embed(locale, section.value if section else None, lines, docs_url)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # --- the lobby (R-LIFE-1) -----------------------------------------------------------------

    @mafia.command(name=locale_str("join"), description=locale_str("Sign up for the open game"))
    @app_commands.describe(name=locale_str("Your character's name in the game"))
    @app_commands.guild_only()
    async def join(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, MAX_NAME_LENGTH],
    ) -> None:
        game = await _lobby_here(interaction)
        if await forum_guard.join_in(interaction, game):  # a quick registration: its Play button
            return
        await lobby_post.join_and_answer(interaction, game.id, name)

    @mafia.command(name=locale_str("leave"), description=locale_str("Leave the signup"))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        if await quick_hooks.leave_here(interaction):  # C-LIFE-7: a running quick game
            return
        game = await _lobby_here(interaction)
        if await forum_guard.leave_in(interaction, game):  # a quick registration: its Leave
            return
        await lobby_post.leave_and_answer(interaction, game.id)

    @mafia.command(name=locale_str("players"), description=locale_str("Who has signed up"))
    @app_commands.guild_only()
    async def players(self, interaction: discord.Interaction[Any]) -> None:
        quick = await _quick_here(interaction)
        if quick is not None and await forum_guard.status_in(interaction, quick):
            return
        game = await _lobby_here(interaction)
        lobby = await lobby_service.lobby(game.id)
        await interaction.response.send_message(
            embed=lobby_post.lobby_embed(lobby, str(interaction.locale)),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # role, vote, act and status work in the player's DMs with the bot too (his only game).

    @mafia.command(name=locale_str("role"), description=locale_str("My role card again"))
    async def role(self, interaction: discord.Interaction[Any]) -> None:
        chosen = await start_service.my_game_of(
            interaction.guild_id, interaction.user.id, interaction.channel_id
        )
        if await quick_hooks.role_in(interaction, chosen):  # C-LIFE-3: the quick game's card
            return
        game, state = await _my_game(interaction)
        opens = await untold_until(game.id, interaction.created_at)
        if opens is not None:  # R-LIFE-2: the roles are told at the acquaintance's end
            raise UserFacingError("error-acquaintance-no-card", until=int(opens.timestamp()))
        title = lobby_post.game_title(game, interaction.locale)
        me = str(interaction.user.id)
        told = await start_service.told_role(game, state, me)
        card = role_card(state, me, title, interaction.locale, told)
        await interaction.response.send_message(
            embed=card, view=my_move_view(game.id, interaction.locale), ephemeral=True
        )

    # --- the game: votes and choices (R-VOTE, R-NIGHT, R-DAY) --------------------------------

    @mafia.command(name=locale_str("vote"), description=locale_str("Vote to send a player out"))
    @app_commands.describe(target=locale_str("Whom you vote for (final: a vote cannot be changed)"))
    async def vote(self, interaction: discord.Interaction[Any], target: str) -> None:
        await acknowledge(interaction)  # before any read: Discord's 3 s at the 21:00 burst
        game = await start_service.my_game_of(
            interaction.guild_id, interaction.user.id, interaction.channel_id
        )
        if await quick_hooks.act_in(interaction, game, "vote", target):  # C-DAY-2
            return
        await vote_post.vote_and_announce(interaction, game.id, target)

    @vote.autocomplete("target")
    async def _vote_targets(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        quick = await quick_hooks.targets_here(interaction, typed)
        if quick is not None:
            return quick
        return await _target_choices(interaction, typed, Verb.VOTE)

    @mafia.command(name=locale_str("act"), description=locale_str("Your choice for this phase"))
    @app_commands.describe(
        action=locale_str("What you do"),
        target=locale_str("On whom"),
        gun=locale_str("Which taken gun (the woodman's fire)"),
    )
    @app_commands.choices(gun=GUN_CHOICES)
    async def act(
        self,
        interaction: discord.Interaction[Any],
        action: str,
        target: str | None = None,
        gun: app_commands.Choice[str] | None = None,
    ) -> None:
        await acknowledge(interaction)  # before any read: Discord's 3 s at the 21:00 burst
        game = await start_service.my_game_of(
            interaction.guild_id, interaction.user.id, interaction.channel_id
        )
        if await quick_hooks.act_in(interaction, game, action, target):  # the quick game's
            return
        try:
            verb, chosen_gun = Verb(action), Gun(gun.value) if gun else None
        except ValueError:
            raise UserFacingError(
                "error-bad-argument", value=action if gun is None else gun.value
            ) from None
        if verb is Verb.FIRE and chosen_gun is None:
            # R-NIGHT-10: with one stolen gun, that one; with several he says which
            _, state = await _my_game(interaction)
            held = held_guns(state, str(interaction.user.id))
            if len(held) > 1:
                names = ", ".join(t(interaction.locale, f"gun-{g}") for g in held)
                raise UserFacingError("error-which-gun", guns=names)
            chosen_gun = held[0] if held else None
        await choose_and_answer(interaction, game.id, verb, target, chosen_gun)

    @mafia.command(
        name=locale_str("status"), description=locale_str("The phase, the deadline, my choice")
    )
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        chosen = await start_service.my_game_of(
            interaction.guild_id, interaction.user.id, interaction.channel_id
        )
        if await forum_guard.status_in(interaction, chosen):  # issue 21: the quick game's stage
            return
        game, state = await _my_game(interaction)
        mine = await play.my_choices(game.id, state, str(interaction.user.id))
        await interaction.response.send_message(
            status_text(game, state, mine, interaction.locale), ephemeral=True
        )

    @mafia.command(name=locale_str("verify"), description=locale_str("Check the last game's draw"))
    @app_commands.guild_only()
    async def verify(self, interaction: discord.Interaction[Any]) -> None:
        await _verify(interaction)

    @mafia.command(name=locale_str("spectate"), description=locale_str("Watch the running game"))
    @app_commands.guild_only()
    async def spectate(self, interaction: discord.Interaction[Any]) -> None:
        guild = interaction.guild
        if guild is None:
            raise UserFacingError("error-guild-only")
        game = await table.spectate(guild, interaction.user.id, interaction.channel_id)
        wake_delivery(interaction.client)  # his spectator role: an outbox row
        await interaction.response.send_message(
            t(interaction.locale, "spectate-ok", game=game.title or f"#{game.id}"), ephemeral=True
        )

    @act.autocomplete("action")
    async def _act_verbs(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        quick = await quick_hooks.verbs_here(interaction, typed)
        if quick is not None:
            return quick
        _, state = await _my_game(interaction)
        verbs = act_verbs(state, str(interaction.user.id))
        labels = [(t(interaction.locale, f"verb-{v}"), str(v)) for v in verbs]
        return [
            app_commands.Choice(name=label, value=value)
            for label, value in labels
            if typed.casefold() in label.casefold()
        ][:25]

    @act.autocomplete("target")
    async def _act_targets(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        quick = await quick_hooks.targets_here(interaction, typed)
        if quick is not None:
            return quick
        namespace = interaction.namespace
        try:
            verb = Verb(namespace.action) if namespace.action else None
            gun = Gun(namespace.gun) if namespace.gun else None
        except ValueError:  # typed by hand, not picked: offer everyone alive
            verb, gun = None, None
        return await _target_choices(interaction, typed, verb, gun)


async def _verify(interaction: discord.Interaction[Any]) -> None:
    if interaction.guild_id is None:
        raise UserFacingError("error-guild-only")
    game, state, seed = await start_service.finished_game(
        interaction.guild_id, interaction.channel_id
    )
    text = start_post.proof(game, state, seed, interaction.locale)
    await interaction.response.send_message(text, ephemeral=True)


async def _target_choices(
    interaction: discord.Interaction[Any], typed: str, verb: Verb | None, gun: Gun | None = None
) -> list[app_commands.Choice[str]]:
    """The players the engine would accept for ``verb`` with ``gun`` (cogs.game.targets:
    all the living while no verb is chosen yet) whose name contains what was typed; 25 at
    most (Discord's limit)."""
    _, state = await _my_game(interaction)
    players = act_targets(state, str(interaction.user.id), verb, gun)
    return [
        app_commands.Choice(name=(p.name or p.id)[:100], value=p.id)
        for p in players
        if typed.casefold() in (p.name or p.id).casefold()
    ][:25]


async def _my_game(interaction: discord.Interaction[Any]) -> tuple[GameInfo, GameState]:
    """The game the user plays in that this command is about (its channel, or his DMs)."""
    return await start_service.my_game(
        interaction.guild_id, interaction.user.id, interaction.channel_id
    )


async def _lobby_here(interaction: discord.Interaction[Any]) -> GameInfo:
    if interaction.guild_id is None:
        raise UserFacingError("error-guild-only")
    return await lobby_service.lobby_in(interaction.guild_id, interaction.channel_id)


async def _quick_here(interaction: discord.Interaction[Any]) -> GameInfo | None:
    """The game of this channel (or the server's only one), in signup or running, if it is a
    quick game: ``/mafia players`` answers its stage (issue 21); else the forum's lookup."""
    if interaction.guild_id is None:
        return None
    statuses = [GameStatus.SIGNUP, GameStatus.RUNNING]
    try:
        game = await table.game_here(interaction.guild_id, interaction.channel_id, statuses,
                                     none="error-no-lobby")  # fmt: skip
    except UserFacingError:
        return None
    return game if game.mode == QUICK else None


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(MafiaCog(bot))
