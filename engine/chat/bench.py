"""The chat pack's bench: ``python -m engine.chat.bench [--quick]`` (and, with the forum's,
``python -m engine.bench``). Prints, as the median rate of several timed runs [min .. max]:

a. chat nights per second: the 25-player default list (C-BAL) at night 1, every role acting
   (the commissar checks, the doctor, mistress, hobo, lawyer and journalist act, the cabinet
   votes, the killer attacks the lucky, so a coin is drawn from the seed, the maniac kills);
b. chat days per second: the same game on day 1, every living player voting, a candidate,
   every other player pressing, the hanging;
c. the cost of a night at 25 / 200 / 1,000 players (the same mix of roles, scaled): µs per
   night and per player, which stays flat when the cost is linear.

Every resolution runs on a state of its own, decoded from JSON just before (untimed), so no
cached index is warm. Pure but for ``main``: the clock is passed in.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

from engine.chat.balance import default_roles
from engine.chat.choices import ChatChoice
from engine.chat.day import resolve_day
from engine.chat.night import resolve_night
from engine.chat.roles import ChatRole, ChatVerb
from engine.chat.state import ChatState, new_game

Clock = Callable[[], float]
R = ChatRole
SEED = bytes(range(32)).hex()


def table(players: int) -> ChatState:
    """The 25-player list, and beyond 25 one mafioso in four, the rest citizens."""
    roles = default_roles(min(players, 25))
    for i in range(25, players):
        roles.append(R.MAFIOSO if i % 4 == 0 else R.CITIZEN)
    deal = [(f"p{i:04d}", role) for i, role in enumerate(roles)]
    return new_game(deal, game_id="bench", seed=SEED)


def _first(s: ChatState, role: ChatRole) -> str:
    return next(p.id for p in s.players if p.role is role)


def night_choices(s: ChatState) -> list[ChatChoice]:
    """Every role acting, the cabinet on one citizen (see the module's docstring)."""
    citizens = [p.id for p in s.players if p.role is R.CITIZEN]
    pick = {
        R.COMMISSAR: (ChatVerb.CHECK, _first(s, R.DON)),
        R.DOCTOR: (ChatVerb.HEAL, citizens[1]),
        R.MISTRESS: (ChatVerb.VISIT, citizens[2]),
        R.HOBO: (ChatVerb.VISIT, citizens[0]),
        R.LAWYER: (ChatVerb.PROTECT, _first(s, R.DON)),
        R.JOURNALIST: (ChatVerb.INSPECT, _first(s, R.COMMISSAR)),
        R.DON: (ChatVerb.KILL, citizens[0]),
        R.MAFIOSO: (ChatVerb.KILL, citizens[0]),
        R.KILLER: (ChatVerb.KILL, _first(s, R.LUCKY)),
        R.MANIAC: (ChatVerb.KILL, citizens[3]),
    }
    return [ChatChoice(p.id, *pick[p.role]) for p in s.players if p.role in pick]


def day_choices(s: ChatState) -> list[ChatChoice]:
    living = [p.id for p in s.living() if p.id not in s.blocked]  # C-NIGHT-1: mute today
    target = _first(s, R.DON) if s.by_id[_first(s, R.DON)].alive else living[0]
    votes = [ChatChoice(v, ChatVerb.VOTE, target) for v in living if v != target]
    return votes + [ChatChoice(v, ChatVerb.UP) for v in living if v != target]


def _rates(
    clock: Clock, work: Callable[[ChatState], Any], state: ChatState, n: int, repeats: int
) -> list[float]:
    text = state.to_json()
    rates = []
    for _ in range(repeats):
        fresh = [ChatState.from_json(text) for _ in range(n)]  # untimed: cold states
        start = clock()
        for s in fresh:
            work(s)
        rates.append(n / max(clock() - start, 1e-9))
    return rates


def _night(given: list[ChatChoice]) -> Callable[[ChatState], Any]:
    return lambda s: resolve_night(s, given)


def _describe(rates: list[float], unit: str, n: int) -> str:
    med = statistics.median(rates)
    return f"{med:,.0f} {unit}/s  [min {min(rates):,.0f} .. max {max(rates):,.0f}]  ({len(rates)} runs x {n})"


def lines(clock: Clock, *, quick: bool = False) -> list[str]:
    """The report's lines (``main`` prints them)."""
    repeats, n = (3, 100) if quick else (7, 1000)
    night = table(25)
    given = night_choices(night)
    day, _ = resolve_night(night, given)
    votes = day_choices(day)
    out = [
        "chat (a) night resolution, 25-player default list (C-BAL), every role acting:",
        "      " + _describe(_rates(clock, _night(given), night, n, repeats), "nights", n),
        "chat (b) day resolution, same game on day 1: every vote, the confirmation, the hanging:",
        "      "
        + _describe(_rates(clock, lambda s: resolve_day(s, votes), day, n, repeats), "days", n),
        "chat (c) night cost by table size (linear: the cost per player stays flat):",
    ]
    for players in (25, 200, 1000):
        big = table(players)
        big_given = night_choices(big)
        m = max(10, n * 25 // players)
        med = statistics.median(_rates(clock, _night(big_given), big, m, repeats))
        out.append(
            f"      {players:>5} players: {1e6 / med:,.0f} µs per night, {1e6 / med / players:.2f} µs per player"
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    import time  # the clock is read here only

    parser = argparse.ArgumentParser(prog="python -m engine.chat.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    args = parser.parse_args(argv)
    for line in lines(time.perf_counter, quick=args.quick):
        print(line)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
