"""The lucky's coin (C-NIGHT-4c), drawn from the game's committed seed so anyone can recompute
every coin after the game, once the seed is revealed (C-LIFE-3, R-LIFE-3).

Derivation (version 1), documented in ``docs/chat-coin.md``:

    block = HMAC-SHA256(key=seed, msg=ASCII("lucky|" + game_id + "|" + decimal(night) + "|" + player_id))
    heads = the lowest bit of the block's first byte is 0

The message's fields are tokens of ``engine.draw`` (``[A-Za-z0-9_.:@-]``, no ``|``), so the
encoding is unambiguous; the prefix keeps these blocks apart from the deal's
(``game_id + "|" + counter``). A game without a seed (a scenario) must impose its coins.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable

from engine.chat.events import CoinDrawn
from engine.errors import EngineError

COIN_VERSION = 1


class CoinNotImposed(EngineError):
    """A coin was needed but the game has no seed and the caller imposed none (a scenario
    that lets a coin be drawn without ``lucky:`` is a file error, CHAT-GAME.md section 8)."""


def coin(seed: bytes, game_id: str, night: int, player_id: str) -> bool:
    """True for heads: the lucky survives all of this night's attacks."""
    message = f"lucky|{game_id}|{night}|{player_id}".encode("ascii")
    block = hmac.new(seed, message, hashlib.sha256).digest()
    return block[0] & 1 == 0


def verify_coins(seed: bytes, game_id: str, drawn: Iterable[CoinDrawn]) -> list[CoinDrawn]:
    """The coins of a game's log that the revealed seed does not give (``[]``: all fair)."""
    return [c for c in drawn if coin(seed, game_id, c.night, c.who) != c.heads]
