"""Issue 17's code criteria, kept: no module of the bot over 500 lines, no function over 60.

The tests, the migrations (aerich's generated state) and the venv are not the bot's code."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = {"tests", "migrations"}
MAX_MODULE, MAX_FUNCTION = 500, 60


def _modules() -> list[Path]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).parts
        if parts[0] in SKIP or any(p.startswith(".") for p in parts):
            continue
        found.append(path)
    return found


def test_the_bots_code_is_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in _modules()}
    assert {"bot.py", "engine/__init__.py", "cogs/delivery/worker.py"} <= names


def test_no_module_over_500_lines() -> None:
    long = {
        p.relative_to(ROOT).as_posix(): n
        for p in _modules()
        if (n := p.read_text(encoding="utf-8").count("\n")) > MAX_MODULE
    }
    assert long == {}


def test_no_function_over_60_lines() -> None:
    long = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_FUNCTION:
                    long[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = size
    assert long == {}
