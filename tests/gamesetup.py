"""A game set up through Discord for tests of the game layer: a server with a host and players,
a fast lobby opened and joined by command, and a deal imposed through the start's test-only
path (the same ``start`` the host's command calls, given a deal)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import timedelta
from typing import Any

from cogs.game import start as start_service
from cogs.game.begin import begin
from tests.botdb import delivered, in_bot
from tests.emulator import permissions as P
from tests.emulator.changes import wait_until
from tests.emulator.story import GuildHandle

#: Six players of two sides, name → role@faction in signup order: a cop, a doctor, two
#: citizens, the mafia's don and mafioso. The deal most game tests play.
SIX = {
    "anna": "cop@town",
    "boris": "doctor@town",
    "vera": "citizen@town",
    "gleb": "citizen@town",
    "dina": "don@mafia",
    "egor": "mafioso@mafia",
}


def game_guild(emu: Any, names: list[str], channel: str = "game") -> GuildHandle:
    return emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "ru"},
            *({"name": name, "locale": "ru"} for name in names),
        ],
        channels=[channel],
    )


async def open_and_join(guild: GuildHandle, names: Iterable[str], **create: Any) -> None:
    """The host opens a fast two-sided lobby (``create``: other ``/host create`` options) and
    each of ``names`` signs up with ``/mafia join`` as his name, capitalized."""
    options = {"mode": "two-sided", "timing": "fast", **create}
    await (await guild.member("host").run("/host create", **options)).reply()
    for name in names:
        member = guild.member(name)
        seen = len(member.dms)
        joined = await member.run("/mafia join", name=name.capitalize())
        await joined.reply()
        # The signup's test DM follows the answer (paced like every request), or for closed DMs
        # the follow-up saying so: done before anything else is armed against his DM channel.
        await wait_until(lambda m=member, j=joined, n=seen: len(m.dms) > n or j.followups,
                         within=10, what=f"{name}'s signup DM")  # fmt: skip


#: The start of a stored vote's private confirmation (locales: vote-counted).
COUNTED = ("Ваш голос принят:", "Your vote is cast:")


async def vote_said(handle: Any, within: float = 2.0) -> Any:
    """What a vote shows: once stored, its public announcement (the follow-up after the voter's
    private confirmation, cogs.game.vote_post); else the refusal only the voter sees."""
    reply = await handle.reply(within)
    if reply.ephemeral and reply.text.startswith(COUNTED):
        return await handle.followup(0, within)
    return reply


async def vote_by_post(guild: GuildHandle, post: Any, voter: str, target: str, day: int = 1) -> Any:
    """``voter`` votes for ``target`` as a player does: the vote post's select, then the
    confirmation; the confirmation's answer (the public announcement)."""
    target_id = str(guild.member(target).id)
    chosen = await guild.member(voter).select(post, f"vote:1:{day}:0", [target_id])
    question = await chosen.reply()
    return await vote_said(await guild.member(voter).click(question, f"voteok:1:{day}:{target_id}"))


async def dealt_game(
    guild: GuildHandle, bot: Any, deal: Mapping[str, str], *, channels: bool = False, **create: Any
) -> int:
    """Open a fast two-sided lobby, sign ``deal``'s players up (name → role@faction, in that
    order) and start with that deal (``channels``: with the game's own channels and roles, as
    ``/host start`` makes them; else in the lobby's channel; ``create``: more ``/host create``
    options); returns the game id."""
    host = guild.member("host")
    await open_and_join(guild, deal, **create)
    from cogs.game.lobby import lobby_in

    game = await in_bot(bot, lobby_in(guild.id, None))
    ids = {name: str(guild.member(name).id) for name in deal}
    await in_bot(
        bot,
        start_service.start(
            game.id,
            host.id,
            by_is_server_host=True,
            deal=[(ids[name], role) for name, role in deal.items()],
            on_server=channels,
        ),
    )
    begin(bot)  # as /host start does
    await delivered(bot)  # its thread, vote post and prompts: outbox rows
    return game.id


async def vote_out(
    emu: Any, guild: GuildHandle, deal: Iterable[str], out: str, *, results: str = "game"
) -> None:
    """Day 1 of a fast game: everyone votes ``out`` out by ``/mafia vote`` (he votes for the
    first other player), the clock passes the vote's close, and the results are posted in
    ``results``."""
    names = list(deal)
    other = next(name for name in names if name != out)
    for voter in names:
        target = other if voter == out else out
        await (
            await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        ).reply()
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await guild.channel(results).wait_for_message(lambda m: "Итоги дня 1" in m.text)
