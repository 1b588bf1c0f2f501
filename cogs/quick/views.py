"""The quick game's persistent components (their ``custom_id`` names the game and the stage's
round, so they work after a restart and a stale one is refused): the registration's **Join** /
**Leave** / **Start now**, the night's and the vote's selects with their skip button, the
confirmation's 👍 / 👎, the kamikaze's select. Each calls one service function and answers
privately; the public effects are the service's outbox rows."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from cogs.quick import service
from cogs.support.views import PersistentItem
from locales import t

__all__ = ["QuickButton", "QuickSelect", "quick_custom_id", "quick_view", "wake"]

OPTIONS = 25


def quick_view(spec: Mapping[str, Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    game, loc = int(spec["game"]), spec.get("locale")
    if spec["type"] == "quick-reg":
        for action, style in (("join", discord.ButtonStyle.success),
                              ("leave", discord.ButtonStyle.secondary),
                              ("start", discord.ButtonStyle.primary)):  # fmt: skip
            view.add_item(QuickButton(action, game, 0, t(loc, f"quick-button-{action}"), style))
        return view
    rnd = int(spec["round"])
    if spec["type"] == "quick-confirm":
        view.add_item(QuickButton("up", game, rnd, "👍", discord.ButtonStyle.success))
        view.add_item(QuickButton("down", game, rnd, "👎", discord.ButtonStyle.danger))
        return view
    options = [(str(a), str(b)) for a, b in spec["options"]]
    for page in range(0, min(len(options), OPTIONS * 4), OPTIONS):
        view.add_item(QuickSelect(game, rnd, spec["verb"], page // OPTIONS,
                                  options[page : page + OPTIONS], loc))  # fmt: skip
    skip = {"vote": "novote", "take": None}.get(spec["verb"], "skip")
    if skip is not None:
        view.add_item(QuickButton(skip, game, rnd, t(loc, "quick-button-skip"),
                                  discord.ButtonStyle.secondary))  # fmt: skip
    return view


def quick_custom_id(spec: Mapping[str, Any]) -> str:
    if spec["type"] == "quick-reg":
        return f"qk:join:{spec['game']}:0"
    if spec["type"] == "quick-confirm":
        return f"qk:up:{spec['game']}:{spec['round']}"
    return f"qk:c:{spec['game']}:{spec['round']}:{spec['verb']}:0"


async def _answer(interaction: discord.Interaction[Any], key: str, **args: Any) -> None:
    await interaction.response.send_message(
        t(interaction.locale, key, **args), ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )  # fmt: skip


def _display(interaction: discord.Interaction[Any]) -> str:
    return interaction.user.display_name


class QuickButton(PersistentItem, template=r"qk:(?P<action>[a-z]+):(?P<game>\d+):(?P<round>\d+)"):
    def __init__(self, action: str, game_id: int, round_: int, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:  # fmt: skip
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"qk:{action}:{game_id}:{round_}"))  # fmt: skip
        self.action, self.game_id, self.round = action, game_id, round_

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> QuickButton:  # fmt: skip
        return cls(match["action"], int(match["game"]), int(match["round"]))

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        uid, g = interaction.user.id, self.game_id
        if self.action == "join":
            # his client's language on his seat: his DMs speak it (issue 19)
            await service.join(g, uid, _display(interaction), str(interaction.locale.value))
            return await _answer(interaction, "quick-joined")
        if self.action == "leave":
            await service.withdraw(g, uid)
            return await _answer(interaction, "quick-left")
        if self.action == "start":
            await interaction.response.defer(ephemeral=True, thinking=True)
            await service.start(g, by=uid)
            wake(interaction.client)
            await interaction.followup.send(t(interaction.locale, "quick-starting"), ephemeral=True)
            return None
        verb = {"skip": "skip", "novote": "vote"}.get(self.action, self.action)
        await service.act(g, uid, verb, None, round_=self.round, acted_at=interaction.created_at)
        wake(interaction.client)
        await _answer(interaction, f"quick-chose-{verb}")
        return None


class QuickSelect(PersistentItem,
                  template=r"qk:c:(?P<game>\d+):(?P<round>\d+):(?P<verb>[a-z]+):(?P<page>\d+)"):  # fmt: skip
    def __init__(self, game_id: int, round_: int, verb: str, page: int = 0,
                 options: list[tuple[str, str]] | None = None, locale: object = None) -> None:  # fmt: skip
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"qk:c:{game_id}:{round_}:{verb}:{page}",
            placeholder=t(locale, f"quick-verb-{verb}")[:150],
            options=[discord.SelectOption(label=n[:100], value=p) for p, n in options or []]
            or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)
        self.game_id, self.round, self.verb = game_id, round_, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> QuickSelect:  # fmt: skip
        return cls(int(match["game"]), int(match["round"]), match["verb"], int(match["page"]))

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        target = str((data.get("values") or [""])[0])
        await service.act(self.game_id, interaction.user.id, self.verb, target, round_=self.round,
                          acted_at=interaction.created_at)  # fmt: skip
        wake(interaction.client)
        await _answer(interaction, "quick-chose", verb=t(interaction.locale, f"quick-verb-{self.verb}"),
                      target=f"<@{target}>")  # fmt: skip


def wake(client: discord.Client) -> None:
    """What the step stored is to be delivered, and its stage's new end read."""
    for name in ("outbox", "quick_scheduler"):
        worker = getattr(client, name, None)
        if worker is not None:
            worker.wake()
