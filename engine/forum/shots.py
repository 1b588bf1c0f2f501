"""Bullets at one target (RULES.md R-NIGHT-5 to R-NIGHT-13): every shot fired at a player in
the night is judged together, since several rules depend on the combination (the cop and a
team at the child, the maniac and the mafia at the cop, the cop and the teams at the hobo).

``NightWork`` carries the night's working data between ``engine.forum.night`` and this module:
the state at the night's start (``pre``), the copy being changed (``s``), the events, and
the effects collected until they are applied together at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.choices import Choice, Verb
from engine.draft import Draft
from engine.events import Cause, Event, NoticeCode, VoteTaken
from engine.forum import effects
from engine.roles import (
    COP_CABINET,
    COP_LETHAL,
    CRIMINAL_TEAMS,
    Faction,
    Gun,
    Role,
    team_gun,
)
from engine.state import GameState, HeldGun, HoboControl, Player

_MISSED = {
    Gun.COP: NoticeCode.COP_MISSED,
    Gun.SNIPER: NoticeCode.SNIPER_MISSED,
    Gun.MANIAC: NoticeCode.MANIAC_MISSED,
    Gun.MAFIA: NoticeCode.MAFIA_MISSED,
    Gun.MANIACS: NoticeCode.MANIACS_MISSED,
}


@dataclass(frozen=True)
class Shot:
    """A shot fired tonight."""

    gun: Gun
    owner: str  # "cop", a team name, or the sniper's / maniac's id
    shooter: str  # who pulls the trigger: player id, team name, or the woodman
    target: str
    by_woodman: bool = False

    @property
    def team(self) -> Faction | None:
        """The criminal team whose gun this is (the horde's is not a criminal team's)."""
        return _TEAM_OF_GUN.get(self.gun)


_TEAM_OF_GUN: dict[Gun, Faction] = {Gun.MAFIA: Faction.MAFIA, Gun.MANIACS: Faction.MANIACS}


@dataclass
class Change:
    """A role change applied after the deaths (only to the living unless ``even_if_dead``)."""

    who: str
    role: Role
    faction: Faction | None = None
    join: str | None = None
    leave: str | None = None
    told: bool = True
    even_if_dead: bool = False
    notices: list[NoticeCode] = field(default_factory=list)
    learners: Sequence[tuple[str, str]] = ()  # (who learns, what)
    inherit_from: str | None = None  # vampire: take the bitten one's counters


class NightWork:
    """A night in progress: the state at its start (``pre``), the draft of the next state
    (``s``), the events, the accepted choices (indexed: the last per actor and verb, and each
    team's choice), and the effects collected until they are applied together at the end."""

    __slots__ = (
        "_final", "_members_last", "accepted", "changes", "controls", "deaths", "ev", "held",
        "hidden", "holding", "latest", "pre", "s", "steals", "tonight",
    )  # fmt: skip

    def __init__(
        self,
        pre: GameState,
        s: Draft,
        ev: list[Event],
        accepted: list[tuple[Choice, Faction | None]],
    ) -> None:
        """``accepted``: the accepted choices, each with the team its actor chooses for
        (``engine.forum.powers.team_of_actor``)."""
        self.pre, self.s, self.ev, self.accepted = pre, s, ev, accepted
        self.deaths: dict[str, Cause] = {}
        self.changes: list[Change] = []
        self.steals: list[HeldGun] = []
        self.controls: list[HoboControl] = []
        self.hidden: set[str] = set()  # in the basement tonight (R-NIGHT-2)
        latest: dict[tuple[str, Verb], Choice] = {}
        self.latest = latest
        # R-NIGHT-1, in the one pass over the choices (the later of two wins, R-TIME-4): the
        # last choice of the team's key or its lead (the don, the head zombie) is final, else
        # the last choice of any member
        final: dict[tuple[str, Verb], Choice] = {}
        members_last: dict[tuple[str, Verb], Choice] = {}
        self._final, self._members_last = final, members_last
        leads: dict[str, Faction] | None = None
        for c, team in accepted:
            verb = c.verb
            latest[(c.actor, verb)] = c
            if team is not None and (verb is Verb.SHOOT or verb is Verb.HIDE):
                members_last[(team, verb)] = c
                if leads is None:
                    leads = _leads(pre)
                if c.actor == team or leads.get(c.actor) is team:
                    final[(team, verb)] = c
        self.tonight = pre.guns_for_night(pre.number)  # the stolen guns fired tonight
        self.held: set[str] = set()  # their owners
        self.holding: set[str] = set()  # the woodmen holding them
        for g in self.tonight:
            self.held.add(g.owner)
            self.holding.add(g.woodman)

    def die(self, who: str, cause: Cause) -> None:
        self.deaths.setdefault(who, cause)

    def notice(self, code: NoticeCode) -> None:
        effects.notice(self.ev, code)

    def learn(self, who: str, about: str, what: str) -> None:
        effects.learn(self.s, self.ev, who, about, what)

    def last(self, actor: str, verb: Verb) -> Choice | None:
        return self.latest.get((actor, verb))

    def team_choice(self, team: Faction, verb: Verb) -> Choice | None:
        """R-NIGHT-1: the don's (or the team key's) last choice is final; else the last choice
        by any member."""
        final = self._final.get((team, verb))
        return final if final is not None else self._members_last.get((team, verb))


def _leads(pre: GameState) -> dict[str, Faction]:
    """The players whose choice is their team's final one: each criminal team's don, the
    head zombie."""
    leads: dict[str, Faction] = {}
    for team in CRIMINAL_TEAMS:
        don = pre.don(team)
        if don is not None:
            leads[don.id] = team
    if pre.zombie_head:
        leads[pre.zombie_head] = Faction.ZOMBIES
    return leads


def _steal(night: NightWork, woodman: str, at: list[Shot]) -> None:
    """R-NIGHT-10: the invulnerable woodman takes every gun fired at him for the next night."""
    for sh in at:
        night.steals.append(HeldGun(woodman, sh.gun, sh.owner, night.pre.number + 1))
        if sh.gun is Gun.COP:
            night.notice(NoticeCode.COP_MISSED)
            night.learn(sh.shooter, woodman, Faction.TOWN)


# What a judge makes of one shot at its target (None: neither, or dealt with at once).
LETHAL = 1  # a bullet that kills unless stopped (basement, heal, the cop's protection)
TAKER = 2  # would take the hobo's vote (R-NIGHT-12)
Verdict = int | None


def _cop_shot(night: NightWork, t: Player, sh: Shot, teams_hit: set[Faction]) -> Verdict:
    if t.faction in COP_LETHAL:
        return LETHAL  # R-NIGHT-5a
    if t.role is Role.HOBO:
        return TAKER
    if t.role is not Role.CHILD:
        night.learn(sh.shooter, t.id, Faction.TOWN)  # R-NIGHT-5b: "checked"
        night.notice(NoticeCode.COP_MISSED)  # R-NIGHT-5d
    return None


def _sniper_shot(night: NightWork, t: Player, sh: Shot, teams_hit: set[Faction]) -> Verdict:
    if t.role is Role.COP:
        # R-NIGHT-6a / 10d: loses the gun, becomes citizen, learns the cop. A shooter killed
        # this night still acted (R-NIGHT preamble): he dies a citizen.
        night.changes.append(Change(sh.shooter, Role.CITIZEN, even_if_dead=True))
        night.learn(sh.shooter, t.id, Role.COP)
        return None
    if t.role is Role.DON and t.faction in CRIMINAL_TEAMS:
        # R-NIGHT-6b (hidden or not) / 10d (the woodman joins, no public notice). R-NIGHT-8:
        # announced all the same; R-NIGHT-10: a woodman killed while holding the gun still
        # fires it, so he too dies as a member.
        notices = [] if sh.by_woodman else [NoticeCode.SNIPER_JOINED_CRIMINALS]
        night.changes.append(
            Change(
                sh.shooter,
                Role.MAFIOSO,
                t.faction,
                join=t.faction,
                even_if_dead=True,
                notices=notices,
            )  # fmt: skip
        )
        return None
    return LETHAL  # the hobo too (R-NIGHT-12); the assistant too (R-ROLE-2)


def _team_shot(night: NightWork, t: Player, sh: Shot, teams_hit: set[Faction]) -> Verdict:
    if t.role is Role.HOBO:
        return TAKER  # R-NIGHT-7b
    if t.role is not Role.CHILD:
        return LETHAL  # R-NIGHT-7 (the child: R-NIGHT-7a, in ``hit``)
    return None


def _maniac_shot(night: NightWork, t: Player, sh: Shot, teams_hit: set[Faction]) -> Verdict:
    if night.pre.is_cop_like(t.id):
        if not teams_hit:
            # R-NIGHT-8a / 10e: the shooter dies (not a bullet: no heal), the cop survives
            night.die(sh.shooter, Cause.RECOIL)
        return None
    return TAKER if t.role is Role.HOBO else LETHAL


def _zombie_shot(night: NightWork, t: Player, sh: Shot, teams_hit: set[Faction]) -> Verdict:
    if t.role is Role.CITIZEN:
        if t.id not in night.hidden:
            # R-NIGHT-13 / 10b: converts (a heal does not stop it)
            learners = [(sh.shooter, Role.ZOMBIE)] if sh.by_woodman else []
            night.changes.append(
                Change(t.id, Role.ZOMBIE, Faction.ZOMBIES, join=Faction.ZOMBIES,
                       learners=learners)
            )  # fmt: skip
        return None
    if night.pre.is_cop_like(t.id) or (t.role is Role.DON and t.faction in CRIMINAL_TEAMS):
        night.die(sh.shooter, Cause.RECOIL)  # R-NIGHT-13 / 10c
        if sh.by_woodman:
            night.learn(sh.shooter, t.id, t.role)
        return None
    return LETHAL


Judge = Callable[[NightWork, Player, Shot, set[Faction]], Verdict]
_JUDGES: dict[Gun, Judge] = {
    Gun.COP: _cop_shot,
    Gun.SNIPER: _sniper_shot,
    Gun.MAFIA: _team_shot,
    Gun.MANIACS: _team_shot,
    Gun.MANIAC: _maniac_shot,
    Gun.ZOMBIE: _zombie_shot,
}


def _hobo(night: NightWork, lethal: list[Shot], takers: list[Shot], cop_shots: list[Shot]) -> None:
    """R-NIGHT-12: the cop beats the other takers; hit by two takers and not the cop (both
    teams, or the mafia and the lone maniac), the hobo dies unless healed (the pair are
    bullets), and then nobody takes the vote."""
    for sh in takers:
        if sh.gun is Gun.COP:
            night.notice(NoticeCode.COP_MISSED)
    owners = {sh.owner for sh in takers if sh.gun is not Gun.COP}
    if not cop_shots and len(owners) >= 2:
        lethal.extend(takers)
        takers.clear()


def hit(night: NightWork, target: str, at: list[Shot], healed: set[str]) -> None:
    """Every shot fired at one target, together (several rules depend on the combination)."""
    t = night.pre.get(target)
    role = t.role
    if role is Role.WOODMAN and t.id not in night.holding:
        _steal(night, t.id, at)  # R-NIGHT-6c, 7c, 8b, 10
        return
    cop_shots: list[Shot] = []
    teams_hit: set[Faction] = set()
    for sh in at:
        if sh.gun is Gun.COP:
            cop_shots.append(sh)
        if sh.team is not None:
            teams_hit.add(sh.team)
    lethal: list[Shot] = []
    takers: list[Shot] = []  # R-NIGHT-12: would take the hobo's vote
    for sh in at:
        verdict = _JUDGES[sh.gun](night, t, sh, teams_hit)
        if verdict is LETHAL:
            lethal.append(sh)
        elif verdict is TAKER:
            takers.append(sh)
    if role is Role.HOBO:
        _hobo(night, lethal, takers, cop_shots)
    if role is Role.CHILD and ((cop_shots and teams_hit) or len(teams_hit) >= 2):
        # R-NIGHT-5c, 7a: dies of two shots; a heal does not save it; no notice
        first = sorted(teams_hit)[0]
        night.die(t.id, Cause.of_gun(team_gun(first)))
        return
    # R-NIGHT-5b: the cop's bullet protects any town player as a heal does, the child included:
    # 5c overrides that only for a criminal team's shot (the child then dies, above), so the
    # sniper's, the lone maniac's or the zombie's bullet at a child the cop shot is stopped.
    cop_protected = bool(cop_shots) and t.faction is Faction.TOWN
    if lethal and _lethal(night, t, lethal, healed, cop_protected):
        return
    if role is Role.HOBO and takers:
        taker = next((sh for sh in takers if sh.gun is Gun.COP), takers[0])
        _take_vote(night, t.id, taker)
    if role is Role.CHILD:
        _child(night, t, cop_shots, teams_hit, at, healed)


def _lethal(
    night: NightWork,
    t: Player,
    lethal: list[Shot],
    healed: set[str],
    cop_protected: bool,
) -> bool:
    if t.id in night.hidden:
        # R-NIGHT-2: the basement stops every bullet; the shooter is announced to have missed.
        for sh in lethal:
            code = _MISSED.get(sh.gun)
            if code is not None:
                night.notice(code)
        return False
    if t.id in healed or cop_protected:
        # R-NIGHT-3 heal / R-NIGHT-5b cop's protection
        if t.role is Role.KAMIKAZE:
            night.notice(NoticeCode.SAVED_FROM_BULLET)  # R-NIGHT-9
        for sh in lethal:
            if sh.gun is Gun.COP:
                night.notice(NoticeCode.COP_MISSED)  # R-NIGHT-5d: healed
                break
        return False
    night.die(t.id, Cause.of_gun(lethal[0].gun))
    return True


def _take_vote(night: NightWork, hobo: str, sh: Shot) -> None:
    """R-NIGHT-12, R-NIGHT-16: the taker (every member, for a team) learns the hobo."""
    day = night.pre.number + 1
    if sh.by_woodman:
        kind, who = "player", sh.shooter  # decision: the woodman who fired takes the vote
    elif sh.gun is Gun.COP:
        kind, who = "cop", sh.shooter
    elif sh.team is not None:
        kind, who = "team", sh.team
    else:
        kind, who = "player", sh.shooter
    night.controls.append(HoboControl(hobo, kind, who, day))
    night.ev.append(VoteTaken(hobo, "cop" if kind == "cop" else who, day))
    if kind == "team":
        for m in night.pre.members(Faction(who)):
            night.learn(m.id, hobo, Role.HOBO)
    else:
        night.learn(who, hobo, Role.HOBO)


def _child(
    night: NightWork,
    t: Player,
    cop_shots: list[Shot],
    teams_hit: set[Faction],
    at: list[Shot],
    healed: set[str],
) -> None:
    if teams_hit:
        # R-NIGHT-7a / 10a: joins the team, even if healed; everyone is told.
        team = next(iter(teams_hit))
        notices = [NoticeCode.CHILD_FOUND]
        if t.id in healed:
            notices.append(NoticeCode.DOCTOR_HEALED_HEALTHY)
        learners = [(sh.shooter, Role.MAFIOSO) for sh in at if sh.team is team and sh.by_woodman]
        night.changes.append(
            Change(t.id, Role.MAFIOSO, team, join=team, notices=notices, learners=learners)
        )
        return
    if cop_shots:
        night.notice(NoticeCode.COP_MISSED)  # R-NIGHT-5d
        for sh in cop_shots:
            night.learn(sh.shooter, t.id, Faction.TOWN)  # the cop is told "town"
        if night.pre.multifunctional_child:
            # R-NIGHT-5c option: joins the cop's cabinet as an assistant, and is told.
            night.changes.append(Change(t.id, Role.ASSISTANT, join=COP_CABINET))
        else:
            night.changes.append(Change(t.id, Role.CITIZEN, told=False))  # not told
