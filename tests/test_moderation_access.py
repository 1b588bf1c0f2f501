"""Who may moderate, through Discord: /mod is hidden by default_permissions and checked again by
the bot, so a role an admin opened /mod to in Integrations still cannot act until the server
names it its moderators' role; the violation autocomplete says each step the member would get;
a ban carries the server's appeal text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.moderation_world import mod_guild, run_reply, running, set_log, settings_for


async def test_the_bot_checks_even_when_an_admin_opens_mod_to_a_role(
    emu: Any, tmp_path: Path
) -> None:
    guild = mod_guild(emu, extra=[{"name": "helper", "roles": ["Helpers"], "locale": "en-US"}])
    helper, alice = guild.member("helper"), guild.member("alice")
    async with running(emu, settings_for(tmp_path)):
        guild.allow_command("mod", "Helpers")  # Server Settings → Integrations
        refused = await run_reply(helper, "/mod warn", member=alice, violation="spam")
        assert refused.text.startswith("Only moderators may use this")
        assert not alice.timed_out
        named = await run_reply(
            guild.member("admin"), "/server moderator-role", role=guild.role("Helpers")
        )
        assert named.ephemeral
        done = await run_reply(helper, "/mod mute", member=alice, violation="spam")
        assert "Case #1" in done.text
        await emu.wait_until(lambda: alice.timed_out)  # the case's timeout: an outbox row


async def test_the_autocomplete_names_the_next_step(emu: Any, tmp_path: Path) -> None:
    guild = mod_guild(emu)
    mod, alice = guild.member("mod"), guild.member("alice")
    async with running(emu, settings_for(tmp_path)):
        before = await mod.autocomplete("/mod mute", "violation", "spa", member=alice)
        assert [c["name"] for c in before] == ["spam — spam — 1st: mute 20 min"]
        await run_reply(mod, "/mod mute", member=alice, violation="spam")
        after = await mod.autocomplete("/mod ban", "violation", "spam", member=alice)
        assert after[0]["name"] == "spam — spam — 2nd: ban" and after[0]["value"] == "spam"
        russian = await mod.autocomplete(
            "/mod warn", "violation", "флуд", member=alice, locale="ru"
        )
        assert [c["value"] for c in russian] == ["command_flood"]
        assert russian[0]["name"] == "command_flood — флуд командами бота — 1-е: мут 30 мин"


async def test_a_ban_carries_the_servers_appeal(emu: Any, tmp_path: Path) -> None:
    guild = mod_guild(emu)
    admin, alice = guild.member("admin"), guild.member("alice")
    async with running(emu, settings_for(tmp_path)):
        await set_log(guild)
        set_to = await run_reply(
            admin, "/mod settings appeal", text="Write to appeals@example.org within a week."
        )
        assert set_to.text == "Banned members will be told this is how to appeal."
        await run_reply(admin, "/mod ban", member=alice, violation="ads", reason="casino links")
        notice = await alice.wait_for_dm(lambda m: "Вы забанены" in m.text)
        assert "Write to appeals@example.org within a week." in notice.text
        assert "реклама" in notice.text and "casino links" in notice.text


async def test_evidence_as_a_file_and_the_settings_shown(emu: Any, tmp_path: Path) -> None:
    guild = mod_guild(emu)
    mod, admin, alice = guild.member("mod"), guild.member("admin"), guild.member("alice")
    async with running(emu, settings_for(tmp_path)):
        await set_log(guild)
        await run_reply(
            mod, "/mod warn", member=alice, violation="forward_bot", file=("proof.png", b"\x89PNG")
        )
        post = await guild.channel("modlog").wait_for_message(lambda m: "Дело №1" in m.text)
        assert "/proof.png" in post.text  # the file's address is the case's evidence
        await run_reply(admin, "/mod settings detector", name="leave", mode="report")
        await run_reply(admin, "/mod settings flood", count=5, seconds=20)
        await run_reply(admin, "/mod settings link", first=alice, second=guild.member("boris"))
        shown = await run_reply(mod, "/mod settings show")
        assert shown.ephemeral and shown.text.startswith("Moderation settings")
        assert f"<#{guild.channel('modlog').id}>" in shown.text
        assert "Leaving a running game: Open a report" in shown.text
        assert "Command flood: Open a case — Command flood: more than 5 commands within 20 s." in (
            shown.text
        )
        assert "Nickname changed during a game: Open a case" in shown.text
        assert f"<@{alice.id}> = <@{guild.member('boris').id}>" in shown.text
