"""C-NIGHT-1: the mistress's visit, and whom it blocks this night and the next day."""

from __future__ import annotations

from collections.abc import Mapping

from engine.chat.choices import ChatChoice
from engine.chat.roles import ChatRole, ChatVerb
from engine.chat.state import ChatState


def visits(state: ChatState, chosen: Mapping[str, ChatChoice]) -> dict[str, str]:
    """Every mistress's visit that stands (C-NIGHT-1e: a refused visit is no visit; any visit
    not refused is one, with or without effect): mistress -> target."""
    return {
        actor: c.target
        for actor, c in chosen.items()
        if c.verb is ChatVerb.VISIT
        and c.target is not None
        and state.by_id[actor].role is ChatRole.MISTRESS
    }


def blocked_by(
    state: ChatState, chosen: Mapping[str, ChatChoice], visited: Mapping[str, str]
) -> frozenset[str]:
    """The players the visits took effect on (section 8's ``blocked``), read from the choices
    as given: the heal that voids a visit is the doctor's as chosen (C-NIGHT-1c names it)."""
    heals = {c.target for c in chosen.values() if c.verb is ChatVerb.HEAL}
    out = set()
    for mistress, target in visited.items():
        own = chosen.get(target)
        if own is not None and own.target == mistress:
            continue  # C-NIGHT-1a: his own choice names the mistress
        if state.by_id[target].role is ChatRole.KILLER:
            continue  # C-NIGHT-1b: the killer cannot be blocked
        if target in heals:
            continue  # C-NIGHT-1c: the doctor's heal on her target voids the visit
        out.add(target)
    return frozenset(out)
