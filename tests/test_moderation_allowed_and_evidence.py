"""``/mafia rules`` lists what the rulebook allows too (R-MOD-4, the original's «Разрешается»)
and where a complaint about an administrator goes; ``/complaint`` asks for evidence (R-MOD-3:
«пишите владельцу с доказательствами»): an attachment or a link, else nothing is sent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.moderation_world import mod_guild, run_reply, running, settings_for


@pytest.fixture
async def guild(emu: Any, tmp_path: Path) -> Any:
    guild = mod_guild(emu)
    async with running(emu, settings_for(tmp_path)):
        yield guild


async def test_the_rules_show_what_is_allowed(guild: Any) -> None:
    english = await run_reply(guild.member("alice"), "/mafia rules")
    assert "Allowed (this is not private play)" in english.text
    assert "✅ The cop writing privately with his assistant (the sergeant)." in english.text
    assert "✅ The werewolf writing privately to the cop or to the mafia" in english.text
    assert "✅ The criminals writing among themselves in their cabinets" in english.text
    assert "write to the owner with evidence: /complaint." in english.text
    russian = await run_reply(guild.member("boris"), "/mafia rules")
    assert "Разрешается (это не игра в личке)" in russian.text
    assert "✅ Переписка Комиссара с его Помощником (Сержантом) в личке." in russian.text
    assert "✅ Оборотню — писать в личку Комиссару или Мафии" in russian.text
    assert "пишите владельцу с доказательствами: /complaint." in russian.text


async def test_a_complaint_needs_an_attachment_or_a_link(guild: Any) -> None:
    alice, boris = guild.member("alice"), guild.member("boris")
    bare = await run_reply(alice, "/complaint", text="the admin muted me for nothing")
    assert bare.ephemeral and bare.text.startswith(
        "A complaint about an administrator needs evidence, as the rulebook says: attach a "
        "screenshot (`file`) or give a link (`evidence`)"
    )
    words = await run_reply(alice, "/complaint", text="muted me", evidence="everyone saw it")
    assert words.text.startswith("The evidence must be a link (https://…)")
    russian = await run_reply(boris, "/complaint", text="админ замутил меня ни за что")
    assert russian.text.startswith(
        "Жалобе на администратора нужны доказательства, так сказано в правилах"
    )
    assert guild.owner.dms == []  # nothing reached the owner
    shot = await run_reply(
        boris, "/complaint", text="админ замутил меня", file=("shot.png", b"\x89PNG fake")
    )
    assert shot.text.startswith("Ваша жалоба отправляется лично владельцу сервера"), shot.text
    dm = await guild.owner.wait_for_dm(lambda m: "админ замутил меня" in m.text)
    assert "shot.png" in dm.text
