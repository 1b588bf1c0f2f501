"""A game's place on the server made by one outbox row (db.outbox.setup, issue 17: "channel and
thread creation … an outbox row"): its roles from the pool, its category, its channels with
every overwrite in the create request, the host's role and each player's alive (or dead) role.

Each step is recorded the moment it is made (db.server_objects), so a retry after a 503, a 403
the host fixed, or a crash makes nothing twice: what is recorded is reused, and what Discord made
but the crash kept from being recorded is found again by its name (a category of this game's
name, a channel of that name in it — Discord has no nonce for channels). The start's posts,
the day's thread and the prompts follow as rows that depend on this one (``post_in(part=…)``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from cogs.delivery.pool_roles import borrow_role, set_game_roles
from cogs.game import channel_index
from cogs.game.server.channels import _cabinet_name, _category_name, _overwrites, fetch_members
from cogs.game.server.checks import CannotHost, check_bot_can_host
from cogs.game.server.objects import (
    ALIVE,
    CABINET,
    CATEGORY,
    CHANNEL_KINDS,
    DEAD,
    HOST,
    ROLE_KINDS,
    GameRoles,
)
from cogs.game.server.overwrites import table_for
from db.guild_settings import get_settings
from db.lifecycle import set_channels
from db.server_objects import (
    GameChannelRecord,
    forget_game_channels,
    game_channels,
    game_roles,
    record_game_channels,
)
from locales import t

__all__ = ["set_up"]


async def set_up(guild: discord.Guild, spec: Mapping[str, Any]) -> int:
    """Make (or finish making) the game's roles, channels and member roles; the category's id.
    :class:`CannotHost` before anything is made when the bot lacks a permission or room."""
    game_id = int(spec["game"])
    cabinets: dict[str, list[int]] = {k: list(v) for k, v in spec["cabinets"].items()}
    recorded = await game_channels(game_id)
    if not recorded:
        problems = await check_bot_can_host(guild, cabinets=len(cabinets))
        if problems:
            raise CannotHost(problems)
    language = (await get_settings(guild.id)).language
    roles, objects = await _roles(guild, game_id, language)
    members = {m.id: m for m in await fetch_members(
        guild, [spec["host"], *spec["alive"], *spec["dead"]])}  # fmt: skip
    # What a crash may have made without recording it, read once (a channel has no nonce).
    present = list(await guild.fetch_channels())
    category = await _category(guild, game_id, _category_name(language, game_id, spec["title"]),
                               objects, present)  # fmt: skip
    for kind in CHANNEL_KINDS:
        await _channel(guild, game_id, category, (kind, None), t(language, f"server-channel-{kind}"),
                       objects, (), present)  # fmt: skip
    for key, ids in cabinets.items():
        inside = [members[i] for i in ids if i in members]
        await _channel(guild, game_id, category, (CABINET, key), _cabinet_name(language, key),
                       objects, inside, present)  # fmt: skip
    await set_channels(game_id, category_id=category.id)
    channel_index.index.forget()  # the listeners learn the new game's channels
    wanted = {int(spec["host"]): HOST, **{i: ALIVE for i in spec["alive"]},
              **{i: DEAD for i in spec["dead"]}}  # fmt: skip
    for member_id, kind in wanted.items():
        if member_id in members:
            role = roles.by_kind()[kind]
            await set_game_roles(members[member_id], roles, add=[role], remove=roles.ids() - {role})
    return category.id


async def _roles(
    guild: discord.Guild, game_id: int, language: str
) -> tuple[GameRoles, dict[str, discord.Role]]:
    """The game's roles: those it holds already (a retry), the rest borrowed from the pool."""
    held = await game_roles(game_id)
    objects: dict[str, discord.Role] = {}
    for kind in ROLE_KINDS:
        role = guild.get_role(held[kind]) if kind in held else None
        if role is None:
            role = await borrow_role(guild, kind, game_id, t(language, f"server-role-{kind}",
                                                         game=game_id))  # fmt: skip
        objects[kind] = role
    return GameRoles(**{kind: role.id for kind, role in objects.items()}), objects


async def _existing(guild: discord.Guild, channel_id: int) -> Any:
    """The recorded channel, or None when it was deleted meanwhile (then made again)."""
    try:
        return guild.get_channel(channel_id) or await guild.fetch_channel(channel_id)
    except discord.NotFound:
        return None


def _same_name(channel: Any, name: str) -> bool:
    """Discord keeps a text channel's name lower-case with dashes for spaces."""

    def norm(text: str) -> str:
        return text.casefold().replace(" ", "-")

    return norm(str(channel.name)) == norm(name)


async def _category(
    guild: discord.Guild, game_id: int, name: str, objects: Mapping[str, discord.Role],
    present: Sequence[Any],
) -> discord.CategoryChannel:  # fmt: skip
    for record in await game_channels(game_id):
        if record.kind == CATEGORY:
            found = await _existing(guild, record.channel_id)
            if isinstance(found, discord.CategoryChannel):
                return found
            await forget_game_channels(game_id, [record.channel_id])
    me = guild.me.id
    for channel in present:  # made before a crash kept it from the record
        if isinstance(channel, discord.CategoryChannel) and _same_name(channel, name):
            if channel.overwrites_for(discord.Object(me)).manage_threads:
                await record_game_channels(game_id, [GameChannelRecord(CATEGORY, channel.id)])
                return channel
    category = await guild.create_category(
        name, overwrites=_overwrites(guild, table_for(CATEGORY), objects),
        reason=f"game {game_id}",
    )  # fmt: skip
    await record_game_channels(game_id, [GameChannelRecord(CATEGORY, category.id)])
    return category


async def _channel(
    guild: discord.Guild, game_id: int, category: discord.CategoryChannel,
    which: tuple[str, str | None], name: str, objects: Mapping[str, discord.Role],
    members: Sequence[discord.Member], present: Sequence[Any],
) -> int:  # fmt: skip
    kind, cabinet = which
    language = (await get_settings(guild.id)).language
    for record in await game_channels(game_id):
        if record.kind == kind and record.cabinet == cabinet:
            if await _existing(guild, record.channel_id) is not None:
                return record.channel_id
            await forget_game_channels(game_id, [record.channel_id])
    for channel in present:
        if channel.category_id == category.id and _same_name(channel, name):
            await record_game_channels(game_id, [GameChannelRecord(kind, channel.id, cabinet)])
            return int(channel.id)
    made = await guild.create_text_channel(
        name, category=category, topic=t(language, f"server-topic-{kind}"),
        overwrites=_overwrites(guild, table_for(kind), objects, members),
        reason=f"game {game_id}",
    )  # fmt: skip
    await record_game_channels(game_id, [GameChannelRecord(kind, made.id, cabinet)])
    return made.id
