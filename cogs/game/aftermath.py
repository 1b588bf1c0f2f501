"""What a change of a game does on the server beyond its posts, as outbox effects (db.outbox)
composed where the results are (cogs.game.results) and stored in the same transaction; the
delivery worker (cogs.delivery) performs them. It replaces the inline sequence that followed each
resolution (issue 17): one failing step no longer skips the others, and a crash replays only
what was not delivered.

- a death: one member edit, alive → dead role (R-SANCT-1: the dead write only in the morgue);
  the autokilled and the disqualified muted in the morgue too (R-VOTE-4, R-SANCT-4);
- a phase that opens: the day's thread (R-LIFE-5) and vote post, each actor's choice prompt;
- the end: the clean-up on the server (R-LIFE-6), after the reveal.

Every effect carries an idempotency key, so composing them again (the start's catch-up, a host
tool after a resolution) adds nothing already stored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs.delivery.views import choice_spec, vote_spec
from cogs.game.player_locale import dm_locales
from cogs.game.server import CABINET, DISCUSSION, VOTING, GameChannels, load_game_channels
from cogs.game.table import silenced_in_morgue
from cogs.game.targets import PROMPTED, offers
from db.games import GameInfo, GameStatus, get_game, load_state
from db.guild_settings import get_settings
from db.outbox import (
    Effect,
    add,
    dm,
    finish,
    member_roles,
    overwrite,
    post,
    post_in,
    thread,
    thread_in,
)
from engine import Event, GameState, Phase, Verb, actors
from engine.events import Died
from engine.forum.powers import team_of_player
from locales import t

__all__ = [
    "PROMPTED",
    "Where",
    "after_resolution_effects",
    "death_effects",
    "open_phase",
    "phase_opening_effects",
    "prompt_effects",
    "tool_effects",
    "wake_deadlines",
    "wake_delivery",
    "where",
]

MORGUE_MUTE = discord.Permissions(
    send_messages=True, send_messages_in_threads=True, add_reactions=True
).value


async def after_resolution_effects(
    game: GameInfo, before: GameState, after: GameState, events: Sequence[Event]
) -> list[Effect]:
    """What a resolution does on the server (after its posts, cogs.game.results)."""
    return await tool_effects(game, after, events) + (
        await phase_opening_effects(game, after) if after.outcome is None else []
    )


async def tool_effects(game: GameInfo, after: GameState, events: Sequence[Event]) -> list[Effect]:
    """The server's side of a change's events: the deaths' roles and mutes, or the end."""
    if after.outcome is not None:
        return [finish(game.guild_id, game.id)]
    channels = await load_game_channels(game.id)
    if channels is None:
        return []
    dead = {e.who for e in events if isinstance(e, Died)}
    return death_effects(game, channels, dead, silenced_in_morgue(events))


def death_effects(
    game: GameInfo, channels: GameChannels, dead: Iterable[str], silenced: Iterable[str]
) -> list[Effect]:
    """The dead role for each of ``dead`` (one member edit), the morgue's mute for each of
    ``silenced`` (one member overwrite)."""
    roles = channels.roles
    effects = [
        member_roles(
            game.guild_id,
            int(pid),
            add=[roles.dead],
            remove=roles.ids() - {roles.dead},
            key=f"dead:{game.id}:{pid}",
            reason=f"game {game.id}: dead",
        )  # fmt: skip
        for pid in sorted(set(dead))
        if pid.isdigit()
    ]
    effects += [
        overwrite(
            channels.morgue,
            int(pid),
            deny=MORGUE_MUTE,
            key=f"morgue-mute:{game.id}:{pid}",
            reason="autokilled (R-VOTE-4)",
        )  # fmt: skip
        for pid in sorted(set(silenced))
        if pid.isdigit()
    ]
    return effects


@dataclass(frozen=True, slots=True)
class Where:
    """Where a phase's opening goes: the game's channels as recorded, or — at the start, before
    its setup row has made them — the channels that row will make (``after``: its key), or the
    lobby's channel for a game without channels of its own."""

    channels: GameChannels | None
    lobby: int | None
    after: str | None = None

    def post(self, kind: str, content: str, **options: Any) -> Effect | None:
        if self.after is not None:
            return post_in(self.after, content, part=kind, **options)
        if self.channels is not None:
            return post(self.channels.by_kind()[kind], content, **options)
        return None if self.lobby is None else post(self.lobby, content, **options)

    def posts(self, kind: str, text: str, key: str, mention: Sequence[int] = ()) -> list[Effect]:
        """As :meth:`post`, as a list (none where it has nowhere to go)."""
        made = self.post(kind, text, key=key, mention=mention)
        return [] if made is None else [made]

    def thread(self, name: str, *, key: str, reason: str) -> Effect | None:
        if self.after is not None:
            return thread_in(self.after, DISCUSSION, name, key=key, meta=key, reason=reason)
        if self.channels is not None:
            return thread(self.channels.discussion, name, key=key, meta=key, reason=reason)
        return None  # a game without channels: its day goes on in the lobby's channel

    def cabinet(self, team: str, content: str, **options: Any) -> Effect | None:
        if self.after is not None:
            return post_in(self.after, content, part=f"{CABINET}:{team}", **options)
        cabinets = dict(self.channels.cabinets) if self.channels is not None else {}
        return post(cabinets[team], content, **options) if team in cabinets else None


async def where(game: GameInfo) -> Where:
    return Where(await load_game_channels(game.id), game.channel_id)


async def phase_opening_effects(
    game: GameInfo, state: GameState, at: Where | None = None
) -> list[Effect]:
    """The phase ``state`` is in, opened on Discord: by day its thread and vote post, and each
    actor's prompt (none in a night of mourning, R-VOTE-10). ``at``: where (default: the
    game's channels as recorded)."""
    if state.outcome is not None:
        return []
    locale = (await get_settings(game.guild_id)).language
    at = at or await where(game)
    effects: list[Effect | None] = []
    if state.phase is Phase.DAY:
        day = state.number
        key = f"daythread:{game.id}:{day}"
        name = t(locale, "day-thread", number=day)[:100]
        effects.append(at.thread(name, key=key, reason=f"game {game.id}: day {day}"))
        key = f"votepost:{game.id}:{day}"
        candidates = [(p.id, p.name or p.id) for p in state.living()]
        effects.append(at.post(VOTING, t(locale, "vote-post", number=day), key=key, meta=key,
                               view=vote_spec(game.id, day, candidates, locale)))  # fmt: skip
    if not (state.phase is Phase.NIGHT and state.mourning):
        effects += prompt_effects(game, state, at, locale, await dm_locales(game))
    return [e for e in effects if e is not None]


def prompt_effects(
    game: GameInfo,
    state: GameState,
    at: Where,
    locale: str,
    language: Callable[[str], str] | None = None,
) -> list[Effect]:
    """A prompt per actor with a choice to make (cogs.game.prompts): by DM in his own language
    (``language``: by engine id, default ``locale``), or in his team's cabinet, in the server's,
    for a criminal team. The team's choice is prompted once, in its cabinet (issue 19): a
    member's DM has only his own choices, or points to the cabinet (a game without channels, or
    whose channels are still being made, has no cabinet known: there each member's DM carries
    the team's select)."""
    phase = str(state.phase)
    cabinets = dict(at.channels.cabinets) if at.channels is not None else {}
    effects = []
    now = actors(state)
    for actor in now:
        cabinet = _team_cabinet(state, actor, cabinets, now)
        offered = offers(state, actor)  # a select per verb, one per stolen gun (R-NIGHT-10)
        if cabinet is not None:  # the team's choice: in its cabinet only
            offered = [o for o in offered if o.verb not in now[cabinet[0]]]
        key = f"prompt:{game.id}:{phase}:{state.number}:{actor}"
        if not offered:
            if cabinet is not None and actor.isdigit():
                said = locale if language is None else language(actor)
                there = t(
                    said, "prompt-in-cabinet", number=state.number, channel=f"<#{cabinet[1]}>"
                )
                effects.append(dm(int(actor), there, key=key))
            continue
        targets = {o.slot: [(p.id, p.name or p.id) for p in o.targets] for o in offered}
        said = locale if state.is_team_key(actor) or language is None else language(actor)
        spec = choice_spec(game.id, phase, state.number, targets, said)
        content = t(said, f"prompt-{phase}", number=state.number)
        if state.is_team_key(actor):
            made = at.cabinet(actor, content, key=key, meta=key, view=spec)
            effects += [made] if made is not None else []
        elif actor.isdigit():
            effects.append(dm(int(actor), content, key=key, meta=key, view=spec))
    return effects


def _team_cabinet(
    state: GameState, actor: str, cabinets: dict[str, int], now: dict[str, frozenset[Verb]]
) -> tuple[str, int] | None:
    """The team ``actor`` chooses for, and its cabinet's channel, when the team is prompted
    there now (R-NIGHT-1: a criminal team's shot; R-NIGHT-13: the horde's head)."""
    if state.is_team_key(actor):
        return None
    team = team_of_player(state, state.player(actor))
    if team is None or str(team) not in now or str(team) not in cabinets:
        return None
    return str(team), cabinets[str(team)]


async def open_phase(client: object, game_id: int) -> None:
    """Enqueue the opening of the game's current phase (a start, a seat's new holder) and wake
    the delivery (``client.outbox``); keyed, so what is stored already is not added again."""
    game = await get_game(game_id)
    if game.status is not GameStatus.RUNNING:
        return
    state = (await load_state(game_id)).game_state()
    await add(game_id, await phase_opening_effects(game, state))
    wake_delivery(client)


def wake_delivery(client: object) -> None:
    outbox = getattr(client, "outbox", None)
    if outbox is not None:
        outbox.wake()


def wake_deadlines(client: object) -> None:
    """A phase's deadlines are new or moved (a start, the acquaintance, a host's time tool): the
    scheduler and the reminders look again, so nobody is autokilled unreminded (R-VOTE-4), and
    the deal's worker, whose moment is day 1's opening (R-LIFE-2)."""
    for name in ("scheduler", "reminders", "deals"):
        worker = getattr(client, name, None)
        if worker is not None:
            worker.wake()
