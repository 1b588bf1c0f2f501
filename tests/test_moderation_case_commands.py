"""A case after it is opened, through Discord: /mod case (see, change the reason or duration,
revoke), /mod pardon, /mod history page by page, /mod unban, and a temporary ban lifted by the
expiry worker across a restart. Every change is one mod-log post naming the case."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from tests.emulator.story import wait_until
from tests.moderation_world import mod_guild, run_reply, running, set_log, settings_for


async def test_a_temporary_ban_is_lifted_after_a_restart(emu: Any, tmp_path: Path) -> None:
    guild = mod_guild(emu)
    settings = settings_for(tmp_path)
    alice = guild.member("alice")
    async with running(emu, settings):
        await set_log(guild)
        answer = await run_reply(
            guild.member("admin"), "/mod ban", member=alice, violation="nsfw", duration="1h"
        )
        # R-MOD: nsfw's 1st step is a 6-hour mute; the ban is the 2nd. Refused, and said why.
        assert "1st `nsfw`: the rulebook gives **mute 6 h**. Use /mod mute." in answer.text
        answer = await run_reply(
            guild.member("admin"), "/mod ban", member=alice, violation="ads", duration="1h"
        )
        assert "**ban**" in answer.text and "Until <t:" in answer.text
        await emu.wait_until(lambda: alice.banned)
    emu.clock.advance(hours=2)  # the bot was down when the ban ended
    async with running(emu, settings):
        await wait_until(lambda: not alice.banned, 5, "the ban lifted at the start")
        post = await guild.channel("modlog").wait_for_message(lambda m: "срок бана вышел" in m.text)
        assert post.text == "Дело №1: срок бана вышел, бан снят."
        case = await run_reply(guild.member("mod"), "/mod case", number=1)
        assert "ended" in case.text  # the case's state, in the moderator's language


async def test_case_edit_revoke_pardon_history_and_unban(emu: Any, tmp_path: Path) -> None:
    guild = mod_guild(emu)
    mod, admin, alice = guild.member("mod"), guild.member("admin"), guild.member("alice")
    async with running(emu, settings_for(tmp_path)):
        await set_log(guild)
        await run_reply(mod, "/mod mute", member=alice, violation="insult")
        shown = await run_reply(mod, "/mod case", number=1)
        assert shown.ephemeral and "Case #1: mute 30 min" in shown.text and "active" in shown.text

        edited = await run_reply(mod, "/mod case", number=1, reason="slurs", duration="2h")
        assert "slurs" in edited.text and "mute 2 h" in edited.text
        # The renewed timeout is an outbox row stored with the edit (issue 17): delivered after.
        await emu.wait_until(
            lambda: alice.timeout_until is not None
            and abs(alice.timeout_until - emu.clock.now() - timedelta(hours=2))
            < timedelta(seconds=5)
        )
        log = guild.channel("modlog")
        await log.wait_for_message(lambda m: m.text.startswith("Дело №1: ") and "slurs" in m.text)
        await log.wait_for_message(lambda m: "срок изменён на 2 ч (" in m.text)

        revoked = await run_reply(mod, "/mod case", number=1, revoke=True)
        assert "revoked" in revoked.text
        # The lifted timeout is an outbox row stored with the revoke, delivered just after.
        await emu.wait_until(lambda: not alice.timed_out)
        again = await run_reply(mod, "/mod case", number=1, revoke=True)
        assert again.text == "Case #1 is already revoked."
        # A revoked case counts for nothing: the next insult is the 1st again.
        emu.clock.advance(minutes=2)
        fresh = await run_reply(mod, "/mod mute", member=alice, violation="insult")
        assert "Case #2" in fresh.text and "1st `insult`" in fresh.text
        pardoned = await run_reply(mod, "/mod pardon", case=2)
        assert pardoned.text.startswith("Case #2 pardoned")
        await emu.wait_until(lambda: not alice.timed_out)
        assert (await run_reply(mod, "/mod pardon", case=2)).text == (
            "Case #2 is not active: nothing to end or change."
        )
        await log.wait_for_message(lambda m: m.text.startswith("Дело №2: наказание снято (") and m.text.endswith("дело по-прежнему считается на лестнице."))

        # History: 12 cases make two pages; the buttons turn them.
        for index in range(10):
            emu.clock.advance(minutes=2)
            await run_reply(
                mod, "/mod mute", member=alice, violation="ruin" if index % 2 else "insult"
            )
        page = await run_reply(mod, "/mod history", member=alice)
        assert page.ephemeral and "Cases (12)" in page.text and "Page 1 of 2" in page.text
        assert "#12" in page.text and "#2**" not in page.text
        turned = await mod.click(page, f"modhist:{alice.id}:1")
        second = await turned.reply()
        assert "Page 2 of 2" in second.text and "**#1**" in second.text and "revoked" in second.text

        emu.clock.advance(minutes=2)
        await run_reply(admin, "/mod ban", member=alice, violation="ads")
        await emu.wait_until(lambda: alice.banned)
        lifted = await run_reply(admin, "/mod case", number=13, revoke=True)
        assert "revoked" in lifted.text
        await emu.wait_until(lambda: not alice.banned)
        await log.wait_for_message(
            lambda m: m.text.startswith("Дело №13 отменено (")
            and m.text.endswith("дело больше не считается.")
        )
        guild.join(alice)  # the ban lifted, she comes back
        again = await run_reply(admin, "/mod ban", member=alice, violation="ads")
        assert "Case #14" in again.text and "1st `ads`" in again.text  # the revoked one: nothing
        await emu.wait_until(lambda: alice.banned)
        unbanned = await run_reply(admin, "/mod unban", user=alice)
        assert unbanned.text == f"<@{alice.id}> is no longer banned."
        await emu.wait_until(lambda: not alice.banned)  # the unban's row, delivered just after
        await log.wait_for_message(lambda m: "бан снят (" in m.text)
        not_banned = await run_reply(admin, "/mod unban", user=alice)
        assert not_banned.text == f"<@{alice.id}> is not banned."
