"""The night's steps C-NIGHT-1..9, each through ``resolve_night``."""

from __future__ import annotations

import pytest

from engine.chat import ChatRole, ChatState
from engine.chat.coin import CoinNotImposed
from engine.chat.events import (
    Blocked,
    CoinDrawn,
    CommissarChose,
    Morning,
    RoleShown,
    Turned,
    Visitors,
)
from engine.errors import GameOver, PhaseError
from engine.events import Cause, Died, Learned, Notice, Refused
from engine.roles import Phase
from tests.engine.chat.play import alive, day, night, of, table


def town(**extra: str) -> ChatState:
    return table(Ann="commissar", Bob="don", Cid="mafioso", **extra, Fay="citizen", Gus="citizen",
                 Hal="citizen", Ivy="citizen")  # fmt: skip


def notices(events: list[object]) -> set[str]:
    return {e.code.value for e in events if isinstance(e, Notice)}


def died(events: list[object]) -> dict[str, Cause]:
    return {e.who: e.cause for e in events if isinstance(e, Died)}


# --- C-NIGHT-1: the mistress ---------------------------------------------------------------


def test_the_mistress_cancels_her_targets_choice_and_he_is_mute_next_day() -> None:
    s, ev = night(town(Eve="doctor", Mis="mistress"), Mis=("visit", "Eve"), Eve=("heal", "Fay"),
                  Bob=("kill", "Fay"))  # fmt: skip
    assert of(ev, Blocked) == [Blocked("Eve")] and died(ev) == {"Fay": Cause.MAFIA}
    assert s.blocked == {"Eve"} and s.phase is Phase.DAY
    s, ev = day(s, votes={"Eve": "Bob"})
    assert Refused("Eve", "vote", "blocked") in ev
    assert s.blocked == frozenset()  # the block ends with the day


def test_a_blocked_player_without_a_choice_is_blocked_too() -> None:
    _, ev = night(town(Mis="mistress"), Mis=("visit", "Fay"))
    assert of(ev, Blocked) == [Blocked("Fay")]


@pytest.mark.parametrize(
    ("healed", "why"),
    [("Mis", "a: his own choice names the mistress"), ("Eve", "c: he heals himself, her target")],
)
def test_visits_without_effect(healed: str, why: str) -> None:
    s, ev = night(town(Eve="doctor", Mis="mistress"), Mis=("visit", "Eve"), Bob=("kill", healed),
                  Eve=("heal", healed))  # fmt: skip
    assert of(ev, Blocked) == [], why
    assert healed in alive(s)  # his heal stood


def test_the_killer_cannot_be_blocked() -> None:
    _, ev = night(town(Kil="killer", Mis="mistress"), Mis=("visit", "Kil"), Kil=("kill", "Fay"))
    assert of(ev, Blocked) == [] and died(ev) == {"Fay": Cause.KILLER}


def test_a_visited_doctor_healing_himself_spends_his_self_heal() -> None:
    # C-NIGHT-1c voids the visit, so the self-heal stands and is spent (C-NIGHT-2)
    s, _ = night(town(Eve="doctor", Mis="mistress"), Mis=("visit", "Eve"), Eve=("heal", "Eve"))
    assert s.self_healed == {"Eve"} and s.blocked == frozenset()


def test_the_mistress_may_return_after_a_night_away() -> None:
    s = town(Mis="mistress")
    s, _ = night(s, Mis=("visit", "Fay"))
    s, _ = day(s)
    s, ev = night(s, Mis=("visit", "Fay"))
    assert Refused("Mis", "visit", "same_target_twice") in ev
    s, _ = day(s)
    s, _ = night(s, Mis=("skip", None))  # a refused visit is no visit; then a night away
    s, _ = day(s)
    s, ev = night(s, Mis=("visit", "Fay"))
    assert of(ev, Refused) == [] and of(ev, Blocked) == [Blocked("Fay")]


# --- C-NIGHT-2, 3, 4 ----------------------------------------------------------------------


def test_the_doctor_self_heal_is_spent_once_used() -> None:
    s, _ = night(town(Eve="doctor"), Eve=("heal", "Eve"), Bob=("kill", "Eve"))
    assert s.self_healed == {"Eve"} and "Eve" in alive(s)


def test_mafia_tie_without_the_don_kills_nobody() -> None:
    s = table(Bob="don", Cid="mafioso", Dan="mafioso", Fay="citizen", Gus="citizen", Hal="citizen",
              Ivy="citizen", Jay="citizen")  # fmt: skip
    _, ev = night(s, Bob=("kill", "Hal"), Cid=("kill", "Fay"), Dan=("kill", "Gus"))
    assert died(ev) == {"Hal": Cause.MAFIA}  # three-way tie: the don's target
    _, ev = night(s, Cid=("kill", "Fay"), Dan=("kill", "Gus"))
    assert died(ev) == {}


def test_the_werewolf_killed_by_the_killer_alone_dies_heal_or_not() -> None:
    s = town(Kil="killer", Wolf="werewolf", Eve="doctor")
    _, ev = night(s, Kil=("kill", "Wolf"), Eve=("heal", "Wolf"))
    assert died(ev) == {"Wolf": Cause.KILLER} and of(ev, Turned) == []


def test_the_werewolf_shot_by_the_maniac_healed_survives_unturned() -> None:
    s, ev = night(town(Max="maniac", Wolf="werewolf", Eve="doctor"), Max=("kill", "Wolf"),
                  Eve=("heal", "Wolf"))  # fmt: skip
    assert died(ev) == {} and s.player("Wolf").role is ChatRole.WEREWOLF


def test_a_turned_werewolf_ranks_after_the_dealt_mafiosi() -> None:
    s = table(Ann="commissar", Bob="don", Wolf="werewolf", Cid="mafioso", Fay="citizen",
              Gus="citizen", Hal="citizen", Ivy="citizen", Jay="citizen")  # fmt: skip
    s, ev = night(s, Bob=("kill", "Wolf"), Cid=("kill", "Wolf"))
    assert of(ev, Turned) == [Turned("Wolf", ChatRole.MAFIOSO)] and s.turned == ("Wolf",)
    s, _ = day(s)
    s, ev = night(s, Ann=("shoot", "Bob"))
    assert s.player("Cid").role is ChatRole.DON  # Cid signed up after Wolf but was dealt


def test_the_lucky_coin_comes_from_the_seed_when_not_imposed() -> None:
    s = table(Bob="don", Luc="lucky", Fay="citizen", Gus="citizen", Hal="citizen")
    with pytest.raises(CoinNotImposed):
        night(s, Bob=("kill", "Luc"))
    seeded = ChatState(s.players, game_id="g7", seed="ab" * 32)
    from engine.chat.coin import coin

    want = coin(bytes.fromhex("ab" * 32), "g7", 1, "Luc")
    after, ev = night(seeded, Bob=("kill", "Luc"))
    assert of(ev, CoinDrawn) == [CoinDrawn("Luc", 1, want)]
    assert ("Luc" in alive(after)) is want
    assert ("lucky_survived" in notices(ev)) is want


def test_no_coin_when_the_heal_stopped_every_attack() -> None:
    s = table(Bob="don", Luc="lucky", Eve="doctor", Fay="citizen", Gus="citizen")
    s, ev = night(s, Bob=("kill", "Luc"), Eve=("heal", "Luc"))  # no coins given: none needed
    assert of(ev, CoinDrawn) == [] and "Luc" in alive(s)


def test_the_kamikaze_takes_the_commissar_and_the_maniac_who_hit_him() -> None:
    s = town(Kam="kamikaze", Max="maniac")
    s, ev = night(s, Ann=("shoot", "Kam"), Max=("kill", "Kam"))
    assert died(ev) == {"Kam": Cause.COP, "Ann": Cause.KAMIKAZE, "Max": Cause.KAMIKAZE}
    assert "took_along" in notices(ev)


def test_the_kamikaze_takes_the_killer_through_the_heal_but_not_the_healed_mafia() -> None:
    s = town(Kam="kamikaze", Kil="killer", Eve="doctor")
    s, ev = night(s, Kil=("kill", "Kam"), Bob=("kill", "Kam"), Eve=("heal", "Kam"))
    assert set(died(ev)) == {"Kam", "Kil"}  # Bob's attack was stopped by the heal


# --- C-NIGHT-5, 6, 7 --------------------------------------------------------------------------


def test_a_commissar_killed_tonight_still_learns_and_the_sergeant_hears() -> None:
    s = town(Sam="sergeant")
    s, ev = night(s, Ann=("check", "Cid"), Bob=("kill", "Ann"))
    assert Learned("Ann", "Cid", "mafioso") in ev and Learned("Sam", "Cid", "mafioso") in ev
    assert CommissarChose("Sam", "Ann", "check", "Cid") in ev  # type: ignore[arg-type]
    assert s.player("Sam").role is ChatRole.COMMISSAR and "sergeant_promoted" in notices(ev)


def test_the_sergeant_hears_of_a_shot_and_nothing_is_learned() -> None:
    s, ev = night(town(Sam="sergeant"), Ann=("shoot", "Cid"))
    assert of(ev, Learned) == [] and of(ev, CommissarChose)[0].verb == "shoot"


def test_the_hobo_is_no_visitor_of_himself_and_a_blocked_choice_is_not_seen() -> None:
    s = town(Hob="hobo", Mis="mistress", Eve="doctor")
    _, ev = night(s, Hob=("visit", "Eve"), Eve=("heal", "Eve"), Mis=("visit", "Ann"),
                  Ann=("check", "Eve"))  # fmt: skip
    assert of(ev, Visitors) == [Visitors("Hob", "Eve", ())]  # Ann was blocked; Eve is the target


def test_the_mafia_is_seen_only_as_its_decider_on_its_victim() -> None:
    s = town(Hob="hobo")
    _, ev = night(s, Hob=("visit", "Fay"), Bob=("kill", "Gus"), Cid=("kill", "Fay"))
    # Bob 1, Cid 1: the tie goes to the don's Gus; Cid's vote for Fay is not a visit
    assert of(ev, Visitors) == [Visitors("Hob", "Fay", ())]


# --- C-NIGHT-8, 9 -----------------------------------------------------------------------------


def test_a_skip_is_a_choice_and_a_refused_choice_is_none() -> None:
    s = town(Eve="doctor")
    s, _ = night(s, Eve=("skip", None))
    s, _ = day(s)
    s, _ = night(s)
    assert "Eve" in alive(s) and s.asleep == {"Eve": 1}
    s, _ = day(s)
    s, ev = night(s, Eve=("heal", "Zed"))  # refused: unknown_player, counts as none
    assert died(ev) == {"Eve": Cause.ASLEEP} and "fell_asleep" in notices(ev)


def test_a_sleeper_killed_the_same_night_died_of_the_attack() -> None:
    s = town(Eve="doctor")
    s, _ = night(s, Ann=("check", "Bob"))
    s, _ = day(s)
    _, ev = night(s, Bob=("kill", "Eve"), Ann=("check", "Cid"))
    assert died(ev) == {"Eve": Cause.MAFIA} and "fell_asleep" not in notices(ev)


def test_the_morning_post_counts_the_living_by_role_after_successions() -> None:
    s, ev = night(town(), Ann=("shoot", "Bob"))
    morning = of(ev, Morning)[-1]
    assert dict(morning.counts) == {"commissar": 1, "don": 1, "citizen": 4}  # Cid is don now
    assert morning.alive == ("Ann", "Cid", "Fay", "Gus", "Hal", "Ivy")
    assert of(ev, RoleShown) == [RoleShown("Bob", ChatRole.DON)]


def test_roles_hidden_by_the_server_are_not_shown() -> None:
    from dataclasses import replace

    from engine.chat import ChatOptions

    s = replace(town(), options=ChatOptions(roles_public=False))
    _, ev = night(s, Ann=("shoot", "Bob"))
    assert of(ev, RoleShown) == [] and of(ev, Morning)[-1].counts == ()


def test_a_night_by_day_and_after_the_end_are_refused() -> None:
    s, _ = night(town())
    with pytest.raises(PhaseError):
        night(s)
    over = table(Ann="commissar", Bob="don", Fay="citizen", Gus="citizen")
    over, _ = night(over, Ann=("shoot", "Bob"))
    assert over.winner is not None
    with pytest.raises(GameOver):
        day(over)


def test_two_mistresses_a_blocked_doctors_heal_still_voids_the_other_visit() -> None:
    # decided: C-NIGHT-1c reads the doctor's heal as chosen, even when he is blocked himself
    s = town(Eve="doctor", Mia="mistress", Mis="mistress")
    s, ev = night(
        s, Mia=("visit", "Eve"), Mis=("visit", "Fay"), Eve=("heal", "Fay"), Bob=("kill", "Fay")
    )
    assert of(ev, Blocked) == [Blocked("Eve")]  # Fay's visit void, Eve's heal cancelled
    assert died(ev) == {"Fay": Cause.MAFIA}


def test_a_shot_on_night_1_is_allowed_and_flagged_for_the_moderators() -> None:
    from engine.chat.events import BlindShot

    s, ev = night(town(), Ann=("shoot", "Fay"))
    assert of(ev, BlindShot) == [BlindShot("Ann", "Fay")] and died(ev) == {"Fay": Cause.COP}
    s, _ = day(s)
    _, ev = night(s, Ann=("shoot", "Gus"))
    assert of(ev, BlindShot) == []  # only night 1 (C-MOD-1's cop_first_night)
