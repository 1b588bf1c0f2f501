"""Replacing a player through Discord (issue 12, ``/host replace``): mid-night, the doctor's
heal made before the replacement is kept and resolves as the seat's; the substitutes get their
role cards by DM (with the card's button), play with ``/mafia act`` and ``/mafia role``, read and
write the mafia's cabinet, which the old member no longer can; the public is told only that the
seat changed hands; each refusal has its reason."""

from __future__ import annotations

import shlex
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from cogs.game.host_replace import rename_seat
from engine import GameState, draw, new_game
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import Refused
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.test_host_decisions import host_says, settings, vote
from tests.test_host_preview import act

ROLE_WORDS = ("Комиссар", "Доктор", "Дон", "Маф", "мирный", "Мирный")
PUBLIC = ("объявления", "обсуждение", "голосование")
NOT_PLAYER = "Этот участник не играет в этой игре."


async def test_a_substitute_takes_the_seat_mid_night(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, [*SIX, "zoe", "yan"])
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        news, cabinet = guild.channel("объявления"), guild.channel("кабинет-мафии")
        zoe, yan = guild.member("zoe"), guild.member("yan")
        boris, egor = guild.member("boris"), guild.member("egor")
        for voter in SIX:
            await vote(guild, voter, "anna" if voter == "gleb" else "gleb")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await news.wait_for_message(lambda m: "Итоги дня 1" in m.text)

        await act(guild, "boris", "heal", "vera")  # the doctor's choice, before he leaves
        await act(guild, "egor", "shoot", "vera")
        said = await host_says(guild, "/host replace", player=boris, substitute=zoe)
        assert (
            said == "Готово: zoe теперь играет Boris; карточка роли отправлена в личные сообщения."
        )
        said = await host_says(guild, "/host replace", player=egor, substitute=yan)
        assert said.startswith("Готово: yan теперь играет Egor")

        # The public learns that the seat changed hands, and nothing of the role.
        note = await news.wait_for_message(lambda m: "Замена" in m.text and "Boris" in m.text)
        assert f"<@{boris.id}>" in note.text and f"<@{zoe.id}>" in note.text
        await cabinet.wait_for_message(lambda m: f"<@{yan.id}>" in m.text and "Egor" in m.text)
        await guild.channel("ведущий").wait_for_message(lambda m: "замена: <@" in m.text)

        # The substitutes' cards by DM, with the card's button; the choices so far are the seat's.
        card = await zoe.wait_for_dm(lambda m: "Доктор" in m.text)
        assert any(c.get("custom_id", "").startswith("mymove:") for c in card.iter_components())
        status = await (await zoe.run("/mafia status", in_dm=True)).reply()
        assert "Vera" in status.text, status.text  # boris's heal is hers now
        await zoe.wait_for_dm(lambda m: "Ночь 1: ваш ход." in m.text)  # and tonight's prompt
        role = await (await yan.run("/mafia role")).reply()
        assert role.ephemeral and "Ваша роль: Маф" in role.text
        await yan.wait_for_dm(lambda m: "Ваша роль: Маф" in m.text)
        await act(guild, "yan", "shoot", "vera")  # the substitute plays (the same shot)

        # The cabinet and the alive role moved (rows of their own lanes, delivered at the
        # pace's rate, not necessarily before the card); the old members are out of the game.
        await emu.wait_until(lambda: yan.can(P.SEND_MESSAGES, cabinet))
        await emu.wait_until(lambda: not egor.can(P.VIEW_CHANNEL, cabinet))
        posted = await yan.post(cabinet, "я здесь")
        assert not posted.raw.deleted
        assert not egor.can(P.VIEW_CHANNEL, cabinet)
        with pytest.raises(Refused):
            await egor.post(cabinet, "а я?")
        assert zoe.can(P.SEND_MESSAGES, guild.channel("обсуждение"))
        assert not boris.can(P.SEND_MESSAGES, guild.channel("обсуждение"))
        gone = await (await boris.run("/mafia act", action="heal", target=str(zoe.id))).reply()
        assert not gone.text.startswith("Записано")

        # The night resolves with the heal boris chose: Vera survives the shot.
        emu.clock.advance(timedelta(minutes=10, seconds=6))
        morning = await news.wait_for_message(lambda m: "Утро после ночи 1" in m.text)
        assert "Vera" not in morning.text, morning.text
        for name in PUBLIC:
            for message in guild.channel(name).messages:
                assert not any(word in message.text for word in ROLE_WORDS), message.text

        # The draw's proof still checks out after the game (R-LIFE-3): the players as drawn.
        await (await guild.member("host").run("/host end")).reply()
        proof = await (await guild.member("anna").run("/mafia verify")).reply()
        command = proof.text.split("`python -m engine.draw ")[1].split("`")[0]
        assert str(boris.id) in command and str(zoe.id) not in command
        assert draw.main(shlex.split(command)) == 0  # 0: the commitment matches


async def test_refusals(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, [*SIX, "zoe", "kim", "left"])
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        early = await host_says(guild, "/host replace", player=guild.member("anna"),
                                substitute=guild.member("zoe"))  # fmt: skip
        assert early == "Здесь нет игры: используйте команду в канале игры."
        await dealt_game(guild, runner.bot, SIX, channels=True)
        anna, zoe = guild.member("anna"), guild.member("zoe")
        plays = await host_says(
            guild, "/host replace", player=anna, substitute=guild.member("dina")
        )
        assert plays == "Замена уже играет в этой игре."
        bot = await host_says(guild, "/host replace", player=anna, substitute=guild.bot)
        assert bot == "Бот не может играть."
        left = guild.member("left")
        await left.leave()
        away = await host_says(guild, "/host replace", player=anna, substitute=left)
        assert away == "Замены нет на этом сервере."
        stranger = await host_says(
            guild, "/host replace", player=zoe, substitute=guild.member("kim")
        )
        assert stranger == NOT_PLAYER
        with pytest.raises(Refused):  # /host is hidden from a non-host (and checked again)
            await anna.run("/host replace", player=anna, substitute=zoe)
        for voter in SIX:
            await vote(guild, voter, "anna" if voter == "gleb" else "gleb")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
        dead = await host_says(guild, "/host replace", player=guild.member("gleb"), substitute=zoe)
        assert dead == "Этот игрок уже не жив: заменить можно только живого игрока."


def test_the_rename_keeps_names_and_everything_else() -> None:
    state = new_game(
        "two-sided",
        [
            ("111", "cop", "town"),
            ("222", "doctor", "town"),
            ("333", "don", "mafia"),
            ("444", "mafioso", "mafia"),
        ],
        names={"111": "222", "222": "Boris", "333": "Dina", "444": "Egor"},
    )
    after = rename_seat(state, "222", "999")
    assert after.player("222") is None and after.get("999").name == "Boris"
    assert after.get("111").name == "222"  # a name is text, never an id
    assert GameState.from_json(after.to_json()) == after
    assert rename_seat(after, "999", "222") == state
