"""The rating of one game, side-aware, with openskill's Plackett-Luce model: pure, no I/O.

Each side of the game is a team: its players, and the side itself as one more member whose
rating is the side's own strength in that mode (``side:two-sided:town``), learned from the games
like a player's. A team's strength is the *mean* of its players' skills plus its side's
strength, so seven townsfolk are not seven times a mafia of three: a town win weighs as much as
the sides' strengths make it expected, and a side that usually loses gains more when it wins
(issue 22: "a town win and a mafia win weigh as the sides' strengths say, not the same for
every seat").

openskill sums its members' skills (mu) and variances; a mean is that sum over players whose
mu and sigma are divided by the team's size (the posterior of a mean of Gaussians), so each
player enters scaled and leaves scaled back. The dynamics (tau) are added before the scaling,
in the players' own units, not by the model (built with ``tau=0``).

Winners rank first; every other side shares the second place; a draw (nobody won) is one
shared place. ``display`` is the number players see: openskill's ordinal (mu − 3σ) scaled to
start at 1000.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = [
    "MU",
    "SIDE_SIGMA",
    "SIGMA",
    "Skill",
    "TeamInput",
    "display",
    "rate_game",
    "side_subject",
]

MU = 25.0
SIGMA = MU / 3
TAU = MU / 300
#: A side's strength starts at no advantage, with less doubt than a new player's skill.
SIDE_MU = 0.0
SIDE_SIGMA = MU / 6
#: The shown rating: ``ALPHA · (mu − 3σ) + TARGET`` (openskill's ordinal with alpha, target).
ALPHA = 40.0
TARGET = 1000.0

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA, tau=0.0)


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float


NEW_PLAYER = Skill(MU, SIGMA)
NEW_SIDE = Skill(SIDE_MU, SIDE_SIGMA)


@dataclass(frozen=True, slots=True)
class TeamInput:
    """One side in a game: its strength, its players' skills, whether it won."""

    side: Skill
    players: tuple[Skill, ...]
    won: bool


def side_subject(mode: str, side: str) -> str:
    return f"side:{mode}:{side}"


def display(skill: Skill) -> int:
    """The number shown for a rating (a new player: 1000)."""
    return round(_MODEL.rating(mu=skill.mu, sigma=skill.sigma).ordinal(alpha=ALPHA, target=TARGET))


def rate_game(teams: Sequence[TeamInput]) -> list[tuple[Skill, tuple[Skill, ...]]]:
    """Each team's new side strength and players' skills, in the order given. A game of fewer
    than two sides with players changes nothing."""
    playing = [team for team in teams if team.players]
    if len(playing) < 2:
        return [(team.side, team.players) for team in teams]
    entries = []
    for team in playing:
        n = len(team.players)
        members = [
            _MODEL.rating(mu=p.mu / n, sigma=math.sqrt(p.sigma**2 + TAU**2) / n)
            for p in team.players
        ]
        side = _MODEL.rating(mu=team.side.mu, sigma=math.sqrt(team.side.sigma**2 + TAU**2))
        entries.append([*members, side])
    anyone_won = any(team.won for team in playing)
    ranks = [0.0 if team.won or not anyone_won else 1.0 for team in playing]
    rated = _MODEL.rate(entries, ranks=ranks)
    out: dict[int, tuple[Skill, tuple[Skill, ...]]] = {}
    for team, new in zip(playing, rated, strict=True):
        n = len(team.players)
        players = tuple(Skill(r.mu * n, r.sigma * n) for r in new[:-1])
        out[id(team)] = (Skill(new[-1].mu, new[-1].sigma), players)
    return [out.get(id(team), (team.side, team.players)) for team in teams]
