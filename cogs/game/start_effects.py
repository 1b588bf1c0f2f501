"""What a start does on Discord, as outbox rows stored in the start's own transaction (issue 17:
"the game start's setup … every Discord effect an outbox row"): the game's setup on the server
(its roles, category and channels, the host's and players' roles: one row, db.outbox.setup), the
public commitment (R-LIFE-3), each player's role card by DM with its "my move" button (closed
DMs: a public note to use ``/mafia role`` — never why — and the host told in his channel), the
day-1 post, and the phase's opening (its thread, vote post and prompts, cogs.game.aftermath).

The posts in the game's channels depend on the setup row (``post_in(after=setup key, part=…)``):
they go once it has made the channels, into the one of their kind — or, when the bot could not
make them, into the lobby's channel. A game started without channels of its own posts there at
once. Nothing here is sent: cogs.delivery delivers, exactly once.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from cogs.delivery.views import my_move_spec
from cogs.game.aftermath import Where, phase_opening_effects
from cogs.game.cards import role_card
from cogs.game.host_deal import host_deal_chunks
from cogs.game.lobby_post import game_title
from cogs.game.player_locale import dm_locales
from cogs.game.server import ANNOUNCEMENTS, HOST_CHANNEL
from cogs.game.server.objects import plan
from db.games import GameInfo, PlayerInfo
from db.guild_settings import get_settings
from db.outbox import Effect, dm, setup_key
from db.outbox import setup as setup_row  # (a module-level "setup" would be an extension)
from engine import GameState
from locales import t

__all__ = ["card_effects", "start_effects"]


async def start_effects(
    game: GameInfo,
    state: GameState,
    signed: Sequence[PlayerInfo],
    commitment: str,
    *,
    votes_at: datetime | None,
    opens_at: datetime | None,
    on_server: bool,
) -> list[Effect]:
    """``on_server``: the game gets its own channels and roles (``/host start``); else it plays
    in its lobby's channel. ``votes_at``: day 1's announced vote deadline; ``opens_at``: when
    day 1 opens after an acquaintance (R-LIFE-2: then only the commitment and the acquaintance
    now; the cards, the host's deal, the cabinets' members and day 1's opening at its end,
    cogs.game.acquaintance)."""
    locale = (await get_settings(game.guild_id)).language
    after = setup_key(game.id) if on_server else None
    at = Where(None, game.channel_id, after)
    effects: list[Effect] = []
    if on_server:
        dead = [p.id for p in state.players if not p.alive]
        living = [p.id for p in state.players if p.alive]
        cabinets = state.cabinets if opens_at is None else {k: () for k in state.cabinets}
        effects.append(setup_row(game.guild_id, game.id,
                             plan(game.id, game.title, game.host_id, cabinets, living, dead)))  # fmt: skip
    sealed = [t(locale, "start-commitment", commitment=commitment)]
    if state.multifunctional_child:  # R-LIFE-3: announced, and committed
        sealed.append(t(locale, "option-multifunctional-child"))
    effects += at.posts(ANNOUNCEMENTS, "\n".join(sealed), f"commitment:{game.id}")
    if opens_at is None:
        effects += await card_effects(game, state, signed, at, locale)
        if after is not None:  # the host's channel only: the deal names every role
            for i, chunk in enumerate(host_deal_chunks(state, locale)):
                effects += at.posts(HOST_CHANNEL, chunk, f"host-deal:{game.id}:{i}")
    if votes_at is not None:
        until = int(votes_at.timestamp())
        text = (
            t(locale, "start-acquaintance", opens=int(opens_at.timestamp()), until=until)
            if opens_at is not None
            else t(locale, "start-day-one", until=until)
        )
        effects += at.posts(ANNOUNCEMENTS, text, f"day-one:{game.id}")
    if opens_at is None:  # with an acquaintance, day 1 opens at its end (cogs.game.acquaintance)
        effects += await phase_opening_effects(game, state, at)
    return effects


async def card_effects(
    game: GameInfo, state: GameState, signed: Sequence[PlayerInfo], at: Where, locale: str
) -> list[Effect]:
    """Each player's role card by DM (R-LIFE-4), in his own language (issue 19); a closed DM is
    said in public to use ``/mafia role`` (never why), and to the host in his channel, in the
    server's ``locale``."""
    language = await dm_locales(game)
    effects: list[Effect] = []
    for player in signed:
        pid, uid = str(player.user_id), player.user_id
        mine = language(pid)
        closed = at.posts(ANNOUNCEMENTS, t(locale, "start-dm-closed", player=f"<@{uid}>"),
                        f"card-closed:{game.id}:{pid}", mention=[uid])  # fmt: skip
        closed += at.posts(HOST_CHANNEL, t(locale, "start-dm-closed-host", players=player.name),
                         f"card-closed-host:{game.id}:{pid}")  # fmt: skip
        card = role_card(state, pid, game_title(game, mine), mine).to_dict()
        effects.append(dm(uid, "", embed=dict(card), view=my_move_spec(game.id, mine),
                          key=f"card:{game.id}:{pid}", closed=closed))  # fmt: skip
    return effects
