"""Who may read and write in each game channel: the permission table, as Discord overwrites.

Set once, in each channel's create request (DESIGN.md: no overwrite edits per phase); a death
moves a member from the ``alive`` role to the ``dead`` role and the same overwrites then say
something else about him. Rules applied:

- R-SANCT-1: the dead post only in the morgue. The ``dead`` role is denied writing in every
  other channel (reactions and threads included: a reaction is a message too).
- R-SANCT-1a/b: the morgue is read by everyone in the game, the living included (the
  original's parallel topic), and the dead write there freely. The living may post there (and
  in its threads) only to talk with the dead: Discord cannot tell such a post from another, so
  the ``alive`` role may send and the bot removes what the rule does not allow
  (cogs.game.auto_sanctions, engine.forum.sanctions.morgue_post_allowed); a reaction or a
  thread of theirs, which the bot could not judge, is denied. Decision: "everyone in the game"
  is its players and its host; spectators and other members do not see it.
- The voting channel takes no messages: votes are the bot's posts (and their selects).
- Spectators read the public channels only; a ``spectator`` overwrite says so explicitly, so a
  spectator who also holds some other server role still cannot write there.
- A cabinet is visible to its members only, by member overwrites (membership changes: a child
  found, a sniper joining); writing there comes from the ``alive`` role, so a member who dies
  keeps reading his cabinet but no longer writes in it, with no request beyond the death's.
- The host sees every channel and writes in all but the voting channel.
- The bot holds, by a member overwrite, what it needs to post, thread and pin everywhere (a
  hidden channel would hide it from the bot too). No overwrite grants MANAGE_ROLES: Discord lets
  only an administrator bot set that one.

Every bit allowed or denied here is one the bot must hold itself (Discord refuses an overwrite
setting a permission the bot lacks): :data:`BOT_NEEDS` lists them for the check before a game.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from cogs.game.server.objects import (
    ALIVE,
    ANNOUNCEMENTS,
    CABINET,
    CATEGORY,
    DEAD,
    DISCUSSION,
    HOST,
    HOST_CHANNEL,
    MORGUE,
    SPECTATOR,
    VOTING,
)

__all__ = [
    "BOT",
    "BOT_NEEDS",
    "CABINET_MEMBER",
    "EVERYONE",
    "MEMBERS",
    "READ",
    "WRITE",
    "Table",
    "closed_table",
    "table_for",
]

Pair = tuple[discord.Permissions, discord.Permissions]  # (allow, deny)
#: Who an overwrite is for: ``EVERYONE``, ``BOT``, or a role kind (``alive``, ``dead``, …).
Table = Mapping[str, Pair]

EVERYONE = "@everyone"
BOT = "@bot"
#: The cabinet's members (one member overwrite each): see :data:`CABINET_MEMBER`.
MEMBERS = "@members"

NOTHING = discord.Permissions.none()
READ = discord.Permissions(view_channel=True, read_message_history=True)
WRITE = discord.Permissions(
    send_messages=True,
    send_messages_in_threads=True,
    add_reactions=True,
    create_public_threads=True,
    create_private_threads=True,
)
#: What the bot keeps in every game channel (posts, embeds, the day's threads, pins).
BOT_IN_CHANNEL = (
    READ
    | WRITE
    | discord.Permissions(
        embed_links=True, attach_files=True, manage_messages=True, manage_threads=True
    )
)
#: A cabinet member's own overwrite: he sees the cabinet; writing comes from the alive role.
CABINET_MEMBER: Pair = (READ, NOTHING)
#: What the bot must hold on the server to create a game's channels with these overwrites.
BOT_NEEDS = BOT_IN_CHANNEL | discord.Permissions(manage_channels=True, manage_roles=True)

_PUBLIC_READ_ONLY: Pair = (READ, WRITE)
_HIDDEN: Pair = (NOTHING, READ | WRITE)
_FULL: Pair = (READ | WRITE, NOTHING)
_MAY_WRITE: Pair = (WRITE, NOTHING)
_MAY_NOT_WRITE: Pair = (NOTHING, WRITE)
#: The living in the morgue: read, and post (judged by the bot), nothing else (R-SANCT-1b).
_MORGUE_LIVING_POSTS = discord.Permissions(send_messages=True, send_messages_in_threads=True)
_MORGUE_LIVING: Pair = (READ | _MORGUE_LIVING_POSTS, WRITE & ~_MORGUE_LIVING_POSTS)
_BOT: Pair = (BOT_IN_CHANNEL, NOTHING)

_TABLES: dict[str, dict[str, Pair]] = {
    # The category: what a channel added to it later (and not given overwrites) inherits.
    CATEGORY: {EVERYONE: _PUBLIC_READ_ONLY, SPECTATOR: _MAY_NOT_WRITE, HOST: _MAY_WRITE, BOT: _BOT},
    ANNOUNCEMENTS: {
        EVERYONE: _PUBLIC_READ_ONLY,
        SPECTATOR: _MAY_NOT_WRITE,
        HOST: _MAY_WRITE,
        BOT: _BOT,
    },
    DISCUSSION: {
        EVERYONE: _PUBLIC_READ_ONLY,
        ALIVE: _MAY_WRITE,
        DEAD: _MAY_NOT_WRITE,  # R-SANCT-1
        SPECTATOR: _MAY_NOT_WRITE,
        HOST: _MAY_WRITE,
        BOT: _BOT,
    },
    VOTING: {EVERYONE: _PUBLIC_READ_ONLY, SPECTATOR: _MAY_NOT_WRITE, BOT: _BOT},
    MORGUE: {EVERYONE: _HIDDEN, ALIVE: _MORGUE_LIVING, DEAD: _FULL, HOST: _FULL, BOT: _BOT},
    CABINET: {
        EVERYONE: _HIDDEN,
        MEMBERS: CABINET_MEMBER,
        ALIVE: _MAY_WRITE,
        DEAD: _MAY_NOT_WRITE,  # R-SANCT-1
        HOST: _FULL,
        BOT: _BOT,
    },
    HOST_CHANNEL: {EVERYONE: _HIDDEN, HOST: _FULL, BOT: _BOT},
}

#: After the game: everyone reads every channel of it (the reveal, R-LIFE-6), nobody writes.
_CLOSED: dict[str, Pair] = {EVERYONE: _PUBLIC_READ_ONLY, BOT: _BOT}


def table_for(kind: str) -> Table:
    """The overwrites of a channel of ``kind`` while the game runs."""
    return _TABLES[kind]


def closed_table() -> Table:
    """The overwrites of every channel of a game that is over."""
    return _CLOSED
