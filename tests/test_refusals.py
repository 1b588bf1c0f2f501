"""Every refusal — of the db layer (``GameError`` subclasses) and of the engine (the closed list of
``Refusal`` codes) — has its own sentence in Russian and English with the same placeholders, and
the command tree's handler shows it ephemerally, logged at INFO, never as "something went
wrong"."""

from __future__ import annotations

import inspect
import logging
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from cogs.support.errors import describe_error, handle_interaction_error
from cogs.support.refusals import RuleRefused, game_error_key, rule_refusal_key
from db.errors import AlreadyVoted, DeadlinePassed, GameError, NameTaken, all_refusal_classes
from engine.events import Refusal
from locales import SUPPORTED_LOCALES, catalogue
from tests.test_errors import FakeInteraction
from tests.test_locales import parse_catalogue

# A value for each constructor parameter a refusal may take; a new parameter fails the test
# below with its name, so that its placeholder is checked too.
SAMPLES: dict[str, Any] = {
    "game_id": 7,
    "detail": "for the log",
    "taken_by": "Аня",
    "problem": "empty",
    "deadline": datetime(2026, 12, 1, 18, 0, tzinfo=UTC),
    "acted_at": datetime(2026, 12, 1, 18, 1, tzinfo=UTC),
}
LOCALES = (discord.Locale.russian, discord.Locale.american_english)


def _instance(cls: type[GameError]) -> GameError:
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    missing = [p.name for p in params if p.name not in SAMPLES and p.default is p.empty]
    assert not missing, f"{cls.__name__}: add a sample value for {missing} to SAMPLES"
    return cls(**{p.name: SAMPLES[p.name] for p in params if p.name in SAMPLES})


REFUSALS: list[BaseException] = [
    *(_instance(cls) for cls in [GameError, *all_refusal_classes()]),
    *(RuleRefused(code) for code in Refusal),
]


def _key(error: BaseException) -> str:
    if isinstance(error, RuleRefused):
        return rule_refusal_key(error.refusal)
    assert isinstance(error, GameError)
    return game_error_key(error.code)


def _args(error: BaseException) -> frozenset[str]:
    return frozenset(error.message_args()) if isinstance(error, GameError) else frozenset()


def test_every_refusal_class_and_code_is_walked() -> None:
    codes = {cast(GameError, e).code for e in REFUSALS if isinstance(e, GameError)}
    assert {"name_taken", "already_voted", "deadline_passed", "phase_closed"} <= codes
    assert {e.refusal for e in REFUSALS if isinstance(e, RuleRefused)} == set(Refusal)


@pytest.mark.parametrize("error", REFUSALS, ids=_key)
def test_each_refusal_has_both_translations_with_the_same_placeholders(
    error: BaseException,
) -> None:
    key = _key(error)
    for code in SUPPORTED_LOCALES:
        placeholders = parse_catalogue(code).get(key)
        assert placeholders is not None, f"{key} is missing in {code}"
        assert placeholders == _args(error), (code, key, placeholders, _args(error))


@pytest.mark.parametrize("error", REFUSALS, ids=_key)
async def test_the_handler_renders_each_refusal_ephemerally_and_logs_it_at_info(
    error: BaseException, caplog: pytest.LogCaptureFixture
) -> None:
    for locale in LOCALES:
        interaction = FakeInteraction(locale)
        caplog.clear()
        with caplog.at_level(logging.DEBUG):
            reply = await handle_interaction_error(cast(Any, interaction), error)
        assert reply.error_id is None
        expected = catalogue().exact(
            "ru" if locale is discord.Locale.russian else "en",
            _key(error),
            {
                name: value
                for name, value in (
                    error.message_args().items() if isinstance(error, GameError) else ()
                )
            },
        )
        [(content, kwargs)] = interaction.messages
        assert content == reply.text == expected
        assert kwargs["ephemeral"] is True
        problems = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert problems == [], "a missing key or placeholder, or a refusal logged as a failure"
        [logged] = [r for r in caplog.records if r.name == "cogs.support.errors"]
        assert logged.levelno == logging.INFO and logged.exc_info is None


@pytest.mark.parametrize(
    ("error", "ru", "en"),
    [
        (
            AlreadyVoted(1),
            "Вы уже проголосовали сегодня: голос нельзя изменить.",
            "You already voted today: votes cannot be changed.",
        ),
        (
            NameTaken(1, "Аня"),
            "Это имя занято или слишком похоже на «Аня»: выберите другое.",
            "That name is taken, or too like “Аня”: choose another.",
        ),
        (
            DeadlinePassed(1, SAMPLES["deadline"], SAMPLES["acted_at"]),
            "срок истёк в <t:1796148000:t>",
            "the deadline was <t:1796148000:t>",
        ),
        (
            RuleRefused(Refusal.SELF_VOTE),
            "Голосовать за себя нельзя.",
            "You cannot vote for yourself.",
        ),
        (
            RuleRefused(Refusal.ALREADY_USED),
            "голос не меняется",
            "votes cannot be changed",
        ),
    ],
)
def test_specific_sentences(error: BaseException, ru: str, en: str) -> None:
    assert ru in describe_error(error, discord.Locale.russian).text
    assert en in describe_error(error, discord.Locale.british_english).text


def test_a_refusal_wrapped_by_discord_py_is_still_a_refusal() -> None:
    from discord import app_commands

    wrapped = app_commands.CommandInvokeError(
        cast(Any, SimpleNamespace(name="vote")), AlreadyVoted(1)
    )
    reply = describe_error(wrapped, discord.Locale.american_english)
    assert reply.error_id is None and "votes cannot be changed" in reply.text
