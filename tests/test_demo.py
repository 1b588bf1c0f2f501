"""``make demo`` plays a game to its end in both languages (issue 11): the lobby, the commitment,
the votes, the results, the winner and the reveal, printed channel by channel — and what the
players receive by DM (issue 19): the role cards, the prompts, the end's summary."""

from __future__ import annotations

import pytest

from tests import demo


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "ru",
            ["Demo — запись", "Жеребьёвка запечатана", "Итоги дня 1", "Игра окончена", "**Роли**"],
        ),
        (
            "en",
            [
                "Demo — signup",
                "The draw is sealed",
                "The results of day 1",
                "The game is over",
                "**The roles**",
            ],
        ),
    ],
)
def test_the_demo_plays_to_the_end(
    lang: str, lines: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert demo.main(["--lang", lang, "--players", "7"]) == 0
    out = capsys.readouterr().out
    positions = [out.find(line) for line in lines]
    assert -1 not in positions, [line for line, at in zip(lines, positions, strict=True) if at < 0]
    assert positions == sorted(positions), "in the order a game goes"
    assert "#" + ("объявления" if lang == "ru" else "announcements") in out


DMS = {
    "ru": ("✉ ЛС → ", "Ваша роль: ", "ваш ход.**", "**Игра окончена** (Demo)."),
    "en": ("✉ DM → ", "Your role: ", "your choice.**", "**The game is over** (Demo)."),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_demo_shows_what_players_receive_by_dm(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert demo.main(["--lang", lang, "--players", "7"]) == 0
    out = capsys.readouterr().out
    marker, card, prompt, summary = DMS[lang]
    dms = out.split("\n" + marker)[1:]
    assert sum(card in block.split("\n", 2)[1] for block in dms) == 7, "every role card"
    assert any(prompt in block for block in dms), "a prompt by DM"
    assert sum(summary in block for block in dms) == 7, "everyone's summary"
    first_card = out.find(card)
    assert out.find("#") < first_card < out.find(prompt) < out.rfind(summary)
