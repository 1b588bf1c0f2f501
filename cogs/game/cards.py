"""Role cards (DESIGN: hidden information only in DMs, cabinets or ephemeral answers).

A player's card tells his role, his side, what the role does, his cabinet mates and what he may
do in the current phase. It is sent by DM at the start and shown again by ``/mafia role``
(ephemeral), so a player whose DMs are closed still gets it.
"""

from __future__ import annotations

import discord

from cogs.game.render import display_names, shown_name
from db.games import GameInfo
from engine import Choice, GameState, Phase, available_verbs
from engine.forum.told import as_dealt
from locales import t

__all__ = ["cabinet_of", "role_card", "status_text"]

COLOUR = discord.Colour.dark_grey()


def cabinet_of(state: GameState, pid: str) -> tuple[str, list[str]] | None:
    """The cabinet ``pid`` sits in and his mates' ids, if any."""
    for key, members in state.cabinets.items():
        if pid in members:
            return key, [m for m in members if m != pid]
    return None


def role_card(
    state: GameState,
    pid: str,
    game_title: str,
    locale: object,
    told: tuple[str, str] | None = None,
) -> discord.Embed:
    """``told``: the role and side as the player knows them (cogs.game.start.told_role), when a
    change he was not told of (R-NIGHT-5c) must stay hidden; default: the state's as the deal
    tells it (R-ROLE-3: the child's card says citizen)."""
    player = state.get(pid)
    role, faction = told or tuple(map(str, as_dealt(player.role, player.faction)))
    lines = [
        t(locale, "card-faction", faction=t(locale, f"faction-{faction}")),
        t(locale, f"card-powers-{role}"),
    ]
    cabinet = cabinet_of(state, pid)
    if cabinet is not None and cabinet[1]:
        # R-NIGHT-16: a cabinet's members know each other's roles
        mates = ", ".join(
            t(
                locale,
                "card-mate",
                name=shown_name(state.get(m)),
                role=t(locale, f"role-{state.get(m).role}"),
            )
            for m in cabinet[1]
        )
        lines.append(t(locale, "card-mates", mates=mates))
    if state.zombie_head == pid:  # R-NIGHT-13: the head gives the horde's night choice
        lines.append(t(locale, "card-zombie-head"))
    verbs = sorted(available_verbs(state, pid))
    lines.append(
        t(locale, "card-verbs", verbs=", ".join(t(locale, f"verb-{v}") for v in verbs))
        if verbs
        else t(locale, "card-no-verbs")
    )
    embed = discord.Embed(
        title=t(locale, "card-title", role=t(locale, f"role-{role}")),
        description="\n".join(lines),
        colour=COLOUR,
    )
    embed.set_footer(text=t(locale, "card-game", game=game_title))
    return embed


def status_text(game: GameInfo, state: GameState, mine: list[Choice], locale: object) -> str:
    """``/mafia status``: the phase, its deadline (a Discord timestamp), the living, and the
    user's own choices so far (ephemeral: only he sees them)."""
    names = display_names(state)
    deadline = game.votes_deadline if state.phase is Phase.DAY else game.choices_deadline
    lines = [t(locale, f"status-{state.phase}", number=state.number)]
    if deadline is not None:
        lines.append(t(locale, "status-until", until=int(deadline.announced_at.timestamp())))
    living = [names[p.id] for p in state.living()]
    lines.append(t(locale, "status-living", count=len(living), names=", ".join(living)))
    made = [f"{t(locale, f'verb-{c.verb}')} {names.get(c.target or '', '')}".strip() for c in mine]
    lines.append(
        t(locale, "status-mine", choices="; ".join(made)) if made else t(locale, "status-none")
    )
    return "\n".join(lines)
