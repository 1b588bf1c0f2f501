"""A whole game anyone can watch: ``make demo`` (``make demo LANG=en``).

    .venv/bin/python -m tests.demo [--lang ru|en] [--players 10] [--seed 7]

Ten simulated players and a host on the Discord emulator (tests/emulator), the real bot in this
process, a fast game from the lobby to the reveal: signup with /mafia join, /host start (the
real draw), votes with the vote post's select and its confirmation, night choices with /mafia
act, each deadline passed by advancing the emulator's clock. What each channel shows is printed
as it happens, and so is what each player receives by DM (marked ``✉``): his role card, his
prompts, what he is told privately, the end's summary. The players choose at random among what
the rules allow (engine.autoplay's policy, reading their own roles); nothing needs a token or a
network.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
import textwrap
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from db.games import load_state
from engine import Phase, Verb
from engine.forum.autoplay import random_choices
from engine.state import GameState
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator import permissions as P
from tests.emulator.botrunner import BotRunner
from tests.emulator.server import Emulator
from tests.gamesetup import COUNTED

NAMES = {
    "ru": ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Захар", "Ирина", "Кирилл",
           "Лиза", "Марк"],
    "en": ["Alice", "Boris", "Carol", "Dmitri", "Erin", "Frank", "Grace", "Henry", "Irene", "Jack",
           "Kate", "Leo"],
}  # fmt: skip
MAX_PHASES = 16


def _when(unix: int) -> str:
    return datetime.fromtimestamp(unix, UTC).strftime("%H:%M UTC")


class Watcher:
    """Prints each channel's new messages, then each member's new DMs, as they appear."""

    def __init__(self, emu: Emulator, guild: Any, lang: str = "ru") -> None:
        self.emu, self.guild = emu, guild
        self.lang = lang
        self.dm = "ЛС" if lang == "ru" else "DM"
        self.seen: set[int] = set()  # message ids (a deleted one, the old tally, shifts no count)

    def _readable(self, text: str) -> str:
        """Mentions and timestamps as a Discord client shows them (roughly)."""
        names = {str(m.id): m.name for m in self.guild.members}
        text = re.sub(r"<@!?(\d+)>", lambda m: "@" + names.get(m.group(1), m.group(1)), text)
        channels = {str(c.id): c.name for c in self.guild.channels}
        text = re.sub(r"<#(\d+)>", lambda m: "#" + channels.get(m.group(1), m.group(1)), text)
        now = self.emu.clock.now().timestamp()
        text = re.sub(r"<t:(\d+):R>", lambda m: self._relative(int(m.group(1)) - now), text)
        return re.sub(r"<t:(\d+):[a-zA-Z]>", lambda m: _when(int(m.group(1))), text)

    def _relative(self, seconds: float) -> str:
        """As Discord's client says it: seconds under a minute, else minutes."""
        if abs(seconds) < 60:
            amount, unit = round(seconds), ("с" if self.lang == "ru" else "s")
        else:
            amount, unit = round(seconds / 60), ("мин" if self.lang == "ru" else "min")
        if amount < 0:
            return f"{-amount} {unit} назад" if self.lang == "ru" else f"{-amount} {unit} ago"
        return f"через {amount} {unit}" if self.lang == "ru" else f"in {amount} {unit}"

    def show(self) -> None:
        for channel in self.guild.channels:
            for message in channel.messages:
                if not message.ephemeral:
                    self._print(f"#{channel.name} · {message.author_name}", message)
        for member in self.guild.members:
            for message in member.dms:
                self._print(f"✉ {self.dm} → {member.name} · {message.author_name}", message)

    def _print(self, heading: str, message: Any) -> None:
        if message.id in self.seen:
            return
        self.seen.add(message.id)
        body = self._readable(message.text.strip())
        if body:
            print(heading)
            print(textwrap.indent(body, "    "))


async def _choose(guild: Any, ids: dict[str, str], state: GameState, rng: random.Random) -> None:
    """The living choose as players would (a random legal policy that knows their roles): votes
    with the vote post's select and its confirmation, other choices with /mafia act in the
    discussion (answered privately)."""
    voting, discussion = _channel(guild, "voting"), _channel(guild, "discussion")
    for choice in random_choices(state, rng):
        actor = choice.actor
        if state.is_team_key(actor):  # a team's choice, given by its don (or a member)
            team = [p for p in state.living() if p.faction == actor]
            if not team:
                continue
            actor = next((p.id for p in team if p.role == "don"), team[0].id)
        member = ids.get(actor)
        if member is None or choice.verb is Verb.SKIP or choice.target is None:
            continue
        if choice.verb is Verb.VOTE:
            await _vote(guild, voting, member, choice.target, state.number)
            continue
        options: dict[str, Any] = {"target": choice.target}
        if choice.gun is not None:
            options["gun"] = str(choice.gun)
        handle = await guild.member(member).run(
            "/mafia act", action=str(choice.verb), in_channel=discussion, **options
        )
        await handle.reply(within=10)


async def _vote(guild: Any, voting: Any, member: str, target: str, day: int) -> None:
    post = next(m for m in voting.messages if f"vote:1:{day}:0" in m.custom_ids)
    chosen = await guild.member(member).select(post, f"vote:1:{day}:0", [target])
    question = await chosen.reply(within=10)
    if f"voteok:1:{day}:{target}" in question.custom_ids:
        seen = {m.id for m in voting.messages}
        reply = await (
            await guild.member(member).click(question, f"voteok:1:{day}:{target}")
        ).reply(within=10)
        # A stored vote's public announcement (a follow-up) before the clock moves on: as a
        # player would see it, seconds after the click, not after the day's close. (A refused
        # one, e.g. a vote for oneself, is announced nowhere.)
        if reply.text.startswith(COUNTED):
            await voting.wait_for_message(
                lambda m: m.id not in seen and m.text.startswith(f"{member} "), within=10
            )


FAREWELL = {"ru": "Прощайте… увидимся в следующей партии.", "en": "Farewell… see you next game."}


async def _farewell(guild: Any, member: str) -> None:
    """A dead player's last word, in the morgue (R-SANCT-1: the only channel he may write in)."""
    morgue = _channel(guild, "morgue")
    lang = "ru" if morgue.name == "морг" else "en"
    member_handle = guild.member(member)
    if member_handle.can(P.SEND_MESSAGES, morgue):
        await member_handle.post(morgue, FAREWELL[lang])


def _channel(guild: Any, kind: str) -> Any:
    """The game's channel of ``kind`` by its name in either language."""
    names = {
        "voting": ("голосование", "voting"),
        "discussion": ("обсуждение", "discussion"),
        "morgue": ("морг", "morgue"),
    }
    return next(c for c in guild.channels if c.name in names[kind])


async def play(
    lang: str,
    players: int,
    seed: int,
    *,
    then: Callable[[Any, Any, Any], Awaitable[None]] | None = None,
) -> int:
    """The game, printed; ``then(emu, guild, bot)`` (tests.page_game) runs once it is over,
    before the bot stops, with nothing printed (``then`` given: a quiet game)."""
    rng = random.Random(seed)
    names = NAMES[lang][:players]
    locale = "ru" if lang == "ru" else "en-US"
    async with Emulator(interaction_deadline=30) as emu:
        guild = emu.make_guild(
            name="Mafia Club",
            locale=locale,
            roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
            members=[
                {"name": "host", "roles": ["Admins"], "locale": locale},
                *({"name": n, "locale": locale} for n in names),
            ],
            channels=["lobby"],
        )
        watcher = Watcher(emu, guild, lang) if then is None else Quiet(emu, guild, lang)
        with tempfile.TemporaryDirectory() as folder:
            settings = Settings(
                database_url=f"sqlite://{Path(folder) / 'demo.sqlite3'}", default_locale=lang
            )
            bot = create_bot(settings)
            runner = BotRunner(emu, bot)
            await runner.start()
            try:
                await _game(emu, guild, bot, watcher, names, rng)
                if then is not None:
                    await then(emu, guild, bot)
            finally:
                await runner.stop()
    return 0


class Quiet(Watcher):
    """A watcher that prints nothing (a game played for what it leaves, tests.page_game)."""

    def show(self) -> None:
        return


async def _game(
    emu: Any, guild: Any, bot: Any, watcher: Watcher, names: list[str], rng: random.Random
) -> None:
    host = guild.member("host")
    await (await host.run("/host create", mode="two-sided", timing="fast", title="Demo")).reply()
    for name in names:
        await (await guild.member(name).run("/mafia join", name=name)).reply()
    lobby = guild.channel("lobby")
    await lobby.wait_for_message(lambda m: f"{len(names)}. {names[-1]}" in m.text)
    watcher.show()
    await (await host.run("/host start")).reply(within=60)
    await delivered(bot)  # the day's thread, vote post and prompts: outbox rows
    watcher.show()
    ids = {str(guild.member(n).id): n for n in names}
    for _ in range(MAX_PHASES):
        state = (await in_bot(bot, load_state(1))).game_state()
        if state.outcome is not None:
            break
        await _choose(guild, ids, state, rng)
        watcher.show()
        minutes = 20 if state.phase is Phase.DAY else 10
        emu.clock.advance(timedelta(minutes=minutes, seconds=6))
        await bot.scheduler.next_round()
        await delivered(bot)  # everything the resolution stored is out
        after = (await in_bot(bot, load_state(1))).game_state()
        for player in state.living():  # the newly dead say goodbye where they still may
            if not after.get(player.id).alive:
                await _farewell(guild, ids[player.id])
        watcher.show()
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.demo", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--lang", choices=("ru", "en"), default="ru")
    parser.add_argument("--players", type=int, default=10, choices=range(5, 13), metavar="5..12")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    return asyncio.run(play(args.lang, args.players, args.seed))


if __name__ == "__main__":
    sys.exit(main())
