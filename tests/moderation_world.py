"""A server for the moderation tests: an owner, an admin (Manage Server, Ban Members), a
moderator (Moderate Members only), a senior moderator above him, members, a role above the
bot's, and a mod-log channel; the real bot against the emulator."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot import create_bot
from settings import Settings
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle

MODERATE = P.MODERATE_MEMBERS


def mod_guild(emu: Any, *, extra: list[dict[str, Any]] | None = None) -> GuildHandle:
    return emu.make_guild(
        roles=[
            {"name": "Mods", "permissions": MODERATE},
            {"name": "Seniors", "permissions": MODERATE},
            {"name": "Admins", "permissions": P.MANAGE_GUILD | MODERATE | P.BAN_MEMBERS},
            {"name": "Stars", "permissions": 0, "above_bot": True},
        ],
        members=[
            {"name": "admin", "roles": ["Admins"], "locale": "en-US"},
            {"name": "mod", "roles": ["Mods"], "locale": "en-US"},
            {"name": "senior", "roles": ["Seniors"], "locale": "en-US"},
            {"name": "alice", "locale": "en-US"},
            {"name": "boris", "locale": "ru"},
            {"name": "closed", "locale": "en-US", "dms_closed": True},
            {"name": "star", "roles": ["Stars"], "locale": "en-US"},
            *(extra or []),
        ],
        channels=["general", "modlog"],
    )


def settings_for(tmp_path: Path, name: str = "mod") -> Settings:
    return Settings(database_url=f"sqlite://{tmp_path / f'{name}.sqlite3'}")


@asynccontextmanager
async def running(emu: Any, settings: Settings) -> AsyncIterator[Any]:
    async with run_bot(emu, create_bot(settings)) as runner:
        yield runner.bot


async def set_log(guild: GuildHandle) -> None:
    done = await guild.member("admin").run(
        "/mod settings log", channel=guild.channel("modlog"), in_channel=guild.channel("general")
    )
    assert (await done.reply()).text.startswith("Cases and reports will be posted in")


async def run_reply(actor: Any, command: str, /, **options: Any) -> Any:
    """``actor`` runs ``command``; the reply (deferred answers included)."""
    handle = await actor.run(command, **options)
    return await handle.reply(within=5)
