"""Every chat scenario of shared/scenarios/chat passes through ``python -m engine.scenario``'s
check (the mode selects the pack), and the runner's chat-only file errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.scenario import check_file, check_text, run_text

ROOT = Path(__file__).resolve().parents[3]
CHAT = ROOT.parent / "shared" / "scenarios" / "chat"
FILES = sorted(CHAT.glob("*.yaml")) if CHAT.is_dir() else []
needs_shared = pytest.mark.skipif(not CHAT.is_dir(), reason=f"shared scenarios not found at {CHAT}")


@needs_shared
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_chat_scenario(path: Path) -> None:
    assert check_file(path) == []


@needs_shared
def test_the_command_checks_every_chat_file() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine.scenario", "--check", *map(str, FILES)],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count(": ok\n") == len(FILES) == 24


FILE = """
mode: chat
players: {Bob: don, Luc: lucky, Fay: citizen, Gus: citizen, Hal: citizen}
steps:
  - night:
      Bob: {kill: Luc}
      %s
    expect: {died: [], public: [lucky_survived], winner: none}
"""


def test_a_coin_drawn_without_lucky_is_a_file_error() -> None:
    (line,) = check_text(FILE % "")
    assert line.startswith("error: ") and "coin of Luc" in line


def test_an_imposed_coin_decides_and_one_never_drawn_is_ignored() -> None:
    assert check_text(FILE % "lucky: {Luc: heads}") == []
    assert check_text(FILE % "lucky: {Luc: tails}") == [
        'step night 1: died: expected [], actual ["Luc"]',
        'step night 1: public: expected ["lucky_survived"], actual []',
    ]
    quiet = FILE.replace("{kill: Luc}", "{kill: Fay}") % "lucky: {Luc: tails}"
    assert check_text(quiet)[0].startswith("step night 1: died")  # ran: Fay died, no coin


def test_the_outcome_has_every_key_and_the_chat_keys() -> None:
    (out,) = run_text(FILE % "lucky: {Luc: heads}")
    assert list(out) == ["phase", "number", "died", "left", "autokilled", "alive", "roles",
                         "factions", "votes", "public", "knows", "refused", "winner",
                         "candidate", "hanged", "blocked", "personal_wins"]  # fmt: skip
    assert out["candidate"] == "none" and out["factions"]["Luc"] == "town"
    json.dumps(out)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("Luc: lucky", "Luc: wizard"), "unknown role 'wizard'"),
        (("Luc: lucky", "lucky: lucky"), "reserved"),
        (("{kill: Luc}", "{stab: Luc}"), "unknown verb 'stab'"),
        (("Luc: lucky", "Luc: lucky@mafia"), "of the side town"),
    ],
)
def test_file_errors(change: tuple[str, str], message: str) -> None:
    (line,) = check_text((FILE % "lucky: {Luc: heads}").replace(*change))
    assert line.startswith("error: ") and message in line, line


def test_leaves_before_the_steps_choices() -> None:
    text = FILE.replace(
        "      Bob: {kill: Luc}\n      %s\n", "      leaves: [Bob]\n      Bob: {kill: Fay}\n"
    )
    text = text.replace("Bob: don,", "Bob: don, Cid: mafioso, Ivy: citizen,")
    text = text.replace("{died: [], public: [lucky_survived], winner: none}",
                        "{died: [Bob], refused: {Bob: not_alive}, public: [don_promoted], "
                        "roles: {Cid: don}, winner: none}")  # fmt: skip
    assert check_text(text) == []
