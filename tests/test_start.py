"""The start of a game through Discord (the emulator, the real bot): the host starts the lobby;
the commitment (R-LIFE-3) is public before anything else, each player gets his role card by DM
(closed DMs: told publicly to use /mafia role, never why), no role is named in public; the host's
end reveals every role and the seed, with which the draw checks out."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from engine import balance, draw
from locales import t
from settings import Settings
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle

PLAYERS = ["anna", "boris", "vera", "gleb", "dina", "egor"]


@pytest.fixture
async def lobby(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "ru"},
            *({"name": name, "locale": "ru", "dms_closed": name == "egor"} for name in PLAYERS),
        ],
        channels=["game"],
    )
    settings = Settings(database_url=f"sqlite://{tmp_path / 'start.sqlite3'}")
    async with run_bot(emu, create_bot(settings)):
        host = guild.member("host")
        await (await host.run("/host create", mode="two-sided", timing="fast")).reply()
        yield guild


async def _sign_up(guild: GuildHandle, names: list[str]) -> None:
    for name in names:
        handle = await guild.member(name).run("/mafia join", name=name.capitalize())
        assert "Вы записаны" in (await handle.reply()).text


async def _channels(guild: GuildHandle) -> None:
    """The game's channels, made by the start's setup row just after the answer."""
    from tests.emulator.story import wait_until

    names = {"объявления", "обсуждение", "голосование", "морг", "ведущий"}
    await wait_until(lambda: names <= {c.name for c in guild.channels} or None, 10, "the channels")
    await guild.channel("объявления").wait_for_message(lambda m: "Начинается день 1." in m.text)


def _role_words() -> list[str]:
    return [t("ru", f"role-{role}") for role in balance.START_FACTIONS]


async def test_start_deals_sends_cards_and_keeps_roles_out_of_public(lobby: GuildHandle) -> None:
    guild = lobby
    await _sign_up(guild, PLAYERS)
    started = await guild.member("host").run("/host start")
    answer = await started.reply(within=10)
    assert answer.ephemeral
    assert answer.text.startswith("Игра началась: игроков 6, карточки ролей разосланы.")
    # The start's effects are outbox rows delivered after the answer: its channels first, then
    # the posts in them; the card Egor's closed DMs refused is told to the host in his channel.
    await _channels(guild)
    note = await guild.channel("ведущий").wait_for_message(lambda m: "Карточки не доставлены" in m.text)
    assert note.text == "Карточки не доставлены (закрыты ЛС): Egor."

    # The game has its own channels now: the announcements channel speaks for it.
    assert {"объявления", "обсуждение", "голосование", "морг", "ведущий"} <= {
        c.name for c in guild.channels
    }
    announcements = guild.channel("объявления")
    await announcements.wait_for_message(lambda m: "карточку роли не удалось отправить" in m.text)
    public = [m.text for m in announcements.messages]
    commitment = next(m for m in public if "Жеребьёвка запечатана" in m)
    assert re.search(r"`[0-9a-f]{64}`", commitment)
    assert public.index(commitment) < len(public) - 1  # before day 1's post
    assert any("Начинается день 1." in m and "<t:" in m for m in public)
    closed = [m for m in public if "карточку роли не удалось отправить" in m]
    assert len(closed) == 1 and "<@" in closed[0] and "закрыты" in closed[0]

    dealt: dict[str, str] = {}
    for name in PLAYERS[:-1]:
        [card] = [m for m in guild.member(name).dms if m.embeds]
        role = re.search(r"Ваша роль: (.+)", card.text)
        assert role is not None, card.text
        dealt[name] = role.group(1).splitlines()[0]
    # The hidden card of the player with closed DMs, on demand, only to him.
    again = await (await guild.member("egor").run("/mafia role")).reply()
    assert again.ephemeral and "Ваша роль:" in again.text
    dealt["egor"] = re.search(r"Ваша роль: (.+)", again.text).group(1).splitlines()[0]  # type: ignore[union-attr]
    # The deal is the proposal for 6 players of two sides (R-BAL), whoever got what; the
    # child's card says citizen (R-ROLE-3).
    expected = Counter(
        t("ru", f"role-{'citizen' if slot.role == 'child' else slot.role}")
        for slot in balance.propose(6, "two-sided").slots
    )
    assert Counter(dealt.values()) == expected
    # Nothing in the public channel names a role before the reveal.
    for message in [*guild.channel("объявления").messages, *guild.channel("game").messages]:
        assert not [w for w in _role_words() if w in message.text], message.text


async def test_the_hosts_end_reveals_every_role_and_the_draw_checks_out(
    emu: Any, lobby: GuildHandle
) -> None:
    guild = lobby
    await _sign_up(guild, PLAYERS)
    await (await guild.member("host").run("/host start")).reply(within=10)
    await _channels(guild)
    commitment = re.search(
        r"`([0-9a-f]{64})`",
        next(m.text for m in guild.channel("объявления").messages if "Жеребьёвка" in m.text),
    ).group(1)  # type: ignore[union-attr]
    ended = await guild.member("host").run("/host end")
    assert (await ended.reply()).text == "Ведущий завершил игру."
    reveal = await guild.channel("объявления").wait_for_message(lambda m: "**Роли**" in m.text)
    for name in PLAYERS:
        assert f"{name.capitalize()}: " in reveal.text
    # The draw's proof is in the post-game thread (R-LIFE-6).
    thread = await emu.wait_until(
        lambda: next((c for c in guild.channels if c.name.startswith("После игры")), None)
    )
    proof = await thread.wait_for_message(lambda m: "Зерно жеребьёвки" in m.text)
    args = dict(re.findall(r"--(\w+) (\S+?)(?=\s--|`|$)", proof.text))
    assert args["commitment"] == commitment
    result = draw.verify(
        draw.parse_seed(args["seed"]),
        args["game"],
        args["roles"].split(","),
        args["players"].split(","),
        commitment,
    )
    assert result.matches, result
    # ...and the recomputed deal is the one the players were told.
    for name in PLAYERS[:-1]:
        member = guild.member(name)
        role_code = result.deal[str(member.user.id)].partition("@")[0]
        role_code = "citizen" if role_code == "child" else role_code  # R-ROLE-3: so told
        card = next(m for m in member.dms if m.embeds)  # after the signup's test DM
        assert f"Ваша роль: {t('ru', f'role-{role_code}')}" in card.text


async def test_too_few_players_cannot_start(lobby: GuildHandle) -> None:
    guild = lobby
    await _sign_up(guild, PLAYERS[:3])
    refused = await guild.member("host").run("/host start")
    reply = await refused.reply(within=10)
    assert reply.text == "Слишком мало игроков: записались 3, нужно не меньше 5."
    again = await guild.member("anna").run("/mafia role")
    assert (await again.reply()).text == "Вы не играете ни в одной идущей игре на этом сервере."
