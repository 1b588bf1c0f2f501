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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.choices import Choice, Verb
from engine.day import resolve_day
from engine.events import Autokilled, Died, Event, Left, Notice, Refused, VoteCounted
from engine.night import resolve_night
from engine.roles import Faction, Gun, Mode, Phase, Role
from engine.state import EngineError, GameState, new_game

OUTCOME_KEYS = (
    "phase", "number", "died", "left", "autokilled", "alive", "roles", "factions", "votes",
    "public", "knows", "refused", "winner",
)  # fmt: skip
_SET_KEYS = {"died", "left", "autokilled", "alive", "public"}
_ENTRY_KEYS = {"roles", "factions"}
_NIGHT_VERBS = {"shoot", "heal", "block", "fire", "choose", "bite", "hide", "skip"}
_DAY_VERBS = {"protect", "void", "order", "skip"}


class ScenarioError(Exception):
    """The file cannot be run: a clear one-line message."""


class _Loader(yaml.SafeLoader):
    """YAML 1.1 without yes/no/on/off booleans, so that players may be named ``No`` or ``On``."""


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


def _mapping(value: Any, what: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ScenarioError(f"{what} must be a mapping")
    return {str(k): v for k, v in value.items()}


def parse(text: str) -> Scenario:
    """Read a scenario file's text; raise ScenarioError with a clear message."""
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise ScenarioError(f"bad YAML: {' '.join(str(exc).split())}") from None
    data = _mapping(data, "the file")
    try:
        mode = Mode(str(data.get("mode", "two-sided")))
    except ValueError:
        raise ScenarioError(f"unknown mode {data.get('mode')!r}") from None
    options = _mapping(data.get("options"), "options")
    players = _mapping(data.get("players"), "players")
    if not players:
        raise ScenarioError("no players")
    deal: list[tuple[str, str, str | None]] = []
    for name, spec in players.items():
        role, _, faction = str(spec).partition("@")
        if role not in {r.value for r in Role}:
            raise ScenarioError(f"unknown role {role!r} for player {name!r}")
        if faction and faction not in {f.value for f in Faction}:
            raise ScenarioError(f"unknown faction {faction!r} for player {name!r}")
        deal.append((name, role, faction or None))
    start = _mapping(data.get("start"), "start")
    dead = [str(x) for x in (start.get("dead") or [])]
    for name in dead:
        if name not in players:
            raise ScenarioError(f"unknown player {name!r} in start.dead")
    try:
        number = int(start.get("night", 1))
    except (TypeError, ValueError):
        raise ScenarioError("start.night must be a number") from None
    try:
        state = new_game(
            mode, deal, multifunctional_child=bool(options.get("multifunctional_child")), dead=dead
        )
    except EngineError as exc:
        raise ScenarioError(str(exc)) from None
    state.number = number
    raw_steps = data.get("steps") or []
    if not isinstance(raw_steps, list):
        raise ScenarioError("steps must be a list")
    steps: list[tuple[Phase, dict[str, Any], dict[str, Any]]] = []
    for i, raw in enumerate(raw_steps, 1):
        raw = _mapping(raw, f"step {i}")
        kinds = [k for k in ("night", "day") if k in raw]
        if len(kinds) != 1:
            raise ScenarioError(f"step {i} must have exactly one of night, day")
        phase = Phase(kinds[0])
        steps.append(
            (
                phase,
                _mapping(raw[kinds[0]], f"step {i} {phase}"),
                _mapping(raw.get("expect"), f"step {i} expect"),
            )
        )
    state.phase = steps[0][0] if steps else Phase.DAY
    return Scenario(str(data.get("title", "")), state, steps)


def _target(value: Any) -> str | None:
    return None if value is None else str(value)


def choices_of(phase: Phase, step: dict[str, Any]) -> tuple[list[Choice], bool]:
    """The choices of a step, in file order, and whether a vote is held (days)."""
    out: list[Choice] = []
    # FORMAT.md: a known verb of the other phase is a choice the actor's role has no "now":
    # it is refused ``no_power`` by ``check`` (the file still runs); only unknown verbs error.
    verbs = _NIGHT_VERBS | _DAY_VERBS
    for actor, given in step.items():
        if phase is Phase.DAY and actor == "votes":
            continue
        for verb, arg in _mapping(given, f"choices of {actor}").items():
            if verb not in verbs:
                raise ScenarioError(f"unknown {phase} verb {verb!r} for {actor!r}")
            if verb == "fire":
                for gun, target in _mapping(arg, f"{actor}'s fire").items():
                    # a gun name that is no gun is a gun not held: refused no_gun
                    known = gun in {g.value for g in Gun}
                    out.append(
                        Choice(actor, Verb.FIRE, _target(target), Gun(gun) if known else None)
                    )
            elif verb == "skip":
                if arg:
                    out.append(Choice(actor, Verb.SKIP))
            else:
                out.append(Choice(actor, Verb(verb), _target(arg)))
    held = phase is Phase.DAY and "votes" in step
    if held:
        for voter, target in _mapping(step["votes"], "votes").items():
            out.append(Choice(voter, Verb.VOTE, _target(target)))
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
    for phase, step, _expect in scn.steps:
        if prev is Phase.NIGHT or (prev is Phase.DAY and phase is Phase.DAY):
            number += 1
        state.phase, state.number = phase, number
        choices, held = choices_of(phase, step)
        if phase is Phase.NIGHT:
            state, events = resolve_night(state, choices)
        else:
            state, events = resolve_day(state, choices, vote_held=held)
        outcomes.append(outcome(phase, number, state, events))
        prev = phase
    return outcomes


def _norm(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _norm(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_norm(v) for v in value]
    if value is None or isinstance(value, bool | int):
        return value
    return str(value)


def compare(expect: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """Differences between an ``expect`` block and an outcome, one line per differing key."""
    diffs: list[str] = []
    for key, want in _norm(expect).items():
        if key not in OUTCOME_KEYS:
            diffs.append(f"{key}: unknown expect key")
            continue
        have = got[key]
        if key in _SET_KEYS:
            ok = isinstance(want, list) and set(want) == set(have)
            shown: Any = have
        elif key in _ENTRY_KEYS:
            want = _mapping(want, key)
            shown = {k: have.get(k) for k in want}
            ok = shown == want
        elif key == "knows":
            want = {k: _mapping(v, f"knows of {k}") for k, v in _mapping(want, key).items()}
            shown = {k: {o: have.get(k, {}).get(o) for o in v} for k, v in want.items()}
            ok = shown == want
        elif key == "votes":
            want = {k: v for k, v in _mapping(want, key).items() if v}
            shown = have
            ok = want == have
        elif key == "refused":
            want = _mapping(want, key)
            shown = have
            ok = want == have
        else:
            shown = have
            ok = want == have
        if not ok:
            diffs.append(f"{key}: expected {json.dumps(want)}, actual {json.dumps(shown)}")
    return diffs


def check_text(text: str) -> list[str]:
    """Run a scenario's text and compare each step with its ``expect``: [] when all match.
    A file that cannot be run gives one line ``error: ...``."""
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


def check_file(path: str | Path) -> list[str]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        return [f"error: cannot read: {exc.strerror}"]
    return check_text(text)


def run_text(text: str) -> list[dict[str, Any]]:
    return run(parse(text))


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
            try:
                diffs = check_file(name)
            except Exception as exc:  # never a traceback (FORMAT.md)
                diffs = [f"error: {type(exc).__name__}: {exc}"]
            if diffs:
                status = 1
                for d in diffs:
                    print(f"{name}: {d}")
            else:
                print(f"{name}: ok")
            continue
        try:
            text = Path(name).read_text(encoding="utf-8")
            line: dict[str, Any] = {"file": name, "steps": run_text(text)}
        except OSError as exc:
            line = {"file": name, "error": f"cannot read: {exc.strerror}"}
            status = 1
        except (ScenarioError, EngineError) as exc:
            line = {"file": name, "error": str(exc)}
            status = 1
        except Exception as exc:  # never a traceback (FORMAT.md)
            line = {"file": name, "error": f"{type(exc).__name__}: {exc}"}
            status = 1
        print(json.dumps(line, ensure_ascii=False))
    return status


if __name__ == "__main__":
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:  # output piped into `head`: stop quietly, no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 1
    sys.exit(code)
