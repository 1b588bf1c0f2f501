"""The quick game's stages, one after another (CHAT-GAME.md sections 3–5): what ends a stage,
what the engine makes of it, and the Discord effects of the next one. Pure over the stored
state: :func:`advance` takes the state and the moment and returns the next state and effects;
cogs.quick.service commits them under the game's version guard.

Night → the morning (C-NIGHT-9) and the discussion (C-DAY-1) → the vote (C-DAY-2) → with a
candidate, the confirmation (C-DAY-4) → with a hanged kamikaze, his take (C-DAY-5) → night.
Every resolution ends with successions and the win (the engine's ``conclude``); a won game
is ``over``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from cogs.quick import effects as fx
from cogs.quick.model import QuickState, Stage
from cogs.quick.settings import TAKE_SECONDS, QuickSettings
from cogs.quick.texts import mention, public_lines, role_name
from cogs.support.embeds import MESSAGE_LIMIT, chunk_lines
from db.outbox import Effect, dm, post, post_in, thread
from engine.chat import (
    ChatChoice,
    ChatVerb,
    close_last_words,
    resolve_confirmation,
    resolve_night,
    resolve_take,
    resolve_vote,
)
from engine.chat.events import CoinDrawn, LastWordsOpen, Turned
from engine.events import Died
from engine.roles import Phase
from locales import t

__all__ = [
    "Draw",
    "Game",
    "Next",
    "advance",
    "all_chose",
    "ending",
    "history",
    "opening",
    "verify_command",
]


@dataclass(frozen=True)
class Game:
    """What the effects need of the game besides its state: ``locale``, the server's language
    (the public posts'); ``language_of``, each player's by id (his DMs', issue 19)."""

    id: int
    guild: int
    channel: int
    locale: str
    names: Mapping[str, str]
    settings: QuickSettings
    language_of: Callable[[str], str]


@dataclass(frozen=True)
class Next:
    state: QuickState
    effects: list[Effect]
    events: list[Any]


def _in(settings: QuickSettings, what: str, now: datetime) -> datetime:
    seconds = TAKE_SECONDS if what == "take" else settings.seconds(what)
    return now + timedelta(seconds=seconds)


def all_chose(qs: QuickState) -> bool:
    """The stage may end early: every actor of the night chose (section 3), or the hanged
    kamikaze named (C-DAY-5). The vote has no early end: C-DAY-2 gives it its length."""
    from engine.chat import night_actors

    if qs.stage == "night":
        actors = set(night_actors(qs.chat))
        return actors <= set(qs.choices)
    return qs.stage == "take" and bool(qs.choices)


def opening(game: Game, qs: QuickState, unmute: frozenset[str] = frozenset()) -> list[Effect]:
    """The effects that open ``qs``'s stage (``unmute``: yesterday's mistress's targets, whose
    member overwrite goes at nightfall)."""
    g, c, loc = game.id, game.channel, game.locale
    chat = qs.chat
    if qs.stage == "night":
        unmuted = [fx.quick_op(game.guild, g, "unmute", f"quick:{g}:r{qs.round}:unmute:{p}",
                               channel=c, member=int(p)) for p in sorted(unmute)]  # fmt: skip
        head = fx.public(c, g, qs, "night", [t(loc, "quick-night", number=chat.number,
                                                   ends=_ts(qs.closes))])  # fmt: skip
        close = fx.quick_op(game.guild, g, "night", f"quick:{g}:r{qs.round}:close", channel=c)
        prompts = fx.night_prompts(game.guild, g, qs, game.names, loc, game.language_of)
        return [close, *unmuted, head, *prompts]
    if qs.stage == "discussion":
        mutes = [fx.quick_op(game.guild, g, "mute", f"quick:{g}:r{qs.round}:mute:{p}",
                             channel=c, member=int(p)) for p in sorted(chat.blocked)]  # fmt: skip
        open_ = fx.quick_op(game.guild, g, "day", f"quick:{g}:r{qs.round}:open", channel=c)
        text = t(loc, "quick-discussion", number=chat.number, ends=_ts(qs.closes))
        return [*mutes, open_, fx.public(c, g, qs, "discussion", [text])]
    if qs.stage == "vote":
        text = t(loc, "quick-vote", ends=_ts(qs.closes))
        return [fx.public(c, g, qs, "vote", [text], fx.vote_prompt(g, qs, game.names, loc))]
    if qs.stage == "confirm":
        who = mention(chat.candidate or "")
        text = t(loc, "quick-confirm", who=who, ends=_ts(qs.closes), up=0, down=0)
        return [fx.public(c, g, qs, "confirm", [text], fx.confirm_view(g, qs, loc))]
    if qs.stage == "over":
        return [fx.quick_op(game.guild, g, "unmute", f"quick:{g}:end:unmute:{p}", channel=c,
                            member=int(p)) for p in sorted(unmute)]  # fmt: skip
    if qs.stage == "take":
        kamikaze = chat.pending_take or ""
        options = [[p.id, game.names.get(p.id, p.id)] for p in chat.living()]
        mine = game.language_of(kamikaze)  # a DM: its reader's language (issue 19)
        view = fx.choice_view(g, qs, ChatVerb.TAKE.value, options, mine)
        return [dm(int(kamikaze), t(mine, "quick-prompt-take", ends=_ts(qs.closes)),
                   key=f"quick:{g}:r{qs.round}:take", view=view)]  # fmt: skip
    return []


def _ts(at: datetime | None) -> str:
    return "" if at is None else f"<t:{int(at.timestamp())}:R>"


def _resolve(qs: QuickState) -> tuple[Any, list[Any]]:
    chat, choices = qs.chat, qs.engine_choices()
    if qs.stage == "night":
        return resolve_night(chat, choices)
    if qs.stage == "vote":
        return resolve_vote(chat, [c for c in choices if c.verb is ChatVerb.VOTE])
    if qs.stage == "confirm":
        return resolve_confirmation(chat, choices)
    taken = choices[0] if choices else None
    return resolve_take(chat, taken)


def _stage_of(qs: QuickState, chat: Any) -> Stage:
    if chat.winner is not None:
        return "over"
    if chat.phase is Phase.NIGHT:
        return "night"
    if chat.pending_take is not None:
        return "take"
    if chat.candidate is not None:
        return "confirm"
    return "discussion" if qs.stage == "night" else "vote"


def advance(game: Game, qs: QuickState, now: datetime) -> Next:
    """The stage ``qs`` is in has ended at ``now``: the next one, and what Discord shows."""
    if qs.stage == "discussion":  # nothing to resolve: the vote opens (C-DAY-2)
        nxt = qs.at(qs.chat, "vote", _in(game.settings, "vote", now))
        return Next(nxt, opening(game, nxt), [])
    if qs.words_until is not None and now >= qs.words_until:
        qs = replace(qs, chat=close_last_words(qs.chat), words_until=None)
    chat, events = _resolve(qs)
    stage = _stage_of(qs, chat)
    length = {"night": "night", "discussion": "discussion", "confirm": "confirmation",
              "take": "take", "vote": "vote", "over": "vote"}[stage]  # fmt: skip
    nxt = qs.at(chat, stage, None if stage == "over" else _in(game.settings, length, now))
    if any(isinstance(e, LastWordsOpen) for e in events) or chat.may_speak != qs.chat.may_speak:
        nxt = replace(nxt, words_until=_in(game.settings, "last_words", now))
    coins = [f"{e.night}:{e.who}:{'heads' if e.heads else 'tails'}" for e in events
             if isinstance(e, CoinDrawn)]  # fmt: skip
    if coins:
        nxt = replace(nxt, coins=(*nxt.coins, *coins))
    unmute = qs.chat.blocked if nxt.stage in ("night", "over") else frozenset()
    effects = _results(game, qs, nxt, events) + opening(game, nxt, unmute)
    return Next(nxt, effects, events)


def _results(
    game: Game, before: QuickState, after: QuickState, events: Sequence[Any]
) -> list[Effect]:
    """The resolution's posts: the public lines, the private results, the deaths' role edits,
    the cabinet's new members, the last words' invitations."""
    g, loc = game.id, game.locale
    lines = public_lines(loc, events, after.chat, secret_vote=game.settings.secret_vote)
    head = {"night": "quick-morning", "vote": "quick-vote-result", "confirm": "quick-confirm-result",
            "take": "quick-take-result"}.get(before.stage, "quick-morning")  # fmt: skip
    out: list[Effect] = []
    if lines:
        title = t(loc, head, number=before.chat.number)
        out.append(fx.public(game.channel, g, before, "result", [title, *lines]))
    out += fx.told(g, before, events, game.language_of)
    for e in events:
        if isinstance(e, Died):
            out.append(fx.quick_op(game.guild, g, "dead", f"quick:{g}:dead:{e.who}",
                                   channel=game.channel, member=int(e.who)))  # fmt: skip
        if isinstance(e, Turned):
            cabinet = "mafia" if e.role.value == "mafioso" else "commissar"
            out.append(Effect("quick", game.guild, "", f"quick:{g}:join:{e.who}",
                              fx.cabinet_key(g, cabinet),
                              {"op": "join", "game": g, "member": int(e.who)}))  # fmt: skip
    for pid in sorted(after.chat.may_speak - before.chat.may_speak):
        told = game.language_of(pid)
        out.append(dm(int(pid), t(told, "quick-last-words-open", ends=_ts(after.words_until)),
                      key=f"quick:{g}:words:{pid}"))  # fmt: skip
    return out


@dataclass(frozen=True)
class Draw:
    """What the end reveals of the draw (C-LIFE-3, C-LIFE-8)."""

    seed: str
    commitment: str
    roles: Sequence[str]
    players: Sequence[int]
    dealt: Mapping[str, str]  # each player's card at the start (C-WIN-6: who was where when)


def log_thread_key(game_id: int) -> str:
    return f"quick:{game_id}:log"


def verify_command(game_id: int, drawn: Draw) -> str:
    """The command that checks the deal (docs/draw.md), as the end's log gives it."""
    ids = ",".join(str(p) for p in drawn.players)
    return (f"python -m engine.draw verify --seed {drawn.seed} --game {game_id} "
            f"--roles {','.join(drawn.roles)} --players {ids} --commitment {drawn.commitment}")  # fmt: skip


def ending(game: Game, qs: QuickState, drawn: Draw, log: Sequence[str]) -> list[Effect]:
    """C-LIFE-8: the winner and every role, the seed and how to verify it (the lucky's coins
    too), the log in a post-game thread; the channel reopened. Each player's summary DM, which
    tells the rating change, is composed after the end is counted (cogs.quick.end)."""
    g, loc, chat = game.id, game.locale, qs.chat
    roles = "\n".join(f"{mention(p.id)} — {history(loc, drawn.dealt.get(p.id), p.role)}"
                      for p in chat.players)  # fmt: skip
    lines = [t(loc, "quick-end", id=g), roles, t(loc, "quick-seed", seed=drawn.seed, id=g)]
    out: list[Effect] = [post(game.channel, "\n".join(lines)[:2000], key=f"quick:{g}:end")]
    verify = [t(loc, "quick-verify"), f"`{verify_command(g, drawn)}`"]
    if qs.coins:
        verify.append(f"`python -m engine.chat.draw verify --seed {drawn.seed} --game {g} "
                      f"--coins {','.join(qs.coins)}`")  # fmt: skip
    thread_key = log_thread_key(g)
    out.append(thread(game.channel, t(loc, "quick-log-thread", id=g), key=thread_key))
    for n, chunk in enumerate(chunk_lines([*log, *verify], MESSAGE_LIMIT)):
        out.append(post_in(thread_key, chunk, key=f"{thread_key}:{n}"))
    out.append(fx.quick_op(game.guild, g, "close", f"quick:{g}:close", channel=game.channel,
                           members=list(drawn.players)))  # fmt: skip
    return out


def history(locale: str, dealt: str | None, now: Any) -> str:
    """The dealt role, and the one he ended with if he changed (a promotion, a conversion)."""
    if dealt is None or dealt == now.value:
        return role_name(locale, now)
    return f"{role_name(locale, dealt)} → {role_name(locale, now)}"


def choice_of(qs: QuickState, actor: str, verb: str, target: str | None) -> ChatChoice:
    return ChatChoice(actor, ChatVerb(verb), target)
