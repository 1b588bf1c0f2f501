"""The game channels' permission table without Discord: the bot's pre-game check covers every
bit an overwrite sets, no overwrite needs an administrator, and every problem and name the
adapter can say exists in every language."""

from __future__ import annotations

import discord
import pytest

from cogs.game.server.checks import NO_ROOM, POOL_ROLE_ABOVE_BOT, explain_problems
from cogs.game.server.objects import CABINET, CATEGORY, CHANNEL_KINDS, ROLE_KINDS
from cogs.game.server.overwrites import BOT_NEEDS, closed_table, table_for
from locales import SUPPORTED_LOCALES, has_key

TABLES = {kind: table_for(kind) for kind in (CATEGORY, *CHANNEL_KINDS, CABINET)}
TABLES["closed"] = closed_table()


@pytest.mark.parametrize("kind", sorted(TABLES))
def test_every_bit_an_overwrite_sets_is_one_the_check_requires(kind: str) -> None:
    for who, (allow, deny) in TABLES[kind].items():
        assert (allow | deny).is_subset(BOT_NEEDS), (kind, who)
        # Discord lets only an administrator bot put MANAGE_ROLES in an overwrite.
        assert not (allow | deny).manage_roles, (kind, who)
        assert not allow.value & deny.value, (kind, who)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_every_name_and_problem_is_in_the_catalogue(locale: str) -> None:
    keys = [f"server-permission-{name}" for name, needed in BOT_NEEDS if needed]
    keys += [f"server-channel-{kind}" for kind in CHANNEL_KINDS]
    keys += [f"server-topic-{kind}" for kind in (*CHANNEL_KINDS, CABINET)]
    keys += [f"server-role-{kind}" for kind in ROLE_KINDS]
    keys += [f"server-cabinet-{key}" for key in ("mafia", "maniacs", "zombies", "cop")]
    assert [key for key in keys if not has_key(locale, key)] == []


def test_each_problem_gets_its_own_sentence() -> None:
    class Guild:  # only what explain_problems reads
        class me:  # noqa: N801
            class top_role:  # noqa: N801
                name = "Mafia Bot"

    lines = explain_problems(
        ["manage_roles", POOL_ROLE_ABOVE_BOT, NO_ROOM],
        "en",
        Guild(),  # type: ignore[arg-type]
    )
    assert lines == [
        "I need the “Manage Roles” permission on this server.",
        "Move my role “Mafia Bot” above the game roles in the server's role list: "
        "I cannot give roles above my own.",
        "There is no room for this game's channels (Discord allows 500 channels per server "
        "and 50 per category).",
    ]
    assert discord.Permissions(manage_roles=True).is_subset(BOT_NEEDS)
