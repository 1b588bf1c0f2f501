"""The moderation service: one function per thing done to a case (open, pardon, revoke, edit,
expire), each storing first (db.moderation) and then touching Discord (cogs.moderation.enforce)
and posting in the mod-log (cogs.moderation.modlog). Commands, buttons and detectors call these.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import discord

from cogs.moderation import enforce, modlog
from cogs.moderation.errors import ModRefusal
from cogs.moderation.ladder import Kind, decide_for
from cogs.moderation.rulebook import Rulebook, server_rulebook
from cogs.moderation.texts import duration_text, step_text
from cogs.support import clock
from db import moderation as db
from db import outbox
from db.guild_settings import get_settings
from db.moderation import ACTIVE, EXPIRED, REVOKED, CaseInfo
from db.outbox import Effect
from engine.moderation import ModerationError, next_timeout, parse_duration, parse_step
from locales import t

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


def _has_member_timeout(case: CaseInfo) -> bool:
    return any(
        a.kind == "timeout" and a.target == "member" for a in parse_step(case.applied).actions
    )


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
        )
    except Duplicate as duplicate:
        return Outcome(duplicate.case, False)
    if not created:
        return Outcome(case, False)
    return await _carry_out(guild, target, case, rulebook)


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


async def _carry_out(
    guild: discord.Guild, target: discord.Member | discord.User, case: CaseInfo, rulebook: Rulebook
) -> Outcome:
    """A case just stored: applied on Discord and posted in the mod-log, with the notes."""
    outcome = Outcome(case, True)
    if case.expires_at is not None:
        _wake()
    outcome.notes += await _apply(guild, target, case, rulebook)
    # A mute for someone not on the server waits for his return (cogs.moderation.returns),
    # which the bot sees only with the Server Members intent: the log says which.
    waits = None
    if "mod-note-not-member" in outcome.notes:
        waits = "mod-log-mute-waits" if _sees_joins(guild) else "mod-log-mute-waits-blind"
    if not await modlog.post_case(guild, case, rulebook, note=waits):
        outcome.notes.append("mod-note-no-log")
    return outcome


def _wake_delivery(where: object) -> None:
    """The outbox's worker, to deliver a case's rows now (``where``: the bot or a guild of it)."""
    client = getattr(getattr(where, "_state", None), "_get_client", lambda: where)()
    outbox_worker = getattr(client, "outbox", None)
    if outbox_worker is not None:
        outbox_worker.wake()


def _sees_joins(guild: discord.Guild) -> bool:
    """Whether the gateway tells the bot of members joining (the Server Members intent)."""
    return guild._state.intents.members


async def mute_on_return(member: discord.Member) -> list[int]:
    """``member`` is back on the server: the timeout of his active mute cases that is still
    running (a case opened while he was away, or a timeout Discord dropped when he left) is
    applied, never shortening one; each such case is noted in the mod-log. Returns their
    numbers. Restart-safe: read from the stored cases."""
    now = clock.now()
    waiting = [
        c
        for c in await db.cases_of(member.guild.id, member.id, limit=1000)
        if c.state == ACTIVE
        and not c.banned
        and c.expires_at is not None
        and c.expires_at > now
        and _has_member_timeout(c)
    ]
    if not waiting:
        return []
    latest = max(waiting, key=lambda c: c.expires_at or now)
    assert latest.expires_at is not None
    done = await enforce.timeout(member, latest.expires_at, f"case {latest.number}: back")
    if not done.ok:
        return []
    if latest.expires_at > now + timedelta(days=28):  # the rest by the expiry worker
        await db.update_case(member.guild.id, latest.number, renew_at=now + timedelta(days=28))
        _wake()
    for case in waiting:
        await modlog.post_change(
            member.guild, "mod-log-mute-on-return", number=case.number, member=f"<@{member.id}>"
        )
    return [c.number for c in waiting]


async def _notice(guild: discord.Guild, case: CaseInfo, rulebook: Rulebook) -> discord.Embed:
    """The member's DM about his case, in the server's language: what, why, until when, and
    for a ban how to appeal."""
    language = (await get_settings(guild.id)).language
    kind = "ban" if case.banned else ("mute" if _has_member_timeout(case) else "warn")
    embed = discord.Embed(
        title=t(language, f"mod-dm-{kind}-title", server=guild.name),
        colour=modlog.COLOURS[kind],
    )
    embed.add_field(
        name=t(language, "mod-field-violation"),
        value=rulebook.name(case.violation, language),
        inline=False,
    )
    embed.add_field(
        name=t(language, "mod-field-step"), value=step_text(case.applied, language), inline=False
    )
    if case.expires_at is not None:
        embed.add_field(
            name=t(language, "mod-field-until"), value=f"<t:{int(case.expires_at.timestamp())}:f>"
        )
    if case.reason:
        embed.add_field(
            name=t(language, "mod-field-reason"), value=case.reason[:1024], inline=False
        )
    if case.banned:
        appeal = (await db.get_mod_settings(guild.id)).appeal or t(language, "mod-appeal-default")
        embed.add_field(name=t(language, "mod-field-appeal"), value=appeal[:1024], inline=False)
    embed.set_footer(text=t(language, "mod-dm-footer", number=case.number))
    return embed


async def _apply(
    guild: discord.Guild, target: discord.Member | discord.User, case: CaseInfo, rulebook: Rulebook
) -> list[str]:
    """Case → Discord. Returns the notes for the moderator."""
    notes: list[str] = []
    audit = f"case {case.number}: {case.violation}"
    notice = await _notice(guild, case, rulebook)
    if case.banned:
        done = await enforce.ban(guild, target, audit, notice)
        notes += [done.note] if done.note else []
    else:
        if not await enforce.dm(target, notice):
            notes.append("mod-note-dm-closed")
        if _has_member_timeout(case) and case.expires_at is not None:
            member = guild.get_member(target.id)  # not ``target``: he may have just left
            if member is not None:
                done = await enforce.timeout(member, case.expires_at, audit)
                notes += [done.note] if done.note else []
            else:
                notes.append("mod-note-not-member")
    if any(
        a.target == "other_account" and a.kind == "ban" for a in parse_step(case.applied).actions
    ):
        notes += await _ban_linked(guild, target.id, audit, notice)
    return notes


async def _ban_linked(
    guild: discord.Guild, user_id: int, audit: str, notice: discord.Embed
) -> list[str]:
    """multiaccount (R-MOD): ban the other accounts the server marked as this member's."""
    linked = [g for g in (await db.get_mod_settings(guild.id)).linked if user_id in g]
    others = {other for group in linked for other in group if other != user_id}
    if not others:
        return ["mod-note-no-linked"]
    notes: list[str] = []
    for other in sorted(others):
        done = await enforce.ban(guild, discord.Object(id=other), audit, None)
        if not done.ok and done.note:
            notes.append(done.note)
    return notes


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
        if c.state == ACTIVE and not c.banned and _has_member_timeout(c)
        and (c.number != number or ends_at is not None)
    ]  # fmt: skip
    ahead = [end for end in ends if end is not None and end > now]
    until = min(max(ahead), now + timedelta(days=28)) if ahead else None
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
    ended = await db.update_case(
        guild.id, number, state=state, renew_at=None, only_if_state=case.state, effects=lifted
    )
    if ended is None:
        return None  # someone else ended it first
    _wake_delivery(guild)
    await modlog.post_change(
        guild, "mod-log-revoked" if revoke else "mod-log-pardoned", number=number, by=f"<@{by}>"
    )
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
        case = await db.update_case(guild.id, number, reason=reason) or case
        await modlog.post_change(
            guild, "mod-log-reason", number=number, by=f"<@{by}>", reason=reason
        )
    if duration is not None:
        if case.state != ACTIVE:
            raise ModRefusal("mod-refused-not-active", number=number)
        steps = parse_step(case.applied)
        if case.banned:
            applied = case.applied
        elif _has_member_timeout(case):
            applied = steps.with_duration(duration).text()
        else:
            raise ModRefusal("mod-refused-no-duration-case", number=number)
        ends = case.created_at + duration
        renew = case.created_at + timedelta(days=28) if duration > timedelta(days=28) else None
        synced = [] if case.banned else [await _timeout_after(
            guild.id, case.user_id, f"case {number}: duration changed", number, ends)]  # fmt: skip
        case = (
            await db.update_case(
                guild.id, number, applied=applied, expires_at=ends, renew_at=renew, effects=synced
            )  # fmt: skip
            or case
        )
        _wake()
        _wake_delivery(guild)
        await modlog.post_change(
            guild,
            "mod-log-duration",
            number=number,
            by=f"<@{by}>",
            duration=duration_text(duration, language),
        )
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
            ended = await db.update_case(
                guild.id, case.number, state=EXPIRED, renew_at=None, only_if_state=ACTIVE,
                effects=over,
            )  # fmt: skip
            if ended is not None and case.banned:
                await modlog.post_change(guild, "mod-log-ban-over", number=case.number)
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
    _wake_delivery(bot)
    due = await db.next_due()
    if waiting and (due is None or due <= now):
        return now + RETRY
    return due


async def unban(guild: discord.Guild, user_id: int, by: int, reason: str | None) -> bool:
    """Lift a ban (``/mod unban``); the member's active ban cases end (pardoned, still counting).
    False when he was not banned."""
    done = await enforce.lift_ban(guild, user_id, reason or f"unbanned by {by}")
    if done.note == "mod-note-not-banned":
        return False
    for case in await db.cases_of(guild.id, user_id, limit=1000):
        if case.banned and case.state == ACTIVE:
            await db.update_case(guild.id, case.number, state=EXPIRED, only_if_state=ACTIVE)
    await modlog.post_change(guild, "mod-log-unbanned", member=f"<@{user_id}>", by=f"<@{by}>")
    return True
