"""Every ``mode: chat`` scenario of shared/scenarios/chat played through Discord (the emulator
and the real bot, tests.e2e.quick_scenario): every outcome read from what the game channel and
the players' DMs show, compared with the file's ``expect``; and a file whose expectations are
wrong is caught (the runner reads, it does not echo the engine)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.e2e.quick_scenario import check_file

CHAT = Path(__file__).resolve().parents[3] / "shared" / "scenarios" / "chat"
FILES = sorted(CHAT.glob("*.yaml")) if CHAT.is_dir() else []


@pytest.mark.skipif(not CHAT.is_dir(), reason=f"shared scenarios not found at {CHAT}")
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
async def test_chat_scenario_through_discord(emu: Any, path: Path, tmp_path: Path) -> None:
    assert await check_file(emu, str(path), f"sqlite://{tmp_path / 'q.sqlite3'}") == []


@pytest.mark.skipif(not CHAT.is_dir(), reason=f"shared scenarios not found at {CHAT}")
async def test_a_wrong_expectation_is_caught(emu: Any, tmp_path: Path) -> None:
    data = yaml.safe_load((CHAT / "c13_lucky_coin.yaml").read_text(encoding="utf-8"))
    data["steps"][0]["expect"]["died"] = ["Fay"]  # the lucky's heads: nobody died
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    diffs = await check_file(emu, str(wrong), f"sqlite://{tmp_path / 'q.sqlite3'}")
    assert diffs == ['step night 1: died: expected ["Fay"], actual []']
