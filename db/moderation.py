"""Repository of moderation (R-MOD): cases, reports, and each server's moderation settings.

Callers get and give plain values. A case is written in one transaction that reads the member's
history, asks the caller's ``decide`` (the engine's ladder) and stores the result under the next
number of the server, so two moderators acting at once cannot both get "1st offence". The
idempotency key is unique: a double click or a retry finds the case already made and gets it
back with ``created=False`` instead of making a second one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any, cast

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from db.models import (
    BotMeta,
    Game,
    GameChoice,
    GamePlayer,
    ModCase,
    ModReport,
    ModSettings,
    OutboxRow,
)
from db.outbox import Effect, enqueue
from db.unset import UNSET, Unset

__all__ = [
    "ACTIVE",
    "EXPIRED",
    "REVOKED",
    "CaseInfo",
    "ModConfig",
    "NewCase",
    "ReportInfo",
    "Signup",
    "cases_of",
    "count_cases",
    "create_case",
    "create_report",
    "due_cases",
    "end_ban_cases",
    "get_case",
    "get_mod_settings",
    "get_report",
    "judge_report",
    "link_report_case",
    "lobby_game",
    "night_record",
    "signups_in_guild",
    "next_due",
    "update_case",
    "update_mod_settings",
]

ACTIVE, EXPIRED, REVOKED = "active", "expired", "revoked"


@dataclass(frozen=True, slots=True)
class CaseInfo:
    id: int
    guild_id: int
    number: int
    user_id: int
    violation: str
    offence: int
    step: int
    computed: str
    applied: str
    warned: bool
    banned: bool
    auto_mute: bool
    moderator_id: int
    reason: str | None
    evidence: str | None
    source: str
    state: str
    created_at: datetime
    expires_at: datetime | None
    renew_at: datetime | None


@dataclass(frozen=True, slots=True)
class NewCase:
    """What the ladder decided, to store (``decide``'s answer)."""

    violation: str
    offence: int
    step: int
    computed: str
    applied: str
    warned: bool
    banned: bool
    auto_mute: bool
    expires_at: datetime | None
    renew_at: datetime | None


_CASE_FIELDS = tuple(f.name for f in fields(CaseInfo))


def _case(row: ModCase) -> CaseInfo:
    return CaseInfo(**{name: getattr(row, name) for name in _CASE_FIELDS})


async def create_case(
    *,
    guild_id: int,
    user_id: int,
    moderator_id: int,
    key: str,
    at: datetime,
    decide: Callable[[Sequence[CaseInfo]], NewCase],
    reason: str | None = None,
    evidence: str | None = None,
    source: str = "command",
    effects: Callable[[CaseInfo], Sequence[Effect]] | None = None,
) -> tuple[CaseInfo, bool]:
    """Store the case ``decide`` makes from the member's history (oldest first); ``(case,
    created)``. With a known ``key``: the case made before, and ``created`` False.
    ``effects``: the case's Discord effects (its DM, timeout, bans, mod-log post), outbox rows
    of no game stored in the case's own transaction (issue 17)."""
    for _ in range(5):  # a number taken by a concurrent case: read again and retry
        existing = await ModCase.get_or_none(idempotency_key=key)
        if existing is not None:
            return _case(existing), False
        try:
            async with in_transaction() as connection:
                rows = await ModCase.filter(guild_id=guild_id, user_id=user_id).order_by(
                    "created_at", "id"
                )
                new = decide([_case(r) for r in rows])
                top = await ModCase.filter(guild_id=guild_id).order_by("-number").first()
                number = 1 if top is None else top.number + 1
                row = await ModCase.create(
                    guild_id=guild_id,
                    number=number,
                    user_id=user_id,
                    moderator_id=moderator_id,
                    reason=reason,
                    evidence=evidence,
                    source=source,
                    state=ACTIVE,
                    created_at=at,
                    idempotency_key=key,
                    **{f.name: getattr(new, f.name) for f in fields(NewCase)},
                )
                if effects is not None:
                    await enqueue(connection, None, effects(_case(row)), guild_id=guild_id)
            return _case(row), True
        except IntegrityError:
            continue
    raise RuntimeError(f"could not number a case in guild {guild_id}")


async def get_case(guild_id: int, number: int) -> CaseInfo | None:
    row = await ModCase.get_or_none(guild_id=guild_id, number=number)
    return None if row is None else _case(row)


async def update_case(
    guild_id: int,
    number: int,
    *,
    state: str | Unset = UNSET,
    reason: str | None | Unset = UNSET,
    applied: str | Unset = UNSET,
    expires_at: datetime | None | Unset = UNSET,
    renew_at: datetime | None | Unset = UNSET,
    only_if_state: str | None = None,
    effects: Sequence[Effect] = (),
) -> CaseInfo | None:
    """Change a case; None if there is none (or it is not in ``only_if_state``). The state check
    and the write are one statement, so two moderators revoking at once revoke once. ``effects``
    (a lifted ban or timeout: outbox rows of no game) are stored with the change, only if it
    happens."""
    given: dict[str, Any] = {
        "state": state,
        "reason": reason,
        "applied": applied,
        "expires_at": expires_at,
        "renew_at": renew_at,
    }
    changes = {k: v for k, v in given.items() if v is not UNSET}
    async with in_transaction() as connection:
        query = ModCase.filter(guild_id=guild_id, number=number).using_db(connection)
        if only_if_state is not None:
            query = query.filter(state=only_if_state)
        if changes and not await query.update(**changes):
            return None
        await enqueue(connection, None, effects, guild_id=guild_id)
    return await get_case(guild_id, number)


async def end_ban_cases(guild_id: int, user_id: int, effects: Sequence[Effect]) -> list[int]:
    """A lifted ban (``/mod unban``): the member's active ban cases end (expired: they still
    count), with ``effects`` (the unban, the mod-log's note) in the same transaction; the
    numbers of the cases ended."""
    async with in_transaction() as connection:
        query = ModCase.filter(guild_id=guild_id, user_id=user_id, state=ACTIVE, banned=True)
        found = await query.using_db(connection).values_list("number", flat=True)
        numbers = cast(list[int], found)
        if numbers:
            await query.using_db(connection).update(state=EXPIRED, renew_at=None)
        await enqueue(connection, None, effects, guild_id=guild_id)
    return sorted(numbers)


async def cases_of(
    guild_id: int, user_id: int, *, offset: int = 0, limit: int = 10
) -> list[CaseInfo]:
    """A member's cases, newest first."""
    rows = (
        await ModCase.filter(guild_id=guild_id, user_id=user_id)
        .order_by("-number")
        .offset(offset)
        .limit(limit)
    )
    return [_case(r) for r in rows]


async def count_cases(guild_id: int, user_id: int) -> int:
    return await ModCase.filter(guild_id=guild_id, user_id=user_id).count()


async def due_cases(now: datetime) -> list[CaseInfo]:
    """Active cases whose sanction ends (``expires_at``) or whose next timeout is due
    (``renew_at``) at or before ``now``."""
    ending = await ModCase.filter(state=ACTIVE, expires_at__lte=now)
    renewing = await ModCase.filter(state=ACTIVE, renew_at__lte=now, expires_at__gt=now)
    return [_case(r) for r in [*ending, *renewing]]


async def next_due() -> datetime | None:
    """The earliest end or renewal of an active case (the scheduler sleeps until it)."""
    moments: list[datetime] = []
    for column in ("expires_at", "renew_at"):
        row = (
            await ModCase.filter(state=ACTIVE, **{f"{column}__isnull": False})
            .order_by(column)
            .first()
        )
        if row is not None:
            moments.append(getattr(row, column))
    return min(moments, default=None)


# -- reports (R-MOD-2) ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReportInfo:
    id: int
    guild_id: int
    reporter_id: int
    accused_id: int
    violation: str
    message_link: str | None
    text: str | None
    state: str
    case_number: int | None
    handled_by: int | None
    created_at: datetime


_REPORT_FIELDS = tuple(f.name for f in fields(ReportInfo))


def _report(row: ModReport) -> ReportInfo:
    return ReportInfo(**{name: getattr(row, name) for name in _REPORT_FIELDS})


async def create_report(
    *,
    guild_id: int,
    reporter_id: int,
    accused_id: int,
    violation: str,
    key: str,
    at: datetime,
    message_link: str | None = None,
    text: str | None = None,
    effects: Callable[[ReportInfo], Sequence[Effect]] | None = None,
) -> tuple[ReportInfo, bool]:
    """Store a report (``key``: a retry or a second detector hit makes none); ``(report,
    created)``. ``effects``: its post in the mod-log, stored with it."""
    existing = await ModReport.get_or_none(idempotency_key=key)
    if existing is not None:
        return _report(existing), False
    try:
        async with in_transaction() as connection:
            row = await ModReport.create(
                guild_id=guild_id,
                reporter_id=reporter_id,
                accused_id=accused_id,
                violation=violation,
                message_link=message_link,
                text=text,
                idempotency_key=key,
                created_at=at,
                using_db=connection,
            )
            if effects is not None:
                await enqueue(connection, None, effects(_report(row)), guild_id=guild_id)
    except IntegrityError:
        return _report(await ModReport.get(idempotency_key=key)), False
    return _report(row), True


async def get_report(report_id: int) -> ReportInfo | None:
    row = await ModReport.get_or_none(id=report_id)
    return None if row is None else _report(row)


async def judge_report(report_id: int, state: str, by: int) -> ReportInfo | None:
    """Close an open report as ``state`` (upheld, rejected); None if it was already judged (a
    second moderator's click)."""
    done = await ModReport.filter(id=report_id, state="open").update(state=state, handled_by=by)
    if not done:
        return None
    return await get_report(report_id)


async def link_report_case(
    report_id: int, case_number: int, effects: Callable[[ReportInfo], Sequence[Effect]]
) -> ReportInfo:
    """The judged report linked to its case, with ``effects`` (its post brought up to date,
    the reporter told) stored in the same transaction."""
    async with in_transaction() as connection:
        await ModReport.filter(id=report_id).using_db(connection).update(case_number=case_number)
        row = await ModReport.filter(id=report_id).using_db(connection).get()
        await enqueue(connection, None, effects(_report(row)), guild_id=row.guild_id)
    return _report(row)


# -- settings ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ModConfig:
    """A server's moderation settings. ``rulebook``: its overrides document (None: the default
    catalogue); ``detectors``: name → settings; ``linked``: groups of user ids the server marked
    as one person's accounts; ``appeal``: how a banned member may appeal (None: the default)."""

    guild_id: int
    rulebook: dict[str, Any] | None = None
    detectors: dict[str, Any] = field(default_factory=dict)
    linked: list[list[int]] = field(default_factory=list)
    appeal: str | None = None


async def get_mod_settings(guild_id: int) -> ModConfig:
    row = await ModSettings.get_or_none(guild_id=guild_id)
    if row is None:
        return ModConfig(guild_id)
    return ModConfig(
        guild_id,
        rulebook=row.rulebook,
        detectors=dict(row.detectors or {}),
        linked=[list(group) for group in row.linked or []],
        appeal=row.appeal,
    )


async def update_mod_settings(
    guild_id: int,
    *,
    rulebook: dict[str, Any] | None | Unset = UNSET,
    detectors: dict[str, Any] | Unset = UNSET,
    linked: list[list[int]] | Unset = UNSET,
    appeal: str | None | Unset = UNSET,
) -> ModConfig:
    given = {"rulebook": rulebook, "detectors": detectors, "linked": linked, "appeal": appeal}
    changes = {k: v for k, v in given.items() if v is not UNSET}
    if changes:
        await ModSettings.update_or_create(defaults=changes, guild_id=guild_id)
    return await get_mod_settings(guild_id)


# -- what the detectors read of the games ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Signup:
    game_id: int
    user_id: int
    name: str
    name_key: str


async def signups_in_guild(
    guild_id: int, statuses: Sequence[str] = ("signup", "running")
) -> list[Signup]:
    """Everyone signed up for the server's games of those statuses, in signup order."""
    rows = await GamePlayer.filter(
        game__guild_id=guild_id, game__status__in=list(statuses)
    ).order_by("game_id", "signup_order")
    return [Signup(r.game_id, r.user_id, r.name, r.name_key) for r in rows]  # type: ignore[attr-defined]


async def lobby_game(message_id: int) -> tuple[int, int] | None:
    """``(game id, guild id)`` of the game whose lobby post ``message_id`` is."""
    row = await Game.get_or_none(lobby_message_id=message_id)
    return None if row is None else (row.id, row.guild_id)


async def night_record(game_id: int) -> tuple[dict[int, set[str]], dict[int, set[str]]]:
    """Per night of the game: who was prompted for a choice (the prompts' rows, keyed
    ``prompt:<game>:night:<n>:<actor>``, stored in the transaction that opened the night: the
    engine's actors of that night, delivered yet or not — and the db.meta marks their delivery
    left, for rows pruned since), and who made one (game_choice, a skip included)."""
    prefix = f"prompt:{game_id}:night:"
    prompted: dict[int, set[str]] = {}
    stored = await OutboxRow.filter(game_id=game_id, key__startswith=prefix).values_list(
        "key", flat=True
    )
    marked = await BotMeta.filter(key__startswith=prefix).values_list("key", flat=True)
    for key in {*stored, *marked}:
        night, actor = str(key)[len(prefix) :].split(":", 1)
        prompted.setdefault(int(night), set()).add(actor)
    chose: dict[int, set[str]] = {}
    rows = await GameChoice.filter(game_id=game_id, phase="night").values_list(
        "day_number", "actor"
    )
    for night_number, actor in rows:
        chose.setdefault(int(night_number), set()).add(str(actor))
    return prompted, chose
