"""The lobby post: the signup list with Join and Leave buttons, kept up to date.

The post is public, in the server's language. Its buttons are persistent (``DynamicItem``s
whose ``custom_id`` carries the game), so they keep working after a restart; Join opens a
modal asking the character's name (R-LIFE-1). Slash commands (``/mafia join``) and the buttons
call the same service (:mod:`cogs.game.lobby`) and the same :func:`refresh`.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from cogs.game import lobby as service
from cogs.game.player_locale import forget as forget_locale
from cogs.support.embeds import EMBED_LIMITS
from cogs.support.inert import inert
from cogs.support.views import GuardedModal, PersistentItem
from db.games import GameInfo, set_lobby
from db.guild_settings import get_settings
from engine.names import MAX_NAME_LENGTH
from locales import t

__all__ = [
    "JoinButton",
    "LeaveButton",
    "game_title",
    "lobby_embed",
    "lobby_view",
    "post",
    "refresh",
]

log = logging.getLogger(__name__)
COLOUR = discord.Colour.dark_red()


def _timing(game: GameInfo, locale: str) -> str:
    schedule = game.schedule
    if schedule.timing == "fast":
        return t(
            locale, "lobby-timing-fast", day=schedule.day_minutes, night=schedule.night_minutes
        )
    return t(locale, "lobby-timing-clock", zone=schedule.zone if schedule.timed else "")


def game_title(game: GameInfo, locale: object) -> str:
    """The host's title for the game, else "Game #N" in ``locale``."""
    return inert(game.title) if game.title else t(locale, "lobby-untitled", id=game.id)


def lobby_embed(lobby: service.Lobby, locale: str) -> discord.Embed:
    """The lobby post's embed: mode, timing, host, and the players in signup order."""
    game = lobby.game
    title = game_title(game, locale)
    lines = [
        t(locale, f"lobby-mode-{game.mode}"),
        _timing(game, locale),
        *([t(locale, "option-multifunctional-child")] if service.options_of(game) else []),
        t(locale, "lobby-host", host=f"<@{game.host_id}>"),
        "",
        t(locale, "lobby-players", count=len(lobby.players)),
    ]
    # Numbered by place in the list (signup order, with the gaps of those who left closed).
    players = [f"{n}. {inert(p.name)} — <@{p.user_id}>" for n, p in enumerate(lobby.players, 1)]
    lines += players or [t(locale, "lobby-nobody")]
    lines += ["", t(locale, "lobby-how")]
    description = "\n".join(lines)
    if len(description) > EMBED_LIMITS["description"]:  # ~60+ long names: keep the head
        description = description[: EMBED_LIMITS["description"] - 1] + "…"
    return discord.Embed(
        title=t(locale, "lobby-title", title=title)[: EMBED_LIMITS["title"]],
        description=description,
        colour=COLOUR,
    )


def lobby_view(game_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(game_id, t(locale, "lobby-join")))
    view.add_item(LeaveButton(game_id, t(locale, "lobby-leave")))
    return view


async def _language(guild_id: int) -> str:
    return (await get_settings(guild_id)).language


async def post(channel: discord.abc.Messageable, game_id: int) -> discord.Message:
    """Post the lobby of ``game_id`` in ``channel`` and remember the post."""
    lobby = await service.lobby(game_id)
    locale = await _language(lobby.game.guild_id)
    message = await channel.send(
        embed=lobby_embed(lobby, locale),
        view=lobby_view(game_id, locale),
        allowed_mentions=discord.AllowedMentions.none(),
    )
    await set_lobby(game_id, lobby_message_id=message.id)
    return message


# Lobbies whose post is being edited, and those that changed again meanwhile. A burst of
# sign-ups makes one edit at a time per lobby, the last one with everything, instead of an edit
# per sign-up (Discord allows about 5 edits per 5 s in a channel).
_editing: set[int] = set()
_dirty: set[int] = set()


async def refresh(client: discord.Client, game_id: int, lobby: service.Lobby | None = None) -> None:
    """Bring the lobby post up to date (after a join, a leave, a kick); a post someone deleted
    is posted again. A failure here never undoes the signup: it is logged."""
    if game_id in _editing:
        _dirty.add(game_id)  # the edit under way is followed by one more with this change
        return
    _editing.add(game_id)
    try:
        await _edit(client, game_id, lobby)
        while game_id in _dirty:
            _dirty.discard(game_id)
            await _edit(client, game_id, None)
    finally:
        _editing.discard(game_id)


async def _edit(client: discord.Client, game_id: int, lobby: service.Lobby | None) -> None:
    lobby = lobby or await service.lobby(game_id)
    game = lobby.game
    if game.channel_id is None:
        return
    channel = client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    locale = await _language(game.guild_id)
    try:
        if game.lobby_message_id is None:
            await post(channel, game_id)
            return
        await channel.get_partial_message(game.lobby_message_id).edit(
            embed=lobby_embed(lobby, locale),
            view=lobby_view(game_id, locale),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.NotFound:
        await post(channel, game_id)
    except discord.HTTPException as error:
        log.warning("lobby %s: could not update its post: %s", game_id, error)


class NameModal(GuardedModal):
    """Asks the character's name, then signs the user up."""

    def __init__(self, game_id: int, locale: object) -> None:
        super().__init__(title=t(locale, "lobby-name-title"), custom_id=f"lobby:name:{game_id}")
        self.game_id = game_id
        self.name: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=t(locale, "lobby-name-label"), max_length=MAX_NAME_LENGTH, custom_id="name"
        )
        self.add_item(self.name)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await join_and_answer(interaction, self.game_id, self.name.value)


async def join_and_answer(interaction: discord.Interaction[Any], game_id: int, name: str) -> None:
    language = str(interaction.locale.value)  # his DMs speak it (issue 19)
    player = await service.join(game_id, interaction.user.id, name, language)
    forget_locale(interaction.user.id)
    lobby = await service.lobby(game_id)
    number = next(n for n, p in enumerate(lobby.players, 1) if p.user_id == player.user_id)
    await interaction.response.send_message(
        t(interaction.locale, "lobby-joined", name=inert(player.name), number=number),
        ephemeral=True,
    )
    await refresh(interaction.client, game_id, lobby)
    await _test_dm(interaction, player.name)


async def _test_dm(interaction: discord.Interaction[Any], name: str) -> None:
    """A DM at signup, so that closed DMs are found before the start (the role card goes by
    DM); if it cannot be delivered, the player is told privately how to open them."""
    try:
        await interaction.user.send(t(interaction.locale, "lobby-dm-test", name=name))
    except discord.HTTPException:  # 50007: DMs closed (or the bot blocked)
        await interaction.followup.send(t(interaction.locale, "lobby-dm-closed"), ephemeral=True)


async def leave_and_answer(interaction: discord.Interaction[Any], game_id: int) -> None:
    await service.leave(game_id, interaction.user.id)
    await interaction.response.send_message(t(interaction.locale, "lobby-left"), ephemeral=True)
    await refresh(interaction.client, game_id)


class _LobbyButton(PersistentItem, template=r"lobby:\w+:\d+"):
    """A persistent lobby button (Join / Leave) of one game."""

    action = ""

    def __init__(self, game_id: int, label: str = "…") -> None:
        style = (
            discord.ButtonStyle.success if self.action == "join" else discord.ButtonStyle.secondary
        )
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"lobby:{self.action}:{game_id}")
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> _LobbyButton:
        return cls(int(match.group("game")))


class JoinButton(_LobbyButton, template=r"lobby:join:(?P<game>\d+)"):
    action = "join"

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await service.check_can_join(self.game_id, interaction.user.id)
        await interaction.response.send_modal(NameModal(self.game_id, interaction.locale))


class LeaveButton(_LobbyButton, template=r"lobby:leave:(?P<game>\d+)"):
    action = "leave"

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await leave_and_answer(interaction, self.game_id)
