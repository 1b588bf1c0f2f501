"""The day (C-DAY-2..8), the kamikaze's take, the suicide, last words and leaving (C-LIFE-7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.chat import (
    ChatChoice,
    ChatRole,
    ChatVerb,
    last_words,
    leave,
    resolve_confirmation,
    resolve_take,
    resolve_vote,
)
from engine.chat.events import Candidate, LastWords, PersonalWin, Pressed, TakeAwaited
from engine.chat.leave import LastWordsRefused, close_last_words
from engine.errors import PhaseError
from engine.events import Cause, Died, Notice, Refused, VoteCounted
from engine.roles import Phase
from tests.engine.chat.play import alive, day, night, of, table


def morning(**roles: str):  # type: ignore[no-untyped-def]
    s = table(**roles)
    return replace(s, phase=Phase.DAY)


SIX = dict(Ann="commissar", Bob="don", Cid="mafioso", Kam="kamikaze", Sui="suicide", Fay="citizen",
           Gus="citizen", Hal="citizen", Ivy="citizen")  # fmt: skip


def test_the_candidate_needs_more_votes_than_skips() -> None:
    s = morning(**SIX)  # nine living: Bob 4, skips 5 (one explicit, four silent)
    s2, ev = day(s, votes={"Ann": "Bob", "Kam": "Bob", "Fay": "Bob", "Gus": "Bob", "Hal": None})
    assert of(ev, Candidate) == [Candidate(None, 5)] and s2.phase is Phase.NIGHT and s2.number == 2
    s3, ev = resolve_vote(
        s, [ChatChoice(v, ChatVerb.VOTE, "Bob") for v in ("Ann", "Kam", "Fay", "Gus", "Hal")]
    )
    assert of(ev, Candidate) == [Candidate("Bob", 4)] and s3.candidate == "Bob"


def test_a_vote_cannot_be_changed() -> None:
    s = morning(**SIX)
    _, ev = resolve_vote(
        s, [ChatChoice("Ann", ChatVerb.VOTE, "Bob"), ChatChoice("Ann", ChatVerb.VOTE, "Cid")]
    )
    assert of(ev, VoteCounted) == [VoteCounted((("Bob", 1),))]


def test_the_confirmation_takes_the_last_press_and_a_tie_spares() -> None:
    s, _ = resolve_vote(
        morning(**SIX), [ChatChoice(v, ChatVerb.VOTE, "Bob") for v in SIX if v != "Bob"]
    )
    presses = [
        ChatChoice("Ann", ChatVerb.UP),
        ChatChoice("Ann", ChatVerb.DOWN),
        ChatChoice("Fay", ChatVerb.UP),
    ]
    spared, ev = resolve_confirmation(s, presses)
    assert of(ev, Pressed) == [Pressed(1, 1)] and "Bob" in alive(spared)
    hanged, ev = resolve_confirmation(s, [*presses, ChatChoice("Gus", ChatVerb.UP)])
    assert Died("Bob", Cause.VOTE) in ev and hanged.player("Cid").role is ChatRole.DON


def test_nobody_presses_spares_him() -> None:
    s, _ = resolve_vote(
        morning(**SIX), [ChatChoice(v, ChatVerb.VOTE, "Bob") for v in SIX if v != "Bob"]
    )
    after, ev = resolve_confirmation(s, [])
    assert of(ev, Pressed) == [Pressed(0, 0)] and "Bob" in alive(after)


def _hang(s, who):  # type: ignore[no-untyped-def]
    votes = {v: who for v in alive(s) if v != who}
    return day(s, votes=votes, confirm={v: "up" for v in votes})


def test_a_hanged_kamikaze_takes_one_living_player_and_the_win_waits() -> None:
    s = morning(Bob="don", Kam="kamikaze", Fay="citizen", Gus="citizen", Hal="citizen")
    votes = {v: "Kam" for v in ("Bob", "Fay", "Gus", "Hal")}
    s, _ = resolve_vote(s, [ChatChoice(v, ChatVerb.VOTE, t) for v, t in votes.items()])
    waiting, ev = resolve_confirmation(s, [ChatChoice(v, ChatVerb.UP) for v in votes])
    assert of(ev, TakeAwaited) == [TakeAwaited("Kam")] and waiting.winner is None
    assert waiting.phase is Phase.DAY  # the night waits for his choice
    with pytest.raises(PhaseError):
        resolve_vote(waiting, [])
    after, ev = resolve_take(waiting, ChatChoice("Kam", ChatVerb.TAKE, "Bob"))
    assert Died("Bob", Cause.KAMIKAZE) in ev and Notice("took_along") in ev  # type: ignore[arg-type]
    assert after.winner is not None and after.winner.reason == "C-WIN-3"


def test_a_kamikaze_without_a_choice_takes_nobody() -> None:
    s = morning(Bob="don", Kam="kamikaze", Fay="citizen", Gus="citizen", Hal="citizen")
    after, ev = _hang(s, "Kam")
    assert alive(after) == {"Bob", "Fay", "Gus", "Hal"} and after.phase is Phase.NIGHT


def test_a_refused_take_takes_nobody() -> None:
    s = morning(Bob="don", Kam="kamikaze", Fay="citizen", Gus="citizen", Hal="citizen")
    votes = {v: "Kam" for v in ("Bob", "Fay", "Gus", "Hal")}
    after, ev = day(s, votes=votes, confirm={v: "up" for v in votes}, take=("Kam", "Kam"))
    assert Refused("Kam", "take", "not_alive") in ev and len(alive(after)) == 4  # type: ignore[arg-type]


def test_a_take_without_a_hanged_kamikaze_is_refused() -> None:
    _, ev = day(morning(**SIX), take=("Kam", "Bob"))
    assert Refused("Kam", "take", "no_power") in ev  # type: ignore[arg-type]


def test_the_hanged_suicide_wins_alone_and_the_game_goes_on() -> None:
    s, ev = _hang(morning(**SIX), "Sui")
    assert of(ev, PersonalWin) == [PersonalWin("Sui")] and s.personal_wins == ("Sui",)
    assert s.winner is None
    s, ev = night(s, Ann=("shoot", "Bob"))
    assert s.personal_wins == ("Sui",)  # kept


def test_a_suicide_killed_at_night_wins_nothing() -> None:
    s = table(**SIX)
    s, _ = night(s, Bob=("kill", "Sui"), Ann=("check", "Bob"))
    assert s.personal_wins == ()


def test_last_words_once_for_the_killed_and_the_hanged_only() -> None:
    s = table(**SIX)
    s, _ = night(s, Bob=("kill", "Fay"), Ann=("check", "Bob"))
    assert s.may_speak == {"Fay"}
    s2, ev = last_words(s, "Fay", "it was Bob")
    assert ev == [LastWords("Fay", "it was Bob")]
    with pytest.raises(LastWordsRefused):
        last_words(s2, "Fay", "again")  # once
    with pytest.raises(LastWordsRefused):
        last_words(s, "Fay", "x" * 301)
    with pytest.raises(LastWordsRefused):
        last_words(s, "Gus", "alive")
    assert close_last_words(s).may_speak == frozenset()
    hanged, _ = _hang(s, "Cid")
    assert hanged.may_speak == {"Cid"}


def test_the_asleep_and_the_leaver_have_no_last_words() -> None:
    s = table(**SIX)
    s, _ = night(s, Bob=("kill", "Fay"))  # Ann sleeps
    s, _ = day(s)
    s, ev = night(s, Bob=("kill", "Gus"))
    assert Died("Ann", Cause.ASLEEP) in ev and s.may_speak == {"Gus"}
    s, ev = leave(s, "Hal")
    assert Died("Hal", Cause.LEAVE) in ev and "Hal" not in s.may_speak


def test_leaving_checks_successions_and_the_win() -> None:
    s = table(Ann="commissar", Bob="don", Cid="mafioso", Fay="citizen", Gus="citizen")
    s, ev = leave(s, "Bob")
    assert s.player("Cid").role is ChatRole.DON and Notice("don_promoted") in ev  # type: ignore[arg-type]
    s, ev = leave(s, "Cid")
    assert s.winner is not None and s.winner.reason == "C-WIN-3"


def test_a_candidate_who_leaves_is_not_hanged() -> None:
    s, _ = resolve_vote(
        morning(**SIX), [ChatChoice(v, ChatVerb.VOTE, "Fay") for v in SIX if v != "Fay"]
    )
    s, _ = leave(s, "Fay")
    s, ev = resolve_confirmation(s, [ChatChoice("Ann", ChatVerb.UP)])
    assert of(ev, Died) == [] and s.phase is Phase.NIGHT


def test_the_day_takes_victim_has_no_last_words() -> None:
    # decided: C-DAY-7 says "killed at night or hanged"; the take by day is neither
    s = morning(
        Bob="don",
        Kam="kamikaze",
        Cid="mafioso",
        Fay="citizen",
        Gus="citizen",
        Hal="citizen",
        Ivy="citizen",
    )
    votes = {v: "Kam" for v in ("Bob", "Cid", "Fay", "Gus", "Hal", "Ivy")}
    after, ev = day(s, votes=votes, confirm={v: "up" for v in votes}, take=("Kam", "Fay"))
    assert Died("Fay", Cause.KAMIKAZE) in ev and after.may_speak == {"Kam"}
