"""A game's category and channels, as the delivery reads and changes them: the names and the
overwrites the setup (cogs.delivery.setup_kind) creates them with, read back as
:class:`GameChannels`, closed read-only at the end, deleted later (as rows).

Cost (DESIGN.md budgets): one request per channel at creation (the overwrites travel in it;
nothing is edited afterwards), one per cabinet change (an ``overwrite`` row), one per channel
at the close.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import discord

from cogs.game.server.objects import (
    CABINET,
    CATEGORY,
    CHANNEL_KINDS,
    ROLE_KINDS,
    GameChannels,
    GameRoles,
)
from cogs.game.server.overwrites import (
    BOT,
    EVERYONE,
    MEMBERS,
    Table,
)
from db.outbox import delete_channel
from db.server_objects import (
    forget_game_channels,
    game_channels,
    game_roles,
)
from locales import has_key, t

__all__ = [
    "delete_game_channels",
    "fetch_members",
    "load_game_channels",
]

#: Discord's limit on a channel's (and a category's) name: a host's long title is cut.
MAX_NAME = 100

Target = discord.Role | discord.Member | discord.Object
Overwrites = dict[Target, discord.PermissionOverwrite]


def _overwrites(
    guild: discord.Guild,
    table: Table,
    roles: Mapping[str, discord.Role],
    members: Sequence[discord.Member] = (),
) -> Overwrites:
    out: Overwrites = {}
    for who, (allow, deny) in table.items():
        overwrite = discord.PermissionOverwrite.from_pair(allow, deny)
        if who == EVERYONE:
            out[guild.default_role] = overwrite
        elif who == BOT:
            out[guild.me] = overwrite
        elif who == MEMBERS:
            for member in members:
                out[member] = overwrite
        else:
            out[roles[who]] = overwrite
    return out


def _cabinet_name(language: str, key: str) -> str:
    label_key = f"server-cabinet-{key}"
    label = t(language, label_key) if has_key(language, label_key) else key
    return t(language, "server-channel-cabinet", cabinet=label)


def _category_name(language: str, game_id: int, title: str | None) -> str:
    """The category's name: the game's number and its title if it has one, cut to Discord's
    limit."""
    name = (
        t(language, "server-category-titled", game=game_id, title=title)
        if title
        else t(language, "server-category", game=game_id)
    )
    return name[:MAX_NAME]


async def fetch_members(guild: discord.Guild, member_ids: Iterable[int]) -> list[discord.Member]:
    """The members as they are now (a GET each; those who left the server skipped)."""
    members = []
    for member_id in dict.fromkeys(member_ids):
        try:
            members.append(await guild.fetch_member(member_id))
        except discord.NotFound:
            continue
    return members


async def load_game_channels(game_id: int) -> GameChannels | None:
    """The game's channels and roles as recorded, while it holds its roles; None before its
    channels all exist or once its roles went back to the pool."""
    records = await game_channels(game_id)
    held = await game_roles(game_id)
    if not records or set(held) != set(ROLE_KINDS):
        return None
    kinds = {r.kind: r.channel_id for r in records if r.kind != CABINET}
    if not {CATEGORY, *CHANNEL_KINDS} <= set(kinds):  # a setup under way (cogs.delivery.setup_kind)
        return None
    cabinets = {r.cabinet or "": r.channel_id for r in records if r.kind == CABINET}
    return GameChannels(
        game_id=game_id,
        category=kinds[CATEGORY],
        roles=GameRoles(**held),
        cabinets=cabinets,
        **{kind: kinds[kind] for kind in CHANNEL_KINDS},
    )


async def delete_game_channels(game_id: int) -> int:
    """Delete the game's channels and category (``/host cleanup``, after the close): outbox rows,
    stored as the records are forgotten, delivered in one order (the category last, so it is
    empty when it goes; a channel already gone is skipped). How many are to be deleted."""
    records = sorted(await game_channels(game_id), key=lambda r: r.kind == CATEGORY)
    effects = [
        delete_channel(
            r.channel_id,
            key=f"cleanup:{r.channel_id}",
            lane=f"cleanup:{game_id}",
            reason=f"game {game_id}: cleanup",
        )  # fmt: skip
        for r in records
    ]
    await forget_game_channels(game_id, effects=effects)
    return len(effects)
