"""Replacing a player (issue 12, ``/host replace``): a member who is not in the game takes a
living player's seat — his role, his cabinet, his history, his choices so far (a choice made
before the replacement resolves as the seat's) and his character's name, which is the seat's.

The service (:func:`replace`) renames the player's engine id (his Discord id) to the
substitute's everywhere it is stored, in one transaction with the announcement (the seat changed
hands; no role), the cabinet's notice and the host channel's line (db.seat). Discord's part
follows (:func:`move_on_server`): the game's alive role and the cabinet's overwrite move from
the old member to the new one, and the substitute gets his role card by DM with its button.
That part is recorded as pending in the rename's transaction and done idempotently, so the
start finishes what a crash cut off (:func:`finish_pending_moves`, from cogs.game.workers).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from cogs.game import server
from cogs.game.acquaintance import untold_until
from cogs.game.aftermath import open_phase
from cogs.game.cards import cabinet_of, role_card
from cogs.game.host_common import game_language, host_log, require_host, wake
from cogs.game.lobby_post import game_title
from cogs.game.my_move import my_move_view
from cogs.game.server import ANNOUNCEMENTS, load_game_channels
from cogs.game.start import told_role
from cogs.game.table import channel_for
from cogs.game.threads import nonce
from cogs.service import session
from cogs.service.session import GameSession
from cogs.support import clock as bot_clock
from cogs.support.errors import UserFacingError
from cogs.support.inert import inert
from db.errors import AlreadySignedUp
from db.games import GameInfo, GameStatus, get_game, load_state
from db.outbox import Effect
from db.seat import SeatMove, mark_carded, move_done, move_seat, pending_moves, renamed
from engine import GameState
from engine.events import HostAction
from locales import t

__all__ = [
    "Replaced",
    "finish_move",
    "finish_pending_moves",
    "move_on_server",
    "rename_seat",
    "replace",
    "send_card",
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


async def move_on_server(
    client: discord.Client, guild: discord.Guild, replaced: Replaced, substitute: discord.Member
) -> bool:
    """The server's part of a replacement, right after it (:func:`finish_move`). Returns
    whether the card was delivered (closed DMs: he can use ``/mafia role``)."""
    move = SeatMove(replaced.game_id, replaced.old, replaced.new)
    return await finish_move(client, guild, move, substitute)


async def finish_move(
    client: discord.Client,
    guild: discord.Guild,
    move: SeatMove,
    substitute: discord.Member | None = None,
) -> bool:
    """A replacement's Discord side, safe to repeat (at the start, after a crash cut it off):
    the substitute gets the game's role for his seat and his cabinet's overwrite, the old
    member (if still on the server and out of the game) loses the game's roles and every
    cabinet's overwrite, and the substitute gets his role card by DM once. Marked done in
    db.seat. Returns whether the card was delivered (now or before)."""
    game = await get_game(move.game_id)
    state = (await load_state(move.game_id)).game_state()
    seat = state.player(str(move.new))
    channels = await load_game_channels(move.game_id)
    if substitute is None:
        found = await server.fetch_members(guild, [move.new])
        substitute = found[0] if found else None
    if channels is not None:
        if substitute is not None and seat is not None:
            kind = server.ALIVE if seat.alive else server.DEAD
            await server.give_game_role(substitute, channels.roles, kind)
        gone = [] if state.player(str(move.old)) else await server.fetch_members(guild, [move.old])
        for old_member in gone:
            await server.set_game_roles(old_member, channels.roles, remove=channels.roles.ids())
        sits = cabinet_of(state, str(move.new)) if seat is not None and seat.alive else None
        for key, cabinet_id in channels.cabinets.items():
            cabinet = guild.get_channel(cabinet_id)
            if not isinstance(cabinet, discord.TextChannel):
                continue
            if substitute is not None and sits is not None and sits[0] == key:
                await server.add_to_cabinet(cabinet, substitute)
            has = {target.id for target in cabinet.overwrites}
            for old_member in gone:
                if old_member.id in has:
                    await server.remove_from_cabinet(cabinet, old_member)
    carded = move.carded
    playing = game.status is GameStatus.RUNNING and seat is not None and seat.alive
    if not carded and substitute is not None and playing:
        carded = await send_card(client, move.game_id, substitute, nonce=_card_nonce(move))
        await mark_carded(move)  # closed DMs too: he has /mafia role, the card is not retried
    if playing:  # the phase's prompt, when the seat has a choice in it (the old one's was his)
        await open_phase(client, move.game_id)
    await move_done(move)
    return carded


def _card_nonce(move: SeatMove) -> str:
    return nonce(f"seat-card:{move.game_id}:{move.old}:{move.new}")


async def finish_pending_moves(client: discord.Client) -> int:
    """The start's catch-up: every replacement a crash cut off is finished; returns how many."""
    done = 0
    for move in await pending_moves():
        try:
            game = await get_game(move.game_id)
            guild = client.get_guild(game.guild_id)
            if guild is None:
                continue  # the bot is not on that server (now): the next start tries again
            await finish_move(client, guild, move)
            done += 1
        except Exception:  # one game's trouble must not stop the others'
            log.exception("game %s: could not finish a replacement", move.game_id)
    return done


async def send_card(
    client: discord.Client, game_id: int, member: discord.Member, *, nonce: str
) -> bool:
    """The seat's role card, by DM, with its button (cogs.game.my_move); ``nonce``: Discord's
    enforce_nonce makes a repeat within minutes (a crash before the mark) the same message."""
    if await untold_until(game_id, bot_clock.now()) is not None:
        return True  # R-LIFE-2: his card comes with everyone's at the acquaintance's end
    game = await get_game(game_id)
    state = (await load_state(game_id)).game_state()
    locale = await game_language(game)
    told = await told_role(game, state, str(member.id))
    card = role_card(state, str(member.id), game_title(game, locale), locale, told)
    try:
        await member.send(embed=card, view=my_move_view(game_id, locale), nonce=nonce)
    except discord.HTTPException as error:  # 50007: closed DMs
        log.info("game %s: no role card for the substitute %s: %s", game_id, member.id, error)
        return False
    return True


async def substitute_member(guild: discord.Guild, user: discord.abc.User) -> discord.Member:
    """The substitute as a member of the server: refused for a bot or a non-member."""
    if user.bot:
        raise UserFacingError("host-replace-bot")
    try:
        return await guild.fetch_member(user.id)
    except discord.NotFound:
        raise UserFacingError("host-replace-not-member") from None
