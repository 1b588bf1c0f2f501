"""The rulebook per server through Discord (R-MOD-1): /mod rules show|set|reset, export and
import as a file, invalid ladders refused with every reason, and /mafia rules for anyone in his
language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.moderation_world import mod_guild, run_reply, running, settings_for


@pytest.fixture
async def guild(emu: Any, tmp_path: Path) -> Any:
    guild = mod_guild(emu)
    async with running(emu, settings_for(tmp_path)):
        yield guild


async def test_anyone_reads_the_rulebook_in_his_language(guild: Any) -> None:
    english = await run_reply(guild.member("alice"), "/mafia rules")
    assert english.ephemeral and english.text.startswith("The chat rulebook")
    assert "**spam** (`spam`): mute 20 min → ban" in english.text
    assert (
        "Three warns for three different violations give an automatic 6 h mute; after it those "
        "three warns no longer count. A pardon ends a sanction but the case still counts on its "
        "ladder; a revoked case no longer counts." in english.text
    )
    # The catalogue says which violations the bot sees by itself; insults stay manual.
    assert "(`leave`): mute 1 h · the bot watches for it" in english.text
    assert "(`insult`): mute 30 min\n" in english.text
    # C-MOD-2: the quick game's allowed private play, and its detectors seen by the bot.
    assert "In the quick game: the commissar with the sergeant; the mafia among" in english.text
    assert "(`cop_first_night`): warn → mute 30 min · the bot watches for it" in english.text
    russian = await run_reply(guild.member("boris"), "/mafia rules")
    assert russian.text.startswith("Правила чата")
    assert "**спам** (`spam`): мут 20 мин → бан" in russian.text
    assert "**игра с нескольких аккаунтов** (`multiaccount`): бан второго аккаунта + варн" in (
        russian.text
    )


async def test_a_server_changes_adds_retires_and_resets(guild: Any) -> None:
    admin, mod, alice = guild.member("admin"), guild.member("mod"), guild.member("alice")
    changed = await run_reply(
        admin, "/mod rules set", violation="spam", ladder="warn, mute 1h, ban"
    )
    assert changed.text == "`spam` (spam): warn → mute 1 h → ban"
    warned = await run_reply(mod, "/mod warn", member=alice, violation="spam")
    assert "1st `spam` (spam): **warn**" in warned.text  # the server's ladder applies

    added = await run_reply(
        admin,
        "/mod rules set",
        violation="voice_leak",
        ladder="warn → mute 1h",
        name="слив в войсе",
    )
    assert added.text == "`voice_leak` (слив в войсе): warn → mute 1 h"
    retired = await run_reply(admin, "/mod rules set", violation="cop_first_night", retired=True)
    assert "Retired: it is no longer used on this server." in retired.text
    shown = await run_reply(guild.member("boris"), "/mafia rules")
    assert "**слив в войсе** (`voice_leak`): варн → мут 1 ч" in shown.text
    assert "cop_first_night" not in shown.text
    assert "**спам** (`spam`): варн → мут 1 ч → бан" in shown.text
    refused = await run_reply(mod, "/mod warn", member=alice, violation="cop_first_night")
    assert refused.text == "This server's rulebook has no violation `cop_first_night`."
    mod_view = await run_reply(mod, "/mod rules show")
    assert "voice_leak" in mod_view.text

    reset = await run_reply(admin, "/mod rules reset", violation="spam")
    assert reset.text == "`spam` is back to the rulebook as written."
    back = await run_reply(alice, "/mafia rules")
    assert "**spam** (`spam`): mute 20 min → ban" in back.text and "voice_leak" in back.text
    all_back = await run_reply(admin, "/mod rules reset")
    assert all_back.text == "The rulebook is back as written: the server's changes are undone."
    plain = await run_reply(alice, "/mafia rules")
    assert "voice_leak" not in plain.text and "cop_first_night" in plain.text


async def test_invalid_changes_are_refused_with_every_reason(guild: Any) -> None:
    admin = guild.member("admin")
    bad = await run_reply(admin, "/mod rules set", violation="spam", ladder="warn, mute 0m, kick")
    assert bad.text.splitlines() == [
        "The rulebook was not changed:",
        "• ladders.spam[2]: a duration must be longer than zero",
        "• ladders.spam[3]: not a step: write warn, mute 30m or ban",
    ]
    kept = await run_reply(guild.member("alice"), "/mafia rules")
    assert "**spam** (`spam`): mute 20 min → ban" in kept.text
    required = await run_reply(admin, "/mod rules set", violation="false_report", retired=True)
    assert "• retired[1]: a false report is always a violation" in required.text
    new = await run_reply(admin, "/mod rules set", violation="voice_leak", name="leak")
    assert new.text == "`voice_leak` is a new violation: give its ladder."


async def test_export_and_import_as_a_file(guild: Any) -> None:
    admin = guild.member("admin")
    await run_reply(admin, "/mod rules set", violation="insult", ladder="warn, mute 30m")
    exported = await run_reply(admin, "/mod rules export")
    assert exported.ephemeral and list(exported.files) == ["rulebook.json"]
    document = json.loads(exported.files["rulebook.json"])
    assert document["ladders"] == {"insult": ["warn", "mute 30m"]}
    assert document["_catalogue"]["spam"] == ["mute 20m", "ban"]

    document["ladders"]["insult"] = ["mute 1h"]
    document["auto_mute"] = "8h"
    edited = json.dumps(document).encode()
    imported = await run_reply(admin, "/mod rules import", file=("rulebook.json", edited))
    assert imported.text == "Rulebook imported: 27 violations in use."
    shown = await run_reply(guild.member("alice"), "/mafia rules")
    assert "**insulting other participants** (`insult`): mute 1 h" in shown.text
    assert "automatic 8 h mute" in shown.text

    broken = await run_reply(admin, "/mod rules import", file=("rulebook.json", b"{not json"))
    assert broken.text == "The file is not JSON text (UTF-8)."
    wrong = json.dumps({"ladders": {"nope": ["warn"]}, "colour": "red"}).encode()
    refused = await run_reply(admin, "/mod rules import", file=("rulebook.json", wrong))
    assert refused.text.splitlines() == [
        "The rulebook was not changed:",
        "• colour: not a part of a rulebook",
        "• ladders.nope: no such violation",
    ]
    still = await run_reply(guild.member("alice"), "/mafia rules")
    assert "(`insult`): mute 1 h" in still.text


async def test_a_document_wrong_throughout_is_refused_in_whole_lines(guild: Any) -> None:
    """More problems than one message holds: as many whole lines as fit, then how many more."""
    admin = guild.member("admin")
    wrong = json.dumps({"ladders": {f"nope-{n:03}": ["warn"] for n in range(150)}}).encode()
    refused = await run_reply(admin, "/mod rules import", file=("rulebook.json", wrong))
    lines = refused.text.splitlines()
    assert len(refused.text) <= 2000 and lines[0] == "The rulebook was not changed:"
    shown = lines[1:-1]
    assert shown == [f"• ladders.nope-{n:03}: no such violation" for n in range(len(shown))]
    assert lines[-1] == (
        f"…and {150 - len(shown)} more problems: fix the ones shown and import the file again."
    )


async def test_two_bots_in_one_process_each_have_their_own_mafia_rules() -> None:
    """/mafia rules is added to each bot's own /mafia group; a command has one parent, so a
    shared command would point the first bot's /mafia rules at the second bot's group."""
    from discord import app_commands

    from bot import create_bot
    from cogs import discover_extensions
    from settings import Settings

    bots = [create_bot(Settings()), create_bot(Settings())]
    try:
        for bot in bots:
            for extension in discover_extensions():
                await bot.load_extension(extension)
        groups = [bot.tree.get_command("mafia") for bot in bots]
        assert all(isinstance(group, app_commands.Group) for group in groups)
        rules = [group.get_command("rules") for group in groups]  # type: ignore[union-attr]
        assert rules[0] is not rules[1]
        assert [command.parent for command in rules] == groups  # type: ignore[union-attr]
        mods = [bot.tree.get_command("mod") for bot in bots]
        assert mods[0] is not mods[1]  # each cog has its own copy of /mod and its commands
    finally:
        for bot in bots:
            await bot.close()
