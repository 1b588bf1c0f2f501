"""The night (section 3): every choice at once, resolved in the steps C-NIGHT-1..9, each step
seeing the roles as they were at the night's start."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from engine.chat.afk import sleepers
from engine.chat.attacks import attacks, resolve_attacks
from engine.chat.choices import ChatChoice
from engine.chat.coin import CoinNotImposed, coin
from engine.chat.events import Blocked, Morning, Visitors
from engine.chat.learning import checks, hobo_visitors
from engine.chat.mafia import team_kill
from engine.chat.mistress import blocked_by, visits
from engine.chat.resolution import conclude, death_events, guard, standing
from engine.chat.roles import ChatRole, ChatVerb
from engine.chat.state import ChatPlayer, ChatState
from engine.events import Cause, Learned, Notice, NoticeCode
from engine.frozen import FrozenMap
from engine.roles import Phase

#: C-DAY-7: "a player killed at night" may leave last words (not one who fell asleep).
_KILLED = frozenset({Cause.COP, Cause.MAFIA, Cause.KILLER, Cause.MANIAC, Cause.KAMIKAZE})


def coin_source(state: ChatState, imposed: Mapping[str, bool] | None) -> Callable[[str], bool]:
    """C-NIGHT-4c's coin for a player tonight: imposed (a scenario's ``lucky:``), else drawn
    from the game's committed seed (``engine.chat.coin``)."""

    def draw(pid: str) -> bool:
        if imposed is not None:
            if pid not in imposed:
                raise CoinNotImposed(f"the coin of {pid} on night {state.number} is not imposed")
            return imposed[pid]
        if not state.seed:
            raise CoinNotImposed(f"no seed to draw the coin of {pid} on night {state.number}")
        return coin(bytes.fromhex(state.seed), state.game_id, state.number, pid)

    return draw


def resolve_night(
    state: ChatState, choices: Iterable[ChatChoice], coins: Mapping[str, bool] | None = None
) -> tuple[ChatState, list[Any]]:
    """Resolve the night; the next state is day ``number`` (or the game's end)."""
    guard(state, Phase.NIGHT)
    chosen, events = standing(state, choices)
    out: list[Any] = list(events)
    visited = visits(state, chosen)
    blocked = blocked_by(state, chosen, visited)  # C-NIGHT-1
    effective = {a: c for a, c in chosen.items() if a not in blocked}  # cancelled: uses nothing
    out += [Blocked(pid) for pid in _in_signup(state, blocked)]
    healed = _targets(effective, ChatVerb.HEAL)  # C-NIGHT-2
    clients = _targets(effective, ChatVerb.PROTECT)
    team = team_kill(state, effective)  # C-NIGHT-3
    kills = resolve_attacks(
        state, attacks(state, effective, team), healed, coin_source(state, coins)
    )
    out += kills.events  # C-NIGHT-4
    told = checks(state, effective, clients) + hobo_visitors(state, effective, team)
    out += told  # C-NIGHT-5, C-NIGHT-6, C-NIGHT-7
    streaks, asleep = sleepers(state, chosen, blocked, kills.died)  # C-NIGHT-8
    out += [Notice(NoticeCode.FELL_ASLEEP) for _ in asleep]
    deaths = {**kills.died, **{pid: Cause.ASLEEP for pid in asleep}}
    after = replace(
        state,
        players=_players(state, kills.turned, deaths),
        asleep=streaks,
        blocked=blocked,
        may_speak=frozenset(p for p, cause in deaths.items() if cause in _KILLED),  # C-DAY-7
        phase=Phase.DAY,
        **_remember(state, effective, visited, told, kills.turned),
    )  # one new state for the night's facts (each copy of the state costs)
    after, ended = conclude(after)
    out += death_events(state, deaths) + ended
    return after, [*out, _morning(after)]  # C-NIGHT-9


def _players(
    state: ChatState, turned: Mapping[str, ChatRole], deaths: Mapping[str, Cause]
) -> tuple[ChatPlayer, ...]:
    """The turned werewolves in their new roles (C-NIGHT-4a), the dead marked."""
    changed = {
        pid: ChatPlayer(pid, turned.get(pid, state.by_id[pid].role), pid not in deaths)
        for pid in (*turned, *deaths)
    }
    return tuple([changed.get(p.id, p) for p in state.players])


def _in_signup(state: ChatState, ids: Iterable[str]) -> list[str]:
    return sorted(ids, key=state.signup.__getitem__)


def _targets(effective: Mapping[str, ChatChoice], verb: ChatVerb) -> frozenset[str]:
    return frozenset(c.target for c in effective.values() if c.verb is verb and c.target)


def _remember(
    state: ChatState,
    effective: Mapping[str, ChatChoice],
    visited: Mapping[str, str],
    told: list[Any],
    turned: Mapping[str, ChatRole],
) -> dict[str, Any]:
    """The facts the night leaves: the order of the turned (C-LIFE-5), the visits for
    C-NIGHT-1e, the spent self-heal (C-NIGHT-2), what checks and visits told."""
    self_heals = {a for a, c in effective.items() if c.verb is ChatVerb.HEAL and c.target == a}
    knows = {k: dict(v) for k, v in state.knows.items()}
    seen = {k: dict(v) for k, v in state.seen.items()}
    for e in told:
        if isinstance(e, Learned):
            knows.setdefault(e.who, {})[e.about] = e.what
        elif isinstance(e, Visitors):
            seen.setdefault(e.hobo, {})[e.target] = e.visitors
    return {
        "turned": state.turned + tuple(_in_signup(state, turned)),
        "last_visit": FrozenMap(visited),
        "self_healed": state.self_healed | self_heals,
        "knows": FrozenMap({k: FrozenMap(v) for k, v in knows.items()}),
        "seen": FrozenMap({k: FrozenMap(v) for k, v in seen.items()}),
    }


def _morning(state: ChatState) -> Morning:
    """C-NIGHT-9: the living and their count by role without names (hidden with the roles,
    C-LIFE-6)."""
    living = state.living()
    counts = Counter([p.role for p in living])
    shown = tuple(counts.items()) if state.options.roles_public else ()
    return Morning(tuple([p.id for p in living]), shown)
