"""The repositories' refusals (db/errors.py): one place, stable codes, and placeholders that are
safe to show the user who acted."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from datetime import UTC, datetime

import db
import db.games
from db.errors import (
    BadName,
    DeadlinePassed,
    GameError,
    NameTaken,
    all_refusal_classes,
)
from engine.names import MAX_NAME_LENGTH

# What each refusal's message may show: pinned, so that adding a placeholder is a decision
# (and a catalogue change), never an accident. None of them can hold a role.
PLACEHOLDERS = {
    "already_signed_up": set(),
    "already_voted": set(),
    "bad_name": {"max_length", "problem"},
    "deadline_passed": {"deadline"},
    "game_not_found": set(),
    "game_not_running": set(),
    "name_taken": {"taken_by"},
    "not_signed_up": set(),
    "out_of_game": set(),
    "phase_closed": set(),
    "seed_secret": set(),
    "signup_closed": set(),
    "stale_version": set(),
}


def _example(cls: type[GameError]) -> GameError:
    if cls is NameTaken:
        return NameTaken(7, "Дон Корлеоне")
    if cls is BadName:
        return BadName(7, "length")
    if cls is DeadlinePassed:
        return DeadlinePassed(
            7, datetime(2026, 12, 1, 18, 0, tzinfo=UTC), datetime(2026, 12, 1, 18, 1, tzinfo=UTC)
        )
    return cls(7, "detail for the log")


def test_every_refusal_has_a_distinct_snake_case_code() -> None:
    codes = [cls.code for cls in all_refusal_classes()]
    assert codes == sorted(PLACEHOLDERS)
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", code) for code in codes)
    assert GameError not in all_refusal_classes()


def test_every_refusal_is_defined_in_db_errors_and_exported_by_db_games() -> None:
    found = set()
    for module in pkgutil.iter_modules(db.__path__, "db."):
        for _, obj in inspect.getmembers(importlib.import_module(module.name), inspect.isclass):
            if issubclass(obj, GameError) and obj is not GameError:
                found.add(obj)
    assert found == set(all_refusal_classes())
    assert {cls.__module__ for cls in found} == {"db.errors"}
    assert all(getattr(db.games, cls.__name__) is cls for cls in found)


def test_message_args_are_the_pinned_placeholders_of_plain_values() -> None:
    for cls in all_refusal_classes():
        refusal = _example(cls)
        args = refusal.message_args()
        assert set(args) == PLACEHOLDERS[cls.code], cls
        assert all(isinstance(value, str | int) for value in args.values()), cls
        assert "detail for the log" not in repr(args)  # the detail is for the log only
        assert cls.code in str(refusal) and refusal.game_id == 7


def test_the_placeholders_say_what_the_user_needs() -> None:
    assert NameTaken(1, "Дон Корлеоне").message_args() == {"taken_by": "Дон Корлеоне"}
    assert BadName(1, "no_letter").message_args() == {
        "max_length": MAX_NAME_LENGTH,
        "problem": "no_letter",
    }
    deadline = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)  # 21:00 in Moscow
    late = DeadlinePassed(1, deadline, datetime(2026, 12, 1, 18, 1, tzinfo=UTC))
    assert late.message_args() == {"deadline": 1_796_148_000}  # <t:1796148000:t>
    assert late.message_args()["deadline"] == int(deadline.timestamp())
