"""The quick game's sentences: events made into lines in the server's language (public) or the
reader's (private). What goes to the game channel is only ever ``engine.chat.events.public_view``
of an event (C-LIFE-6's roles on death and the end excepted, which are public by the rule).
Players are named by their mention, sent without pings (``allowed_mentions`` none: the
delivery adapter); a user's own text (last words) is escaped and its mentions made inert."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

from engine.chat import ChatRole, ChatState
from engine.chat.events import (
    Blocked,
    Candidate,
    CommissarChose,
    LastWords,
    Morning,
    PersonalWin,
    Pressed,
    Promoted,
    RoleShown,
    TakeAwaited,
    Turned,
    Visitors,
    Won,
    public_view,
)
from engine.events import Cause, Died, Learned, Notice, VoteCast, VoteCounted
from locales import t

__all__ = ["inert", "mention", "private_lines", "public_lines", "role_name"]


def mention(pid: str) -> str:
    return f"<@{pid}>"


def role_name(locale: object, role: ChatRole | str) -> str:
    return t(locale, f"quick-role-{ChatRole(role).value}")


def inert(text: str) -> str:
    """A user's text, safe to repeat: markdown escaped, mentions broken (C-DAY-7)."""
    escaped = discord.utils.escape_mentions(discord.utils.escape_markdown(text))
    return escaped.replace("\n", " ")[:300]


def _died(locale: object, event: Died, roles: dict[str, ChatRole]) -> str:
    cause = event.cause.value if event.cause in _CAUSES else "undisclosed"
    who = mention(event.who)
    role = roles.get(event.who)
    line = t(locale, f"quick-died-{cause}", who=who)
    if role is not None:
        line += " " + t(locale, "quick-died-role", role=role_name(locale, role))
    return line


_CAUSES = {Cause.VOTE, Cause.KAMIKAZE, Cause.ASLEEP, Cause.LEAVE, Cause.UNDISCLOSED}


def public_lines(
    locale: object, events: Iterable[Any], state: ChatState, *, secret_vote: bool
) -> list[str]:
    """The game channel's lines for ``events`` (their public view only)."""
    shown = [v for e in events if (v := public_view(e, secret_vote)) is not None]
    roles = {e.who: e.role for e in shown if isinstance(e, RoleShown)}
    lines: list[str] = []
    for event in shown:
        line = _public_line(locale, event, roles, state)
        if line:
            lines.append(line)
    return lines


def _public_line(locale: object, event: Any, roles: dict[str, ChatRole], state: ChatState) -> str:
    if isinstance(event, Died):
        return _died(locale, event, roles)
    if isinstance(event, Notice):
        return t(locale, f"quick-notice-{event.code}")
    if isinstance(event, Morning):
        return _morning(locale, event)
    if isinstance(event, VoteCast):
        target = mention(event.target) if event.target else t(locale, "quick-skip")
        return t(locale, "quick-vote-cast", voter=mention(event.voter), target=target)
    if isinstance(event, Candidate):
        if event.who is None:
            return t(locale, "quick-no-candidate", skips=event.skips)
        return t(locale, "quick-candidate", who=mention(event.who), skips=event.skips)
    if isinstance(event, Pressed):
        return t(locale, "quick-pressed", up=event.up, down=event.down)
    if isinstance(event, PersonalWin):
        return t(locale, "quick-personal-win", who=mention(event.who))
    if isinstance(event, TakeAwaited):
        return t(locale, "quick-take-awaited", who=mention(event.who))
    if isinstance(event, LastWords):
        return t(locale, "quick-last-words", who=mention(event.who), text=inert(event.text))
    if isinstance(event, Won):
        return _won(locale, event)
    if isinstance(event, VoteCounted):
        skip = t(locale, "quick-skip")
        counts = ", ".join(f"{skip if who == 'skip' else mention(who)} — {n}"
                           for who, n in event.counts)  # fmt: skip
        return t(locale, "quick-vote-counted", counts=counts or "—")
    return ""


def _morning(locale: object, event: Morning) -> str:
    alive = ", ".join(mention(p) for p in event.alive)
    line = t(locale, "quick-morning-alive", count=len(event.alive), alive=alive)
    if event.counts:
        counts = ", ".join(f"{role_name(locale, r)} {n}" for r, n in event.counts)
        line += "\n" + t(locale, "quick-morning-counts", counts=counts)
    return line


def _won(locale: object, event: Won) -> str:
    if not event.winners:
        return t(locale, "quick-won-draw")
    sides = ", ".join(t(locale, f"quick-side-{w.value}") for w in event.winners)
    return t(locale, "quick-won", sides=sides)


def private_lines(locale: object, events: Sequence[Any]) -> dict[str, list[str]]:
    """What each player is told privately of ``events``: player id -> lines."""
    told: dict[str, list[str]] = {}

    def tell(pid: str, line: str) -> None:
        told.setdefault(pid, []).append(line)

    for event in events:
        if isinstance(event, Learned):
            what = role_name(locale, event.what)
            tell(event.who, t(locale, "quick-learned", about=mention(event.about), role=what))
        elif isinstance(event, Visitors):
            seen = ", ".join(mention(v) for v in event.visitors) or t(locale, "quick-nobody")
            tell(event.hobo, t(locale, "quick-visitors", target=mention(event.target), seen=seen))
        elif isinstance(event, CommissarChose):
            verb = t(locale, f"quick-verb-{event.verb.value}")
            tell(event.told, t(locale, "quick-commissar-chose", verb=verb,
                               target=mention(event.target)))  # fmt: skip
        elif isinstance(event, Blocked):
            tell(event.who, t(locale, "quick-blocked"))
        elif isinstance(event, Turned | Promoted):
            tell(event.who, t(locale, "quick-became", role=role_name(locale, event.role)))
    return told
