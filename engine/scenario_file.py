"""The values of a scenario file (FORMAT.md), read the same way by both packs' runners: the
file error, a mapping, one player named, the ``start`` block, and ``expect`` normalised for the
comparison. Free of YAML (``engine.scenario`` loads the file)."""

from __future__ import annotations

from typing import Any


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
