"""Hostile input gets a clear error, never a wrong answer (the engine issue, section 2).

Each case was found by feeding the runner or the API bad input; the file or call is refused
with one line that says what is wrong, instead of being run with a silently wrong meaning.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from engine import (
    Choice,
    GameOver,
    InvalidDeal,
    Phase,
    Verb,
    autokill,
    check,
    new_game,
    record,
    resolve_day,
    resolve_night,
    strip_role,
)
from engine.scenario import check_text, main, run_text

GOOD_PLAYERS = "players: {Ann: cop, Bob: don, Cid: mafioso, Dan: citizen, Eve: doctor}\n"


def _error(text: str) -> str:
    lines = check_text(textwrap.dedent(text))
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    return lines[0]


# --- the runner's files ---------------------------------------------------------------------


def test_a_player_listed_twice_is_a_file_error() -> None:
    text = """
        players: {Ann: cop, Bob: don, Ann: citizen, Cid: citizen}
        steps: [{night: {mafia: {shoot: Cid}}}]
    """
    assert "duplicate key 'Ann'" in _error(text)


def test_a_voter_listed_twice_is_a_file_error() -> None:
    text = f"""
        {GOOD_PLAYERS}
        steps:
          - day:
              votes:
                Ann: Bob
                Bob: Ann
                Ann: Cid
    """
    assert "duplicate key 'Ann' (line 9)" in _error(text)


@pytest.mark.parametrize("value", ["no", "yes", "off", "1", "'true'", "0"])
def test_options_are_strictly_typed(value: str) -> None:
    text = GOOD_PLAYERS + f"options: {{multifunctional_child: {value}}}\nsteps: []\n"
    assert "option multifunctional_child must be true or false" in _error(text)


def test_options_true_and_false_are_accepted_and_mean_what_they_say() -> None:
    base = (
        "players: {Ann: cop, Bob: don, Cid: mafioso, Kid: child, Dan: citizen, Eve: citizen}\n"
        "steps: [{night: {Ann: {shoot: Kid}, mafia: {shoot: Dan}}}]\n"
    )
    on = run_text(base + "options: {multifunctional_child: true}\n")
    off = run_text(base + "options: {multifunctional_child: false}\n")
    assert on[0]["roles"]["Kid"] == "assistant"  # R-NIGHT-5c option
    assert off[0]["roles"]["Kid"] == "citizen"


def test_an_unknown_option_is_refused() -> None:
    assert "unknown option 'multifunctional_kid'" in _error(
        GOOD_PLAYERS + "options: {multifunctional_kid: true}\nsteps: []\n"
    )


@pytest.mark.parametrize("name", ["mafia", "maniacs", "zombies", "votes", "cop"])
def test_player_names_that_are_team_or_step_keys_are_refused(name: str) -> None:
    text = f"players: {{Ann: cop, Bob: don, {name}: citizen, Dan: citizen}}\nsteps: []\n"
    assert f"player name {name!r} is reserved" in _error(text)


def test_votes_null_is_a_file_error_not_a_vote_with_no_ballots() -> None:
    text = GOOD_PLAYERS + "steps:\n  - day:\n      votes: null\n"
    assert "votes must be a mapping" in _error(text)


@pytest.mark.parametrize("night", ["-1", "0", "1.5", "true", "two"])
def test_a_start_night_below_one_or_not_a_number_is_refused(night: str) -> None:
    text = GOOD_PLAYERS + f"start: {{night: {night}}}\nsteps: []\n"
    assert "start.night must be a whole number from 1" in _error(text)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("{Ann: cop@mafia, Bob: don, Cid: citizen}", "a cop cannot be of faction mafia"),
        ("{Ann: cop, Bob: don@town, Cid: citizen}", "a don cannot be of faction town"),
        ("{Ann: cop, Bob: mafioso, Cid: citizen, Dan: citizen}", "the mafia team has no don"),
    ],
)
def test_impossible_deals_in_a_file_are_refused(players: str, message: str) -> None:
    assert message in _error(f"players: {players}\nsteps: []\n")


def test_a_step_after_the_win_is_refused() -> None:
    text = """
        players: {Ann: cop, Bob: don, Cid: citizen}
        steps:
          - night: {Ann: {shoot: Bob}, mafia: {shoot: Cid}}
          - day: {votes: {}}
    """
    assert "step 2 (day 2): the game is over: town won (R-WIN-1)" in _error(text)


def test_a_non_utf8_file_gives_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("title: caf\xe9\n".encode("latin-1") + GOOD_PLAYERS.encode())
    assert main(["--check", str(path)]) == 1
    assert capsys.readouterr().out == f"{path}: error: not UTF-8 text: byte 0xe9 at offset 10\n"
    assert main([str(path)]) == 1
    line = json.loads(capsys.readouterr().out)
    assert line == {"file": str(path), "error": "not UTF-8 text: byte 0xe9 at offset 10"}


@pytest.mark.parametrize("depth", [40, 5000])
def test_absurd_nesting_gives_one_clear_line(
    depth: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text(GOOD_PLAYERS + "steps: " + "[" * depth + "]" * depth + "\n", encoding="utf-8")
    assert main(["--check", str(path)]) == 1
    assert capsys.readouterr().out == f"{path}: error: nesting deeper than 16 levels\n"


# --- the API: new_game ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "deal", "message"),
    [
        (
            "two-sided",
            [("a", "cop", "mafia"), ("b", "don")],
            "'a': a cop cannot be of faction mafia",
        ),
        ("two-sided", [("a", "cop"), ("b", "don", "town")], "'b': a don cannot be of faction town"),
        (
            "three-sided",
            [("a", "cop"), ("b", "don", "mafia"), ("c", "don", "maniacs"), ("m", "maniac")],
            "'m': a three-sided game has no faction maniac",
        ),
        (
            "two-sided",
            [("a", "cop"), ("b", "don"), ("c", "don", "maniacs")],
            "'c': a two-sided game has no faction maniacs",
        ),
        (
            "three-sided",
            [("a", "cop"), ("b", "don", "mafia"), ("c", "mafioso", "maniacs")],
            "the maniacs team has no don",
        ),
        ("two-sided", [("mafia", "cop"), ("b", "don")], "player id 'mafia' is reserved"),
        ("two-sided", [("a", "cop"), ("b", "don"), ("a", "citizen")], "duplicate player 'a'"),
        ("four-sided", [("a", "cop"), ("b", "don")], "unknown mode 'four-sided'"),
        ("two-sided", [("a", "wizard"), ("b", "don")], "unknown role 'wizard' for 'a'"),
    ],
)
def test_new_game_refuses_impossible_deals_precisely(
    mode: str, deal: list[tuple[str, ...]], message: str
) -> None:
    with pytest.raises(InvalidDeal) as refused:
        new_game(mode, deal)  # type: ignore[arg-type]
    assert message in str(refused.value)


@pytest.mark.parametrize("number", [-1, 0])
def test_new_game_refuses_a_start_number_below_one(number: int) -> None:
    with pytest.raises(InvalidDeal, match="1 or more"):
        new_game("two-sided", [("a", "cop"), ("b", "don")], number=number)


def test_new_game_refuses_a_non_boolean_option() -> None:
    with pytest.raises(InvalidDeal, match="true or false"):
        new_game("two-sided", [("a", "cop"), ("b", "don")], multifunctional_child="no")  # type: ignore[arg-type]


# --- nothing after the winner -----------------------------------------------------------------


def _won() -> Any:
    s = new_game(
        "two-sided", [("ann", "cop"), ("bob", "don"), ("cid", "citizen"), ("dan", "citizen")]
    )
    s, _ = autokill(s, "bob")  # R-WIN-1: no criminal left
    assert s.outcome is not None and s.winner
    return s


@pytest.mark.parametrize(
    "call",
    [
        lambda s: check(s, Choice("ann", Verb.VOTE, "cid")),
        lambda s: record(s, [], Choice("ann", Verb.VOTE, "cid")),
        lambda s: resolve_day(s, [Choice("ann", Verb.VOTE, "cid")]),
        lambda s: autokill(s, "cid"),
        lambda s: strip_role(s, "ann"),
    ],
    ids=["check", "record", "resolve_day", "autokill", "strip_role"],
)
def test_nothing_is_checked_recorded_or_resolved_after_the_win(
    call: Callable[[Any], object],
) -> None:
    with pytest.raises(GameOver, match=r"the game is over: town won \(R-WIN-1\)"):
        call(_won())


def test_a_won_night_cannot_be_resolved_either() -> None:
    with pytest.raises(GameOver):
        resolve_night(replace(_won(), phase=Phase.NIGHT), [])


# --- cost grows linearly with the players -----------------------------------------------------


def _big_night(players: int) -> tuple[Any, list[Choice]]:
    """A two-sided night with ``players`` players, a third of them mafia: the cop, the doctor
    and every mafioso act (the team's choice by its key is final), the citizens are idle."""
    mafia = players // 3
    deal: list[tuple[str, str]] = [("ann", "cop"), ("doc", "doctor"), ("don", "don")]
    deal += [(f"m{i}", "mafioso") for i in range(mafia - 1)]
    deal += [(f"c{i}", "citizen") for i in range(players - len(deal))]
    s = new_game("two-sided", deal, phase=Phase.NIGHT)
    choices = [
        Choice("ann", Verb.SHOOT, "m0"),
        Choice("doc", Verb.HEAL, "c0"),
        Choice("mafia", Verb.SHOOT, "c1"),
        *(Choice(f"m{i}", Verb.SHOOT, "c2") for i in range(1, mafia - 1)),
    ]
    return s, choices


def _calls(work: Callable[[], object]) -> int:
    """Python function calls made by ``work`` (deterministic, unlike a clock)."""
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return count


def test_a_night_with_1000_players_costs_linear_work() -> None:
    """Today a 3,000-player night took 10 s (quadratic look-ups); the cost must grow linearly:
    twice the players, at most about twice the Python calls (measured, not timed)."""
    costs = {}
    for n in (500, 1000):
        s, choices = _big_night(n)
        after, events = resolve_night(s, choices)
        assert not any(type(e).__name__ == "Refused" for e in events), events[:3]
        assert {p.id for p in s.living()} - {p.id for p in after.living()} == {"m0", "c1"}
        costs[n] = _calls(lambda s=s, choices=choices: resolve_night(s, choices))
    assert costs[1000] <= 2.3 * costs[500], costs
