"""engine.moderation: the R-MOD catalogue and ladders, the three-warns automatic mute, revoked
sanctions, per-server overrides (R-MOD-1), reports (R-MOD-2), the 28-day timeout cap and the
morgue escalation (R-SANCT-1)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import moderation as m
from engine.moderation import (
    AUTO_THREE_WARNS,
    DEFAULT_CATALOGUE,
    DISCORD_TIMEOUT_MAX,
    Action,
    Charge,
    ModerationError,
    OverridesError,
    Report,
    Sanction,
    apply_overrides,
    decide,
    morgue_readonly,
    next_timeout,
    parse_duration,
    resolve_report,
    validate_overrides,
)

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)
H = timedelta(hours=1)
RULES_MD = Path(__file__).resolve().parents[3] / "shared" / "rules" / "RULES.md"

W = ("warn", None, "member")
BAN = ("ban", None, "member")


def mute(minutes: int) -> tuple[str, timedelta | None, str]:
    return ("timeout", timedelta(minutes=minutes), "member")


# RULES.md section 11, transcribed independently of the module: code -> steps -> actions.
EXPECTED: dict[str, list[list[tuple[str, timedelta | None, str]]]] = {
    "ads": [[BAN]],
    "spam": [[mute(20)], [BAN]],
    "nsfw": [[mute(360)], [BAN]],
    "multiaccount": [[("ban", None, "other_account"), W]],
    "false_report": [[W], [mute(30)], [mute(180)]],
    "nick_change": [[W], [mute(180)]],
    "confusable_nick": [[W], [mute(180)]],
    "forward_bot": [[W], [mute(30)], [mute(60)]],
    "off_topic_judging": [[W], [mute(120)]],
    "disrespect_admin": [[mute(240)], [mute(720)], [BAN]],
    "ruin": [[mute(120)], [mute(180)], [mute(360)]],
    "forbidden_topics": [[mute(360)], [mute(720)], [BAN]],
    "cop_first_night": [[W], [mute(30)]],
    "private_play": [[W], [mute(120)]],
    "insult": [[mute(30)]],
    "random_day_one": [[W], [mute(30)]],
    "afk": [[mute(60)]],
    "leave": [[mute(60)]],
    "command_flood": [[mute(30)], [mute(120)]],
    "ally_leak": [[W], [mute(30)], [mute(180)]],
    "misleading": [[W], [mute(30)], [mute(180)]],
    "cop_exposes_town": [[W], [mute(30)]],
    "against_logic": [[W], [mute(60)]],
    "early_start": [[W], [mute(30)], [mute(120)]],
    "role_gathering": [[W], [mute(30)], [mute(60)]],
    "early_reveal": [[W], [mute(30)], [mute(180)]],
    "kamikaze_dm_mafia": [[W], [mute(60)]],
}


def shape(actions: tuple[Action, ...]) -> list[tuple[str, timedelta | None, str]]:
    return [(a.kind, a.duration, a.target) for a in actions]


def past(*codes: str, revoked: bool = False) -> list[Sanction]:
    """One record per code, an hour apart, each recorded as ``decide`` would have decided it."""
    history: list[Sanction] = []
    for i, code in enumerate(codes):
        record = decide(history, code, T0 + i * H).record()
        history.append(replace(record, revoked=revoked))
    return history


# --- the catalogue ------------------------------------------------------------------------------


def test_the_catalogue_has_exactly_the_table_codes_in_order() -> None:
    assert DEFAULT_CATALOGUE.codes() == tuple(EXPECTED)
    assert m.VIOLATIONS == tuple(EXPECTED)


@pytest.mark.parametrize("code", list(EXPECTED))
def test_each_ladder_is_exactly_the_table(code: str) -> None:
    ladder = DEFAULT_CATALOGUE.ladder(code)
    assert [shape(step.actions) for step in ladder] == EXPECTED[code]


@pytest.mark.parametrize("code", list(EXPECTED))
def test_the_nth_offence_gets_the_nth_step_and_the_last_repeats(code: str) -> None:
    """R-MOD: decided offence after offence of the same violation, with nothing else on record
    (the three-warns rule needs three DIFFERENT violations, so it never fires here)."""
    steps = EXPECTED[code]
    history: list[Sanction] = []
    for n in range(1, len(steps) + 4):
        at = T0 + n * H
        decision = decide(history, code, at)
        expected_step = min(n, len(steps))
        assert (decision.offence, decision.step) == (n, expected_step)
        expected = steps[expected_step - 1]
        assert decision.reasons == (code,)
        assert shape(decision.actions) == expected
        durations = [d for kind, d, target in expected if d is not None and target == "member"]
        assert decision.mute == (durations[0] if durations else None)
        assert decision.timeout_ends_at == (at + durations[0] if durations else None)
        assert decision.renew_at is None and decision.notes == ()
        history.append(decision.record())


@pytest.mark.skipif(not RULES_MD.is_file(), reason=f"RULES.md not found at {RULES_MD}")
def test_the_catalogue_matches_the_markdown_table_of_rules_md() -> None:
    """The catalogue read against the table of RULES.md section 11 itself."""
    text = RULES_MD.read_text(encoding="utf-8")
    section = text.split("## 11.")[1].split("\n## ")[0]
    rows = re.findall(r"^\| `(\w+)` \| [^|]+ \| ([^|]+) \|$", section, flags=re.MULTILINE)
    assert [code for code, _ in rows] == list(DEFAULT_CATALOGUE.codes())
    for code, ladder in rows:
        ladder = ladder.strip()
        if code == "multiaccount":
            assert ladder == "ban the extra account, warn the main one"
            expected = ["ban other_account + warn"]
        else:  # "warn → mute 30m → mute 3h": the catalogue's own step notation
            expected = [step.strip() for step in ladder.split("→")]
        assert [s.text() for s in DEFAULT_CATALOGUE.ladder(code)] == expected, code


def test_multiaccount_bans_the_extra_account_and_warns_the_main_one_every_time() -> None:
    for n in range(1, 4):
        decision = decide(past(*["multiaccount"] * (n - 1)), "multiaccount", T0 + 10 * H)
        assert decision.step == 1
        assert shape(decision.actions) == [("ban", None, "other_account"), W]
        assert decision.warned and not decision.banned and decision.mute is None


def test_unknown_violation() -> None:
    with pytest.raises(ModerationError) as error:
        decide([], "jaywalking", T0)
    assert error.value.code == "unknown_violation"


# --- three warns for three different violations -------------------------------------------------


def test_three_different_warns_add_the_six_hour_mute() -> None:
    history = past("nick_change", "forward_bot")
    at = T0 + 5 * H
    decision = decide(history, "off_topic_judging", at)
    assert decision.reasons == ("off_topic_judging", AUTO_THREE_WARNS)
    assert shape(decision.actions) == [W, ("timeout", 6 * H, "member")]
    assert decision.actions[1].until == at + 6 * H
    assert decision.mute == 6 * H and decision.timeout_ends_at == at + 6 * H
    assert decision.step == 1 and decision.auto_mute
    assert decision.record().auto_mute and decision.record().warned


def test_two_different_warns_are_not_enough() -> None:
    decision = decide(past("nick_change"), "forward_bot", T0 + 5 * H)
    assert AUTO_THREE_WARNS not in decision.reasons and shape(decision.actions) == [W]


def test_the_same_violation_three_times_follows_its_own_ladder() -> None:
    """Three offences of one violation: warn, mute 3h, mute 3h — never the automatic mute."""
    history = past("nick_change", "nick_change")
    decision = decide(history, "nick_change", T0 + 5 * H)
    assert decision.reasons == ("nick_change",)
    assert shape(decision.actions) == [mute(180)]
    # multiaccount warns at every offence: still one violation, so no automatic mute.
    decision = decide(past("multiaccount", "multiaccount"), "multiaccount", T0 + 5 * H)
    assert AUTO_THREE_WARNS not in decision.reasons


def test_a_warn_again_for_an_already_counted_violation_adds_nothing() -> None:
    history = past("nick_change", "multiaccount")
    decision = decide(history, "multiaccount", T0 + 5 * H)
    assert AUTO_THREE_WARNS not in decision.reasons
    decision = decide([*history, decision.record()], "forward_bot", T0 + 6 * H)
    assert AUTO_THREE_WARNS in decision.reasons  # the third DIFFERENT warned violation


def test_mutes_and_bans_are_not_warns() -> None:
    history = past("nick_change", "spam")  # spam's first step is a mute
    decision = decide(history, "forward_bot", T0 + 5 * H)
    assert AUTO_THREE_WARNS not in decision.reasons


def test_the_count_restarts_after_the_automatic_mute() -> None:
    """Decision: the automatic mute consumes the warns; three new different ones are needed."""
    history = past("nick_change", "forward_bot", "off_topic_judging")
    assert history[-1].auto_mute
    for i, code in enumerate(("cop_first_night", "private_play")):
        decision = decide(history, code, T0 + (10 + i) * H)
        assert AUTO_THREE_WARNS not in decision.reasons, code
        history.append(decision.record())
    decision = decide(history, "random_day_one", T0 + 20 * H)
    assert AUTO_THREE_WARNS in decision.reasons


def test_a_warn_for_a_violation_counted_before_the_reset_counts_again_after_it() -> None:
    history = past("nick_change", "forward_bot", "off_topic_judging", "multiaccount")
    history.append(decide(history, "cop_first_night", T0 + 10 * H).record())
    decision = decide(history, "multiaccount", T0 + 11 * H)  # counted: multiaccount already
    assert AUTO_THREE_WARNS not in decision.reasons
    decision = decide(history, "against_logic", T0 + 11 * H)
    assert AUTO_THREE_WARNS in decision.reasons


def test_the_automatic_mute_and_a_step_mute_give_one_timeout_of_the_longer() -> None:
    catalogue = apply_overrides(
        DEFAULT_CATALOGUE, {"ladders": {"against_logic": ["warn + mute 1h"]}}
    )
    history = past("nick_change", "forward_bot")
    decision = decide(history, "against_logic", T0 + 5 * H, catalogue=catalogue)
    assert shape(decision.actions) == [W, ("timeout", 6 * H, "member")]
    decision = decide(
        history, "against_logic", T0 + 5 * H, catalogue=catalogue, override_duration=9 * H
    )
    assert shape(decision.actions) == [W, ("timeout", 9 * H, "member")]
    assert decision.reasons == ("against_logic", AUTO_THREE_WARNS)


def test_a_ban_supersedes_the_automatic_mute() -> None:
    catalogue = apply_overrides(DEFAULT_CATALOGUE, {"ladders": {"against_logic": ["warn + ban"]}})
    history = past("nick_change", "forward_bot")
    decision = decide(history, "against_logic", T0 + 5 * H, catalogue=catalogue)
    assert shape(decision.actions) == [W, BAN] and decision.mute is None
    assert AUTO_THREE_WARNS not in decision.reasons


def test_warned_unknown_is_looked_up_in_the_catalogue_and_explicit_wins() -> None:
    plain = [Sanction("nick_change", 1, T0), Sanction("forward_bot", 1, T0 + H)]
    assert AUTO_THREE_WARNS in decide(plain, "against_logic", T0 + 2 * H).reasons
    told = [Sanction("nick_change", 1, T0, warned=False), Sanction("forward_bot", 1, T0 + H)]
    assert AUTO_THREE_WARNS not in decide(told, "against_logic", T0 + 2 * H).reasons
    # a record of a code the catalogue does not know is kept but looked up as no warn
    odd = [Sanction("retired_code", 1, T0), Sanction("forward_bot", 1, T0 + H)]
    assert AUTO_THREE_WARNS not in decide(odd, "against_logic", T0 + 2 * H).reasons


# --- revoked sanctions, order, instants ---------------------------------------------------------


def test_revoked_sanctions_do_not_count() -> None:
    """R-MOD-2: a sanction revoked (e.g. its report found false) is as if never given."""
    history = past("spam", revoked=True)
    decision = decide(history, "spam", T0 + 5 * H)
    assert decision.offence == 1 and shape(decision.actions) == [mute(20)]
    warns = [*past("nick_change"), *past("forward_bot", revoked=True)]
    assert AUTO_THREE_WARNS not in decide(warns, "against_logic", T0 + 5 * H).reasons


def test_a_revoked_automatic_mute_does_not_reset_the_count() -> None:
    history = past("nick_change", "forward_bot")
    auto = decide(history, "off_topic_judging", T0 + 3 * H).record()
    assert auto.auto_mute
    # the third warn itself was revoked: two warns remain, a new different one completes three
    with_revoked = [*history, replace(auto, revoked=True)]
    assert AUTO_THREE_WARNS in decide(with_revoked, "against_logic", T0 + 4 * H).reasons
    assert AUTO_THREE_WARNS not in decide([*history, auto], "against_logic", T0 + 4 * H).reasons


def test_records_after_the_instant_do_not_count_and_order_given_does_not_matter() -> None:
    history = past("spam", "spam")
    assert decide(history, "spam", T0 + 30 * MIN).offence == 2  # only the first is before
    assert decide(list(reversed(history)), "spam", T0 + 5 * H) == decide(
        history, "spam", T0 + 5 * H
    )


def test_instants_must_be_aware() -> None:
    naive = datetime(2026, 11, 1, 12, 0)
    for call in (
        lambda: decide([], "spam", naive),
        lambda: Sanction("spam", 1, naive),
        lambda: Report(1, 2, "spam", naive),
        lambda: next_timeout(naive, T0),
    ):
        with pytest.raises(ModerationError) as error:
            call()
        assert error.value.code == "naive_datetime"


def test_a_record_step_is_at_least_one() -> None:
    with pytest.raises(ModerationError) as error:
        Sanction("spam", 0, T0)
    assert error.value.code == "unknown_step"


# --- a moderator's duration and the 28-day cap --------------------------------------------------


def test_a_moderator_may_change_the_duration_of_the_step_applied() -> None:
    decision = decide([], "spam", T0, override_duration=2 * H)
    assert shape(decision.actions) == [("timeout", 2 * H, "member")]
    assert decision.timeout_ends_at == T0 + 2 * H
    assert decision.notes == (m.NOTE_MODERATOR_DURATION,)
    assert decide([], "spam", T0) == decide([], "spam", T0)  # the catalogue is unchanged


@pytest.mark.parametrize(
    ("code", "duration", "error"),
    [
        ("nick_change", H, "step_has_no_duration"),  # first step: a warn
        ("ads", H, "step_has_no_duration"),
        ("multiaccount", H, "step_has_no_duration"),
        ("spam", timedelta(0), "duration_not_positive"),
        ("spam", -H, "duration_not_positive"),
        ("spam", timedelta(days=400), "duration_too_long"),
    ],
)
def test_a_moderator_duration_is_checked(code: str, duration: timedelta, error: str) -> None:
    with pytest.raises(ModerationError) as raised:
        decide([], code, T0, override_duration=duration)
    assert raised.value.code == error


def test_a_mute_over_28_days_is_a_28_day_timeout_to_renew() -> None:
    """Decision: a long mute is not shortened: 28 days now, renewed until its end."""
    total = timedelta(days=60)
    decision = decide([], "insult", T0, override_duration=total)
    (timeout,) = decision.actions
    assert timeout.duration == DISCORD_TIMEOUT_MAX and timeout.until == T0 + DISCORD_TIMEOUT_MAX
    assert decision.mute == total and decision.timeout_ends_at == T0 + total
    assert decision.renew_at == T0 + DISCORD_TIMEOUT_MAX
    assert decision.notes == (m.NOTE_MODERATOR_DURATION, m.NOTE_RENEWAL_NEEDED)
    assert decision.timeout_ends_at is not None
    chunks = [timeout]
    while (nxt := next_timeout(decision.timeout_ends_at, chunks[-1].until or T0)) is not None:
        chunks.append(nxt)
    assert [c.duration for c in chunks] == [DISCORD_TIMEOUT_MAX] * 2 + [timedelta(days=4)]
    assert chunks[-1].until == decision.timeout_ends_at


def test_exactly_28_days_needs_no_renewal() -> None:
    decision = decide([], "insult", T0, override_duration=DISCORD_TIMEOUT_MAX)
    assert decision.renew_at is None and m.NOTE_RENEWAL_NEEDED not in decision.notes
    assert next_timeout(T0 + DISCORD_TIMEOUT_MAX, T0 + DISCORD_TIMEOUT_MAX) is None


def test_a_configured_long_step_is_capped_too() -> None:
    catalogue = apply_overrides(DEFAULT_CATALOGUE, {"durations": {"afk": {"1": "40d"}}})
    decision = decide([], "afk", T0, catalogue=catalogue)
    assert decision.actions[0].duration == DISCORD_TIMEOUT_MAX
    assert decision.renew_at == T0 + DISCORD_TIMEOUT_MAX and decision.mute == timedelta(days=40)


# --- per-server overrides (R-MOD-1) -------------------------------------------------------------


def test_overrides_change_durations_replace_ladders_and_the_automatic_mute() -> None:
    data = json.loads(
        '{"durations": {"spam": {"1": "45m"}, "ruin": {"3": 720}},'
        ' "ladders": {"insult": ["warn", "mute 30m", "mute 2h"]},'
        ' "auto_mute": "8h"}'
    )
    catalogue = apply_overrides(DEFAULT_CATALOGUE, data)
    assert [s.text() for s in catalogue.ladder("spam")] == ["mute 45m", "ban"]
    assert [s.text() for s in catalogue.ladder("ruin")] == ["mute 2h", "mute 3h", "mute 12h"]
    assert [s.text() for s in catalogue.ladder("insult")] == ["warn", "mute 30m", "mute 2h"]
    assert catalogue.auto_mute == 8 * H
    assert catalogue.codes() == DEFAULT_CATALOGUE.codes()
    # the rest is untouched, and the default catalogue too
    assert catalogue.ladder("ads") == DEFAULT_CATALOGUE.ladder("ads")
    assert [s.text() for s in DEFAULT_CATALOGUE.ladder("spam")] == ["mute 20m", "ban"]
    history = past("nick_change", "forward_bot")
    decision = decide(history, "insult", T0 + 5 * H, catalogue=catalogue)
    assert shape(decision.actions) == [W, ("timeout", 8 * H, "member")]


def test_durations_number_the_replaced_ladder() -> None:
    data = {"ladders": {"afk": ["warn", "mute 1h"]}, "durations": {"afk": {2: "90"}}}
    catalogue = apply_overrides(DEFAULT_CATALOGUE, data)
    assert [s.text() for s in catalogue.ladder("afk")] == ["warn", "mute 1h30m"]


def test_the_catalogue_round_trips_through_plain_data() -> None:
    data = json.loads(json.dumps(DEFAULT_CATALOGUE.to_data()))
    assert apply_overrides(DEFAULT_CATALOGUE, data) == DEFAULT_CATALOGUE
    assert apply_overrides(DEFAULT_CATALOGUE, {}) == DEFAULT_CATALOGUE


@pytest.mark.parametrize(
    ("data", "problems"),
    [
        ([], [("overrides_not_mapping", "")]),
        ({"colour": 1}, [("unknown_override_key", "colour")]),
        ({"ladders": []}, [("not_mapping", "ladders")]),
        ({"ladders": {"jaywalking": ["ban"]}}, [("unknown_violation", "ladders.jaywalking")]),
        ({"ladders": {"spam": "ban"}}, [("bad_ladder", "ladders.spam")]),
        ({"ladders": {"spam": []}}, [("empty_ladder", "ladders.spam")]),
        ({"ladders": {"spam": ["warn", "kick"]}}, [("bad_action", "ladders.spam[2]")]),
        ({"ladders": {"spam": ["mute soon"]}}, [("bad_duration", "ladders.spam[1]")]),
        ({"ladders": {"spam": ["mute 0m"]}}, [("duration_not_positive", "ladders.spam[1]")]),
        ({"ladders": {"spam": [7]}}, [("bad_step", "ladders.spam[1]")]),
        ({"ladders": {"spam": ["warn + warn"]}}, [("duplicate_action", "ladders.spam[1]")]),
        ({"durations": {"spam": {"3": "1h"}}}, [("unknown_step", "durations.spam.3")]),
        ({"durations": {"spam": {"0": "1h"}}}, [("unknown_step", "durations.spam.0")]),
        ({"durations": {"spam": {"2": "1h"}}}, [("step_has_no_duration", "durations.spam.2")]),
        ({"durations": {"spam": {"1": "2y"}}}, [("bad_duration", "durations.spam.1")]),
        ({"durations": {"spam": {"1": 1.5}}}, [("bad_duration", "durations.spam.1")]),
        ({"durations": {"spam": {"1": True}}}, [("bad_duration", "durations.spam.1")]),
        ({"durations": {"spam": {"1": "400d"}}}, [("duration_too_long", "durations.spam.1")]),
        ({"durations": {"spam": "1h"}}, [("not_mapping", "durations.spam")]),
        ({"durations": {"jaywalking": {}}}, [("unknown_violation", "durations.jaywalking")]),
        ({"auto_mute": -5}, [("duration_not_positive", "auto_mute")]),
        (
            {"auto_mute": "x", "ladders": {"ads": []}, "durations": {"spam": {"9": 1}}},
            [
                ("empty_ladder", "ladders.ads"),
                ("unknown_step", "durations.spam.9"),
                ("bad_duration", "auto_mute"),
            ],
        ),
    ],
)
def test_overrides_are_validated_with_stable_codes(
    data: object, problems: list[tuple[str, str]]
) -> None:
    with pytest.raises(OverridesError) as error:
        apply_overrides(DEFAULT_CATALOGUE, data)
    assert [(p.code, p.where) for p in error.value.problems] == problems
    assert error.value.codes == tuple(code for code, _ in problems)
    assert [(p.code, p.where) for p in validate_overrides(DEFAULT_CATALOGUE, data)] == problems


def test_valid_overrides_have_no_problems() -> None:
    assert validate_overrides(DEFAULT_CATALOGUE, {"durations": {"spam": {"1": 30}}}) == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("20m", 20 * MIN),
        ("6h", 6 * H),
        ("1d12h", 36 * H),
        (" 1H 30M ", 90 * MIN),
        ("90", 90 * MIN),
        (45, 45 * MIN),
        (timedelta(hours=2), 2 * H),
        ("45s", timedelta(seconds=45)),
    ],
)
def test_parse_duration(text: object, expected: timedelta) -> None:
    assert parse_duration(text) == expected
    assert parse_duration(m.format_duration(expected)) == expected


@pytest.mark.parametrize("text", ["", "h", "1h1d", "-5m", "1.5h", None, 2.0, False])
def test_parse_duration_refuses(text: object) -> None:
    with pytest.raises(ModerationError) as error:
        parse_duration(text)
    assert error.value.code in {"bad_duration", "duration_not_positive"}


# --- the morgue (R-SANCT-1) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("breach", "expected"),
    [(1, None), (2, 30 * MIN), (3, 60 * MIN), (4, 90 * MIN), (10, 270 * MIN)],
)
def test_morgue_escalation(breach: int, expected: timedelta | None) -> None:
    """The first breach is a warning; a repeated one 30 minutes; each further +30 minutes."""
    assert morgue_readonly(breach) == expected


@given(st.integers(min_value=2, max_value=10_000))
def test_morgue_each_breach_adds_thirty_minutes(breach: int) -> None:
    before = morgue_readonly(breach - 1) or timedelta(0)
    assert morgue_readonly(breach) == before + 30 * MIN


@pytest.mark.parametrize("breach", [0, -1])
def test_morgue_breach_counts_from_one(breach: int) -> None:
    with pytest.raises(ModerationError) as error:
        morgue_readonly(breach)
    assert error.value.code == "bad_breach"


# --- reports (R-MOD-2) --------------------------------------------------------------------------


def test_a_report_found_false_is_a_false_report_of_the_reporter() -> None:
    report = Report(reporter=11, accused=22, violation="insult", at=T0)
    charge = resolve_report(report, "found_false")
    assert charge == Charge(11, "false_report", "report_found_false")
    assert charge is not None
    first = decide([], charge.violation, T0 + H)
    assert shape(first.actions) == [W]
    second = decide([first.record()], charge.violation, T0 + 2 * H)
    assert shape(second.actions) == [mute(30)]


def test_an_upheld_report_charges_the_accused_and_an_unproven_one_nobody() -> None:
    report = Report(reporter=11, accused=22, violation="insult", at=T0)
    assert resolve_report(report, "upheld") == Charge(22, "insult", "report_upheld")
    assert resolve_report(report, "unproven") is None
    with pytest.raises(ModerationError) as error:
        resolve_report(report, "maybe")  # type: ignore[arg-type]
    assert error.value.code == "bad_outcome"


def test_revoking_what_a_false_report_caused() -> None:
    """The accused's sanction on a false report is revoked: his next offence is a first one."""
    on_report = decide([], "insult", T0).record()
    assert decide([on_report], "insult", T0 + H).offence == 2
    assert decide([replace(on_report, revoked=True)], "insult", T0 + H).offence == 1


# --- properties ---------------------------------------------------------------------------------

CODES = st.sampled_from(DEFAULT_CATALOGUE.codes())
INSTANTS = st.integers(min_value=0, max_value=10_000).map(lambda k: T0 + k * MIN)
RECORDS = st.builds(
    Sanction,
    violation=st.one_of(CODES, st.just("retired_code")),
    step=st.integers(min_value=1, max_value=5),
    at=INSTANTS,
    warned=st.one_of(st.none(), st.booleans()),
    auto_mute=st.booleans(),
    revoked=st.booleans(),
)
MINUTES_UP_TO_60_DAYS = st.integers(min_value=1, max_value=60 * 24 * 60)
OVERRIDE = st.one_of(st.none(), MINUTES_UP_TO_60_DAYS.map(lambda k: k * MIN))


@settings(max_examples=300, deadline=None)
@given(st.lists(RECORDS, max_size=25), CODES, INSTANTS, OVERRIDE)
def test_property_decisions_are_bounded_positive_and_deterministic(
    history: list[Sanction], code: str, at: datetime, override: timedelta | None
) -> None:
    ladder = DEFAULT_CATALOGUE.ladder(code)
    try:
        decision = decide(history, code, at, override_duration=override)
    except ModerationError as error:
        assert error.code == "step_has_no_duration" and override is not None
        return
    assert 1 <= decision.step <= len(ladder)
    assert decision.offence >= decision.step
    assert decision.actions and decision.reasons[0] == code
    assert set(decision.reasons) <= {code, AUTO_THREE_WARNS}
    for action in decision.actions:
        if action.kind == "timeout":
            assert action.duration is not None and action.until is not None
            assert timedelta(0) < action.duration <= DISCORD_TIMEOUT_MAX
            assert action.until == at + action.duration
        else:
            assert action.duration is None and action.until is None
    if decision.mute is not None:
        assert decision.mute > timedelta(0)
        assert decision.timeout_ends_at == at + decision.mute
        assert (decision.renew_at is not None) == (decision.mute > DISCORD_TIMEOUT_MAX)
    if AUTO_THREE_WARNS in decision.reasons:
        assert decision.warned and decision.mute is not None
        assert decision.mute >= DEFAULT_CATALOGUE.auto_mute
    # deterministic, and independent of the order given when instants are distinct
    assert decide(list(history), code, at, override_duration=override) == decision
    if len({s.at for s in history}) == len(history):
        assert decide(history[::-1], code, at, override_duration=override) == decision


@settings(max_examples=200, deadline=None)
@given(st.lists(CODES, min_size=1, max_size=40))
def test_property_the_automatic_mute_follows_a_simple_model(codes: list[str]) -> None:
    """Deciding offence after offence: the automatic mute comes exactly when a warn brings the
    distinct warned violations since the last automatic mute to three; steps follow counts."""
    history: list[Sanction] = []
    counted: set[str] = set()
    offences: dict[str, int] = {}
    for i, code in enumerate(codes):
        decision = decide(history, code, T0 + i * MIN)
        offences[code] = offences.get(code, 0) + 1
        ladder = DEFAULT_CATALOGUE.ladder(code)
        assert decision.step == min(offences[code], len(ladder))
        step = ladder[decision.step - 1]
        expect_auto = step.warns and code not in counted and len(counted) == 2
        assert (AUTO_THREE_WARNS in decision.reasons) == expect_auto
        if expect_auto:
            counted = set()
        elif step.warns:
            counted.add(code)
        assert len(counted) <= 2
        history.append(decision.record())
