"""Events are frozen dataclasses (engine.events): each takes exactly its fields with their
defaults, keeps its values, compares by value, and refuses writes."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from engine.events import _TYPES, Cause, Died, Left, VoteCast, event_from_dict, event_to_dict


@pytest.mark.parametrize("cls", list(_TYPES.values()), ids=list(_TYPES))
def test_each_event_takes_exactly_its_fields(cls: type) -> None:
    expected = [
        (f.name, inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)
        for f in dataclasses.fields(cls)
    ]
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [(p.name, p.default) for p in params] == expected


def test_events_keep_their_values_and_refuse_writes() -> None:
    cast = VoteCast("ann", "bob")
    assert (cast.voter, cast.target, cast.ordered_by) == ("ann", "bob", None)
    assert cast == VoteCast(voter="ann", target="bob", ordered_by=None) != VoteCast("ann", "cid")
    assert Left("ann") == Left("ann", Cause.VOTE, False) and Left("ann").cause is Cause.VOTE
    assert Died("ann", Cause.COP) != Left("ann")  # a subclass is another event
    assert event_from_dict(event_to_dict(Left("ann", autokilled=True))) == Left(
        "ann", autokilled=True
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        cast.target = "cid"  # type: ignore[misc]
    with pytest.raises(TypeError):
        VoteCast("ann")  # type: ignore[call-arg]
    assert hash(cast) == hash(VoteCast("ann", "bob"))
