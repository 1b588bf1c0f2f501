"""The scenario runner of ``shared/scenarios/FORMAT.md``.

    python -m engine.scenario FILE.yaml [FILE.yaml ...]          # one JSON line per file
    python -m engine.scenario --check FILE.yaml [FILE.yaml ...]  # compare with ``expect``

The only module of the engine that does I/O (in ``main``) and imports PyYAML. Players are
identified by their names. A host can use it to answer "what happens if...".
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from engine.chat import scenario as chat_scenario
from engine.choices import Choice, Verb
from engine.errors import EngineError, GameOver
from engine.events import Autokilled, Died, Event, Left, Notice, Refused, VoteCounted
from engine.forum.day import resolve_day
from engine.forum.deal import RESERVED_IDS, new_game
from engine.forum.night import resolve_night
from engine.roles import Faction, Gun, Mode, Phase, Role
from engine.scenario_file import ScenarioError, compare_outcome
from engine.scenario_file import mapping as _mapping
from engine.scenario_file import start as _start
from engine.scenario_file import target as _target
from engine.state import GameState

OUTCOME_KEYS = (
    "phase", "number", "died", "left", "autokilled", "alive", "roles", "factions", "votes",
    "public", "knows", "refused", "winner",
)  # fmt: skip
_SET_KEYS = {"died", "left", "autokilled", "alive", "public"}
_NIGHT_VERBS = {"shoot", "heal", "block", "fire", "choose", "bite", "hide", "skip"}
_DAY_VERBS = {"protect", "void", "order", "skip"}


MAX_DEPTH = 16  # the format nests four levels deep; anything far deeper is no scenario
#: Names a player may not have in a file: the teams' keys and the day step's ``votes``.
RESERVED_NAMES = RESERVED_IDS | {"votes"}
OPTIONS: dict[str, type] = {"multifunctional_child": bool}


class _Loader(yaml.SafeLoader):
    """YAML 1.1 without yes/no/on/off booleans, so that players may be named ``No`` or ``On``;
    a key given twice in one mapping, or nesting deeper than ``MAX_DEPTH``, is a file error."""

    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise ScenarioError(f"nesting deeper than {MAX_DEPTH} levels")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=True)
            if key in seen:
                line = key_node.start_mark.line + 1
                raise ScenarioError(f"duplicate key {key!r} (line {line})")
            seen.add(key)
        return super().construct_mapping(node, deep)


_Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


@dataclass
class Scenario:
    title: str
    state: GameState
    steps: list[tuple[Phase, dict[str, Any], dict[str, Any]]]  # (phase, choices, expect)


def _load(text: str) -> dict[str, Any]:
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise ScenarioError(f"bad YAML: {' '.join(str(exc).split())}") from None
    except RecursionError:
        raise ScenarioError(f"nesting deeper than {MAX_DEPTH} levels") from None
    return _mapping(data, "the file", required=True)


def _options(data: dict[str, Any]) -> dict[str, Any]:
    """``options`` are strictly typed: ``multifunctional_child: no`` is an error, not "on"."""
    options = _mapping(data.get("options"), "options")
    for key, value in options.items():
        kind = OPTIONS.get(key)
        if kind is None:
            raise ScenarioError(f"unknown option {key!r} (known: {', '.join(OPTIONS)})")
        if not isinstance(value, kind):
            raise ScenarioError(f"option {key} must be true or false, not {value!r}")
    return options


def _deal(data: dict[str, Any]) -> list[tuple[str, str, str | None]]:
    players = _mapping(data.get("players"), "players")
    if not players:
        raise ScenarioError("no players")
    deal: list[tuple[str, str, str | None]] = []
    for name, spec in players.items():
        if name in RESERVED_NAMES:
            raise ScenarioError(f"player name {name!r} is reserved (a team or step key)")
        if not isinstance(spec, str):
            raise ScenarioError(
                f"player {name!r}: the role must be a word such as cop or don@mafia"
            )
        role, _, faction = spec.partition("@")
        if role not in {r.value for r in Role}:
            raise ScenarioError(f"unknown role {role!r} for player {name!r}")
        if faction and faction not in {f.value for f in Faction}:
            raise ScenarioError(f"unknown faction {faction!r} for player {name!r}")
        deal.append((name, role, faction or None))
    return deal


def _steps(data: dict[str, Any]) -> list[tuple[Phase, dict[str, Any], dict[str, Any]]]:
    raw_steps = data.get("steps") or []
    if not isinstance(raw_steps, list):
        raise ScenarioError("steps must be a list")
    steps: list[tuple[Phase, dict[str, Any], dict[str, Any]]] = []
    for i, raw in enumerate(raw_steps, 1):
        raw = _mapping(raw, f"step {i}", required=True)
        kinds = [k for k in ("night", "day") if k in raw]
        if len(kinds) != 1:
            raise ScenarioError(f"step {i} must have exactly one of night, day")
        phase = Phase(kinds[0])
        body = _mapping(raw[kinds[0]], f"step {i} {phase}")
        if phase is Phase.DAY and "votes" in body and not isinstance(body["votes"], dict):
            raise ScenarioError(f"step {i}: votes must be a mapping voter: target ({{}} for none)")
        steps.append((phase, body, _mapping(raw.get("expect"), f"step {i} expect")))
    return steps


def parse(text: str) -> Scenario:
    """Read a scenario file's text; raise ScenarioError with a clear message."""
    data = _load(text)
    try:
        mode = Mode(str(data.get("mode", "two-sided")))
    except ValueError:
        raise ScenarioError(f"unknown mode {data.get('mode')!r}") from None
    options = _options(data)
    deal = _deal(data)
    number, dead = _start(data, {name for name, _, _ in deal})
    steps = _steps(data)
    phase = steps[0][0] if steps else Phase.DAY
    try:
        state = new_game(
            mode, deal, multifunctional_child=options.get("multifunctional_child", False),
            dead=dead, number=number, phase=phase,
        )  # fmt: skip
    except EngineError as exc:
        raise ScenarioError(str(exc)) from None
    return Scenario(str(data.get("title", "")), state, steps)


def _choices_of_actor(actor: str, given: Any) -> list[Choice]:
    out: list[Choice] = []
    for verb, arg in _mapping(given, f"choices of {actor}").items():
        if verb not in _NIGHT_VERBS | _DAY_VERBS:
            raise ScenarioError(f"unknown verb {verb!r} for {actor!r}")
        what = f"{actor}'s {verb}"
        if verb == "fire":
            for gun, target in _mapping(arg, what).items():
                # a gun name that is no gun is a gun not held: refused no_gun
                known = gun in {g.value for g in Gun}
                out.append(
                    Choice(actor, Verb.FIRE, _target(target, what), Gun(gun) if known else None)
                )
        elif verb == "skip":
            if not isinstance(arg, bool):
                raise ScenarioError(f"{what} must be true or false")
            if arg:
                out.append(Choice(actor, Verb.SKIP))
        else:
            out.append(Choice(actor, Verb(verb), _target(arg, what)))
    return out


def choices_of(phase: Phase, step: dict[str, Any]) -> tuple[list[Choice], bool]:
    """The choices of a step, in file order, and whether a vote is held (days).

    FORMAT.md: a known verb of the other phase is a choice the actor's role has no "now": it
    is refused ``no_power`` by ``check`` (the file still runs); only unknown verbs error."""
    out: list[Choice] = []
    for actor, given in step.items():
        if phase is Phase.DAY and actor == "votes":
            continue
        out.extend(_choices_of_actor(actor, given))
    held = phase is Phase.DAY and "votes" in step
    if held:
        for voter, target in _mapping(step["votes"], "votes").items():
            out.append(Choice(voter, Verb.VOTE, _target(target, f"{voter}'s vote")))
    return out, held


def outcome(phase: Phase, number: int, state: GameState, events: list[Event]) -> dict[str, Any]:
    """The outcome object of FORMAT.md for one step."""
    died = [e for e in events if isinstance(e, Died)]
    refused: dict[str, str] = {}
    for e in events:
        if isinstance(e, Refused):
            refused.setdefault(e.actor, e.code.value)
    votes: dict[str, int] = {}
    for e in events:
        if isinstance(e, VoteCounted):
            votes = {t: c for t, c in e.counts if c}
    players = sorted(state.players, key=lambda p: p.id)
    return {
        "phase": phase.value,
        "number": number,
        "died": sorted(e.who for e in died),
        "left": sorted(e.who for e in died if isinstance(e, Left)),
        "autokilled": sorted(
            e.who for e in died if isinstance(e, Autokilled) or isinstance(e, Left) and e.autokilled
        ),
        "alive": sorted(p.id for p in state.living()),
        "roles": {p.id: p.role.value for p in players},
        "factions": {p.id: p.faction.value for p in players},
        "votes": dict(sorted(votes.items())),
        "public": sorted({e.code.value for e in events if isinstance(e, Notice)}),
        "knows": {p.id: dict(sorted(state.knows.get(p.id, {}).items())) for p in players},
        "refused": dict(sorted(refused.items())),
        "winner": "+".join(f.value for f in state.winner) if state.winner else "none",
    }


def run(scn: Scenario) -> list[dict[str, Any]]:
    """Play every step; return the outcome objects.

    Numbering (FORMAT.md): the first step has number ``start.night``; day N comes before
    night N, so after night N come day N+1 (or night N+1), and after day N comes night N."""
    state = scn.state
    number = state.number
    outcomes: list[dict[str, Any]] = []
    prev: Phase | None = None
    for i, (phase, step, _expect) in enumerate(scn.steps, 1):
        if prev is Phase.NIGHT or (prev is Phase.DAY and phase is Phase.DAY):
            number += 1
        if (state.phase, state.number) != (phase, number):
            state = replace(state, phase=phase, number=number)  # the file's own sequence
        choices, held = choices_of(phase, step)
        try:
            if phase is Phase.NIGHT:
                state, events = resolve_night(state, choices)
            else:
                state, events = resolve_day(state, choices, vote_held=held)
        except GameOver as exc:
            raise ScenarioError(f"step {i} ({phase} {number}): {exc}") from None
        outcomes.append(outcome(phase, number, state, events))
        prev = phase
    return outcomes


def compare(expect: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """Differences between an ``expect`` block and an outcome, one line per differing key."""
    return compare_outcome(expect, got, OUTCOME_KEYS, _SET_KEYS)


def check_text(text: str) -> list[str]:
    """Run a scenario's text and compare each step with its ``expect``: [] when all match.
    A file that cannot be run gives one line ``error: ...``."""
    if _is_chat(text):  # the mode selects the pack (CHAT-GAME.md section 8)
        return chat_scenario.check_data(_load(text))
    try:
        scn = parse(text)
        outcomes = run(scn)
    except (ScenarioError, EngineError) as exc:
        return [f"error: {exc}"]
    diffs: list[str] = []
    for (_phase, _step, expect), got in zip(scn.steps, outcomes, strict=True):
        for d in compare(expect, got):
            diffs.append(f"step {got['phase']} {got['number']}: {d}")
    return diffs


def read(path: str | Path) -> str:
    """A scenario file's text; ``ScenarioError`` for a file that cannot be read or is not
    UTF-8 (one clear line, no exception name)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"cannot read: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(
            f"not UTF-8 text: byte 0x{exc.object[exc.start]:02x} at offset {exc.start}"
        ) from None


def check_file(path: str | Path) -> list[str]:
    try:
        text = read(path)
    except ScenarioError as exc:
        return [f"error: {exc}"]
    return check_text(text)


def _is_chat(text: str) -> bool:
    try:
        return _load(text).get("mode") == "chat"
    except ScenarioError:
        return False  # the forum's path reports it


def run_text(text: str) -> list[dict[str, Any]]:
    if _is_chat(text):
        return chat_scenario.run_data(_load(text))
    return run(parse(text))


def _check_one(name: str) -> list[str]:
    try:
        return check_file(name)
    except Exception as exc:  # never a traceback (FORMAT.md)
        return [f"error: {type(exc).__name__}: {exc}"]


def _run_one(name: str) -> dict[str, Any]:
    try:
        return {"file": name, "steps": run_text(read(name))}
    except (ScenarioError, EngineError) as exc:
        return {"file": name, "error": str(exc)}
    except Exception as exc:  # never a traceback (FORMAT.md)
        return {"file": name, "error": f"{type(exc).__name__}: {exc}"}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    checking = "--check" in args
    files = [a for a in args if a != "--check"]
    if not files:
        print(
            "usage: python -m engine.scenario [--check] FILE.yaml [FILE.yaml ...]", file=sys.stderr
        )
        return 2
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8")  # names may be Cyrillic whatever the locale
    status = 0
    for name in files:
        if checking:
            diffs = _check_one(name)
            for d in diffs or ["ok"]:
                print(f"{name}: {d}")
        else:
            line = _run_one(name)
            diffs = [line["error"]] if "error" in line else []
            print(json.dumps(line, ensure_ascii=False))
        status = 1 if diffs else status
    return status


if __name__ == "__main__":
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:  # output piped into `head`: stop quietly, no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 1
    sys.exit(code)
