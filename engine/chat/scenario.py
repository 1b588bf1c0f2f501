"""The scenario runner for ``mode: chat`` (FORMAT.md with CHAT-GAME.md section 8's
differences). ``python -m engine.scenario`` dispatches a chat file here; the file reading, the
YAML loader and the error conventions are the core runner's."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.chat.choices import ChatChoice
from engine.chat.day import resolve_day
from engine.chat.events import Blocked, Candidate
from engine.chat.leave import leave
from engine.chat.night import resolve_night
from engine.chat.roles import FACTION_OF, ChatRole, ChatVerb
from engine.chat.state import ChatOptions, ChatState, new_game
from engine.errors import EngineError
from engine.events import Died, Notice, Refused, VoteCounted
from engine.roles import Phase
from engine.scenario_file import ScenarioError, compare_outcome, mapping, normalised, start
from engine.scenario_file import target as one_player

KEYS = (
    "phase", "number", "died", "left", "autokilled", "alive", "roles", "factions", "votes",
    "public", "knows", "refused", "winner", "candidate", "hanged", "blocked", "personal_wins",
)  # fmt: skip
_SET_KEYS = {"died", "left", "autokilled", "alive", "public", "hanged", "blocked", "personal_wins"}
_NIGHT_VERBS = {"check", "shoot", "heal", "visit", "protect", "inspect", "kill", "skip"}
_DAY_VERBS = {"take"}
RESERVED = {"votes", "confirm", "lucky", "leaves", "skip"}
OPTIONS = {"roles_public", "secret_vote"}
_COIN = {"heads": True, "tails": False}
_PRESS = {"up": ChatVerb.UP, "down": ChatVerb.DOWN}


@dataclass
class ChatScenario:
    title: str
    state: ChatState
    steps: list[tuple[Phase, dict[str, Any], dict[str, Any]]]


def _deal(data: dict[str, Any]) -> list[tuple[str, ChatRole]]:
    players = mapping(data.get("players"), "players")
    if not players:
        raise ScenarioError("no players")
    deal = []
    for name, spec in players.items():
        if name in RESERVED:
            raise ScenarioError(f"player name {name!r} is reserved (a step key)")
        role, _, faction = str(spec).partition("@")
        if role not in ChatRole.__members__.values():
            raise ScenarioError(f"unknown role {role!r} for player {name!r}")
        if faction and faction != FACTION_OF[ChatRole(role)]:
            raise ScenarioError(
                f"player {name!r}: a {role} is of the side {FACTION_OF[ChatRole(role)]}"
            )
        deal.append((name, ChatRole(role)))
    return deal


def _options(data: dict[str, Any]) -> ChatOptions:
    options = mapping(data.get("options"), "options")
    for key, value in options.items():
        if key not in OPTIONS or not isinstance(value, bool):
            raise ScenarioError(f"option {key!r}: known are {sorted(OPTIONS)}, true or false")
    return ChatOptions(options.get("roles_public", True), options.get("secret_vote", False))


def _steps(data: dict[str, Any]) -> list[tuple[Phase, dict[str, Any], dict[str, Any]]]:
    raw_steps = data.get("steps") or []
    if not isinstance(raw_steps, list):
        raise ScenarioError("steps must be a list")
    steps = []
    for i, raw in enumerate(raw_steps, 1):
        raw = mapping(raw, f"step {i}", required=True)
        kinds = [k for k in ("night", "day") if k in raw]
        if len(kinds) != 1:
            raise ScenarioError(f"step {i} must have exactly one of night, day")
        body = mapping(raw[kinds[0]], f"step {i} {kinds[0]}")
        steps.append((Phase(kinds[0]), body, mapping(raw.get("expect"), f"step {i} expect")))
    return steps


def parse(data: dict[str, Any]) -> ChatScenario:
    """A loaded chat file (``engine.scenario`` reads the YAML)."""
    deal = _deal(data)
    number, dead = start(data, {name for name, _ in deal})
    steps = _steps(data)
    phase = steps[0][0] if steps else Phase.NIGHT
    try:
        state = new_game(deal, options=_options(data), dead=dead, number=number, phase=phase)
    except EngineError as exc:
        raise ScenarioError(str(exc)) from None
    return ChatScenario(str(data.get("title", "")), state, steps)


def _actor_choices(actor: str, given: Any) -> list[ChatChoice]:
    out = []
    for verb, arg in mapping(given, f"choices of {actor}").items():
        if verb not in _NIGHT_VERBS | _DAY_VERBS:
            raise ScenarioError(f"unknown verb {verb!r} for {actor!r}")
        if verb == "skip":
            if not isinstance(arg, bool):
                raise ScenarioError(f"{actor}'s skip must be true or false")
            if arg:
                out.append(ChatChoice(actor, ChatVerb.SKIP))
        else:
            out.append(ChatChoice(actor, ChatVerb(verb), one_player(arg, f"{actor}'s {verb}")))
    return out


def _day_choices(step: dict[str, Any]) -> list[ChatChoice]:
    out = []
    for voter, target in mapping(step.get("votes"), "votes").items():
        name = one_player(target, f"{voter}'s vote")
        out.append(ChatChoice(voter, ChatVerb.VOTE, None if name == "skip" else name))
    for voter, press in mapping(step.get("confirm"), "confirm").items():
        if press not in _PRESS:
            raise ScenarioError(f"{voter}'s confirm must be up or down, not {press!r}")
        out.append(ChatChoice(voter, _PRESS[press]))
    return out


def choices_of(phase: Phase, step: dict[str, Any]) -> tuple[list[ChatChoice], dict[str, bool]]:
    """The step's choices in file order, and the imposed coins (night ``lucky:``)."""
    out: list[ChatChoice] = []
    for actor, given in step.items():
        if actor not in RESERVED:
            out.extend(_actor_choices(actor, given))
    if phase is Phase.DAY:
        out.extend(_day_choices(step))
    coins = {}
    for name, side in mapping(step.get("lucky"), "lucky").items():
        if side not in _COIN:
            raise ScenarioError(f"the coin of {name} must be heads or tails, not {side!r}")
        coins[name] = _COIN[side]
    return out, coins


def _leaves(state: ChatState, step: dict[str, Any]) -> tuple[ChatState, list[Any]]:
    """C-LIFE-7, before the step's choices."""
    names = step.get("leaves") or []
    if not isinstance(names, list):
        raise ScenarioError("leaves must be a list of players")
    events: list[Any] = []
    for name in names:
        if str(name) not in state.by_id or not state.by_id[str(name)].alive:
            raise ScenarioError(f"leaves: {name!r} is no living player")
        state, more = leave(state, str(name))
        events += more
    return state, events


def _votes(events: list[Any]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in events:
        if isinstance(e, VoteCounted):
            counts = {t: n for t, n in e.counts if n}
        elif isinstance(e, Candidate) and e.skips:
            counts["skip"] = e.skips
    return dict(sorted(counts.items()))


def _knows(state: ChatState, pid: str) -> dict[str, Any]:
    told: dict[str, Any] = dict(state.knows.get(pid, {}))
    for target, visitors in state.seen.get(pid, {}).items():
        told[target] = {"visitors": sorted(visitors)}
    return dict(sorted(told.items()))


def outcome(phase: Phase, number: int, state: ChatState, events: list[Any]) -> dict[str, Any]:
    """The outcome object of FORMAT.md, with section 8's keys."""
    died = [e for e in events if isinstance(e, Died)]
    hanged = sorted(e.who for e in died if e.cause == "vote")
    refused: dict[str, str] = {}
    for e in events:
        if isinstance(e, Refused):
            refused.setdefault(e.actor, e.code.value)
    candidate = next((e.who for e in reversed(events) if isinstance(e, Candidate)), None)
    winner = state.winner
    players = sorted(state.players, key=lambda p: p.id)
    return {
        "phase": phase.value,
        "number": number,
        "died": sorted(e.who for e in died),
        "left": hanged,
        "autokilled": [],
        "alive": sorted(p.id for p in state.living()),
        "roles": {p.id: p.role.value for p in players},
        "factions": {p.id: p.faction.value for p in players},
        "votes": _votes(events),
        "public": sorted({e.code.value for e in events if isinstance(e, Notice)}),
        "knows": {p.id: _knows(state, p.id) for p in players},
        "refused": dict(sorted(refused.items())),
        "winner": "none"
        if winner is None
        else (winner.winners[0].value if winner.winners else "draw"),
        "candidate": candidate or "none",
        "hanged": hanged,
        "blocked": sorted(e.who for e in events if isinstance(e, Blocked)),
        "personal_wins": sorted(state.personal_wins),
    }


def _at(state: ChatState, phase: Phase, number: int) -> ChatState:
    if (state.phase, state.number) == (phase, number):
        return state
    return replace(state, phase=phase, number=number, candidate=None, pending_take=None)


def run(scn: ChatScenario) -> list[dict[str, Any]]:
    """Play every step. Numbering: the first step is ``start.night``; night N is followed by
    day N, day N by night N + 1 (two steps of one kind in a row: the next number)."""
    state, number, prev = scn.state, scn.state.number, None
    outcomes = []
    for i, (phase, step, _expect) in enumerate(scn.steps, 1):
        if prev is not None and (prev is phase or prev is Phase.DAY):
            number += 1
        if state.winner is not None:
            raise ScenarioError(f"step {i} ({phase} {number}): the game is over")
        state = _at(state, phase, number)
        choices, coins = choices_of(phase, step)
        state, events = _leaves(state, step)
        if state.winner is None:
            try:
                if phase is Phase.NIGHT:
                    state, more = resolve_night(state, choices, coins)
                else:
                    state, more = resolve_day(state, choices)
            except EngineError as exc:
                raise ScenarioError(f"step {i} ({phase} {number}): {exc}") from None
            events += more
        outcomes.append(outcome(phase, number, state, events))
        prev = phase
    return outcomes


def compare(expect: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """The differing keys, compared as the core runner compares, with section 8's keys (the
    sets ``hanged``, ``blocked``, ``personal_wins``; ``candidate`` equal); a hobo's visitors
    compare as a set (the outcome lists them sorted)."""
    want = normalised(expect)
    if isinstance(want.get("knows"), dict):
        want["knows"] = {
            k: {o: _sorted_visitors(w) for o, w in v.items()} if isinstance(v, dict) else v
            for k, v in want["knows"].items()
        }
    return compare_outcome(want, got, KEYS, _SET_KEYS)


def _sorted_visitors(told: Any) -> Any:
    if isinstance(told, dict) and isinstance(told.get("visitors"), list):
        return {**told, "visitors": sorted(told["visitors"])}
    return told


def check_data(data: dict[str, Any]) -> list[str]:
    """``--check`` of one loaded file: [] when every step matches its ``expect``."""
    try:
        scn = parse(data)
        outcomes = run(scn)
    except (ScenarioError, EngineError) as exc:
        return [f"error: {exc}"]
    diffs = []
    for (_phase, _step, expect), got in zip(scn.steps, outcomes, strict=True):
        diffs += [f"step {got['phase']} {got['number']}: {d}" for d in compare(expect, got)]
    return diffs


def run_data(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The outcome objects of one loaded file."""
    return run(parse(data))
