"""Tests for engine.forum.balance (R-BAL-1..5)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.forum.balance import (
    MIN_PLAYERS,
    BalanceError,
    RoleList,
    Slot,
    mafia_count,
    parse,
    preset,
    propose,
    team_size,
    validate,
)

# R-BAL-3, typed in again from RULES.md (not imported) so that a typo in the module shows.
TABLE = {
    20: ("cop, assistant, doctor, lawyer, bouncer, vampire, kamikaze", 5, 4),
    21: ("cop, sniper, doctor, lawyer, bouncer, woodman, kamikaze", 6, 4),
    22: ("cop, assistant, sniper, doctor, lawyer, bouncer, kamikaze", 7, 4),
    23: ("cop, assistant, sniper, doctor, lawyer, vampire, bouncer, kamikaze", 7, 4),
    24: ("cop, assistant, sniper, doctor, lawyer, bouncer, woodman, kamikaze", 6, 5),
    25: ("cop, assistant, sniper, doctor, lawyer, bouncer, woodman, kamikaze", 7, 5),
}


def town_roles(role_list: RoleList) -> list[str]:
    return [s.role for s in role_list.team("town") if s.role not in ("citizen", "child")]


@pytest.mark.parametrize("players", sorted(TABLE))
def test_preset_is_exactly_the_table(players: int) -> None:
    roles_text, citizens, per_team = TABLE[players]
    result = preset(players)
    assert len(result) == players
    assert town_roles(result) == roles_text.split(", ")
    # "one of the citizens is the child"
    assert result.count("citizen", "town") == citizens - 1
    assert result.count("child", "town") == 1
    for team in ("mafia", "maniacs"):
        members = result.team(team)
        assert len(members) == per_team
        assert Counter(s.role for s in members) == {"don": 1, "mafioso": per_team - 1}
    assert result.basements == {"mafia", "maniacs"}
    assert validate(result, "three-sided", players=players) == []
    assert propose(players, "three-sided") == result


def test_no_preset_outside_the_table() -> None:
    with pytest.raises(BalanceError) as error:
        preset(19)
    assert error.value.codes == ("no_preset",)


@pytest.mark.parametrize("players", range(4, 61))
def test_two_sided_proposal_obeys_r_bal_1(players: int) -> None:
    result = propose(players, "two-sided")
    assert len(result) == players
    mafia = len(result.team("mafia"))
    # R-BAL-1: the count closest to a third (never a tie for integers)
    assert all(abs(mafia - players / 3) <= abs(m - players / 3) for m in range(players + 1))
    assert result.count("don") == 1
    assert result.count("maniac") == 0
    assert result.basements == {"mafia"}
    assert validate(result, "two-sided", players=players) == []


@pytest.mark.parametrize("players", range(6, 41))
def test_two_sided_with_lone_maniac(players: int) -> None:
    result = propose(players, "two-sided", maniac=True)
    assert len(result) == players
    assert result.count("maniac", "maniac") == 1
    assert len(result.team("mafia")) == mafia_count(players)
    assert validate(result, "two-sided", players=players) == []


@pytest.mark.parametrize("players", [n for n in range(5, 61) if not 20 <= n <= 25])
def test_three_sided_proposal_obeys_r_bal_2(players: int) -> None:
    result = propose(players, "three-sided")
    assert len(result) == players
    mafia, maniacs = len(result.team("mafia")), len(result.team("maniacs"))
    assert mafia == maniacs  # split equally
    criminals = mafia + maniacs
    town = len(result.team("town"))
    assert criminals < town
    # closest to 40% among even counts that leave the town larger (R-BAL-2 + decision)
    fair = [c for c in range(2, players + 1, 2) if c < players - c]
    best = min(fair, key=lambda c: abs(c - 0.4 * players))
    if players > 25:  # R-BAL-4: never below the 25 preset's 5 per team
        best = max(best, 10)
    assert criminals == best
    assert result.count("don", "mafia") == result.count("don", "maniacs") == 1
    assert result.basements == {"mafia", "maniacs"}
    assert validate(result, "three-sided", players=players) == []


def test_r_bal_2_examples() -> None:
    assert [team_size(n) for n in (5, 8, 10, 13, 15, 19, 30)] == [1, 1, 2, 3, 3, 4, 6]
    assert [mafia_count(n) for n in (4, 5, 6, 7, 8, 9, 10, 20)] == [1, 2, 2, 2, 3, 3, 3, 7]


def test_over_25_starts_from_the_25_preset() -> None:
    result = propose(26, "three-sided")
    assert town_roles(result) == TABLE[25][0].split(", ")
    assert len(result.team("mafia")) == len(result.team("maniacs")) == 5
    assert result.count("citizen") == 7 and result.count("child") == 1


def test_r_bal_5_priority_cop_doctor_first() -> None:
    assert town_roles(propose(4, "two-sided")) == ["cop", "doctor"]
    assert town_roles(propose(10, "two-sided")) == ["cop", "doctor", "assistant", "sniper"]
    roles = town_roles(propose(19, "three-sided"))
    assert roles[:2] == ["cop", "doctor"]


def test_extras_replace_citizens_and_are_validated() -> None:
    result = propose(30, "three-sided", extras=["zombie", "sniper", "kamikaze"])
    assert result.count("zombie", "zombies") == 1
    assert result.count("sniper") == 2 and result.count("kamikaze") == 2
    assert len(result) == 30
    with pytest.raises(BalanceError) as error:
        propose(15, "two-sided", extras=["zombie"])
    assert "zombie_needs_over_25" in error.value.codes
    with pytest.raises(BalanceError) as error:
        propose(4, "two-sided", extras=["hobo", "hobo"])
    assert error.value.codes == ("too_many_extras",)


@pytest.mark.parametrize(
    ("players", "mode", "maniac", "code"),
    [
        (MIN_PLAYERS["two-sided"] - 1, "two-sided", False, "too_few_players"),
        (MIN_PLAYERS["three-sided"] - 1, "three-sided", False, "too_few_players"),
        (5, "two-sided", True, "too_few_players"),
        (20, "three-sided", True, "maniac_in_three_sided"),
        (20, "four-sided", False, "unknown_mode"),
    ],
)
def test_propose_refuses_with_a_code(players: int, mode: str, maniac: bool, code: str) -> None:
    with pytest.raises(BalanceError) as error:
        propose(players, mode, maniac=maniac)  # type: ignore[arg-type]
    assert error.value.codes == (code,)


# --- validate -----------------------------------------------------------------------------------

GOOD_TWO = "cop doctor citizen citizen child don mafioso".split()
GOOD_THREE = "cop doctor citizen citizen citizen don@mafia don@maniacs".split()


def two(*codes: str) -> RoleList:
    return parse(codes)


def test_parse_defaults_and_basements() -> None:
    result = parse(["cop", "don", "mafioso@maniacs", "maniac", "zombie"])
    assert result.slots == (
        Slot("cop", "town"),
        Slot("don", "mafia"),
        Slot("mafioso", "maniacs"),
        Slot("maniac", "maniac"),
        Slot("zombie", "zombies"),
    )
    assert result.basements == {"mafia", "maniacs"}
    assert result.codes()[1] == "don@mafia"


def test_good_lists_have_no_problem() -> None:
    assert validate(two(*GOOD_TWO), "two-sided", players=7) == []
    assert validate(parse(GOOD_THREE), "three-sided") == []


@pytest.mark.parametrize(
    ("codes", "mode", "players", "problem"),
    [
        (GOOD_TWO, "two-sided", 8, "player_count_mismatch"),
        (["cop", "citizen", "don"], "two-sided", None, "too_few_players"),
        ([*GOOD_TWO, "wizard"], "two-sided", None, "unknown_role:wizard"),
        ([*GOOD_TWO, "citizen", "cop@mafia"], "two-sided", None, "wrong_faction:cop@mafia"),
        (["don@town", *GOOD_TWO], "two-sided", None, "wrong_faction:don@town"),
        (["cop", "doctor", "citizen", "citizen", "mafioso"], "two-sided", None, "no_don:mafia"),
        (["cop", "doctor", "citizen", "citizen", "citizen"], "two-sided", None, "missing_team:mafia"),
        ([*GOOD_TWO, "citizen", "citizen", "don"], "two-sided", None, "several_dons:mafia"),
        (
            ["cop", "doctor", "citizen", "citizen", "citizen", "citizen", "don@mafia"],
            "three-sided",
            None,
            "missing_team:maniacs",
        ),
        (
            ["cop", "doctor", "citizen", "citizen", "citizen", "mafioso@maniacs", "don@mafia"],
            "three-sided",
            None,
            "no_don:maniacs",
        ),
        (
            [*GOOD_THREE, "citizen", "citizen", "mafioso@mafia"],
            "three-sided",
            None,
            "unequal_teams",
        ),
        ([*GOOD_THREE, "citizen", "maniac"], "three-sided", None, "maniac_in_three_sided"),
        ([*GOOD_TWO, "citizen", "citizen", "don@maniacs"], "two-sided", None,
         "maniacs_team_in_two_sided"),
        (["assistant", "doctor", "citizen", "citizen", "don"], "two-sided", None,
         "assistant_without_cop"),
        ([*GOOD_TWO, "cop"], "two-sided", None, "duplicate_role:cop"),
        ([*GOOD_TWO, "doctor"], "two-sided", None, "duplicate_role:doctor"),
        ([*GOOD_TWO, "child"], "two-sided", None, "duplicate_role:child"),
        ([*GOOD_TWO, "sniper", "sniper"], "two-sided", None, "duplicate_role:sniper"),
        ([*GOOD_TWO, "maniac", "maniac", "citizen", "citizen"], "two-sided", None,
         "duplicate_role:maniac"),
        ([*GOOD_TWO, "zombie"], "two-sided", None, "zombie_needs_over_25"),
        (["don", "mafioso", "mafioso", "maniac"], "two-sided", None, "no_town"),
        (["cop", "doctor", "citizen", "don", "mafioso", "mafioso"], "two-sided", None,
         "criminals_already_winning"),
        (
            ["cop", "doctor", "citizen", "don@mafia", "mafioso@mafia", "don@maniacs",
             "mafioso@maniacs"],
            "three-sided",
            None,
            "criminals_already_winning",
        ),
    ],
)  # fmt: skip
def test_validate_catches(codes: list[str], mode: str, players: int | None, problem: str) -> None:
    assert problem in validate(parse(codes), mode, players=players)


def test_validate_basement_without_team() -> None:
    role_list = parse(GOOD_TWO, basements=["mafia", "maniacs"])
    assert validate(role_list, "two-sided") == ["basement_without_team:maniacs"]


def test_validate_unknown_mode() -> None:
    assert validate(two(*GOOD_TWO), "one-sided") == ["unknown_mode"]


def test_second_sniper_allowed_over_25_only() -> None:
    base = propose(26, "three-sided")
    doubled = RoleList(
        tuple(Slot("sniper", "town") if s == Slot("citizen", "town") else s for s in base.slots[:9])
        + base.slots[9:],
        base.basements,
    )
    assert doubled.count("sniper") == 2
    assert validate(doubled, "three-sided") == []
    small = two(*GOOD_TWO, "sniper", "sniper", "citizen", "citizen")
    assert "duplicate_role:sniper" in validate(small, "two-sided")


def test_problem_list_has_no_duplicates_and_is_stable() -> None:
    role_list = two("wizard", "wizard", "cop@mafia", "cop@mafia")
    problems = validate(role_list, "two-sided")
    assert len(problems) == len(set(problems))
    assert problems == validate(role_list, "two-sided")
