"""``/server``: the bot's settings for a server, through Discord (issue 10: "server setting for
who may host"): hidden from members, shown and changed by its managers, the language of the
public posts, the time zone (checked, offered by autocomplete), the hosts' role."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, Refused


@pytest.fixture
async def guild(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}, "Hosts"],
        members=[
            {"name": "admin", "roles": ["Admins"], "locale": "ru"},
            {"name": "hana", "roles": ["Hosts"], "locale": "ru"},
            {"name": "petr", "locale": "ru"},
        ],
        channels=["lobby"],
    )
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'settings.sqlite3'}"))
    async with run_bot(emu, bot):
        yield guild


async def _run(guild: GuildHandle, who: str, command: str, **options: Any) -> Any:
    return await (await guild.member(who).run(command, **options)).reply()


async def test_the_managers_settings(guild: GuildHandle) -> None:
    with pytest.raises(Refused):  # Discord hides it from those who do not manage the server
        await guild.member("petr").run("/server show")
    shown = await _run(guild, "admin", "/server show")
    assert shown.ephemeral and shown.text == (
        "**Настройки бота на этом сервере**\nЯзык публичных сообщений: ru\n"
        "Часовой пояс игр по часам: Europe/Moscow\nВедущие (кроме управляющих сервером): не задано\n"
        "Модераторы (кроме управляющих сервером): не задано\n"
        "Картинка города в утреннем сообщении: включена"
    )
    zones = await guild.member("admin").autocomplete("/server timezone", "value", "vladivo")
    assert [z["value"] for z in zones] == ["Asia/Vladivostok"]
    changed = await _run(guild, "admin", "/server timezone", value="Asia/Vladivostok")
    assert "Часовой пояс игр по часам: Asia/Vladivostok" in changed.text
    refused = await _run(guild, "admin", "/server timezone", value="Mars/Olympus")
    assert refused.ephemeral and refused.text.startswith("«Mars/Olympus» — не часовой пояс")
    # The public posts in English from now on: the lobby's post, say.
    await _run(guild, "admin", "/server language", value="en")
    await _run(guild, "admin", "/host create", mode="two-sided", timing="fast")
    # The lobby post is an outbox row of the new game: delivered just after the answer.
    post = await guild.channel("lobby").wait_for_message(lambda m: "lobby:join:" in " ".join(m.custom_ids))
    assert post is not None and "signup" in post.text.lower(), post.text


async def test_the_hosts_role(guild: GuildHandle) -> None:
    """Hosting takes two things, as Discord has it: the server's admins open /host to the role
    (Integrations), and the bot's setting names the role; each alone is not enough."""
    guild.allow_command("host", "Hosts")
    refused = await _run(guild, "hana", "/host create", mode="two-sided", timing="fast")
    assert (
        refused.ephemeral and refused.text == "Это может только Ведущий игры (или ведущий сервера)."
    )
    hosts = guild.role("Hosts")
    set_role = await _run(guild, "admin", "/server host-role", role=hosts)
    assert f"Ведущие (кроме управляющих сервером): <@&{hosts.id}>" in set_role.text
    opened = await _run(guild, "hana", "/host create", mode="two-sided", timing="fast")
    assert opened.text.startswith("Запись открыта"), opened.text
    cleared = await _run(guild, "admin", "/server host-role")
    assert "Ведущие (кроме управляющих сервером): не задано" in cleared.text
