"""db.game_facts over the quick game's stored log (issue 22): the doctor's save is judged by the
mafia cabinet's kill as C-NIGHT-3 decides it (the most votes; a tie to the don's target, by the
one who was the don that night), and a werewolf the attack turned was not saved (C-NIGHT-4a)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from db.game_facts import ChoiceRow, game_facts
from engine.chat import ChatChoice, ChatRole, ChatVerb, new_game, resolve_night
from engine.events import event_to_dict

R, V = ChatRole, ChatVerb
SEVEN = (R.COMMISSAR, R.DOCTOR, R.CITIZEN, R.CITIZEN, R.DON, R.MAFIOSO, R.MAFIOSO)
Pick = tuple[str, ChatVerb, str]


def _night(
    roles: Sequence[ChatRole], picks: Sequence[Pick], later: Sequence[dict[str, Any]] = ()
) -> tuple[int, int]:
    """Night 1 of a game of ``roles`` (players "1", "2", … in signup order) with ``picks``, then
    what ``later`` logs (the don's death and his successor, C-LIFE-5): the doctor's saves as
    the facts count them, and how many died that night."""
    state = new_game([(str(i), r) for i, r in enumerate(roles, 1)], game_id="1", seed="ab" * 16)
    after, events = resolve_night(state, [ChatChoice(a, v, t) for a, v, t in picks])
    dead = sum(not p.alive for p in after.players)
    logged = [{**event_to_dict(e), "produced_in": "night 1"} for e in events]
    for e in later:  # the don hanged on day 1, the first mafioso the don from then on
        logged.append(e)
        who = str(e["who"])
        after = replace(after, players=tuple(
            replace(p, alive=False) if e["type"] == "Died" and p.id == who else
            replace(p, role=R.DON) if e["type"] == "Promoted" and p.id == who else p
            for p in after.players
        ))  # fmt: skip
    rows = [ChoiceRow("night", 1, a, v.value, t, order=i) for i, (a, v, t) in enumerate(picks)]
    facts = game_facts("chat", after.to_json(), logged, rows)
    doctor = next(str(i) for i, r in enumerate(roles, 1) if r is R.DOCTOR)
    return next(s.saves for s in facts.seats if str(s.user_id) == doctor), dead


def test_the_cabinets_majority_is_the_attack_not_the_dons_vote() -> None:
    picks = [("5", V.KILL, "3"), ("6", V.KILL, "4"), ("7", V.KILL, "4"), ("2", V.HEAL, "4")]
    assert _night(SEVEN, picks) == (1, 0)  # the two mafiosi's victim was healed
    picks = [("5", V.KILL, "3"), ("6", V.KILL, "4"), ("7", V.KILL, "4"), ("2", V.HEAL, "3")]
    assert _night(SEVEN, picks) == (0, 1)  # the don's lone vote was no attack


def test_a_tie_goes_to_the_dons_target() -> None:
    picks = [("5", V.KILL, "3"), ("6", V.KILL, "4"), ("2", V.HEAL, "3")]
    assert _night(SEVEN, picks) == (1, 0)
    picks = [("5", V.KILL, "3"), ("6", V.KILL, "4"), ("2", V.HEAL, "4")]
    assert _night(SEVEN, picks) == (0, 1)  # the don's target died; the mafioso's was no attack


def test_a_tie_is_the_dons_of_that_night_not_his_successors() -> None:
    """The mafioso who became the don on day 1 was not the don on night 1: the tie of night 1
    went to the don of night 1, whose target the doctor healed."""
    later = [
        {"type": "Died", "who": "5", "cause": "vote", "produced_in": "day 1"},
        {"type": "Promoted", "who": "6", "role": "don", "produced_in": "day 1"},
    ]
    picks = [("6", V.KILL, "4"), ("5", V.KILL, "3"), ("2", V.HEAL, "3")]
    assert _night(SEVEN, picks, later) == (1, 0)


def test_a_werewolf_turned_by_the_mafia_was_not_saved() -> None:
    roles = (R.COMMISSAR, R.DOCTOR, R.CITIZEN, R.WEREWOLF, R.DON, R.MAFIOSO)
    picks = [("5", V.KILL, "4"), ("6", V.KILL, "4"), ("2", V.HEAL, "4")]
    assert _night(roles, picks) == (0, 0)  # turned (C-NIGHT-4a), nobody dead
