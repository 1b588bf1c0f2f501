"""Sanctions that follow from the rules by themselves (RULES.md section 10): the dead who post
outside the morgue (R-SANCT-1) and the inactive removed at the day's close (R-SANCT-3).

The Discord layer counts and stores (a breach's number, a day's posts); what counts as a
breach, what it costs, who is under the threshold and how he leaves the game is decided here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import timedelta

from engine.draft import Draft
from engine.events import Cause, Event, HostAction
from engine.forum import effects
from engine.roles import Phase
from engine.state import GameState

#: R-SANCT-1: each breach after the first makes the player read-only 30 minutes longer.
BREACH_STEP = timedelta(minutes=30)
#: R-SANCT-3: the posts a player must write in a game day (a vote counts as one).
ACTIVITY_THRESHOLD = 10
#: The ``HostAction`` that marks a removal by R-SANCT-3.
INACTIVE = "inactive"


def is_breach(state: GameState, author: str, *, in_morgue: bool) -> bool:
    """R-SANCT-1c: a post by ``author`` is a breach when he is a dead player of a game still
    running and wrote outside the morgue."""
    player = state.player(author)
    return not in_morgue and player is not None and not player.alive and state.outcome is None


def morgue_post_allowed(
    state: GameState, author: str, *, replied_to: str | None, mentioned: Collection[str]
) -> bool:
    """R-SANCT-1a/b: whether a post by ``author`` in the morgue of a running game stays.

    The dead write there freely (R-SANCT-1a; the autokilled and the disqualified are kept out by
    the channel itself, their morgue mute, R-VOTE-4, R-SANCT-4). A living player may write only
    to talk with the dead (R-SANCT-1b): his post replies to a post of a dead player of this game
    (``replied_to``: that post's author) or mentions one (``mentioned``: the users it mentions).
    Anyone else (the host, a member who is no player) is not judged here. Once the game is over
    nobody writes in its channels (R-LIFE-6), so nothing is judged either."""
    player = state.player(author)
    if player is None or not player.alive or state.outcome is not None:
        return True
    talked_to = {*mentioned, *([replied_to] if replied_to is not None else [])}
    return any((p := state.player(who)) is not None and not p.alive for who in talked_to)


def breach_read_only(breaches: int) -> timedelta | None:
    """R-SANCT-1c's ladder for the ``breaches``-th breach: the first is a warning (None), the
    second 30 minutes read-only, each further one 30 minutes more."""
    if breaches < 2:
        return None
    return BREACH_STEP * (breaches - 1)


def activity_threshold(stored: int | None, *, clock_game: bool) -> int | None:
    """R-SANCT-3's threshold for a game, None when the rule is off: the host's own (``stored``;
    0 turns it off), else the rule's 10 in a game by the clock. Decision: off by default in a
    fast game (a day of minutes leaves no room for ten posts) and in one without deadlines."""
    if stored is None:
        return ACTIVITY_THRESHOLD if clock_game else None
    return stored or None


def under_threshold(
    state: GameState, posts: Mapping[str, int], voters: Collection[str], limit: int
) -> dict[str, int]:
    """R-SANCT-3 at the day's close: the living players who wrote fewer than ``limit`` posts
    (their vote counting as one), with their count. Empty at night."""
    if state.phase is not Phase.DAY:
        return {}
    counts = {p.id: posts.get(p.id, 0) + (p.id in voters) for p in state.living()}
    return {who: n for who, n in counts.items() if n < limit}


def remove_inactive(
    state: GameState, events: Sequence[Event], under: Mapping[str, int]
) -> tuple[GameState, list[Event]]:
    """The day's resolution (``state``, ``events``) followed by R-SANCT-3's removals: every
    player under the threshold whom the day left alive leaves at the same moment, autokilled
    (R-VOTE-4: no morgue), then one win check, as after a host's autokill, so that the order of
    signup never decides whether the game ends between two of them. Nothing once the game is
    over."""
    leaving = [who for who in under if (p := state.player(who)) is not None and p.alive]
    if state.outcome is not None or not leaving:
        return state, list(events)
    draft = Draft(state)
    more: list[Event] = []
    for who in leaving:
        more.append(HostAction(INACTIVE, who))
        effects.kill(draft, more, who, Cause.AUTOKILL)
    effects.close_phase(draft, more, None)
    return draft.freeze(), [*events, *more]
