"""The chat game's immutable state, its JSON form and its start (C-LIFE-3, C-LIFE-4).

Its own type, not the forum's ``engine.state.GameState``: the chat game keeps other facts (the
mistress's last visit, the doctor's self-heal, the AFK streaks, the day's blocked players, the
candidate, a hanged kamikaze's pending take, personal wins). Like the forum state it is frozen,
changed only by building a new one (``dataclasses.replace``), and survives
``ChatState.from_json(state.to_json())`` exactly, because the db stores it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine import draw
from engine.chat.roles import FACTION_OF, ChatFaction, ChatRole
from engine.errors import InvalidDeal, InvalidState, UnknownPlayer
from engine.frozen import EMPTY, FrozenMap
from engine.roles import Phase

VERSION = 1


@dataclass(frozen=True)
class ChatPlayer:
    id: str
    role: ChatRole
    alive: bool = True

    @property
    def faction(self) -> ChatFaction:
        return FACTION_OF[self.role]


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winning sides (``()`` for C-WIN-1's draw) and the rule's ID."""

    winners: tuple[ChatFaction, ...]
    reason: str


@dataclass(frozen=True)
class ChatOptions:
    """Per-server settings the engine reads: roles told on death (C-LIFE-6), a secret vote
    (C-DAY-2)."""

    roles_public: bool = True
    secret_vote: bool = False


Knowledge = FrozenMap[str, FrozenMap[str, str]]
Sightings = FrozenMap[str, FrozenMap[str, tuple[str, ...]]]


@dataclass(frozen=True)
class ChatState:
    players: tuple[ChatPlayer, ...]  # in signup order (C-LIFE-5's "first")
    phase: Phase = Phase.NIGHT  # C-LIFE-4: the game opens with night 1
    number: int = 1  # night N is followed by day N, then night N + 1
    game_id: str = ""
    seed: str = ""  # hex of the committed seed (C-LIFE-3): the lucky's coins; secret till the end
    options: ChatOptions = ChatOptions()
    turned: tuple[str, ...] = ()  # werewolves in the order they turned (C-LIFE-5)
    last_visit: FrozenMap[str, str] = EMPTY  # mistress -> last night's visit (C-NIGHT-1e)
    self_healed: frozenset[str] = frozenset()  # doctors who spent the self-heal (C-NIGHT-2)
    asleep: FrozenMap[str, int] = EMPTY  # nights in a row without a choice (C-NIGHT-8)
    blocked: frozenset[str] = frozenset()  # the mistress's targets, mute today (C-NIGHT-1)
    candidate: str | None = None  # the day's candidate while the confirmation runs (C-DAY-3)
    pending_take: str | None = None  # a hanged kamikaze who has yet to name (C-DAY-5)
    may_speak: frozenset[str] = frozenset()  # who may send last words now (C-DAY-7)
    knows: Knowledge = EMPTY  # what checks and inspects told: player -> other -> role
    seen: Sightings = EMPTY  # what hobos saw: hobo -> target -> visitors (C-NIGHT-6)
    personal_wins: tuple[str, ...] = ()  # hanged suicides (C-DAY-6)
    winner: Outcome | None = None

    # Two look-ups, built with the state (a night reads them a hundred times; a property or a
    # lazy cache would cost a call each time). Not fields of the game: not compared, not stored.
    by_id: dict[str, ChatPlayer] = field(init=False, repr=False, compare=False)
    signup: dict[str, int] = field(init=False, repr=False, compare=False)  # signup places

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {p.id: p for p in self.players})
        object.__setattr__(self, "signup", {p.id: i for i, p in enumerate(self.players)})

    def player(self, pid: str) -> ChatPlayer:
        try:
            return self.by_id[pid]
        except KeyError:
            raise UnknownPlayer(f"no player {pid!r} in this game") from None

    def is_alive(self, pid: str) -> bool:
        p = self.by_id.get(pid)
        return p is not None and p.alive

    def living(self) -> list[ChatPlayer]:
        return [p for p in self.players if p.alive]

    def living_with(self, *roles: ChatRole) -> list[ChatPlayer]:
        return [p for p in self.players if p.alive and p.role in roles]

    def rank(self, pid: str) -> tuple[int, int]:
        """C-LIFE-5's order: the dealt players in signup order, then turned werewolves in the
        order they turned."""
        if pid in self.turned:
            return (1, self.turned.index(pid))
        return (0, self.signup[pid])

    def with_players(self, changed: Iterable[ChatPlayer]) -> ChatState:
        new = {p.id: p for p in changed}
        if not new:
            return self
        return replace(self, players=tuple(new.get(p.id, p) for p in self.players))

    def to_dict(self) -> dict[str, Any]:
        return _to_dict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> ChatState:
        try:
            return _from_dict(data)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InvalidState(f"not a chat game state: {type(exc).__name__}: {exc}") from None

    @staticmethod
    def from_json(text: str) -> ChatState:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidState(f"not JSON: {exc.msg}") from None
        if not isinstance(data, dict):
            raise InvalidState("not a chat game state: not an object")
        return ChatState.from_dict(data)


def _to_dict(s: ChatState) -> dict[str, Any]:
    return {
        "v": VERSION,
        "mode": "chat",
        "players": [[p.id, p.role.value, p.alive] for p in s.players],
        "phase": s.phase.value,
        "number": s.number,
        "game_id": s.game_id,
        "seed": s.seed,
        "options": {"roles_public": s.options.roles_public, "secret_vote": s.options.secret_vote},
        "turned": list(s.turned),
        "last_visit": dict(s.last_visit),
        "self_healed": sorted(s.self_healed),
        "asleep": dict(s.asleep),
        "blocked": sorted(s.blocked),
        "candidate": s.candidate,
        "pending_take": s.pending_take,
        "may_speak": sorted(s.may_speak),
        "knows": {k: dict(v) for k, v in s.knows.items()},
        "seen": {k: {t: list(vs) for t, vs in v.items()} for k, v in s.seen.items()},
        "personal_wins": list(s.personal_wins),
        "winner": None
        if s.winner is None
        else {"winners": [f.value for f in s.winner.winners], "reason": s.winner.reason},
    }


def _strs(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise TypeError(f"expected a list of strings, not {value!r}")
    return tuple(value)


def _opt_str(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"expected a string or null, not {value!r}")
    return value


def _winner(value: Any) -> Outcome | None:
    if value is None:
        return None
    return Outcome(tuple(ChatFaction(f) for f in value["winners"]), str(value["reason"]))


def _from_dict(d: Mapping[str, Any]) -> ChatState:
    if d.get("mode") != "chat" or d.get("v") != VERSION:
        raise ValueError(f"mode {d.get('mode')!r}, version {d.get('v')!r}")
    players = tuple(
        ChatPlayer(str(pid), ChatRole(role), bool(alive)) for pid, role, alive in d["players"]
    )
    number = d["number"]
    if not isinstance(number, int) or number < 1:
        raise ValueError(f"number {number!r}")
    return ChatState(
        players=players,
        phase=Phase(d["phase"]),
        number=number,
        game_id=str(d["game_id"]),
        seed=str(d["seed"]),
        options=ChatOptions(bool(d["options"]["roles_public"]), bool(d["options"]["secret_vote"])),
        turned=_strs(d["turned"]),
        last_visit=FrozenMap({str(k): str(v) for k, v in d["last_visit"].items()}),
        self_healed=frozenset(_strs(d["self_healed"])),
        asleep=FrozenMap({str(k): int(v) for k, v in d["asleep"].items()}),
        blocked=frozenset(_strs(d["blocked"])),
        candidate=_opt_str(d["candidate"]),
        pending_take=_opt_str(d["pending_take"]),
        may_speak=frozenset(_strs(d["may_speak"])),
        knows=FrozenMap(
            {
                str(k): FrozenMap({str(o): str(w) for o, w in v.items()})
                for k, v in d["knows"].items()
            }
        ),
        seen=FrozenMap(
            {
                str(k): FrozenMap({str(t): _strs(vs) for t, vs in v.items()})
                for k, v in d["seen"].items()
            }
        ),
        personal_wins=_strs(d["personal_wins"]),
        winner=_winner(d["winner"]),
    )


def new_game(
    deal: Sequence[tuple[str, ChatRole]],
    *,
    game_id: str = "",
    seed: str = "",
    options: ChatOptions = ChatOptions(),
    dead: Iterable[str] = (),
    number: int = 1,
    phase: Phase = Phase.NIGHT,
) -> ChatState:
    """A game from a deal ``[(player_id, role), ...]`` in signup order (C-LIFE-3, C-LIFE-4).
    ``dead``, ``number`` and ``phase`` start a scenario mid-game."""
    ids = [pid for pid, _ in deal]
    if not ids or len(set(ids)) != len(ids):
        raise InvalidDeal("a deal needs players, each named once")
    gone = set(dead)
    unknown = gone - set(ids)
    if unknown:
        raise InvalidDeal(f"unknown dead players {sorted(unknown)}")
    players = tuple(ChatPlayer(pid, ChatRole(role), pid not in gone) for pid, role in deal)
    return ChatState(
        players, phase=phase, number=number, game_id=game_id, seed=seed, options=options
    )


def deal_game(
    seed: bytes,
    game_id: str,
    roles: Sequence[ChatRole],
    player_ids: Sequence[str],
    options: ChatOptions = ChatOptions(),
) -> ChatState:
    """C-LIFE-3: the committed draw of R-LIFE-3 (``engine.draw``) deals ``roles``; the seed
    stays in the state for the lucky's coins (C-NIGHT-4c, ``engine.chat.coin``)."""
    cards = draw.deal(seed, game_id, [r.value for r in roles], player_ids)
    return new_game(
        [(pid, ChatRole(cards[pid])) for pid in player_ids],
        game_id=game_id,
        seed=seed.hex(),
        options=options,
    )


__all__ = ["ChatOptions", "ChatPlayer", "ChatState", "Outcome", "deal_game", "new_game"]
