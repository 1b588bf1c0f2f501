"""Every extra rule scenario in tests/engine/scenarios passes through the runner's check.

The files are written from RULES.md (not from the engine's output). A file the engine is known
to get wrong is listed in ``KNOWN_ENGINE_DEFECTS`` with the rule it breaks: it runs as a strict
xfail, so the suite stays green and the fix flips it (an unexpected pass fails the run, and the
entry must then be removed).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import check_file

HERE = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(HERE.glob("*.yaml"))

# file name -> reason (rule ID and the situation); keep in step with the QA report.
KNOWN_ENGINE_DEFECTS: dict[str, str] = {}


def _param(path: Path) -> object:
    reason = KNOWN_ENGINE_DEFECTS.get(path.name)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(path, id=path.name, marks=marks)


@pytest.mark.parametrize("path", [_param(p) for p in FILES])
def test_extra_scenario(path: Path) -> None:
    assert check_file(path) == []


def test_extra_folder_is_not_empty() -> None:
    assert FILES, f"no scenario files in {HERE}"


def test_known_defects_name_existing_files() -> None:
    names = {p.name for p in FILES}
    assert set(KNOWN_ENGINE_DEFECTS) <= names
