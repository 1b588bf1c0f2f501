"""The fair draw (R-LIFE-3): a deterministic deal from a secret seed, and its public proof.

Why: players must be able to check after the game that the host (the bot) did not pick the
roles. Before the game the bot publishes ``commitment(...)``, a SHA-256 over the seed, the
game id, the role list and the players in signup order; after the game it reveals the seed, and
anyone recomputes both the commitment and the deal (``python -m engine.draw verify ...``).
The exact algorithm is specified in ``docs/draw.md`` so it can be re-implemented elsewhere.

Summary (version 1):

* inputs are restricted to ``[A-Za-z0-9_.:@-]{1,64}`` strings, so the canonical encodings below
  need no escaping; the seed is 16..64 bytes (32 recommended) of secret randomness;
* randomness: block ``c`` (c = 0, 1, 2, ...) is ``HMAC-SHA256(key=seed,
  msg=ASCII(game_id + "|" + decimal(c)))``; its first 8 bytes, big-endian, give ``x``;
* ``uniform(m)``: take the next block's ``x``; reject it while ``x >= 2**64 - (2**64 % m)``
  (no modulo bias); the result is ``x % m``;
* Fisher-Yates: ``for i = n-1 down to 1: j = uniform(i + 1); swap(a[i], a[j])`` on a copy of
  the role list; player ``k`` in signup order gets ``a[k]``;
* commitment: lowercase hex ``SHA-256`` of the UTF-8 bytes of the JSON object
  ``{"game":..,"players":[..],"roles":[..],"seed":"<lowercase hex>","v":1}`` with sorted keys
  and no spaces; the rule options the host chose that the deal's commitment covers (R-LIFE-3:
  ``multifunctional_child``) add the key ``"options":[..]`` (sorted), absent when there are
  none, so a commitment made without options reads as before.

Pure: the seed comes in (the caller draws it from ``secrets``); the only I/O is ``main``.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

VERSION = 1
MIN_SEED_BYTES = 16  # the seed is the only secret input: below 128 bits it could be brute-forced
MAX_SEED_BYTES = 64
TOKEN = re.compile(r"[A-Za-z0-9_.:@-]{1,64}")
_TWO_64 = 1 << 64


class DrawError(ValueError):
    """Bad input to the draw (the message is one line, fit for a user)."""


@dataclass(frozen=True)
class Verification:
    """The result of ``verify``: the recomputed deal and commitment, and whether it matched."""

    deal: dict[str, str]
    commitment: str
    matches: bool


#: The rule options a commitment may cover (R-LIFE-3: "the multifunctional child is part of the
#: committed inputs", R-NIGHT-5c).
OPTIONS = frozenset({"multifunctional_child"})


def _check(
    seed: bytes,
    game_id: str,
    roles: Sequence[str],
    player_ids: Sequence[str],
    options: Sequence[str] = (),
) -> None:
    if not MIN_SEED_BYTES <= len(seed) <= MAX_SEED_BYTES:
        raise DrawError(f"the seed must be {MIN_SEED_BYTES}..{MAX_SEED_BYTES} bytes")
    for option in options:
        if option not in OPTIONS:
            raise DrawError(f"unknown option {option!r}: use {', '.join(sorted(OPTIONS))}")
    if len(set(options)) != len(options):
        raise DrawError("an option appears twice")
    for what, values in (("game id", [game_id]), ("role", roles), ("player id", player_ids)):
        for value in values:
            if not isinstance(value, str) or not TOKEN.fullmatch(value):
                raise DrawError(f"bad {what} {value!r}: use 1-64 of A-Z a-z 0-9 _ . : @ -")
    if not roles:
        raise DrawError("the role list is empty")
    if len(roles) != len(player_ids):
        raise DrawError(f"{len(roles)} roles for {len(player_ids)} players")
    if len(set(player_ids)) != len(player_ids):
        raise DrawError("a player id appears twice")


def _block(seed: bytes, game_id: str, counter: int) -> int:
    """Block ``counter`` of the stream: the first 8 bytes of the HMAC, as a big-endian uint64."""
    message = f"{game_id}|{counter}".encode("ascii")
    return int.from_bytes(hmac.new(seed, message, hashlib.sha256).digest()[:8], "big")


def _accept(x: int, m: int) -> int | None:
    """``x % m`` if ``x`` is below the largest multiple of ``m`` in 2**64, else None (reject)."""
    limit = _TWO_64 - (_TWO_64 % m)
    return x % m if x < limit else None


def _swaps(seed: bytes, game_id: str, n: int) -> list[tuple[int, int, int]]:
    """The Fisher-Yates steps ``(i, j, blocks used so far)``; shared by ``deal`` and the docs."""
    counter = 0
    steps: list[tuple[int, int, int]] = []
    for i in range(n - 1, 0, -1):
        j: int | None = None
        while j is None:
            j = _accept(_block(seed, game_id, counter), i + 1)
            counter += 1
        steps.append((i, j, counter))
    return steps


def shuffle(seed: bytes, game_id: str, roles: Sequence[str]) -> list[str]:
    """The role list permuted by the HMAC-driven Fisher-Yates shuffle (R-LIFE-3)."""
    cards = list(roles)
    for i, j, _ in _swaps(seed, game_id, len(cards)):
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def deal(
    seed: bytes, game_id: str, roles: Sequence[str], player_ids: Sequence[str]
) -> dict[str, str]:
    """``{player_id: role}``: the k-th player in signup order gets the k-th shuffled card."""
    _check(seed, game_id, roles, player_ids)
    return dict(zip(player_ids, shuffle(seed, game_id, roles), strict=True))


def canonical(
    seed: bytes,
    game_id: str,
    roles: Sequence[str],
    player_ids: Sequence[str],
    options: Sequence[str] = (),
) -> str:
    """The committed text: JSON, sorted keys, no spaces (inputs never need escaping);
    ``options``: the rule options chosen (:data:`OPTIONS`), a key only when there are some."""
    _check(seed, game_id, roles, player_ids, options)
    document: dict[str, object] = {
        "game": game_id,
        "players": list(player_ids),
        "roles": list(roles),
        "seed": seed.hex(),
        "v": VERSION,
    }
    if options:
        document["options"] = sorted(options)
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def commitment(
    seed: bytes,
    game_id: str,
    roles: Sequence[str],
    player_ids: Sequence[str],
    options: Sequence[str] = (),
) -> str:
    """Lowercase hex SHA-256 of ``canonical(...)``: published before the game (R-LIFE-3)."""
    text = canonical(seed, game_id, roles, player_ids, options)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def verify(
    seed: bytes,
    game_id: str,
    roles: Sequence[str],
    player_ids: Sequence[str],
    expected: str,
    options: Sequence[str] = (),
) -> Verification:
    """Recompute the deal and the commitment and compare with ``expected`` (case-insensitive)."""
    recomputed = commitment(seed, game_id, roles, player_ids, options)
    matches = hmac.compare_digest(recomputed, parse_commitment(expected))
    return Verification(deal(seed, game_id, roles, player_ids), recomputed, matches)


def parse_seed(text: str) -> bytes:
    """A seed written in hex (an optional ``0x`` prefix and surrounding spaces are allowed)."""
    cleaned = text.strip().lower().removeprefix("0x")
    try:
        return bytes.fromhex(cleaned)
    except ValueError:
        raise DrawError("the seed must be hexadecimal") from None


def parse_commitment(text: str) -> str:
    """A commitment as 64 lowercase hex digits (spaces around and upper case are allowed)."""
    cleaned = text.strip().lower()
    if not re.fullmatch(r"[0-9a-f]{64}", cleaned):
        raise DrawError("the commitment must be 64 hexadecimal digits")
    return cleaned


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",")] if text.strip() else []


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line, exit code 2, no usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """CLI: ``deal`` prints the deal and commitment; ``verify`` also compares a commitment.

    Exit codes: 0 printed (and matched, when a commitment was given), 1 mismatch, 2 bad input.
    """
    parser = _Parser(prog="python -m engine.draw", description="Recompute a fair draw.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("deal", "verify"):
        sub = commands.add_parser(name, help=f"{name} a draw")
        sub.add_argument("--seed", required=True, help="the revealed seed, hex")
        sub.add_argument("--game", required=True, help="the game id")
        sub.add_argument("--roles", required=True, help="roles in list order, comma-separated")
        sub.add_argument("--players", required=True, help="player ids in signup order, commas")
        sub.add_argument("--commitment", help="the commitment published before the game, hex")
        sub.add_argument("--options", default="", help="rule options chosen, comma-separated")
    args = parser.parse_args(argv)
    try:
        seed = parse_seed(args.seed)
        roles, players = _split(args.roles), _split(args.players)
        options = _split(args.options)
        dealt = deal(seed, args.game, roles, players)
        digest = commitment(seed, args.game, roles, players, options)
        expected = None if args.commitment is None else parse_commitment(args.commitment)
    except DrawError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for player, role in dealt.items():
        print(f"{player}: {role}")
    print(f"commitment: {digest}")
    if expected is None:
        return 0
    if hmac.compare_digest(digest, expected):
        print("MATCH: the commitment is correct")
        return 0
    print("MISMATCH: the recomputed commitment differs from the given one")
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
