"""The one check of the chat pack: CHAT-GAME.md section 8's refusal reasons and their order."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.chat import ChatChoice, ChatVerb, check
from engine.events import Refusal
from engine.frozen import FrozenMap
from engine.roles import Phase
from tests.engine.chat.play import table

V = ChatVerb


def base():  # type: ignore[no-untyped-def]
    return table(Ann="commissar", Bob="don", Cid="mafioso", Eve="doctor", Mis="mistress",
                 Kil="killer", Fay="citizen", Gus="citizen")  # fmt: skip


@pytest.mark.parametrize(
    ("actor", "verb", "target", "code"),
    [
        ("Zed", V.CHECK, "Bob", Refusal.UNKNOWN_PLAYER),
        ("Ann", V.CHECK, "Zed", Refusal.UNKNOWN_PLAYER),
        ("Fay", V.CHECK, "Bob", Refusal.NO_POWER),  # a citizen has no night choice
        ("Eve", V.KILL, "Bob", Refusal.NO_POWER),
        ("Ann", V.VOTE, "Bob", Refusal.NO_POWER),  # a day verb at night
        ("Ann", V.CHECK, "Ann", Refusal.SELF_TARGET),
        ("Mis", V.VISIT, "Mis", Refusal.SELF_TARGET),
        ("Cid", V.KILL, "Bob", Refusal.OWN_TEAM),  # C-NIGHT-3
        ("Bob", V.KILL, "Cid", Refusal.OWN_TEAM),
        ("Eve", V.HEAL, "Eve", None),  # the doctor may heal himself
        ("Bob", V.KILL, "Kil", None),  # the killer is outside the cabinet
        ("Kil", V.KILL, "Bob", None),  # he does not know the mafia
        ("Fay", V.SKIP, None, None),  # anyone may skip
    ],
)
def test_night_refusals(
    actor: str, verb: ChatVerb, target: str | None, code: Refusal | None
) -> None:
    assert check(base(), ChatChoice(actor, verb, target)) == code


def test_dead_actor_or_target_is_not_alive_before_no_power() -> None:
    s = base().with_players([replace(base().player("Fay"), alive=False)])
    assert check(s, ChatChoice("Fay", V.KILL, "Bob")) == Refusal.NOT_ALIVE  # not no_power
    assert check(s, ChatChoice("Ann", V.CHECK, "Fay")) == Refusal.NOT_ALIVE


def test_mistress_same_target_twice_and_doctor_already_used() -> None:
    s = replace(base(), last_visit=FrozenMap({"Mis": "Eve"}), self_healed=frozenset({"Eve"}))
    assert check(s, ChatChoice("Mis", V.VISIT, "Eve")) == Refusal.SAME_TARGET_TWICE
    assert check(s, ChatChoice("Mis", V.VISIT, "Ann")) is None
    assert check(s, ChatChoice("Eve", V.HEAL, "Eve")) == Refusal.ALREADY_USED
    assert check(s, ChatChoice("Eve", V.HEAL, "Fay")) is None


def test_day_refusals_in_their_order() -> None:
    s = replace(base(), phase=Phase.DAY, blocked=frozenset({"Eve"}))
    assert check(s, ChatChoice("Eve", V.VOTE, "Eve")) == Refusal.BLOCKED  # before self_vote
    assert check(s, ChatChoice("Ann", V.VOTE, "Ann")) == Refusal.SELF_VOTE
    assert check(s, ChatChoice("Ann", V.VOTE, None)) is None  # a skip
    assert check(s, ChatChoice("Ann", V.UP)) == Refusal.NO_POWER  # no candidate yet
    assert check(s, ChatChoice("Ann", V.CHECK, "Bob")) == Refusal.NO_POWER  # a night verb
    c = replace(s, candidate="Bob")
    assert check(c, ChatChoice("Bob", V.UP)) == Refusal.OWN_CONFIRMATION
    assert check(c, ChatChoice("Eve", V.DOWN)) == Refusal.BLOCKED
    assert check(c, ChatChoice("Ann", V.DOWN)) is None
    assert check(c, ChatChoice("Ann", V.VOTE, "Bob")) == Refusal.NO_POWER  # the vote is over


def test_take_only_by_the_hanged_kamikaze_on_another_living_player() -> None:
    s = table(Kam="kamikaze", Bob="don", Fay="citizen", Gus="citizen")
    s = replace(s.with_players([replace(s.player("Kam"), alive=False)]), phase=Phase.DAY)
    assert check(s, ChatChoice("Kam", V.TAKE, "Bob")) == Refusal.NOT_ALIVE  # no take pending
    p = replace(s, pending_take="Kam")
    assert check(p, ChatChoice("Kam", V.TAKE, "Bob")) is None
    assert check(p, ChatChoice("Kam", V.TAKE, "Kam")) == Refusal.NOT_ALIVE
    assert check(p, ChatChoice("Fay", V.TAKE, "Bob")) == Refusal.NO_POWER


def test_the_night_actors_are_the_living_with_a_night_choice() -> None:
    from engine.chat import night_actors

    s = base()
    assert night_actors(s) == ["Ann", "Bob", "Cid", "Eve", "Mis", "Kil"]
    s = s.with_players([replace(s.player("Cid"), alive=False)])
    assert "Cid" not in night_actors(s)
