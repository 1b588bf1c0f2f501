"""For the host's eyes only (issue 12): what the current phase's resolution would be now
(``preview``), with hypothetical choices (``what-if``), and every choice and event so far
(``log``). The engine is pure, so a preview is the very resolution the deadline will run
(cogs.game.play.resolve) on the choices recorded so far; nothing is stored but the host
channel's line saying the tool was used.

The preview's text is the host channel's post of the resolution (cogs.game.results: the
phase's title, then every event as the host sees it), so the two can be compared line by line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cogs.game import activity
from cogs.game.host_common import log_only, running_game
from cogs.game.play import phase_choices, resolve
from cogs.game.render import display_names, host_line, text
from cogs.support.errors import UserFacingError
from db.games import choices_for_phase, event_log, load_state, votes_for_day
from engine import Choice, Event, GameState, Verb
from engine.state import TEAM_KEYS
from locales import t

__all__ = ["PAGE_LINES", "game_log", "parse_choices", "preview", "resolution_lines"]

PAGE_LINES = 15  # a screenful; well within a message's 2000 characters


def resolution_lines(state: GameState, events: Sequence[Event], locale: str) -> list[str]:
    """A resolution as the host channel shows it: the phase's title, then each event."""
    names = display_names(state)
    lines = [t(locale, f"results-{state.phase}", number=state.number)]
    return lines + ["• " + text(host_line(event), locale, names) for event in events]


async def preview(
    game_id: int, by: int, *, by_is_server_host: bool, what_if: str | None = None, locale: str
) -> list[str]:
    """The current phase resolved now, with ``what_if``'s choices (``actor verb target``,
    separated by ``;``) put over the recorded ones. Host only; nothing is stored."""
    game = await running_game(game_id, by, by_is_server_host)
    state = (await load_state(game_id)).game_state()
    choices = await phase_choices(game_id, state)
    if what_if:
        choices = _over(choices, parse_choices(state, what_if))
    # R-SANCT-3's removals as the close would make them with the posts counted so far
    _, events = resolve(game, state, choices, await activity.inactive(game, state, choices))
    await log_only(game, by, "host-log-what-if" if what_if else "host-log-preview")
    title = t(locale, "host-preview-what-if" if what_if else "host-preview-title")
    return [title, *resolution_lines(state, events, locale)]


def _over(recorded: Sequence[Choice], hypothetical: Sequence[Choice]) -> list[Choice]:
    """A hypothetical choice replaces the actor's recorded one with the same verb (R-TIME-4)."""
    replaced = {(c.actor, c.verb) for c in hypothetical}
    return [c for c in recorded if (c.actor, c.verb) not in replaced] + list(hypothetical)


def parse_choices(state: GameState, written: str) -> list[Choice]:
    """``"Anna vote Dina; mafia shoot Gleb; Boris heal Gleb"``: players by their character name
    (or a mention), teams by their key; refused with the part that could not be read."""
    by_name = {(p.name or p.id).casefold(): p.id for p in state.players}
    verbs = {v.value for v in Verb}

    def who(word: str) -> str | None:
        mention = re.fullmatch(r"<@!?(\d+)>", word)
        if mention and state.player(mention.group(1)) is not None:
            return mention.group(1)
        if word.casefold() in TEAM_KEYS:
            return word.casefold()
        return by_name.get(word.casefold())

    choices = []
    for part in (p.strip() for p in re.split(r"[;\n]", written)):
        if not part:
            continue
        words = part.split()
        actor = who(words[0]) if words else None
        verb = words[1].casefold() if len(words) > 1 else ""
        target = who(words[2]) if len(words) > 2 else None
        if actor is None or verb not in verbs or (len(words) > 2 and target is None):
            raise UserFacingError("host-what-if-unreadable", part=part)
        choices.append(Choice(actor, Verb(verb), target))
    return choices


async def game_log(
    game_id: int, by: int, *, by_is_server_host: bool, page: int, locale: str
) -> tuple[list[str], int]:
    """Every choice (by phase) and every event so far, as the host sees them: ``page`` of
    ``PAGE_LINES`` lines (1-based, the last page if beyond) and the number of pages."""
    game = await running_game(game_id, by, by_is_server_host)
    state = (await load_state(game_id)).game_state()
    names = display_names(state)
    lines: list[str] = []
    for number in range(1, state.number + 1):
        for phase in ("day", "night"):
            choices = await choices_for_phase(game_id, phase, number)
            if phase == "day":
                choices += await votes_for_day(game_id, number)
            if choices:
                lines.append(t(locale, f"host-log-{phase}", number=number))
                lines += [_choice_line(c, names) for c in choices]
    lines.append(t(locale, "host-log-events"))
    for logged in await event_log(game_id):
        lines.append(f"{logged.seq}. " + text(host_line(logged.event), locale, names))
    pages = max(1, -(-len(lines) // PAGE_LINES))
    page = min(max(page, 1), pages)
    await log_only(game, by, "host-log-log")
    return lines[(page - 1) * PAGE_LINES : page * PAGE_LINES], pages


def _choice_line(choice: Choice, names: dict[str, str]) -> str:
    target = "" if choice.target is None else " → " + names.get(choice.target, choice.target)
    gun = "" if choice.gun is None else f" ({choice.gun})"
    return f"• {names.get(choice.actor, choice.actor)}: {choice.verb}{target}{gun}"
