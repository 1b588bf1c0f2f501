"""The one error handler: every error → a short translated ephemeral reply; unexpected ones get an
id that is in the log with the traceback."""

from __future__ import annotations

import logging
import re
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest
from discord import app_commands

from cogs.support.errors import (
    MafiaCommandTree,
    UserFacingError,
    describe_error,
    handle_interaction_error,
)


class FakeResponse:
    def __init__(self, done: bool) -> None:
        self.done = done
        self.sent: list[tuple[str | None, dict[str, Any]]] = []
        self.autocompleted: list[list[Any]] = []

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        assert not self.done, "an interaction can be answered once"
        self.sent.append((content, kwargs))
        self.done = True

    async def autocomplete(self, choices: list[Any]) -> None:
        self.autocompleted.append(choices)
        self.done = True


class FakeFollowup:
    def __init__(self) -> None:
        self.sent: list[tuple[str | None, dict[str, Any]]] = []

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append((content, kwargs))


class FakeInteraction:
    """Just what the handler touches of a ``discord.Interaction``."""

    def __init__(
        self,
        locale: discord.Locale = discord.Locale.russian,
        *,
        done: bool = False,
        kind: discord.InteractionType = discord.InteractionType.application_command,
    ) -> None:
        self.locale = locale
        self.type = kind
        self.response = FakeResponse(done)
        self.followup = FakeFollowup()
        self.command = SimpleNamespace(qualified_name="mafia help")
        self.user = SimpleNamespace(id=42)
        self.guild_id = 7
        self.channel_id = 8

    @property
    def messages(self) -> list[tuple[str | None, dict[str, Any]]]:
        return self.response.sent + self.followup.sent


def _boom() -> RuntimeError:
    try:
        raise RuntimeError("database on fire")
    except RuntimeError as error:
        return error


async def test_unexpected_error_gets_an_id_in_the_reply_and_the_log(
    caplog: pytest.LogCaptureFixture,
) -> None:
    interaction = FakeInteraction(discord.Locale.russian)
    error = app_commands.CommandInvokeError(cast(Any, SimpleNamespace(name="help")), _boom())
    with caplog.at_level(logging.ERROR, logger="cogs.support.errors"):
        reply = await handle_interaction_error(cast(Any, interaction), error)
    assert reply.error_id is not None and re.fullmatch(r"[0-9a-f]{8}", reply.error_id)
    [(content, kwargs)] = interaction.messages
    assert kwargs["ephemeral"] is True
    assert content is not None and f"`{reply.error_id}`" in content
    assert content.startswith("Что-то пошло не так")
    assert "Traceback" not in content and "database on fire" not in content
    [record] = caplog.records
    assert reply.error_id in record.getMessage() and "/mafia help" in record.getMessage()
    assert record.exc_info is not None and record.exc_info[0] is RuntimeError
    assert "Traceback" in caplog.text and "database on fire" in caplog.text


async def test_after_a_response_the_reply_is_a_followup() -> None:
    interaction = FakeInteraction(discord.Locale.american_english, done=True)
    reply = await handle_interaction_error(cast(Any, interaction), app_commands.NoPrivateMessage())
    assert interaction.response.sent == []
    [(content, kwargs)] = interaction.followup.sent
    assert kwargs["ephemeral"] is True
    assert content == reply.text == "This command works in a server only, not in private messages."


async def test_autocomplete_errors_answer_with_no_choices() -> None:
    interaction = FakeInteraction(kind=discord.InteractionType.autocomplete)
    await handle_interaction_error(cast(Any, interaction), app_commands.CheckFailure())
    assert interaction.response.autocompleted == [[]]
    assert interaction.messages == []


async def test_a_failed_send_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    interaction = FakeInteraction()

    async def expired(*_: Any, **__: Any) -> None:
        raise discord.NotFound(
            cast(Any, SimpleNamespace(status=404, reason="Not Found")), "Unknown interaction"
        )

    interaction.response.send_message = expired  # type: ignore[method-assign]
    with caplog.at_level(logging.WARNING, logger="cogs.support.errors"):
        await handle_interaction_error(cast(Any, interaction), app_commands.CheckFailure())
    assert "could not report" in caplog.text


async def test_the_tree_routes_errors_to_the_handler(loaded_bot: Any) -> None:
    assert isinstance(loaded_bot.tree, MafiaCommandTree)
    interaction = FakeInteraction(discord.Locale.british_english)
    await loaded_bot.tree.on_error(cast(Any, interaction), app_commands.CheckFailure())
    assert interaction.messages[0][0] == "This command cannot be used here."


def _transformer_error() -> app_commands.TransformerError:
    return app_commands.TransformerError(
        "абв",
        discord.AppCommandOptionType.integer,
        cast(Any, SimpleNamespace(_error_display_name="integer")),
    )


EXPECTED: list[tuple[BaseException, str, str]] = [
    (app_commands.CommandOnCooldown(cast(Any, None), 4.2), "через 5 секунд", "in 5 seconds"),
    (app_commands.CommandOnCooldown(cast(Any, None), 0.3), "через 1 секунду", "in 1 second"),
    (app_commands.CommandOnCooldown(cast(Any, None), 21), "через 21 секунду", "in 21 seconds"),
    (app_commands.MissingPermissions(["ban_members"]), "Банить участников", "Ban Members"),
    (
        app_commands.BotMissingPermissions(["manage_roles", "some_new_permission"]),
        "Управлять ролями, some new permission",
        "Manage Roles, some new permission",
    ),
    (app_commands.MissingRole(123), "<@&123>", "<@&123>"),
    (app_commands.MissingAnyRole([1, "Ведущий"]), "<@&1>, Ведущий", "<@&1>, Ведущий"),
    (app_commands.NoPrivateMessage(), "только на сервере", "in a server only"),
    (app_commands.CheckFailure(), "нельзя использовать", "cannot be used"),
    (_transformer_error(), "«абв»", "“абв”"),
    (
        app_commands.CommandSignatureMismatch(cast(Any, SimpleNamespace(name="x"))),
        "устарела",
        "outdated",
    ),
    (app_commands.CommandNotFound("x", []), "устарела", "outdated"),
    (
        app_commands.CommandInvokeError(
            cast(Any, SimpleNamespace(name="x")),
            discord.Forbidden(
                cast(Any, SimpleNamespace(status=403, reason="Forbidden")), "Missing Permissions"
            ),
        ),
        "не хватает прав",
        "permission is missing",
    ),
    (UserFacingError("votes-count", count=22), "22 голоса", "22 votes"),
]


@pytest.mark.parametrize(
    ("error", "ru", "en"), EXPECTED, ids=[type(e[0]).__name__ for e in EXPECTED]
)
def test_known_errors_are_translated_and_have_no_id(
    error: BaseException, ru: str, en: str, caplog: pytest.LogCaptureFixture
) -> None:
    for locale, fragment in ((discord.Locale.russian, ru), (discord.Locale.american_english, en)):
        with caplog.at_level(logging.WARNING, logger="locales"):
            reply = describe_error(error, locale)
        assert caplog.records == [], "a key or an argument is missing in the catalogue"
        assert fragment in reply.text, (locale, reply.text)
        assert reply.error_id is None
        assert len(reply.text) <= 2000


def test_unknown_locale_falls_back_to_russian() -> None:
    assert describe_error(app_commands.CheckFailure(), discord.Locale.german).text.startswith(
        "Эту команду"
    )
