"""Without ``../shared/discord-openapi.json`` nothing is silent: the tests that need it are
skipped with the reason in pytest's summary, and the emulator's section of the summary names the
tests whose request bodies were not validated (and any that went over the global rate).

Runs pytest in a child process on a small test file, with the spec's path pointed at nothing,
and reads its terminal output."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

CONFTEST = """
from pathlib import Path
from tests.emulator import validation

validation.SPEC_PATH = Path("/nonexistent/discord-openapi.json")
validation.load_spec.cache_clear()
validation.spec_validator.cache_clear()
"""

TESTS = """
import pytest
from tests.emulator import validation
from tests.emulator.fixtures import emulator_for_test

needs_spec = pytest.mark.skipif(validation.load_spec() is None, reason=validation.skip_reason() or "")


@pytest.fixture
async def emu():
    async for emulator in emulator_for_test():
        yield emulator


@needs_spec
def test_needs_the_spec():
    pass


async def test_uses_the_emulator(emu):
    emu.make_guild()


async def test_bursts(emu):
    for _ in range(60):
        emu.rate_limits.count_global("/channels/{channel_id}/messages")
"""


def test_missing_spec_is_reported_in_the_summary(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(textwrap.dedent(CONFTEST))
    (tmp_path / "test_inner.py").write_text(textwrap.dedent(TESTS))
    (tmp_path / "pytest.ini").write_text("[pytest]\nasyncio_mode = auto\naddopts = -ra\n")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.emulator.fixtures", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=120,
    )
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    assert "SKIPPED" in out and "OpenAPI validation skipped: /nonexistent/discord-openapi.json not found" in out
    assert "Discord emulator" in out
    assert "request bodies were NOT validated" in out and "test_inner.py::test_uses_the_emulator" in out
    assert "over Discord's global 50 requests/s (1 test):" in out and "test_inner.py::test_bursts (peak 60/s, 10 answered 429)" in out
