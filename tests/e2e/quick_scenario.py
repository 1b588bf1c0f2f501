"""The ``mode: chat`` scenarios played through Discord (issue 21): each file's players sign up
for a quick game on the emulator with the real bot, the deal is the file's (and the seed one
whose coins fall as the file imposes, C-NIGHT-4c), every choice is made as a player makes it
(``/mafia act`` and ``/mafia vote`` from his DMs, the vote post's skip, the confirmation's
buttons, ``/mafia leave``), each stage ends by the players' choices or the emulator's clock, and
every outcome is read from what Discord shows: the game channel's posts (deaths and their
roles, notices, the votes, the candidate, the win), each player's DMs (his card, what he
learned, the mistress's visit) and the answers to his commands (refusals).

    .venv/bin/python -m tests.e2e.quick_scenario --check ../shared/scenarios/chat/*.yaml
"""

from __future__ import annotations

import re
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

import yaml

from bot import create_bot
from cogs.quick import service
from engine.chat import ChatRole, ChatVerb
from engine.chat.coin import coin
from engine.chat.roles import FACTION_OF
from engine.chat.scenario import ChatScenario, choices_of, compare, parse
from engine.events import Refusal
from engine.roles import Phase
from locales import t
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.quickgame import quick_guild, register

LOCALE = "ru"
MENTION = r"<@(\d+)>"


def _pattern(key: str, **fixed: str) -> re.Pattern[str]:
    """A sentence of the catalogue as a regex, its ``who`` a captured mention."""
    text = t(LOCALE, key, who="\x00", **fixed)
    return re.compile(re.escape(text).replace("\x00", MENTION))


DEATHS = {
    c: _pattern(f"quick-died-{c}") for c in ("undisclosed", "vote", "kamikaze", "asleep", "leave")
}
ROLE_NAMES = {t(LOCALE, f"quick-role-{r.value}"): r for r in ChatRole}
NOTICES = {t(LOCALE, f"quick-notice-{c}"): c for c in (
    "werewolf_turned", "lucky_survived", "sergeant_promoted", "don_promoted", "fell_asleep",
    "took_along")}  # fmt: skip
REFUSALS = {t(LOCALE, f"refused-{r.value}"): r.value for r in Refusal}
SIDES = {t(LOCALE, f"quick-side-{s}"): s for s in ("town", "mafia", "maniac", "suicide", "none")}
BLOCKED = t(LOCALE, "quick-blocked")
ROLE_LINE = re.compile(
    re.escape(t(LOCALE, "quick-died-role", role="\x00")).replace("\x00", "(.+?)") + r"$"
)


def night_numbers(scn: ChatScenario) -> list[tuple[Phase, int]]:
    """Each step's phase and number, as engine.chat.scenario.run numbers them."""
    out, number, prev = [], scn.state.number, None
    for phase, _step, _expect in scn.steps:
        if prev is not None and (prev is phase or prev is Phase.DAY):
            number += 1
        out.append((phase, number))
        prev = phase
    return out


def seed_for(scn: ChatScenario, ids: dict[str, str], game_id: int) -> bytes:
    """A seed whose coins are those the file imposes (C-NIGHT-4c: the coin is the seed's)."""
    wanted = []
    for (phase, number), (_p, step, _e) in zip(night_numbers(scn), scn.steps, strict=True):
        for name, heads in choices_of(phase, step)[1].items():
            wanted.append((number, ids[name], heads))
    for n in range(1 << 16):
        seed = n.to_bytes(32, "big")
        if all(coin(seed, str(game_id), night, pid) is heads for night, pid, heads in wanted):
            return seed
    raise AssertionError("no seed gives the file's coins")


class Reader:
    """What the players have seen so far, read from Discord."""

    def __init__(self, guild: GuildHandle, names: list[str]) -> None:
        self.guild, self.names = guild, names
        self.by_id = {str(guild.member(n).id): n for n in names}
        self.roles: dict[str, str] = {}
        self.dead: set[str] = set()
        self.knows: dict[str, dict[str, Any]] = {n: {} for n in names}
        self.personal: set[str] = set()
        self.winner = "none"
        self.seen_posts = 0
        self.seen_dms = dict.fromkeys(names, 0)

    def cards(self) -> None:
        for name in self.names:
            for m in self.guild.member(name).dms:
                found = re.search(r"\*\*(.+?)\*\*", m.text)
                if (
                    m.text.startswith(
                        t(LOCALE, "quick-card", role="\x00", about="").split("\x00")[0]
                    )
                    and found
                ):
                    self.roles[name] = ROLE_NAMES[found.group(1)].value

    def step(self, phase: Phase, number: int, refused: dict[str, str]) -> dict[str, Any]:
        posts = [m.text for m in self.guild.channel("game").messages[self.seen_posts :]]
        self.seen_posts = len(self.guild.channel("game").messages)
        died, hanged, public, votes = [], [], set(), {}
        candidate = "none"
        for line in (line for post in posts for line in post.splitlines()):
            for cause, pattern in DEATHS.items():
                found = pattern.search(line)
                if found:
                    name = self.by_id[found.group(1)]
                    died.append(name)
                    hanged += [name] if cause == "vote" else []
                    role = ROLE_LINE.search(line)
                    if role:
                        self.roles[name] = ROLE_NAMES[role.group(1)].value
            public |= {code for text, code in NOTICES.items() if text in line}
            votes, candidate = self._votes(line, votes, candidate)
            self._end(line)
        blocked = self._dms()
        self.dead |= set(died)
        return {
            "phase": phase.value, "number": number, "died": sorted(died), "left": sorted(hanged),
            "autokilled": [], "alive": sorted(n for n in self.names if n not in self.dead),
            "roles": dict(self.roles),
            "factions": {n: FACTION_OF[ChatRole(r)].value for n, r in self.roles.items()},
            "votes": votes, "public": sorted(public), "knows": self.knows, "refused": refused,
            "winner": self.winner, "candidate": candidate, "hanged": sorted(hanged),
            "blocked": sorted(blocked), "personal_wins": sorted(self.personal),
        }  # fmt: skip

    def _votes(
        self, line: str, votes: dict[str, int], candidate: str
    ) -> tuple[dict[str, int], str]:
        head = t(LOCALE, "quick-vote-counted", counts="\x00").split("\x00")[0]
        if line.startswith(head):
            for part in line[len(head) :].split(", "):
                target, _, n = part.rpartition(" — ")
                mention = re.search(MENTION, target)
                if mention:
                    votes[self.by_id[mention.group(1)]] = int(n)
        skips = re.search(r"\((?:воздержались): (\d+)\)", line)
        if skips and int(skips.group(1)):
            votes["skip"] = int(skips.group(1))
        said = re.match(re.escape(t(LOCALE, "quick-candidate", who="\x00", skips="\x01")
                                  .split("\x00")[0]) + MENTION, line)  # fmt: skip
        if said:
            candidate = self.by_id[said.group(1)]
        return votes, candidate

    def _end(self, line: str) -> None:
        won = t(LOCALE, "quick-won", sides="\x00").split("\x00")[0]
        if line.startswith(won):
            self.winner = SIDES.get(line[len(won) :].rstrip("."), "none")
        elif line == t(LOCALE, "quick-won-draw"):
            self.winner = "draw"
        personal = _pattern("quick-personal-win").search(line)
        if personal:
            self.personal.add(self.by_id[personal.group(1)])

    def _dms(self) -> set[str]:
        blocked = set()
        learned = re.compile(MENTION + r": (.+)\.$")
        visitors = re.compile(re.escape(t(LOCALE, "quick-visitors", target="\x00", seen="\x01"))
                              .replace("\x00", MENTION).replace("\x01", "(.*)") + "$")  # fmt: skip
        for name in self.names:
            dms = self.guild.member(name).dms
            for m in dms[self.seen_dms[name] :]:
                for line in m.text.splitlines():
                    if line == BLOCKED:
                        blocked.add(name)
                    found = learned.match(line)
                    if found and found.group(2) in ROLE_NAMES:
                        self.knows[name][self.by_id[found.group(1)]] = ROLE_NAMES[
                            found.group(2)
                        ].value
                    seen = visitors.match(line)
                    if seen:
                        who = sorted(self.by_id[v] for v in re.findall(MENTION, seen.group(2)))
                        self.knows[name][self.by_id[seen.group(1)]] = {"visitors": who}
                    became = re.match(
                        re.escape(t(LOCALE, "quick-became", role="\x00")).replace("\x00", r"(.+)")
                        + "$",
                        line,
                    )
                    if became:
                        self.roles[name] = ROLE_NAMES[became.group(1).strip("*")].value
            self.seen_dms[name] = len(dms)
        return blocked


class Player:
    """Plays a file's step as the players do, on Discord."""

    def __init__(self, emu: Any, guild: GuildHandle, bot: Any, game: int, names: list[str]) -> None:
        self.emu, self.guild, self.bot, self.game = emu, guild, bot, game
        self.ids = {n: str(guild.member(n).id) for n in names}
        self.refused: dict[str, str] = {}

    def _target(self, name: str | None) -> str | None:
        return None if name is None else self.ids.get(name, name)

    async def _answer(self, actor: str, handle: Any) -> None:
        text = (await handle.reply(within=10)).text
        code = REFUSALS.get(text)
        if code is not None:
            self.refused.setdefault(actor, code)

    async def act(self, actor: str, verb: str, target: str | None) -> None:
        member = self.guild.member(actor)
        options = {"action": verb} | ({"target": target} if target is not None else {})
        await self._answer(actor, await member.run("/mafia act", in_dm=True, **options))

    async def stage(self) -> Any:
        return await in_bot(self.bot, service.quick_state(self.game))

    async def ends(self, stage: str, seconds: int) -> None:
        """Past the stage's end by the clock, unless it ended already."""
        qs = await self.stage()
        if qs.stage != stage:
            return
        self.emu.clock.advance(timedelta(seconds=seconds + 2))
        for _ in range(50):
            await self.bot.quick_scheduler.next_round()
            if (await self.stage()).round != qs.round:
                break
        await delivered(self.bot)

    async def night(self, step: dict[str, Any]) -> None:
        for choice in choices_of(Phase.NIGHT, step)[0]:
            if (await self.stage()).stage != "night":
                break
            await self.act(choice.actor, choice.verb.value, self._target(choice.target))
        await delivered(self.bot)
        await self.ends("night", 60)

    async def day(self, step: dict[str, Any]) -> None:
        await self.ends("discussion", 60)
        choices = choices_of(Phase.DAY, step)[0]
        for c in [c for c in choices if c.verb is ChatVerb.VOTE]:
            await self._vote(c.actor, c.target)
        await delivered(self.bot)
        await self.ends("vote", 45)
        if (await self.stage()).stage == "confirm":
            for c in [c for c in choices if c.verb in (ChatVerb.UP, ChatVerb.DOWN)]:
                await self._press(c.actor, c.verb.value)
            await delivered(self.bot)
            await self.ends("confirm", 30)
        if (await self.stage()).stage == "take":
            for c in [c for c in choices if c.verb is ChatVerb.TAKE]:
                await self.act(c.actor, "take", self._target(c.target))
            await delivered(self.bot)
            await self.ends("take", 30)

    def _post(self, kind: str) -> Any:
        for message in reversed(self.guild.channel("game").messages):
            for cid in message.custom_ids:
                if cid.startswith(f"qk:{kind}:{self.game}:"):
                    return message, cid
        raise AssertionError(f"no {kind} post")

    async def _vote(self, voter: str, target: str | None) -> None:
        member = self.guild.member(voter)
        if target is None:  # the vote post's skip
            post, cid = self._post("c")
            rnd = cid.split(":")[3]
            await self._answer(voter, await member.click(post, f"qk:novote:{self.game}:{rnd}"))
            return
        channel = self.guild.channel("game")
        await self._answer(voter, await member.run("/mafia vote", target=self._target(target),
                                                   in_channel=channel))  # fmt: skip

    async def _press(self, voter: str, verb: str) -> None:
        post, cid = self._post("up")
        rnd = cid.split(":")[3]
        await self._answer(
            voter, await self.guild.member(voter).click(post, f"qk:{verb}:{self.game}:{rnd}")
        )

    async def leaves(self, step: dict[str, Any]) -> None:
        for name in step.get("leaves") or []:
            handle = await self.guild.member(str(name)).run(
                "/mafia leave", in_channel=self.guild.channel("game")
            )
            await handle.reply(within=10)
        await delivered(self.bot)


async def play(emu: Any, data: dict[str, Any], database_url: str) -> list[str]:
    """Play one loaded file through Discord; its differences from ``expect`` ([]: it passes)."""
    scn = parse(data)
    names = [p.id for p in scn.state.players]
    guild = quick_guild(emu, names)
    diffs: list[str] = []
    async with run_bot(emu, create_bot(Settings(database_url=database_url))) as runner:
        bot = runner.bot
        post = await register(guild, names)
        game = int(post.custom_ids[0].split(":")[2])
        ids = {n: str(guild.member(n).id) for n in names}
        roles = [p.role for p in scn.state.players]
        await in_bot(bot, service.start(game, deal=roles, seed=seed_for(scn, ids, game)))
        bot.quick_scheduler.wake()
        await delivered(bot)
        reader, player = Reader(guild, names), Player(emu, guild, bot, game, names)
        reader.cards()
        for (phase, number), (_p, step, expect) in zip(night_numbers(scn), scn.steps, strict=True):
            player.refused = {}
            await player.leaves(step)
            if (await player.stage()).stage != "over":
                await (player.night(step) if phase is Phase.NIGHT else player.day(step))
            got = reader.step(phase, number, player.refused)
            diffs += [f"step {phase.value} {number}: {d}" for d in compare(expect, got)]
    return diffs


def load(path: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    return data


async def check_file(emu: Any, path: str, database_url: str) -> list[str]:
    return await play(emu, load(path), database_url)


async def check_path(path: str) -> list[str]:
    """One file on a fresh emulator: its differences, and the emulator's problems if any."""
    from tests.emulator.server import Emulator

    async with Emulator(interaction_deadline=30) as emu:
        with tempfile.TemporaryDirectory() as folder:
            try:
                diffs = await check_file(emu, path, f"sqlite://{Path(folder) / 'q.sqlite3'}")
            except Exception as exc:  # never a traceback (FORMAT.md)
                diffs = [f"error: {type(exc).__name__}: {exc}"]
        problems = list(emu.problems)
    return diffs + [f"the Discord emulator recorded: {p}" for p in problems]


def is_chat(path: str) -> bool:
    try:
        return load(path).get("mode") == "chat"
    except (OSError, yaml.YAMLError, AttributeError):
        return False


def main(argv: list[str] | None = None) -> int:
    import argparse
    import asyncio

    parser = argparse.ArgumentParser(prog="python -m tests.e2e.quick_scenario")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args(argv)

    async def run() -> int:
        failed = 0
        for path in args.files:
            diffs = await check_path(path)
            print(("FAIL " if diffs else "ok   ") + Path(path).name)
            for d in diffs:
                print("    " + d)
            failed += bool(diffs)
        print(f"{len(args.files) - failed}/{len(args.files)} passed through Discord")
        return 1 if failed else 0

    return asyncio.run(run())


if __name__ == "__main__":
    import sys

    sys.exit(main())
