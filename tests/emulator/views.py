"""What a simulated user sees: messages, modals, and the handle of an interaction he started.

Read-only, live views over the emulator's state (an edit by the bot shows through an existing
view), plus the waiting primitives the story API is built on: the bot answers asynchronously, so
tests await "the reply", "follow-up #1" or a condition, with a timeout that names what was awaited.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from . import interactions as I
from .changes import notify_change, wait_until  # noqa: F401  (re-exported)
from .state import Message

if TYPE_CHECKING:
    from .server import Emulator


class Refused(Exception):
    """Discord refused a simulated user's action (e.g. 403 / 50013 posting where he may not)."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} (code {code}): {message}")
        self.status, self.code, self.message = status, code, message


# -- read-only views ----------------------------------------------------------------------------


class MessageView:
    """A message as a user sees it (live: later edits show through)."""

    def __init__(self, emu: Emulator, msg: Message) -> None:
        self._emu, self.raw = emu, msg

    id = property(lambda self: self.raw.id)
    content = property(lambda self: self.raw.content)
    embeds = property(lambda self: self.raw.embeds)
    components = property(lambda self: self.raw.components)
    flags = property(lambda self: self.raw.flags)
    ephemeral = property(lambda self: self.raw.ephemeral)
    deleted = property(lambda self: self.raw.deleted)
    author_id = property(lambda self: self.raw.author_id)
    author_name = property(lambda self: self.raw.author.get("username"))
    channel_id = property(lambda self: self.raw.channel_id)

    @property
    def files(self) -> dict[str, bytes]:
        """The message's attachments: filename → content."""
        return {a.filename: a.content for a in self.raw.files}

    @property
    def loading(self) -> bool:
        return bool(self.raw.flags & (1 << 7))

    @property
    def text(self) -> str:
        """Content plus every embed's title, description, fields and footer: for assertions."""
        parts = [self.raw.content]
        for e in self.raw.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            for f in e.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((e.get("footer") or {}).get("text") or "")
        return "\n".join(p for p in parts if p)

    def iter_components(self) -> Iterable[dict[str, Any]]:
        stack = list(self.raw.components)
        while stack:
            comp = stack.pop(0)
            yield comp
            stack[0:0] = comp.get("components") or []
            if comp.get("component"):
                stack.insert(0, comp["component"])
            if comp.get("accessory"):
                stack.insert(0, comp["accessory"])

    def component(self, custom_id: str) -> dict[str, Any]:
        for comp in self.iter_components():
            if comp.get("custom_id") == custom_id:
                return comp
        raise LookupError(f"message {self.id} has no component {custom_id!r}; it has {self.custom_ids}")

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if c.get("custom_id")]

    def __repr__(self) -> str:
        flag = " ephemeral" if self.ephemeral else ""
        return f"<Message{flag} {self.id} by {self.author_name}: {self.text[:80]!r}>"


class ModalView:
    """A modal the bot opened (callback type 9)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.custom_id: str = data["custom_id"]
        self.title: str = data.get("title", "")

    @property
    def fields(self) -> list[dict[str, Any]]:
        out = []
        for row in self.data.get("components", []):
            for comp in row.get("components", []) + ([row["component"]] if row.get("component") else []):
                if comp.get("type") == 4:
                    out.append(comp)
        return out


class InteractionHandle:
    """One interaction a member started; await its acknowledgement, reply, follow-ups."""

    def __init__(self, emu: Emulator, record: I.InteractionRecord) -> None:
        self._emu, self.record = emu, record

    def _msg(self, mid: int | None) -> MessageView:
        channel = self._emu.world.channels[self.record.channel_id]
        for m in channel.messages:
            if m.id == mid:
                return MessageView(self._emu, m)
        raise LookupError(f"message {mid} not found")

    @property
    def callback_type(self) -> int | None:
        return self.record.callback_type

    @property
    def acked_after(self) -> float | None:
        """Seconds from dispatch to the bot's acknowledgement."""
        return self.record.acked_after

    async def ack(self, within: float = 2.0) -> int:
        await self.record.wait(lambda: self.record.acked, within, "an acknowledgement")
        return self.record.callback_type  # type: ignore[return-value]

    async def reply(self, within: float = 2.0) -> MessageView:
        """The response message.  After ``defer()`` (type 5, "thinking") waits for the edit or
        first follow-up that replaces it; after a deferred update (type 6) or an update (type 7)
        it is the message the component was on (a live view: later edits show through)."""
        r = self.record

        def ready() -> bool:
            if not r.acked:
                return False
            if r.callback_type == I.DEFERRED_CHANNEL_MESSAGE:
                return r.original_edits > 0
            return True

        await r.wait(ready, within, "the reply")
        if r.callback_type in (I.MODAL, I.AUTOCOMPLETE_RESULT):
            raise AssertionError(f"{r.label}: the bot answered with callback type {r.callback_type}, not a message")
        return self._msg(r.original_message_id)

    @property
    def ephemeral(self) -> bool:
        return self._msg(self.record.original_message_id).ephemeral

    async def followup(self, index: int = 0, within: float = 2.0) -> MessageView:
        await self.record.wait(lambda: len(self.record.followup_ids) > index, within, f"follow-up #{index}")
        return self._msg(self.record.followup_ids[index])

    @property
    def followups(self) -> list[MessageView]:
        return [self._msg(mid) for mid in self.record.followup_ids]

    async def modal(self, within: float = 2.0) -> ModalView:
        await self.record.wait(lambda: self.record.modal is not None or self.record.acked, within, "a modal")
        if self.record.modal is None:
            raise AssertionError(f"{self.record.label}: the bot answered with callback type {self.record.callback_type}, not a modal")
        return ModalView(self.record.modal)

    async def choices(self, within: float = 2.0) -> list[dict[str, Any]]:
        await self.record.wait(lambda: self.record.acked, within, "autocomplete choices")
        return list(self.record.choices or [])
