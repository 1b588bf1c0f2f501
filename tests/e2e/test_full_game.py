"""A 25-player three-sided game on the R-BAL-3 preset (issue 10), every role acting by the random
legal policy, played to its end (or 14 phases) through Discord with the real bot — and every
outcome of every phase as Discord shows it equal to the engine's."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine.forum.autoplay import Setup, deal_game, play_random_game
from engine.roles import Mode
from engine.scenario import run_text
from tests.e2e import random_games

SEED = 25


def _preset_game_file(seed: int, max_steps: int = 14) -> str:
    rng = random.Random(seed)
    start = deal_game(Setup(25, Mode.THREE_SIDED, False, (), False), rng.randbytes(32))
    _, history = play_random_game(start, rng, max_phases=max_steps, policy=random_games.POLICY)
    steps: list[dict[str, Any]] = []
    data: dict[str, Any] = {
        "title": "25 players, three sides, the R-BAL-3 preset",
        "mode": start.mode.value,
        "players": {p.id: f"{p.role.value}@{p.faction.value}" for p in start.players},
        "steps": steps,
    }
    for step in history:
        steps.append(random_games._step(step.before.phase, step.choices))
        if run_text(random_games._dump(data))[-1]["winner"] != "none":
            break
    return random_games._dump(data)


async def test_a_25_player_three_sided_game_reads_the_same_through_discord(
    emu: Any, tmp_path: Path
) -> None:
    text = _preset_game_file(SEED)
    roles = {line.split(": ")[1] for line in text.splitlines() if line.startswith("  p")}
    assert len(roles) >= 12, "the preset: every power role of both criminal teams and the town"
    assert await random_games.differences(emu, text, f"sqlite://{tmp_path / 'g.sqlite3'}") == []
