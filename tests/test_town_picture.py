"""The town's picture (cogs.game.town): what is drawn is its labels, and before the end they are
names and life only — no role, no side, in either language; at the end every role; 25 players
with the longest names fit the budgets (the bench, ``python -m tests.bench_picture``, prints the
times; here a generous bound guards against a regression)."""

from __future__ import annotations

import io
import json
import statistics
import time

import pytest
from PIL import Image

from cogs.game.town.picture import LABELS_CHUNK, MAX_BYTES, alt_text, draw, labels
from cogs.game.town.post import end_town, morning_town
from engine.forum.deal import new_game
from locales import t
from tests.bench_picture import town
from tests.test_post_game_page import role_words

DEAL = [
    ("1", "cop", "town"), ("2", "doctor", "town"), ("3", "citizen", "town"),
    ("4", "citizen", "town"), ("5", "don", "mafia"), ("6", "mafioso", "mafia"),
]  # fmt: skip
NAMES = {"1": "Anna", "2": "Boris", "3": "Vera", "4": "Gleb", "5": "Dina", "6": "Egor"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_morning_draws_no_role_and_the_end_every_role(lang: str) -> None:
    state = new_game("two-sided", DEAL, dead=["4"], names=NAMES, number=2)
    morning = morning_town(state, lang)
    drawn = labels(morning)
    assert [s.name for s in morning.seats] == list(NAMES.values())  # signup order
    assert t(lang, "town-title-day", number=2) in drawn
    assert [s.dead for s in morning.seats] == [False, False, False, True, False, False]
    words = role_words(lang)
    assert not [x for x in drawn if any(w in x for w in words)], drawn
    assert all(s.side is None and s.role is None for s in morning.seats)  # no colour either
    png = draw(morning)
    assert json.loads(Image.open(io.BytesIO(png)).text[LABELS_CHUNK]) == drawn
    assert not any(w in alt_text(morning) for w in words)
    end = labels(end_town(state, lang))
    for pid, role, side in DEAL:
        assert f"{t(lang, f'role-{role}')} · {t(lang, f'faction-{side}')}" in end
        assert NAMES[pid] in end


def test_twenty_five_long_names_fit_the_budgets() -> None:
    for roles in (False, True):
        picture = town(25, roles=roles)
        png = draw(picture)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and len(png) <= MAX_BYTES
        assert image.width <= 1200 and image.height <= 700  # readable in a Discord embed
        assert len(alt_text(picture)) <= 1024
        cpu = []
        for _ in range(5):
            start = time.process_time()
            draw(picture)
            cpu.append(time.process_time() - start)
        assert statistics.median(cpu) < 0.3, cpu  # the budget is 0.1 s (the bench): 3× slack
