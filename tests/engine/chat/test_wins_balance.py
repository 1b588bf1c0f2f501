"""The wins C-WIN-1..6 in their order, and the balance C-BAL."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from engine.chat import ChatRole, default_roles, validate_roles, winner, winning_players
from engine.chat.state import ChatState
from engine.errors import InvalidRoleList
from tests.engine.chat.play import table

CODES = {"size", "unknown", "one-don", "one-commissar", "sergeant", "mafia-half"}


def living(*roles: str, dead: tuple[str, ...] = ()) -> ChatState:
    s = table(
        **{f"p{i}": r for i, r in enumerate(roles)}, **{f"d{i}": r for i, r in enumerate(dead)}
    )
    return s.with_players([replace(p, alive=False) for p in s.players if p.id.startswith("d")])


@pytest.mark.parametrize(
    ("roles", "reason", "winners"),
    [
        ((), "C-WIN-1", ()),
        (("maniac", "don"), "C-WIN-2", ("maniac",)),  # 2 before 4: the don is not alone
        (("maniac", "citizen"), "C-WIN-2", ("maniac",)),
        (("maniac",), "C-WIN-2", ("maniac",)),
        (("commissar", "werewolf", "suicide"), "C-WIN-3", ("town",)),
        (("werewolf", "suicide"), "C-WIN-3", ("town",)),  # C-WIN-6: only those left
        (("don", "citizen"), "C-WIN-4", ("mafia",)),
        (("don", "mafioso", "werewolf", "suicide"), "C-WIN-4", ("mafia",)),
        (("killer",), "C-WIN-4", ("mafia",)),  # the mafia side alone
        (("don", "citizen", "citizen"), None, None),
        (("killer", "citizen", "citizen"), None, None),  # C-WIN-3 needs no mafia side alive
        (("don", "maniac", "citizen"), None, None),  # C-WIN-4 needs no maniac
        # decided (scenario c07): the cabinet counts against those outside the mafia side
        (
            ("don", "mafioso", "lawyer", "journalist", "commissar", "doctor", "citizen", "citizen"),
            None,
            None,
        ),
        (("don", "lawyer", "citizen"), "C-WIN-4", ("mafia",)),
        (("don", "lawyer", "citizen", "citizen"), None, None),  # the lawyer counts for neither
        (("lawyer", "citizen"), "C-WIN-4", ("mafia",)),  # no cabinet left: the whole side
        (("lawyer", "journalist", "citizen", "citizen", "citizen"), None, None),
    ],
)
def test_wins_in_their_order(
    roles: tuple[str, ...], reason: str | None, winners: tuple[str, ...] | None
) -> None:
    out = winner(living(*roles, dead=("citizen",)))
    if reason is None:
        assert out is None
    else:
        assert out is not None and (out.reason, out.winners) == (reason, winners)


def test_a_sides_win_is_every_member_living_or_dead_and_the_personal_wins() -> None:
    s = living("don", "citizen", dead=("mafioso", "suicide", "werewolf"))
    s = replace(s, winner=winner(s), personal_wins=("d1",))
    assert winning_players(s) == ["p0", "d0", "d1"]


def test_the_default_table_row_by_row() -> None:
    assert Counter(default_roles(4)) == Counter(["don", "commissar", "doctor", "citizen"])
    assert Counter(default_roles(6)) == Counter(
        ["don", "mafioso", "commissar", "doctor", "mistress", "citizen"]
    )
    full = Counter(default_roles(30))
    assert full["mafioso"] == 7 and full["killer"] == 1 and full["journalist"] == 1
    assert full["citizen"] == 2 - 1 + 1 + 1 + 6  # 4-5, one fewer at 6, 18, 21, 23-30 but 24, 28
    for n in range(4, 31):
        roles = default_roles(n)
        assert len(roles) == n and validate_roles([r.value for r in roles]) == roles


@pytest.mark.parametrize(
    ("roles", "why"),
    [
        (["don", "citizen", "citizen"], "4 to 30"),
        (["don", "citizen", "citizen", "wizard"], "unknown roles: wizard"),
        (["mafioso", "citizen", "citizen", "citizen"], "exactly one don"),
        (["don", "don", "citizen", "citizen", "citizen"], "exactly one don"),
        (["don", "commissar", "commissar", "citizen"], "at most one commissar"),
        (["don", "sergeant", "citizen", "citizen"], "needs a commissar"),
        (["don", "killer", "citizen", "citizen"], "fewer than the other"),
    ],
)
def test_a_servers_own_list_is_validated(roles: list[str], why: str) -> None:
    with pytest.raises(InvalidRoleList, match=why) as refused:
        validate_roles(roles)
    assert refused.value.code in CODES  # a closed code for the bot's catalogue
    assert validate_roles(["don", "maniac", "lucky", "citizen", "citizen"])[1] is ChatRole.MANIAC
