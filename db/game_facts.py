"""What a finished game's stored log makes certain about each player (issue 22): pure, no I/O.

The input is what the database keeps of a game — its mode, its final engine state (JSON), its
event log (each event as stored, a dict with ``type`` and ``produced_in``), its choices and the
deal — for either game: the forum game (modes ``two-sided`` / ``three-sided``, ``engine.state``)
and the quick chat game (mode ``chat``, ``engine.chat.state``). The output is one
:class:`SeatFacts` per player: his card, his roles, his side at the end, whether his side won
(or he won alone: the chat game's hanged suicide, C-DAY-6), whether he lived, and three facts:

* ``cop_hits``: criminals killed by his bullet as the cop (the forum's R-NIGHT-5a) or the
  commissar (the chat game's shot): his night choice ``shoot`` at a player who died of the
  cop's gun (cause ``cop``) that night and was not of the town;
* ``checks_found``: his checks as the commissar that told him a criminal who was one (a
  ``check`` choice and the ``Learned`` it brought, naming a non-town role or side; for a game
  whose log keeps no ``Learned``, what the final state says each check told him);
* ``saves``: nights the doctor healed a player who was attacked (the standing attack of that
  night: a player's shot or kill, or for a team the don's choice, else its last member's; in
  the chat game the mafia cabinet's victim by its votes, C-NIGHT-3) and lived through the night
  (R-NIGHT-3, C-NIGHT-2).

The quick game stores its night's choices as rows and its events in the log at each stage's
end (cogs.quick.service), as the forum game does at each phase's.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.chat.mafia import cabinet_victim
from engine.chat.roles import FACTION_OF, ChatFaction, ChatRole
from engine.chat.state import ChatState
from engine.state import GameState

__all__ = ["ChoiceRow", "GameFacts", "SeatFacts", "game_facts", "kind_of"]

CHAT = "chat"
#: The verbs that attack a player at night, in either game.
ATTACKS = frozenset({"shoot", "kill", "fire"})
#: Roles whose choice stands for their team at night (R-NIGHT-1; the chat game's don).
DONS = frozenset({"don"})
#: The events of a departure (engine.events: ``Died`` and its kinds).
DEATHS = frozenset({"Died", "Left", "Autokilled"})
#: Roles of a side with a don who attack on their own, not as the team (C-NIGHT-4).
LONE = frozenset({"killer"})
#: The forum game's cop and the assistant who holds his gun (R-NIGHT-5).
COPS = frozenset({"cop", "assistant"})
#: The chat game's mafia cabinet, whose kill is one vote of its members (C-NIGHT-3).
CABINET = "cabinet"
CABINET_ROLES = frozenset({str(ChatRole.DON), str(ChatRole.MAFIOSO)})


def kind_of(mode: str) -> str:
    """The game a mode belongs to: ``chat`` for the quick game, ``forum`` for the others."""
    return CHAT if str(mode) == CHAT else "forum"


@dataclass(frozen=True, slots=True)
class ChoiceRow:
    """A stored choice (db.models.GameChoice) as plain values; ``order`` its storing order."""

    phase: str
    number: int
    actor: str
    verb: str
    target: str | None
    order: int = 0


@dataclass(frozen=True, slots=True)
class SeatFacts:
    user_id: int
    dealt_role: str
    final_role: str
    roles: tuple[str, ...]
    side: str
    won: bool
    survived: bool
    cop_hits: int = 0
    checks_found: int = 0
    saves: int = 0


@dataclass(frozen=True, slots=True)
class GameFacts:
    kind: str
    mode: str
    winners: tuple[str, ...]
    reason: str
    seats: tuple[SeatFacts, ...]


@dataclass(frozen=True, slots=True)
class _Player:
    id: str
    role: str
    side: str
    alive: bool


@dataclass(frozen=True, slots=True)
class _End:
    players: list[_Player]
    winners: tuple[str, ...]
    reason: str
    alone: frozenset[str]  # who won alone (C-DAY-6)
    knows: Mapping[str, Mapping[str, str]]  # the chat game's: what checks told whom


def _final(mode: str, state_text: str) -> _End:
    """The game at its end, from its final state."""
    if kind_of(mode) == CHAT:
        chat = ChatState.from_json(_chat_state_text(state_text))
        players = [_Player(p.id, str(p.role), str(p.faction), p.alive) for p in chat.players]
        out = chat.winner
        winners = () if out is None else tuple(str(f) for f in out.winners)
        reason = "" if out is None else out.reason
        return _End(players, winners, reason, frozenset(chat.personal_wins), chat.knows)
    state = GameState.from_json(state_text)
    players = [_Player(p.id, str(p.role), str(p.faction), p.alive) for p in state.players]
    outcome = state.outcome
    winners = () if outcome is None else tuple(str(f) for f in outcome.winners)
    reason = "" if outcome is None else str(outcome.reason)
    return _End(players, winners, reason, frozenset(), {})


def _chat_state_text(text: str) -> str:
    """The engine's chat state in what the quick game stores: the state itself, or an object
    that holds it one level down (the quick game keeps the day's stage beside it)."""
    data = json.loads(text)
    if isinstance(data, dict) and data.get("mode") == CHAT and "players" in data:
        return text
    if isinstance(data, dict):
        for value in data.values():
            if isinstance(value, dict) and value.get("mode") == CHAT and "players" in value:
                return json.dumps(value)
    return text  # ChatState.from_json says what is wrong


def _night(event: Mapping[str, Any]) -> int | None:
    produced = str(event.get("produced_in") or "")
    phase, _, number = produced.partition(" ")
    return int(number) if phase == "night" and number.isdigit() else None


def _is_town(code: str) -> bool:
    """Whether a role or side code a check told is of the town (the chat game's codes)."""
    if code in ChatRole.__members__.values():
        return FACTION_OF[ChatRole(code)] is ChatFaction.TOWN
    return code == ChatFaction.TOWN


def game_facts(
    mode: str,
    state_text: str,
    events: Sequence[Mapping[str, Any]],
    choices: Sequence[ChoiceRow],
    dealt: Mapping[str, str] | None = None,
) -> GameFacts:
    """The facts of one finished game (see the module's docstring)."""
    end = _final(mode, state_text)
    players, winners, alone = end.players, end.winners, end.alone
    by_id = {p.id: p for p in players}
    history = _roles_history(players, events, dealt or {})
    hits = _cop_hits(events, choices, by_id)
    if any(e.get("type") == "Learned" for e in events):
        found = _checks(events, choices, by_id)
    else:  # a log without the night's private results: what the final state says was learned
        found = _known_checks(end.knows, history, by_id)
    dons = _dons_from(events, history) if kind_of(mode) == CHAT else None
    saves = _saves(events, choices, by_id, dons)
    seats = tuple(
        SeatFacts(
            user_id=int(p.id),
            dealt_role=history[p.id][0],
            final_role=p.role,
            roles=history[p.id],
            side=p.side,
            won=p.side in winners or p.id in alone,
            survived=p.alive,
            cop_hits=hits[p.id],
            checks_found=found[p.id],
            saves=saves[p.id],
        )
        for p in players
        if p.id.isdigit()  # a Discord member (scenario and test ids aside)
    )
    return GameFacts(kind_of(mode), str(mode), winners, end.reason, seats)


def _roles_history(
    players: Sequence[_Player], events: Sequence[Mapping[str, Any]], dealt: Mapping[str, str]
) -> dict[str, tuple[str, ...]]:
    """Each player's roles in order: the card dealt, then each change the log tells
    (``RoleChanged`` in the forum game, ``Turned`` / ``Promoted`` in the chat game). Without a
    stored deal, the card is the role the first change started from (C-NIGHT-4a, C-LIFE-5)."""
    changes: dict[str, list[str]] = defaultdict(list)
    before: dict[str, str] = {}
    for e in events:
        kind = e.get("type")
        if kind in ("RoleChanged", "Turned", "Promoted"):
            who, role = str(e["who"]), str(e["role"])
            if kind == "Turned":
                before.setdefault(who, str(ChatRole.WEREWOLF))
            elif kind == "Promoted":
                before.setdefault(who, _PROMOTED_FROM.get(role, role))
            changes[who].append(role)
    history: dict[str, tuple[str, ...]] = {}
    for p in players:
        card = dealt.get(p.id, "").partition("@")[0] or before.get(p.id, "")
        seen: list[str] = [card or (changes[p.id] or [p.role])[0]]
        for role in [*changes[p.id], p.role]:
            if role != seen[-1]:
                seen.append(role)
        history[p.id] = tuple(seen)
    return history


#: C-LIFE-5: who a promotion was made from.
_PROMOTED_FROM = {
    str(ChatRole.COMMISSAR): str(ChatRole.SERGEANT),
    str(ChatRole.DON): str(ChatRole.MAFIOSO),
}


def _died_at_night(events: Sequence[Mapping[str, Any]]) -> dict[tuple[int, str], str]:
    """(night, who) -> cause, for the deaths each night's resolution logged."""
    deaths: dict[tuple[int, str], str] = {}
    for e in events:
        night = _night(e)
        if night is not None and e.get("type") in DEATHS:
            deaths[(night, str(e["who"]))] = str(e["cause"])
    return deaths


def _cop_hits(
    events: Sequence[Mapping[str, Any]], choices: Sequence[ChoiceRow], by_id: Mapping[str, _Player]
) -> defaultdict[str, int]:
    deaths = _died_at_night(events)
    hits: defaultdict[str, int] = defaultdict(int)
    for c in choices:
        if c.phase != "night" or c.verb != "shoot" or c.actor not in by_id or c.target is None:
            continue
        victim = by_id.get(c.target)
        if deaths.get((c.number, c.target)) == "cop" and victim and victim.side != "town":
            hits[c.actor] += 1
    return hits


def _checks(
    events: Sequence[Mapping[str, Any]], choices: Sequence[ChoiceRow], by_id: Mapping[str, _Player]
) -> defaultdict[str, int]:
    checked = {(c.number, c.actor, c.target) for c in choices if c.verb == "check"}
    found: defaultdict[str, int] = defaultdict(int)
    for e in events:
        night = _night(e)
        if e.get("type") != "Learned" or night is None:
            continue
        who, about, what = str(e["who"]), str(e["about"]), str(e["what"])
        target = by_id.get(about)
        if (night, who, about) in checked and target and target.side != "town":
            found[who] += 0 if _is_town(what) else 1
    return found


def _known_checks(
    knows: Mapping[str, Mapping[str, str]],
    history: Mapping[str, tuple[str, ...]],
    by_id: Mapping[str, _Player],
) -> defaultdict[str, int]:
    """The commissar's correct checks by what the chat game's final state keeps (``knows``:
    what each check told him), for a log that does not keep the ``Learned`` events."""
    found: defaultdict[str, int] = defaultdict(int)
    for who, told in knows.items():
        if str(ChatRole.COMMISSAR) not in history.get(who, ()):
            continue  # a journalist's inspections are no checks
        for about, what in told.items():
            target = by_id.get(about)
            if target is not None and target.side != "town" and not _is_town(what):
                found[who] += 1
    return found


def _dons_from(
    events: Sequence[Mapping[str, Any]], history: Mapping[str, tuple[str, ...]]
) -> dict[str, int]:
    """The chat game's dons: who was the don from which night on — the dealt don from night 1,
    a mafioso promoted in phase N (C-LIFE-5) from night N + 1."""
    dons = {who: 1 for who, roles in history.items() if roles[0] == str(ChatRole.DON)}
    for e in events:
        if e.get("type") == "Promoted" and e.get("role") == str(ChatRole.DON):
            number = str(e.get("produced_in") or "").partition(" ")[2]
            dons.setdefault(str(e["who"]), int(number) + 1 if number.isdigit() else 1)
    return dons


def _standing_attacks(
    choices: Sequence[ChoiceRow], by_id: Mapping[str, _Player], blocked: set[tuple[int, str]],
    chat_dons: Mapping[str, int] | None,
) -> set[tuple[int, str]]:  # fmt: skip
    """(night, target) of each attack that stood and could kill: a lone shooter's, and for a
    team (the members of a side with a don, attacking with one verb) its don's, else its last
    member's (R-NIGHT-1); in the chat game the cabinet's victim by its votes (C-NIGHT-3). The
    forum cop's bullet at a town player kills nobody (R-NIGHT-5b), and a player hidden in the
    basement is safe from every bullet (R-NIGHT-2): no save there."""
    hidden = {(c.number, c.target) for c in choices if c.phase == "night" and c.verb == "hide"}
    teams: dict[tuple[int, str, str], list[ChoiceRow]] = defaultdict(list)
    for c in choices:
        if c.phase != "night" or c.verb not in ATTACKS or c.target is None:
            continue
        shooter, target = by_id.get(c.actor), by_id.get(c.target)
        if (c.number, c.actor) in blocked or (c.number, c.target) in hidden or target is None:
            continue
        if shooter is not None and shooter.role in COPS and target.side == "town":
            continue
        if chat_dons is not None:
            team = CABINET if shooter is not None and shooter.role in CABINET_ROLES else c.actor
        else:
            team = shooter.side if shooter is not None and _in_team(shooter, by_id) else c.actor
        teams[(c.number, c.verb, team)].append(c)
    standing = set()
    for (night, _, team), picks in teams.items():
        dons = [c for c in picks if c.actor in by_id and by_id[c.actor].role in DONS]
        if team == CABINET and chat_dons is not None:
            don_vote = next((str(c.target) for c in picks
                             if chat_dons.get(c.actor, night + 1) <= night), None)  # fmt: skip
            victim = cabinet_victim({c.actor: str(c.target) for c in picks}, don_vote)
        else:
            victim = max(dons or picks, key=lambda c: c.order).target
        if victim is not None:
            standing.add((night, str(victim)))
    return standing


def _in_team(shooter: _Player, by_id: Mapping[str, _Player]) -> bool:
    """A member of a side that has a don (a criminal team, R-NIGHT-1), the chat game's killer
    aside (he kills alone, C-NIGHT-4)."""
    return (
        shooter.side != "town"
        and shooter.role not in LONE
        and any(p.side == shooter.side and p.role in DONS for p in by_id.values())
    )


def _saves(
    events: Sequence[Mapping[str, Any]], choices: Sequence[ChoiceRow], by_id: Mapping[str, _Player],
    chat_dons: Mapping[str, int] | None = None,
) -> defaultdict[str, int]:  # fmt: skip
    """The doctor's saves (``chat_dons``: the chat game's, :func:`_dons_from`); a werewolf
    turned by the attack was not saved (C-NIGHT-4a: a conversion, no heal matters to it)."""
    blocked: set[tuple[int, str]] = set()
    turned: set[tuple[int, str]] = set()
    for e in events:
        night = _night(e)
        if night is None:
            continue
        if e.get("type") == "Turned":
            turned.add((night, str(e["who"])))
        elif e.get("type") == "Blocked":  # the chat game's mistress (C-NIGHT-1)
            blocked.add((night, str(e["who"])))
        elif e.get("type") == "BlockResult" and e.get("blocked"):  # the woodman (R-NIGHT-4)
            blocked.add((night, str(e["target"])))
        elif e.get("type") == "Refused":
            blocked.add((night, str(e["actor"])))
    attacked = _standing_attacks(choices, by_id, blocked, chat_dons) - turned
    deaths = _died_at_night(events)
    saves: defaultdict[str, int] = defaultdict(int)
    for c in choices:
        if c.phase != "night" or c.verb != "heal" or c.target is None:
            continue
        if (c.number, c.actor) in blocked or (c.number, c.target) in deaths:
            continue
        if (c.number, c.target) in attacked:
            saves[c.actor] += 1
    return saves
