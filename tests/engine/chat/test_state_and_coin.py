"""The chat state's JSON round trip and immutability; the deal; the lucky's coin and its verify."""

from __future__ import annotations

import hashlib
import hmac
import random
from dataclasses import FrozenInstanceError

import pytest

from engine.chat import ChatRole, ChatState, deal_game, default_roles
from engine.chat.coin import coin, verify_coins
from engine.chat.draw import main as draw_main
from engine.chat.events import (
    CoinDrawn,
    Morning,
    Visitors,
    chat_event_from_dict,
    chat_event_to_dict,
)
from engine.draw import deal
from engine.errors import InvalidState
from engine.events import Cause, Died, Learned
from tests.engine.chat.play import day, night, table

SEED = bytes(range(32))


def test_the_deal_is_the_committed_draw_and_the_seed_stays_for_the_coins() -> None:
    ids = [f"u{i}" for i in range(12)]
    roles = default_roles(12)
    s = deal_game(SEED, "g1", roles, ids)
    assert {p.id: p.role.value for p in s.players} == deal(
        SEED, "g1", [r.value for r in roles], ids
    )
    assert s.seed == SEED.hex() and s.number == 1 and s.phase == "night"


def test_a_played_state_round_trips_through_json() -> None:
    s = table(Ann="commissar", Sam="sergeant", Bob="don", Cid="mafioso", Hob="hobo", Mis="mistress",
              Eve="doctor", Wolf="werewolf", Fay="citizen", Gus="citizen")  # fmt: skip
    s, _ = night(s, Ann=("check", "Bob"), Hob=("visit", "Fay"), Bob=("kill", "Wolf"),
                 Mis=("visit", "Gus"), Eve=("heal", "Eve"), Cid=("kill", "Fay"))  # fmt: skip
    assert s.knows and s.seen and s.turned and s.blocked and s.last_visit and s.self_healed
    back = ChatState.from_json(s.to_json())
    assert back == s and back.to_json() == s.to_json()
    s, _ = day(s, votes={"Ann": "Bob", "Sam": "Bob", "Hob": "Bob"}, confirm={"Ann": "up"})
    assert ChatState.from_json(s.to_json()) == s


def test_the_state_cannot_be_changed() -> None:
    s = table(Ann="commissar", Bob="don", Fay="citizen", Gus="citizen")
    with pytest.raises(FrozenInstanceError):
        s.number = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        s.knows["Ann"] = {}  # type: ignore[index]


@pytest.mark.parametrize("text", ["[]", "{}", '{"v": 1, "mode": "two-sided"}', "not json"])
def test_from_json_refuses_what_is_no_chat_state(text: str) -> None:
    with pytest.raises(InvalidState):
        ChatState.from_json(text)


def test_events_round_trip_through_their_dicts() -> None:
    for e in [Died("a", Cause.KILLER), Learned("a", "b", "don"), Visitors("h", "t", ("x", "y")),
              Morning(("a",), ((ChatRole.DON, 1),)), CoinDrawn("l", 3, True)]:  # fmt: skip
        assert chat_event_from_dict(chat_event_to_dict(e)) == e  # type: ignore[arg-type]


def test_the_coin_is_the_documented_hmac() -> None:
    block = hmac.new(SEED, b"lucky|g1|3|luc", hashlib.sha256).digest()
    assert coin(SEED, "g1", 3, "luc") is (block[0] % 2 == 0)
    sides = [coin(SEED, "g1", n, "luc") for n in range(1, 201)]
    assert 70 < sum(sides) < 130  # both sides come up


def test_verify_recomputes_every_coin_of_a_seeded_game() -> None:
    rng = random.Random(5)
    for _ in range(40):  # a seeded game draws the coins itself; verify finds them all fair
        s = deal_game(
            rng.randbytes(32),
            "g9",
            [ChatRole(r) for r in ("don", "lucky", "citizen", "citizen", "citizen")],
            ["a", "b", "c", "d", "e"],
        )
        don = next(p.id for p in s.players if p.role is ChatRole.DON)
        luc = next(p.id for p in s.players if p.role is ChatRole.LUCKY)
        _, ev = night(s, **{don: ("kill", luc)})
        drawn = [e for e in ev if isinstance(e, CoinDrawn)]
        assert len(drawn) == 1 and verify_coins(bytes.fromhex(s.seed), "g9", drawn) == []
        forged = CoinDrawn(luc, 1, not drawn[0].heads)
        assert verify_coins(bytes.fromhex(s.seed), "g9", [forged]) == [forged]


def test_the_verify_command(capsys: pytest.CaptureFixture[str]) -> None:
    side = "heads" if coin(SEED, "g1", 2, "luc") else "tails"
    other = "tails" if side == "heads" else "heads"
    assert (
        draw_main(["verify", "--seed", SEED.hex(), "--game", "g1", "--coins", f"2:luc:{side}"]) == 0
    )
    assert "MATCH" in capsys.readouterr().out
    assert (
        draw_main(["verify", "--seed", SEED.hex(), "--game", "g1", "--coins", f"2:luc:{other}"])
        == 1
    )
    assert "MISMATCH" in capsys.readouterr().out
    assert (
        draw_main(
            ["verify", "--seed", SEED.hex(), "--game", "g1", "--night", "2", "--player", "luc"]
        )
        == 0
    )
    assert capsys.readouterr().out.strip() == side
    assert draw_main(["verify", "--seed", SEED.hex(), "--game", "g1", "--coins", "x:luc"]) == 2
