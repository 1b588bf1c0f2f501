"""The multifunctional child through Discord (R-NIGHT-5c, R-LIFE-3): an option of ``/host
create``, shown on the lobby and with the balance the host reads, announced with the sealed
draw, part of the committed inputs: after the game the proof names it, and the shipped command
verifies the commitment with it (and not without it)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

from bot import create_bot
from engine import draw
from settings import Settings
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot

PLAYERS = ["anna", "boris", "vera", "gleb", "dina", "egor"]
OPTION = (
    "Правило игры: многофункциональное Дитя — если Коп выстрелит в Дитя, оно станет помощником "
    "Копа и узнает об этом."
)


async def test_the_option_is_announced_and_committed(
    emu: Any, tmp_path: Path, capsys: Any
) -> None:
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "ru"},
            *({"name": name, "locale": "ru"} for name in PLAYERS),
        ],
        channels=["game"],
    )
    settings = Settings(database_url=f"sqlite://{tmp_path / 'mf.sqlite3'}")
    async with run_bot(emu, create_bot(settings)):
        host = guild.member("host")
        created = await host.run(
            "/host create", mode="two-sided", timing="fast", multifunctional_child=True
        )
        await created.reply()
        for name in PLAYERS:
            await (await guild.member(name).run("/mafia join", name=name.capitalize())).reply()
        lobby = guild.channel("game").messages[0]
        assert OPTION in lobby.text
        await (await host.run("/host roles", roles="cop,doctor,child,citizen,don,mafioso")).reply()
        balance = await (await host.run("/host roles")).reply()
        assert balance.ephemeral and balance.text.endswith(OPTION), "kept with the host's list"
        await (await host.run("/host start")).reply(within=10)
        news = await emu.wait_until(  # made by the start's setup row, delivered after
            lambda: next((c for c in guild.channels if c.name == "объявления"), None), within=10
        )
        sealed = (await news.wait_for_message(lambda m: "Жеребьёвка" in m.text)).text
        assert sealed.endswith("\n" + OPTION)
        commitment = re.search(r"`([0-9a-f]{64})`", sealed).group(1)  # type: ignore[union-attr]
        await (await host.run("/host end")).reply()
        thread = await emu.wait_until(
            lambda: next((c for c in guild.channels if c.name.startswith("После игры")), None)
        )
        proof = await thread.wait_for_message(lambda m: "Зерно жеребьёвки" in m.text)
    command = re.search(r"`python -m engine\.draw (verify [^`]+)`", proof.text).group(1)  # type: ignore[union-attr]
    args = shlex.split(command)
    assert args[-2:] == ["--options", "multifunctional_child"]
    assert commitment in args
    capsys.readouterr()
    assert draw.main(args) == 0 and "MATCH" in capsys.readouterr().out
    assert draw.main(args[:-2]) == 1, "without the option the commitment does not match"
