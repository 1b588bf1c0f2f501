"""Base classes for buttons, selects and modals: one error path, and who may press.

Every component the bot posts should be built on these (or call :func:`check_presser` from a
``DynamicItem``'s ``interaction_check``):

- an error in a callback goes through the command tree's one handler
  (:func:`cogs.support.errors.handle_interaction_error`): refusals are translated sentences,
  anything unexpected gets an error id — never discord.py's silent "Ignoring exception in view";
- a component meant for some players (a role card's buttons, a vote select in a cabinet) refuses
  everyone else with an ephemeral sentence, before the callback runs;
- a component nothing of the bot answers to (a forged ``custom_id``, or one of a version of the
  bot that is gone) gets a sentence too, never Discord's "interaction failed"
  (:func:`answer_unknown_component`, issue 19).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any
from weakref import WeakKeyDictionary

import discord
from discord.utils import MISSING

from cogs.support.errors import handle_interaction_error
from cogs.support.inflight import admit_interaction
from locales import t

__all__ = [
    "GuardedModal",
    "GuardedView",
    "PersistentItem",
    "answer_unknown_component",
    "check_presser",
    "is_known_component",
]


async def check_presser(
    interaction: discord.Interaction[Any], allowed: Iterable[int] | None
) -> bool:
    """True if the user may use this component (``allowed`` None: anyone); else answer him
    ephemerally that it is not his, and return False."""
    if allowed is None or interaction.user.id in set(allowed):
        return True
    await interaction.response.send_message(
        t(interaction.locale, "error-not-your-component"),
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )
    return False


class GuardedView(discord.ui.View):
    """A view whose components only ``allowed`` user ids may use (None: everyone), and whose
    errors reach the tree's error handler."""

    def __init__(self, *, allowed: Iterable[int] | None = None, timeout: float | None = 180.0):
        super().__init__(timeout=timeout)
        self.allowed: frozenset[int] | None = None if allowed is None else frozenset(allowed)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if not await admit_interaction(interaction):
            return False
        return await check_presser(interaction, self.allowed)

    async def on_error(
        self,
        interaction: discord.Interaction[Any],
        error: Exception,
        item: discord.ui.Item[Any],
        /,
    ) -> None:
        await handle_interaction_error(interaction, error)


#: The forms each client has open, by custom_id (what discord.py holds them by too).
_OPEN_FORMS: WeakKeyDictionary[Any, dict[str, GuardedModal]] = WeakKeyDictionary()


class GuardedModal(discord.ui.Modal):
    """A modal whose errors reach the tree's error handler (a modal is only ever shown to the
    user who opened it, so it needs no presser check).

    Each form gets a custom_id of its own (``custom_id`` plus a random suffix): discord.py holds
    open modals by custom_id, so two players' forms of one id would be one — the first sent
    closes the other's, whose answer then goes nowhere. A form not sent within ``timeout``
    (an hour) is forgotten, and one sent after that or after a restart is answered by
    :func:`answer_unknown_component`. Shown with :meth:`open`."""

    def __init__(
        self, *, title: str = MISSING, custom_id: str = "form", timeout: float | None = 3600.0
    ) -> None:
        super().__init__(title=title, custom_id=f"{custom_id}:{secrets.token_hex(6)}",
                         timeout=timeout)  # fmt: skip
        self._forms: dict[str, GuardedModal] | None = None

    async def open(self, interaction: discord.Interaction[Any]) -> None:
        """Show the form to the user of ``interaction`` (its answer)."""
        self._forms = _OPEN_FORMS.setdefault(interaction.client, {})
        self._forms[self.custom_id] = self
        await interaction.response.send_modal(self)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await admit_interaction(interaction)

    def _forget(self) -> None:
        if self._forms is not None:
            self._forms.pop(self.custom_id, None)

    def stop(self) -> None:
        self._forget()
        super().stop()

    async def on_timeout(self) -> None:
        self._forget()

    async def on_error(  # type: ignore[override]  # discord.py's Modal narrows BaseView's
        self, interaction: discord.Interaction[Any], error: Exception, /
    ) -> None:
        await handle_interaction_error(interaction, error)


class PersistentItem(discord.ui.DynamicItem[Any], template=r"(?!)"):
    """Base of the bot's persistent components (a ``DynamicItem``: its ``custom_id`` carries what
    it acts on, so it works after a restart). Subclasses give their own ``template`` and
    implement :meth:`act`; a stopping bot refuses politely and errors reach the one handler."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await admit_interaction(interaction)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.act(interaction)
        except Exception as error:
            await handle_interaction_error(interaction, error)

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        raise NotImplementedError


def _persistent_items(cls: type[PersistentItem] = PersistentItem) -> list[type[PersistentItem]]:
    found: list[type[PersistentItem]] = []
    for sub in cls.__subclasses__():
        found += [sub, *_persistent_items(sub)]
    return found


def _components(components: Iterable[Any]) -> Iterable[Any]:
    for component in components:
        yield component
        yield from _components(getattr(component, "children", None) or [])
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


def is_known_component(custom_id: str, message: discord.Message | None) -> bool:
    """Whether one of the bot's persistent components answers to ``custom_id`` pressed on
    ``message``: its template matches (every component the bot posts is one) and the message
    has it (discord.py drops a press of a component its message does not have)."""
    if message is None or not any(
        item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in _persistent_items()
    ):
        return False
    return any(getattr(c, "custom_id", None) == custom_id for c in _components(message.components))


async def answer_unknown_component(interaction: discord.Interaction[Any]) -> None:
    """The ``on_interaction`` listener: a button or select press that no component of the bot
    answers to is told so, privately; so is a form this process does not hold (opened before
    a restart, or left open past its hour). (A known one that is stale — another game's, a past
    phase's, not his — is refused by its own callback with the reason.)"""
    custom_id = str(dict(interaction.data or {}).get("custom_id") or "")
    if interaction.type is discord.InteractionType.component:
        if is_known_component(custom_id, interaction.message):
            return
        key = "error-stale-component"
    elif interaction.type is discord.InteractionType.modal_submit:
        if custom_id in _OPEN_FORMS.get(interaction.client, {}):
            return
        key = "error-stale-form"
    else:
        return
    if interaction.response.is_done():
        return
    try:
        await interaction.response.send_message(
            t(interaction.locale, key),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException:  # expired, or answered meanwhile: nothing more to say
        pass
