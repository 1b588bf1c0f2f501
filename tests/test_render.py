"""The engine's events as sentences (cogs/game/render.py): every event renders in Russian and
English with no missing key or placeholder; public lines pass through engine.public_view and
name no role, no faction and no cause of a night death — checked over random games."""

from __future__ import annotations

import logging
import random
import re
from itertools import product

import pytest

from cogs.game.render import HOST, Person, host_line, private_lines, public_line, text
from engine import Phase
from engine.events import (
    Autokilled,
    BlockResult,
    Cause,
    Converted,
    DayChoiceMade,
    Died,
    Event,
    GunInherited,
    GunStolen,
    HostAction,
    Learned,
    Left,
    LeftCabinet,
    Notice,
    NoticeCode,
    Refusal,
    Refused,
    RoleChanged,
    VoteCast,
    VoteCounted,
    VoteTaken,
    VoteVoided,
    Won,
    ZombieHead,
)
from engine.forum.autoplay import play_random_game, random_game
from engine.roles import COP_CABINET, TEAMS, Faction, Gun, Role
from engine.state import WinReason
from locales import SUPPORTED_LOCALES, t

NAMES = {"a": "Аня", "b": "Борис", "c": "Carol"}


def every_event() -> list[Event]:
    """One of each event type, with every value of each of its codes."""
    cabinets = [COP_CABINET, *(str(team) for team in TEAMS)]
    return [
        *(Notice(code) for code in NoticeCode),
        *(Died("a", cause) for cause in Cause),
        Left("a"),
        Left("a", autokilled=True),
        Autokilled("a"),
        *(Refused("a", "vote", code) for code in Refusal),
        *(Learned("a", "b", str(what)) for what in [*Role, *Faction]),
        *(RoleChanged("a", role, faction) for role, faction in product(Role, Faction)),
        RoleChanged("a", Role.CITIZEN, Faction.TOWN, told=False),
        *(Converted("a", cabinet) for cabinet in cabinets),
        *(LeftCabinet("a", cabinet) for cabinet in cabinets),
        BlockResult("a", "b", True),
        BlockResult("a", "b", False),
        *(GunStolen("a", gun, "b", 2) for gun in Gun),
        VoteTaken("a", "b", 3),
        VoteTaken("a", COP_CABINET, 3),
        GunInherited("a"),
        ZombieHead("a"),
        DayChoiceMade("a", "protect", "b"),
        DayChoiceMade("a", "void", "b"),
        VoteCast("a", "b"),
        VoteCast("a", "b", ordered_by="c"),
        VoteVoided("a", "c"),
        VoteCounted((("a", 1), ("b", 2), ("c", 5))),
        HostAction("strip_role", "a"),
        HostAction("continue_at_parity"),
        *(Won((faction,), "R-WIN-1") for faction in Faction),
        Won((Faction.MAFIA, Faction.MANIACS), "host:R-WIN-4"),
    ]


@pytest.mark.parametrize("event", every_event(), ids=repr)
def test_every_event_renders_in_both_languages(
    event: Event, caplog: pytest.LogCaptureFixture
) -> None:
    lines = [public_line(event, phase) for phase in Phase]
    lines += [line for _, line in private_lines(event)] + [host_line(event)]
    for locale in SUPPORTED_LOCALES:
        with caplog.at_level(logging.WARNING, logger="locales"):
            rendered = [text(line, locale, NAMES) for line in lines if line is not None]
        assert caplog.records == [], "a key or a placeholder is missing"
        for sentence in rendered:
            assert sentence.strip() and "{" not in sentence and "-" != sentence
            assert "event-" not in sentence and "role-" not in sentence
            assert not re.search(r"\b[RC]-[A-Z]{2,}", sentence), "the host reads no rule ids"


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_night_death_reads_the_same_whatever_killed(locale: str) -> None:
    # A disqualification is the host's public act (R-SANCT-4), told whenever it happens.
    hidden = [cause for cause in Cause if cause is not Cause.DISQUALIFIED]
    lines = [public_line(Died("a", cause), Phase.NIGHT) for cause in hidden]
    said = {text(line, locale, NAMES) for line in lines if line is not None}
    assert said == {t(locale, "event-died", who="Аня")} and None not in lines
    host = {text(host_line(Died("a", cause)), locale, NAMES) for cause in Cause}
    assert len(host) == len(Cause), "the host sees each cause"


def test_an_ordered_vote_hides_who_ordered_it_in_public() -> None:
    line = public_line(VoteCast("a", "b", ordered_by="c"), Phase.DAY)
    assert line is not None and "Carol" not in text(line, "en", NAMES)
    assert "Carol" in text(host_line(VoteCast("a", "b", ordered_by="c")), "en", NAMES)


def test_private_lines_go_to_the_one_concerned() -> None:
    assert [who for who, _ in private_lines(Learned("a", "b", "mafia"))] == ["a"]
    assert text(private_lines(Learned("a", "b", "mafia"))[0][1], "en", NAMES) == "You learned: Борис is Mafia."
    assert private_lines(RoleChanged("a", Role.CITIZEN, Faction.TOWN, told=False)) == []
    assert private_lines(VoteCast("a", "b")) == [], "public events are nobody's secret"
    assert HOST == "host"


# Causes a public line may state: a day's departures and the host's disqualification.
PUBLIC_CAUSES = {Cause.VOTE, Cause.AUTOKILL, Cause.DISQUALIFIED, Cause.UNDISCLOSED}


def _hidden_words(locale: str) -> set[str]:
    words = {t(locale, f"role-{role}") for role in Role}
    words |= {t(locale, f"faction-{faction}") for faction in Faction}
    words |= {t(locale, f"cause-{cause}") for cause in set(Cause) - PUBLIC_CAUSES}
    # "the town" is how every sentence speaks of the game's town, not a faction told about
    # somebody; the arguments check below keeps factions out structurally.
    return words - {t(locale, "faction-town")} if locale == "en" else words


@pytest.mark.parametrize("seed", range(60))
def test_no_public_line_names_a_role_over_random_games(seed: int) -> None:
    """R-NIGHT-14, DESIGN: a public channel never tells a role or a night death's cause before
    the reveal. Notices (R-NIGHT: "the cop missed") and the final Won line are public by rule
    and name no player."""
    rng = random.Random(seed)
    _, history = play_random_game(random_game(rng), rng)
    names = {p.id: f"Игрок {p.id}" for p in history[0].before.players}
    hidden = {locale: _hidden_words(locale) for locale in SUPPORTED_LOCALES}
    for step in history:
        for event in step.events:
            line = public_line(event, step.before.phase)
            if line is None or isinstance(event, Notice | Won):
                continue
            for locale in SUPPORTED_LOCALES:
                said = text(line, locale, names)
                leaked = [
                    w for w in hidden[locale] if re.search(rf"\b{re.escape(w)}\b", said, re.I)
                ]
                assert leaked == [], (said, event)
            assert all(isinstance(v, Person | tuple) for v in line.args.values()), line


@pytest.mark.parametrize("reason", list(WinReason), ids=str)
def test_each_win_reason_is_said_in_words(
    reason: WinReason, caplog: pytest.LogCaptureFixture
) -> None:
    """In words, in public and in the host's channel alike: nobody reads rule ids (issue 19)."""
    won = Won((Faction.TOWN,), reason.value)
    line = public_line(won, Phase.DAY)
    assert line is not None
    for locale in SUPPORTED_LOCALES:
        with caplog.at_level(logging.WARNING, logger="locales"):
            said = text(line, locale, NAMES)
            host = text(host_line(won), locale, NAMES)
        assert caplog.records == [] and "win-" not in said and "R-" not in said
        assert said.endswith(").") and host == said and "R-" not in host


def _said(line: object, locale: str) -> str:
    assert line is not None
    return text(line, locale, NAMES)  # type: ignore[arg-type]


def test_nobody_leaves_is_said_and_why() -> None:
    """R-VOTE-7/8 (issue 19): a tie, the lawyer's protection with no single runner-up, no vote."""
    from cogs.game.render import nobody_left
    from engine.events import DayChoiceMade, VoteCounted

    tie = [VoteCounted((("a", 2), ("b", 2)))]
    assert (
        _said(nobody_left(tie), "ru")
        == "Никто не покидает город: ничья за первое место (Аня, Борис)."
    )
    assert (
        _said(nobody_left(tie), "en") == "Nobody leaves the town: a tie for the lead (Аня, Борис)."
    )
    protect = DayChoiceMade(None, "protect", "a")
    alone = [protect, VoteCounted((("a", 3),))]
    assert "под защитой Адвоката, а больше голосов ни у кого нет." in _said(
        nobody_left(alone), "ru"
    )
    tied = [protect, VoteCounted((("a", 3), ("b", 1), ("c", 1)))]
    assert "а за второе место ничья." in _said(nobody_left(tied), "ru")
    assert "ни одного засчитанного голоса" in _said(nobody_left([VoteCounted(())]), "ru")
    # Someone left, or the leader was not protected: nothing to explain.
    assert nobody_left([VoteCounted((("a", 2),)), Left("a")]) is None
    assert nobody_left([protect, VoteCounted((("a", 3), ("b", 1))), Left("b")]) is None


def test_an_autokill_for_not_voting_says_so_publicly_and_in_his_dm() -> None:
    from cogs.game.render import no_vote_autokills
    from engine.events import HostAction

    events = [Autokilled("a"), HostAction("inactive", "b"), Autokilled("b")]
    no_vote = no_vote_autokills(events)
    assert no_vote == {"a"}  # b was removed for inactivity (R-SANCT-3), not for not voting
    assert _said(public_line(events[0], Phase.DAY, no_vote), "ru") == (
        "Аня выбывает из игры: автокилл, потому что голоса от этого игрока не было."
    )
    assert (
        _said(public_line(events[2], Phase.DAY, no_vote), "en")
        == "Борис is out of the game: autokill."
    )
    [(who, line)] = private_lines(events[0], no_vote)
    assert who == "a" and "потому что вы не проголосовали" in _said(line, "ru")
    assert "because you did not vote" in _said(line, "en")
