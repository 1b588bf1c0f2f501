"""Tests for engine.draw (R-LIFE-3: the fair draw and its proof)."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine import draw
from engine.draw import (
    DrawError,
    Verification,
    canonical,
    commitment,
    deal,
    main,
    shuffle,
    verify,
)

ROOT = Path(__file__).resolve().parents[2]

# The worked example of docs/draw.md.
SEED = bytes(range(32))
GAME = "game-42"
ROLES = [
    "cop@town", "doctor@town", "citizen@town", "child@town", "don@mafia", "mafioso@mafia",
    "mafioso@mafia",
]  # fmt: skip
PLAYERS = [f"10000000000000000{i}" for i in range(1, 8)]
COMMITMENT = "a1cdee78e261451f646c1ff129f73abeecd64b3b4ed25f9db0bf307253c79ee2"
DEAL = {
    "100000000000000001": "doctor@town",
    "100000000000000002": "don@mafia",
    "100000000000000003": "mafioso@mafia",
    "100000000000000004": "citizen@town",
    "100000000000000005": "child@town",
    "100000000000000006": "cop@town",
    "100000000000000007": "mafioso@mafia",
}


def seed_of(i: int) -> bytes:
    return hashlib.sha256(f"test-seed-{i}".encode()).digest()


def test_worked_example_reproduces_the_docs() -> None:
    assert commitment(SEED, GAME, ROLES, PLAYERS) == COMMITMENT
    assert deal(SEED, GAME, ROLES, PLAYERS) == DEAL
    text = (ROOT / "docs" / "draw.md").read_text(encoding="utf-8")
    assert COMMITMENT in text
    assert canonical(SEED, GAME, ROLES, PLAYERS) in text
    assert SEED.hex() in text
    for player, role in DEAL.items():
        assert f"{player}: {role}" in text


def test_commitment_is_sha256_of_the_documented_text() -> None:
    text = (
        '{"game":"g","players":["1","2"],"roles":["cop","don"],"seed":"' + SEED.hex() + '","v":1}'
    )
    assert canonical(SEED, "g", ["cop", "don"], ["1", "2"]) == text
    assert (
        commitment(SEED, "g", ["cop", "don"], ["1", "2"])
        == hashlib.sha256(text.encode()).hexdigest()
    )


def test_independent_reimplementation_agrees() -> None:
    """A from-the-spec re-implementation (as docs/draw.md says) gives the same deals."""

    def spec_deal(seed: bytes, game: str, roles: list[str]) -> list[str]:
        a, c = list(roles), 0
        for i in range(len(a) - 1, 0, -1):
            m = i + 1
            while True:
                block = hmac.new(seed, f"{game}|{c}".encode("ascii"), "sha256").digest()
                c += 1
                x = int.from_bytes(block[:8], "big")
                if x < 2**64 - (2**64 % m):
                    break
            j = x % m
            a[i], a[j] = a[j], a[i]
        return a

    roles = [f"r{k}" for k in range(12)]
    for i in range(50):
        assert shuffle(seed_of(i), f"game-{i}", roles) == spec_deal(seed_of(i), f"game-{i}", roles)


def test_deterministic() -> None:
    assert deal(SEED, GAME, ROLES, PLAYERS) == deal(SEED, GAME, ROLES, PLAYERS)
    assert commitment(SEED, GAME, ROLES, PLAYERS) == commitment(SEED, GAME, ROLES, PLAYERS)


def test_deal_is_a_permutation_in_signup_order() -> None:
    dealt = deal(seed_of(1), GAME, ROLES, PLAYERS)
    assert list(dealt) == PLAYERS
    assert Counter(dealt.values()) == Counter(ROLES)


def test_different_seeds_and_games_give_different_deals() -> None:
    roles = [f"r{k}" for k in range(10)]  # 10! orders: a collision would be a bug
    deals = {tuple(shuffle(seed_of(i), GAME, roles)) for i in range(50)}
    assert len(deals) == 50
    by_game = {tuple(shuffle(SEED, f"g{i}", roles)) for i in range(50)}
    assert len(by_game) == 50


def test_every_input_changes_the_commitment() -> None:
    base = commitment(SEED, GAME, ROLES, PLAYERS)
    assert commitment(seed_of(0), GAME, ROLES, PLAYERS) != base
    assert commitment(SEED, "game-43", ROLES, PLAYERS) != base
    assert commitment(SEED, GAME, list(reversed(ROLES)), PLAYERS) != base
    assert commitment(SEED, GAME, ROLES, list(reversed(PLAYERS))) != base


@pytest.mark.parametrize("n", [2, 3, 4])
def test_all_permutations_reachable_and_roughly_uniform(n: int) -> None:
    roles = [f"r{k}" for k in range(n)]
    perms = list(itertools.permutations(roles))
    trials = 400 * len(perms)
    counts = Counter(tuple(shuffle(seed_of(i), "stat", roles)) for i in range(trials))
    assert set(counts) == set(perms)
    expected = trials / len(perms)
    chi2 = sum((counts[p] - expected) ** 2 / expected for p in perms)
    # Generous bound: chi-square with len(perms)-1 degrees of freedom, far beyond p = 0.001
    # (3: 16.3, 5: 20.5, 23: 49.7); seeded, so the test is deterministic anyway.
    assert chi2 < {2: 10.9, 6: 20.5, 24: 49.7}[len(perms)]


def test_rejection_sampling_boundary() -> None:
    m = 3
    limit = 2**64 - (2**64 % m)
    assert draw._accept(limit - 1, m) == (limit - 1) % m
    assert draw._accept(limit, m) is None
    assert draw._accept(2**64 - 1, m) is None
    assert draw._accept(2**64 - 1, 1) == 0  # m = 1 never rejects
    assert draw._accept(2**64 - 1, 2) == 1  # powers of two never reject


def test_rejected_blocks_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    # Blocks: 0 is rejected for m = 3, 1 gives j; the counter moves on past both.
    values = {0: 2**64 - 1, 1: 7, 2: 5}
    monkeypatch.setattr(draw, "_block", lambda seed, game, c: values[c])
    assert draw._swaps(SEED, GAME, 3) == [(2, 1, 2), (1, 1, 3)]


def test_verify() -> None:
    result = verify(SEED, GAME, ROLES, PLAYERS, COMMITMENT.upper())
    assert result == Verification(DEAL, COMMITMENT, True)
    other = commitment(seed_of(0), GAME, ROLES, PLAYERS)
    assert verify(SEED, GAME, ROLES, PLAYERS, other).matches is False
    assert verify(seed_of(0), GAME, ROLES, PLAYERS, COMMITMENT).matches is False
    with pytest.raises(DrawError):
        verify(SEED, GAME, ROLES, PLAYERS, "not-hex")


@pytest.mark.parametrize(
    ("seed", "game", "roles", "players"),
    [
        (bytes(15), GAME, ["a"], ["1"]),  # seed too short to stay secret
        (bytes(65), GAME, ["a"], ["1"]),
        (SEED, "", ["a"], ["1"]),
        (SEED, "has|bar", ["a"], ["1"]),
        (SEED, GAME, [], []),
        (SEED, GAME, ["a", "b"], ["1"]),
        (SEED, GAME, ["a", "b"], ["1", "1"]),
        (SEED, GAME, ["a,b"], ["1"]),
        (SEED, GAME, ["a"], ["x y"]),
        (SEED, GAME, ["a"], ["é"]),
    ],
)
def test_bad_input_is_refused(seed: bytes, game: str, roles: list[str], players: list[str]) -> None:
    with pytest.raises(DrawError):
        deal(seed, game, roles, players)
    with pytest.raises(DrawError):
        commitment(seed, game, roles, players)


def test_single_player_deal() -> None:
    assert deal(SEED, GAME, ["cop"], ["1"]) == {"1": "cop"}


# --- CLI ----------------------------------------------------------------------------------------

ARGS = ["--seed", SEED.hex(), "--game", GAME, "--roles", ",".join(ROLES), "--players",
        ",".join(PLAYERS)]  # fmt: skip
EXPECTED_LINES = [f"{p}: {r}" for p, r in DEAL.items()] + [f"commitment: {COMMITMENT}"]


def test_cli_verify_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", *ARGS, "--commitment", COMMITMENT]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:-1] == EXPECTED_LINES
    assert lines[-1].startswith("MATCH")


def test_cli_verify_mismatch(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", *ARGS, "--commitment", "0" * 64]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH" in out and f"commitment: {COMMITMENT}" in out


def test_cli_deal_and_verify_without_commitment(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", *ARGS]) == 0
    assert capsys.readouterr().out.splitlines() == EXPECTED_LINES
    assert main(["verify", *ARGS]) == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["verify", *ARGS[:1], "zz", *ARGS[2:]],  # seed not hex
        ["verify", "--seed", "00ff", *ARGS[2:]],  # seed too short
        ["verify", *ARGS, "--commitment", "xyz"],
        ["verify", *ARGS[:6], "--players", "1,2"],  # count mismatch
        ["verify", "--seed", SEED.hex()],  # missing options
        ["frobnicate"],
        [],
    ],
)
def test_cli_bad_input_exit_2_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run_main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ")
    assert captured.err.count("\n") == 1
    assert "Traceback" not in captured.err


def run_main(argv: list[str]) -> int | str | None:
    """``main``'s exit code, whether returned or raised by argparse (bad command line)."""
    try:
        return main(argv)
    except SystemExit as exit_:
        return exit_.code


def test_cli_as_module_subprocess() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "engine.draw", "verify", *ARGS, "--commitment", COMMITMENT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[:-1] == EXPECTED_LINES
    bad = subprocess.run(
        [sys.executable, "-m", "engine.draw", "verify", "--seed", "nothex"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_the_multifunctional_child_is_committed() -> None:
    """R-LIFE-3: the option is part of the committed inputs (a key only when chosen, so a
    commitment without options reads as before); the deal itself does not depend on it."""
    option = ["multifunctional_child"]
    with_option = commitment(SEED, GAME, ROLES, PLAYERS, option)
    assert with_option != COMMITMENT == commitment(SEED, GAME, ROLES, PLAYERS, ())
    text = canonical(SEED, "g", ["cop", "don"], ["1", "2"], option)
    assert text == (
        '{"game":"g","options":["multifunctional_child"],"players":["1","2"],'
        '"roles":["cop","don"],"seed":"' + SEED.hex() + '","v":1}'
    )
    assert text in (ROOT / "docs" / "draw.md").read_text(encoding="utf-8")
    assert verify(SEED, GAME, ROLES, PLAYERS, with_option, option).matches
    assert not verify(SEED, GAME, ROLES, PLAYERS, with_option).matches  # the option hidden
    with pytest.raises(DrawError):
        commitment(SEED, GAME, ROLES, PLAYERS, ["no_such_option"])


def test_cli_verifies_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    digest = commitment(SEED, GAME, ROLES, PLAYERS, ["multifunctional_child"])
    options = ["--options", "multifunctional_child"]
    assert main(["verify", *ARGS, *options, "--commitment", digest]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("MATCH")
    assert main(["verify", *ARGS, "--commitment", digest]) == 1
