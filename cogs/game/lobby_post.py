"""The lobby post: the signup list with Join and Leave buttons, kept up to date.

The post is public, in the server's language. Its buttons are persistent (``DynamicItem``s
whose ``custom_id`` carries the game), so they keep working after a restart; Join opens a
modal asking the character's name (R-LIFE-1). Slash commands (``/mafia join``) and the buttons
call the same service (:mod:`cogs.game.lobby`), which stores the post and each of its edits as
outbox rows with the signup's change (:func:`post_effect`, :func:`refresh_effect`).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.delivery.probe import test_dm
from cogs.game import lobby as service
from cogs.game.player_locale import forget as forget_locale
from cogs.support.embeds import EMBED_LIMITS
from cogs.support.inert import inert
from cogs.support.views import GuardedModal, PersistentItem
from db import outbox
from db.games import GameInfo, set_lobby
from db.guild_settings import get_settings
from db.outbox import Effect, OutboxItem
from engine.names import MAX_NAME_LENGTH
from locales import t

__all__ = [
    "JoinButton",
    "LeaveButton",
    "game_title",
    "lobby_embed",
    "lobby_key",
    "lobby_view",
    "post_effect",
    "posted",
    "refresh_effect",
    "rendered",
    "wake",
]

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


def post_effect(game_id: int, channel_id: int) -> Effect:
    """The lobby post, an outbox row stored with the lobby: rendered at delivery (the signup as
    it is then), its message remembered as the lobby's (:func:`posted`)."""
    return outbox.post(channel_id, "", key=lobby_key(game_id), render="lobby")


def refresh_effect(game_id: int) -> Effect:
    """An edit of the lobby post to the signup as it is when delivered; one already waiting
    covers a new change too (db.outbox coalesces them: a burst of sign-ups, one edit)."""
    return outbox.edit_made(lobby_key(game_id), "", render="lobby")


def lobby_key(game_id: int) -> str:
    return f"lobby:{game_id}"


async def rendered(render: str, item: OutboxItem) -> dict[str, Any]:
    """The lobby post's embed and buttons for a row about to be delivered (cogs.delivery)."""
    assert render == "lobby" and item.game_id is not None
    lobby = await service.lobby(item.game_id)
    locale = await _language(lobby.game.guild_id)
    return {"embed": lobby_embed(lobby, locale), "view": lobby_view(item.game_id, locale)}


async def posted(item: OutboxItem, message_id: int) -> None:
    assert item.game_id is not None
    await set_lobby(item.game_id, lobby_message_id=message_id)


def wake(client: discord.Client) -> None:
    outbox_worker = getattr(client, "outbox", None)
    if outbox_worker is not None:
        outbox_worker.wake()


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
    wake(interaction.client)  # the lobby post's edit, stored with the signup
    await test_dm(interaction, player.name)


async def leave_and_answer(interaction: discord.Interaction[Any], game_id: int) -> None:
    await service.leave(game_id, interaction.user.id)
    await interaction.response.send_message(t(interaction.locale, "lobby-left"), ephemeral=True)
    wake(interaction.client)


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
        await NameModal(self.game_id, interaction.locale).open(interaction)


class LeaveButton(_LobbyButton, template=r"lobby:leave:(?P<game>\d+)"):
    action = "leave"

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        await leave_and_answer(interaction, self.game_id)
