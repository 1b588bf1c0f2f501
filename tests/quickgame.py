"""A quick game set up through Discord for tests: a server with ten members, ``/mafia quick`` in
its game channel, everyone joining by the registration post's button, and the start by **Start
now** or, with an imposed deal, through the start's test-only path (the same ``start`` the
button calls, given the roles in signup order)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cogs.quick import service
from engine.chat import ChatRole
from tests.botdb import delivered, in_bot
from tests.emulator import permissions as P
from tests.emulator.story import GuildHandle, MessageView

#: Ten players in signup order: name -> role; C-BAL's list for ten, dealt in a known order.
TEN: dict[str, ChatRole] = {
    "don": ChatRole.DON,
    "maf": ChatRole.MAFIOSO,
    "maf2": ChatRole.MAFIOSO,
    "com": ChatRole.COMMISSAR,
    "doc": ChatRole.DOCTOR,
    "mis": ChatRole.MISTRESS,
    "cit": ChatRole.CITIZEN,
    "ser": ChatRole.SERGEANT,
    "kam": ChatRole.KAMIKAZE,
    "wolf": ChatRole.WEREWOLF,
}


def quick_guild(emu: Any, names: list[str], locale: str = "ru") -> GuildHandle:
    return emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "admin", "roles": ["Admins"], "locale": locale},
            {"name": "guest", "locale": locale},
            *({"name": name, "locale": locale} for name in names),
        ],
        channels=["game"],
    )


async def register(guild: GuildHandle, names: list[str]) -> MessageView:
    """The first of ``names`` opens the registration; the others press **Join**."""
    first = guild.member(names[0])
    before = {m.id for m in guild.channel("game").messages}
    await (await first.run("/mafia quick", in_channel=guild.channel("game"))).reply()
    post = await guild.channel("game").wait_for_message(
        lambda m: m.id not in before and ("регистрация" in m.text or "registration" in m.text)
    )
    game = int(post.custom_ids[0].split(":")[2])
    for name in names[1:]:
        await (await guild.member(name).click(post, f"qk:join:{game}:0")).reply()
    return post


async def dealt_quick(
    guild: GuildHandle, bot: Any, deal: Mapping[str, ChatRole], seed: bytes | None = None
) -> tuple[int, MessageView]:
    """Register ``deal``'s players (in order) and start with that deal (and ``seed``: the
    draw's secret, which decides the lucky's coins); the game id and the registration post."""
    post = await register(guild, list(deal))
    game = int(post.custom_ids[0].split(":")[2])
    await in_bot(bot, service.start(game, deal=list(deal.values()), seed=seed))
    bot.quick_scheduler.wake()
    await delivered(bot)
    return game, post


def ids(guild: GuildHandle, names: list[str]) -> dict[str, str]:
    return {name: str(guild.member(name).id) for name in names}


def lucky_seed(game_id: int, night: int, player_id: str, heads: bool = True) -> bytes:
    """A seed whose coin for that lucky on that night falls as wanted (C-NIGHT-4c)."""
    from engine.chat.coin import coin

    for n in range(256):
        seed = bytes(31) + bytes([n])
        if coin(seed, str(game_id), night, player_id) is heads:
            return seed
    raise AssertionError("no seed in 256 gives that coin")
