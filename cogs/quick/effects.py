"""The quick game's Discord effects, as outbox rows (db.outbox) stored with the change that
causes them. Keys name the game and the stage's ``round``, so a step redone adds nothing.

The game channel's permissions (C-NIGHT, C-DAY-1) are the ``quick`` kind's (cogs.delivery.quick_kind):
at the start @everyone loses Send Messages there and the game's alive role (from the server's
pool) is given to every player; each night the alive role is denied Send Messages and each day
allowed (one overwrite edit per phase, not one per player); a death takes the alive role (one
member edit); the mistress's target gets one member overwrite for the day. The cabinets are
private threads of the game channel (see cogs.quick: one channel, no category to clutter).

Public posts (the channel's, the cabinets') speak the server's language; a DM and the components
in it speak its reader's (issue 19: ``language_of``, cogs.game.player_locale.dm_locales).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from cogs.quick.model import QuickState
from cogs.quick.texts import mention, private_lines, role_name
from db.outbox import Effect, dm, edit_made, post, post_in
from engine.chat import ChatRole, ChatState, ChatVerb
from engine.chat.roles import CABINET, NIGHT_VERBS
from locales import t

__all__ = ["cabinet_key", "quick_op", "reg_key"]

COMMISSAR_CABINET = frozenset({ChatRole.COMMISSAR, ChatRole.SERGEANT})


#: The delivery's name for the registration post rendered at delivery (cogs.delivery.adapter).
RENDER = "quick-reg"


def reg_key(game_id: int) -> str:
    return f"quick:{game_id}:reg"


def cabinet_key(game_id: int, cabinet: str) -> str:
    return f"quick:{game_id}:cab:{cabinet}"


def quick_op(guild_id: int, game_id: int, op: str, key: str | None = None, **data: Any) -> Effect:
    """One of the quick game's own server changes (cogs.delivery.quick_kind)."""
    return Effect("quick", guild_id, "", key, data={"op": op, "game": game_id, **data})


def _ts(at: datetime) -> str:
    return f"<t:{int(at.timestamp())}:R>"


def reg_text(
    locale: object, game_id: int, players: Sequence[int], ends_at: datetime | None, state: str
) -> str:
    """The registration post (C-LIFE-1): the list, the countdown, or how it ended."""
    names = "\n".join(f"{n}. <@{uid}>" for n, uid in enumerate(players, 1))
    lines = [t(locale, "quick-reg-title", id=game_id)]
    if state == "open" and ends_at is not None:
        lines.append(t(locale, "quick-reg-ends", ends=_ts(ends_at)))
    else:
        lines.append(t(locale, f"quick-reg-{state}"))
    lines += [t(locale, "quick-reg-count", count=len(players)), names or t(locale, "quick-nobody")]
    return "\n".join(lines)


def reg_view(game_id: int, locale: str) -> dict[str, Any]:
    return {"type": "quick-reg", "game": game_id, "locale": locale}


def reg_change(game_id: int) -> Effect:
    """A signup's or a withdrawal's edit of the registration post, stored with the seat: its
    list is rendered at delivery (cogs.quick.registration.rendered), so it is the list as it is
    then, and a burst of signups makes one edit (db.outbox: rendered edits coalesce)."""
    return edit_made(reg_key(game_id), "", render=RENDER)


def _options(state: ChatState, names: Mapping[str, str], *, but: str | None) -> list[list[str]]:
    return [[p.id, names.get(p.id, p.id)] for p in state.living() if p.id != but]


def choice_view(game_id: int, qs: QuickState, verb: str, options: list[list[str]],
                locale: str) -> dict[str, Any]:  # fmt: skip
    return {"type": "quick", "game": game_id, "round": qs.round, "verb": verb,
            "options": options, "locale": locale}  # fmt: skip


def night_prompts(
    guild: int, game_id: int, qs: QuickState, names: Mapping[str, str], locale: str,
    language_of: Callable[[str], str],
) -> list[Effect]:  # fmt: skip
    """C-NIGHT: each actor's prompt by DM, in his language; the mafia's kill in its cabinet
    (C-NIGHT-3), in the server's."""
    state, effects = qs.chat, []
    mafia_posted = False
    for p in state.living():
        verbs = sorted(NIGHT_VERBS.get(p.role, ()))
        if not verbs:
            continue
        if p.role in CABINET:
            if not mafia_posted:
                mafia = [m.id for m in state.living() if m.role in CABINET]
                options = [o for o in _options(state, names, but=None) if o[0] not in mafia]
                view = choice_view(game_id, qs, "kill", options, locale)
                text = t(locale, "quick-prompt-mafia", number=state.number)
                effects.append(Effect("post", 0, text, f"quick:{game_id}:r{qs.round}:mafia",
                                      cabinet_key(game_id, "mafia"), {"view": view}))  # fmt: skip
                mafia_posted = True
            continue
        mine = language_of(p.id)
        for verb in verbs:
            options = _options(state, names, but=None if verb == "heal" else p.id)
            text = t(mine, f"quick-prompt-{verb}", number=state.number)
            effects.append(dm(int(p.id), text, key=f"quick:{game_id}:r{qs.round}:{p.id}:{verb}",
                              view=choice_view(game_id, qs, verb, options, mine)))  # fmt: skip
    return effects


def role_cards(game_id: int, state: ChatState, language_of: Callable[[str], str]) -> list[Effect]:
    """Each player's card by DM (C-LIFE-3), in his language."""
    cards = []
    for p in state.players:
        mine = language_of(p.id)
        text = t(mine, "quick-card", role=role_name(mine, p.role),
                 about=t(mine, f"quick-about-{p.role.value}"))  # fmt: skip
        cards.append(dm(int(p.id), text, key=f"quick:{game_id}:card:{p.id}"))
    return cards


def cabinets(guild: int, game_id: int, state: ChatState, channel: int, locale: str) -> list[Effect]:
    """The mafia's and the commissar's cabinets, private threads of the game channel."""
    effects = []
    for name, roles in (("mafia", CABINET), ("commissar", COMMISSAR_CABINET)):
        members = [int(p.id) for p in state.players if p.role in roles]
        if not members:
            continue
        key = cabinet_key(game_id, name)
        effects.append(quick_op(guild, game_id, "cabinet", key, channel=channel, members=members,
                                name=t(locale, f"quick-cabinet-{name}", id=game_id)))  # fmt: skip
        team = ", ".join(mention(str(m)) for m in members)
        effects.append(post_in(key, t(locale, f"quick-cabinet-{name}-hello", team=team),
                               key=f"{key}:hello"))  # fmt: skip
    return effects


def told(
    game_id: int, qs: QuickState, events: Sequence[Any], language_of: Callable[[str], str]
) -> list[Effect]:
    """The private results by DM (C-NIGHT-5/6/7 and the rest of ``texts.private_lines``), each
    in its reader's language (who is told what does not depend on the language)."""
    effects = []
    said: dict[str, dict[str, list[str]]] = {}  # language -> the lines in it, by reader
    for pid in private_lines(None, events):
        mine = language_of(pid)
        if mine not in said:
            said[mine] = private_lines(mine, events)
        lines = said[mine][pid]
        key = f"quick:{game_id}:r{qs.round}:told:{pid}"
        effects.append(dm(int(pid), "\n".join(lines), key=key))
    return effects


def public(channel: int, game_id: int, qs: QuickState, name: str, lines: Sequence[str],
           view: Mapping[str, Any] | None = None) -> Effect:  # fmt: skip
    return post(channel, "\n".join(lines)[:2000], key=f"quick:{game_id}:r{qs.round}:{name}",
                view=view)  # fmt: skip


def vote_prompt(
    game_id: int, qs: QuickState, names: Mapping[str, str], locale: str
) -> dict[str, Any]:
    options = _options(qs.chat, names, but=None)
    return choice_view(game_id, qs, ChatVerb.VOTE.value, options, locale)


def confirm_view(game_id: int, qs: QuickState, locale: str) -> dict[str, Any]:
    return {"type": "quick-confirm", "game": game_id, "round": qs.round, "locale": locale}
