"""engine/ stays pure (DESIGN.md, the engine issue): it imports only the standard library (the
scenario runner alone may use PyYAML), never reads the clock or the global random generator, and
does I/O only in the command-line entry points. Checked on the source, so a new module that
breaks the contract fails here rather than in review."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MODULES = sorted(ENGINE.rglob("*.py"))

# Modules that are command-line tools: they may print and parse arguments, inside `main` only.
CLI_MAIN_ONLY = {"scenario.py", "draw.py", "bench.py"}
THIRD_PARTY_ALLOWED = {"scenario.py": {"yaml"}}
# Reading the clock or the process-wide generator: forbidden everywhere in the engine's logic.
CLOCK_CALLS = {("time", "time"), ("time", "monotonic"), ("time", "perf_counter"),
               ("datetime", "now"), ("datetime", "utcnow"), ("datetime", "today"),
               ("date", "today")}  # fmt: skip
GLOBAL_RANDOM = {"random", "randint", "choice", "choices", "shuffle", "sample", "uniform",
                 "randrange", "seed", "getrandbits"}  # fmt: skip


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _outside_main(tree: ast.Module) -> list[ast.AST]:
    """Every node except those inside a top-level function called `main` or the
    `if __name__ == "__main__":` block."""
    keep: list[ast.AST] = []
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "main":
            continue
        if isinstance(stmt, ast.If) and "__main__" in ast.unparse(stmt.test):
            continue
        keep.extend(ast.walk(stmt))
    return keep


def test_the_engine_has_modules() -> None:
    assert len(MODULES) >= 10, MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_imports_only_the_standard_library(path: Path) -> None:
    allowed = set(sys.stdlib_module_names) | {"engine"} | THIRD_PARTY_ALLOWED.get(path.name, set())
    for node in ast.walk(_tree(path)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            assert name.split(".")[0] in allowed, f"{path.name} imports {name}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_clock_no_global_randomness_no_io_outside_main(path: Path) -> None:
    nodes = (
        _outside_main(_tree(path)) if path.name in CLI_MAIN_ONLY else list(ast.walk(_tree(path)))
    )
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            module = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
            assert module != "time", f"{path.name}:{node.lineno} imports time outside main"
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            assert func.id not in {"print", "open", "input"}, (
                f"{path.name}:{node.lineno} calls {func.id}() outside main"
            )
        if isinstance(func, ast.Attribute):
            # `datetime.now()`, `datetime.datetime.now()`, `dt.datetime.now()`: the last two names
            owner = ast.unparse(func.value).split(".")[-1]
            assert (owner, func.attr) not in CLOCK_CALLS, (
                f"{path.name}:{node.lineno} reads the clock"
            )
            assert not (owner == "random" and func.attr in GLOBAL_RANDOM), (
                f"{path.name}:{node.lineno} uses the global random generator"
            )


def test_the_check_catches_a_clock_read(tmp_path: Path) -> None:
    """The checker itself can fail: a module reading the clock is caught."""
    bad = tmp_path / "bad.py"
    bad.write_text("import datetime\n\ndef f():\n    return datetime.datetime.now()\n")
    with pytest.raises(AssertionError, match="reads the clock"):
        test_no_clock_no_global_randomness_no_io_outside_main(bad)
    shuffled = tmp_path / "shuffled.py"
    shuffled.write_text("import random\n\ndef f(xs):\n    random.shuffle(xs)\n")
    with pytest.raises(AssertionError, match="global random"):
        test_no_clock_no_global_randomness_no_io_outside_main(shuffled)
    yaml_user = tmp_path / "uses_yaml.py"
    yaml_user.write_text("import yaml\n")
    with pytest.raises(AssertionError, match="imports yaml"):
        test_imports_only_the_standard_library(yaml_user)
