"""Discord's permission algorithm on a table of cases (tests/emulator/permissions.py).

Cases follow https://discord.com/developers/docs/topics/permissions: base permissions (@everyone
OR roles; ADMINISTRATOR and the owner get everything), overwrites applied @everyone → roles
(allows and denies of all the member's roles combined, allow winning) → member, the implicit
rules (no VIEW_CHANNEL → nothing; no SEND_MESSAGES → no embeds/attachments/mentions/TTS) and
timeouts (only VIEW_CHANNEL and READ_MESSAGE_HISTORY remain).
"""

from __future__ import annotations

import pytest

from tests.emulator import permissions as P
from tests.emulator.permissions import Overwrite as O

G = 100  # guild id == @everyone role id
A, B, ADMIN = 1, 2, 3  # roles
U, OWNER = 50, 60  # members
EVERYONE = P.VIEW_CHANNEL | P.SEND_MESSAGES | P.READ_MESSAGE_HISTORY | P.EMBED_LINKS
ROLES = {G: EVERYONE, A: P.MANAGE_MESSAGES, B: P.KICK_MEMBERS, ADMIN: P.ADMINISTRATOR}

CASES = [
    # (id, roles, overwrites or None for guild level, timed_out, member, must have, must not have)
    ("everyone base", [], None, False, U, EVERYONE, P.MANAGE_MESSAGES),
    ("roles add to base", [A, B], None, False, U, EVERYONE | P.MANAGE_MESSAGES | P.KICK_MEMBERS, P.BAN_MEMBERS),
    ("administrator gets all", [ADMIN], None, False, U, P.ALL, 0),
    ("owner gets all", [], None, False, OWNER, P.ALL, 0),
    ("no overwrites in channel = base", [], [], False, U, EVERYONE, 0),
    ("@everyone deny send", [], [O(G, 0, deny=P.SEND_MESSAGES)], False, U, P.VIEW_CHANNEL, P.SEND_MESSAGES),
    ("@everyone allow adds", [], [O(G, 0, allow=P.ADD_REACTIONS)], False, U, EVERYONE | P.ADD_REACTIONS, 0),
    # docs: a role's allow overrides the @everyone deny
    ("role allow beats @everyone deny", [A], [O(G, 0, deny=P.SEND_MESSAGES), O(A, 0, allow=P.SEND_MESSAGES)],
     False, U, P.SEND_MESSAGES, 0),
    # docs: the role allows and denies are combined, allow applied after deny
    ("between roles allow wins", [A, B], [O(A, 0, deny=P.SEND_MESSAGES), O(B, 0, allow=P.SEND_MESSAGES)],
     False, U, P.SEND_MESSAGES, 0),
    ("role deny removes base", [A], [O(A, 0, deny=P.SEND_MESSAGES)], False, U, P.VIEW_CHANNEL, P.SEND_MESSAGES),
    ("member deny beats role allow", [A], [O(A, 0, allow=P.SEND_MESSAGES), O(U, 1, deny=P.SEND_MESSAGES)],
     False, U, P.VIEW_CHANNEL, P.SEND_MESSAGES),
    ("member allow beats role deny", [A], [O(A, 0, deny=P.SEND_MESSAGES), O(U, 1, allow=P.SEND_MESSAGES)],
     False, U, P.SEND_MESSAGES, 0),
    ("member allow beats @everyone deny", [], [O(G, 0, deny=P.VIEW_CHANNEL), O(U, 1, allow=P.VIEW_CHANNEL)],
     False, U, P.VIEW_CHANNEL | P.SEND_MESSAGES, 0),
    ("overwrite of a role not held is ignored", [], [O(A, 0, deny=P.SEND_MESSAGES)], False, U, P.SEND_MESSAGES, 0),
    ("member overwrite of someone else ignored", [], [O(999, 1, deny=P.SEND_MESSAGES)], False, U, P.SEND_MESSAGES, 0),
    ("administrator ignores overwrites", [ADMIN], [O(G, 0, deny=P.VIEW_CHANNEL), O(U, 1, deny=P.ALL)], False, U, P.ALL, 0),
    ("owner ignores overwrites", [], [O(G, 0, deny=P.VIEW_CHANNEL), O(OWNER, 1, deny=P.ALL)], False, OWNER, P.ALL, 0),
    # implicit permissions
    ("no view channel = nothing", [A], [O(G, 0, deny=P.VIEW_CHANNEL), O(A, 0, allow=P.SEND_MESSAGES)],
     False, U, 0, P.SEND_MESSAGES | P.VIEW_CHANNEL | P.MANAGE_MESSAGES),
    ("no send = no embeds", [], [O(G, 0, deny=P.SEND_MESSAGES)], False, U, P.READ_MESSAGE_HISTORY, P.EMBED_LINKS),
    # timeouts
    ("timed out keeps only read", [A], None, True, U, P.VIEW_CHANNEL | P.READ_MESSAGE_HISTORY,
     P.SEND_MESSAGES | P.MANAGE_MESSAGES | P.EMBED_LINKS),
    ("timed out in channel", [A], [O(A, 0, allow=P.ADD_REACTIONS)], True, U, P.VIEW_CHANNEL, P.ADD_REACTIONS | P.SEND_MESSAGES),
    ("timed-out administrator unaffected", [ADMIN], None, True, U, P.ALL, 0),
]


@pytest.mark.parametrize(("roles", "overwrites", "timed_out", "member", "has", "lacks"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_permission_table(roles, overwrites, timed_out, member, has, lacks) -> None:
    perms = P.compute(guild_id=G, owner_id=OWNER, member_id=member, member_roles=roles,
                      role_permissions=ROLES, overwrites=overwrites, timed_out=timed_out)
    assert perms & has == has, f"missing {P.names(has & ~perms)}"
    assert perms & lacks == 0, f"unexpected {P.names(perms & lacks)}"
    if has == 0:
        assert perms == 0


async def test_world_permissions_follow_guild_state(emu) -> None:
    """The same algorithm over a guild built with the story API, channel overwrites included."""
    guild = emu.make_guild(
        roles=[{"name": "alive", "permissions": 0}, {"name": "mod", "permissions": P.MODERATE_MEMBERS}],
        members=["ann", {"name": "ben", "roles": ["alive"]}, {"name": "mo", "roles": ["mod"]}],
        channels=["general", {"name": "day", "overwrites": {"@everyone": (0, P.SEND_MESSAGES), "alive": (P.SEND_MESSAGES, 0)}}],
    )
    day = guild.channel("day")
    ann, ben, mo = guild.member("ann"), guild.member("ben"), guild.member("mo")
    assert emu.permissions(ben, day) & P.SEND_MESSAGES
    assert not emu.permissions(ann, day) & P.SEND_MESSAGES
    assert emu.permissions(ann, day) & P.VIEW_CHANNEL
    assert emu.permissions(mo) & P.MODERATE_MEMBERS
    assert emu.permissions(guild.owner, day) == P.ALL
