"""The project's own machinery: the Makefile's venv handling and exit codes, mypy's reach, pinned
dependencies. Each test runs the real Makefile in a scratch folder with stand-in interpreters,
so nothing is installed."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(
    shutil.which("make") is None or sys.platform == "win32",
    reason="needs GNU make and a POSIX shell",
)


def _script(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(0o755)
    return path


def _interpreter(path: Path, version: str, bot_exit: int = 0) -> Path:
    """A stand-in ``python``: ``-V`` prints ``version``; the Makefile's version check passes
    only for 3.11+; ``bot.py`` exits with ``bot_exit``."""
    ok = 0 if tuple(int(p) for p in version.split(".")[:2]) >= (3, 11) else 1
    return _script(
        path,
        f'case "$1" in\n'
        f'  -V) echo "Python {version}";;\n'
        f"  -c) exit {ok};;\n"
        f"  bot.py) exit {bot_exit};;\n"
        f"esac\n",
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for name in ("Makefile", "pyproject.toml", "constraints.txt"):
        shutil.copy(REPO / name, tmp_path / name)
    return tmp_path


def _make(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
    return subprocess.run(
        ["make", "--no-print-directory", *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _installed_venv(project: Path, version: str, bot_exit: int = 0) -> None:
    _interpreter(project / ".venv" / "bin" / "python", version, bot_exit)
    stamp = project / ".venv" / ".installed"
    stamp.touch()
    later = max((project / n).stat().st_mtime for n in ("pyproject.toml", "constraints.txt")) + 10
    os.utime(stamp, (later, later))


def test_a_current_venv_is_kept(project: Path) -> None:
    _installed_venv(project, "3.11.7")
    result = _make(project, "-n", "install")
    assert "Nothing to be done" in result.stdout, result.stdout + result.stderr


def test_a_venv_of_an_unsupported_python_is_rebuilt(project: Path) -> None:
    _installed_venv(project, "3.9.18")
    result = _make(project, "-n", "install")
    plan = result.stdout
    assert "rm -rf .venv" in plan and "-m venv .venv" in plan, plan + result.stderr
    assert "pip install --quiet -c constraints.txt" in plan


def test_an_unsupported_python_says_what_to_do(project: Path) -> None:
    old = _interpreter(project / "old" / "python3", "3.9.18")
    result = _make(project, "install", f"PYTHON={old}")
    assert result.returncode == 2
    assert f"Python 3.11 or newer is needed, but '{old}' is Python 3.9.18." in result.stdout
    assert "make install PYTHON=python3.11" in result.stdout
    assert not (project / ".venv").exists(), "nothing was built with the old Python"


@pytest.mark.parametrize("code", [2, 5, 6])
def test_make_run_reports_the_bots_exit_code(project: Path, code: int) -> None:
    _installed_venv(project, "3.11.7", bot_exit=code)
    result = _make(project, "run")
    assert f"bot.py exited with code {code} (see docs/en/owners.md: exit codes)" in result.stdout
    assert result.returncode != 0  # make's own status: 2 (GNU make cannot pass other codes)


def test_make_run_exits_0_when_the_bot_stopped_cleanly(project: Path) -> None:
    _installed_venv(project, "3.11.7", bot_exit=0)
    result = _make(project, "run")
    assert result.returncode == 0 and "exited with code" not in result.stdout


# --- checks that keep the project so ---------------------------------------------------------


def _bot_python_roots() -> set[str]:
    """Top-level packages and modules of the bot itself (not tests, not generated migrations)."""
    roots = {p.name for p in REPO.glob("*.py")}
    roots |= {p.parent.name for p in REPO.glob("*/__init__.py")}
    return roots - {"tests", "migrations", "conftest.py"}


def test_mypy_strict_covers_the_whole_bot() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert _bot_python_roots() <= set(config["files"]), "a package mypy does not check"
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^\t\$\(PY\) -m mypy$", makefile, re.M), "make test runs mypy on its files"


def test_every_dependency_is_capped_and_pinned() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = [*project["dependencies"], *project["optional-dependencies"]["postgres"]]
    uncapped = [d for d in runtime if "<" not in d and not d.startswith("tzdata")]
    assert uncapped == [], "runtime dependencies need an upper bound on their major"
    pinned = {
        line.split("==")[0].lower().replace("_", "-").replace(".", "-")
        for line in (REPO / "constraints.txt").read_text(encoding="utf-8").splitlines()
        if "==" in line
    }
    for requirement in runtime + project["optional-dependencies"]["test"]:
        name = re.split(r"[<>=\[ ]", requirement, maxsplit=1)[0].lower()
        assert name.replace("_", "-").replace(".", "-") in pinned, f"{name} is not pinned"
