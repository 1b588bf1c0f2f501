"""The moderation service: one function per thing done to a case (open, pardon, revoke, edit,
expire, lift a ban), each storing the change with its Discord effects — outbox rows of no game
in the same transaction (issue 17): the member's DM, his timeout or ban
(cogs.moderation.case_effects), the mod-log's post (cogs.moderation.modlog) — which
cogs.delivery then performs. Commands, buttons and detectors call these.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import discord

from cogs.moderation import modlog
from cogs.moderation.case_effects import case_context, case_effects, case_notes, has_member_timeout
from cogs.moderation.errors import ModRefusal
from cogs.moderation.ladder import Kind, decide_for
from cogs.moderation.rulebook import Rulebook, server_rulebook
from cogs.moderation.texts import duration_text
from cogs.support import clock
from db import moderation as db
from db import outbox
from db.guild_settings import get_settings
from db.moderation import ACTIVE, EXPIRED, REVOKED, CaseInfo
from db.outbox import Effect
from db.unset import UNSET, Unset
from engine.moderation import (
    DISCORD_TIMEOUT_MAX,
    ModerationError,
    next_timeout,
    parse_duration,
    parse_step,
)

__all__ = [
    "DUPLICATE_WINDOW",
    "WAKERS",
    "Duplicate",
    "Outcome",
    "edit_case",
    "end_case",
    "expire_due",
    "mute_on_return",
    "open_case",
    "review_case",
    "typed_duration",
    "wake_delivery",
]

log = logging.getLogger(__name__)

#: A second identical case (same member, violation and moderator) this soon after the first is
#: a double click or a retry of the same decision, not a second offence.
DUPLICATE_WINDOW = timedelta(seconds=60)
#: How soon to look again at a case of a server the bot cannot see right now.
RETRY = timedelta(minutes=1)
#: Told when a case gets an end or a new one (the expiry worker registers its ``wake``).
WAKERS: set[Callable[[], None]] = set()


def _wake() -> None:
    for wake in list(WAKERS):
        wake()


class Duplicate(Exception):
    def __init__(self, case: CaseInfo) -> None:
        super().__init__(f"duplicate of case {case.number}")
        self.case = case


@dataclass
class Outcome:
    case: CaseInfo
    created: bool
    notes: list[str] = field(default_factory=list)  # catalogue keys for the moderator


async def open_case(
    guild: discord.Guild,
    target: discord.Member | discord.User,
    *,
    moderator_id: int,
    violation: str,
    key: str,
    kind: Kind | None = None,
    duration: timedelta | None = None,
    reason: str | None = None,
    evidence: str | None = None,
    source: str = "command",
    at: datetime | None = None,
    rulebook: Rulebook | None = None,
) -> Outcome:
    """Decide the ladder's step for ``target`` and ``violation``, store the case, apply it.

    :class:`LadderRefused` when the step is not ``kind`` (or the duration does not fit);
    a repeat within :data:`DUPLICATE_WINDOW` (or the same ``key``) gives the first case back
    with ``created`` False and nothing applied again."""
    at = at or clock.now()
    rulebook = rulebook or await server_rulebook(guild.id)

    def decide(cases: Sequence[CaseInfo]) -> db.NewCase:
        repeated = _repeat_of(cases, violation, moderator_id, at) if source == "command" else None
        if repeated is not None:
            raise Duplicate(repeated)
        return decide_for(
            cases, violation, at, rulebook.catalogue, kind=kind, duration=duration
        ).new

    context = await case_context(guild, target)
    try:
        case, created = await db.create_case(
            guild_id=guild.id,
            user_id=target.id,
            moderator_id=moderator_id,
            key=key,
            at=at,
            decide=decide,
            reason=reason,
            evidence=evidence,
            source=source,
            effects=lambda made: case_effects(made, rulebook, context),
        )
    except Duplicate as duplicate:
        return Outcome(duplicate.case, False)
    if not created:
        return Outcome(case, False)
    if case.expires_at is not None:
        _wake()
    wake_delivery(guild)
    return Outcome(case, True, case_notes(case, context))


def _repeat_of(
    cases: Sequence[CaseInfo], violation: str, moderator_id: int, at: datetime
) -> CaseInfo | None:
    """The case a moderator's command repeats (same violation, same moderator, not revoked,
    within :data:`DUPLICATE_WINDOW`): a double click or a retry, not a second offence."""
    for case in reversed(cases):
        if (
            case.violation == violation
            and case.moderator_id == moderator_id
            and case.state != REVOKED
            and at - case.created_at < DUPLICATE_WINDOW
        ):
            return case
    return None


def wake_delivery(where: object) -> None:
    """The outbox's worker, to deliver the rows just stored now (``where``: the bot or a guild
    of it)."""
    client = getattr(getattr(where, "_state", None), "_get_client", lambda: where)()
    outbox_worker = getattr(client, "outbox", None)
    if outbox_worker is not None:
        outbox_worker.wake()


async def mute_on_return(member: discord.Member) -> list[int]:
    """``member`` is back on the server: the timeout of his active mute cases that is still
    running (a case opened while he was away, or a timeout Discord dropped when he left) is
    ordered — an outbox row, never shortening a longer one — and each such case is noted in the
    mod-log, in one transaction. Returns their numbers. Restart-safe: read from the stored
    cases; a join seen twice (its time is in the row's key) orders it once."""
    now = clock.now()
    waiting = [
        c
        for c in await db.cases_of(member.guild.id, member.id, limit=1000)
        if c.state == ACTIVE
        and not c.banned
        and c.expires_at is not None
        and c.expires_at > now
        and has_member_timeout(c)
    ]
    if not waiting:
        return []
    latest = max(waiting, key=lambda c: c.expires_at or now)
    assert latest.expires_at is not None
    guild_id, joined = member.guild.id, (member.joined_at or now).isoformat()
    until = min(latest.expires_at, now + DISCORD_TIMEOUT_MAX)
    effects = [outbox.timeout(guild_id, member.id, until, reason=f"case {latest.number}: back",
                              key=f"mod:{guild_id}:{latest.number}:return:{joined}",
                              keep_longer=True)]  # fmt: skip
    log = await modlog.target(member.guild)
    for case in waiting:
        effects += modlog.note_row(log, "mod-log-mute-on-return", number=case.number,
                                   member=f"<@{member.id}>",
                                   key=f"mod:{guild_id}:{case.number}:returned:{joined}")  # fmt: skip
    renew: datetime | None | Unset = UNSET
    if latest.expires_at > now + DISCORD_TIMEOUT_MAX:  # the rest by the expiry worker
        renew = now + DISCORD_TIMEOUT_MAX
    await db.update_case(guild_id, latest.number, renew_at=renew, effects=effects)
    _wake()
    wake_delivery(member.guild)
    return [c.number for c in waiting]


async def _timeout_after(
    guild_id: int, user_id: int, reason: str, number: int, ends_at: datetime | None
) -> Effect:
    """The member's timeout once case ``number`` ends (``ends_at`` None) or ends at ``ends_at``:
    the latest end of his active mute cases, or none — a moderator's edit or revoke may shorten;
    only a new case never does. An outbox row of no game, stored with the case's change (read
    back at delivery: no edit when it already says so; a member not on the server, none)."""
    now = clock.now()
    ends = [
        ends_at if c.number == number else c.expires_at
        for c in await db.cases_of(guild_id, user_id, limit=1000)
        if c.state == ACTIVE and not c.banned and has_member_timeout(c)
        and (c.number != number or ends_at is not None)
    ]  # fmt: skip
    ahead = [end for end in ends if end is not None and end > now]
    until = min(max(ahead), now + DISCORD_TIMEOUT_MAX) if ahead else None
    return outbox.timeout(guild_id, user_id, until, reason=reason)


async def end_case(guild: discord.Guild, number: int, by: int, *, revoke: bool) -> CaseInfo | None:
    """Pardon (the sanction ends now; the case still counts on the ladder) or revoke (it ends
    and counts for nothing). None when there is no such case or nothing to end."""
    state = REVOKED if revoke else EXPIRED
    case = await db.get_case(guild.id, number)
    if case is None:
        return None
    allowed = (ACTIVE, EXPIRED) if revoke else (ACTIVE,)
    if case.state not in allowed:
        return None
    was_active = case.state == ACTIVE
    reason = f"case {number} {'revoked' if revoke else 'pardoned'}"
    lifted: list[Effect] = []
    if was_active and case.banned:
        lifted.append(outbox.unban(guild.id, case.user_id, key=f"mod:{guild.id}:{number}:unban",
                                   reason=reason))  # fmt: skip
    elif was_active:
        lifted.append(await _timeout_after(guild.id, case.user_id, reason, number, None))
    lifted += await modlog.change(guild, "mod-log-revoked" if revoke else "mod-log-pardoned",
                                  number=number, by=f"<@{by}>")  # fmt: skip
    ended = await db.update_case(
        guild.id, number, state=state, renew_at=None, only_if_state=case.state, effects=lifted
    )
    if ended is None:
        return None  # someone else ended it first
    wake_delivery(guild)
    return ended


async def edit_case(
    guild: discord.Guild,
    number: int,
    by: int,
    *,
    reason: str | None = None,
    duration: timedelta | None = None,
) -> CaseInfo:
    """Change a case's reason or duration (R-MOD-1); the change is posted in the mod-log."""
    case = await db.get_case(guild.id, number)
    if case is None:
        raise ModRefusal("mod-refused-no-case", number=number)
    language = (await get_settings(guild.id)).language
    if reason is not None:
        told = await modlog.change(guild, "mod-log-reason", number=number, by=f"<@{by}>",
                                   reason=reason)  # fmt: skip
        case = await db.update_case(guild.id, number, reason=reason, effects=told) or case
        wake_delivery(guild)
    if duration is not None:
        if case.state != ACTIVE:
            raise ModRefusal("mod-refused-not-active", number=number)
        steps = parse_step(case.applied)
        if case.banned:
            applied = case.applied
        elif has_member_timeout(case):
            applied = steps.with_duration(duration).text()
        else:
            raise ModRefusal("mod-refused-no-duration-case", number=number)
        ends = case.created_at + duration
        renew = case.created_at + DISCORD_TIMEOUT_MAX if duration > DISCORD_TIMEOUT_MAX else None
        synced = [] if case.banned else [await _timeout_after(
            guild.id, case.user_id, f"case {number}: duration changed", number, ends)]  # fmt: skip
        synced += await modlog.change(guild, "mod-log-duration", number=number, by=f"<@{by}>",
                                      duration=duration_text(duration, language))  # fmt: skip
        case = (
            await db.update_case(
                guild.id, number, applied=applied, expires_at=ends, renew_at=renew, effects=synced
            )  # fmt: skip
            or case
        )
        _wake()
        wake_delivery(guild)
    return case


def typed_duration(text: str | None) -> timedelta | None:
    """A duration as a moderator typed it (``30m``, ``2h``, ``1d``); a refusal naming the
    problem when it is not one."""
    if text is None:
        return None
    try:
        return parse_duration(text)
    except ModerationError as error:
        raise ModRefusal(f"mod-problem-{error.code}") from None


async def review_case(
    guild: discord.Guild,
    number: int,
    by: int,
    *,
    may_ban: bool,
    reason: str | None = None,
    duration: str | None = None,
    revoke: bool = False,
) -> tuple[CaseInfo, Rulebook]:
    """``/mod case``: the case after its reason or duration (as typed, from the case's start)
    is changed and it is revoked, as asked; with the server's rulebook to show it. A ban's
    duration or revocation needs Ban Members (``may_ban``)."""
    found = await db.get_case(guild.id, number)
    if found is None:
        raise ModRefusal("mod-refused-no-case", number=number)
    if found.banned and (revoke or duration) and not may_ban:
        raise ModRefusal("mod-refused-not-banner")
    length = typed_duration(duration)
    if reason is not None or length is not None:
        found = await edit_case(guild, number, by, reason=reason, duration=length)
    if revoke:
        ended = await end_case(guild, number, by, revoke=True)
        if ended is None:
            raise ModRefusal("mod-refused-already-revoked", number=number)
        found = ended
    return found, await server_rulebook(guild.id)


async def expire_due(bot: discord.Client) -> datetime | None:
    """Lift what has ended (temporary bans), renew long mutes, mark ended cases expired;
    returns when to look again. Restart-safe: everything is read from the database."""
    now = clock.now()
    waiting = False
    for case in await db.due_cases(now):
        guild = bot.get_guild(case.guild_id)
        if guild is None:
            waiting = True  # the bot is not (yet) in that server: try again a little later
            continue
        if case.expires_at is not None and case.expires_at <= now:
            over = [outbox.unban(guild.id, case.user_id, key=f"mod:{guild.id}:{case.number}:unban",
                                 reason=f"case {case.number}: ban over")] if case.banned else []  # fmt: skip
            if case.banned:
                over += await modlog.change(guild, "mod-log-ban-over", number=case.number,
                                            key=f"mod:{guild.id}:{case.number}:ban-over")  # fmt: skip
            await db.update_case(
                guild.id, case.number, state=EXPIRED, renew_at=None, only_if_state=ACTIVE,
                effects=over,
            )  # fmt: skip
            continue
        assert case.expires_at is not None
        chunk = next_timeout(case.expires_at, now)  # a mute longer than 28 days: the next part
        goes_on: list[Effect] = []
        if chunk is not None and chunk.until is not None and guild.get_member(case.user_id):
            goes_on.append(outbox.timeout(
                guild.id, case.user_id, chunk.until, reason=f"case {case.number}: mute goes on",
                key=f"mod:{guild.id}:{case.number}:renew:{chunk.until.isoformat()}"))  # fmt: skip
        renew = chunk.until if chunk and chunk.until and chunk.until < case.expires_at else None
        await db.update_case(guild.id, case.number, renew_at=renew, effects=goes_on)
    wake_delivery(bot)
    due = await db.next_due()
    if waiting and (due is None or due <= now):
        return now + RETRY
    return due


async def unban(
    guild: discord.Guild, user_id: int, by: int, reason: str | None, *, key: str
) -> bool:
    """Lift a ban (``/mod unban``): the unban is an outbox row, stored with his active ban cases
    ended (pardoned, still counting) and the mod-log's note; False when he is not banned (read
    from Discord: a read, not an effect). ``key``: the command's, so a retry lifts once."""
    if not await _banned(guild, user_id):
        return False
    lifted = [outbox.unban(guild.id, user_id, key=f"mod:{guild.id}:unban:{key}",
                           reason=(reason or f"unbanned by {by}")[:512])]  # fmt: skip
    lifted += await modlog.change(guild, "mod-log-unbanned", member=f"<@{user_id}>", by=f"<@{by}>",
                                  key=f"mod:{guild.id}:unbanned:{key}")  # fmt: skip
    await db.end_ban_cases(guild.id, user_id, lifted)
    wake_delivery(guild)
    return True


async def _banned(guild: discord.Guild, user_id: int) -> bool:
    """Whether Discord has ``user_id`` banned; when the bot may not read the bans, the unban is
    ordered all the same (its refusal reaches the mod-log with what to fix)."""
    try:
        await guild.fetch_ban(discord.Object(id=user_id))
    except discord.NotFound:
        return False
    except discord.Forbidden:
        return True
    return True
