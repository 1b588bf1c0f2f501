"""Opening a game: ``new_game(mode, deal, ...)`` checks the deal and builds the first state.

A deal no game can start from is refused with ``InvalidDeal`` and a message that names the
player and the problem: an unknown role or faction, a role in a faction it cannot have
(``cop@mafia``, ``don@town``), a faction the mode does not have (the lone maniac in a
three-sided game, the ``maniacs`` team in a two-sided one), a criminal team without a don, a
player id that is a team's key, a duplicate id, a start night below 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.draft import Draft
from engine.errors import InvalidDeal
from engine.forum import effects
from engine.frozen import FrozenMap
from engine.roles import COP_CABINET, CRIMINAL_TEAMS, Faction, Mode, Phase, Role, default_faction
from engine.state import TEAM_KEYS, GameState, Player, frozen_knows

Deal = Sequence[tuple[str, Role | str] | tuple[str, Role | str, Faction | str | None]]

#: Factions each mode has (section 1): the lone maniac is two-sided only, the maniacs team
#: three-sided only.
MODE_FACTIONS: dict[Mode, frozenset[Faction]] = {
    Mode.TWO_SIDED: frozenset({Faction.TOWN, Faction.MAFIA, Faction.MANIAC, Faction.ZOMBIES}),
    Mode.THREE_SIDED: frozenset({Faction.TOWN, Faction.MAFIA, Faction.MANIACS, Faction.ZOMBIES}),
}
#: Roles bound to factions. The citizen may be of any faction (a stripped role keeps its
#: faction, R-NIGHT-15); every other role not listed here is a town role.
_ROLE_FACTIONS: dict[Role, frozenset[Faction]] = {
    Role.DON: frozenset(CRIMINAL_TEAMS),
    Role.MAFIOSO: frozenset(CRIMINAL_TEAMS),
    Role.MANIAC: frozenset({Faction.MANIAC}),
    Role.ZOMBIE: frozenset({Faction.ZOMBIES}),
}
#: Ids a player may not have: they are the keys of the teams' and the cop's cabinet's choices.
RESERVED_IDS: frozenset[str] = TEAM_KEYS | {COP_CABINET}


def _player(mode: Mode, order: int, entry: Sequence[object], name: str | None) -> Player:
    pid, role_code = entry[0], entry[1]
    faction_code = entry[2] if len(entry) > 2 else None
    if not isinstance(pid, str) or not pid:
        raise InvalidDeal(f"player {order + 1}: the id must be a non-empty string")
    if pid in RESERVED_IDS:
        raise InvalidDeal(f"player id {pid!r} is reserved: it names a team or a cabinet")
    try:
        role = Role(str(role_code))
    except ValueError:
        raise InvalidDeal(f"unknown role {role_code!r} for {pid!r}") from None
    try:
        faction = (
            default_faction(role, mode) if faction_code is None else Faction(str(faction_code))
        )
    except ValueError:
        raise InvalidDeal(f"unknown faction {faction_code!r} for {pid!r}") from None
    allowed = _ROLE_FACTIONS.get(role, frozenset({Faction.TOWN}))
    if role is not Role.CITIZEN and faction not in allowed:
        raise InvalidDeal(f"{pid!r}: a {role.value} cannot be of faction {faction.value}")
    if faction not in MODE_FACTIONS[mode]:
        raise InvalidDeal(f"{pid!r}: a {mode.value} game has no faction {faction.value}")
    return Player(pid, role, faction, order, name=name or pid)


def _players(mode: Mode, deal: Deal, names: Mapping[str, str]) -> tuple[Player, ...]:
    players: list[Player] = []
    seen: set[str] = set()
    for order, entry in enumerate(deal):
        p = _player(mode, order, entry, names.get(str(entry[0])))
        if p.id in seen:
            raise InvalidDeal(f"duplicate player {p.id!r}")
        seen.add(p.id)
        players.append(p)
    for team in CRIMINAL_TEAMS:
        members = [p for p in players if p.faction is team]
        if members and not any(p.role is Role.DON for p in members):
            raise InvalidDeal(f"the {team.value} team has no don (R-ROLE-4)")
    return tuple(players)


def _opening(
    players: Sequence[Player],
) -> tuple[dict[str, tuple[str, ...]], dict[str, dict[str, str]]]:
    """R-LIFE-4: cabinets opened to their members; they know each other's roles (R-NIGHT-16)."""
    cabinets: dict[str, tuple[str, ...]] = {}
    for team in (Faction.MAFIA, Faction.MANIACS, Faction.ZOMBIES):
        members = tuple(p.id for p in players if p.faction is team)
        if members:
            cabinets[team.value] = members
    cop_cabinet = tuple(p.id for p in players if p.role in (Role.COP, Role.ASSISTANT))
    if cop_cabinet:
        cabinets[COP_CABINET] = cop_cabinet
    roles = {p.id: p.role.value for p in players}
    knows: dict[str, dict[str, str]] = {p.id: {} for p in players}
    for members in cabinets.values():
        for a in members:
            knows[a].update((b, roles[b]) for b in members if b != a)
    return cabinets, knows


def new_game(
    mode: Mode | str,
    deal: Deal,
    *,
    multifunctional_child: bool = False,
    dead: Iterable[str] = (),
    names: Mapping[str, str] | None = None,
    number: int = 1,
    phase: Phase = Phase.DAY,
) -> GameState:
    """Create a game from a role deal: ``(player_id, role[, faction])`` in signup order.

    Opens the cabinets and the knowledge they give (R-LIFE-4, R-NIGHT-16). The game starts at
    day 1 (``number`` / ``phase``: a scenario starting later). ``dead`` marks players already
    out (for scenarios that start mid-game); ``names`` gives character names by id (default:
    the id). Raises ``InvalidDeal`` for a deal no game can start from."""
    try:
        mode = Mode(mode)
    except ValueError:
        raise InvalidDeal(f"unknown mode {mode!r}") from None
    if not isinstance(multifunctional_child, bool):
        raise InvalidDeal("multifunctional_child must be true or false")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise InvalidDeal(f"the first night / day number must be 1 or more, not {number!r}")
    players = _players(mode, deal, names or {})
    ids = {p.id for p in players}
    out = set(dead)
    if out - ids:
        raise InvalidDeal(f"unknown dead players {sorted(out - ids)}")
    players = tuple(p._replace(alive=False) if p.id in out else p for p in players)
    cabinets, knows = _opening(players)
    state = GameState(
        mode=mode,
        players=players,
        phase=phase,
        number=number,
        multifunctional_child=multifunctional_child,
        cabinets=FrozenMap(cabinets),
        knows=frozen_knows(knows),
    )
    draft = Draft(state)
    effects.successions(draft, [])
    return draft.freeze()
