"""The scenario runner of ``shared/scenarios/FORMAT.md``, over Discord (issue 11).

    python -m tests.e2e.scenario FILE.yaml [FILE.yaml ...]          # one JSON line per file
    python -m tests.e2e.scenario --check FILE.yaml [FILE.yaml ...]  # compare with ``expect``
    python -m tests.e2e.scenario --timings ...                      # also: seconds per step, on stderr
    python -m tests.e2e.scenario --lang=en ...                      # the bot speaking English

The same contract as ``python -m engine.scenario`` (whose file parsing, choice reading and
expected-vs-actual comparison it reuses), but each file is played as a real game: an emulated
Discord server with one member per player (named as in the file), the real bot in this process,
a fast game of the file's mode, signup by ``/mafia join``, the file's deal imposed through the
start's test-only path (``cogs.game.start.start(deal=...)``, with ``start`` and ``options``),
then the rest of what ``/host start`` does (the game's channels and roles, the role cards, the
vote post). Each step is played as users play it — ``/mafia act`` by the actor (a team's choice by its don,
else by a living member; a hobo order by the taker), ``/mafia vote`` by each voter — and then
the phase's deadline is passed on the emulator's clock. The outcome is read only from what
Discord shows (see :mod:`tests.e2e.reading`): deaths, votes, notices and the winner from the
results posts in the game's announcements (who is alive checked against who holds the game's
role for the living), an autokill also from the player's DM, roles and sides from each
player's role card and DMs and from the host's channel (which also shows a change the player
was not told of, R-NIGHT-5c), from the reveal once the game is over; what a player knows from
his card and DMs, refusals from the ephemeral answers and refusal DMs.

Two things of a file cannot be played on Discord as written, and are played as users would:
- a day without ``votes`` ("the vote is not held"): the bot always holds the day's vote, so the
  living vote in a ring (each for the next in signup order), a tie in which nobody leaves
  (R-VOTE-7); that day's ``votes`` outcome is the ring's count the results post shows;
- two steps of the same phase in a row (the engine's runner replaces the phase): a file error.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from engine.choices import Choice, Verb
from engine.clock import DurationSchedule
from engine.roles import Phase
from engine.scenario import Scenario, ScenarioError, choices_of, compare, parse, read
from engine.state import TEAM_KEYS
from locales import t
from tests.botdb import delivered
from tests.e2e import quick_scenario
from tests.e2e.reading import Catalogue
from tests.gamesetup import vote_said

__all__ = ["Replay", "check_outcomes", "check_text", "main", "play"]

#: The bot's language (the guild never chose one) → the members' Discord locale.
LANGUAGES = {"ru": "ru", "en": "en-US"}


@dataclass
class Replay:
    """One file's game on the emulator: the members, and what each has been shown so far."""

    emu: Any
    bot: Any
    guild: Any
    scn: Scenario
    names: list[str]  # the players, in signup order
    catalogue: Catalogue
    alive: set[str] = field(default_factory=set)
    roles: dict[str, str] = field(default_factory=dict)
    factions: dict[str, str] = field(default_factory=dict)
    knows: dict[str, dict[str, str]] = field(default_factory=dict)
    zombie_head: str | None = None
    spans: dict[Phase, timedelta] = field(default_factory=dict)  # the fast game's phase lengths
    winner: str = "none"
    step_seconds: list[float] = field(default_factory=list)
    results: Any = None  # the game's announcements channel (the emulator's)
    host_log: Any = None  # the game's host channel: every event, role changes untold included
    alive_role: str = ""  # the name of the game's role for the living

    def member(self, name: str) -> Any:
        return self.guild.member(name)

    def pid(self, name: str | None) -> str | None:
        """The option value that names ``name`` (the autocomplete's value: the member's id); a
        name not in the table is passed as typed, and the bot refuses it."""
        if name is None:
            return None
        return str(self.member(name).id) if name in self.names else name


async def play(
    emu: Any, text: str, database_url: str, *, language: str = "ru"
) -> tuple[Scenario, list[dict[str, Any]], list[float]]:
    """Play ``text`` on ``emu`` with the bot speaking ``language`` (``ru`` or ``en``): the
    scenario and one outcome per step, and each step's seconds. Raises ``ScenarioError`` for a
    file that cannot be run (one clear line)."""
    from bot import create_bot
    from db.guild_settings import default_language, set_default_language
    from locales import default_locale, set_default_locale
    from settings import Settings
    from tests.emulator.botrunner import run_bot

    scn = parse(text)
    _check_sequence(scn)
    if language not in LANGUAGES:
        raise ScenarioError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})")
    saved = default_locale(), default_language()  # a bot sets them for the whole process
    bot = create_bot(Settings(database_url=database_url, default_locale=language))
    try:
        async with run_bot(emu, bot):
            game = await _set_up(emu, bot, scn, language)
            outcomes: list[dict[str, Any]] = []
            number = scn.state.number
            prev: Phase | None = None
            for i, (phase, step, _expect) in enumerate(scn.steps, 1):
                if prev is Phase.NIGHT:
                    number += 1
                if game.winner != "none":
                    raise ScenarioError(f"step {i} ({phase} {number}): the game is over")
                started = time.perf_counter()
                outcomes.append(await _step(game, i, phase, number, step))
                game.step_seconds.append(time.perf_counter() - started)
                prev = phase
    finally:
        set_default_locale(saved[0])
        set_default_language(saved[1])
    return scn, outcomes, game.step_seconds


def _check_sequence(scn: Scenario) -> None:
    prev: Phase | None = None
    for i, (phase, _step, _expect) in enumerate(scn.steps, 1):
        if phase is prev:
            raise ScenarioError(
                f"step {i}: two {phase}s in a row cannot be played on Discord (a {phase} "
                f"is always followed by a {'day' if phase is Phase.NIGHT else 'night'})"
            )
        prev = phase


async def _set_up(emu: Any, bot: Any, scn: Scenario, language: str) -> Replay:
    from cogs.game import start as start_service
    from cogs.game.begin import begin
    from cogs.game.lobby import lobby_in
    from cogs.game.server import load_game_channels
    from cogs.game.server.objects import ANNOUNCEMENTS, HOST_CHANNEL
    from tests.botdb import in_bot
    from tests.emulator import permissions as P

    players = sorted(scn.state.players, key=lambda p: p.order)
    names = [p.id for p in players]
    actors = {a for _phase, step, _e in scn.steps for a in _actors(step)}
    strangers = sorted(actors - set(names) - TEAM_KEYS)  # named in a step, not in the table
    host = next(h for h in ("host", "scenario-host", "the-host") if h not in actors | set(names))
    guild = emu.make_guild(
        roles=[{"name": "Hosts", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": host, "roles": ["Hosts"], "locale": LANGUAGES[language]},
            *({"name": n, "locale": LANGUAGES[language]} for n in [*names, *strangers]),
        ],
        channels=["game"],
        owner=host,
    )
    game = Replay(emu, bot, guild, scn, names, Catalogue(language, names))
    await _ok(guild.member(host), "/host create", mode=scn.state.mode.value, timing="fast")
    for name in names:
        await _ok(guild.member(name), "/mafia join", name=name)
    lobby = await in_bot(bot, lobby_in(guild.id, None))
    ids = {name: str(guild.member(name).id) for name in names}
    started = await in_bot(
        bot,
        start_service.start(
            lobby.id,
            guild.member(host).id,
            by_is_server_host=True,
            deal=[(ids[p.id], f"{p.role.value}@{p.faction.value}") for p in players],
            multifunctional_child=scn.state.multifunctional_child,
            number=scn.state.number,
            phase=scn.state.phase,
            dead=[ids[p.id] for p in players if not p.alive],
            on_server=True,
        ),
    )
    # What /host start does next (cogs.game.begin): the game's channels and roles, day 1's
    # deadline to the scheduler, the role cards, the vote post.
    begin(bot)
    await delivered(bot)  # the start's effects are outbox rows (cogs.game.start_effects)
    channels = await in_bot(bot, load_game_channels(started.game.id))
    if channels is None:
        raise ScenarioError("the game got no channels of its own")
    world = emu.world.guilds[guild.id]
    game.results = world.channels[channels.by_kind()[ANNOUNCEMENTS]]
    game.host_log = world.channels[channels.by_kind()[HOST_CHANNEL]]
    game.alive_role = world.roles[channels.roles.alive].name
    schedule = start_service.schedule_of(started.game)
    assert isinstance(schedule, DurationSchedule), "a fast game"
    game.spans = {Phase.DAY: max(schedule.vote, schedule.day_choice), Phase.NIGHT: schedule.night}
    game.alive = {p.id for p in players if p.alive}  # the setup, not an outcome
    for name in names:
        game.knows[name] = {}
        for dm in game.member(name).dms:
            _read_card(game, name, dm.text)
        if name not in game.roles:
            raise ScenarioError(f"{name} got no readable role card")
    await delivered(bot)
    _read_host_deal(game)
    return game


def _read_host_deal(game: Replay) -> None:
    """The deal as the host's channel shows it: the child's own card says citizen (R-ROLE-3),
    so the host's channel is where Discord names it."""
    title = f"**{t(game.catalogue.locale, 'host-deal-title')}**"
    posts = [m.content for m in game.host_log.messages if m.content.startswith(title)]
    if not posts:
        raise ScenarioError("the host's channel got no deal")
    for line in "\n".join(posts).splitlines()[1:]:
        found = game.catalogue.reveal_line(line)
        if found is not None:
            name, role, faction = found
            game.roles[name], game.factions[name] = role, faction


def _read_card(game: Replay, name: str, text: str) -> None:
    role, faction, mates, heads_the_horde = game.catalogue.card(text)
    if heads_the_horde:
        game.zombie_head = name
    if role is not None:
        game.roles[name] = role
    if faction is not None:
        game.factions[name] = faction
    for mate, mate_role in mates:
        game.knows[name][mate] = mate_role


def _actors(step: dict[str, Any]) -> list[str]:
    out = [str(a) for a in step if a != "votes"]
    votes = step.get("votes")
    if isinstance(votes, dict):
        out += [str(v) for v in votes]
    return out


async def _ok(member: Any, command: str, **options: Any) -> str:
    reply = await (await member.run(command, **options)).reply()
    return str(reply.text)


@dataclass
class _StepLog:
    refused: dict[str, str] = field(default_factory=dict)
    proxies: dict[str, str] = field(default_factory=dict)  # member → the team he chose for
    own: set[str] = field(default_factory=set)  # members who also chose for themselves
    autokilled: set[str] = field(default_factory=set)  # told so by DM


async def _step(
    game: Replay, i: int, phase: Phase, number: int, step: dict[str, Any]
) -> dict[str, Any]:
    choices, held = choices_of(phase, step)
    if phase is Phase.DAY and not held:
        choices = _ring(game)
    log = _StepLog()
    for choice in choices:
        await _play(game, i, choice, log)
    channel = game.results
    seen_posts = len(channel.messages)
    seen_log = len(game.host_log.messages)
    seen_dms = {name: len(game.member(name).dms) for name in game.names}
    await _pass_deadline(game, phase)
    posts = [m.content for m in channel.messages[seen_posts:] if not m.deleted]
    if not posts:
        raise ScenarioError(f"step {i} ({phase} {number}): no results post after the deadline")
    outcome = _read_posts(game, phase, number, posts)
    if game.winner == "none":  # the host sees role changes the player was not told of
        for post in game.host_log.messages[seen_log:]:
            for line in post.content.splitlines():
                changed = game.catalogue.host_role_changed.get(line.removeprefix("• "))
                if changed is not None:
                    name, role, faction = changed
                    game.roles[name], game.factions[name] = role, faction
    for name in game.names:
        for dm in game.member(name).dms[seen_dms[name] :]:
            _read_dm(game, name, dm.text, log)
    # A night autokill (the vampire's skip) is a death in public; the player is told (R-VOTE-4).
    outcome["autokilled"] = sorted({*outcome["autokilled"], *log.autokilled})
    outcome.update(
        roles={n: game.roles[n] for n in sorted(game.names)},
        factions={n: game.factions[n] for n in sorted(game.names)},
        knows={n: dict(sorted(game.knows[n].items())) for n in sorted(game.names)},
        refused=dict(sorted(log.refused.items())),
    )
    return {key: outcome[key] for key in _KEYS}


_KEYS = (
    "phase", "number", "died", "left", "autokilled", "alive", "roles", "factions", "votes",
    "public", "knows", "refused", "winner",
)  # fmt: skip


def _ring(game: Replay) -> list[Choice]:
    """A day the file holds no vote on: the living vote in a ring, a tie (nobody leaves)."""
    living = [n for n in game.names if n in game.alive]
    if len(living) < 2:
        return []
    return [Choice(a, Verb.VOTE, living[(k + 1) % len(living)]) for k, a in enumerate(living)]


def _speaker(game: Replay, team: str) -> str | None:
    """Who gives a team's choice: its don (R-NIGHT-1: his is final), the head zombie, else the
    first living member in signup order; None when the team has nobody."""
    members = [n for n in game.names if game.factions.get(n) == team]
    living = [n for n in members if n in game.alive]
    for n in living:
        if game.roles.get(n) == "don" or n == game.zombie_head:
            return n
    return next(iter(living or members), None)


async def _play(game: Replay, i: int, choice: Choice, log: _StepLog) -> None:
    actor = who = choice.actor
    if actor in TEAM_KEYS:
        speaker = _speaker(game, actor)
        if speaker is None:
            raise ScenarioError(f"step {i}: the {actor} team has no member to give its choice")
        who, log.proxies[speaker] = speaker, actor
    else:
        log.own.add(actor)
    member = game.member(who)
    if choice.verb is Verb.VOTE:
        handle = await member.run("/mafia vote", target=game.pid(choice.target))
    else:
        options: dict[str, Any] = {"action": choice.verb.value}
        if choice.target is not None:
            options["target"] = game.pid(choice.target)
        if choice.gun is not None:
            options["gun"] = choice.gun.value
        handle = await member.run("/mafia act", **options)
    reply = await (vote_said(handle) if choice.verb is Verb.VOTE else handle.reply())
    code = game.catalogue.refusal(reply.text)
    if code is not None:
        log.refused.setdefault(actor, code)
    elif not _accepted(choice, reply, game.catalogue.locale):
        raise ScenarioError(f"step {i}: {actor}'s {choice.verb}: the bot answered {reply.text!r}")


def _accepted(choice: Choice, reply: Any, locale: str) -> bool:
    """A vote is accepted with a public answer; a choice with the ephemeral "recorded"."""

    if choice.verb is Verb.VOTE:
        return not reply.ephemeral
    recorded = t(locale, "act-recorded", verb="\x00", target="").partition("\x00")[0]
    return bool(reply.ephemeral) and str(reply.text).startswith(recorded)


async def _pass_deadline(game: Replay, phase: Phase) -> None:
    """Move the clock past the phase's close (and the scheduler's grace); wait for the
    resolution and for the outbox to deliver what it said."""
    from cogs.game.scheduler import GRACE_SECONDS

    bot = game.bot
    game.emu.clock.advance(game.spans[phase] + timedelta(seconds=GRACE_SECONDS + 1))
    await bot.scheduler.next_round()
    bot.outbox.wake()
    await bot.outbox.next_round()


def _read_posts(game: Replay, phase: Phase, number: int, posts: Sequence[str]) -> dict[str, Any]:
    cat = game.catalogue
    died: set[str] = set()
    left: set[str] = set()
    autokilled: set[str] = set()
    public: set[str] = set()
    votes: dict[str, int] = {}
    in_reveal = False
    for post in posts:
        for line in post.splitlines():
            if line == cat.reveal_title:
                in_reveal = True
                continue
            if in_reveal:
                found = cat.reveal_line(line)
                if found is not None:
                    name, role, faction = found
                    game.roles[name], game.factions[name] = role, faction
                continue
            reading = cat.post_line(line)
            if reading is None:
                continue
            kind, parts = reading.kind, reading.parts
            if kind in ("died", "left", "left-autokilled", "autokilled"):
                died.add(parts[0])
            if kind in ("left", "left-autokilled"):
                left.add(parts[0])
            if kind in ("autokilled", "left-autokilled"):
                autokilled.add(parts[0])
            if kind == "notice":
                public.add(parts[0])
            if kind == "tally":
                votes = {parts[k]: int(parts[k + 1]) for k in range(0, len(parts), 2)}
            if kind == "won":
                game.winner = parts[0]
    game.alive -= died
    if game.winner == "none":  # while the game runs, the living hold its role for the living
        holding = {n for n in game.names if game.alive_role in game.member(n).roles}
        if holding != game.alive:
            raise ScenarioError(
                f"{phase} {number}: the results say {sorted(game.alive)} live, but the role "
                f"for the living is held by {sorted(holding)}"
            )
    return {
        "phase": phase.value,
        "number": number,
        "died": sorted(died),
        "left": sorted(left),
        "autokilled": sorted(autokilled),
        "alive": sorted(game.alive),
        "votes": dict(sorted(votes.items())),
        "public": sorted(public),
        "winner": game.winner,
    }


def _read_dm(game: Replay, name: str, text: str, log: _StepLog) -> None:
    cat = game.catalogue
    code = cat.refusal(text)
    if code is not None:
        actor = log.proxies[name] if name in log.proxies and name not in log.own else name
        log.refused.setdefault(actor, code)
        return
    learned = cat.learned.get(text)
    if learned is not None:
        about, what = learned
        game.knows[name][about] = what
        return
    changed = cat.role_changed.get(text)
    if changed is not None:
        game.roles[name], game.factions[name] = changed
        return

    if text == t(cat.locale, "event-you-autokilled"):
        log.autokilled.add(name)
    if text == t(cat.locale, "event-zombie-head"):
        game.zombie_head = name
    _read_card(game, name, text)


# --- the command line (FORMAT.md's contract) ------------------------------------------------


async def _run_file(
    name: str, language: str
) -> tuple[dict[str, Any] | None, Scenario | None, str | None, list[float]]:
    """(outcomes line, scenario, error, step seconds) of one file, on a fresh emulator."""
    from tests.emulator.server import Emulator

    try:
        text = read(name)
        parse(text)  # a file error before any server is made
    except ScenarioError as exc:
        return None, None, str(exc), []
    emu = Emulator(interaction_deadline=2.5)
    await emu.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite://{Path(tmp) / 'game.sqlite3'}"
            scn, outcomes, seconds = await play(emu, text, url, language=language)
    except ScenarioError as exc:
        return None, None, str(exc), []
    except Exception as exc:  # never a traceback (FORMAT.md)
        return None, None, f"{type(exc).__name__}: {exc}", []
    finally:
        await emu.close()
    if emu.problems:
        return None, None, "the Discord emulator recorded problems: " + "; ".join(emu.problems), []
    return {"file": name, "steps": outcomes}, scn, None, seconds


def check_outcomes(scn: Scenario, outcomes: list[dict[str, Any]]) -> list[str]:
    """Differences with each step's ``expect`` (engine.scenario.compare), as the engine's
    runner words them."""
    diffs: list[str] = []
    for (_phase, _step, expect), got in zip(scn.steps, outcomes, strict=True):
        diffs += [f"step {got['phase']} {got['number']}: {d}" for d in compare(expect, got)]
    return diffs


async def check_text(emu: Any, text: str, database_url: str, *, language: str = "ru") -> list[str]:
    """``--check`` for one file's text on ``emu``: [] when every step matches."""
    try:
        scn, outcomes, _ = await play(emu, text, database_url, language=language)
    except ScenarioError as exc:
        return [f"error: {exc}"]
    return check_outcomes(scn, outcomes)


async def _main(files: list[str], checking: bool, timings: bool, language: str) -> int:
    status = 0
    for name in files:
        started = time.perf_counter()
        if quick_scenario.is_chat(name):  # CHAT-GAME.md section 8: the quick game's runner
            diffs = await quick_scenario.check_path(name)
            for d in diffs or ["ok"]:
                print(f"{name}: {d}", flush=True)
            status = 1 if diffs else status
            continue
        line, scn, error, seconds = await _run_file(name, language)
        if checking:
            diffs = [f"error: {error}"] if error else check_outcomes(scn, line["steps"])  # type: ignore[arg-type,index]
            for d in diffs or ["ok"]:
                print(f"{name}: {d}", flush=True)
        else:
            out = line if error is None else {"file": name, "error": error}
            diffs = [error] if error else []
            print(json.dumps(out, ensure_ascii=False), flush=True)
        if timings:
            per = ", ".join(f"{s:.3f}" for s in seconds)
            print(f"{name}: {time.perf_counter() - started:.2f} s; steps: {per}", file=sys.stderr)
        status = 1 if diffs else status
    return status


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    flags = {"--check", "--timings", *(f"--lang={lang}" for lang in LANGUAGES)}
    files = [a for a in args if a not in flags]
    if not files or any(a.startswith("--") for a in files):
        print(
            "usage: python -m tests.e2e.scenario [--check] [--timings] [--lang=ru|en] "
            "FILE.yaml [FILE.yaml ...]",
            file=sys.stderr,
        )
        return 2
    language = next((a.partition("=")[2] for a in args if a.startswith("--lang=")), "ru")
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8")
    return asyncio.run(_main(files, "--check" in args, "--timings" in args, language))


if __name__ == "__main__":
    import logging

    logging.basicConfig(level=logging.CRITICAL)  # the bot's own logs are not the output
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 1
    sys.exit(code)
