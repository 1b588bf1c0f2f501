"""What a resolved phase says on Discord, as outbox effects (db.outbox), composed before the
resolution is stored so that they are stored with it in one transaction and delivered exactly
once by the delivery worker (cogs.delivery).

The public post goes through ``engine.public_view`` only (cogs.game.render); each private line
is a DM to its player (or a post in its cabinet's channel), the host's channel gets everything
(causes, orders: cogs.game.render.host_line); the post ends with the next phase's deadline as a
Discord timestamp; when the game is over, the same post goes on, after a blank line, to reveal
every player's role (R-LIFE-6) — one message when both fit Discord's 2000 characters, else as
few as hold them, cut between lines (cogs.support.embeds.chunk_lines; issue 20: an end costs
fewer requests). The morning post and the reveal carry the town's picture (cogs.game.town),
the reveal's with the roles; a post cut in several carries it on its last message.
"""

from __future__ import annotations

from collections.abc import Sequence

from cogs.game.player_locale import dm_locales
from cogs.game.render import (
    display_names,
    host_line,
    no_vote_autokills,
    nobody_left,
    private_lines,
    public_line,
    shown_name,
    text,
)
from cogs.game.server import ANNOUNCEMENTS, load_game_channels
from cogs.game.table import channel_for
from cogs.game.town.post import END_PICTURE, end_town, morning_town, with_town
from cogs.support.embeds import MESSAGE_LIMIT, chunk_lines
from db.games import GameInfo
from db.guild_settings import get_settings
from db.outbox import Effect
from engine import Event, GameState, Phase, clock
from engine.events import VoteCounted
from engine.forum.told import voted_out_child
from locales import t

__all__ = ["compose", "reveal_lines"]

POST_LIMIT = MESSAGE_LIMIT
#: What a player who leaves the game is told: not when the same resolution ends it.
OUT_OF_THE_GAME = frozenset({"event-you-died", "event-you-disqualified", "event-you-autokilled",
                             "event-you-autokilled-no-vote"})  # fmt: skip


async def compose(
    game: GameInfo,
    before: GameState,
    after: GameState,
    events: Sequence[Event],
    next_deadlines: Sequence[clock.Deadline],
) -> list[Effect]:
    locale = (await get_settings(game.guild_id)).language
    names = display_names(before)
    phase = before.phase
    lines = [t(locale, f"results-{phase}", number=before.number)]
    no_vote = no_vote_autokills(events) if phase is Phase.DAY else frozenset()
    for event in events:
        line = public_line(event, phase, no_vote)
        if line is not None:
            lines.append("• " + text(line, locale, names))
        if isinstance(event, VoteCounted) and (nobody := nobody_left(events)) is not None:
            lines.append("• " + text(nobody, locale, names))  # R-VOTE-7/8: and why
    if len(lines) == 1:  # nothing the town may learn: say so, not an empty heading
        lines.append("• " + t(locale, f"results-{phase}-quiet"))
    closing = _closing(next_deadlines)
    if after.outcome is None and closing is not None:
        until = int(closing.named.timestamp())
        lines.append(t(locale, f"next-{after.phase}", number=after.number, until=until))
    effects: list[Effect] = []
    channel_id = await channel_for(game, ANNOUNCEMENTS)
    if channel_id is not None:
        if after.outcome is not None:  # the end: every role revealed (R-LIFE-6), after a break
            lines += ["", f"**{t(locale, 'end-reveal-title')}**", *reveal_lines(after, locale)]
        # as few posts as hold it (issue 20), each an outbox row of its own (its id: the nonce)
        posts = [Effect("post", channel_id, chunk) for chunk in chunk_lines(lines, POST_LIMIT)]
        if after.outcome is not None:  # the reveal's last post: the town with every role
            posts = await with_town(game.guild_id, posts, end_town(after, locale), END_PICTURE)
        elif phase is Phase.NIGHT:  # the morning: the town, no role
            town = morning_town(after, locale)
            posts = await with_town(game.guild_id, posts, town, f"town-day-{after.number}.png")
        effects += posts
    channels = await load_game_channels(game.id)
    cabinets = dict(channels.cabinets) if channels is not None else {}
    language = await dm_locales(game)  # a DM in its reader's language (issue 19)
    for event in events:
        for recipient, line in private_lines(event, no_vote):
            if after.outcome is not None and line.key in OUT_OF_THE_GAME:
                continue  # the end's summary DM tells him more, and the morgue is over too
            if recipient.isdigit():
                effects.append(Effect("dm", int(recipient), text(line, language(recipient), names)))
            elif recipient in cabinets:  # what a cabinet learns goes to its channel
                effects.append(Effect("post", cabinets[recipient], text(line, locale, names)))
    child = voted_out_child(before, events)
    if child is not None and child.isdigit():  # R-ROLE-3, R-VOTE-9: now the child is told
        effects.append(Effect("dm", int(child), t(language(child), "event-you-were-child")))
    if channels is not None:  # the host sees everything, causes and orders included
        full = [t(locale, f"results-{phase}", number=before.number)]
        full += ["• " + text(host_line(event), locale, names) for event in events]
        effects += [Effect("post", channels.host, chunk) for chunk in chunk_lines(full, POST_LIMIT)]
    return effects


def reveal_lines(state: GameState, locale: object) -> list[str]:
    """Every player's role and side, in signup order (the end of a game, R-LIFE-6)."""
    return [
        t(
            locale,
            "end-reveal-line",
            name=shown_name(p),
            role=t(locale, f"role-{p.role}"),
            faction=t(locale, f"faction-{p.faction}"),
        )
        for p in sorted(state.players, key=lambda p: p.order)
    ]


def _closing(deadlines: Sequence[clock.Deadline]) -> clock.Deadline | None:
    """The deadline that ends the phase: the vote's by day, the choices' at night."""
    votes = [d for d in deadlines if d.kind == "vote"]
    return votes[0] if votes else (deadlines[0] if deadlines else None)
