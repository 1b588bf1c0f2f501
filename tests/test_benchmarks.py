"""The burst, restart and rounds benchmarks (issue 20) run, tiny: they are scripts that print
numbers, not timed tests; this only shows they work and check what they claim to check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_burst_benchmark_checks_each_vote_stored_and_announced_once() -> None:
    out = _run("tests.bench_burst", "--games", "2", "--players", "5", "--rounds", "1",
               "--backend", "sqlite", "--deadline", "30")  # fmt: skip
    assert "ratio of p99 (real / do-nothing)" in out
    assert "10/10 votes stored, 10/10 announced once, 0 announced more than once" in out


def test_the_restart_benchmark_sees_the_overdue_phases_resolved() -> None:
    out = _run("tests.bench_restart", "-n", "4", "--overdue", "0.5", "--ending", "0.5",
               "--within", "120")  # fmt: skip
    assert "4 running games (2 overdue, of which 1 end)" in out
    assert "resolved nan" not in out and "drained nan" not in out, out
    assert "KB per game" in out


def test_the_rounds_benchmark_prints_both_sizes() -> None:
    out = _run("tests.bench_rounds", "--games", "5", "10", "--repeat", "2")
    assert "5 running games" in out and "10 running games" in out
    assert "scheduler round" in out and "reminders round" in out
