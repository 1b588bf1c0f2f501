"""A server's detector settings and linked accounts (db.moderation's ModSettings).

Each detector is "case" (opens a case on the ladder at once), "report" (opens a report in the
mod-log for a moderator to judge) or "off". Defaults: what a moderator can trust the bot to
see exactly opens a case (a nickname changed mid-game, a command flood, leaving a running game);
what needs a human eye opens a report (a confusable nickname, a sleeping role — the host
confirms, linked accounts signing up together).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

import discord

from db.guild_settings import get_settings, update_settings
from db.moderation import get_mod_settings, update_mod_settings
from locales import t

__all__ = [
    "DEFAULT_MODES",
    "DETECTORS",
    "MODES",
    "DetectorConfig",
    "detector",
    "link",
    "linked_with",
    "set_appeal",
    "set_detector",
    "set_log_channel",
    "settings_embed",
    "unlink",
]

MODES = ("off", "case", "report")
DEFAULT_MODES = {
    "nick_change": "case",
    "confusable_nick": "report",
    "command_flood": "case",
    "leave": "case",
    "afk": "report",
    "multiaccount": "report",
    "forward_bot": "case",
    # The quick chat game's (CHAT-GAME.md C-MOD-1, report by default): cogs.quick.commands.
    "cop_first_night": "report",
    "early_start": "report",
}
DETECTORS = tuple(DEFAULT_MODES)
FLOOD_COUNT, FLOOD_SECONDS = 8, 10  # more than 8 commands within 10 seconds


@dataclass(frozen=True)
class DetectorConfig:
    mode: str
    count: int = FLOOD_COUNT
    seconds: int = FLOOD_SECONDS


#: How long a server's detector settings are kept in memory: the command_flood detector reads
#: them at every command, and at the 21:00 burst that was one query per vote (issue 20). A change
#: made here is seen at once; one made by another process within this many seconds.
DETECTORS_TTL = 10.0
_detectors: dict[int, tuple[float, dict[str, dict[str, object]]]] = {}
#: The reads under way, one per server: the 625 commands of a burst that all find the cache
#: empty (a start, an expiry) share one read instead of making 625 (issue 20).
_reading: dict[int, asyncio.Future[dict[str, dict[str, object]]]] = {}


async def _read_detectors(guild_id: int) -> dict[str, dict[str, object]]:
    reading = _reading.get(guild_id)
    if reading is None or reading.get_loop() is not asyncio.get_running_loop():
        reading = _reading[guild_id] = asyncio.ensure_future(_detectors_stored(guild_id))
        reading.add_done_callback(lambda done: _forget_reading(guild_id, done))
    return await asyncio.shield(reading)


def _forget_reading(guild_id: int, done: asyncio.Future[Any]) -> None:
    if _reading.get(guild_id) is done:
        del _reading[guild_id]


async def _detectors_stored(guild_id: int) -> dict[str, dict[str, object]]:
    return dict((await get_mod_settings(guild_id)).detectors)


async def detector(guild_id: int, name: str) -> DetectorConfig:
    cached = _detectors.get(guild_id)
    if cached is None or time.monotonic() - cached[0] > DETECTORS_TTL:
        cached = (time.monotonic(), await _read_detectors(guild_id))
        _detectors[guild_id] = cached
    stored: dict[str, Any] = dict(cached[1].get(name) or {})
    return DetectorConfig(
        mode=str(stored.get("mode", DEFAULT_MODES[name])),
        count=int(stored.get("count", FLOOD_COUNT)),
        seconds=int(stored.get("seconds", FLOOD_SECONDS)),
    )


async def set_detector(
    guild_id: int,
    name: str,
    *,
    mode: str | None = None,
    count: int | None = None,
    seconds: int | None = None,
) -> None:
    if name not in DEFAULT_MODES or (mode is not None and mode not in MODES):
        raise ValueError(f"no detector {name!r} or mode {mode!r}")
    detectors = dict((await get_mod_settings(guild_id)).detectors)
    entry = dict(detectors.get(name, {}))
    given = {"mode": mode, "count": count, "seconds": seconds}
    entry.update({k: v for k, v in given.items() if v is not None})
    detectors[name] = entry
    await update_mod_settings(guild_id, detectors=detectors)
    _detectors.pop(guild_id, None)


async def set_log_channel(guild_id: int, channel_id: int) -> None:
    """Where cases and reports are posted (``/mod settings log``)."""
    await update_settings(guild_id, log_channel_id=channel_id)


async def set_appeal(guild_id: int, text: str) -> None:
    """How a banned member may appeal, sent to him with his ban (``/mod settings appeal``)."""
    await update_mod_settings(guild_id, appeal=text)


async def linked_with(guild_id: int, user_id: int) -> set[int]:
    """The other accounts the server marked as this member's."""
    groups = (await get_mod_settings(guild_id)).linked
    return {other for group in groups if user_id in group for other in group} - {user_id}


async def link(guild_id: int, first: int, second: int) -> None:
    """Mark two accounts as one person's (groups merge: links are transitive)."""
    groups = [set(g) for g in (await get_mod_settings(guild_id)).linked]
    merged = {first, second}
    rest = []
    for group in groups:
        if group & merged:
            merged |= group
        else:
            rest.append(group)
    await update_mod_settings(guild_id, linked=[sorted(g) for g in [*rest, merged]])


async def unlink(guild_id: int, user_id: int) -> None:
    groups = [set(g) - {user_id} for g in (await get_mod_settings(guild_id)).linked]
    await update_mod_settings(guild_id, linked=[sorted(g) for g in groups if len(g) > 1])


async def settings_embed(guild_id: int, locale: object) -> discord.Embed:
    """``/mod settings show``: the mod-log, the appeal, each detector and the linked accounts."""
    server = await get_settings(guild_id)
    config = await get_mod_settings(guild_id)
    unset = t(locale, "mod-settings-unset")
    embed = discord.Embed(title=t(locale, "mod-settings-title"), colour=discord.Colour.blurple())
    embed.add_field(
        name=t(locale, "mod-settings-log-field"),
        value=f"<#{server.log_channel_id}>" if server.log_channel_id else unset,
    )
    embed.add_field(
        name=t(locale, "mod-settings-role-field"),
        value=f"<@&{server.moderator_role_id}>" if server.moderator_role_id else unset,
    )
    embed.add_field(
        name=t(locale, "mod-field-appeal"),
        value=(config.appeal or t(locale, "mod-appeal-default"))[:1024],
        inline=False,
    )
    lines = []
    for name in DETECTORS:
        found = await detector(guild_id, name)
        line = f"{t(locale, f'choice-detector-{name}')}: {t(locale, f'choice-mode-{found.mode}')}"
        if name == "command_flood":
            line += " — " + t(
                locale, "mod-settings-flood", count=found.count, seconds=found.seconds
            )
        lines.append(line)
    embed.add_field(name=t(locale, "mod-settings-detectors"), value="\n".join(lines), inline=False)
    groups = [" = ".join(f"<@{u}>" for u in group) for group in config.linked]
    embed.add_field(
        name=t(locale, "mod-settings-linked-field"),
        value="\n".join(groups)[:1024] or unset,
        inline=False,
    )
    return embed
