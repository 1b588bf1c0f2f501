"""The REST route table and the small vocabulary handlers share (request, errors).

Why one table keyed by (method, spec path template): the same template names the route in
validation, accounting, rate limits and fault injection, so a test can say
``emu.count("POST", "/channels/{channel_id}/messages")`` in Discord's own words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

if TYPE_CHECKING:
    from .server import Emulator
    from .state import Channel, Guild, Member, Role


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with ``Content-Type`` exactly ``application/json``: discord.py compares with ``==``
    (aiohttp's ``json_response`` appends a charset, which makes discord.py see text)."""
    all_headers = {"Content-Type": "application/json"}
    if headers:
        all_headers.update(headers)
    return web.Response(status=status, body=json.dumps(data).encode(), headers=all_headers)


def form_errors(problems: list[str], code: str = "BASE_TYPE_INVALID") -> dict[str, Any]:
    """Discord's nested "Invalid Form Body" errors: ``{"embeds": {"0": {"title": {"_errors":
    [...]}}}}``, so discord.py prints "In embeds.0.title: ..." like it would for Discord."""
    tree: dict[str, Any] = {}
    for problem in problems:
        m = re.search(r"field '([^']*)'", problem)
        node = tree
        if m and m.group(1) != "(body)":
            for part in m.group(1).split("/"):
                node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": problem})
    return tree


def invalid_form_body(problems: list[str], code: str = "BASE_TYPE_INVALID") -> ApiError:
    err = ApiError(400, 50035, "Invalid Form Body", form_errors(problems, code))
    err.detail = "; ".join(problems)  # type: ignore[attr-defined]
    return err


class ApiError(Exception):
    """A Discord error answer: HTTP status, JSON error code and message."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data


def missing_permissions(detail: str = "") -> ApiError:
    err = ApiError(403, 50013, "Missing Permissions")
    err.detail = detail  # type: ignore[attr-defined]
    return err


def unknown(kind: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {kind}")


@dataclass
class Req:
    emu: Emulator
    method: str
    template: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    reason: str | None = None
    #: Files of a multipart request, by form field name (``files[0]``): (filename, type, bytes).
    files: dict[str, tuple[str, str, bytes]] = field(default_factory=dict)

    def id(self, name: str) -> int:
        try:
            return int(self.params[name])
        except (KeyError, ValueError):
            raise ApiError(404, 0, f"404: Not Found ({name})") from None

    # lookups that raise Discord's "Unknown X" errors
    def guild(self, name: str = "guild_id") -> Guild:
        guild = self.emu.world.guilds.get(self.id(name))
        if guild is None:
            raise unknown("Guild", 10004)
        return guild

    def channel(self, name: str = "channel_id") -> Channel:
        channel = self.emu.world.channels.get(self.id(name))
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def role(self, guild: Guild, name: str = "role_id") -> Role:
        role = guild.roles.get(self.id(name))
        if role is None:
            raise unknown("Role", 10011)
        return role

    def member(self, guild: Guild, name: str = "user_id") -> Member:
        member = guild.members.get(self.id(name))
        if member is None:
            raise unknown("Member", 10007)
        return member


class Created(dict):
    """A handler's answer that Discord sends with status 201 (new channel, thread)."""


Handler = Callable[[Req], Any]
ROUTES: dict[tuple[str, str], Handler] = {}


def route(method: str, template: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        ROUTES[(method, template)] = fn
        return fn

    return register
