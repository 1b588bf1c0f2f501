"""The host's overrides (R-WIN-2, R-WIN-4, R-SANCT-4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import (
    Choice,
    EngineError,
    Event,
    Faction,
    GameState,
    Phase,
    Refusal,
    Role,
    Verb,
    autokill,
    available_verbs,
    cancel_next_choice,
    check,
    continue_at_parity,
    disqualify,
    joint_criminal_win,
    name_zombie_head,
    new_game,
    resolve_day,
    resolve_night,
    strip_role,
)
from engine.events import Autokilled, Cause, Died, HostAction, NoticeCode, Refused, Won
from engine.forum.host import ContinueRefusal, continue_if_armed, may_arm_continue


def votes(*pairs: tuple[str, str]) -> list[Choice]:
    return [Choice(a, Verb.VOTE, b) for a, b in pairs]


def cop_mafia_and_three_citizens() -> GameState:
    return new_game(
        "two-sided",
        [
            ("ann", "cop"),
            ("bob", "don"),
            ("cid", "mafioso"),
            ("fay", "citizen"),
            ("gus", "citizen"),
            ("hal", "citizen"),
        ],
    )


def parity_game() -> GameState:
    s = new_game(
        "two-sided",
        [
            ("ann", "cop"),
            ("eve", "doctor"),
            ("bob", "don"),
            ("cid", "mafioso"),
            ("fay", "citizen"),
            ("gus", "citizen"),
            ("hal", "citizen"),
        ],
    )
    # fay leaves by the vote, gus and hal are autokilled: town 2 <= mafia 2 (R-WIN-2)
    s, _ = resolve_day(
        s, votes(("ann", "bob"), ("eve", "fay"), ("bob", "fay"), ("cid", "fay"), ("fay", "bob"))
    )
    assert s.winner == [Faction.MAFIA]
    return s


def test_continue_at_parity() -> None:
    s = parity_game()
    s2, ev = continue_at_parity(s)
    assert s.winner == [Faction.MAFIA]  # input untouched
    assert s2.winner == [] and s2.parity_continue
    assert ev == [HostAction("continue_at_parity")]
    with pytest.raises(EngineError):
        continue_at_parity(s2)
    s3, ev3 = resolve_night(
        s2,
        [
            Choice("ann", Verb.SHOOT, "cid"),
            Choice("mafia", Verb.SHOOT, "eve"),
            Choice("eve", Verb.HEAL, "eve"),
        ],
    )
    assert {e.who for e in ev3 if isinstance(e, Died)} == {"cid"}
    assert s3.winner == []
    s4, _ = resolve_day(s3, votes(("ann", "bob"), ("eve", "bob"), ("bob", "ann")))
    assert s4.winner == [Faction.TOWN]


def test_continue_at_parity_only_for_a_mafia_win() -> None:
    s = new_game("two-sided", [("ann", "cop"), ("bob", "don"), ("fay", "citizen")])
    with pytest.raises(EngineError):
        continue_at_parity(s)


def test_the_hosts_standing_continue_is_armed_once_in_a_two_sided_game() -> None:
    """R-WIN-2: armed while the game runs, refused in a three-sided game and a second time."""
    s = cop_mafia_and_three_citizens()
    assert may_arm_continue(s, armed=False) is None
    assert may_arm_continue(s, armed=True) is ContinueRefusal.ALREADY
    assert may_arm_continue(replace(s, parity_continue=True), armed=False) is (
        ContinueRefusal.ALREADY
    )
    deal = [("ann", "cop", None), ("bob", "don", "mafia"), ("max", "don", "maniacs"),
            ("fay", "citizen", None)]  # fmt: skip
    three = new_game("three-sided", deal)
    assert may_arm_continue(three, armed=False) is ContinueRefusal.NOT_TWO_SIDED


def test_an_armed_continue_turns_the_parity_win_into_play_on() -> None:
    """R-WIN-2: the resolution that reaches parity goes on when armed; its Won is dropped."""
    s = parity_game()
    events: list[Event] = [Died("fay", Cause.VOTE), Won((Faction.MAFIA,), "R-WIN-2")]
    same, same_events = continue_if_armed(s, events, armed=False)
    assert same is s and same_events == events
    going_on, said = continue_if_armed(s, events, armed=True)
    assert going_on.outcome is None and going_on.parity_continue
    assert said == [Died("fay", Cause.VOTE), HostAction("continue_at_parity")]
    town, _ = resolve_day(  # a town win is no parity: it stands, armed or not
        cop_mafia_and_three_citizens(),
        votes(("ann", "bob"), ("fay", "bob"), ("gus", "bob"), ("hal", "bob"), ("bob", "fay"),
              ("cid", "fay")),
    )  # fmt: skip
    assert continue_if_armed(town, [], armed=True)[0] is town


def test_joint_criminal_win() -> None:
    s = new_game(
        "three-sided",
        [
            ("ann", "cop"),
            ("bob", "don", "mafia"),
            ("max", "don", "maniacs"),
            ("nat", "mafioso", "maniacs"),
        ],
    )
    with pytest.raises(EngineError, match="never with the town"):
        joint_criminal_win(s)
    s, _ = autokill(s, "ann")
    assert s.winner == []  # both teams alive: R-WIN-4 not met
    s2, ev = joint_criminal_win(s)
    assert s2.winner == [Faction.MAFIA, Faction.MANIACS]
    assert Won((Faction.MAFIA, Faction.MANIACS), "host:R-WIN-4") in ev
    with pytest.raises(EngineError):
        joint_criminal_win(s2)
    with pytest.raises(EngineError):
        joint_criminal_win(parity_game())


def test_strip_role_keeps_faction_and_succeeds_the_don() -> None:
    s = new_game(
        "two-sided",
        [
            ("ann", "cop"),
            ("ast", "assistant"),
            ("bob", "don"),
            ("cid", "mafioso"),
            ("fay", "citizen"),
            ("gus", "citizen"),
        ],
    )
    s, ev = strip_role(s, "bob")
    assert s.get("bob").role is Role.CITIZEN and s.get("bob").faction is Faction.MAFIA
    assert s.get("cid").role is Role.DON  # R-ROLE-4
    assert s.knows["bob"]["cid"] == "don"
    s = replace(s, phase=Phase.NIGHT)
    assert check(s, Choice("bob", Verb.SHOOT, "fay")) == Refusal.NO_POWER
    s, _ = strip_role(s, "ann")
    assert "ann" not in s.cabinets["cop"]
    assert s.acting_cop() is not None and s.acting_cop().id == "ast"  # type: ignore[union-attr]
    assert check(s, Choice("ast", Verb.SHOOT, "cid")) is None
    with pytest.raises(EngineError):
        strip_role(s, "ann")  # already a citizen
    with pytest.raises(EngineError):
        strip_role(s, "zed")


def test_strip_doctor() -> None:
    s = new_game(
        "two-sided",
        [("ann", "cop"), ("bob", "don"), ("eve", "doctor"), ("fay", "citizen"), ("gus", "citizen")],
    )
    s, _ = strip_role(s, "eve")
    s = replace(s, phase=Phase.NIGHT)
    assert check(s, Choice("eve", Verb.HEAL, "fay")) == Refusal.NO_POWER


def test_cancel_a_players_next_choice() -> None:
    s = new_game(
        "two-sided",
        [
            ("ann", "cop"),
            ("bob", "don"),
            ("cid", "mafioso"),
            ("eve", "doctor"),
            ("fay", "citizen"),
            ("gus", "citizen"),
            ("hal", "citizen"),
        ],
    )
    s, _ = cancel_next_choice(s, "eve")
    assert Verb.VOTE in available_verbs(s, "eve")
    ballot = votes(
        ("ann", "fay"),
        ("bob", "fay"),
        ("cid", "fay"),
        ("eve", "gus"),
        ("fay", "gus"),
        ("gus", "fay"),
        ("hal", "gus"),
    )
    s, ev = resolve_day(s, ballot)  # the doctor votes; he has no day choice: not used up yet
    assert not any(isinstance(e, Refused) for e in ev)
    assert {e.who for e in ev if isinstance(e, Died)} == {"fay"}
    assert "eve" in s.cancelled
    assert check(s, Choice("eve", Verb.HEAL, "hal")) == Refusal.NO_POWER
    s, ev = resolve_night(s, [Choice("eve", Verb.HEAL, "hal"), Choice("mafia", Verb.SHOOT, "hal")])
    assert Died("hal", Cause.MAFIA) in ev
    assert "eve" not in s.skips  # a cancelled choice is no skip
    assert s.cancelled == ()
    s, _ = resolve_day(s, [], vote_held=False)
    assert check(s, Choice("eve", Verb.HEAL, "gus")) is None


def test_cancel_a_teams_choice_spares_the_sanction() -> None:
    s = cop_mafia_and_three_citizens()
    s, _ = cancel_next_choice(s, "mafia")
    s = replace(s, phase=Phase.NIGHT)
    assert check(s, Choice("mafia", Verb.SHOOT, "fay")) == Refusal.NO_POWER
    s, ev = resolve_night(s, [Choice("mafia", Verb.SHOOT, "fay")])
    assert not any(isinstance(e, Died) for e in ev)  # R-NIGHT-1: no sanction either
    s, _ = resolve_day(s, [], vote_held=False)
    s, ev = resolve_night(s, [])
    assert Died("cid", Cause.SANCTION) in ev


def test_cancel_lawyer_choice_is_no_skip() -> None:
    s = new_game(
        "two-sided",
        [("ann", "cop"), ("bob", "don"), ("lex", "lawyer"), ("fay", "citizen"), ("gus", "citizen")],
    )
    s, _ = cancel_next_choice(s, "lex")
    s, ev = resolve_day(s, [Choice("lex", Verb.PROTECT, "fay")], vote_held=False)
    assert not any(getattr(e, "code", None) == NoticeCode.LAWYER_SKIPPED for e in ev)
    assert "lex" not in s.last_targets


def test_autokill_and_disqualify() -> None:
    s = cop_mafia_and_three_citizens()
    s, ev = autokill(s, "bob")
    assert Autokilled("bob") in ev and s.get("bob").cause == "autokill"
    assert s.get("cid").role is Role.DON
    s, ev = disqualify(s, "cid")
    assert Died("cid", Cause.DISQUALIFIED) in ev
    assert s.winner == [Faction.TOWN] and Won((Faction.TOWN,), "R-WIN-1") in ev
    with pytest.raises(EngineError):
        autokill(s, "cid")


def test_name_zombie_head() -> None:
    s = new_game(
        "two-sided",
        [("ann", "cop"), ("bob", "don"), ("zed", "zombie"), ("zoe", "zombie"), ("fay", "citizen")],
    )
    assert s.zombie_head == "zed"
    s, _ = name_zombie_head(s, "zoe")
    assert s.zombie_head == "zoe"
    s = replace(s, phase=Phase.NIGHT)
    assert check(s, Choice("zed", Verb.SHOOT, "fay")) == Refusal.NO_POWER
    assert check(s, Choice("zoe", Verb.SHOOT, "fay")) is None
    with pytest.raises(EngineError):
        name_zombie_head(s, "fay")
