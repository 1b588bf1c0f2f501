"""The engine's events as sentences: public lines, private lines and their recipients.

One vocabulary (engine.events) is rendered three ways:

- :func:`public_line`: what a public channel may say about an event. Every event passes through
  ``engine.public_view`` first — the one gate (DESIGN.md) — so a night death has no cause, a
  hobo's ordered vote no orderer, a lawyer's choice no lawyer.
- :func:`private_lines`: who is told what, privately (a DM, a cabinet): a cop's check to the
  cop, a woodman's block result to the woodman, a new role to its holder.
- :func:`host_line`: everything, for the host's channel and the log.

A :class:`Line` is a catalogue key and its arguments; players are engine ids until
:func:`text` turns them into names, and roles, factions, guns and causes are :class:`Term`s
translated in the reader's language. Catalogue: ``locales/<lang>/events.ftl``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from cogs.support.inert import inert
from engine import GameState, Phase, Player, public_view
from engine.events import (
    Autokilled,
    BlockResult,
    Cause,
    Converted,
    DayChoiceMade,
    Died,
    Event,
    GunInherited,
    GunStolen,
    HostAction,
    Learned,
    Left,
    LeftCabinet,
    Notice,
    Refused,
    RoleChanged,
    VoteCast,
    VoteCounted,
    VoteTaken,
    VoteVoided,
    Won,
    ZombieHead,
)
from locales import FluentArg, t

__all__ = [
    "HOST",
    "Line",
    "Person",
    "Term",
    "display_names",
    "shown_name",
    "host_line",
    "nobody_left",
    "no_vote_autokills",
    "private_lines",
    "public_line",
    "text",
]

#: The recipient of what only the host sees.
HOST = "host"


@dataclass(frozen=True, slots=True)
class Term:
    """A word of the game's vocabulary (``role-cop``, ``faction-town``), translated late."""

    key: str


@dataclass(frozen=True, slots=True)
class Person:
    """A player, by engine id: shown by the name the reader knows him by."""

    id: str


@dataclass(frozen=True, slots=True)
class Line:
    key: str
    args: dict[str, Arg] = field(default_factory=dict)


#: An argument: a plain value, a term, a player, or other lines rendered in the same language
#: (several lines are joined with "; ", several players with ", ").
Arg = str | int | Term | Person | Line | tuple[Line, ...] | tuple[Person, ...]


def shown_name(player: Player) -> str:
    """The name players know ``player`` by (his character's, R-LIFE-1), as a message shows it:
    inert (cogs.support.inert), so a name is never markdown, a link or a mention. The one place
    a player becomes his name in what the bot posts; a select's label takes ``player.name``."""
    return inert(player.name or player.id)


def display_names(state: GameState) -> dict[str, str]:
    """Each player's engine id → :func:`shown_name`."""
    return {p.id: shown_name(p) for p in state.players}


def text(line: Line, locale: object, name: Callable[[str], str] | Mapping[str, str]) -> str:
    """``line`` in ``locale``; ``name`` gives a player's display name from his engine id."""
    lookup: Callable[[str], str | None] = name.get if isinstance(name, Mapping) else name

    def value(arg: Arg) -> FluentArg:
        if isinstance(arg, Term):
            return t(locale, arg.key)
        if isinstance(arg, Person):
            return lookup(arg.id) or arg.id
        if isinstance(arg, Line):
            return text(arg, locale, name)
        if isinstance(arg, tuple):
            return "; ".join(
                text(a, locale, name) for a in arg if isinstance(a, Line)
            ) or ", ".join(str(value(a)) for a in arg)
        return arg

    return t(locale, line.key, **{k: value(v) for k, v in line.args.items()})


def _what(code: str) -> Term:
    """A role or faction code (``Learned.what``) as a term."""
    from engine.roles import Faction

    return Term(f"faction-{code}" if code in set(Faction) else f"role-{code}")


def public_line(event: Event, phase: Phase, no_vote: frozenset[str] = frozenset()) -> Line | None:
    """The public sentence for ``event`` (produced by ``phase``'s resolution), or None;
    ``no_vote``: the players a day's close autokilled for giving no vote (R-VOTE-4), said so."""
    shown = public_view(event, phase)
    if shown is None:
        return None
    match shown:
        case Notice(code=code):
            return Line(f"notice-{code}")
        case Left(who=who, autokilled=autokilled):
            return Line(
                "event-left-autokilled" if autokilled else "event-left", {"who": Person(who)}
            )
        case Autokilled(who=who) | Died(who=who, cause="autokill"):
            key = "event-autokilled-no-vote" if who in no_vote else "event-autokilled"
            return Line(key, {"who": Person(who)})
        case Died(who=who, cause="disqualified"):
            return Line("event-disqualified", {"who": Person(who)})
        case Died(who=who):
            return Line("event-died", {"who": Person(who)})
        case VoteCast(voter=voter, target=target):
            return Line("event-vote", {"voter": Person(voter), "target": Person(target)})
        case VoteVoided(voter=voter):
            return Line("event-vote-voided", {"voter": Person(voter)})
        case DayChoiceMade(verb=verb, target=target):
            return Line(f"event-day-{verb}", {"target": Person(target)})
        case VoteCounted(counts=counts):
            tally = tuple(
                Line("event-tally-entry", {"who": Person(who), "count": n}) for who, n in counts
            )
            return Line("event-vote-counted", {"tally": tally})
        case Won(factions=factions, reason=reason):
            return _won(factions, reason)
    return None  # pragma: no cover - public_view lets nothing else through


def _won(factions: tuple[str, ...], reason: str) -> Line:
    key = "event-won-joint" if len(factions) > 1 else "event-won"
    args: dict[str, Arg] = {
        f"faction{i or ''}": Term(f"faction-{f}") for i, f in enumerate(factions)
    }
    # The rule in words, in the host's channel too: nobody reads rule ids ("… (every criminal
    # is dead)", never "R-WIN-1").
    why = Term(f"win-{reason.replace(':', '-')}")
    args["reason"] = Line("win-reason", {"why": why}) if reason else "-"
    return Line(key, args)


def private_lines(event: Event, no_vote: frozenset[str] = frozenset()) -> list[tuple[str, Line]]:
    """``(recipient, line)`` for each player (engine id) or cabinet told of ``event`` privately
    (``no_vote``: as for :func:`public_line`)."""
    match event:
        case Refused(actor=actor, code=code):
            return [(actor, Line(f"refused-{code}"))]
        case Learned(who=who, about=about, what=what):
            # a side and a role can share a word ("Зомби"): a role is told as a role
            term = _what(what)
            key = "event-learned" if term.key.startswith("faction-") else "event-learned-role"
            return [(who, Line(key, {"about": Person(about), "what": term}))]
        case RoleChanged(who=who, role=role, faction=faction, told=True):
            args: dict[str, Arg] = {
                "role": Term(f"role-{role}"),
                "faction": Term(f"faction-{faction}"),
            }
            return [(who, Line("event-role-changed", args))]
        case Converted(who=who, cabinet=cabinet):
            return [(who, Line("event-converted", {"cabinet": Term(f"cabinet-{cabinet}")}))]
        case LeftCabinet(who=who, cabinet=cabinet):
            return [(who, Line("event-left-cabinet", {"cabinet": Term(f"cabinet-{cabinet}")}))]
        case BlockResult(woodman=woodman, target=target, blocked=blocked):
            key = "event-block-hit" if blocked else "event-block-miss"
            return [(woodman, Line(key, {"target": Person(target)}))]
        case GunStolen(woodman=woodman, gun=gun):
            return [(woodman, Line("event-gun-stolen", {"gun": Term(f"gun-{gun}")}))]
        case VoteTaken(hobo=hobo, taker=taker, day=day):
            return [(taker, Line("event-vote-taken", {"hobo": Person(hobo), "day": day}))]
        case GunInherited(who=who):
            return [(who, Line("event-gun-inherited"))]
        case ZombieHead(who=who):
            return [(who, Line("event-zombie-head"))]
        case Autokilled(who=who) | Died(who=who, cause="autokill") | Left(who=who, autokilled=True):
            # R-VOTE-4: he is told he may not post in the morgue (a night autokill, the
            # vampire's skip, is announced in public only as a death), and why when he gave no vote
            no = who in no_vote or (isinstance(event, Left) and event.autokilled)
            return [(who, Line("event-you-autokilled-no-vote" if no else "event-you-autokilled"))]
        case Died(who=who, cause=Cause.DISQUALIFIED):  # R-SANCT-4: silent in the morgue too
            return [(who, Line("event-you-disqualified"))]
        case Died(who=who):
            return [(who, Line("event-you-died"))]
    return []


def host_line(event: Event) -> Line:
    """Everything about ``event``, for the host (never for a public channel)."""
    match event:
        case Died(who=who, cause=cause):
            return Line("host-died", {"who": Person(who), "cause": Term(f"cause-{cause}")})
        case VoteCast(voter=voter, target=target, ordered_by=ordered_by) if ordered_by:
            args: dict[str, Arg] = {"voter": Person(voter), "target": Person(target)}
            return Line("host-vote-ordered", args | {"by": Person(ordered_by)})
        case DayChoiceMade(actor=actor, verb=verb, target=target) if actor:
            return Line(
                "host-day-choice", {"actor": Person(actor), "verb": verb, "target": Person(target)}
            )
        case RoleChanged(who=who, role=role, faction=faction, told=was_told):
            key = "host-role-changed" if was_told else "host-role-changed-untold"
            args = {
                "who": Person(who),
                "role": Term(f"role-{role}"),
                "faction": Term(f"faction-{faction}"),
            }
            return Line(key, args)
        case Won(factions=factions, reason=reason):
            return _won(factions, reason)
        case HostAction(action=action, target=target):
            return Line(
                "host-action", {"action": action, "target": Person(target) if target else "-"}
            )
    public = public_line(event, Phase.DAY)
    if public is not None:
        return public
    told = private_lines(event)
    if told:
        recipient, line = told[0]
        return Line("host-told", {"who": Person(recipient), "what": line})
    return Line("host-event", {"event": type(event).__name__})


def no_vote_autokills(events: Sequence[Event]) -> frozenset[str]:
    """Who a day's close autokilled for giving no vote (R-VOTE-4): every autokill of the day's
    resolution but R-SANCT-3's removals for inactivity, which follow a ``HostAction``."""
    by_host = {e.target for e in events if isinstance(e, HostAction)}
    return frozenset(e.who for e in events if isinstance(e, Autokilled) and e.who not in by_host)


def nobody_left(events: Sequence[Event]) -> Line | None:
    """Why nobody leaves by a day's vote (R-VOTE-7), from the public tally and the lawyer's
    public protection; None when someone left (or no vote was held)."""
    counted = next((e for e in events if isinstance(e, VoteCounted)), None)
    if counted is None or any(isinstance(e, Left) for e in events):
        return None
    counts = dict(counted.counts)
    if not counts:
        return Line("results-nobody-no-votes")
    top = max(counts.values())
    leaders = [w for w, c in counts.items() if c == top]  # in the tally's order
    if len(leaders) > 1:
        return Line("results-nobody-tie", {"names": tuple(Person(w) for w in leaders)})
    protected = {e.target for e in events if isinstance(e, DayChoiceMade) and e.verb == "protect"}
    if leaders[0] in protected:
        rest = [c for w, c in counts.items() if w != leaders[0]]
        key = "results-nobody-protected-tie" if rest else "results-nobody-protected-alone"
        return Line(key, {"who": Person(leaders[0])})
    return None  # pragma: no cover - the unique unprotected leader always leaves
