"""The chat game's own events, beside the core's (``engine.events``).

A resolution returns a list of frozen events in the order they happened. The core's are reused
where they fit: ``Died`` (with ``Cause`` cop = the commissar's shot, mafia, killer, maniac,
kamikaze = taken along, asleep, vote = hanged, leave), ``Notice`` (the chat codes of section 8),
``Refused``, ``Learned``, ``VoteCast``, ``VoteCounted``. These are the chat-only ones. Only
``public_view`` decides what of them a public channel may show (hidden information never leaks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.chat.roles import ChatFaction, ChatRole, ChatVerb
from engine.events import (
    Cause,
    Died,
    Learned,
    Notice,
    Refused,
    VoteCast,
    VoteCounted,
    event_to_dict,
)
from engine.events import (
    event_from_dict as core_event_from_dict,
)


@dataclass(frozen=True)
class Blocked:
    """The mistress's visit took effect on ``who`` (C-NIGHT-1): told to him; mute tomorrow."""

    who: str


@dataclass(frozen=True)
class Turned:
    """The werewolf ``who`` turned into ``role`` (C-NIGHT-4a): told to him and his new cabinet;
    the public is told only ``Notice(werewolf_turned)``."""

    who: str
    role: ChatRole


@dataclass(frozen=True)
class Promoted:
    """``who`` became ``role`` by C-LIFE-5 (sergeant -> commissar, mafioso -> don)."""

    who: str
    role: ChatRole


@dataclass(frozen=True)
class CoinDrawn:
    """The lucky's coin of C-NIGHT-4c (private: it names the lucky). ``verify`` recomputes it."""

    who: str
    night: int
    heads: bool


@dataclass(frozen=True)
class CommissarChose:
    """C-NIGHT-7: the sergeant ``told`` learns what the commissar chose (a check or a shot)."""

    told: str
    commissar: str
    verb: ChatVerb
    target: str


@dataclass(frozen=True)
class BlindShot:
    """C-NIGHT-5: the commissar shot on night 1, allowed, and the rulebook's `cop_first_night`
    that the bot reports to the moderators (C-MOD-1). Private: for the detector only."""

    commissar: str
    target: str


@dataclass(frozen=True)
class Visitors:
    """C-NIGHT-6: the hobo learns who visited his target."""

    hobo: str
    target: str
    visitors: tuple[str, ...]


@dataclass(frozen=True)
class Morning:
    """C-NIGHT-9's post: the living, and their count by role without names (``()`` when the
    server hides roles, C-LIFE-6)."""

    alive: tuple[str, ...]
    counts: tuple[tuple[ChatRole, int], ...]


@dataclass(frozen=True)
class Candidate:
    """C-DAY-3: the day's candidate, ``None`` for nobody; ``skips`` as counted."""

    who: str | None
    skips: int


@dataclass(frozen=True)
class Pressed:
    """C-DAY-4's count of the confirmation."""

    up: int
    down: int


@dataclass(frozen=True)
class RoleShown:
    """A death announced with the role (C-LIFE-6); absent when the server hides roles."""

    who: str
    role: ChatRole


@dataclass(frozen=True)
class PersonalWin:
    """C-DAY-6: a hanged suicide wins alone."""

    who: str


@dataclass(frozen=True)
class TakeAwaited:
    """C-DAY-5: the hanged kamikaze ``who`` may name one living player."""

    who: str


@dataclass(frozen=True)
class LastWordsOpen:
    """C-DAY-7: ``who`` may send one message of up to 300 characters."""

    who: str


@dataclass(frozen=True)
class LastWords:
    """C-DAY-7: posted as "someone heard X shout before dying: ..." (escaped by the renderer)."""

    who: str
    text: str


@dataclass(frozen=True)
class Won:
    """The game is over (C-WIN): the winning sides, ``()`` for the draw, and the rule."""

    winners: tuple[ChatFaction, ...]
    reason: str


ChatEvent = (
    Died | Notice | Refused | Learned | VoteCast | VoteCounted | Blocked | Turned | Promoted
    | CoinDrawn | CommissarChose | BlindShot | Visitors | Morning | Candidate | Pressed | RoleShown
    | PersonalWin | TakeAwaited | LastWordsOpen | LastWords | Won
)  # fmt: skip

_CHAT_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
        Blocked, Turned, Promoted, CoinDrawn, CommissarChose, BlindShot, Visitors, Morning, Candidate,
        Pressed, RoleShown, PersonalWin, TakeAwaited, LastWordsOpen, LastWords, Won,
    )
}  # fmt: skip


def chat_event_to_dict(event: ChatEvent) -> dict[str, Any]:
    """A JSON-ready dict, as ``engine.events.event_to_dict`` makes for the core's events."""
    return event_to_dict(event)  # type: ignore[arg-type]


def chat_event_from_dict(data: dict[str, Any]) -> ChatEvent:
    """Inverse of ``chat_event_to_dict``."""
    cls = _CHAT_TYPES.get(str(data.get("type")))
    if cls is None:
        made = core_event_from_dict(data)
        assert isinstance(made, Died | Notice | Refused | Learned | VoteCast | VoteCounted)
        return made
    fields = {k: v for k, v in data.items() if k != "type"}
    if "role" in fields:
        fields["role"] = ChatRole(fields["role"])
    if "verb" in fields:
        fields["verb"] = ChatVerb(fields["verb"])
    if cls is Visitors:
        fields["visitors"] = tuple(fields["visitors"])
    if cls is Morning:
        fields["alive"] = tuple(fields["alive"])
        fields["counts"] = tuple((ChatRole(r), int(n)) for r, n in fields["counts"])
    if cls is Won:
        fields["winners"] = tuple(ChatFaction(f) for f in fields["winners"])
    made_chat: ChatEvent = cls(**fields)
    return made_chat


# What a death's public line may say of how (C-NIGHT-9: killed, took someone along, fell
# asleep; hanged; left): which attacker killed would tell who acted, so every attack is "killed".
_ATTACKS = frozenset({Cause.COP, Cause.MAFIA, Cause.KILLER, Cause.MANIAC})


def public_view(event: ChatEvent, options_secret_vote: bool = False) -> ChatEvent | None:
    """What of ``event`` may be shown in the game channel, or None. Deaths, roles on death
    (C-LIFE-6), notices, the morning post, the vote (C-DAY-2: counts only when secret), the
    candidate and the count, personal wins, last words and the end are public; the rest is
    private to those it names."""
    if isinstance(event, Died):
        return Died(event.who, Cause.UNDISCLOSED) if event.cause in _ATTACKS else event
    if isinstance(event, VoteCast):
        return None if options_secret_vote else event
    public = (Notice, VoteCounted, Morning, Candidate, Pressed, RoleShown, PersonalWin,
              TakeAwaited, LastWords, Won)  # fmt: skip
    return event if isinstance(event, public) else None
