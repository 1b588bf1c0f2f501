"""C-LIFE-5: successions, applied at the end of every resolution (night, day, a leave)."""

from __future__ import annotations

from engine.chat.events import Promoted
from engine.chat.roles import ChatRole
from engine.chat.state import ChatPlayer, ChatState
from engine.events import Notice, NoticeCode

#: (the role that must live, the role that inherits it, the public notice)
_LINES = (
    (ChatRole.COMMISSAR, ChatRole.SERGEANT, NoticeCode.SERGEANT_PROMOTED),
    (ChatRole.DON, ChatRole.MAFIOSO, NoticeCode.DON_PROMOTED),
)


def successions(state: ChatState) -> tuple[ChatState, list[Promoted | Notice]]:
    """When no commissar lives, the first living sergeant becomes the commissar; when no don
    lives, the first living mafioso becomes the don ("first": the dealt ones in signup order,
    then turned werewolves in the order they turned)."""
    events: list[Promoted | Notice] = []
    for head, heir, notice in _LINES:
        if state.living_with(head):
            continue
        heirs = state.living_with(heir)
        if not heirs:
            continue
        first = min(heirs, key=lambda p: state.rank(p.id))
        state = state.with_players([ChatPlayer(first.id, head)])
        events += [Promoted(first.id, head), Notice(notice)]
    return state, events
