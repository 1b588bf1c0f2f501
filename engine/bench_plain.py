"""The plain re-implementation ``python -m engine.bench`` compares the engine with.

Written the way a first version is: the state is mutable dicts and lists, each resolution
starts with ``copy.deepcopy`` of the whole state, every player is found by a linear search,
team members by a scan and a sort. It implements the rules the bench's night and day exercise
(cop, doctor, sniper, woodman block, kamikaze, both criminal teams with a basement, the vote
with the lawyer and the bouncer, autokills, the don's succession and the win check), and the
bench checks that it reaches the engine's result on the bench's inputs before timing both in
the same run, so the ratio compares equal work and holds on a noisy machine.

Not used by the game; standard library only, pure (no clock, no I/O).
"""

from __future__ import annotations

import copy
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.events import (
    Autokilled,
    BlockResult,
    Cause,
    DayChoiceMade,
    Died,
    Event,
    Left,
    Notice,
    NoticeCode,
    VoteCast,
    VoteCounted,
    VoteVoided,
)
from engine.roles import Faction, Role
from engine.state import GameState

Plain = dict[str, Any]
PlainChoice = tuple[str, str, str | None]  # (actor, verb, target)

_TEAMS = ("mafia", "maniacs")
_TOWN_NIGHT = {
    "doctor": {"heal"},
    "sniper": {"shoot"},
    "woodman": {"block"},
    "kamikaze": {"choose"},
}
_MISSED = {"sniper": "sniper_missed", "mafia": "mafia_missed", "maniacs": "maniacs_missed"}


def plain_state(s: GameState) -> Plain:
    """The engine's state as the plain version keeps it (built before timing)."""
    return {
        "mode": s.mode.value,
        "number": s.number,
        "players": [
            {
                "id": p.id,
                "role": p.role.value,
                "faction": p.faction.value,
                "order": p.order,
                "alive": p.alive,
            }
            for p in s.players
        ],  # fmt: skip
        "knows": {k: dict(v) for k, v in s.knows.items()},
        "skips": dict(s.skips),
        "last_targets": {k: [m.target, m.number] for k, m in s.last_targets.items()},
        "basement_used": list(s.basement_used),
        "block_used": list(s.block_used),
        "winner": [],
    }


def _find(s: Plain, pid: str | None) -> Plain | None:
    for p in s["players"]:
        if p["id"] == pid:
            found: Plain = p
            return found
    return None


def _members(s: Plain, team: str) -> list[Plain]:
    return sorted(
        (p for p in s["players"] if p["faction"] == team and p["alive"]), key=lambda p: p["order"]
    )


def _acting_cop(s: Plain) -> Plain | None:
    living: list[Plain] = sorted((p for p in s["players"] if p["alive"]), key=lambda p: p["order"])
    for role in ("cop", "assistant"):
        for p in living:
            if p["role"] == role:
                return p
    return None


def _night_ok(s: Plain, c: PlainChoice) -> bool:
    actor, verb, target = c
    t = _find(s, target)
    if t is None or not t["alive"]:
        return False
    if actor in _TEAMS:
        if not _members(s, actor) or verb not in ("shoot", "hide"):
            return False
        if verb == "hide":
            return bool(t["faction"] == actor and actor not in s["basement_used"])
        return bool(t["faction"] != actor)
    p = _find(s, actor)
    if p is None or not p["alive"]:
        return False
    if p["faction"] in _TEAMS:
        return verb in ("shoot", "hide") and (verb == "hide") is (t["faction"] == p["faction"])
    cop = _acting_cop(s)
    if verb == "shoot" and cop is not None and cop["id"] == actor:
        return target != actor
    if verb == "block" and actor in s["block_used"]:
        return False
    if verb == "heal":
        last = s["last_targets"].get(actor)
        if last is not None and last == [target, s["number"] - 1]:
            return False
    return verb in _TOWN_NIGHT.get(p["role"], set()) and target != actor


def _team_choice(s: Plain, choices: list[PlainChoice], team: str, verb: str) -> str | None:
    don = next((m for m in _members(s, team) if m["role"] == "don"), None)
    mine = [c for c in choices if c[1] == verb and (c[0] == team or _in_team(s, c[0], team))]
    final = [c for c in mine if c[0] == team or (don is not None and c[0] == don["id"])]
    chosen = final or mine
    return chosen[-1][2] if chosen else None


def _in_team(s: Plain, actor: str, team: str) -> bool:
    p = _find(s, actor)
    return p is not None and p["faction"] == team and p["alive"]


def _last(choices: list[PlainChoice], actor: str, verb: str) -> str | None:
    found = [c[2] for c in choices if c[0] == actor and c[1] == verb]
    return found[-1] if found else None


@dataclass
class _Night:
    shots: list[tuple[str, str, str]] = field(default_factory=list)  # (gun, shooter, target)
    hidden: set[str] = field(default_factory=set)
    healed: set[str] = field(default_factory=set)
    dead: dict[str, str] = field(default_factory=dict)
    notices: set[str] = field(default_factory=set)
    events: list[Event] = field(default_factory=list)


def _gather(pre: Plain, s: Plain, accepted: list[PlainChoice], n: _Night) -> dict[str, str]:
    blocked: set[str] = set()
    for p in pre["players"]:
        target = _last(accepted, p["id"], "block") if p["role"] == "woodman" else None
        if target is not None:
            s["block_used"].append(p["id"])
            t = _find(pre, target)
            hit = t is not None and t["role"] in ("cop", "don", "sniper")
            if t is not None and hit:
                blocked.add(t["faction"] if t["role"] == "don" else t["id"])
            n.events.append(BlockResult(p["id"], target, hit))
    cop = _acting_cop(pre)
    if cop is not None and _last(accepted, cop["id"], "shoot") and cop["id"] not in blocked:
        n.shots.append(("cop", cop["id"], str(_last(accepted, cop["id"], "shoot"))))
    for p in pre["players"]:
        aim = _last(accepted, p["id"], "shoot") if p["role"] == "sniper" else None
        if aim is not None and p["id"] not in blocked:
            n.shots.append(("sniper", p["id"], aim))
        if p["role"] == "doctor" and _last(accepted, p["id"], "heal"):
            n.healed.add(str(_last(accepted, p["id"], "heal")))
            s["last_targets"][p["id"]] = [_last(accepted, p["id"], "heal"), pre["number"]]
    for team in _TEAMS:
        aim = _team_choice(pre, accepted, team, "shoot")
        if aim is not None and team not in blocked:
            n.shots.append((team, team, aim))
        hide = _team_choice(pre, accepted, team, "hide")
        if hide is not None:
            n.hidden.add(hide)
            s["basement_used"].append(team)
        if aim is None and _members(pre, team):
            n.dead.setdefault(_members(pre, team)[-1]["id"], "sanction")  # R-NIGHT-1
    victims = {}
    for p in pre["players"]:
        if p["role"] == "kamikaze" and p["alive"] and _last(accepted, p["id"], "choose"):
            victims[p["id"]] = str(_last(accepted, p["id"], "choose"))
    return victims


def _hit(pre: Plain, n: _Night) -> None:
    for gun, shooter, target in n.shots:
        t = _find(pre, target)
        assert t is not None
        cop_shot = any(g == "cop" and tt == target for g, _, tt in n.shots)
        if gun == "cop" and t["faction"] == "town":
            n.notices.add("cop_missed")
            pre["knows"].setdefault(shooter, {})[target] = "town"
            continue
        if target in n.hidden:
            if gun in _MISSED:
                n.notices.add(_MISSED[gun])
            continue
        if target in n.healed or (cop_shot and t["faction"] == "town"):
            continue
        n.dead.setdefault(target, gun)


def plain_night(state: Plain, choices: list[PlainChoice]) -> tuple[Plain, list[Event]]:
    """Night ``state["number"]`` the plain way; returns the new state and what happened."""
    pre = copy.deepcopy(state)
    s = copy.deepcopy(state)
    accepted = [c for c in choices if _night_ok(pre, c)]
    n = _Night()
    victims = _gather(pre, s, accepted, n)
    _hit(pre, n)
    for kamikaze, victim in victims.items():
        if kamikaze in n.dead and victim not in n.hidden:
            n.dead.setdefault(victim, "kamikaze")
    for pid in n.dead:
        p = _find(s, pid)
        assert p is not None
        p["alive"] = False
        n.events.append(Died(pid, Cause(n.dead[pid])))
    n.events.extend(Notice(NoticeCode(code)) for code in sorted(n.notices))
    s["knows"] = pre["knows"]
    _succeed_and_win(s)
    s["number"] += 1
    return s, n.events


def _succeed_and_win(s: Plain) -> None:
    for team in _TEAMS:
        members = _members(s, team)
        if members and not any(m["role"] == "don" for m in members):
            members[0]["role"] = "don"  # R-ROLE-4
    alive = [p for p in s["players"] if p["alive"]]
    factions = {p["faction"] for p in alive}
    if not alive:
        s["winner"] = ["town"]
    elif len(factions) == 1 and s["mode"] == "three-sided":
        s["winner"] = [factions.pop()]


def _day_choices(s: Plain, choices: list[PlainChoice], ev: list[Event]) -> Plain:
    chosen: Plain = {"protected": set(), "voided": {}, "votes": {}}
    for actor, verb, target in choices:
        p, t = _find(s, actor), _find(s, target)
        if p is None or t is None or not p["alive"] or not t["alive"]:
            continue
        if verb in ("protect", "void") and p["role"] == (
            "lawyer" if verb == "protect" else "bouncer"
        ):
            last = s["last_targets"].get(actor)
            if last is None or last != [target, s["number"] - 1]:
                s["last_targets"][actor] = [target, s["number"]]
                ev.append(DayChoiceMade(actor, verb, str(target)))
                if verb == "protect":
                    chosen["protected"].add(target)
                else:
                    chosen["voided"][target] = actor
        elif verb == "vote" and actor not in chosen["votes"] and actor != target:
            chosen["votes"][actor] = target
    return chosen


def plain_day(state: Plain, choices: list[PlainChoice]) -> tuple[Plain, list[Event]]:
    """Day ``state["number"]`` the plain way: the lawyer, the bouncer and the vote."""
    s = copy.deepcopy(state)
    ev: list[Event] = []
    chosen = _day_choices(s, choices, ev)
    votes, voided = chosen["votes"], chosen["voided"]
    counts: dict[str, int] = {}
    for p in sorted(s["players"], key=lambda p: p["order"]):
        if p["alive"] and p["id"] in votes:
            ev.append(VoteCast(p["id"], votes[p["id"]]))
            if p["id"] in voided:
                ev.append(VoteVoided(p["id"], voided[p["id"]]))
            else:
                counts[votes[p["id"]]] = counts.get(votes[p["id"]], 0) + 1
    ev.append(VoteCounted(tuple(sorted(counts.items()))))
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    if ranked and ranked[0][0] in chosen["protected"]:
        ranked = ranked[1:]
    left = ranked[0][0] if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]) else None
    autokilled = [p["id"] for p in s["players"] if p["alive"] and p["id"] not in votes]
    for pid in [left, *autokilled]:
        p = _find(s, pid)
        if p is not None and p["alive"]:
            p["alive"] = False
            ev.append(Left(p["id"]) if pid == left else Autokilled(p["id"]))
    _succeed_and_win(s)
    return s, ev


@dataclass
class _PlainPlayer:
    id: str
    role: Role
    faction: Faction
    order: int
    alive: bool


@dataclass
class _PlainGame:
    """The state as mutable dataclasses, serialised with ``asdict`` (the first version's way)."""

    mode: str
    number: int
    players: list[_PlainPlayer]
    knows: dict[str, dict[str, str]]
    rest: dict[str, Any]


def plain_game(state: Plain) -> _PlainGame:
    players = [
        _PlainPlayer(p["id"], Role(p["role"]), Faction(p["faction"]), p["order"], p["alive"])
        for p in state["players"]
    ]
    rest = {k: v for k, v in state.items() if k not in ("mode", "number", "players", "knows")}
    return _PlainGame(state["mode"], state["number"], players, state["knows"], rest)


def plain_round_trip(game: _PlainGame) -> _PlainGame:
    """``to_json`` then ``from_json``, the plain way."""
    data = json.loads(json.dumps(asdict(game), ensure_ascii=False, sort_keys=True))
    players = [
        _PlainPlayer(p["id"], Role(p["role"]), Faction(p["faction"]), p["order"], p["alive"])
        for p in data["players"]
    ]
    return _PlainGame(data["mode"], data["number"], players, data["knows"], data["rest"])
