"""A read-only dict for the immutable game state.

Why not ``types.MappingProxyType``: the state must serialise with ``json.dumps`` as it is and
compare equal to a plain dict; a ``dict`` subclass does both at C speed, and refusing every
mutating method makes it as immutable as a frozen dataclass (``object.__setattr__`` aside).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
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


def generated_init(
    cls: type,
    assign: str,
    scope: dict[str, Any],
    *,
    head: str = "",
    extra: Sequence[str] = (),
    tail: str = "",
    method: str = "__init__",
) -> Callable[..., Any]:
    """An ``__init__`` (or, with ``method="__new__"``, a ``__new__`` whose first parameter is
    ``cls``) for the frozen dataclass ``cls`` with the parameters and defaults of the one
    ``dataclass`` made (then the ``extra`` ones): its body is ``head``, ``assign`` formatted
    with each field's ``name``, then ``tail``, compiled once with ``scope`` as its globals,
    the way ``dataclasses`` compiles its own (why: see its callers)."""
    params, body = [], [head] if head else []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            params.append(f"{f.name}=_default_{f.name}")
            scope[f"_default_{f.name}"] = f.default
        body.append(assign.format(name=f.name))
    params.extend(extra)
    if tail:
        body.append(tail)
    first = "cls" if method == "__new__" else "self"
    source = f"def {method}({first}, {', '.join(params)}):\n" + "\n".join(body)
    namespace: dict[str, Any] = {}
    exec(source, scope, namespace)
    made: Callable[..., Any] = namespace[method]
    return made
