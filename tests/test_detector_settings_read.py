"""The detectors' settings are read once per server however many commands ask at once
(issue 20: at the burst, 625 commands found the cache empty together and made 625 reads)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.moderation import settings


async def test_commands_asking_at_once_share_one_read(monkeypatch: pytest.MonkeyPatch) -> None:
    reads = 0

    async def stored(guild_id: int) -> Any:
        nonlocal reads
        reads += 1
        await asyncio.sleep(0.05)  # the database's answer takes a while
        return SimpleNamespace(detectors={"command_flood": {"mode": "alert", "count": 3}})

    monkeypatch.setattr(settings, "get_mod_settings", stored)
    monkeypatch.setattr(settings, "_detectors", {})
    configs = await asyncio.gather(*(settings.detector(7, "command_flood") for _ in range(50)))
    assert reads == 1
    assert {(c.mode, c.count) for c in configs} == {("alert", 3)}
    await settings.detector(7, "command_flood")  # cached now
    assert reads == 1
