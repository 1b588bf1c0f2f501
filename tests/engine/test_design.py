"""The engine's design contract (the engine issue, section 3), checked on behaviour and source:
an immutable state built by copy-on-write, precise errors, an ``Outcome`` naming the rule, no
import cycle, no function over 60 lines."""

from __future__ import annotations

import ast
import copy
import dataclasses
import json
import pickle
from pathlib import Path

import pytest

from engine import (
    Choice,
    EngineError,
    Faction,
    GameState,
    InvalidState,
    Outcome,
    Phase,
    PhaseError,
    UnknownPlayer,
    Verb,
    WinReason,
    new_game,
    resolve_day,
    resolve_night,
)
from engine.events import Won
from engine.frozen import FrozenMap

ENGINE = Path(__file__).resolve().parents[2] / "engine"
SOURCES = sorted(ENGINE.rglob("*.py"))
DEAL = [
    ("ann", "cop"), ("ast", "assistant"), ("bob", "don"), ("cid", "mafioso"), ("eve", "doctor"),
    ("fay", "citizen"), ("gus", "citizen"), ("hal", "citizen"), ("ivy", "citizen"),
]  # fmt: skip


def night() -> GameState:
    return new_game("two-sided", DEAL, phase=Phase.NIGHT)


# --- immutable state, copy-on-write ------------------------------------------------------------


def test_the_state_and_its_parts_cannot_be_changed() -> None:
    s = night()
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.number = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.players[0].alive = False  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.players.append(s.players[0])  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="immutable"):
        s.knows["bob"]["ann"] = "cop"  # type: ignore[index]
    with pytest.raises(TypeError, match="immutable"):
        s.cabinets["mafia"] = ()  # type: ignore[index]
    with pytest.raises(TypeError, match="immutable"):
        s.skips.update({"eve": 1})  # type: ignore[attr-defined]


def test_a_night_copies_only_the_players_it_changes() -> None:
    s = night()
    after, _ = resolve_night(
        s, [Choice("mafia", Verb.SHOOT, "fay"), Choice("eve", Verb.HEAL, "gus")]
    )
    changed = {p.id for p, q in zip(s.players, after.players, strict=True) if p is not q}
    assert changed == {"fay"}  # the one who died; everyone else is shared, not copied
    assert after.get("fay").alive is False and s.get("fay").alive is True
    assert after.knows["hal"] is s.knows["hal"]  # nobody taught hal anything: shared


def test_copies_and_pickles_of_a_state_are_equal_and_cheap() -> None:
    s = night()
    assert copy.deepcopy(s) == s and pickle.loads(pickle.dumps(s)) == s
    assert copy.deepcopy(s.knows) is s.knows  # immutable: nothing to copy


def test_indexes_answer_like_a_scan() -> None:
    s, _ = resolve_night(night(), [Choice("mafia", Verb.SHOOT, "ann")])
    assert [p.id for p in s.living()] == [p.id for p in s.players if p.alive]
    assert s.members(Faction.MAFIA) == tuple(p for p in s.players if p.faction is Faction.MAFIA)
    assert s.acting_cop() == s.get("ast")  # R-NIGHT-5e
    assert s.player("nobody") is None


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not a JSON engine state"),
        ("[]", "an engine state is a JSON object"),
        ("{}", "engine state: missing 'mode'"),
    ],
)
def test_from_json_raises_the_engines_own_error(text: str, message: str) -> None:
    with pytest.raises(InvalidState, match=message):
        GameState.from_json(text)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("players", 0, 1), "wizard", "unknown role or faction 'wizard'@'town' of 'ann'"),
        (("players", 0), ["ann", "cop"], "engine state"),
        (("player_fields",), ["id"], "player_fields must be"),
        (("number",), "two", "number must be an integer"),
        (("cabinets", "mafia"), ["bob", "zed"], r"unknown player ids \['zed'\]"),
        (("players", 1, 0), "ann", "a player id appears twice"),
        (("held_guns",), [["ann"]], "engine state"),
    ],
)
def test_from_dict_names_what_is_wrong(
    path: tuple[object, ...], value: object, message: str
) -> None:
    data = json.loads(night().to_json())
    *parents, last = path
    node = data
    for key in parents:
        node = node[key]
    node[last] = value
    with pytest.raises(InvalidState, match=message):
        GameState.from_dict(data)


def test_the_error_hierarchy() -> None:
    with pytest.raises(PhaseError):
        resolve_day(night(), [])
    with pytest.raises(UnknownPlayer):
        night().get("nobody")
    assert issubclass(InvalidState, EngineError) and issubclass(EngineError, ValueError)


# --- the outcome ------------------------------------------------------------------------------


def test_the_outcome_names_the_rule() -> None:
    deal = [("ann", "cop"), ("bob", "don"), ("fay", "citizen"), ("gus", "citizen")]
    s = new_game("two-sided", deal, phase=Phase.NIGHT)
    s, events = resolve_night(
        s, [Choice("ann", Verb.SHOOT, "bob"), Choice("bob", Verb.SHOOT, "fay")]
    )
    assert s.outcome == Outcome((Faction.TOWN,), WinReason.TOWN_CLEARED)  # R-WIN-1
    assert s.winner == [Faction.TOWN] and events[-1] == Won((Faction.TOWN,), "R-WIN-1")
    assert GameState.from_json(s.to_json()).outcome == s.outcome
    lone = [("ann", "cop"), ("bob", "don"), ("max", "maniac"), ("fay", "citizen")]
    s = new_game("two-sided", lone, phase=Phase.NIGHT, dead=["fay"])
    s, _ = resolve_night(s, [Choice("ann", Verb.SHOOT, "bob"), Choice("mafia", Verb.SHOOT, "ann")])
    assert s.outcome == Outcome((Faction.MANIAC,), WinReason.MANIAC_LAST)  # R-WIN-3: alone


# --- source: no import cycle, no long function --------------------------------------------------


def _module(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    modules = {_module(p): p for p in SOURCES}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                base = node.module
                deps |= {f"{base}.{a.name}" for a in node.names} | {base}
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names}
        graph[name] = {d for d in deps if d in modules and d != name and d != "engine"}
    return graph


def test_no_import_cycle_in_the_engine() -> None:
    graph = _imports()
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for dep in graph[name]:
            visit(dep, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())
    # the day owes nothing to the night
    assert "engine.forum.night" not in graph["engine.forum.day"]
    core = {"engine.errors", "engine.frozen", "engine.roles", "engine.parts", "engine.index",
            "engine.state", "engine.draft", "engine.choices", "engine.events", "engine.measure"}  # fmt: skip
    for name in core:  # the core knows no rule pack
        assert not any(dep.startswith("engine.forum") for dep in graph[name]), name


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_function_over_60_lines(path: Path) -> None:
    long = [
        f"{node.name} ({(node.end_lineno or node.lineno) - node.lineno + 1} lines)"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and (node.end_lineno or node.lineno) - node.lineno + 1 > 60
    ]
    assert not long, long


def test_frozen_map_is_a_dict_for_json_and_equality() -> None:
    m = FrozenMap({"a": 1})
    assert m == {"a": 1} and json.dumps(m) == '{"a": 1}'


def test_a_running_game_stored_by_the_first_version_still_reads() -> None:
    """JSON of the first version (players as objects, ``winner`` instead of ``outcome``)."""
    s = night()
    data = s.to_dict()
    fields = data.pop("player_fields")
    data["players"] = [dict(zip(fields, row, strict=True)) for row in data.pop("players")]
    data["winner"] = data.pop("outcome") or []
    assert GameState.from_dict(data) == s
    data["winner"] = ["town"]
    with pytest.raises(InvalidState, match="finished before outcomes"):
        GameState.from_dict(data)


def test_the_next_state_answers_as_one_read_from_json() -> None:
    """The look-ups of the state a night froze answer as those of the same state decoded."""
    s, _ = resolve_night(night(), [Choice("mafia", Verb.SHOOT, "ann")])
    fresh = GameState.from_json(s.to_json())
    assert s.living() == fresh.living() and s.acting_cop() == fresh.acting_cop() == s.get("ast")
    assert s.members(Faction.MAFIA) == fresh.members(Faction.MAFIA)
