"""The quick game's post-game page (issue 22): the forum game's page (cogs.game.page: its
:class:`~cogs.game.page.data.Page` and template) filled from what the quick game stores — its
final state, its event log and its nights' choice rows (cogs.quick.service stores them with each
stage's end) — and attached in the game's log thread at the end (C-LIFE-8: every role, the
draw's seed and the whole log are revealed then).

Composed in the end's transaction (db.state.advance_phase's ``then``), so it reads the log on
that transaction's connection: the last stage's events are not committed yet.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tortoise.backends.base.client import BaseDBAsyncClient

from cogs.game.page.data import CastRow, Entry, Page, PhaseBlock, Proof, VoteRow, phase_title
from cogs.game.page.html import render_page
from cogs.quick.texts import private_lines, public_lines, role_name
from db.events import PRODUCED_IN_KEY, PUBLIC_VIEW_KEY
from db.models import GameChoice, GameEvent
from db.outbox import Effect
from db.outbox_files import post_files_in
from engine.chat import ChatRole, ChatState, winning_players
from engine.chat.events import (
    BlindShot,
    CoinDrawn,
    Morning,
    Promoted,
    RoleShown,
    Turned,
    Won,
    chat_event_from_dict,
)
from engine.chat.roles import FACTION_OF
from engine.events import Died, Learned, VoteCast, VoteCounted
from locales import t

__all__ = ["Logged", "build_quick_page", "page_name", "quick_page_effect"]

#: An event with the phase that produced it (``"night 1"``).
Logged = tuple[str | None, Any]
#: What the page leaves out: the cast shows the roles and the living, the proof the coins.
_UNSHOWN = (RoleShown, Morning, CoinDrawn, BlindShot)
_MENTION = re.compile(r"<@(\d+)>")


def page_name(game_id: int) -> str:
    return f"mafia-quick-game-{game_id}.html"


def _spec(code: str, locale: str) -> tuple[str, str]:
    """A role code in words with its side, and the side's code (its colour on the page)."""
    side = FACTION_OF[ChatRole(code)].value
    return f"{role_name(locale, code)} · {t(locale, f'quick-side-{side}')}", side


def _cast(
    chat: ChatState, dealt: Mapping[str, str], names: Mapping[str, str],
    log: Sequence[Logged], locale: str,
) -> tuple[CastRow, ...]:  # fmt: skip
    fates: dict[str, str] = {}
    for produced_in, event in log:
        if isinstance(event, Died) and event.who not in fates:
            cause = t(locale, f"cause-{event.cause}")
            fates[event.who] = t(locale, "page-fate-out", when=phase_title(produced_in, locale)[0],
                                 cause=cause)  # fmt: skip
    won = set(winning_players(chat))
    rows = []
    for number, p in enumerate(chat.players, 1):
        start = dealt.get(p.id, p.role.value)
        role, side = _spec(start, locale)
        later = _spec(p.role.value, locale)[0] if p.role.value != start else None
        fate = fates.get(p.id) or t(locale, "page-fate-alive" if p.alive else "page-fate-gone")
        rows.append(CastRow(number, names.get(p.id, p.id), role, side, later, fate, p.id in won))
    return tuple(rows)


def _winner(chat: ChatState, locale: str) -> tuple[str, str]:
    """Who won and why, in words (no rule id: a player reads it)."""
    out = chat.winner
    if out is None:
        return t(locale, "page-no-winner"), ""
    why = t(locale, f"quick-page-why-{out.reason.lower()}")
    sides = [t(locale, f"quick-side-{w.value}") for w in out.winners]
    if not sides:
        return t(locale, "page-no-winner"), why
    key = "page-winner" if len(sides) == 1 else "page-winners"
    return t(locale, key, side=sides[0], side1=sides[-1]), why


def _line(event: Any, chat: ChatState, locale: str, names: Mapping[str, str]) -> Entry | None:
    """One event as the page tells it, every player by his name."""

    def name(pid: str) -> str:
        return names.get(pid, pid)

    if isinstance(event, Died):
        cause = t(locale, f"cause-{event.cause}")
        return Entry(t(locale, "quick-page-died", who=name(event.who), cause=cause), "death")
    if isinstance(event, Learned):
        what = role_name(locale, event.what)
        return Entry(t(locale, "quick-page-learned", who=name(event.who), about=name(event.about),
                       role=what), "event")  # fmt: skip
    if isinstance(event, Turned | Promoted):
        role = role_name(locale, event.role)
        return Entry(t(locale, "quick-page-became", who=name(event.who), role=role), "change")
    if isinstance(event, Won):
        winner, why = _winner(chat, locale)
        return Entry(t(locale, "page-won-line", winner=winner, why=why), "won")
    lines = public_lines(locale, [event], chat, secret_vote=False)
    lines += [f"{name(pid)}: {line}" for pid, told in private_lines(locale, [event]).items()
              for line in told]  # fmt: skip
    if not lines:
        return None
    text = " ".join(_MENTION.sub(lambda m: name(m[1]), line) for line in lines)
    return Entry(text, "event")


def _block(
    produced_in: str | None, events: Sequence[Any], choices: Sequence[GameChoice],
    chat: ChatState, locale: str, names: Mapping[str, str],
) -> PhaseBlock:  # fmt: skip
    title, kind = phase_title(produced_in, locale)
    skip = t(locale, "quick-skip")

    def name(pid: str | None) -> str:
        return skip if pid in (None, "skip") else names.get(str(pid), str(pid))

    votes: list[VoteRow] = []
    tally: tuple[tuple[str, int], ...] = ()
    entries: list[Entry] = []
    for event in events:
        if isinstance(event, VoteCast):
            votes.append(VoteRow(name(event.voter), name(event.target), ""))
        elif isinstance(event, VoteCounted):  # the last count of the day (a vote may be redone)
            tally = tuple((name(who), n) for who, n in sorted(event.counts, key=lambda c: -c[1]))
        elif not isinstance(event, _UNSHOWN) and (entry := _line(event, chat, locale, names)):
            entries.append(entry)
    said = tuple(_choice_line(c, locale, name) for c in choices)
    return PhaseBlock(title, kind, said, tuple(votes), tally, tuple(entries))


def _choice_line(choice: GameChoice, locale: str, name: Callable[[str | None], str]) -> str:
    """``anna — Проверить: dina``: who chose what that night (revealed at the end, C-LIFE-8)."""
    verb = t(locale, f"quick-verb-{choice.verb}")
    if choice.target is None:
        return t(locale, "page-choice-none", actor=name(choice.actor), verb=verb)
    return t(locale, "page-choice", actor=name(choice.actor), verb=verb, target=name(choice.target))


def build_quick_page(
    title: str, chat: ChatState, dealt: Mapping[str, str], names: Mapping[str, str],
    log: Sequence[Logged], choices: Sequence[GameChoice], proof: Proof | None, locale: str,
) -> Page:  # fmt: skip
    """The page of a finished quick game, in ``locale``; its phases in the order they were
    played (night 1 first, C-LIFE-4)."""
    by_phase: dict[str | None, list[Any]] = {}
    for produced_in, event in log:
        by_phase.setdefault(produced_in, []).append(event)
    picked: dict[str, list[GameChoice]] = {}
    for c in choices:
        key = f"{c.phase} {c.day_number}"
        picked.setdefault(key, []).append(c)
        by_phase.setdefault(key, [])
    phases = tuple(
        _block(k, events, picked.get(k or "", []), chat, locale, names)
        for k, events in by_phase.items()
    )
    winner, why = _winner(chat, locale)
    return Page(locale, title, winner, why, _cast(chat, dealt, names, log, locale), phases, proof)


async def _stored(
    connection: BaseDBAsyncClient, game_id: int
) -> tuple[list[Logged], list[GameChoice]]:
    rows = await GameEvent.filter(game_id=game_id).using_db(connection).order_by("seq")
    log: list[Logged] = []
    for row in rows:
        data = {k: v for k, v in dict(row.data).items() if k not in (PUBLIC_VIEW_KEY,
                                                                     PRODUCED_IN_KEY)}  # fmt: skip
        log.append((row.data.get(PRODUCED_IN_KEY), chat_event_from_dict(data)))
    choices = await GameChoice.filter(game_id=game_id).using_db(connection).order_by("id")
    return log, list(choices)


async def quick_page_effect(
    connection: BaseDBAsyncClient, game_id: int, chat: ChatState, dealt: Mapping[str, str],
    names: Mapping[str, str], proof: Proof, locale: str, thread_key: str,
) -> Effect:  # fmt: skip
    """The log thread's post with the page attached (after the thread's row: ``thread_key``)."""
    log, choices = await _stored(connection, game_id)
    title = t(locale, "quick-page-title", id=game_id)
    page = build_quick_page(title, chat, dealt, names, log, choices, proof, locale)
    spec = {"name": page_name(game_id), "text": render_page(page),
            "description": t(locale, "page-file-description")}  # fmt: skip
    return post_files_in(thread_key, t(locale, "page-post"), [spec], key=f"{thread_key}:page")
