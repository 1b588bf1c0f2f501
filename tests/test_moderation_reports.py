"""Reports (R-MOD-2) and complaints (R-MOD-3) through Discord: /report and the message menu
"Report" go to the mod-log with persistent buttons; upheld opens a case on the ladder, rejected
as false (after a confirmation) a false_report case for the reporter, who is told privately;
a complaint reaches the owner's DMs, or the complainant is told in his DMs that the owner's are
closed, and nothing is ever public. Every one of these posts, edits and DMs is an outbox row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.moderation_world import mod_guild, run_reply, running, set_log, settings_for


async def test_a_report_upheld_and_one_rejected_as_false(emu: Any, tmp_path: Path) -> None:
    guild = mod_guild(emu, extra=[{"name": "vera", "locale": "ru"}])
    settings = settings_for(tmp_path)
    alice, boris, mod = guild.member("alice"), guild.member("boris"), guild.member("mod")
    log = guild.channel("modlog")
    async with running(emu, settings):
        none_yet = await run_reply(alice, "/report", member=boris, violation="spam")
        assert none_yet.text.startswith("This server has no mod-log channel for reports yet")
        await set_log(guild)
        sent = await run_reply(
            alice, "/report", member=boris, violation="spam", text="ten links in a row"
        )
        assert sent.ephemeral and sent.text.startswith("Report #1 went to the moderators.")
        post = await log.wait_for_message(lambda m: "Жалоба №1" in m.text)
        assert set(post.custom_ids) == {"modrep:uphold:1", "modrep:false:1"}
        assert "ten links in a row" in post.text and "спам (`spam`)" in post.text
        assert not any("Report" in m.text for m in guild.channel("general").messages)

    async with running(emu, settings):  # the buttons outlive a restart
        denied = await (await alice.click(post, "modrep:uphold:1")).reply()
        assert denied.text.startswith("Only moderators may use this")
        upheld = await (await mod.click(post, "modrep:uphold:1")).reply(within=5)
        assert upheld.text == "Report upheld: case #1 (mute 20 min)."
        await emu.wait_until(lambda: boris.timed_out)
        thanked = await alice.wait_for_dm(lambda m: "подтверждена" in m.text)
        assert "Спасибо" in thanked.text
        await log.wait_for_message(lambda m: "Подтверждено (" in m.text and not m.custom_ids)
        await log.wait_for_message(lambda m: "Дело №1" in m.text and "Открыто по жалобе" in m.text)

        # A muted member cannot use commands (Discord's timeout): vera reports one of alice's
        # messages through the menu, falsely.
        vera = guild.member("vera")
        said = await alice.post(guild.channel("general"), "good morning")
        opened = await vera.use_message_menu("Report", said)
        filed = await vera.submit_modal(opened, {"violation": "insult", "text": "she insulted me"})
        assert (await filed.reply()).text.startswith("Жалоба №2 передана модераторам.")
        second = await log.wait_for_message(lambda m: "Жалоба №2" in m.text)
        assert said.id and f"/{said.id}" in second.text  # the message's link is the evidence
        asked = await (await mod.click(second, "modrep:false:2")).reply()
        assert asked.ephemeral and "gets a `false_report` case." in asked.text
        assert "Дело №2" not in "".join(m.text for m in log.messages)  # nothing yet
        confirmed = await (await mod.click(asked, "modrep:falseok:2")).reply(within=5)
        assert confirmed.text == "Report found false: case #2 for the reporter."
        told = await vera.wait_for_dm(lambda m: "признана ложной" in m.text)
        assert "дело №2" in told.text
        again = await (await mod.click(asked, "modrep:falseok:2")).reply()
        assert again.text == "This report was already judged."
        history = await run_reply(mod, "/mod history", member=vera)
        assert "false_report" in history.text and "#2" in history.text
        await log.wait_for_message(lambda m: "Признано ложной" in m.text and not m.custom_ids)


async def test_a_complaint_goes_to_the_owner_privately(emu: Any, tmp_path: Path) -> None:
    guild = mod_guild(emu)
    closed = emu.make_guild(
        name="Closed Owner",
        owner="boss",
        members=[{"name": "boss", "dms_closed": True}, {"name": "carl", "locale": "en-US"}],
    )
    async with running(emu, settings_for(tmp_path)):
        alice = guild.member("alice")
        answer = await run_reply(
            alice,
            "/complaint",
            text="the admin muted me for nothing",
            evidence="https://discord.com/channels/1/2/3",
        )
        assert answer.ephemeral and answer.text.startswith(
            f"Your complaint is on its way to <@{guild.owner.id}>, the server owner, privately."
        )
        dm = await guild.owner.wait_for_dm(lambda m: "the admin muted me for nothing" in m.text)
        assert "Жалоба на администратора сервера Test Server" in dm.text
        assert "https://discord.com/channels/1/2/3" in dm.text and str(alice.id) in dm.text

        carl = closed.member("carl")
        ordered = await run_reply(
            carl, "/complaint", text="abuse", evidence="https://discord.com/channels/4/5/6"
        )
        assert ordered.text.startswith(f"Your complaint is on its way to <@{closed.owner.id}>")
        # The owner's DMs are closed: the complainant is told so in his own DMs, once.
        told = await carl.wait_for_dm(lambda m: "did not reach" in m.text)
        assert f"<@{closed.owner.id}>, the server owner" in told.text
        assert "Contact the owner another way" in told.text
        assert closed.owner.dms == [] and len(carl.dms) == 1
        for channel in (*guild.channels, *closed.channels):
            assert not any("abuse" in m.text or "muted me" in m.text for m in channel.messages)
