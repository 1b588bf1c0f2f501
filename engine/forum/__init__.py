"""The forum game's rule pack: the rules of ``shared/rules/RULES.md`` (modes ``two-sided`` and
``three-sided``), one module per thing it decides, each rule written once and cited by its ID.

* ``deal`` — ``new_game``: the deal's checks, the cabinets opened (R-LIFE-4);
* ``powers`` — who may act, with which verbs; whose gun a shot fires (R-NIGHT-1, R-VOTE-6);
* ``checks`` — ``check(state, choice) -> Refusal | None``, ``record``, ``available_verbs``,
  ``actors``;
* ``night`` — ``resolve_night``: the night's order (section 6); ``shots`` — every shot at one
  target together (R-NIGHT-5..13);
* ``day`` — ``resolve_day`` (sections 4, 5); ``votes`` — the tally and the hobo's orders;
* ``effects`` — the writes shared by the resolvers, successions (R-ROLE-4, R-NIGHT-5e, 13);
* ``win`` — the end (section 8); ``host`` — the host's overrides (R-WIN-2, R-WIN-4,
  R-SANCT-4); ``host_clock`` — the host's changes to the clock (R-TIME); ``sanctions`` —
  R-SANCT-1 and R-SANCT-3; ``balance`` — role lists (R-BAL);
* tools: ``autoplay`` (random legal play) and ``bench`` (its lines of ``python -m
  engine.bench``).

The pack as one value is ``engine.packs.FORUM``; ``engine`` re-exports its public API. This
module imports nothing, so that the pack's modules import each other without a cycle.
"""
