"""Headless Chromium for the tests and the docs (issue 22): Debian's ``chromium`` package
(``.ci/run`` installs it as it installs PostgreSQL), run with no network at all — every host
name resolves to nothing and every request would go to a proxy that is not there — so a page
that needed anything from outside would show it missing.

    dump_dom(page) -> the DOM as Chromium built it (text to read back)
    screenshot(page, png, width, height)
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["MISSING", "chromium", "dump_dom", "screenshot"]

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
MISSING = "headless Chromium is not installed (Debian: apt-get install chromium; .ci/run does)"
TIMEOUT = 90  # seconds: a loaded CI machine starts a browser slowly


def chromium() -> str | None:
    """The browser's command, or None where there is none."""
    return next((found for name in NAMES if (found := shutil.which(name))), None)


def _run(page: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    browser = chromium()
    if browser is None:
        raise RuntimeError(MISSING)
    with tempfile.TemporaryDirectory() as profile:
        command = [
            browser, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
            "--disable-extensions", "--disable-background-networking", "--disable-sync",
            "--disable-component-update", "--disable-default-apps", "--hide-scrollbars",
            f"--user-data-dir={profile}",
            # No network: nothing resolves, and any request would go to a closed port.
            "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
            *flags, page.resolve().as_uri(),
        ]  # fmt: skip
        return subprocess.run(
            command, capture_output=True, text=True, timeout=TIMEOUT, check=True, cwd=profile
        )


def dump_dom(page: Path) -> str:
    return _run(page, "--dump-dom").stdout


def screenshot(page: Path, png: Path, width: int = 1100, height: int = 1600) -> None:
    _run(page, f"--screenshot={png.resolve()}", f"--window-size={width},{height}")
    if not png.is_file():
        raise RuntimeError(f"Chromium made no screenshot of {page}")
