"""Random legal play: deals that look like real games and a random policy that plays them.

Shared by the property tests (``tests/engine/test_properties.py``) and the benchmark
(``python -m engine.bench``), so the policy is written once. Pure: randomness only from the
``random.Random`` passed in, no I/O, no clock; the same seed plays the same game.

* ``random_setup(rng)`` draws a game's parameters (size, mode, lone maniac, extras, the
  multifunctional child option); ``deal_game(setup, seed)`` builds its role list with
  ``engine.forum.balance.propose`` (the R-BAL-3 preset for three-sided 20-25) and deals it with the
  fair draw ``engine.draw.deal``, then opens the game with ``new_game``.
* ``random_choices(state, rng)`` gives one phase's choices: each actor of ``actors(state)``
  picks one of its available verbs and a living target that ``check`` accepts (drawn uniformly
  among the accepted ones); now and then someone skips or gives nothing, a criminal team stays
  silent (and is sanctioned), a living player misses the vote (and is autokilled), or a player
  tries an illegal choice first (a dead actor, a dead target, a self-vote) which the
  resolver must refuse.
* ``play_step`` resolves one phase with such choices; ``play_random_game`` plays to the end.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine import draw
from engine.choices import Choice, Verb
from engine.events import Event
from engine.forum import balance
from engine.forum.checks import actors, check
from engine.forum.day import resolve_day
from engine.forum.deal import new_game
from engine.forum.night import resolve_night
from engine.forum.powers import team_of_actor
from engine.roles import TEAMS, Faction, Gun, Mode, Phase
from engine.state import GameState

_TEAM_KEYS = frozenset(t.value for t in TEAMS)
_TEAM_VERBS = frozenset({Verb.SHOOT, Verb.HIDE})


@dataclass(frozen=True)
class Setup:
    """A game's parameters, as a host would pick them (R-BAL)."""

    players: int
    mode: Mode
    maniac: bool = False  # the lone maniac (two-sided only)
    extras: tuple[str, ...] = ()  # R-BAL-4 additions, each replacing a plain citizen
    multifunctional_child: bool = False  # R-NIGHT-5c host option


@dataclass(frozen=True)
class Policy:
    """Probabilities of the random legal policy."""

    act: float = 0.93  # a player with a personal power uses it (else gives nothing)
    skip: float = 0.03  # ... or skips explicitly
    team_silent: float = 0.02  # a criminal team gives no choice at all (R-NIGHT-1 sanction)
    hide: float = 0.15  # a team with its basement left hides one of its own
    block: float = 0.25  # the woodman uses his one block tonight
    order: float = 0.7  # a hobo's taker gives an order
    vote: float = 0.985  # a living player votes (else he is autokilled, R-VOTE-4)
    focus: float = 0.7  # a vote goes to one of the day's few candidates (else anyone)
    vote_held: float = 0.95  # the day's vote is held at all
    mistake: float = 0.05  # a phase includes an illegal choice the resolver must refuse


DEFAULT_POLICY = Policy()


@dataclass(frozen=True)
class Step:
    """One resolved phase."""

    before: GameState
    choices: tuple[Choice, ...]
    vote_held: bool
    after: GameState
    events: tuple[Event, ...]


def random_setup(rng: random.Random, min_players: int = 5, max_players: int = 30) -> Setup:
    """Random parameters: two-sided with or without the lone maniac, or three-sided; now and
    then extras (the hobo, the vampire; over 25 the zombie, a second sniper or kamikaze) and
    the multifunctional child option. Always a list ``balance.propose`` accepts."""
    while True:
        players = rng.randint(min_players, max_players)
        three = rng.random() < 0.5
        mode = Mode.THREE_SIDED if three else Mode.TWO_SIDED
        maniac = not three and players >= balance.MIN_PLAYERS_WITH_MANIAC and rng.random() < 0.5
        pool = ["hobo", "vampire"]
        if players > 25:
            pool += ["zombie", "zombie", "sniper", "kamikaze"]
        extras = tuple(sorted({e for e in pool if rng.random() < 0.3}))
        setup = Setup(players, mode, maniac, extras, rng.random() < 0.3)
        for candidate in (setup, Setup(players, mode, maniac, (), setup.multifunctional_child)):
            try:
                balance.propose(players, mode.value, maniac=maniac, extras=candidate.extras)
            except balance.BalanceError:
                continue
            return candidate


def deal_game(setup: Setup, seed: bytes, game_id: str = "autoplay") -> GameState:
    """The game ``setup`` describes, dealt by the fair draw (R-LIFE-3) from ``seed``
    (16..64 bytes). Players are ``p01``, ``p02``, ... in signup order."""
    roles = balance.propose(
        setup.players,
        setup.mode.value,
        maniac=setup.maniac,
        extras=setup.extras,
    )
    ids = [f"p{i + 1:02d}" for i in range(setup.players)]
    dealt = draw.deal(seed, game_id, roles.codes(), ids)
    deal: list[tuple[str, str, str | None]] = []
    for pid in ids:
        role, _, faction = dealt[pid].partition("@")
        deal.append((pid, role, faction or None))
    return new_game(setup.mode, deal, multifunctional_child=setup.multifunctional_child)


def random_game(rng: random.Random, min_players: int = 5, max_players: int = 30) -> GameState:
    """``deal_game(random_setup(rng), seed)`` with a seed drawn from ``rng``."""
    return deal_game(random_setup(rng, min_players, max_players), rng.randbytes(32))


def pick(
    s: GameState, rng: random.Random, actor: str, verb: Verb, *, gun: Gun | None = None
) -> Choice | None:
    """A choice ``actor`` may make with ``verb``, its target drawn uniformly among the living
    players ``check`` accepts; None if there is none."""
    living = s.living()
    for p in rng.sample(living, len(living)):
        choice = Choice(actor, verb, p.id, gun)
        if check(s, choice) is None:
            return choice
    return None


def _illegal(s: GameState, rng: random.Random) -> list[Choice]:
    """An illegal choice a careless player might try first: by a dead player, at a dead one,
    or a vote for oneself (R-VOTE-3). His real choice, if any, follows (for a vote: the first
    *valid* vote stands, R-VOTE-2)."""
    dead = [p for p in s.players if not p.alive]
    living = s.living()
    if not living:
        return []
    victim = rng.choice(living)
    if s.phase is Phase.DAY and (not dead or rng.random() < 0.3):
        return [Choice(victim.id, Verb.VOTE, victim.id)]
    if not dead:
        return []
    ghost = rng.choice(dead)
    if s.phase is Phase.DAY:
        if rng.random() < 0.5:
            return [Choice(ghost.id, Verb.VOTE, victim.id)]
        return [Choice(victim.id, Verb.VOTE, ghost.id)]
    return [Choice(ghost.id, Verb.SHOOT, victim.id)]


def _night(s: GameState, rng: random.Random, policy: Policy) -> list[Choice]:
    offered = actors(s)
    out: list[Choice] = []
    # Teams (R-NIGHT-1): the team key, the don (the head zombie) or any member speaks for it.
    for team in s.teams():
        speakers = [a for a in offered if a == team.value or team_of_actor(s, a) is team]
        if not speakers:
            continue
        if team is not Faction.ZOMBIES and rng.random() < policy.team_silent:
            continue
        speaker = rng.choice(speakers)
        verbs = offered[speaker]
        if Verb.SHOOT in verbs:
            shot = pick(s, rng, speaker, Verb.SHOOT)
            if shot is not None:
                out.append(shot)
        if Verb.HIDE in verbs and rng.random() < policy.hide:
            hide = pick(s, rng, speaker, Verb.HIDE)
            if hide is not None:
                out.append(hide)
    # Personal powers: cop, sniper, lone maniac, doctor, woodman, kamikaze, vampire.
    for actor, verbs in offered.items():
        if actor in _TEAM_KEYS:
            continue
        own = verbs - _TEAM_VERBS if team_of_actor(s, actor) is not None else verbs
        own -= {Verb.SKIP}
        if not own:
            continue
        roll = rng.random()
        if roll < policy.skip:
            out.append(Choice(actor, Verb.SKIP))
            continue
        if roll > policy.act:
            continue
        for verb in sorted(own):
            if verb is Verb.BLOCK and rng.random() >= policy.block:
                continue
            if verb is Verb.FIRE:
                for g in s.guns_for_night(s.number):
                    if g.woodman == actor:
                        fire = pick(s, rng, actor, verb, gun=g.gun)
                        if fire is not None:
                            out.append(fire)
                continue
            made = pick(s, rng, actor, verb)
            if made is not None:
                out.append(made)
    return out


def _day(s: GameState, rng: random.Random, policy: Policy) -> list[Choice]:
    offered = actors(s)
    out: list[Choice] = []
    for actor, verbs in offered.items():
        for verb in sorted(verbs & {Verb.PROTECT, Verb.VOID}):  # lawyer, bouncer (R-DAY)
            roll = rng.random()
            if roll < policy.skip:
                out.append(Choice(actor, Verb.SKIP))
            elif roll <= policy.act:
                made = pick(s, rng, actor, verb)
                if made is not None:
                    out.append(made)
        if Verb.ORDER in verbs and rng.random() < policy.order:  # R-VOTE-6
            made = pick(s, rng, actor, Verb.ORDER)
            if made is not None:
                out.append(made)
    living = s.living()
    if len(living) < 2:
        return out
    candidates = rng.sample(living, min(len(living), rng.randint(1, 3)))
    for p in living:  # R-VOTE-1: every living player votes for a living other player
        if rng.random() >= policy.vote:
            continue  # he misses the vote: autokilled (R-VOTE-4)
        pool = [c for c in candidates if c.id != p.id]
        if not pool or rng.random() >= policy.focus:
            pool = [c for c in living if c.id != p.id]
        out.append(Choice(p.id, Verb.VOTE, rng.choice(pool).id))
    return out


def random_choices(
    s: GameState, rng: random.Random, policy: Policy = DEFAULT_POLICY
) -> list[Choice]:
    """One phase's choices by the random legal policy (see the module docstring). Every
    choice but the deliberate illegal ones (``policy.mistake``) passes ``check``."""
    if s.winner or (s.phase is Phase.NIGHT and s.mourning):
        return []
    made = _night(s, rng, policy) if s.phase is Phase.NIGHT else _day(s, rng, policy)
    if rng.random() < policy.mistake:
        made = _illegal(s, rng) + made
    return made


def play_step(s: GameState, rng: random.Random, policy: Policy = DEFAULT_POLICY) -> Step:
    """Resolve the current phase of ``s`` with random legal choices (``s`` is untouched)."""
    choices = random_choices(s, rng, policy)
    if s.phase is Phase.NIGHT:
        after, events = resolve_night(s, choices)
        held = True
    else:
        held = rng.random() < policy.vote_held
        after, events = resolve_day(s, choices, vote_held=held)
    return Step(s, tuple(choices), held, after, tuple(events))


def play_random_game(
    state: GameState,
    rng: random.Random,
    max_phases: int = 200,
    policy: Policy = DEFAULT_POLICY,
) -> tuple[GameState, list[Step]]:
    """Play ``state`` until a winner (or ``max_phases`` phases): the final state and the
    history of resolved phases."""
    history: list[Step] = []
    s = state
    while not s.winner and len(history) < max_phases:
        step = play_step(s, rng, policy)
        history.append(step)
        s = step.after
    return s, history


def describe(history: Sequence[Step]) -> str:
    """A readable log of a played game, for assertion messages."""
    if not history:
        return "(no phase played)"
    first = history[0].before
    lines = [
        f"{first.mode.value}, {len(first.players)} players: "
        + ", ".join(f"{p.id}={p.role.value}@{p.faction.value}" for p in first.players)
    ]
    for step in history:
        b = step.before
        head = f"{b.phase.value} {b.number}" + ("" if step.vote_held else " (no vote)")
        lines.append(
            f"{head}: "
            + "; ".join(
                f"{c.actor} {c.verb.value}"
                + (f" {c.target}" if c.target else "")
                + (f" [{c.gun.value}]" if c.gun else "")
                for c in step.choices
            )
        )
        lines.extend(f"    {e!r}" for e in step.events)
    last = history[-1].after
    lines.append(
        "alive: "
        + ", ".join(f"{p.id}={p.role.value}@{p.faction.value}" for p in last.living())
        + f"; winner: {[f.value for f in last.winner]}"
    )
    return "\n".join(lines)
