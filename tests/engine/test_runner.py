"""The scenario runner's contract (FORMAT.md): output shape and error handling."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.scenario import OUTCOME_KEYS, check_text, main, run_text

REPO = Path(__file__).resolve().parents[2]

GOOD = textwrap.dedent("""
    title: cop and mafia
    players: {Ann: cop, Bob: don, Cid: mafioso, Dan: citizen, Eve: doctor, Fay: citizen, Gus: citizen}
    steps:
      - night:
          Ann: {shoot: Dan}
          mafia: {shoot: Dan}
        expect: {died: [], public: [cop_missed]}
      - day:
          votes: {Ann: Bob, Bob: Ann, Cid: Ann, Dan: Bob, Eve: Bob, Fay: Bob}
        expect: {left: [Bob], autokilled: [Gus]}
""")


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_outcome_has_every_key_sorted_lists_and_all_players() -> None:
    steps = run_text(GOOD)
    assert [s["phase"] for s in steps] == ["night", "day"]
    assert [s["number"] for s in steps] == [1, 2]
    for step in steps:
        assert tuple(step) == OUTCOME_KEYS
        for key in ("died", "left", "autokilled", "alive", "public"):
            assert step[key] == sorted(step[key])
        assert (
            set(step["roles"])
            == set(step["factions"])
            == set(step["knows"])
            == {"Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"}
        )
    day = steps[1]
    assert day["votes"] == {"Ann": 2, "Bob": 4}
    assert day["died"] == ["Bob", "Gus"]
    assert day["winner"] == "none"


def test_print_mode_one_json_line_per_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _write(tmp_path, "good.yaml", GOOD)
    bad = _write(tmp_path, "bad.yaml", "players: [\n")
    assert main([str(good), str(bad)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    first, second = (json.loads(line) for line in lines)
    assert first["file"] == str(good) and len(first["steps"]) == 2
    assert second["file"] == str(bad) and second["error"].startswith("bad YAML")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("players: [\n", "bad YAML"),
        ("players: {Ann: cop, Bob: wizard}\nsteps: []\n", "unknown role 'wizard'"),
        ("players: {Ann: cop, Bob: don@gang}\nsteps: []\n", "unknown faction 'gang'"),
        (
            "players: {Ann: cop, Bob: don}\nstart: {dead: [Zed]}\nsteps: []\n",
            "unknown player 'Zed'",
        ),
        ("mode: four-sided\nplayers: {Ann: cop}\n", "unknown mode"),
        (
            "players: {Ann: cop, Bob: don}\nsteps:\n  - night: {Ann: {dance: Bob}}\n",
            "unknown verb",
        ),
        ("just a string\n", "must be a mapping"),
    ],
)
def test_unreadable_files_give_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = _write(tmp_path, "f.yaml", text)
    assert main([str(path)]) == 1
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert len(lines) == 1
    line = json.loads(lines[0])
    assert set(line) == {"file", "error"}
    assert message in line["error"]
    assert "Traceback" not in out.out + out.err


def test_check_mode_reports_ok_and_mismatches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _write(tmp_path, "good.yaml", GOOD)
    wrong = _write(tmp_path, "wrong.yaml", GOOD.replace("left: [Bob]", "left: [Ann]"))
    assert main(["--check", str(good)]) == 0
    assert capsys.readouterr().out.strip() == f"{good}: ok"
    assert main(["--check", str(good), str(wrong)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{good}: ok"
    assert out[1].startswith(f"{wrong}: step day 2: left: expected")
    assert '["Ann"]' in out[1] and '["Bob"]' in out[1]


def test_check_text_error_line() -> None:
    assert check_text("players: {Ann: wizard}\n") == [
        "error: unknown role 'wizard' for player 'Ann'"
    ]


def test_unknown_player_in_a_choice_is_a_refusal() -> None:
    steps = run_text(
        textwrap.dedent("""
        players: {Ann: cop, Bob: don, Cid: citizen, Dan: citizen}
        steps:
          - night:
              Ann: {shoot: Zed}
              Xav: {heal: Cid}
              mafia: {shoot: Cid}
    """)
    )
    assert steps[0]["refused"] == {"Ann": "unknown_player", "Xav": "unknown_player"}
    assert steps[0]["died"] == ["Cid"]


def test_yes_no_names_stay_names() -> None:
    steps = run_text(
        "players: {No: cop, Yes: don, On: citizen, Off: citizen}\nsteps:\n  - night: {mafia: {shoot: On}}\n"
    )
    assert steps[0]["died"] == ["On"]


def test_module_entry_point_runs(tmp_path: Path) -> None:
    path = _write(tmp_path, "good.yaml", GOOD)
    done = subprocess.run(
        [sys.executable, "-m", "engine.scenario", "--check", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{path}: ok"
