"""Rule packs: a game's ``mode`` selects the rules that decide it.

The core (``engine.state``, ``engine.draft``, ``engine.choices``, ``engine.events``, the draw,
the clock, the names, the scenario runner) knows no rule. A pack is the functions of one
rulebook under the core's vocabulary, each ``(state, ...) -> ...`` and pure:

* ``check(state, choice) -> Refusal | None``: the one check a choice goes through;
* ``resolve_night(state, choices) -> (state, events)`` and ``resolve_day(state, choices,
  **options) -> (state, events)``: a phase's resolution; the events are frozen dataclasses,
  the end is ``state.outcome``, an ``Outcome(winners, reason)``;
* ``bench(rng, clock, *, quick) -> lines``: its benchmark lines for ``python -m engine.bench``.

The forum game (``shared/rules/RULES.md``) is ``engine.forum``, for the modes ``two-sided`` and
``three-sided``. How a new pack plugs in (the chat game, ``shared/rules/CHAT-GAME.md``, in
``engine/chat/`` with the same function names): build its ``RulePack`` below, beside
``FORUM``, and add its mode to ``_BY_MODE`` (``"chat": CHAT``); ``pack_for("chat")`` then
returns it, and ``python -m engine.bench`` prints its lines after the forum's (it prints every
pack of ``PACKS``). The scenario runner (``engine.scenario``) reads a file's ``mode:``; it runs
the forum's modes, and a pack with a format of its own (CHAT-GAME.md section 8) gives it its
runner there.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import chat
from engine.chat import bench as chat_bench
from engine.errors import EngineError
from engine.forum import bench as forum_bench
from engine.forum import checks as forum_checks
from engine.forum.day import resolve_day as forum_day
from engine.forum.night import resolve_night as forum_night
from engine.measure import Clock
from engine.roles import Mode


@dataclass(frozen=True)
class RulePack:
    """The functions of one rulebook (see the module's docstring for their signatures)."""

    name: str  # "forum", "chat": the package under engine/
    check: Callable[..., Any]
    resolve_night: Callable[..., Any]
    resolve_day: Callable[..., Any]
    bench: Callable[..., list[str]]


FORUM = RulePack(
    name="forum",
    check=forum_checks.check,
    resolve_night=forum_night,
    resolve_day=forum_day,
    bench=forum_bench.bench,
)


def _chat_bench(rng: random.Random, clock: Clock, *, quick: bool) -> list[str]:
    """The chat pack's lines (its tables need no randomness: the coin comes from the seed)."""
    return chat_bench.lines(clock, quick=quick)


CHAT = RulePack(
    name="chat",
    check=chat.check,
    resolve_night=chat.resolve_night,
    resolve_day=chat.resolve_day,
    bench=_chat_bench,
)

_BY_MODE: dict[str, RulePack] = {Mode.TWO_SIDED: FORUM, Mode.THREE_SIDED: FORUM, "chat": CHAT}
#: Every pack once, in the order ``python -m engine.bench`` prints them.
PACKS: tuple[RulePack, ...] = tuple(dict.fromkeys(_BY_MODE.values()))


class UnknownMode(EngineError):
    """A mode no rule pack plays."""


def pack_for(mode: str) -> RulePack:
    """The rule pack that plays ``mode`` (a ``Mode`` or its code)."""
    pack = _BY_MODE.get(str(mode))
    if pack is None:
        raise UnknownMode(f"no rule pack plays mode {mode!r} (known: {', '.join(_BY_MODE)})")
    return pack
