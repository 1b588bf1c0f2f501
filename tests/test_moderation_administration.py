"""Only the owner sanctions the administration (issue 19, R-MOD-3): a moderator's /mod
warn/mute/ban and a report's Uphold on a member with Administrator or Manage Server are refused
with the reason and a pointer to /complaint; the owner himself is never sanctioned; the owner
may sanction an administrator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.moderation_world import mod_guild, run_reply, running, set_log, settings_for

EN = (
    "Only the server owner may sanction a member with Administrator or Manage Server. "
    "A complaint about an administrator goes to the owner privately: /complaint."
)
RU = (
    "Наказать участника с правом «Администратор» или «Управлять сервером» может только "
    "владелец сервера. Жалобу на администратора можно отправить владельцу лично: /complaint."
)


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> Any:
    guild = mod_guild(
        emu,
        extra=[
            {"name": "admin2", "roles": ["Admins"], "locale": "en-US"},
            {"name": "модер", "roles": ["Mods"], "locale": "ru"},
        ],
    )
    async with running(emu, settings_for(tmp_path)) as bot:
        await set_log(guild)
        yield guild, bot


async def test_a_moderator_cannot_sanction_an_administrator(world: Any) -> None:
    guild, _ = world
    mod, admin = guild.member("mod"), guild.member("admin")
    for command in ("/mod warn", "/mod mute"):
        answer = await run_reply(mod, command, member=admin, violation="spam")
        assert answer.ephemeral and answer.text == EN, (command, answer.text)
    # An administrator with Ban Members does not ban another one either.
    banned = await run_reply(admin, "/mod ban", member=guild.member("admin2"), violation="ads")
    assert banned.text == EN
    assert not guild.member("admin2").banned
    russian = await run_reply(guild.member("модер"), "/mod warn", member=admin, violation="spam")
    assert russian.text == RU
    history = await run_reply(guild.owner, "/mod history", member=admin)
    assert "No cases." in history.text or "Дел нет." in history.text


async def test_nobody_sanctions_the_owner_and_the_owner_sanctions_an_admin(world: Any) -> None:
    guild, _ = world
    admin = guild.member("admin")
    refused = await run_reply(admin, "/mod warn", member=guild.owner, violation="spam")
    assert refused.text.startswith("The server owner is above the rulebook here")
    assert "/complaint" in refused.text
    russian = await run_reply(
        guild.member("модер"), "/mod warn", member=guild.owner, violation="spam"
    )
    assert russian.text.startswith("Владелец сервера здесь выше правил")
    assert "/complaint" in russian.text
    done = await run_reply(guild.owner, "/mod warn", member=admin, violation="forward_bot")
    assert "Case #1" in done.text or "Дело №1" in done.text, done.text


async def test_a_report_on_an_administrator_is_upheld_only_by_the_owner(world: Any) -> None:
    guild, _ = world
    alice, admin, log = guild.member("alice"), guild.member("admin"), guild.channel("modlog")
    sent = await run_reply(alice, "/report", member=admin, violation="spam", text="ten links")
    assert sent.text.startswith("Report #1 went to the moderators.")
    post = await log.wait_for_message(lambda m: "Жалоба №1" in m.text)
    denied = await (await guild.member("mod").click(post, "modrep:uphold:1")).reply(within=5)
    assert denied.ephemeral and denied.text == EN
    russian = await (await guild.member("модер").click(post, "modrep:uphold:1")).reply(within=5)
    assert russian.text == RU
    upheld = await (await guild.owner.click(post, "modrep:uphold:1")).reply(within=5)
    assert upheld.text.startswith(("Report upheld: case #1", "Жалоба подтверждена: дело №1"))
