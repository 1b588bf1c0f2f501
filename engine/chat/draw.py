"""``python -m engine.chat.draw``: recompute the lucky's coins of a chat game (C-NIGHT-4c) once
its seed is revealed; the deal itself is checked by ``python -m engine.draw verify``.

    python -m engine.chat.draw verify --seed HEX --game ID --coins 1:luc:heads,3:luc:tails

prints each coin as the seed gives it and MATCH when every listed coin is the one drawn, or
MISMATCH (exit 1). Without ``--coins``, ``--night N --player ID`` prints one coin.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from engine.chat.coin import coin, verify_coins
from engine.chat.events import CoinDrawn
from engine.draw import DrawError, parse_seed

_SIDES = {"heads": True, "tails": False}


def parse_coins(text: str) -> list[CoinDrawn]:
    """``NIGHT:PLAYER:heads|tails`` items, comma-separated (a log's ``CoinDrawn`` events)."""
    out = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        night, player, side = (item.split(":") + ["", ""])[:3]
        if not night.isdigit() or not player or side not in _SIDES:
            raise DrawError(f"a coin is NIGHT:PLAYER:heads|tails, not {item!r}")
        out.append(CoinDrawn(player, int(night), _SIDES[side]))
    return out


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Exit codes: 0 printed (and matched), 1 mismatch, 2 bad input."""
    parser = _Parser(prog="python -m engine.chat.draw", description="Recompute lucky coins.")
    commands = parser.add_subparsers(dest="command", required=True)
    sub = commands.add_parser("verify", help="recompute the coins of a game")
    sub.add_argument("--seed", required=True, help="the revealed seed, hex")
    sub.add_argument("--game", required=True, help="the game id")
    sub.add_argument("--coins", help="NIGHT:PLAYER:heads|tails, comma-separated")
    sub.add_argument("--night", type=int, help="one coin: the night")
    sub.add_argument("--player", help="one coin: the player id")
    args = parser.parse_args(argv)
    try:
        seed = parse_seed(args.seed)
        drawn = parse_coins(args.coins or "")
    except DrawError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not drawn:
        if args.night is None or not args.player:
            print("error: give --coins, or --night and --player", file=sys.stderr)
            return 2
        print("heads" if coin(seed, args.game, args.night, args.player) else "tails")
        return 0
    for c in drawn:
        side = "heads" if coin(seed, args.game, c.night, c.who) else "tails"
        print(f"night {c.night} {c.who}: {side}")
    wrong = verify_coins(seed, args.game, drawn)
    print(
        "MISMATCH: a listed coin is not the one the seed gives"
        if wrong
        else "MATCH: every coin is the one the seed gives"
    )
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
