"""Every role and its history after the game (R-LIFE-6; cogs.game.history)."""

from __future__ import annotations

from cogs.game.history import log_by_phase, role_histories
from cogs.game.render import display_names
from db.records import LoggedEvent
from engine import new_game
from engine.events import Cause, Died, RoleChanged, VoteCast
from engine.roles import Faction, Role

DEAL = [
    ("1", "cop", "town"),
    ("2", "child", "town"),
    ("3", "citizen", "town"),
    ("4", "don", "mafia"),
    ("5", "mafioso", "mafia"),
]
NAMES = {"1": "Anna", "2": "Boris", "3": "Vera", "4": "Dina", "5": "Egor"}


def _logged(seq: int, event: object, produced_in: str | None) -> LoggedEvent:
    return LoggedEvent(seq, seq, False, event, produced_in)  # type: ignore[arg-type]


def test_a_changed_role_shows_both_and_each_event_its_phase() -> None:
    # Dealt the child, Boris ends the game as the cop (after the cop's death, R-NIGHT-5c).
    dealt = {pid: f"{role}@{faction}" for pid, role, faction in DEAL}
    final = new_game("two-sided", [("1", "citizen", "town"), ("2", "cop", "town"), *DEAL[2:]],
                     names=NAMES)  # fmt: skip
    log = [
        _logged(1, VoteCast("2", "1"), "day 1"),
        _logged(2, Died("1", Cause.VOTE), "day 1"),
        _logged(3, RoleChanged("2", Role.COP, Faction.TOWN), "night 1"),
    ]
    lines = role_histories(final, dealt, log, "en", display_names(final))
    assert lines[:2] == [
        "**Anna**: Cop (Town) → Citizen (Town)",
        "    · Day 1: Anna is out: the vote.",
    ]
    assert lines[2] == "**Boris**: Mafia's Child (Town) → Cop (Town)"
    assert lines[3].startswith("    · Night 1: Boris is now Cop (Town)")
    assert lines[4:] == [
        "**Vera**: Citizen (Town)",
        "**Dina**: Don (Mafia)",
        "**Egor**: Mafioso (Mafia)",
    ]


def test_the_log_has_a_title_for_each_phase() -> None:
    state = new_game("two-sided", DEAL, names=NAMES)
    log = [
        _logged(1, VoteCast("2", "1"), "day 1"),
        _logged(2, Died("1", Cause.VOTE), "day 1"),
        _logged(3, Died("3", Cause.MAFIA), "night 1"),
        _logged(4, VoteCast("4", "2"), None),  # stored before phases were kept
    ]
    lines = log_by_phase(log, "en", display_names(state))
    assert lines[0] == "**Day 1**" and lines[3] == "**Night 1**"
    assert len(lines) == 6 and lines[1].startswith("Boris") and lines[4].startswith("Vera")
