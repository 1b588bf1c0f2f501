"""The rules engine: pure Python, standard library only, no I/O, no clock, no randomness.

A core and rule packs. The core knows no rule: the state and its copy-on-write working copy,
choices and their one path (check, then record), the events, the draw, the clock, the names,
the scenario runner, the benchmark's tools. A pack is one rulebook's rules: ``engine.forum``
is the forum game (``shared/rules/RULES.md``, modes ``two-sided`` / ``three-sided``); a game's
mode selects its pack through ``engine.packs.pack_for(mode)``, which says how another pack
(the chat game, ``engine/chat/``) plugs in. The names below are the forum pack's, as the
Discord layer has always called them; code comments cite the rules' IDs (``# R-NIGHT-7a``).
Players are identified by string ids (snowflakes for Discord, names in scenarios).

The state is immutable: ``GameState`` is a frozen dataclass of named tuples, tuples and
read-only maps (``engine.frozen.FrozenMap``). A phase opens a ``engine.draft.Draft`` on it,
which copies only what it changes (one new ``Player`` per changed player, one map per player
who learns something), and freezes it into the next state, which shares everything else.
Look-ups (player by id, the living, each faction's members, the living by role, the dons, the
acting cop) are built per state when first asked (``engine.index``), so a phase costs time
linear in the players.

Errors (``engine.errors``): ``EngineError`` (a ``ValueError``) and its kinds ``InvalidDeal``
(``new_game``), ``InvalidState`` (``GameState.from_json`` / ``from_dict``: never a bare
``KeyError``), ``UnknownPlayer``, ``PhaseError`` (a night resolved by day...) and its kind
``GameOver`` (nothing is checked, recorded or resolved once the game has a winner), and
``HostError`` (an override that does not apply).

Public API (what the Discord layer calls)
-----------------------------------------
Create a game from a role deal (``engine.draw`` produces the deal)::

    new_game(mode, [(player_id, role[, faction]), ...], *, multifunctional_child=False,
             dead=(), names=None, number=1, phase=Phase.DAY) -> GameState
        # day 1; cabinets opened (R-LIFE-4); a deal no game can start from raises
        # InvalidDeal: cop@mafia, don@town, the lone maniac in a three-sided game, a team
        # without a don, an id that is a team's key, a number below 1

Ask who may act and with which verbs; check a choice before recording it::

    actors(state) -> dict[str, frozenset[Verb]]      # players and team names
    available_verbs(state, actor) -> frozenset[Verb]
    check(state, Choice(actor, verb, target, gun=None)) -> Refusal | None
    record(state, recorded, choice) -> tuple[list[Choice], Refusal | None]
        # check + upsert: the last choice per actor and verb wins (R-TIME-4); a second vote
        # is refused already_used (R-VOTE-2). The db may store rows instead; same rules.

Resolve a phase with the final choices (the last one per actor and verb wins; a team's
don's choice beats a member's, R-NIGHT-1), and get the events to render / store::

    resolve_night(state, choices) -> tuple[GameState, list[Event]]   # night N -> day N+1
    resolve_day(state, choices, *, vote_held=True) -> tuple[GameState, list[Event]]
                                                                     # day N -> night N

Both check the win (R-WIN) and set ``state.outcome``: ``None`` while the game goes on, else
``Outcome(winners, reason)`` with ``reason`` a ``WinReason`` naming the rule (``R-WIN-1`` ..
``R-WIN-7``, ``R-WIN-6a`` .. ``6d``, ``host:R-WIN-4``); ``state.winner`` is its list of
factions (empty while the game goes on). The same change appends ``Won(factions, reason)``.

Host overrides (``engine.forum.host``, also ``from engine import host``), each
``(state, ...) -> (state, events)``::

    continue_at_parity(state)            # R-WIN-2
    joint_criminal_win(state)            # R-WIN-4
    strip_role(state, who)               # R-SANCT-4
    cancel_next_choice(state, actor)     # R-SANCT-4, player or team
    autokill(state, who)                 # R-SANCT-4
    disqualify(state, who)               # R-SANCT-4
    name_zombie_head(state, who)         # R-NIGHT-13

Serialise::

    state.to_json() -> str;  GameState.from_json(text) -> GameState   # exact round trip
    state.to_dict() / GameState.from_dict(data)
    events.event_to_dict(event) / events.event_from_dict(data)       # the db's event log

Events (``engine.events``), frozen dataclasses: ``Died(who, cause)`` for every departure
(cause a gun name, ``kamikaze``, ``recoil``, ``duel``, ``exploded``, ``sanction``,
``disqualified``), with its subclasses ``Left(who, autokilled=False)`` (by the vote; ``autokilled`` for a
non-voter who led it, R-VOTE-4) and ``Autokilled(who)``;
``Notice(code)`` (public), ``Learned(who, about, what)``, ``RoleChanged``, ``Converted`` /
``LeftCabinet`` (cabinet membership), ``BlockResult``, ``GunStolen``, ``VoteTaken``,
``GunInherited``, ``ZombieHead``, ``DayChoiceMade``, ``VoteCast``, ``VoteVoided``,
``VoteCounted``, ``Refused``, ``HostAction``, ``Won(factions, reason)``. ``public_view(event, phase)``
is the only way an event reaches a public channel: it strips what would reveal a role.

After a day that left ``state.mourning`` set (the woodman voted out, R-VOTE-10), call
``resolve_night(state, [])`` at once: the night is cancelled and day N+1 opens.

Rules the amended RULES.md now decides (formerly open questions here), each pinned by a
scenario: the lone maniac wins when at most two remain, alone too, after a night or a day
(R-WIN-3, public 44); three-sided, a criminal against the hobo in the morning: the criminals
win (R-WIN-6d, public 42); nobody alive: the town wins, checked first (R-WIN-7, public 43); a
non-voter who leads the vote leaves by it and counts as autokilled (``Left(autokilled=True)``,
R-VOTE-4, public 45); the cop's gun belongs to the cop's cabinet, so a stolen one is kept while
an assistant lives (R-VOTE-11); without the don's choice the last choice of any member stands
(R-NIGHT-1); the multifunctional child inherits the gun after every assistant who entered the
cabinet before him (R-NIGHT-5c); the woodman may not fire any gun at himself (``own_team``,
R-NIGHT-10, public 46); the vampire takes the bitten woodman's held guns with the role
(R-NIGHT-11, public 48); the hobo hit by two takers and not the cop dies unless healed, and
nobody takes the vote (R-NIGHT-12, public 47).

Decisions where RULES.md and the original are still silent (also marked "Decision" in the
code): every night rule is evaluated against the state at the night's start (choices are
simultaneous); the woodman's block list (cop / acting assistant, don, sniper) is exhaustive;
the lone maniac's, sniper's and zombie's bullets kill the child (only criminal teams convert
it), unless the cop's bullet shields it as any town player (R-NIGHT-5b; 5c's "dies instead" is
for a criminal team's shot only); a woodman firing a stolen gun at the hobo takes the vote
himself; a gun may not be fired at its own team or owner; a team whose gun the woodman holds
can neither shoot nor hide (``no_gun``); ``skip`` is accepted from anyone (for a team it is no
choice: R-NIGHT-1 applies); a hobo's own vote equal to his order is accepted; only the acting
cop (not his assistants) learns his checks; a bitten zombie brings the vampire into the horde;
a host-cancelled choice is no skip and spares the team's sanction; a member stripped to citizen
is passed over by the don's succession; R-WIN-6 is checked after nights only; zombies alive
block the mafia's parity win (R-WIN-2), and the horde wins alone when only zombies live.

Modules of the core: ``errors``, ``frozen`` (the read-only map), ``roles`` (the codes),
``parts`` (players and the other records), ``index`` (the look-ups), ``state`` (the immutable
state and its JSON), ``draft`` (the copy-on-write working copy), ``choices`` (``Choice``,
``Verb``), ``events`` (event dataclasses, notice / refusal codes, ``public_view``), ``packs``
(a mode's rule pack), ``draw``, ``clock``, ``names``, ``scenario`` (the runner ``python -m
engine.scenario``), ``measure`` and ``bench`` (``python -m engine.bench``); ``moderation`` (a
package: the chat rulebook, R-MOD) is not rules of the game.

The forum pack, ``engine.forum``, one module per thing it decides: ``deal`` (``new_game`` and
the deal's checks), ``powers`` (who may act, with which verbs), ``checks`` (``check``,
``record``, ``available_verbs``, ``actors``), ``night`` (the night's order), ``shots`` (every
shot at one target), ``day``, ``votes`` (the tally, the hobo's orders), ``effects`` (writes
shared by the resolvers, successions), ``win``, ``host``, ``balance`` (R-BAL); ``autoplay``
(random legal play, for the property tests and the benchmark) and ``bench`` are tools.
"""

from engine.choices import Choice, Verb
from engine.errors import (
    EngineError,
    GameOver,
    HostError,
    InvalidDeal,
    InvalidState,
    PhaseError,
    UnknownPlayer,
)
from engine.events import Event, NoticeCode, Refusal, public_view
from engine.forum import balance, host
from engine.forum.checks import actors, available_verbs, check, record
from engine.forum.day import resolve_day
from engine.forum.deal import new_game
from engine.forum.host import (
    autokill,
    cancel_next_choice,
    continue_at_parity,
    disqualify,
    joint_criminal_win,
    name_zombie_head,
    strip_role,
)
from engine.forum.night import resolve_night
from engine.roles import Faction, Gun, Mode, Phase, Role
from engine.state import GameState, Outcome, Player, WinReason

__all__ = [
    "Choice",
    "EngineError",
    "Event",
    "Faction",
    "GameOver",
    "GameState",
    "Gun",
    "HostError",
    "InvalidDeal",
    "InvalidState",
    "Mode",
    "NoticeCode",
    "Outcome",
    "Phase",
    "PhaseError",
    "Player",
    "Refusal",
    "Role",
    "UnknownPlayer",
    "Verb",
    "WinReason",
    "actors",
    "autokill",
    "available_verbs",
    "balance",
    "cancel_next_choice",
    "check",
    "continue_at_parity",
    "disqualify",
    "host",
    "joint_criminal_win",
    "name_zombie_head",
    "new_game",
    "public_view",
    "record",
    "resolve_day",
    "resolve_night",
    "strip_role",
]
