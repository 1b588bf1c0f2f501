"""Delivering a start and an abort on Discord: the public commitment and day 1 in the game's
channel, a role card by DM to each player (closed DMs: told publicly to use ``/mafia role``,
never why), and at an abort the reveal with the draw's proof (R-LIFE-3, R-LIFE-6)."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence

import discord

from cogs.game.cards import role_card
from cogs.game.lobby import options_of
from cogs.game.lobby_post import game_title
from cogs.game.my_move import my_move_view
from cogs.game.player_locale import dm_locales
from cogs.game.results import reveal_lines
from cogs.game.server import ANNOUNCEMENTS
from cogs.game.start import BalanceRefused, Started, day_opens_at, role_list_for
from cogs.game.table import channel_for
from cogs.game.town.post import END_PICTURE, end_town, with_town
from db.games import GameInfo, PlayerInfo
from db.guild_settings import get_settings
from db.outbox import Effect, post
from engine import GameState
from locales import t

__all__ = ["announce_start", "proof", "reveal_effects", "role_list_text", "verify_args"]

log = logging.getLogger(__name__)
NONE = discord.AllowedMentions.none()


def role_list_text(game: GameInfo, players: int, locale: object) -> str:
    """The role list the start would deal for ``players`` (R-BAL), or why it does not fit."""
    chosen = "roles" in (game.roles or {})
    head = t(locale, "roles-chosen" if chosen else "roles-proposed", count=players)
    try:
        role_list = role_list_for(game, players)
    except BalanceRefused as refused:
        return head + "\n" + refused.text(locale)
    counts = Counter((slot.role, slot.faction) for slot in role_list.slots)
    options = [t(locale, "option-multifunctional-child")] if options_of(game) else []
    lines = [
        t(
            locale,
            "roles-line",
            role=t(locale, f"role-{role}"),
            faction=t(locale, f"faction-{faction}"),
            count=n,
        )
        for (role, faction), n in counts.items()
    ]
    return "\n".join([head, *lines, *options])  # R-LIFE-3: the options with the balance


async def announce_start(client: discord.Client, started: Started) -> list[str]:
    """Post the commitment and day 1, send the role cards; returns the names whose card could
    not be delivered (closed DMs), for the host. With an acquaintance the cards wait for its
    end (R-LIFE-2, cogs.game.acquaintance): only the commitment and the acquaintance now."""
    game = started.game
    locale = (await get_settings(game.guild_id)).language
    target = await channel_for(game, ANNOUNCEMENTS)
    assert target is not None
    channel = client.get_partial_messageable(target, guild_id=game.guild_id)
    sealed = [t(locale, "start-commitment", commitment=started.commitment)]
    if started.state.multifunctional_child:  # R-LIFE-3: announced, and committed
        sealed.append(t(locale, "option-multifunctional-child"))
    await channel.send("\n".join(sealed), allowed_mentions=NONE)
    opens = day_opens_at(game)
    undelivered = []
    if opens is None:
        undelivered = await send_cards(client, game, started.state, started.players)
    if game.votes_deadline is not None:
        until = int(game.votes_deadline.announced_at.timestamp())
        text = (
            t(locale, "start-acquaintance", opens=int(opens.timestamp()), until=until)
            if opens is not None
            else t(locale, "start-day-one", until=until)
        )
        await channel.send(text, allowed_mentions=NONE)
    return undelivered


async def send_cards(
    client: discord.Client, game: GameInfo, state: GameState, signed: Sequence[PlayerInfo]
) -> list[str]:
    """Each player's role card by DM (R-LIFE-4); a closed DM is said in public to use
    ``/mafia role``, never why. Returns the names whose card found no DM."""
    locale = (await get_settings(game.guild_id)).language
    target = await channel_for(game, ANNOUNCEMENTS)
    assert target is not None
    channel = client.get_partial_messageable(target, guild_id=game.guild_id)
    undelivered: list[str] = []
    language = await dm_locales(game)  # each card in its player's language (issue 19)
    for player in signed:
        pid = str(player.user_id)
        mine = language(pid)
        card = role_card(state, pid, game_title(game, mine), mine)
        try:
            user = client.get_user(player.user_id) or await client.fetch_user(player.user_id)
            await user.send(embed=card, view=my_move_view(game.id, mine))
        except discord.HTTPException as error:  # 50007: DMs closed; never said publicly why
            log.info("game %s: no role card for %s: %s", game.id, player.user_id, error)
            undelivered.append(player.name)
            await channel.send(
                t(locale, "start-dm-closed", player=f"<@{player.user_id}>"),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
    return undelivered


async def reveal_effects(game: GameInfo, state: GameState | None) -> list[Effect]:
    """The host's end, said in the announcements with every role: an outbox row."""
    locale = (await get_settings(game.guild_id)).language
    target = await channel_for(game, ANNOUNCEMENTS)
    if target is None:
        return []
    lines = [t(locale, "end-by-host")]
    if state is not None:
        lines += ["", f"**{t(locale, 'end-reveal-title')}**"]
        lines += reveal_lines(state, locale)
    # The draw's proof and the full log follow in the post-game thread (cogs.game.post_game).
    posts = [post(target, "\n".join(lines)[:2000], key=f"end-by-host:{game.id}")]
    if state is None:
        return posts
    return await with_town(game.guild_id, posts, end_town(state, locale), END_PICTURE)


def proof(game: GameInfo, state: GameState | None, seed: str, locale: object) -> str:
    """The draw's proof after the game: the seed and the command that recomputes the deal."""
    assert state is not None
    return t(locale, "end-seed", **verify_args(game, state, seed))


def verify_args(game: GameInfo, state: GameState, seed: str) -> dict[str, str]:
    """The inputs of ``python -m engine.draw verify`` for this game (docs/draw.md)."""
    ordered = sorted(state.players, key=lambda p: p.order)
    return {
        "seed": seed,
        "game": str(game.id),
        "roles": ",".join((game.roles or {}).get("roles", [])),
        # the players as drawn: a replacement (cogs.game.host_replace) renames the seat's id
        "players": ",".join((game.roles or {}).get("drawn") or [p.id for p in ordered]),
        "commitment": game.commitment or "",
        # R-LIFE-3: the option is part of the committed inputs, so the check names it
        "options": " --options multifunctional_child" if state.multifunctional_child else "",
    }
