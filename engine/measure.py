"""Timing and memory tools for the benchmarks (``python -m engine.bench``), shared by every rule
pack's bench. Pure: the clock is a function passed in (``main`` passes
``time.perf_counter``), nothing here reads it on its own or prints.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

Clock = Callable[[], float]
T = TypeVar("T")


@dataclass(frozen=True)
class Rate:
    """Rates (operations per second) of ``repeats`` timed runs of ``n`` operations each."""

    n: int
    rates: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    def describe(self, unit: str) -> str:
        lo, hi = min(self.rates), max(self.rates)
        spread = (hi - lo) / self.median * 100 if self.median else 0.0
        return (
            f"{self.median:,.0f} {unit}/s  [min {lo:,.0f} .. max {hi:,.0f}, spread {spread:.1f}%]"
            f"  ({len(self.rates)} runs x {self.n})"
        )


def measure(clock: Clock, work: Callable[[], object], n: int, repeats: int) -> Rate:
    """Time ``repeats`` runs of ``n`` calls of ``work`` (after one untimed warm-up call)."""
    work()
    rates: list[float] = []
    for _ in range(repeats):
        start = clock()
        for _ in range(n):
            work()
        rates.append(n / max(clock() - start, 1e-9))
    return Rate(n, tuple(rates))


def measure_each(
    clock: Clock, make: Callable[[], T], work: Callable[[T], object], n: int, repeats: int
) -> Rate:
    """Like ``measure``, but each call of ``work`` gets an input of its own, made by ``make``
    just before it, untimed (as a real phase resolves the state it just decoded): only the
    ``work`` calls are summed."""
    work(make())
    rates: list[float] = []
    for _ in range(repeats):
        spent = 0.0
        for _ in range(n):
            x = make()
            start = clock()
            work(x)
            spent += clock() - start
        rates.append(n / max(spent, 1e-9))
    return Rate(n, tuple(rates))


def deep_size(root: object, skip: Iterable[object] = ()) -> int:
    """Bytes of ``root`` and everything it reaches, each object once, not counting what is
    reachable from ``skip`` nor shared singletons (enum members, None, booleans)."""
    seen = {id(x) for x in _reachable(skip)}
    return sum(sys.getsizeof(x) for x in _reachable([root]) if id(x) not in seen)


def _reachable(roots: Iterable[object]) -> list[object]:
    out: list[object] = []
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        x = stack.pop()
        if id(x) in seen or x is None or isinstance(x, bool | Enum | type):
            continue
        seen.add(id(x))
        out.append(x)
        if isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list | tuple | set | frozenset):
            stack.extend(x)
        elif hasattr(x, "__slots__") or hasattr(x, "__dict__"):
            stack.extend(_attributes(x))
    return out


def _attributes(x: object) -> list[object]:
    names: list[str] = list(getattr(x, "__dict__", {}))
    for cls in type(x).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return [getattr(x, n) for n in names if hasattr(x, n)]
