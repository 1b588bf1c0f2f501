"""What the post-game page says (issue 22), from what is stored of a finished game: the cast
with roles and sides, each phase in order — a day's votes as a table, every event of each phase
as the host saw it (R-LIFE-6: the full log is revealed at the end), deaths and changes of side
marked — the winner and why, and the draw's proof with the command that checks it
(docs/draw.md). Pure: plain values in, a :class:`Page` of translated sentences out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cogs.game.render import host_line, text
from db.records import LoggedEvent
from engine import Choice, GameState, Verb
from engine.events import (
    Converted,
    Died,
    LeftCabinet,
    RoleChanged,
    VoteCast,
    VoteCounted,
    VoteVoided,
    Won,
)
from locales import t

__all__ = [
    "CastRow",
    "Entry",
    "Page",
    "PhaseBlock",
    "Proof",
    "VoteRow",
    "build_page",
    "phase_title",
]


@dataclass(frozen=True, slots=True)
class CastRow:
    number: int  # signup order, from 1 (the draw's player list is in that order)
    name: str
    role: str  # the dealt role and side, in words
    side: str  # the dealt side's code, for its colour
    later: str | None  # the last role and side when they changed
    fate: str
    won: bool | None  # None: nobody won (the host ended the game)


@dataclass(frozen=True, slots=True)
class VoteRow:
    voter: str
    target: str
    note: str  # an order's giver, a voided vote; "" otherwise


@dataclass(frozen=True, slots=True)
class Entry:
    text: str
    kind: str  # "death", "change", "won" or "event": the line's mark on the page


@dataclass(frozen=True, slots=True)
class PhaseBlock:
    title: str
    kind: str  # "day", "night" or "other" (events stored before phases were kept)
    choices: tuple[str, ...]  # what each actor chose, as stored (R-LIFE-6: revealed at the end)
    votes: tuple[VoteRow, ...]
    tally: tuple[tuple[str, int], ...]
    entries: tuple[Entry, ...]


@dataclass(frozen=True, slots=True)
class Proof:
    seed: str
    commitment: str
    command: str  # python -m engine.draw verify … (docs/draw.md)


@dataclass(frozen=True, slots=True)
class Page:
    lang: str
    title: str
    winner: str
    why: str
    cast: tuple[CastRow, ...]
    phases: tuple[PhaseBlock, ...]
    proof: Proof | None


def _role(spec: str, locale: str) -> str:
    role, _, faction = spec.partition("@")
    return f"{t(locale, f'role-{role}')} · {t(locale, f'faction-{faction}')}"


def phase_title(produced_in: str | None, locale: str) -> tuple[str, str]:
    """``"night 2"`` → ("Ночь 2", "night")."""
    if produced_in is None:
        return t(locale, "page-other"), "other"
    phase, _, number = produced_in.partition(" ")
    return t(locale, f"page-{phase}", number=int(number)), phase


def _fates(log: Sequence[LoggedEvent], locale: str) -> dict[str, str]:
    """Each dead player's fate: when and how he left (the first death of his in the log)."""
    fates: dict[str, str] = {}
    for logged in log:
        event = logged.event
        if isinstance(event, Died) and event.who not in fates:
            when, _ = phase_title(logged.produced_in, locale)
            cause = t(locale, f"cause-{event.cause}")
            fates[event.who] = t(locale, "page-fate-out", when=when, cause=cause)
    return fates


def _cast(
    state: GameState, dealt: Mapping[str, str], log: Sequence[LoggedEvent], locale: str
) -> tuple[CastRow, ...]:
    fates, outcome = _fates(log, locale), state.outcome
    rows = []
    for player in sorted(state.players, key=lambda p: p.order):
        final = f"{player.role}@{player.faction}"
        start = dealt.get(player.id, final)
        won = None if outcome is None else player.faction in outcome.winners
        fate = fates.get(player.id) or t(
            locale, "page-fate-alive" if player.alive else "page-fate-gone"
        )
        rows.append(CastRow(
            player.order + 1, player.name or player.id, _role(start, locale),
            start.partition("@")[2], _role(final, locale) if final != start else None, fate, won,
        ))  # fmt: skip
    return tuple(rows)


def _kind(event: object) -> str:
    if isinstance(event, Died):
        return "death"
    if isinstance(event, RoleChanged | Converted | LeftCabinet):
        return "change"
    return "won" if isinstance(event, Won) else "event"


def _choice_line(choice: Choice, locale: str, names: Mapping[str, str]) -> str:
    """``Мафия — выстрел: Vera``: who chose what (a team by its side's name)."""
    actor = names.get(choice.actor) or t(locale, f"faction-{choice.actor}")
    verb = t(locale, f"verb-{choice.verb}")
    if choice.target is None:
        return t(locale, "page-choice-none", actor=actor, verb=verb)
    target = names.get(choice.target, choice.target)
    return t(locale, "page-choice", actor=actor, verb=verb, target=target)


def _block(
    produced_in: str | None,
    logged: Sequence[LoggedEvent],
    choices: Sequence[Choice],
    locale: str,
    names: Mapping[str, str],
) -> PhaseBlock:
    """One phase: its choices, its votes as rows (an order's giver and a voided vote noted), its
    tally, and every other event as a line."""
    title, kind = phase_title(produced_in, locale)
    events = [x.event for x in logged]
    voided = {e.voter for e in events if isinstance(e, VoteVoided)}

    def name(pid: str) -> str:
        return names.get(pid, pid)

    votes: list[VoteRow] = []
    tally: tuple[tuple[str, int], ...] = ()
    entries: list[Entry] = []
    for event in events:
        if isinstance(event, VoteCast):
            notes = []
            if event.ordered_by:
                notes.append(t(locale, "page-vote-ordered", by=name(event.ordered_by)))
            if event.voter in voided:
                notes.append(t(locale, "page-vote-void"))
            votes.append(VoteRow(name(event.voter), name(event.target), "; ".join(notes)))
        elif isinstance(event, VoteCounted):
            tally = tuple((name(who), n) for who, n in sorted(event.counts, key=lambda c: -c[1]))
        elif isinstance(event, Won):  # in words, without the rule's id (a player reads it)
            winner, why = _winner(event.factions, event.reason, locale)
            entries.append(Entry(t(locale, "page-won-line", winner=winner, why=why), "won"))
        else:
            entries.append(Entry(text(host_line(event), locale, names), _kind(event)))
    said = tuple(_choice_line(c, locale, names) for c in choices if c.verb is not Verb.VOTE)
    return PhaseBlock(title, kind, said, tuple(votes), tally, tuple(entries))


def _order(produced_in: str) -> tuple[int, int]:
    """``"day 2"`` → (2, 0), ``"night 2"`` → (2, 1): day N comes before night N."""
    phase, _, number = produced_in.partition(" ")
    return int(number), 0 if phase == "day" else 1


def _phases(
    log: Sequence[LoggedEvent],
    choices: Mapping[str, Sequence[Choice]],
    locale: str,
    names: Mapping[str, str],
) -> tuple[PhaseBlock, ...]:
    """Every phase from day 1 to the last one anything happened in, in order (a quiet one too),
    then what was logged without its phase."""
    logged: dict[str | None, list[LoggedEvent]] = {}
    for entry in log:
        logged.setdefault(entry.produced_in, []).append(entry)
    known = [k for k in (*logged, *choices) if k is not None]
    last = max((_order(k) for k in known), default=(0, 1))
    keys: list[str | None] = [
        f"{phase} {n}"
        for n in range(1, last[0] + 1)
        for i, phase in enumerate(("day", "night"))
        if (n, i) <= last
    ]
    keys += [None] if None in logged else []
    return tuple(
        _block(k, logged.get(k, []), choices.get(k or "", ()), locale, names) for k in keys
    )


def _winner(factions: Sequence[str], reason: str, locale: str) -> tuple[str, str]:
    """Who won and why, in words (no rule id: a player reads it)."""
    sides = [t(locale, f"faction-{f}") for f in factions]
    key = "page-winner" if len(sides) == 1 else "page-winners"
    why = t(locale, f"win-{str(reason).replace(':', '-')}")
    return t(locale, key, side=sides[0], side1=sides[-1]), why


def build_page(
    title: str,
    state: GameState,
    dealt: Mapping[str, str],
    log: Sequence[LoggedEvent],
    choices: Mapping[str, Sequence[Choice]],
    proof: Proof | None,
    locale: str,
) -> Page:
    """The page of a finished game, in ``locale`` (the server's language); ``choices``: each
    phase's final choices by phase (``"night 1"``), votes aside (the log has those)."""
    names = {p.id: p.name or p.id for p in state.players}
    outcome = state.outcome
    if outcome is None:
        winner, why = t(locale, "page-no-winner"), t(locale, "page-ended-by-host")
    else:
        winner, why = _winner(outcome.winners, outcome.reason, locale)
    return Page(
        locale, title, winner, why, _cast(state, dealt, log, locale),
        _phases(log, choices, locale, names), proof,
    )  # fmt: skip
