"""The leak scan through Discord (issue 10): 50 random legal games played on the emulator with the
real bot (tests.e2e.random_games), and then every message in the game's public channels —
announcements, discussion and its day threads, voting, the lobby — read as a player would read
it. Before the reveal no line names a player together with a role or a side (a notice such as
"the cop missed" names no player; the winner's line names no player), and no component label
names a role, nor any label the town's picture drew (issue 22) or its alt text. A role card, a
cabinet line or the host's log in a public channel would fail it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine.roles import Faction, Role
from locales import t
from tests.e2e import random_games
from tests.e2e import scenario as runner
from tests.test_post_game_page import labels_of

GAMES = 50
PUBLIC = {"объявления", "обсуждение", "голосование", "game"}


def _hidden(locale: str) -> list[str]:
    words = {t(locale, f"role-{r.value}") for r in Role} | {
        t(locale, f"faction-{f.value}") for f in Faction
    }
    return sorted(words, key=len, reverse=True)


HIDDEN = [re.compile(rf"(?<!\w){re.escape(w)}(?!\w)", re.IGNORECASE) for w in _hidden("ru")]


# The post-game thread is the end itself (R-LIFE-6: every role and the full log, by rule).
AFTER_THE_GAME = t("ru", "postgame-thread", game="").strip()


def _public_channels(emu: Any) -> list[Any]:
    [guild] = emu.world.guilds.values()
    channels = guild.channels.values()
    public = {c.id for c in channels if c.name in PUBLIC}
    return [
        c
        for c in channels
        if (c.id in public or getattr(c, "parent_id", None) in public)
        and not c.name.startswith(AFTER_THE_GAME)
    ]


@pytest.mark.parametrize("seed", range(GAMES))
async def test_no_public_message_names_a_role_before_the_reveal(
    emu: Any, tmp_path: Path, seed: int
) -> None:
    text = random_games.random_scenario(seed, max_players=10, max_steps=6)
    scn, _, _ = await runner.play(emu, text, f"sqlite://{tmp_path / 'leak.sqlite3'}")
    names = [p.id for p in scn.state.players]
    reveal = f"**{t('ru', 'end-reveal-title')}**"
    for channel in _public_channels(emu):
        ended = False  # the reveal seen: every role from there on, by rule (R-LIFE-6)
        for message in channel.messages:
            if ended or message.visible_to is not None:  # ephemeral: only its reader sees it
                continue
            lines = message.content.splitlines()
            if reveal in lines:  # the end's post: the results above the reveal are read
                lines, ended = lines[: lines.index(reveal)], True  # (issue 20: one post)
            for line in lines:
                named = [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", line)]
                leaked = [p.pattern for p in HIDDEN if p.search(line)]
                assert not (named and leaked), (channel.name, line)
            if ended:
                continue  # its picture: the town with every role (R-LIFE-6)
            for upload in message.files:  # the town's picture: what it drew, and its alt text
                drawn = labels_of(upload.content) if upload.filename.endswith(".png") else []
                for label in [*drawn, upload.description or ""]:
                    assert not any(p.search(label) for p in HIDDEN), (channel.name, label)
            for row in message.components:
                for component in row.get("components", []):
                    labels = [component.get("label", ""), component.get("placeholder", "")]
                    labels += [o.get("label", "") for o in component.get("options", [])]
                    for label in labels:
                        assert not any(p.search(label or "") for p in HIDDEN), (channel.name, label)
