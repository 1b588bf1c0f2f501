"""Every public scenario of shared/scenarios/public, played through Discord (the emulator and
the real bot) by tests.e2e.scenario, matches its ``expect`` (issue 11); and the runner keeps
FORMAT.md's contract (a file error is one clear line, a mismatch is reported)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cogs.game.render import private_lines
from engine.events import Autokilled, Cause, Died, Left
from engine.scenario import check_text, parse, read
from tests.e2e import random_games
from tests.e2e import scenario as runner

PUBLIC = Path(__file__).resolve().parents[3] / "shared" / "scenarios" / "public"
FILES = sorted(PUBLIC.glob("*.yaml")) if PUBLIC.is_dir() else []

#: Files whose expectation Discord cannot show, with why (each is an xfail, strict: it fails
#: the suite the day it passes).
CANNOT_SHOW: dict[str, str] = {}  # none today: the host's channel shows even untold role changes


def _param(path: Path) -> Any:
    reason = CANNOT_SHOW.get(path.name)
    marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
    return pytest.param(path, id=path.name, marks=marks)


@pytest.mark.skipif(not PUBLIC.is_dir(), reason=f"shared scenarios not found at {PUBLIC}")
@pytest.mark.parametrize("path", [_param(p) for p in FILES])
async def test_public_scenario_through_discord(emu: Any, path: Path, tmp_path: Path) -> None:
    url = f"sqlite://{tmp_path / 'game.sqlite3'}"
    assert await runner.check_text(emu, read(path), url) == []


#: A sample played with the bot speaking English: deaths and notices, refusals, what players
#: learn, hobo orders, mourning, autokills, a three-sided win (every sentence read back from
#: the English catalogue).
IN_ENGLISH = [
    "08_child_converts_despite_heal.yaml",
    "15_woodman_steals_mafia_gun.yaml",
    "19_vampire_skip_autokill.yaml",
    "22_hobo_cop_beats_mafia.yaml",
    "27_self_vote_refused.yaml",
    "29_mourning_for_the_woodman.yaml",
    "39_three_sided_win.yaml",
]


@pytest.mark.parametrize("name", IN_ENGLISH)
async def test_public_scenario_through_discord_in_english(
    emu: Any, name: str, tmp_path: Path
) -> None:
    url = f"sqlite://{tmp_path / 'game.sqlite3'}"
    assert await runner.check_text(emu, read(_shared(name)), url, language="en") == []


def _shared(name: str) -> Path:
    path = PUBLIC / name
    if not path.is_file():
        pytest.skip(f"shared scenario not found at {path}")
    return path


async def test_a_wrong_expectation_is_reported(emu: Any, tmp_path: Path) -> None:
    text = read(_shared("02_cop_kills_criminal.yaml"))
    played = parse(text)
    first_expect = played.steps[0][2]
    assert "died" in first_expect, "the file checks the deaths"
    wrong = text.replace("died: [", "died: [Nobody, ", 1)
    diffs = await runner.check_text(emu, wrong, f"sqlite://{tmp_path / 'g.sqlite3'}")
    assert len(diffs) == 1 and diffs[0].startswith("step night 1: died: expected [")


async def test_the_end_reveals_every_role_in_the_channel(emu: Any, tmp_path: Path) -> None:
    text = read(_shared("34_town_wins.yaml"))
    scn, outcomes, seconds = await runner.play(emu, text, f"sqlite://{tmp_path / 'g.sqlite3'}")
    assert outcomes[-1]["winner"] == "town" and len(seconds) == len(scn.steps)
    guild = next(iter(emu.world.guilds.values()))
    ends = [
        m.content.splitlines()
        for channel in guild.channels.values()
        for m in channel.messages
        if "**Роли**" in m.content.splitlines()
    ]
    assert len(ends) == 1, "one reveal, in the game's announcements"
    # issue 20: in the post of the last phase's results, after a blank line
    [end] = ends
    assert end[0].startswith(("**Итоги дня", "**Утро после ночи"))
    reveal = end.index("**Роли**")
    assert end[reveal - 1] == "" and len(end[reveal:]) == 1 + len(scn.state.players)


def test_an_autokilled_player_is_told_so() -> None:
    told = [line.key for _, line in private_lines(Autokilled("a"))]
    assert told == ["event-you-autokilled"]
    # for not voting, he is told why (issue 19): a non-voter who led the vote, or one listed
    no_vote = ["event-you-autokilled-no-vote"]
    assert [line.key for _, line in private_lines(Left("a", autokilled=True))] == no_vote
    assert [line.key for _, line in private_lines(Autokilled("a"), frozenset({"a"}))] == no_vote
    assert [line.key for _, line in private_lines(Died("a", Cause.MAFIA))] == ["event-you-died"]


FILE = "s.yaml"


def _cli(tmp_path: Path, capsys: Any, text: str, *flags: str) -> tuple[int, list[str]]:
    path = tmp_path / FILE
    path.write_text(text, encoding="utf-8")
    code = runner.main([*flags, str(path)])
    return code, capsys.readouterr().out.splitlines()


def test_a_file_error_is_one_clear_line(tmp_path: Path, capsys: Any) -> None:
    code, out = _cli(tmp_path, capsys, "players: {Ann: pope}\nsteps: []\n")
    assert code == 1 and len(out) == 1
    assert json.loads(out[0])["error"] == "unknown role 'pope' for player 'Ann'"
    code, out = _cli(tmp_path, capsys, "players: [\n", "--check")
    assert code == 1 and len(out) == 1
    assert out[0].startswith(f"{tmp_path / FILE}: error: bad YAML: ")


def test_two_nights_in_a_row_cannot_be_played(tmp_path: Path, capsys: Any) -> None:
    text = (
        "players: {Ann: cop, Bob: don, Cid: citizen, Dan: citizen, Eve: doctor}\n"
        "steps:\n  - night: {}\n  - night: {}\n"
    )
    code, out = _cli(tmp_path, capsys, text)
    assert code == 1
    assert json.loads(out[0])["error"].startswith("step 2: two nights in a row cannot be played")


@pytest.mark.parametrize("seed", [3, 7, 17])
async def test_a_random_game_reads_the_same_through_discord(
    emu: Any, seed: int, tmp_path: Path
) -> None:
    """Games nobody wrote (engine.autoplay, mistakes included): the runner over Discord reads
    every outcome key as the engine's runner computes it."""
    text = random_games.random_scenario(seed)
    assert len(parse(text).steps) >= 2
    assert await random_games.differences(emu, text, f"sqlite://{tmp_path / 'g.sqlite3'}") == []


TWO_GUNS = """
title: The woodman shot by the cop and the mafia fires both stolen guns the next night
rules: [R-NIGHT-10]
mode: two-sided
players: {Ann: cop, Bob: don, Cid: mafioso, Woo: woodman, Eve: doctor, Fay: citizen,
          Gus: citizen, Hal: citizen, Ivy: citizen}
steps:
  - night:
      mafia: {shoot: Woo}
      Ann: {shoot: Woo}
      Eve: {heal: Eve}
    expect: {died: [], public: [cop_missed]}
  - day:
      votes: {Ann: Fay, Bob: Gus, Cid: Hal, Woo: Ivy, Eve: Ann, Fay: Bob, Gus: Cid, Hal: Woo,
              Ivy: Eve}
    expect: {left: []}
  - night:
      Woo: {fire: {cop: Bob, mafia: Fay}}
      Eve: {heal: Gus}
    expect: {died: [Bob, Fay], refused: {}}
"""


async def test_the_woodman_fires_two_stolen_guns_in_one_night(emu: Any, tmp_path: Path) -> None:
    assert check_text(TWO_GUNS) == [], "the engine's runner: both guns fire"
    assert await runner.check_text(emu, TWO_GUNS, f"sqlite://{tmp_path / 'g.sqlite3'}") == []
