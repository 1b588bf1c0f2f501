"""The moderation repository on SQLite and PostgreSQL: cases numbered per server, one case per
idempotency key, a report judged once, the settings kept, the due cases found."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from db import moderation as db

AT = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def _warn(cases: Sequence[db.CaseInfo]) -> db.NewCase:
    return db.NewCase("spam", len(cases) + 1, 1, "warn", "warn", True, False, False, None, None)


async def test_cases_are_numbered_per_server_and_a_key_makes_one(db_url: str) -> None:
    first, made = await db.create_case(
        guild_id=1, user_id=5, moderator_id=9, key="k1", at=AT, decide=_warn
    )
    again, made_again = await db.create_case(
        guild_id=1, user_id=5, moderator_id=9, key="k1", at=AT, decide=_warn
    )
    other, _ = await db.create_case(
        guild_id=2, user_id=5, moderator_id=9, key="k2", at=AT, decide=_warn
    )
    second, _ = await db.create_case(
        guild_id=1, user_id=5, moderator_id=9, key="k3", at=AT + timedelta(minutes=1), decide=_warn
    )
    assert (first.number, made, again.number, made_again) == (1, True, 1, False)
    assert (other.number, second.number, second.offence) == (1, 2, 2)
    assert [c.number for c in await db.cases_of(1, 5)] == [2, 1]
    revoked = await db.update_case(1, 1, state=db.REVOKED, only_if_state=db.ACTIVE)
    assert revoked is not None and revoked.state == db.REVOKED
    assert await db.update_case(1, 1, state=db.EXPIRED, only_if_state=db.ACTIVE) is None


async def test_due_cases_and_the_next_due(db_url: str) -> None:
    def mute(cases: Sequence[db.CaseInfo]) -> db.NewCase:
        return db.NewCase(
            "ruin", 1, 1, "mute 40d", "mute 40d", False, False, False,
            AT + timedelta(days=40), AT + timedelta(days=28),
        )  # fmt: skip

    await db.create_case(guild_id=1, user_id=5, moderator_id=9, key="m", at=AT, decide=mute)
    assert await db.next_due() == AT + timedelta(days=28)
    assert await db.due_cases(AT + timedelta(days=1)) == []
    renew = await db.due_cases(AT + timedelta(days=28))
    assert [c.number for c in renew] == [1]
    ending = await db.due_cases(AT + timedelta(days=41))
    assert [c.number for c in ending] == [1]


async def test_a_report_is_judged_once_and_settings_are_kept(db_url: str) -> None:
    report, made = await db.create_report(
        guild_id=1, reporter_id=3, accused_id=4, violation="spam", key="r", at=AT
    )
    same, made_again = await db.create_report(
        guild_id=1, reporter_id=3, accused_id=4, violation="spam", key="r", at=AT
    )
    assert made and not made_again and same.id == report.id
    judged = await db.judge_report(report.id, "upheld", 9)
    assert judged is not None and (judged.state, judged.handled_by) == ("upheld", 9)
    assert await db.judge_report(report.id, "rejected", 8) is None
    assert await db.get_mod_settings(1) == db.ModConfig(1)
    await db.update_mod_settings(1, detectors={"leave": {"mode": "off"}}, linked=[[3, 4]])
    kept = await db.get_mod_settings(1)
    assert kept.detectors == {"leave": {"mode": "off"}} and kept.linked == [[3, 4]]
