"""A post's components, stored in its outbox row as a spec (plain JSON) and built into
discord.py's persistent items at delivery: the day's vote post (cogs.game.vote_post), a
phase's choice prompt (cogs.game.prompts), the role card's "my move" button (cogs.game.my_move)
and the lobby's Join / Leave buttons (cogs.game.lobby_post). The specs are made by
:func:`vote_spec`, :func:`choice_spec`, :func:`my_move_spec` and :func:`lobby_spec` where the
effects are composed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

__all__ = [
    "build_view",
    "choice_spec",
    "first_custom_id",
    "lobby_spec",
    "my_move_spec",
    "NO_VIEW",
    "report_spec",
    "vote_spec",
]

OPTIONS_PER_SELECT = 25  # Discord's limit; a bigger game gets a second select
Names = Sequence[tuple[str, str]]


def vote_spec(game_id: int, day: int, candidates: Names, locale: str) -> dict[str, Any]:
    return {"type": "vote", "game": game_id, "day": day, "locale": locale,
            "candidates": [list(c) for c in candidates]}  # fmt: skip


def choice_spec(
    game_id: int, phase: str, number: int, verbs: Mapping[str, Names], locale: str
) -> dict[str, Any]:
    return {"type": "choice", "game": game_id, "phase": phase, "number": number,
            "locale": locale, "verbs": [[v, [list(t) for t in ts]] for v, ts in verbs.items()]}  # fmt: skip


def my_move_spec(game_id: int, locale: str) -> dict[str, Any]:
    return {"type": "mymove", "game": game_id, "locale": locale}


def lobby_spec(game_id: int, locale: str) -> dict[str, Any]:
    return {"type": "lobby", "game": game_id, "locale": locale}


def report_spec(report_id: int, locale: str) -> dict[str, Any]:
    """A report's buttons in the mod-log (cogs.moderation.reports)."""
    return {"type": "report", "report": report_id, "locale": locale}


#: An edit that takes a message's components away (a judged report's buttons).
NO_VIEW: dict[str, Any] = {"type": "none"}


def build_view(spec: Mapping[str, Any]) -> discord.ui.View | None:
    from cogs.game.lobby_post import lobby_view  # the items live with their callbacks
    from cogs.game.my_move import my_move_view
    from cogs.game.prompts import ChoiceSelect
    from cogs.game.vote_post import VoteSelect

    if str(spec["type"]).startswith("quick"):
        from cogs.quick.views import quick_view

        return quick_view(spec)
    if spec["type"] == "mymove":
        return my_move_view(spec["game"], spec["locale"])
    if spec["type"] == "lobby":
        return lobby_view(spec["game"], spec["locale"])
    if spec["type"] == "none":
        return None
    if spec["type"] == "report":
        from cogs.moderation.reports import report_buttons

        return report_buttons(int(spec["report"]), str(spec["locale"]))
    view = discord.ui.View(timeout=None)
    if spec["type"] == "vote":
        candidates = [(str(a), str(b)) for a, b in spec["candidates"]]
        for start in range(0, min(len(candidates), OPTIONS_PER_SELECT * 4), OPTIONS_PER_SELECT):
            page = candidates[start : start + OPTIONS_PER_SELECT]
            view.add_item(VoteSelect(spec["game"], spec["day"], start // OPTIONS_PER_SELECT,
                                     page, spec["locale"]))  # fmt: skip
        return view
    for verb, targets in spec["verbs"][:5]:  # five rows at most
        options = [(str(a), str(b)) for a, b in targets]
        view.add_item(ChoiceSelect(spec["game"], spec["phase"], spec["number"], verb, options,
                                   spec["locale"]))  # fmt: skip
    return view


def first_custom_id(spec: Mapping[str, Any]) -> str:
    """The custom_id of the spec's first component (the reconciliation's marker for posts with
    components): it names the game and the phase, so no other post carries it."""
    if str(spec["type"]).startswith("quick"):
        from cogs.quick.views import quick_custom_id

        return quick_custom_id(spec)
    if spec["type"] == "vote":
        return f"vote:{spec['game']}:{spec['day']}:0"
    if spec["type"] == "mymove":
        return f"mymove:{spec['game']}"
    if spec["type"] == "lobby":
        return f"lobby:join:{spec['game']}"
    if spec["type"] == "report":
        return f"modrep:uphold:{spec['report']}"
    return f"choose:{spec['game']}:{spec['phase']}:{spec['number']}:{spec['verbs'][0][0]}"
