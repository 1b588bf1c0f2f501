"""Every public scenario of shared/scenarios/public passes through the runner's check."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import check_file

PUBLIC = Path(__file__).resolve().parents[3] / "shared" / "scenarios" / "public"
FILES = sorted(PUBLIC.glob("*.yaml")) if PUBLIC.is_dir() else []


@pytest.mark.skipif(not PUBLIC.is_dir(), reason=f"shared scenarios not found at {PUBLIC}")
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_public_scenario(path: Path) -> None:
    assert check_file(path) == []


def test_public_folder_is_not_empty() -> None:
    if not PUBLIC.is_dir():
        pytest.skip(f"shared scenarios not found at {PUBLIC}")
    assert FILES, "no scenario files in the public folder"
