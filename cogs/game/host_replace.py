"""Replacing a player (issue 12, ``/host replace``): a member who is not in the game takes a
living player's seat — his role, his cabinet, his history, his choices so far (a choice made
before the replacement resolves as the seat's) and his character's name, which is the seat's.

The service (:func:`replace`) renames the player's engine id (his Discord id) to the
substitute's everywhere it is stored, in one transaction with the announcement (the seat changed
hands; no role), the cabinet's notice, the host channel's line and Discord's part as outbox rows
(:func:`seat_effects`): the game's alive role and the cabinet's overwrite move from the old member
to the new one, and the substitute gets his role card by DM with its button. A crash anywhere
replays only what was not delivered (cogs.delivery).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from cogs.delivery.views import my_move_spec
from cogs.game.acquaintance import untold_until
from cogs.game.aftermath import phase_opening_effects, wake_delivery
from cogs.game.cards import cabinet_of, role_card
from cogs.game.host_common import game_language, host_log, require_host, wake
from cogs.game.lobby_post import game_title
from cogs.game.player_locale import dm_locales
from cogs.game.server import ANNOUNCEMENTS, HOST_CHANNEL, load_game_channels
from cogs.game.server.overwrites import CABINET_MEMBER
from cogs.game.start import told_role
from cogs.game.table import channel_for
from cogs.service import session
from cogs.service.session import GameSession
from cogs.support import clock as bot_clock
from cogs.support.errors import UserFacingError
from cogs.support.inert import inert
from db.errors import AlreadySignedUp
from db.games import GameInfo, GameStatus, get_game, load_state
from db.outbox import Effect, add, dm, member_roles, overwrite, post, unoverwrite
from db.seat import move_done, move_seat, pending_moves, renamed
from engine import GameState
from engine.events import HostAction
from locales import t

__all__ = [
    "Replaced",
    "finish_pending_moves",
    "rename_seat",
    "replace",
    "seat_effects",
    "substitute_member",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Replaced:
    game_id: int
    old: int
    new: int
    name: str  # the seat's character name
    cabinet: str | None  # the cabinet the seat sits in, if any


def rename_seat(state: GameState, old: str, new: str) -> GameState:
    """``state`` with player ``old`` as ``new`` wherever an id is kept; the character names are
    left alone (a name is the seat's, and could be any text)."""
    data = state.to_dict()
    players = [[new if row[0] == old else row[0], *row[1:]] for row in data.pop("players")]
    data = renamed(data, old, new)
    data["players"] = players
    return GameState.from_dict(data)


async def replace(
    game_id: int, by: int, old: int, new: int, *, by_is_server_host: bool
) -> Replaced:
    """``new`` takes ``old``'s seat. Refused: the game is not running, ``old`` is not a player
    or is dead, ``new`` already plays in it. (A bot or a non-member is refused by the command,
    which sees the server.)"""

    async def step(s: GameSession) -> Replaced:
        game = s.game
        require_host(game, by, by_is_server_host)
        if not s.running:
            raise UserFacingError("host-not-running")
        state = s.state
        player = state.player(str(old))
        if player is None:
            raise UserFacingError("host-not-player")
        if not player.alive:
            raise UserFacingError("host-replace-dead")
        if state.player(str(new)) is not None:
            raise UserFacingError("host-replace-plays")
        after = rename_seat(state, str(old), str(new))
        name = inert(player.name) if player.name else str(old)
        cabinet = cabinet_of(after, str(new))
        effects = await _said(game, by, old, new, name, None if cabinet is None else cabinet[0])
        effects += await seat_effects(game, state, after, old, new)
        drawn = [p.id for p in sorted(state.players, key=lambda p: p.order)]
        try:
            await move_seat(
                game_id,
                s.version,
                str(old),
                str(new),
                after,
                [HostAction("replace", str(new))],
                effects,
                drawn,
            )
        except AlreadySignedUp:
            raise UserFacingError("host-replace-plays") from None
        return Replaced(game_id, old, new, name, None if cabinet is None else cabinet[0])

    replaced = await session.run(game_id, step)
    wake()
    return replaced


async def _said(
    game: GameInfo, by: int, old: int, new: int, name: str, cabinet: str | None
) -> list[Effect]:
    """The replacement announced (no role), told in the seat's cabinet, and logged."""
    locale = await game_language(game)
    effects: list[Effect] = []
    announcements = await channel_for(game, ANNOUNCEMENTS)
    if announcements is not None:
        said = t(locale, "host-note-replace", name=name, old=f"<@{old}>", new=f"<@{new}>")
        effects.append(Effect("post", announcements, said))
    channels = await load_game_channels(game.id)
    if cabinet is not None and channels is not None and cabinet in channels.cabinets:
        said = t(locale, "host-cabinet-replace", name=name, new=f"<@{new}>")
        effects.append(Effect("post", channels.cabinets[cabinet], said))
    effects += await host_log(game, by, "host-replace", old=f"<@{old}>", new=f"<@{new}>")
    return effects


async def seat_effects(
    game: GameInfo, before: GameState, after: GameState, old: int, new: int, *, card: bool = True
) -> list[Effect]:
    """A replacement's Discord side, as outbox rows stored with the rename: the substitute gets
    the game's role for his seat and his cabinet's overwrite, the old member loses the game's
    roles and every cabinet's overwrite (each read back first: a repeat changes nothing), the
    substitute gets his role card by DM once (closed DMs: the host is told; he has
    ``/mafia role``), and the phase's prompt when the seat has a choice in it."""
    effects: list[Effect] = []
    channels = await load_game_channels(game.id)
    seat = after.player(str(new))
    tag = f"{game.id}:{old}:{new}"
    # R-LIFE-2: during the acquaintance nobody's role is told, and a cabinet seen is a role
    # told: his cabinet opens with everyone's at its end (acquaintance.cabinet_openings reads
    # the seat's new holder then), and so does his card.
    untold = await untold_until(game.id, bot_clock.now()) is not None
    if channels is not None and seat is not None:
        roles = channels.roles
        kind = roles.alive if seat.alive else roles.dead
        effects.append(member_roles(game.guild_id, new, add=[kind], remove=roles.ids() - {kind},
                                    key=f"seat-role:{tag}", reason="replacement"))  # fmt: skip
        effects.append(member_roles(game.guild_id, old, remove=roles.ids(),
                                    key=f"seat-unrole:{tag}", reason="replaced"))  # fmt: skip
        sits = cabinet_of(after, str(new)) if seat.alive and not untold else None
        for key, cabinet_id in channels.cabinets.items():
            if sits is not None and sits[0] == key:
                allow = CABINET_MEMBER[0].value
                effects.append(overwrite(cabinet_id, new, allow=allow, key=f"seat-cab:{tag}",
                                         reason="cabinet"))  # fmt: skip
            effects.append(unoverwrite(cabinet_id, old, key=f"seat-uncab:{tag}:{key}",
                                       reason="cabinet"))  # fmt: skip
    playing = game.status is GameStatus.RUNNING and seat is not None and seat.alive
    if card and playing and not untold:
        effects.append(await _card(game, before, after, old, new))
    if playing:  # the phase's prompt, when the seat has a choice in it (the old one's was his)
        effects += await phase_opening_effects(game, after)
    return effects


async def _card(game: GameInfo, before: GameState, after: GameState, old: int, new: int) -> Effect:
    locale = await game_language(game)
    mine = (await dm_locales(game))(str(new))  # his card in his own language (issue 19)
    told = await told_role(game, before, str(old))  # the deal's card, as the seat was told it
    card = role_card(after, str(new), game_title(game, mine), mine, told)
    host = await channel_for(game, HOST_CHANNEL)
    name = after.get(str(new)).name or str(new)
    closed = [] if host is None else [post(host, t(locale, "start-dm-closed-host", players=name),
                                           key=f"seat-card-closed:{game.id}:{old}:{new}")]  # fmt: skip
    return dm(new, "", embed=dict(card.to_dict()), view=my_move_spec(game.id, mine),
              key=f"seat-card:{game.id}:{old}:{new}", closed=closed)  # fmt: skip


async def finish_pending_moves(client: object) -> int:
    """A replacement recorded as pending by an older version of the bot (which did the server's
    part after the commit): its effects are enqueued now, keyed, then it is marked done."""
    done = 0
    for move in await pending_moves():
        try:
            game = await get_game(move.game_id)
            state = (await load_state(move.game_id)).game_state()
            effects = await seat_effects(game, state, state, move.old, move.new,
                                         card=not move.carded)  # fmt: skip
            await add(move.game_id, effects)
            await move_done(move)
            done += 1
        except Exception:  # one game's trouble must not stop the others'
            log.exception("game %s: could not finish a replacement", move.game_id)
    wake_delivery(client)
    return done


async def substitute_member(guild: discord.Guild, user: discord.abc.User) -> discord.Member:
    """The substitute as a member of the server: refused for a bot or a non-member."""
    if user.bot:
        raise UserFacingError("host-replace-bot")
    try:
        return await guild.fetch_member(user.id)
    except discord.NotFound:
        raise UserFacingError("host-replace-not-member") from None
