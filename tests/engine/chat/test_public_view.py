"""Hidden information never leaks: ``engine.chat.events.public_view`` is the one gate between
the chat pack's events and the game channel."""

from __future__ import annotations

from engine.chat.events import (
    BlindShot,
    Blocked,
    Candidate,
    CoinDrawn,
    CommissarChose,
    LastWords,
    Morning,
    Promoted,
    RoleShown,
    Turned,
    Visitors,
    public_view,
)
from engine.chat.roles import ChatRole, ChatVerb
from engine.events import Cause, Died, Learned, Notice, NoticeCode, VoteCast
from tests.engine.chat.play import night, table


def test_private_events_stay_private() -> None:
    private = [
        Learned("a", "b", "don"), Visitors("h", "t", ("x",)), Blocked("a"),
        Turned("w", ChatRole.MAFIOSO), CoinDrawn("l", 1, True), Promoted("s", ChatRole.COMMISSAR),
        CommissarChose("s", "c", ChatVerb.CHECK, "b"), BlindShot("c", "b"),
    ]  # fmt: skip
    assert [public_view(e) for e in private] == [None] * len(private)


def test_a_night_death_does_not_say_who_killed() -> None:
    said = {
        public_view(Died("a", cause))
        for cause in (Cause.COP, Cause.MAFIA, Cause.KILLER, Cause.MANIAC)
    }
    assert said == {Died("a", Cause.UNDISCLOSED)}
    for cause in (Cause.KAMIKAZE, Cause.ASLEEP, Cause.VOTE, Cause.LEAVE):  # C-NIGHT-9, C-LIFE-7
        assert public_view(Died("a", cause)) == Died("a", cause)


def test_what_the_channel_is_told() -> None:
    shown = [Notice(NoticeCode.WEREWOLF_TURNED), RoleShown("a", ChatRole.DON), Candidate("a", 2),
             Morning(("a",), ((ChatRole.DON, 1),)), LastWords("a", "bye")]  # fmt: skip
    assert [public_view(e) for e in shown] == shown
    assert public_view(VoteCast("a", "b")) == VoteCast("a", "b")
    assert public_view(VoteCast("a", "b"), options_secret_vote=True) is None  # C-DAY-2


def test_a_whole_night_in_public_names_no_actor() -> None:
    s = table(Ann="commissar", Sam="sergeant", Bob="don", Hob="hobo", Mis="mistress", Wolf="werewolf",
              Fay="citizen", Gus="citizen", Hal="citizen")  # fmt: skip
    _, events = night(s, Ann=("check", "Hob"), Bob=("kill", "Wolf"), Hob=("visit", "Fay"),
                      Mis=("visit", "Gus"))  # fmt: skip
    public = [v for e in events if (v := public_view(e)) is not None]
    assert Notice(NoticeCode.WEREWOLF_TURNED) in public
    text = repr(public)
    for secret in (
        "Wolf",
        "Hob",
        "Mis",
        "Gus",
    ):  # the turned, the hobo, the mistress and her target
        assert f"'{secret}'" not in text.replace("alive=(", "").split("Morning")[0], secret
