"""The values of a scenario file (FORMAT.md), read the same way by both packs' runners: the
file error, a mapping, one player named, the ``start`` block, and ``expect`` normalised for the
comparison. Free of YAML (``engine.scenario`` loads the file)."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

_ENTRY_KEYS = {"roles", "factions"}


class ScenarioError(Exception):
    """The file cannot be run: a clear one-line message."""


def mapping(value: Any, what: str, *, required: bool = False) -> dict[str, Any]:
    """``value`` as a mapping with string keys (absent: empty, unless ``required``)."""
    if value is None and not required:
        return {}
    if not isinstance(value, dict):
        raise ScenarioError(f"{what} must be a mapping")
    return {str(k): v for k, v in value.items()}


def start(data: dict[str, Any], names: set[str]) -> tuple[int, list[str]]:
    """``start: {night: N, dead: [...]}``: the first step's number and who is already dead."""
    block = mapping(data.get("start"), "start")
    dead = block.get("dead") or []
    if not isinstance(dead, list):
        raise ScenarioError("start.dead must be a list of players")
    dead = [str(x) for x in dead]
    for name in dead:
        if name not in names:
            raise ScenarioError(f"unknown player {name!r} in start.dead")
    number = block.get("night", 1)
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise ScenarioError(f"start.night must be a whole number from 1, not {number!r}")
    return number, dead


def target(value: Any, what: str) -> str | None:
    """One player named (a name, or nothing)."""
    if value is None:
        return None
    if isinstance(value, dict | list):
        raise ScenarioError(f"{what} must name one player")
    return str(value)


def normalised(value: Any) -> Any:
    """``expect`` with string keys and scalars as strings, so it compares with an outcome."""
    if isinstance(value, dict):
        return {str(k): normalised(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalised(v) for v in value]
    if value is None or isinstance(value, bool | int):
        return value
    return str(value)


def compare_outcome(
    expect: dict[str, Any], got: dict[str, Any], keys: Collection[str], set_keys: Collection[str]
) -> list[str]:
    """Differences between an ``expect`` block and an outcome, one line per differing key
    (FORMAT.md): ``set_keys`` as sets, roles and factions entry by entry, ``knows`` pair by
    pair, ``votes`` as the non-zero counts, the rest equal; a key not in ``keys`` is unknown."""
    diffs: list[str] = []
    for key, want in normalised(expect).items():
        if key not in keys:
            diffs.append(f"{key}: unknown expect key")
            continue
        have = got[key]
        if key in set_keys:
            ok = isinstance(want, list) and set(want) == set(have)
            shown: Any = have
        elif key in _ENTRY_KEYS:
            want = mapping(want, key)
            shown = {k: have.get(k) for k in want}
            ok = shown == want
        elif key == "knows":
            want = {k: mapping(v, f"knows of {k}") for k, v in mapping(want, key).items()}
            shown = {k: {o: have.get(k, {}).get(o) for o in v} for k, v in want.items()}
            ok = shown == want
        elif key == "votes":
            want = {k: v for k, v in mapping(want, key).items() if v}
            shown = have
            ok = want == have
        elif key == "refused":
            want = mapping(want, key)
            shown = have
            ok = want == have
        else:
            shown = have
            ok = want == have
        if not ok:
            diffs.append(f"{key}: expected {json.dumps(want)}, actual {json.dumps(shown)}")
    return diffs
