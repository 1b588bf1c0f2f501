"""The rating of one game (db.rating_model): side-aware, each side an openskill team of its
players' mean skill plus the side's own strength (issue 22)."""

from __future__ import annotations

from typing import Any

import pytest

from db.rating_model import NEW_PLAYER, NEW_SIDE, Skill, TeamInput, display, rate_game


def _game(town: Skill, mafia: Skill, town_won: bool, sizes: tuple[int, int] = (4, 2)) -> Any:
    teams = [
        TeamInput(town, (NEW_PLAYER,) * sizes[0], town_won),
        TeamInput(mafia, (NEW_PLAYER,) * sizes[1], not town_won),
    ]
    return rate_game(teams)


def _gain(result: Any, team: int) -> float:
    return result[team][1][0].mu - NEW_PLAYER.mu


def test_a_new_player_shows_1000() -> None:
    assert display(NEW_PLAYER) == 1000


def test_a_bigger_side_is_not_expected_to_win_for_its_size() -> None:
    # Fresh sides, equal players, four against two: each side's mean moves alike, so the side
    # of two moves each of its players twice as far; seven against three is no certain win.
    result = _game(NEW_SIDE, NEW_SIDE, town_won=True)
    town, mafia = _gain(result, 0), _gain(result, 1)
    assert town > 0 > mafia
    assert mafia == pytest.approx(-2 * town, rel=0.02)
    big = _game(NEW_SIDE, NEW_SIDE, town_won=True, sizes=(7, 3))
    assert _gain(big, 0) * 7 == pytest.approx(-_gain(big, 1) * 3, rel=0.02)


def test_the_sides_strength_is_learned_and_weighs_a_win() -> None:
    town, mafia = NEW_SIDE, NEW_SIDE
    first_town_gain = _gain(_game(town, mafia, town_won=True), 0)
    first_mafia_gain = _gain(_game(town, mafia, town_won=False), 1)
    for _ in range(5):  # the town wins five games in a row: its side is the stronger
        (town, _), (mafia, _) = _game(town, mafia, town_won=True)
    assert town.mu > 0 > mafia.mu
    # Now a town win is expected and moves less; a mafia win is an upset and moves more.
    assert 0 < _gain(_game(town, mafia, town_won=True), 0) < first_town_gain
    assert _gain(_game(town, mafia, town_won=False), 1) > first_mafia_gain > 0


def test_a_draw_moves_no_side_ahead() -> None:
    teams = [
        TeamInput(NEW_SIDE, (NEW_PLAYER,) * 3, False),
        TeamInput(NEW_SIDE, (NEW_PLAYER,) * 2, False),
    ]
    (town, players), (mafia, others) = rate_game(teams)
    assert town.mu == pytest.approx(mafia.mu) and players[0].mu == pytest.approx(others[0].mu)
    assert players[0].sigma < NEW_PLAYER.sigma  # but the game is known a little better


def test_a_game_of_one_side_changes_nothing() -> None:
    alone = [TeamInput(NEW_SIDE, (NEW_PLAYER,) * 3, True), TeamInput(NEW_SIDE, (), False)]
    assert rate_game(alone) == [(NEW_SIDE, (NEW_PLAYER,) * 3), (NEW_SIDE, ())]
