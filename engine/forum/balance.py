"""Balance of sides (R-BAL): the role list of a game, the presets, proposals and validation.

Why a module of its own: the host edits the role list before the draw (R-BAL-5), so the bot
needs one place that (a) proposes a sensible list for any player count and mode and (b) says,
with stable codes the cogs translate, what is wrong with a list a host typed. Pure: no I/O,
no randomness; role and faction codes are the plain strings of RULES.md section 1 (this module
deliberately does not import the rest of the engine).

A role list is a sequence of slots ``role@faction``; its order is the order the draw
(``engine.draw``) shuffles, so it is part of the draw's commitment.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, get_args

Mode = Literal["two-sided", "three-sided"]
MODES: tuple[str, ...] = get_args(Mode)

TOWN = "town"
MAFIA = "mafia"
MANIACS = "maniacs"
LONE_MANIAC = "maniac"
ZOMBIES = "zombies"
FACTIONS: frozenset[str] = frozenset({TOWN, MAFIA, MANIACS, LONE_MANIAC, ZOMBIES})
CRIMINAL_TEAMS: tuple[str, ...] = (MAFIA, MANIACS)  # RULES section 1: "criminals"

TOWN_ROLES: frozenset[str] = frozenset(
    {
        "citizen", "cop", "assistant", "doctor", "child", "lawyer", "bouncer", "sniper",
        "woodman", "kamikaze", "vampire", "hobo",
    }
)  # fmt: skip
# The faction(s) each role may start the game in (RULES section 1; the vampire starts `town`).
START_FACTIONS: dict[str, frozenset[str]] = {
    **{role: frozenset({TOWN}) for role in TOWN_ROLES},
    "don": frozenset(CRIMINAL_TEAMS),
    "mafioso": frozenset(CRIMINAL_TEAMS),
    "maniac": frozenset({LONE_MANIAC}),
    "zombie": frozenset({ZOMBIES}),
}
ROLES: frozenset[str] = frozenset(START_FACTIONS)

# Roles the rules speak of in the singular ("the cop", "the lawyer", ...): at most one per game.
# The don is unique per team (checked separately). Decision: the hobo is unique too.
UNIQUE_ROLES: frozenset[str] = frozenset(
    {"cop", "assistant", "doctor", "child", "lawyer", "bouncer", "woodman", "vampire", "hobo",
     "maniac", "zombie"}
)  # fmt: skip
# R-BAL-4: over 25 players "a second sniper, a second kamikaze" may be added.
TWICE_OVER_25: frozenset[str] = frozenset({"sniper", "kamikaze"})
ZOMBIE_MIN_PLAYERS = 26  # R-BAL-4 / original: the zombie "may be introduced above 25 players"

# R-BAL-5: most important town roles first: cop, doctor, then the others in the order of the
# R-BAL-3 table's fullest row (25 players). The vampire and hobo are irregular: never proposed.
TOWN_PRIORITY: tuple[str, ...] = (
    "cop", "doctor", "assistant", "sniper", "lawyer", "bouncer", "woodman", "kamikaze",
)  # fmt: skip

# Decision: the smallest games the bot proposes or accepts. Two-sided: 4 (1 don vs cop, doctor
# and one more); three-sided: 5 (one player per team vs three town); a lone maniac needs 6 so
# that the town still outnumbers the criminals (R-BAL-1 with the maniac taken from the town).
MIN_PLAYERS: dict[str, int] = {"two-sided": 4, "three-sided": 5}
MIN_PLAYERS_WITH_MANIAC = 6


@dataclass(frozen=True)
class Slot:
    """One card of the deck: a role and the faction it starts in."""

    role: str
    faction: str

    @property
    def code(self) -> str:
        """``role@faction``, the form of the scenario format and of the draw's role list."""
        return f"{self.role}@{self.faction}"


@dataclass(frozen=True)
class RoleList:
    """A game's deck (one slot per player) and the criminal teams that have a basement."""

    slots: tuple[Slot, ...]
    basements: frozenset[str] = field(default_factory=frozenset)  # R-NIGHT-2, R-BAL-2

    def __len__(self) -> int:
        return len(self.slots)

    def codes(self) -> tuple[str, ...]:
        """The slots as ``role@faction`` strings, in order: the input of ``engine.draw``."""
        return tuple(slot.code for slot in self.slots)

    def count(self, role: str, faction: str | None = None) -> int:
        return sum(1 for s in self.slots if s.role == role and faction in (None, s.faction))

    def team(self, faction: str) -> tuple[Slot, ...]:
        return tuple(s for s in self.slots if s.faction == faction)


class BalanceError(ValueError):
    """No list can be proposed; ``codes`` are stable problem codes (see ``validate``)."""

    def __init__(self, codes: Sequence[str], message: str = "") -> None:
        self.codes = tuple(codes)
        super().__init__(message or ", ".join(self.codes))


def _default_faction(role: str) -> str:
    """The faction a role starts in when none is written: criminals default to ``mafia``."""
    allowed = START_FACTIONS.get(role, frozenset({TOWN}))
    return MAFIA if MAFIA in allowed else min(allowed)


def parse(codes: Iterable[str], basements: Iterable[str] | None = None) -> RoleList:
    """Build a list from ``role`` / ``role@faction`` strings (the scenario format's notation).

    Without ``@`` a role gets its usual faction; ``don`` and ``mafioso`` default to ``mafia``.
    ``basements`` defaults to every criminal team present (R-BAL-2; the original's mafia
    "usually" has one). Unknown codes are kept as given so that ``validate`` reports them.
    """
    slots: list[Slot] = []
    for raw in codes:
        text = raw.strip()
        role, sep, faction = text.partition("@")
        if not sep:
            faction = _default_faction(role)
        slots.append(Slot(role, faction))
    if basements is None:
        present = {s.faction for s in slots}
        basements = [team for team in CRIMINAL_TEAMS if team in present]
    return RoleList(tuple(slots), frozenset(basements))


def _team(faction: str, size: int) -> list[Slot]:
    """A criminal team: one don and size-1 mafiosi (R-BAL-3 "each team = 1 don + N-1")."""
    return [Slot("don", faction)] + [Slot("mafioso", faction)] * (size - 1)


def _town(roles: Sequence[str], citizens: int) -> list[Slot]:
    """Town slots: the power roles, then the citizens, one of which is the child (R-BAL-3)."""
    slots = [Slot(role, TOWN) for role in roles]
    if citizens >= 2:  # decision: a lone citizen stays plain (the child needs company)
        slots += [Slot("citizen", TOWN)] * (citizens - 1) + [Slot("child", TOWN)]
    else:
        slots += [Slot("citizen", TOWN)] * citizens
    return slots


# R-BAL-3, exactly as the table: players -> (town roles, citizens incl. the child, per team).
PRESET_TABLE: dict[int, tuple[tuple[str, ...], int, int]] = {
    20: (("cop", "assistant", "doctor", "lawyer", "bouncer", "vampire", "kamikaze"), 5, 4),
    21: (("cop", "sniper", "doctor", "lawyer", "bouncer", "woodman", "kamikaze"), 6, 4),
    22: (("cop", "assistant", "sniper", "doctor", "lawyer", "bouncer", "kamikaze"), 7, 4),
    23: (
        ("cop", "assistant", "sniper", "doctor", "lawyer", "vampire", "bouncer", "kamikaze"),
        7,
        4,
    ),
    24: (
        ("cop", "assistant", "sniper", "doctor", "lawyer", "bouncer", "woodman", "kamikaze"),
        6,
        5,
    ),
    25: (
        ("cop", "assistant", "sniper", "doctor", "lawyer", "bouncer", "woodman", "kamikaze"),
        7,
        5,
    ),
}


def preset(players: int) -> RoleList:
    """The R-BAL-3 three-sided preset for 20-25 players; each team has a basement."""
    if players not in PRESET_TABLE:
        raise BalanceError(["no_preset"], f"no R-BAL-3 preset for {players} players")
    roles, citizens, per_team = PRESET_TABLE[players]
    slots = _town(roles, citizens) + _team(MAFIA, per_team) + _team(MANIACS, per_team)
    return RoleList(tuple(slots), frozenset(CRIMINAL_TEAMS))


def _closest(target: float, candidates: Iterable[int]) -> int:
    """The candidate nearest to target; on a tie the smaller (cannot occur for R-BAL-1/2)."""
    return min(candidates, key=lambda c: (abs(c - target), c))


def mafia_count(players: int) -> int:
    """R-BAL-1: the mafia is the count closest to 1/3 of the players (at least one, a don).

    Decision: only counts that leave the town larger are candidates (else R-WIN-2 at once).
    """
    fair = [m for m in range(1, players + 1) if m < players - m]
    return _closest(players / 3, fair or [1])


def team_size(players: int) -> int:
    """R-BAL-2: per-team size k such that 2k is closest to 40% of the players (at least one).

    Decision: only sizes that leave the town larger than both teams together are candidates;
    this matters for 8 players only (40% of 8 is 3.2: 4 would tie the town, so 2 it is).
    """
    fair = [k for k in range(1, players + 1) if 2 * k < players - 2 * k]
    return _closest(players * 0.4, [2 * k for k in fair] or [2]) // 2


def propose(
    players: int,
    mode: Mode,
    *,
    maniac: bool = False,
    extras: Sequence[str] = (),
) -> RoleList:
    """A valid list for ``players`` in ``mode`` (R-BAL-1..5); the host may then edit it.

    - three-sided, 20-25: the R-BAL-3 preset exactly;
    - three-sided, over 25 (R-BAL-4): the 25 preset's town roles, teams sized by R-BAL-2 but
      never below the preset's 5, the rest citizens (one of them the child);
    - otherwise: criminals by R-BAL-1 (two-sided; ``maniac`` adds the lone maniac, taken from
      the town) or R-BAL-2 (three-sided), and of the town about half get power roles in
      R-BAL-5 order (cop, doctor, assistant, sniper, lawyer, bouncer, woodman, kamikaze), the
      rest citizens (one the child when there are at least two).
    ``extras`` (R-BAL-4 neutrals the players agreed: ``zombie``, a second ``sniper`` or
    ``kamikaze``, any other role) each replace one plain citizen.
    Raises ``BalanceError`` (codes as ``validate``, or ``too_few_players``/``too_many_extras``).
    """
    if mode not in MODES:
        raise BalanceError(["unknown_mode"], f"unknown mode {mode!r}")
    if maniac and mode != "two-sided":
        raise BalanceError(["maniac_in_three_sided"])
    minimum = MIN_PLAYERS_WITH_MANIAC if maniac else MIN_PLAYERS[mode]
    if players < minimum:
        raise BalanceError(["too_few_players"], f"at least {minimum} players are needed")

    if mode == "three-sided" and 20 <= players <= 25:
        slots = list(preset(players).slots)  # R-BAL-3
    else:
        criminals: list[Slot]
        if mode == "two-sided":
            criminals = _team(MAFIA, mafia_count(players))  # R-BAL-1
            if maniac:
                criminals.append(Slot("maniac", LONE_MANIAC))
        else:
            per_team = team_size(players)  # R-BAL-2
            if players > 25:
                per_team = max(per_team, PRESET_TABLE[25][2])  # R-BAL-4
            criminals = _team(MAFIA, per_team) + _team(MANIACS, per_team)
        town_size = players - len(criminals)
        town_roles: Sequence[str]
        if mode == "three-sided" and players > 25:
            town_roles = PRESET_TABLE[25][0]  # R-BAL-4: start from the 25 preset
        else:  # R-BAL-5: most important roles first, about half of the town
            town_roles = TOWN_PRIORITY[: min(len(TOWN_PRIORITY), (town_size + 1) // 2)]
        slots = _town(town_roles, town_size - len(town_roles)) + criminals

    for extra in extras:  # R-BAL-4 neutrals / additions replace plain citizens
        if Slot("citizen", TOWN) not in slots:
            raise BalanceError(["too_many_extras"])
        at = slots.index(Slot("citizen", TOWN))
        slots[at] = Slot(extra, _default_faction(extra))
    teams = [t for t in CRIMINAL_TEAMS if any(s.faction == t for s in slots)]
    result = RoleList(tuple(slots), frozenset(teams))
    problems = validate(result, mode, players=players)
    if problems:
        raise BalanceError(problems)
    return result


def _check_slots(role_list: RoleList, mode: str, add: Callable[[str], None]) -> None:
    """Roles, factions and teams (section 1, R-BAL-2, R-ROLE-4)."""
    slots = role_list.slots
    for slot in slots:
        if slot.role not in ROLES:
            add(f"unknown_role:{slot.role}")
        elif slot.faction not in START_FACTIONS[slot.role]:
            add(f"wrong_faction:{slot.code}")  # section 1: each role's starting faction
    factions = Counter(s.faction for s in slots)
    if mode == "three-sided":
        if factions[LONE_MANIAC] or any(s.role == "maniac" for s in slots):
            add("maniac_in_three_sided")  # section 1: the lone maniac is two-sided only
        teams: tuple[str, ...] = CRIMINAL_TEAMS
    else:
        if factions[MANIACS]:
            add("maniacs_team_in_two_sided")  # section 1: `maniacs` is three-sided only
        teams = (MAFIA,)
    for team in teams:
        members = role_list.team(team)
        dons = sum(1 for s in members if s.role == "don")
        if not members:
            add(f"missing_team:{team}")
        elif dons == 0:
            add(f"no_don:{team}")  # R-BAL-2, R-ROLE-4: each team has a don
        elif dons > 1:
            add(f"several_dons:{team}")
    if mode == "three-sided" and factions[MAFIA] != factions[MANIACS]:
        add("unequal_teams")  # section 1 / R-BAL-2: two equal criminal teams


def _check_counts(role_list: RoleList, total: int, add: Callable[[str], None]) -> None:
    """How many of each role, and whether the town has a game at all (R-BAL-4, R-WIN-2)."""
    slots = role_list.slots
    roles = Counter(s.role for s in slots)
    if roles["assistant"] and not roles["cop"]:
        add("assistant_without_cop")  # R-ROLE-2: the assistant shares the cop's cabinet
    for role in sorted(roles):
        limit = 1 if role in UNIQUE_ROLES else 0
        if role in TWICE_OVER_25:
            limit = 2 if total > 25 else 1  # R-BAL-4
        if limit and roles[role] > limit:
            add(f"duplicate_role:{role}")
    if roles["zombie"] and total < ZOMBIE_MIN_PLAYERS:
        add("zombie_needs_over_25")  # R-BAL-4
    factions = Counter(s.faction for s in slots)
    town = factions[TOWN]
    criminals = sum(factions[t] for t in CRIMINAL_TEAMS)
    if town == 0:
        add("no_town")
    elif criminals >= town:
        add("criminals_already_winning")  # R-WIN-2: the game would be over before it starts
    for team in sorted(role_list.basements):
        if team not in CRIMINAL_TEAMS or not factions[team]:
            add(f"basement_without_team:{team}")  # R-NIGHT-2: a basement belongs to a team


def validate(role_list: RoleList, mode: str, *, players: int | None = None) -> list[str]:
    """Every problem of a host's list, as stable codes (``code`` or ``code:detail``).

    Codes: ``unknown_mode``, ``player_count_mismatch`` (``players`` given and != len),
    ``too_few_players``, ``unknown_role:R``, ``wrong_faction:R@F``, ``missing_team:T``,
    ``no_don:T``, ``several_dons:T``, ``unequal_teams``, ``maniac_in_three_sided``,
    ``maniacs_team_in_two_sided``, ``assistant_without_cop``, ``duplicate_role:R``,
    ``zombie_needs_over_25``, ``no_town``, ``criminals_already_winning``,
    ``basement_without_team:T``. An empty list means the list is playable.
    """
    if mode not in MODES:
        return ["unknown_mode"]
    problems: list[str] = []

    def add(code: str) -> None:
        if code not in problems:
            problems.append(code)

    total = len(role_list.slots) if players is None else players
    if players is not None and players != len(role_list.slots):
        add("player_count_mismatch")
    if total < MIN_PLAYERS[mode]:
        add("too_few_players")
    _check_slots(role_list, mode, add)
    _check_counts(role_list, total, add)
    return problems
