"""Events: the one vocabulary the Discord layer renders, the db stores and the runner prints.

Every resolution (night, day, host command) returns a list of these frozen dataclasses, in the
order they happened. Only ``public_view(event, phase)`` may be shown in a public channel: it keeps
``Notice``, ``VoteCounted`` and ``Won`` as they are, shows ``Died``, ``VoteCast``, ``VoteVoided``
and ``DayChoiceMade`` without what would reveal a role (the gun or cause of a night death, who
ordered a hobo's vote, who the bouncer or lawyer is), and hides the rest, which are private to
the players they name.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from engine.roles import Faction, Gun, Phase, Role


class NoticeCode(StrEnum):
    """Public notice codes, the closed list of FORMAT.md."""

    COP_MISSED = "cop_missed"
    SNIPER_MISSED = "sniper_missed"
    MANIAC_MISSED = "maniac_missed"
    KAMIKAZE_MISSED = "kamikaze_missed"
    MAFIA_MISSED = "mafia_missed"
    MANIACS_MISSED = "maniacs_missed"
    SNIPER_JOINED_CRIMINALS = "sniper_joined_criminals"
    CHILD_FOUND = "child_found"
    DOCTOR_HEALED_HEALTHY = "doctor_healed_healthy"
    DOCTOR_LOST_ROLE = "doctor_lost_role"
    SAVED_FROM_BULLET = "saved_from_bullet"
    VAMPIRE_LOST_CHILD = "vampire_lost_child"
    MOURNING = "mourning"
    LAWYER_SKIPPED = "lawyer_skipped"
    BOUNCER_SKIPPED = "bouncer_skipped"
    LAWYER_LOST_ROLE = "lawyer_lost_role"
    BOUNCER_LOST_ROLE = "bouncer_lost_role"
    CHILD_KILLED = "child_killed"
    # The chat game's notices (CHAT-GAME.md section 8), beside the forum's closed list.
    WEREWOLF_TURNED = "werewolf_turned"  # C-NIGHT-4a
    LUCKY_SURVIVED = "lucky_survived"  # C-NIGHT-4c
    SERGEANT_PROMOTED = "sergeant_promoted"  # C-LIFE-5
    DON_PROMOTED = "don_promoted"  # C-LIFE-5
    FELL_ASLEEP = "fell_asleep"  # C-NIGHT-8
    TOOK_ALONG = "took_along"  # C-NIGHT-4e, C-DAY-5


class Refusal(StrEnum):
    """Why a choice was refused, the closed list of FORMAT.md."""

    NOT_ALIVE = "not_alive"
    NO_POWER = "no_power"
    SELF_VOTE = "self_vote"
    SAME_TARGET_TWICE = "same_target_twice"
    OWN_TEAM = "own_team"
    ALREADY_USED = "already_used"
    VOTE_CONTROLLED = "vote_controlled"
    NO_GUN = "no_gun"
    NIGHT_CANCELLED = "night_cancelled"
    UNKNOWN_PLAYER = "unknown_player"
    # The chat game's own reasons (CHAT-GAME.md section 8), beside the forum's closed list.
    SELF_TARGET = "self_target"
    BLOCKED = "blocked"
    OWN_CONFIRMATION = "own_confirmation"


class Cause(StrEnum):
    """Why a player left the game (``Died.cause``)."""

    COP = "cop"  # bullets: the gun that killed
    SNIPER = "sniper"
    MAFIA = "mafia"
    MANIACS = "maniacs"
    MANIAC = "maniac"
    ZOMBIE = "zombie"
    KAMIKAZE = "kamikaze"  # taken along by a dying kamikaze (R-NIGHT-9)
    EXPLODED = "exploded"  # kamikaze's second skip (R-NIGHT-9)
    RECOIL = (
        "recoil"  # maniac / zombie / woodman hitting the cop or a don (R-NIGHT-8a, 10c, 10e, 13)
    )
    DUEL = "duel"  # vampire's duel (R-NIGHT-11d)
    SANCTION = "sanction"  # team without a night choice (R-NIGHT-1): may post in the morgue
    VOTE = "vote"  # left by the day's vote (R-VOTE-7)
    AUTOKILL = "autokill"  # R-VOTE-4, vampire's skip, host: may not post in the morgue
    DISQUALIFIED = "disqualified"  # host (R-SANCT-4)
    UNDISCLOSED = "undisclosed"  # only in public_view: a night death, no cause told (R-NIGHT-14)
    # The chat game's causes (CHAT-GAME.md); its other deaths reuse cop (the commissar's
    # shot), mafia, maniac, kamikaze (taken along) and vote (hanged).
    KILLER = "killer"  # the killer's kill (C-NIGHT-4)
    ASLEEP = "asleep"  # fell asleep for ever (C-NIGHT-8)
    LEAVE = "leave"  # /mafia leave during the game (C-LIFE-7)

    @staticmethod
    def of_gun(gun: Gun) -> Cause:
        return _CAUSE_OF_GUN[gun]


_CAUSE_OF_GUN: dict[Gun, Cause] = {gun: Cause(gun.value) for gun in Gun}


@dataclass(frozen=True, slots=True)
class Notice:
    """A public announcement (R-NIGHT-14, R-DAY-3, R-VOTE-9/10)."""

    code: NoticeCode


@dataclass(frozen=True, slots=True)
class Died:
    """A player left the game. ``cause`` vote = eliminated by the vote; autokill = autokilled."""

    who: str
    cause: Cause


@dataclass(frozen=True, slots=True)
class Left(Died):
    """Eliminated by the day's vote (R-VOTE-7). A ``Died`` with cause ``vote``.

    ``autokilled``: he gave no vote, so he counts as autokilled too (R-VOTE-4: no morgue)."""

    cause: Cause = Cause.VOTE
    autokilled: bool = False


@dataclass(frozen=True, slots=True)
class Autokilled(Died):
    """Autokilled (R-VOTE-4, a vampire's skip, the host): may not post in the morgue."""

    cause: Cause = Cause.AUTOKILL


@dataclass(frozen=True, slots=True)
class Refused:
    """A choice that was dropped at resolution (the step resolves as if it was not given)."""

    actor: str
    verb: str
    code: Refusal


@dataclass(frozen=True, slots=True)
class Learned:
    """Private knowledge: ``who`` was told that ``about`` is ``what`` (a role or faction code)."""

    who: str
    about: str
    what: str


@dataclass(frozen=True, slots=True)
class RoleChanged:
    """``who`` now has ``role``/``faction``. ``told`` False: the player is not informed (R-NIGHT-5c)."""

    who: str
    role: Role
    faction: Faction
    told: bool = True


@dataclass(frozen=True, slots=True)
class Converted:
    """``who`` joined a cabinet (criminal team, the cop's, the horde)."""

    who: str
    cabinet: str


@dataclass(frozen=True, slots=True)
class LeftCabinet:
    """``who`` left a cabinet (the cop bitten by the vampire, R-NIGHT-11a; a stripped cop)."""

    who: str
    cabinet: str


@dataclass(frozen=True, slots=True)
class BlockResult:
    """The woodman learns privately whether his block hit a gun holder (R-NIGHT-4)."""

    woodman: str
    target: str
    blocked: bool


@dataclass(frozen=True, slots=True)
class GunStolen:
    """The woodman holds ``gun`` of ``owner`` for night ``night`` (R-NIGHT-10); both are told."""

    woodman: str
    gun: Gun
    owner: str
    night: int


@dataclass(frozen=True, slots=True)
class VoteTaken:
    """``taker`` (a player id or a team name) holds the hobo's vote on day ``day`` (R-NIGHT-12)."""

    hobo: str
    taker: str
    day: int


@dataclass(frozen=True, slots=True)
class GunInherited:
    """``who`` (an assistant) now holds the cop's gun (R-NIGHT-5e, R-ROLE-2)."""

    who: str


@dataclass(frozen=True, slots=True)
class ZombieHead:
    """``who`` is the head of the horde and fires its gun (R-NIGHT-13)."""

    who: str


@dataclass(frozen=True, slots=True)
class DayChoiceMade:
    """The lawyer's protection or the bouncer's void, for the results post (R-VOTE-8).
    ``actor`` is None in the public view: the post says what was chosen, not who the lawyer is."""

    actor: str | None
    verb: str
    target: str


@dataclass(frozen=True, slots=True)
class VoteCast:
    """A vote; ``ordered_by`` is the taker who ordered a hobo's vote (R-VOTE-6)."""

    voter: str
    target: str
    ordered_by: str | None = None


@dataclass(frozen=True, slots=True)
class VoteVoided:
    """``voter``'s vote is void today (R-VOTE-5); ``by`` (the bouncer) is None in the public view."""

    voter: str
    by: str | None


@dataclass(frozen=True, slots=True)
class VoteCounted:
    """The tally of counted votes after voiding, as ``(target, count)`` pairs (R-VOTE-7)."""

    counts: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class HostAction:
    """A host override was applied (R-WIN-2, R-WIN-4, R-SANCT-4)."""

    action: str
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Won:
    """The game is over (R-WIN). Two factions only for the criminals' joint win (R-WIN-4).
    ``reason`` names the rule (``state.WinReason``: ``R-WIN-1`` .. ``R-WIN-7``, ``host:R-WIN-4``)."""

    factions: tuple[Faction, ...]
    reason: str = ""


Event = (
    Notice
    | Died
    | Left
    | Autokilled
    | Refused
    | Learned
    | RoleChanged
    | Converted
    | LeftCabinet
    | BlockResult
    | GunStolen
    | VoteTaken
    | GunInherited
    | ZombieHead
    | DayChoiceMade
    | VoteCast
    | VoteVoided
    | VoteCounted
    | HostAction
    | Won
)


_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        Notice, Died, Left, Autokilled, Refused, Learned, RoleChanged, Converted, LeftCabinet, BlockResult,
        GunStolen, VoteTaken, GunInherited, ZombieHead, DayChoiceMade, VoteCast, VoteVoided,
        VoteCounted, HostAction, Won,
    )
}  # fmt: skip


_ENUMS: dict[str, type[StrEnum]] = {"cause": Cause, "role": Role, "faction": Faction, "gun": Gun}


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict ``{"type": ClassName, field: value, ...}`` for the db's event log."""
    out: dict[str, Any] = {"type": type(event).__name__}
    for f in fields(event):
        name, value = f.name, getattr(event, f.name)
        if isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[name] = value
    return out


def event_from_dict(data: dict[str, Any]) -> Event:
    """Inverse of ``event_to_dict``: ``event_from_dict(event_to_dict(e)) == e``."""
    args: dict[str, Any] = dict(data)
    cls = _TYPES[str(args.pop("type"))]
    for name, value in list(args.items()):
        if name == "code":
            args[name] = (NoticeCode if cls is Notice else Refusal)(value)
        elif name == "counts":
            args[name] = tuple((str(t), int(c)) for t, c in value)
        elif name == "factions":
            args[name] = tuple(Faction(f) for f in value)
        elif name in _ENUMS and value is not None:
            args[name] = _ENUMS[name](value)
    return cls(**args)


# Deaths whose cause the public is told (R-VOTE-8: who left by the vote, who was autokilled; the
# host's disqualification). By night nothing but the death itself is told (R-NIGHT-14): the gun,
# a recoil, a duel or a team's sanction would each reveal a role, and so would the vampire's
# autokill for skipping his bite.
_CAUSES_TOLD_BY_DAY = frozenset({Cause.VOTE, Cause.AUTOKILL, Cause.DISQUALIFIED})


def public_view(event: Event, phase: Phase) -> Event | None:
    """What of ``event`` may be shown in public, or None if nothing. ``phase`` is the phase whose
    resolution (or host action) produced it. Hidden information never leaks (DESIGN.md): this is
    the one gate between the engine's events and a public channel."""
    if isinstance(event, Notice | VoteCounted | Won):
        return event
    if isinstance(event, Died):
        if event.cause in _CAUSES_TOLD_BY_DAY and (
            phase is Phase.DAY or event.cause is Cause.DISQUALIFIED
        ):
            return event
        return Died(event.who, Cause.UNDISCLOSED)
    if isinstance(event, VoteCast):
        return VoteCast(event.voter, event.target)  # R-VOTE-6: the order's giver stays hidden
    if isinstance(event, VoteVoided):
        return VoteVoided(event.voter, None)
    if isinstance(event, DayChoiceMade):
        return DayChoiceMade(None, event.verb, event.target)
    return None
