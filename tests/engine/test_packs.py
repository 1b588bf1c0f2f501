"""A game's mode selects its rule pack (engine.packs)."""

from __future__ import annotations

import pytest

from engine import Choice, EngineError, Phase, Refusal, Verb, new_game
from engine.packs import CHAT, FORUM, PACKS, UnknownMode, pack_for


@pytest.mark.parametrize("mode", ["two-sided", "three-sided"])
def test_the_forum_modes_are_played_by_the_forum_pack(mode: str) -> None:
    assert pack_for(mode) is FORUM and FORUM.name == "forum"


def test_the_chat_mode_is_played_by_the_chat_pack() -> None:
    assert pack_for("chat") is CHAT and CHAT.name == "chat"


def test_an_unknown_mode_is_refused_with_the_engines_error() -> None:
    with pytest.raises(UnknownMode, match="no rule pack plays mode 'poker'") as raised:
        pack_for("poker")
    assert isinstance(raised.value, EngineError)


def test_every_pack_is_listed_once() -> None:
    assert PACKS == (FORUM, CHAT)


def test_a_pack_plays_a_game_of_its_mode_through_the_cores_vocabulary() -> None:
    s = new_game("two-sided", [("ann", "cop"), ("bob", "don"), ("fay", "citizen"),
                               ("gus", "citizen")], phase=Phase.NIGHT)  # fmt: skip
    pack = pack_for(s.mode)
    assert pack.check(s, Choice("bob", Verb.SHOOT, "bob")) is Refusal.OWN_TEAM
    shot = Choice("mafia", Verb.SHOOT, "fay")
    assert pack.check(s, shot) is None
    day, events = pack.resolve_night(s, [shot])
    assert day.phase is Phase.DAY and not day.get("fay").alive and events
    night, _ = pack.resolve_day(day, [], vote_held=False)
    assert night.phase is Phase.NIGHT
