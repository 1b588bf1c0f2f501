"""A read-only dict for the immutable game state.

Why not ``types.MappingProxyType``: the state must serialise with ``json.dumps`` as it is and
compare equal to a plain dict; a ``dict`` subclass does both, and refusing every mutating
method makes it as immutable as a frozen dataclass.
"""

from __future__ import annotations

from typing import Any, NoReturn, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(dict[K, V]):
    """A ``dict`` whose contents cannot change after construction."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("the game state is immutable: build a new state instead")

    __setitem__ = _refuse
    __delitem__ = _refuse
    __ior__ = _refuse
    clear = _refuse
    pop = _refuse
    popitem = _refuse
    setdefault = _refuse
    update = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (dict(self),))

    def __copy__(self) -> FrozenMap[K, V]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenMap[K, V]:
        return self


EMPTY: FrozenMap[Any, Any] = FrozenMap()
