"""The in-game commands from a player's DMs with the bot (issue 10: "a command used in a game's
channel, or a player's DM when he is in one game, applies to that game").

``/mafia role``, ``status``, ``act`` and ``vote`` work in DMs for the one running game the user
plays in, anywhere; a vote from DMs is still announced publicly, in the game's voting channel.
With games on two servers, DMs cannot tell which one: he is asked to use the game's channel,
where the command applies to that channel's game. The lobby commands stay on the server.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild, vote_out


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'dm.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX)
        yield guild, bot


async def test_role_and_status_from_dms(game: tuple[GuildHandle, Any]) -> None:
    guild, _ = game
    anna = guild.member("anna")
    card = await (await anna.run("/mafia role", in_dm=True)).reply()
    assert card.embeds and "Комиссар" in str(card.embeds[0]), card.embeds
    status = await (await anna.run("/mafia status", in_dm=True)).reply()
    assert "**День 1**" in status.text and "Живы (6)" in status.text


async def test_a_vote_from_dms_is_announced_in_the_voting_channel(
    game: tuple[GuildHandle, Any],
) -> None:
    guild, _ = game
    anna, dina = guild.member("anna"), guild.member("dina")
    offered = await anna.autocomplete("/mafia vote", "target", "", in_dm=True)
    assert {c["name"] for c in offered} == {"Boris", "Vera", "Gleb", "Dina", "Egor"}
    answer = await (await anna.run("/mafia vote", target=str(dina.id), in_dm=True)).reply()
    channel = guild.channel("game")
    assert answer.text == (f"Ваш голос принят и объявлен в <#{channel.id}>. Изменить его нельзя.")
    await channel.wait_for_message(lambda m: m.text == "Anna голосует: Dina.")
    again = await (await anna.run("/mafia vote", target=str(dina.id), in_dm=True)).reply()
    assert again.ephemeral and "уже" in again.text  # final (R-VOTE-2), refused as on the server


async def test_a_night_choice_from_dms(emu: Any, game: tuple[GuildHandle, Any]) -> None:
    guild, _ = game
    await vote_out(emu, guild, SIX, "dina")
    boris = guild.member("boris")
    verbs = await boris.autocomplete("/mafia act", "action", "", in_dm=True)
    assert [c["value"] for c in verbs] == ["heal", "skip"]
    gleb = str(guild.member("gleb").id)
    recorded = await (await boris.run("/mafia act", action="heal", target=gleb, in_dm=True)).reply()
    assert recorded.text.startswith("Записано: лечение Gleb")
    status = await (await boris.run("/mafia status")).reply()  # the same choice, on the server
    assert "Ваш ход пока: лечение Gleb" in status.text


async def test_no_game_and_lobby_commands_in_dms(emu: Any, game: tuple[GuildHandle, Any]) -> None:
    guild, _ = game
    stranger = guild.add_member("stranger", locale="ru")
    refused = await (await stranger.run("/mafia status", in_dm=True)).reply()
    assert refused.ephemeral and refused.text == "Вы не играете ни в одной идущей игре."
    join = await (await stranger.run("/mafia join", name="Stranger", in_dm=True)).reply()
    assert join.ephemeral and "сервер" in join.text, join.text
    for command in ("/mafia verify", "/mafia spectate", "/mafia players"):
        answer = await (await stranger.run(command, in_dm=True)).reply()
        assert answer.ephemeral and answer.text == join.text, (command, answer.text)


async def test_games_on_two_servers(emu: Any, game: tuple[GuildHandle, Any]) -> None:
    guild, bot = game
    other = game_guild(emu, [name for name in SIX if name != "anna"], channel="game2")
    anna = other.join(guild.member("anna"))
    deal = {"anna": "citizen@town", **{k: v for k, v in SIX.items() if k != "anna"}}
    await dealt_game(other, bot, deal)
    refused = await (await anna.run("/mafia status", in_dm=True)).reply()
    assert refused.text == (
        "Вы играете сразу в нескольких идущих играх (2): используйте команду в одном из "
        "каналов нужной игры."
    )
    # In a game's channel, the command is about that channel's game: a citizen there.
    here = await (await anna.run("/mafia role", in_channel=other.channel("game2"))).reply()
    assert here.embeds[0]["title"] == "Ваша роль: МЖ — мирный житель"
    there = await (await guild.member("anna").run("/mafia role")).reply()
    assert there.embeds[0]["title"] == "Ваша роль: Комиссар"


async def test_the_role_cards_button_gives_the_current_phases_choices(
    emu: Any, game: tuple[GuildHandle, Any]
) -> None:
    """The role card stays in DMs all game: its button answers with the phase as it is now."""
    guild, _ = game
    boris = guild.member("boris")
    card = await boris.wait_for_dm(lambda m: bool(m.embeds))
    day = await (await boris.click(card, f"mymove:{_game_id(card)}")).reply()
    assert day.ephemeral and "**День 1**" in day.text and "Сегодня ваш ход — голос" in day.text
    await vote_out(emu, guild, SIX, "dina")
    night = await (await boris.click(card, f"mymove:{_game_id(card)}")).reply()
    assert "**Ночь 1**" in night.text and "В этой фазе вы ещё не ходили." in night.text
    picked = await boris.select(night, "choose:1:night:1:heal", [str(guild.member("gleb").id)])
    assert (await picked.reply()).text.startswith("Записано: лечение Gleb")
    vera = guild.member("vera")  # a citizen: no move at night
    again = await (await vera.run("/mafia role")).reply()
    assert again.component(f"mymove:{_game_id(card)}")["label"] == "Мой ход сейчас"
    none = await (await vera.click(again, f"mymove:{_game_id(card)}")).reply()
    assert "Этой ночью у вас нет хода." in none.text


def _game_id(card: Any) -> str:
    button = next(
        c["custom_id"]
        for row in card.raw.components
        for c in row.get("components", [])
        if c.get("custom_id", "").startswith("mymove:")
    )
    return str(button.split(":")[1])


async def test_a_prompt_resent_after_a_crash_is_not_doubled(
    emu: Any, game: tuple[GuildHandle, Any]
) -> None:
    """A crash between a prompt's send and its mark: the row is delivered again with the same
    nonce, and Discord (enforce_nonce) answers with the first message instead of a second."""
    from db.models import BotMeta, OutboxRow
    from tests.botdb import delivered, in_bot

    guild, bot = game
    await vote_out(emu, guild, SIX, "dina")
    boris = guild.member("boris")
    # Egor's prompt is the round's last (signup order): Boris's is sent and marked by then.
    await guild.member("egor").wait_for_dm(lambda m: "Ночь 1: ваш ход." in m.text)
    key = f"prompt:1:night:1:{boris.id}"

    async def forget() -> None:  # as if the mark had never been written
        await BotMeta.filter(key=key).delete()
        await OutboxRow.filter(key=key).update(delivered_at=None, result=None)

    async def marked() -> bool:
        return (await OutboxRow.get(key=key)).delivered_at is not None

    await in_bot(bot, forget())
    await delivered(bot)  # Boris's sent again…
    assert await in_bot(bot, marked())
    prompts = [m for m in boris.dms if "Ночь 1: ваш ход." in m.text]
    assert len(prompts) == 1  # …and Discord gave back the first one
