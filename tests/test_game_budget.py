"""``python -m tests.game_budget`` runs, and the game layer keeps issue 17's budget: night → day
with two deaths costs Discord at most 10 writes (requests counted, not timed)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_the_game_budget_runs_and_a_night_with_two_deaths_costs_ten_writes() -> None:
    done = subprocess.run([sys.executable, "-m", "tests.game_budget"], cwd=REPO,
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    night = re.search(r"night 1 → day 2 \(2 deaths\): (\d+) writes", done.stdout)
    assert night is not None, done.stdout
    assert int(night[1]) <= 10
    assert re.search(r"24 votes at once .*: median \d+ ms", done.stdout), done.stdout
