"""The lobby through Discord (the emulator, the real bot): the host opens a game for signup; players
join with a character name by the button's modal or by /mafia join, leave, and are refused by the
rules (R-LIFE-1: unique, not confusable names) with their sentence; the public post stays up to
date; its buttons keep working after a restart."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, Refused


def _guild(emu: Any) -> GuildHandle:
    return emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "ru"},
            {"name": "alice", "locale": "en-US"},
            {"name": "boris", "locale": "ru"},
        ],
        channels=["general", "other"],
    )


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Settings]]:
    guild = _guild(emu)
    settings = Settings(database_url=f"sqlite://{tmp_path / 'lobby.sqlite3'}")
    async with run_bot(emu, create_bot(settings)):
        yield guild, settings


async def _open(guild: GuildHandle, **options: Any) -> Any:
    handle = await guild.member("host").run(
        "/host create",
        mode="two-sided",
        timing="fast",
        in_channel=guild.channel("general"),
        **options,
    )
    reply = await handle.reply()
    assert reply.ephemeral and reply.text.startswith("Запись открыта: ")
    # The lobby post is an outbox row of the new game: delivered just after the answer.
    post = await guild.channel("general").wait_for_message(lambda m: "lobby:join:" in " ".join(m.custom_ids))
    assert post is not None and not post.ephemeral
    return post


async def test_the_host_opens_a_lobby_and_players_join_and_leave(
    world: tuple[GuildHandle, Settings],
) -> None:
    guild, _ = world
    post = await _open(guild, title="Осенняя партия", day_minutes=30)
    assert "Осенняя партия — запись" in post.text  # the server's language: Russian by default
    assert "голосование дня 30 мин, ночь 10 мин" in post.text
    assert "Пока никто не записался." in post.text
    assert set(post.custom_ids) == {f"lobby:join:{1}", f"lobby:leave:{1}"}

    alice = guild.member("alice")
    opened = await alice.click(post, "lobby:join:1")
    joined = await alice.submit_modal(opened, {"name": "Анна"})
    assert (await joined.reply()).text == "You are signed up as **Анна** (no. 1)."
    await guild.channel("general").wait_for_message(lambda m: "1. Анна — <@" in m.text)

    boris = guild.member("boris")
    # R-LIFE-1: a confusable name (Latin "A" among Cyrillic letters) is taken.
    taken = await boris.run("/mafia join", name="Aннa", in_channel=guild.channel("general"))
    assert (
        await taken.reply()
    ).text == "Это имя занято или слишком похоже на «Анна»: выберите другое."
    ok = await boris.run("/mafia join", name="Борис", in_channel=guild.channel("general"))
    assert (await ok.reply()).text == "Вы записаны как **Борис** (№2)."
    await guild.channel("general").wait_for_message(lambda m: "2. Борис" in m.text)

    again = await alice.click(post, "lobby:join:1")
    assert (await again.reply()).text == "You are already signed up for this game."

    left = await alice.click(post, "lobby:leave:1")
    assert (await left.reply()).text == "You left the signup."
    await guild.channel("general").wait_for_message(
        lambda m: "1. Борис" in m.text and "Анна" not in m.text
    )
    listed = await (await boris.run("/mafia players", in_channel=guild.channel("other"))).reply()
    assert listed.ephemeral and "1. Борис" in listed.text and "Записались (1):" in listed.text


async def test_one_lobby_per_channel_and_the_host_may_kick(
    world: tuple[GuildHandle, Settings],
) -> None:
    guild, _ = world
    post = await _open(guild)
    second = await guild.member("host").run(
        "/host create", mode="three-sided", timing="clock", in_channel=guild.channel("general")
    )
    assert (await second.reply()).text == "В этом канале уже открыта запись на игру."
    boris = guild.member("boris")
    await (
        await boris.run("/mafia join", name="Борис", in_channel=guild.channel("general"))
    ).reply()
    kicked = await guild.member("host").run(
        "/host kick", player=boris, in_channel=guild.channel("general")
    )
    assert (await kicked.reply()).text == "Борис больше не в записи."
    await guild.channel("general").wait_for_message(lambda m: "Пока никто не записался." in m.text)
    assert post.id == guild.channel("general").messages[0].id  # the post is edited, not reposted


async def test_only_hosts_see_host_commands(world: tuple[GuildHandle, Settings]) -> None:
    guild, _ = world
    with pytest.raises(Refused, match="not available"):
        await guild.member("alice").run("/host create", mode="two-sided", timing="fast")
    no_lobby = await guild.member("alice").run("/mafia join", name="Alice")
    assert (await no_lobby.reply()).text == "No game is open for signup on this server."


async def test_lobby_buttons_work_after_a_restart(emu: Any, tmp_path: Path) -> None:
    guild = _guild(emu)
    settings = Settings(database_url=f"sqlite://{tmp_path / 'restart.sqlite3'}")
    async with run_bot(emu, create_bot(settings)):
        post = await _open(guild)
    async with run_bot(emu, create_bot(settings)):  # a new process: no view in memory
        opened = await guild.member("alice").click(post, "lobby:join:1")
        joined = await guild.member("alice").submit_modal(opened, {"name": "Alice"})
        assert (await joined.reply()).text == "You are signed up as **Alice** (no. 1)."
        await guild.channel("general").wait_for_message(lambda m: "1. Alice" in m.text)


async def test_the_host_sees_and_sets_the_role_list(world: tuple[GuildHandle, Settings]) -> None:
    guild, _ = world
    await _open(guild)
    for name in ("alice", "boris"):
        await (await guild.member(name).run("/mafia join", name=name.capitalize())).reply()
    host = guild.member("host")
    shown = await (await host.run("/host roles", in_channel=guild.channel("general"))).reply()
    assert shown.ephemeral and shown.text.startswith("Предложение баланса для 2 игроков")
    assert "слишком мало игроков для этого режима" in shown.text  # the problem, translated
    bad = await host.run("/host roles", roles="cop, don, don", in_channel=guild.channel("general"))
    text = (await bad.reply()).text
    assert text.startswith("Ваш список ролей, для 2 записавшихся сейчас:")
    assert "у команды Мафия больше одного дона" in text
    reset = await host.run("/host roles", reset=True, in_channel=guild.channel("general"))
    assert (await reset.reply()).text.startswith("Предложение баланса")


async def test_a_burst_of_signups_is_not_an_edit_each(emu: Any, tmp_path: Path) -> None:
    names = [f"player{i}" for i in range(12)]
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[{"name": "host", "roles": ["Admins"], "locale": "ru"}, *names],
        channels=["general"],
    )
    settings = Settings(database_url=f"sqlite://{tmp_path / 'burst.sqlite3'}")
    async with run_bot(emu, create_bot(settings)):
        await _open(guild)
        edits = emu.count("PATCH", "/channels/{channel_id}/messages/{message_id}")
        joins = [guild.member(n).run("/mafia join", name=n.capitalize()) for n in names]
        handles = await asyncio.gather(*joins)
        for handle in handles:
            await handle.reply(within=10)
        await guild.channel("general").wait_for_message(lambda m: "Записались (12):" in m.text)
        made = emu.count("PATCH", "/channels/{channel_id}/messages/{message_id}") - edits
        assert 1 <= made < len(names), made  # coalesced, and the last edit has everyone


async def test_closed_dms_are_found_at_signup(
    emu: Any, world: tuple[GuildHandle, Settings]
) -> None:
    """The role card goes by DM: a DM at signup tells the player now, privately, that his
    are closed and what to do; one with open DMs gets the bot's first DM."""
    guild, _ = world
    await _open(guild)
    closed = guild.add_member("zoya", locale="ru", dms_closed=True)
    joined = await closed.run("/mafia join", name="Зоя", in_channel=guild.channel("general"))
    assert (await joined.reply()).text.startswith("Вы записаны")
    warning = await joined.followup()
    assert warning.ephemeral and warning.text.startswith("Бот не может писать вам")
    boris = guild.member("boris")
    fine = await boris.run("/mafia join", name="Борис", in_channel=guild.channel("general"))
    await fine.reply()
    dm = await boris.wait_for_dm(lambda m: "Карточка роли придёт сюда" in m.text)
    assert "Борис" in dm.text and not fine.followups


async def test_two_players_fill_the_name_form_at_once(world: tuple[GuildHandle, Settings]) -> None:
    """Alice and Boris both press Join and both forms are open: each one's name counts, in
    whatever order they submit (one form must not replace or close the other's)."""
    guild, _ = world
    post = await _open(guild)
    alice, boris = guild.member("alice"), guild.member("boris")
    alices = await (await alice.click(post, "lobby:join:1")).modal()
    boriss = await (await boris.click(post, "lobby:join:1")).modal()
    first = await alice.submit_modal(alices, {"name": "Alice"})
    assert (await first.reply()).text == "You are signed up as **Alice** (no. 1)."
    await alice.wait_for_dm(lambda m: "Alice" in m.text)  # her form's work is all done
    await asyncio.sleep(0.2)
    second = await boris.submit_modal(boriss, {"name": "Борис"})
    assert (await second.reply()).text == "Вы записаны как **Борис** (№2)."
    await guild.channel("general").wait_for_message(lambda m: "2. Борис" in m.text)


async def test_a_form_left_open_over_a_restart_is_answered(emu: Any, tmp_path: Path) -> None:
    """A form opened before a restart and sent after it: the bot no longer holds it, so the
    player is told to open it again — never Discord's "interaction failed"."""
    guild = _guild(emu)
    settings = Settings(database_url=f"sqlite://{tmp_path / 'form.sqlite3'}")
    async with run_bot(emu, create_bot(settings)):
        post = await _open(guild)
        form = await (await guild.member("boris").click(post, "lobby:join:1")).modal()
    async with run_bot(emu, create_bot(settings)):
        sent = await guild.member("boris").submit_modal(form, {"name": "Борис"})
        answer = await sent.reply()
        assert answer.ephemeral and answer.text.startswith("Эта форма устарела")
