"""A mute for someone who is not on the server waits for his return: the ``leave`` detector's
case (a 1-hour mute) for a player who left a running game says so in the mod-log, and when he
comes back (GUILD_MEMBER_ADD, with the Server Members intent) the timeout is applied and logged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.botdb import delivered
from tests.gamesetup import SIX, dealt_game
from tests.moderation_world import run_reply, running, settings_for
from tests.test_moderation_detectors import _guild


async def test_a_player_who_left_is_muted_when_he_comes_back(emu: Any, tmp_path: Path) -> None:
    guild = _guild(emu, list(SIX))
    modlog = guild.channel("modlog")
    async with running(emu, settings_for(tmp_path)) as bot:
        await run_reply(guild.member("host"), "/mod settings log", channel=modlog)
        await dealt_game(guild, bot, SIX)
        gleb = guild.member("gleb")
        await gleb.leave()
        case = await modlog.wait_for_message(lambda m: "Дело №1" in m.text)
        assert "`leave`" in case.text and "мут 1 ч" in case.text
        assert "тайм-аут будет выдан, когда он вернётся" in case.text

        edits = emu.count("PATCH", "/guilds/{guild_id}/members/{user_id}")
        back = guild.join(gleb)
        await modlog.wait_for_message(lambda m: "вернулся на сервер; тайм-аут выдан" in m.text)
        await emu.wait_until(lambda: back.timed_out)  # the timeout's row, stored with the note
        # Another member's join changes nothing for him and mutes nobody.
        newcomer = guild.add_member("newbie", locale="ru")
        await run_reply(guild.member("host"), "/mod history", member=back)  # a round trip
        assert not newcomer.timed_out
        await delivered(bot)
        assert len([m for m in modlog.messages if "вернулся на сервер" in m.text]) == 1
        assert emu.count("PATCH", "/guilds/{guild_id}/members/{user_id}") == edits + 1  # one timeout


async def test_without_the_members_intent_the_log_says_to_mute_by_hand(
    emu: Any, tmp_path: Path
) -> None:
    """With Server Members off in the portal the bot cannot see him come back: the case's post
    says so, and that the moderators must apply the timeout themselves."""
    from tests.moderation_world import mod_guild, set_log

    emu.privileged_intents = set()
    guild = mod_guild(emu)
    async with running(emu, settings_for(tmp_path)) as bot:
        assert not bot.intents.members
        await set_log(guild)
        alice = guild.member("alice")
        await alice.leave()
        answer = await run_reply(guild.member("mod"), "/mod mute", member=alice, violation="spam")
        assert answer.text.startswith("Case #1"), answer.text  # he left: a user, not a member
        case = await guild.channel("modlog").wait_for_message(lambda m: "Дело №1" in m.text)
        assert "бот не видит, кто заходит на сервер" in case.text
        assert "выдайте тайм-аут вручную" in case.text


async def test_a_member_who_left_can_be_banned(emu: Any, tmp_path: Path) -> None:
    """Leaving does not dodge a ban: /mod ban takes a user who is no longer on the server
    (Discord bans by id), and the case is on the ladder like any other (1st `ads`: a ban)."""
    from tests.moderation_world import mod_guild, set_log

    guild = mod_guild(emu)
    async with running(emu, settings_for(tmp_path)):
        await set_log(guild)
        alice = guild.member("alice")
        await alice.leave()
        banned = await run_reply(
            guild.member("admin"), "/mod ban", member=alice, violation="ads", duration="7d"
        )
        assert banned.text.startswith("Case #1"), banned.text
        await emu.wait_until(lambda: alice.banned)
