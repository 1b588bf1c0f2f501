"""Focused rule tests for what the public scenarios do not cover, written as small scenarios
(FORMAT.md) run through the runner's own check. Each case cites the rules it exercises."""

from __future__ import annotations

import textwrap

import pytest

from engine.scenario import check_text

BASE = "Ann: cop, Bob: don, Cid: mafioso"

CASES: dict[str, str] = {}


def case(name: str, text: str) -> None:
    CASES[name] = textwrap.dedent(text)


# --- R-VOTE-7: the lawyer's second place ------------------------------------------------------
case(
    "lawyer_unique_second_leaves",
    f"""
    rules: [R-VOTE-7, R-DAY-1]
    players: {{{BASE}, Lex: lawyer, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}}
    steps:
      - day:
          Lex: {{protect: Fay}}
          votes: {{Ann: Fay, Bob: Fay, Cid: Fay, Lex: Cid, Fay: Cid, Gus: Hal, Hal: Gus, Ivy: Lex}}
        expect: {{votes: {{Fay: 3, Cid: 2, Hal: 1, Gus: 1, Lex: 1}}, left: [Cid], public: []}}
""",
)
case(
    "lawyer_tied_second_nobody_leaves",
    f"""
    rules: [R-VOTE-7]
    players: {{{BASE}, Lex: lawyer, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}}
    steps:
      - day:
          Lex: {{protect: Fay}}
          votes: {{Ann: Fay, Bob: Fay, Cid: Fay, Lex: Cid, Fay: Cid, Gus: Hal, Hal: Gus, Ivy: Gus}}
        expect: {{votes: {{Fay: 3, Cid: 2, Gus: 2, Hal: 1}}, left: [], died: []}}
""",
)
case(
    "lawyer_no_second_nobody_leaves",
    f"""
    rules: [R-VOTE-7, R-VOTE-4]
    players: {{{BASE}, Lex: lawyer, Fay: citizen}}
    steps:
      - day:
          Lex: {{protect: Fay}}
          votes: {{Ann: Fay, Bob: Fay, Cid: Fay, Lex: Fay}}
        expect: {{votes: {{Fay: 4}}, left: [], autokilled: [Fay], died: [Fay]}}
""",
)
case(
    "lawyer_same_player_two_days_refused",
    f"""
    rules: [R-DAY-1, R-DAY-3, R-DAY-4]
    players: {{{BASE}, Lex: lawyer, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - day:
          Lex: {{protect: Lex}}
        expect: {{public: []}}
      - night:
          mafia: {{shoot: Fay}}
      - day:
          Lex: {{protect: Lex}}
        expect: {{refused: {{Lex: same_target_twice}}, public: [lawyer_skipped]}}
      - night:
          mafia: {{shoot: Gus}}
      - day:
          Lex: {{protect: Lex}}
        expect: {{refused: {{}}, public: [], roles: {{Lex: lawyer}}}}
""",
)
case(
    "bouncer_skips_then_loses_role",
    f"""
    rules: [R-DAY-2, R-DAY-3]
    players: {{{BASE}, Bou: bouncer, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - day: {{Bou: {{skip: true}}}}
        expect: {{public: [bouncer_skipped], roles: {{Bou: bouncer}}}}
      - night: {{mafia: {{shoot: Fay}}}}
      - day: {{Bou: {{void: Bob}}}}
        expect: {{public: []}}
      - night: {{mafia: {{shoot: Gus}}}}
      - day: {{Bou: {{void: Bob}}}}
        expect: {{refused: {{Bou: same_target_twice}}, public: [bouncer_lost_role], roles: {{Bou: citizen}}, factions: {{Bou: town}}}}
""",
)
case(
    "bouncer_voids_ordered_hobo_vote",
    f"""
    rules: [R-VOTE-5, R-VOTE-6, R-NIGHT-12]
    players: {{{BASE}, Hob: hobo, Bou: bouncer, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Ann: {{shoot: Hob}}
          mafia: {{shoot: Fay}}
        expect: {{died: [Fay], public: [cop_missed], knows: {{Ann: {{Hob: hobo}}}}}}
      - day:
          Ann: {{order: Bob}}
          Bou: {{void: Hob}}
          votes: {{Ann: Bob, Bob: Ann, Cid: Ann, Bou: Bob, Gus: Cid, Hal: Cid}}
        expect: {{votes: {{Ann: 2, Bob: 2, Cid: 2}}, left: [], autokilled: []}}
""",
)
case(
    "hobo_without_order_votes_freely",
    f"""
    rules: [R-VOTE-6, R-VOTE-4]
    players: {{{BASE}, Hob: hobo, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          mafia: {{shoot: Hob}}
        expect: {{died: [], knows: {{Bob: {{Hob: hobo}}, Cid: {{Hob: hobo}}}}}}
      - day:
          votes: {{Ann: Bob, Bob: Ann, Cid: Ann, Hob: Bob, Fay: Bob, Gus: Bob, Hal: Cid}}
        expect: {{votes: {{Bob: 4, Ann: 2, Cid: 1}}, left: [Bob], refused: {{}}}}
      - night:
          mafia: {{shoot: Fay}}
        expect: {{roles: {{Cid: don}}, knows: {{Cid: {{Bob: don}}}}}}
      - day:
          votes: {{Ann: Cid, Cid: Ann, Gus: Cid, Hal: Cid}}
        expect: {{autokilled: [Hob], left: [Cid], winner: town}}
""",
)
case(
    "hobo_taken_by_lone_maniac",
    """
    rules: [R-NIGHT-12, R-VOTE-6]
    players: {Ann: cop, Bob: don, Cid: mafioso, Man: maniac, Hob: hobo, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}
    steps:
      - night:
          Man: {shoot: Hob}
          mafia: {shoot: Fay}
        expect: {died: [Fay], public: [], knows: {Man: {Hob: hobo}}}
      - day:
          Man: {order: Gus}
          votes: {Ann: Gus, Bob: Gus, Cid: Ann, Man: Ann, Hob: Ann, Gus: Ann, Hal: Cid, Ivy: Bob}
        expect: {refused: {Hob: vote_controlled}, votes: {Gus: 3, Ann: 3, Cid: 1, Bob: 1}, left: []}
""",
)
case(
    "hobo_cop_beats_both_teams",
    """
    rules: [R-NIGHT-12]
    mode: three-sided
    players: {Ann: cop, Bob: don@mafia, Cid: mafioso@mafia, Max: don@maniacs, Nat: mafioso@maniacs, Hob: hobo, Fay: citizen, Gus: citizen, Hal: citizen}
    steps:
      - night:
          Ann: {shoot: Hob}
          mafia: {shoot: Hob}
          maniacs: {shoot: Hob}
        expect: {died: [], public: [cop_missed], knows: {Ann: {Hob: hobo}, Bob: {Hob: null}}}
""",
)
case(
    "sniper_kills_the_hobo",
    f"""
    rules: [R-NIGHT-12, R-NIGHT-6]
    players: {{{BASE}, Gil: sniper, Hob: hobo, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Gil: {{shoot: Hob}}
          mafia: {{shoot: Fay}}
        expect: {{died: [Hob, Fay], public: []}}
""",
)
# --- R-VOTE-9, R-VOTE-2 -----------------------------------------------------------------------
case(
    "child_voted_out_is_announced",
    f"""
    rules: [R-VOTE-9, R-ROLE-3]
    players: {{{BASE}, Kid: child, Fay: citizen, Gus: citizen}}
    steps:
      - day:
          votes: {{Ann: Kid, Bob: Kid, Cid: Kid, Kid: Bob, Fay: Kid, Gus: Bob}}
        expect: {{left: [Kid], public: [child_killed]}}
""",
)
# --- R-VOTE-11: a stolen gun is lost with its owner -------------------------------------------
case(
    "stolen_sniper_gun_lost_when_sniper_leaves",
    f"""
    rules: [R-VOTE-11, R-NIGHT-10]
    players: {{{BASE}, Gil: sniper, Woo: woodman, Eve: doctor, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Gil: {{shoot: Woo}}
          mafia: {{shoot: Fay}}
          Eve: {{heal: Eve}}
        expect: {{died: [Fay], public: []}}
      - day:
          votes: {{Ann: Gil, Bob: Gil, Cid: Gil, Gil: Bob, Woo: Gil, Eve: Gil, Gus: Bob, Hal: Bob}}
        expect: {{left: [Gil]}}
      - night:
          Woo: {{fire: {{sniper: Bob}}}}
          mafia: {{shoot: Woo}}
          Eve: {{heal: Hal}}
        expect: {{refused: {{Woo: no_gun}}, died: []}}
""",
)
case(
    "stolen_team_gun_lost_when_team_is_gone",
    """
    rules: [R-VOTE-11, R-NIGHT-10, R-WIN-2]
    mode: three-sided
    players: {Ann: cop, Bob: don@mafia, Max: don@maniacs, Nat: mafioso@maniacs, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}
    steps:
      - night:
          mafia: {shoot: Woo}
          maniacs: {shoot: Fay}
        expect: {died: [Fay]}
      - day:
          votes: {Ann: Bob, Bob: Ann, Max: Ann, Nat: Ann, Woo: Bob, Gus: Bob, Hal: Bob, Ivy: Bob}
        expect: {left: [Bob]}
      - night:
          Woo: {fire: {mafia: Max}}
          maniacs: {shoot: Gus}
        expect: {refused: {Woo: no_gun}, died: [Gus]}
""",
)
# --- R-NIGHT-10: the woodman fires stolen guns ------------------------------------------------
case(
    "woodman_holding_a_gun_is_vulnerable_and_still_fires",
    f"""
    rules: [R-NIGHT-10]
    players: {{{BASE}, Gil: sniper, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}}
    steps:
      - night:
          mafia: {{shoot: Woo}}
        expect: {{died: []}}
      - day: {{}}
      - night:
          Woo: {{fire: {{mafia: Gus}}}}
          Gil: {{shoot: Woo}}
          mafia: {{shoot: Hal}}
        expect: {{refused: {{mafia: no_gun}}, died: [Gus, Woo]}}
""",
)
case(
    "woodman_fires_mafia_gun_at_child",
    f"""
    rules: [R-NIGHT-10a, R-NIGHT-7a]
    players: {{{BASE}, Woo: woodman, Kid: child, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          mafia: {{shoot: Woo}}
        expect: {{died: []}}
      - day: {{}}
      - night:
          Woo: {{fire: {{mafia: Kid}}}}
        expect: {{died: [], roles: {{Kid: mafioso}}, factions: {{Kid: mafia}}, public: [child_found],
                 knows: {{Woo: {{Kid: mafioso}}, Kid: {{Bob: don, Cid: mafioso}}, Bob: {{Kid: mafioso}}}}}}
""",
)
case(
    "woodman_fires_cop_gun",
    f"""
    rules: [R-NIGHT-10, R-NIGHT-5a, R-NIGHT-5b, R-NIGHT-5d]
    players: {{{BASE}, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}}
    steps:
      - night:
          Ann: {{shoot: Woo}}
          mafia: {{shoot: Fay}}
        expect: {{died: [Fay], public: [cop_missed], knows: {{Ann: {{Woo: town}}}}}}
      - day: {{}}
      - night:
          Ann: {{shoot: Cid}}
          Woo: {{fire: {{cop: Cid}}}}
          mafia: {{shoot: Gus}}
        expect: {{refused: {{Ann: no_gun}}, died: [Cid, Gus], public: []}}
""",
)
case(
    "woodman_fires_cop_gun_protects_town",
    f"""
    rules: [R-NIGHT-10, R-NIGHT-5b]
    players: {{{BASE}, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}}
    steps:
      - night:
          Ann: {{shoot: Woo}}
          mafia: {{shoot: Fay}}
      - day: {{}}
      - night:
          Woo: {{fire: {{cop: Gus}}}}
          mafia: {{shoot: Gus}}
        expect: {{died: [], public: [cop_missed], knows: {{Woo: {{Gus: town}}}}}}
""",
)
case(
    "woodman_fires_sniper_gun_at_cop",
    f"""
    rules: [R-NIGHT-10d, R-NIGHT-6a]
    players: {{{BASE}, Gil: sniper, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}}
    steps:
      - night:
          Gil: {{shoot: Woo}}
          mafia: {{shoot: Fay}}
        expect: {{died: [Fay]}}
      - day: {{}}
      - night:
          Gil: {{shoot: Bob}}
          Woo: {{fire: {{sniper: Ann}}}}
          mafia: {{shoot: Gus}}
        expect: {{refused: {{Gil: no_gun}}, died: [Gus], roles: {{Woo: citizen, Gil: sniper, Ann: cop}},
                 knows: {{Woo: {{Ann: cop}}}}, public: []}}
""",
)
case(
    "woodman_fires_sniper_gun_at_don",
    f"""
    rules: [R-NIGHT-10d, R-NIGHT-6b]
    players: {{{BASE}, Gil: sniper, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}}
    steps:
      - night:
          Gil: {{shoot: Woo}}
          mafia: {{shoot: Fay}}
      - day: {{}}
      - night:
          Woo: {{fire: {{sniper: Bob}}}}
          mafia: {{shoot: Gus}}
        expect: {{died: [Gus], roles: {{Woo: mafioso, Gil: sniper, Bob: don}}, factions: {{Woo: mafia}},
                 public: [], knows: {{Woo: {{Bob: don, Cid: mafioso}}, Cid: {{Woo: mafioso}}}}}}
""",
)
case(
    "woodman_fires_sniper_gun_kills_unhealed",
    f"""
    rules: [R-NIGHT-10d]
    players: {{{BASE}, Gil: sniper, Woo: woodman, Eve: doctor, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Gil: {{shoot: Woo}}
          mafia: {{shoot: Fay}}
          Eve: {{heal: Eve}}
      - day: {{}}
      - night:
          Woo: {{fire: {{sniper: Gus}}}}
          mafia: {{shoot: Hal}}
          Eve: {{heal: Gus}}
        expect: {{died: [Hal]}}
      - day: {{}}
      - night:
          mafia: {{shoot: Woo}}
          Eve: {{heal: Eve}}
        expect: {{died: []}}
""",
)
case(
    "woodman_fires_maniac_gun_at_cop_dies",
    """
    rules: [R-NIGHT-10e, R-NIGHT-8a]
    players: {Ann: cop, Bob: don, Cid: mafioso, Man: maniac, Woo: woodman, Eve: doctor, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}
    steps:
      - night:
          Man: {shoot: Woo}
          mafia: {shoot: Fay}
          Eve: {heal: Eve}
        expect: {died: [Fay]}
      - day: {}
      - night:
          Man: {shoot: Gus}
          Woo: {fire: {maniac: Ann}}
          mafia: {shoot: Hal}
          Eve: {heal: Woo}
        expect: {refused: {Man: no_gun}, died: [Woo, Hal], alive: [Ann, Bob, Cid, Eve, Gus, Ivy, Man]}
""",
)
case(
    "woodman_fires_maniac_gun_cannot_hit_maniac",
    """
    rules: [R-NIGHT-10]
    players: {Ann: cop, Bob: don, Cid: mafioso, Man: maniac, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}
    steps:
      - night:
          Man: {shoot: Woo}
          mafia: {shoot: Fay}
      - day: {}
      - night:
          Woo: {fire: {maniac: Man}}
          mafia: {shoot: Gus}
        expect: {refused: {Woo: own_team}, died: [Gus]}
""",
)
case(
    "woodman_steals_several_guns",
    f"""
    rules: [R-NIGHT-10]
    players: {{{BASE}, Gil: sniper, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen, Jon: citizen}}
    steps:
      - night:
          Gil: {{shoot: Woo}}
          mafia: {{shoot: Woo}}
          Ann: {{shoot: Woo}}
        expect: {{died: [], public: [cop_missed], knows: {{Ann: {{Woo: town}}}}}}
      - day: {{}}
      - night:
          Woo: {{fire: {{sniper: Fay, mafia: Gus, cop: Cid}}}}
        expect: {{died: [Fay, Gus, Cid], refused: {{}}}}
""",
)
# zombie's gun in the woodman's hands (R-NIGHT-10b, 10c)
ZOMBIE_GAME = "Ann: cop, Bob: don, Cid: mafioso, Zed: zombie, Woo: woodman, Eve: doctor, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen"
case(
    "woodman_fires_zombie_gun_at_citizen",
    f"""
    rules: [R-NIGHT-10b, R-NIGHT-13]
    players: {{{ZOMBIE_GAME}}}
    steps:
      - night:
          Zed: {{shoot: Woo}}
          mafia: {{shoot: Fay}}
          Eve: {{heal: Eve}}
        expect: {{died: [Fay]}}
      - day: {{}}
      - night:
          Zed: {{shoot: Gus}}
          Woo: {{fire: {{zombie: Gus}}}}
          mafia: {{shoot: Hal}}
          Eve: {{heal: Gus}}
        expect: {{refused: {{Zed: no_gun}}, died: [Hal], roles: {{Gus: zombie}}, factions: {{Gus: zombies}},
                 knows: {{Woo: {{Gus: zombie}}, Zed: {{Gus: zombie}}, Gus: {{Zed: zombie}}}}}}
""",
)
case(
    "woodman_fires_zombie_gun_at_don_dies",
    f"""
    rules: [R-NIGHT-10c, R-NIGHT-13]
    players: {{{ZOMBIE_GAME}}}
    steps:
      - night:
          Zed: {{shoot: Woo}}
          mafia: {{shoot: Fay}}
          Eve: {{heal: Eve}}
      - day: {{}}
      - night:
          Woo: {{fire: {{zombie: Bob}}}}
          mafia: {{shoot: Hal}}
          Eve: {{heal: Woo}}
        expect: {{died: [Woo, Hal], knows: {{Woo: {{Bob: don}}}}, roles: {{Bob: don}}}}
""",
)
case(
    "woodman_fires_zombie_gun_at_cop_dies",
    f"""
    rules: [R-NIGHT-10c, R-NIGHT-13]
    players: {{{ZOMBIE_GAME}}}
    steps:
      - night:
          Zed: {{shoot: Woo}}
          mafia: {{shoot: Fay}}
          Eve: {{heal: Eve}}
      - day: {{}}
      - night:
          Woo: {{fire: {{zombie: Ann}}}}
          Zed: {{shoot: Gus}}
          mafia: {{shoot: Hal}}
          Eve: {{heal: Woo}}
        expect: {{refused: {{Zed: no_gun}}, died: [Woo, Hal], knows: {{Woo: {{Ann: cop}}}}, roles: {{Ann: cop}}}}
""",
)
case(
    "woodman_unknown_gun_name_is_no_gun",
    f"""
    rules: [R-NIGHT-10]
    players: {{{BASE}, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          mafia: {{shoot: Woo}}
      - day: {{}}
      - night:
          Woo: {{fire: {{bazooka: Bob, sniper: Cid}}}}
        expect: {{refused: {{Woo: no_gun}}, died: []}}
""",
)
# --- R-NIGHT-13: zombies ------------------------------------------------------------------
case(
    "zombie_converts_citizen_and_dies_on_cop",
    f"""
    rules: [R-NIGHT-13, R-WIN-1]
    players: {{{ZOMBIE_GAME}}}
    steps:
      - night:
          Zed: {{shoot: Fay}}
          mafia: {{shoot: Gus}}
          Eve: {{heal: Fay}}
        expect: {{died: [Gus], roles: {{Fay: zombie}}, factions: {{Fay: zombies}},
                 knows: {{Zed: {{Fay: zombie}}, Fay: {{Zed: zombie}}}}}}
      - day: {{}}
      - night:
          Zed: {{shoot: Ann}}
          mafia: {{shoot: Hal}}
          Eve: {{heal: Ann}}
        expect: {{died: [Zed, Hal]}}
      - day: {{}}
      - night:
          Fay: {{shoot: Eve}}
          mafia: {{shoot: Ivy}}
          Eve: {{heal: Eve}}
        expect: {{died: [Ivy], refused: {{}}}}
      - day: {{}}
      - night:
          Fay: {{shoot: Eve}}
          mafia: {{shoot: Woo}}
          Eve: {{heal: Ann}}
        expect: {{died: [Eve]}}
""",
)
case(
    "zombie_hits_don_dies_and_cop_kills_zombie",
    f"""
    rules: [R-NIGHT-13, R-NIGHT-5a]
    players: {{{ZOMBIE_GAME}}}
    steps:
      - night:
          Zed: {{shoot: Bob}}
          mafia: {{shoot: Gus}}
        expect: {{died: [Zed, Gus]}}
""",
)
case(
    "cop_kills_zombie",
    f"""
    rules: [R-NIGHT-5a]
    players: {{{ZOMBIE_GAME}}}
    steps:
      - night:
          Ann: {{shoot: Zed}}
          mafia: {{shoot: Gus}}
          Zed: {{shoot: Woo}}
        expect: {{died: [Zed, Gus], public: []}}
      - day: {{}}
      - night:
          Woo: {{fire: {{zombie: Fay}}}}
          mafia: {{shoot: Hal}}
        expect: {{refused: {{Woo: no_gun}}, died: [Hal]}}
""",
)
case(
    "town_does_not_win_while_a_zombie_lives",
    """
    rules: [R-WIN-1]
    players: {Ann: cop, Bob: don, Zed: zombie, Fay: citizen, Gus: citizen}
    steps:
      - day:
          votes: {Ann: Bob, Bob: Ann, Zed: Bob, Fay: Bob, Gus: Bob}
        expect: {left: [Bob], winner: none}
      - night:
          Ann: {shoot: Zed}
        expect: {died: [Zed], winner: town}
""",
)
# --- R-ROLE-4: the don's succession; R-NIGHT-5e / R-ROLE-2: the assistants ---------------------
case(
    "don_succession_first_living_member",
    """
    rules: [R-ROLE-4]
    players: {Ann: cop, Bob: don, Cid: mafioso, Dex: mafioso, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen, Jon: citizen}
    steps:
      - night:
          Ann: {shoot: Bob}
          mafia: {shoot: Fay}
        expect: {died: [Bob, Fay], roles: {Cid: don, Dex: mafioso}, knows: {Dex: {Cid: don}}}
      - day:
          votes: {Ann: Cid, Cid: Ann, Dex: Ann, Gus: Cid, Hal: Cid, Ivy: Cid, Jon: Cid}
        expect: {left: [Cid], roles: {Dex: don}}
""",
)
case(
    "second_assistant_waits_for_the_first",
    """
    rules: [R-NIGHT-5e, R-ROLE-2]
    players: {Ann: cop, As1: assistant, As2: assistant, Bob: don, Cid: mafioso, Dex: mafioso, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}
    steps:
      - night:
          mafia: {shoot: Ann}
        expect: {died: [Ann], knows: {As1: {Ann: cop, As2: assistant}}}
      - day: {}
      - night:
          As2: {shoot: Cid}
          As1: {shoot: Dex}
          mafia: {shoot: As1}
        expect: {refused: {As2: no_power}, died: [As1, Dex]}
      - day: {}
      - night:
          As2: {shoot: Cid}
          mafia: {shoot: Fay}
        expect: {died: [Cid, Fay], roles: {As2: assistant}}
""",
)
case(
    "maniac_dies_on_acting_assistant",
    """
    rules: [R-NIGHT-8a, R-NIGHT-5e]
    players: {Ann: cop, Ast: assistant, Bob: don, Cid: mafioso, Man: maniac, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}
    start: {dead: [Ann]}
    steps:
      - night:
          Man: {shoot: Ast}
          mafia: {shoot: Fay}
        expect: {died: [Man, Fay]}
""",
)
# --- R-NIGHT-5c: the multifunctional child ------------------------------------------------
case(
    "multifunctional_child_joins_cop",
    """
    rules: [R-NIGHT-5c]
    options: {multifunctional_child: true}
    players: {Ann: cop, Ast: assistant, Bob: don, Cid: mafioso, Kid: child, Fay: citizen, Gus: citizen, Hal: citizen}
    steps:
      - night:
          Ann: {shoot: Kid}
          mafia: {shoot: Ann}
        expect: {died: [Ann], roles: {Kid: assistant}, factions: {Kid: town}, public: [cop_missed],
                 knows: {Kid: {Ast: assistant}, Ast: {Kid: assistant}}}
      - day: {}
      - night:
          Kid: {shoot: Cid}
          mafia: {shoot: Ast}
        expect: {refused: {Kid: no_power}, died: [Ast]}
      - day: {}
      - night:
          Kid: {shoot: Cid}
          mafia: {shoot: Fay}
        expect: {died: [Cid, Fay]}
""",
)
case(
    "multifunctional_child_still_joins_criminals",
    f"""
    rules: [R-NIGHT-5c, R-NIGHT-7a]
    options: {{multifunctional_child: true}}
    players: {{{BASE}, Kid: child, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          mafia: {{shoot: Kid}}
        expect: {{roles: {{Kid: mafioso}}, public: [child_found]}}
""",
)
case(
    "both_teams_shoot_child_it_dies",
    """
    rules: [R-NIGHT-7a]
    mode: three-sided
    players: {Ann: cop, Bob: don@mafia, Cid: mafioso@mafia, Max: don@maniacs, Nat: mafioso@maniacs, Kid: child, Eve: doctor, Fay: citizen, Gus: citizen}
    steps:
      - night:
          mafia: {shoot: Kid}
          maniacs: {shoot: Kid}
          Eve: {heal: Kid}
        expect: {died: [Kid], public: []}
""",
)
# --- R-NIGHT-2: the basement and the misses ----------------------------------------------
case(
    "three_sided_team_misses_hidden_player",
    """
    rules: [R-NIGHT-2]
    mode: three-sided
    players: {Ann: cop, Bob: don@mafia, Cid: mafioso@mafia, Max: don@maniacs, Nat: mafioso@maniacs, Gil: sniper, Fay: citizen, Gus: citizen, Hal: citizen}
    steps:
      - night:
          mafia: {shoot: Nat}
          maniacs: {shoot: Fay, hide: Nat}
          Gil: {shoot: Cid}
          Ann: {shoot: Max}
        expect: {died: [Fay, Cid, Max], public: [mafia_missed]}
      - day: {}
      - night:
          mafia: {shoot: Gus, hide: Bob}
          maniacs: {shoot: Bob}
          Gil: {shoot: Bob}
        expect: {died: [Gus], public: [maniacs_missed, sniper_joined_criminals], factions: {Gil: mafia}}
""",
)
case(
    "sniper_and_maniac_miss_hidden",
    """
    rules: [R-NIGHT-2]
    players: {Ann: cop, Bob: don, Cid: mafioso, Man: maniac, Gil: sniper, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}
    steps:
      - night:
          mafia: {shoot: Fay, hide: Cid}
          Gil: {shoot: Cid}
          Man: {shoot: Cid}
        expect: {died: [Fay], public: [sniper_missed, maniac_missed]}
""",
)
case(
    "hide_a_non_member_refused",
    f"""
    rules: [R-NIGHT-2]
    players: {{{BASE}, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          mafia: {{shoot: Fay, hide: Gus}}
        expect: {{refused: {{mafia: no_power}}, died: [Fay]}}
      - day: {{}}
      - night:
          mafia: {{shoot: Gus, hide: Bob}}
        expect: {{refused: {{}}, died: [Gus]}}
""",
)
case(
    "team_cannot_shoot_own_member",
    f"""
    rules: [R-NIGHT-7d, R-NIGHT-1]
    players: {{{BASE}, Dex: mafioso, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}}
    steps:
      - night:
          mafia: {{shoot: Cid}}
        expect: {{refused: {{mafia: own_team}}, died: [Dex]}}
""",
)
# --- R-NIGHT-4: the block ------------------------------------------------------------------
case(
    "woodman_blocks_don_basement_still_works",
    f"""
    rules: [R-NIGHT-4, R-NIGHT-2]
    players: {{{BASE}, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Woo: {{block: Bob}}
          mafia: {{shoot: Fay, hide: Cid}}
          Ann: {{shoot: Cid}}
        expect: {{died: [], public: [cop_missed]}}
""",
)
case(
    "woodman_block_miss_uses_it",
    f"""
    rules: [R-NIGHT-4]
    players: {{{BASE}, Gil: sniper, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Woo: {{block: Fay}}
          mafia: {{shoot: Gus}}
        expect: {{died: [Gus]}}
      - day: {{}}
      - night:
          Woo: {{block: Gil}}
          Gil: {{shoot: Cid}}
          mafia: {{shoot: Hal}}
        expect: {{refused: {{Woo: already_used}}, died: [Cid, Hal]}}
""",
)
case(
    "woodman_blocks_sniper",
    f"""
    rules: [R-NIGHT-4]
    players: {{{BASE}, Gil: sniper, Woo: woodman, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Woo: {{block: Gil}}
          Gil: {{shoot: Cid}}
          mafia: {{shoot: Gus}}
        expect: {{died: [Gus], public: []}}
""",
)
# --- R-NIGHT-9: the kamikaze ----------------------------------------------------------------
case(
    "kamikaze_saved_by_cop_bullet",
    f"""
    rules: [R-NIGHT-9, R-NIGHT-5b]
    players: {{{BASE}, Kam: kamikaze, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          mafia: {{shoot: Kam}}
          Ann: {{shoot: Kam}}
          Kam: {{choose: Bob}}
        expect: {{died: [], public: [saved_from_bullet, cop_missed], roles: {{Kam: kamikaze}}, knows: {{Ann: {{Kam: town}}}}}}
""",
)
case(
    "kamikaze_killed_by_sniper_takes_victim",
    f"""
    rules: [R-NIGHT-9]
    players: {{{BASE}, Kam: kamikaze, Gil: sniper, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Gil: {{shoot: Kam}}
          Kam: {{choose: Bob}}
          mafia: {{shoot: Fay}}
        expect: {{died: [Kam, Bob, Fay], roles: {{Cid: don}}}}
""",
)
case(
    "kamikaze_voted_out_takes_nobody",
    f"""
    rules: [R-NIGHT-9]
    players: {{{BASE}, Kam: kamikaze, Fay: citizen, Gus: citizen}}
    steps:
      - night:
          Kam: {{choose: Bob}}
          mafia: {{shoot: Fay}}
      - day:
          votes: {{Ann: Kam, Bob: Kam, Cid: Kam, Kam: Bob, Gus: Bob}}
        expect: {{died: [Kam], left: [Kam]}}
""",
)
# --- R-NIGHT-11: the vampire ------------------------------------------------------------------
case(
    "vampire_bites_child_cop_shot_it",
    f"""
    rules: [R-NIGHT-11c, R-NIGHT-5c]
    players: {{{BASE}, Vam: vampire, Kid: child, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Vam: {{bite: Kid}}
          Ann: {{shoot: Kid}}
          mafia: {{shoot: Fay}}
        expect: {{died: [Fay], roles: {{Vam: citizen, Kid: citizen}}, public: [vampire_lost_child, cop_missed]}}
""",
)
case(
    "vampire_bites_child",
    f"""
    rules: [R-NIGHT-11a]
    players: {{{BASE}, Vam: vampire, Kid: child, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Vam: {{bite: Kid}}
          mafia: {{shoot: Fay}}
        expect: {{died: [Fay], roles: {{Vam: child, Kid: citizen}}, public: []}}
""",
)
case(
    "vampire_bites_lone_maniac_dies",
    """
    rules: [R-NIGHT-11d]
    players: {Ann: cop, Bob: don, Cid: mafioso, Man: maniac, Vam: vampire, Eve: doctor, Fay: citizen, Gus: citizen, Hal: citizen}
    steps:
      - night:
          Vam: {bite: Man}
          Man: {shoot: Gus}
          mafia: {shoot: Fay}
          Eve: {heal: Vam}
        expect: {died: [Vam, Gus, Fay], roles: {Man: maniac}, autokilled: []}
""",
)
case(
    "vampire_bites_sniper_who_shoots_elsewhere",
    f"""
    rules: [R-NIGHT-11a, R-NIGHT-11d]
    players: {{{BASE}, Vam: vampire, Gil: sniper, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Vam: {{bite: Gil}}
          Gil: {{shoot: Cid}}
          mafia: {{shoot: Fay}}
        expect: {{died: [Cid, Fay], roles: {{Vam: sniper, Gil: citizen}}}}
""",
)
case(
    "vampire_bites_hidden_don",
    f"""
    rules: [R-NIGHT-11b, R-NIGHT-2]
    players: {{{BASE}, Vam: vampire, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Vam: {{bite: Bob}}
          mafia: {{shoot: Fay, hide: Bob}}
        expect: {{died: [Fay], roles: {{Vam: mafioso}}, factions: {{Vam: mafia}},
                 knows: {{Vam: {{Bob: don, Cid: mafioso}}, Bob: {{Vam: mafioso}}}}}}
""",
)
case(
    "vampire_after_first_night_refused",
    f"""
    rules: [R-NIGHT-11]
    players: {{{BASE}, Vam: vampire, Fay: citizen, Gus: citizen, Hal: citizen}}
    start: {{night: 2}}
    steps:
      - night:
          Vam: {{bite: Fay}}
          mafia: {{shoot: Gus}}
        expect: {{refused: {{Vam: already_used}}, died: [Gus], roles: {{Vam: vampire, Fay: citizen}}}}
""",
)
case(
    "vampire_takes_doctor_counters",
    f"""
    rules: [R-NIGHT-11a, R-NIGHT-3]
    players: {{{BASE}, Vam: vampire, Eve: doctor, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Vam: {{bite: Eve}}
          Eve: {{heal: Fay}}
          mafia: {{shoot: Fay}}
        expect: {{died: [], roles: {{Vam: doctor, Eve: citizen}}}}
      - day: {{}}
      - night:
          Vam: {{heal: Fay}}
          Eve: {{heal: Gus}}
          mafia: {{shoot: Gus}}
        expect: {{refused: {{Vam: same_target_twice, Eve: no_power}}, died: [Gus]}}
""",
)
# --- R-NIGHT-3, R-NIGHT-6, R-NIGHT-8 -----------------------------------------------------------
case(
    "doctor_self_two_nights_refused",
    f"""
    rules: [R-NIGHT-3]
    players: {{{BASE}, Eve: doctor, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night: {{Eve: {{heal: Eve}}, mafia: {{shoot: Fay}}}}
      - day: {{}}
      - night: {{Eve: {{heal: Eve}}, mafia: {{shoot: Eve}}}}
        expect: {{refused: {{Eve: same_target_twice}}, died: [Eve]}}
""",
)
case(
    "cop_kills_lone_maniac_unless_healed",
    """
    rules: [R-NIGHT-8, R-NIGHT-5a, R-NIGHT-5d]
    players: {Ann: cop, Bob: don, Cid: mafioso, Man: maniac, Eve: doctor, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}
    steps:
      - night:
          Ann: {shoot: Man}
          Eve: {heal: Man}
          mafia: {shoot: Fay}
        expect: {died: [Fay], public: [cop_missed]}
      - day: {}
      - night:
          Ann: {shoot: Man}
          Eve: {heal: Gus}
          mafia: {shoot: Man}
        expect: {died: [Man]}
""",
)
case(
    "maniac_kills_sniper_who_joins",
    """
    rules: [R-NIGHT-8, R-NIGHT-6b]
    players: {Ann: cop, Bob: don, Cid: mafioso, Man: maniac, Gil: sniper, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}
    steps:
      - night:
          Gil: {shoot: Bob}
          Man: {shoot: Gil}
          mafia: {shoot: Fay}
        expect: {died: [Gil, Fay], public: [sniper_joined_criminals], alive: [Ann, Bob, Cid, Gus, Hal, Ivy, Man]}
""",
)
case(
    "sniper_kills_a_citizen",
    f"""
    rules: [R-NIGHT-6]
    players: {{{BASE}, Gil: sniper, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Gil: {{shoot: Gus}}
          Ann: {{shoot: Gil}}
          mafia: {{shoot: Fay}}
        expect: {{died: [Gus, Fay], public: [cop_missed], roles: {{Gil: sniper}}, knows: {{Ann: {{Gil: town}}}}}}
""",
)
# --- R-NIGHT-1: criminal teams cannot skip -----------------------------------------------------
case(
    "three_sided_team_without_choice_sanctioned",
    """
    rules: [R-NIGHT-1]
    mode: three-sided
    players: {Ann: cop, Bob: don@mafia, Cid: mafioso@mafia, Max: don@maniacs, Nat: mafioso@maniacs, Oli: mafioso@maniacs, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}
    steps:
      - night:
          mafia: {skip: true}
          maniacs: {shoot: Fay}
        expect: {refused: {}, died: [Cid, Fay]}
      - day: {}
      - night:
          Bob: {shoot: Gus}
          Nat: {shoot: Hal}
        expect: {died: [Gus, Hal]}
""",
)
case(
    "don_choice_beats_member",
    f"""
    rules: [R-NIGHT-1]
    players: {{{BASE}, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}}
    steps:
      - night:
          Bob: {{shoot: Fay}}
          Cid: {{shoot: Gus}}
        expect: {{died: [Fay]}}
""",
)
case(
    "mourning_also_spares_the_team",
    """
    rules: [R-VOTE-10, R-NIGHT-1]
    players: {Ann: cop, Bob: don, Cid: mafioso, Woo: woodman, Kam: kamikaze, Fay: citizen, Gus: citizen, Hal: citizen, Ivy: citizen}
    steps:
      - day:
          votes: {Ann: Woo, Bob: Woo, Cid: Woo, Woo: Cid, Kam: Woo, Fay: Cid, Gus: Cid, Hal: Ivy, Ivy: Hal}
        expect: {left: [Woo], public: [mourning]}
      - night:
          Kam: {choose: Bob}
        expect: {died: [], refused: {Kam: night_cancelled}}
      - day: {}
      - night:
          mafia: {shoot: Fay}
        expect: {died: [Fay]}
""",
)
# --- R-WIN -----------------------------------------------------------------------------------
case(
    "win6a_bouncer_against_criminal",
    """
    rules: [R-WIN-6a]
    players: {Bob: don, Bou: bouncer, Fay: citizen}
    steps:
      - night:
          mafia: {shoot: Fay}
        expect: {alive: [Bob, Bou], winner: town}
""",
)
case(
    "win6a_lawyer_protected_himself",
    """
    rules: [R-WIN-6a]
    players: {Bob: don, Lex: lawyer, Fay: citizen, Gus: citizen}
    steps:
      - day:
          Lex: {protect: Lex}
          votes: {Bob: Gus, Lex: Gus, Fay: Gus, Gus: Fay}
        expect: {left: [Gus], winner: none}
      - night:
          mafia: {shoot: Fay}
        expect: {alive: [Bob, Lex], winner: mafia}
""",
)
case(
    "win6a_lawyer_did_not_protect_himself",
    """
    rules: [R-WIN-6a]
    players: {Bob: don, Lex: lawyer, Fay: citizen, Gus: citizen}
    steps:
      - day:
          Lex: {protect: Fay}
          votes: {Bob: Gus, Lex: Gus, Fay: Gus, Gus: Fay}
        expect: {left: [Gus], winner: none}
      - night:
          mafia: {shoot: Fay}
        expect: {alive: [Bob, Lex], winner: town}
""",
)
case(
    "win6b_cop_against_don_no_basements",
    """
    rules: [R-WIN-6b]
    players: {Ann: cop, Bob: don, Fay: citizen}
    steps:
      - night:
          mafia: {shoot: Fay, hide: Bob}
          Ann: {shoot: Bob}
        expect: {alive: [Ann, Bob], public: [cop_missed], winner: none}
""",
)
case(
    "win6b_cop_against_don_with_basement",
    """
    rules: [R-WIN-6b]
    players: {Ann: cop, Bob: don, Fay: citizen}
    steps:
      - night:
          mafia: {shoot: Fay}
        expect: {alive: [Ann, Bob], winner: mafia}
""",
)
case(
    "win6b_cop_against_maniac_goes_on",
    """
    rules: [R-WIN-6b, R-WIN-3]
    players: {Ann: cop, Bob: don, Man: maniac, Fay: citizen}
    steps:
      - night:
          Ann: {shoot: Bob}
          mafia: {shoot: Fay}
          Man: {shoot: Fay}
        expect: {alive: [Ann, Man], winner: none}
""",
)
case(
    "win6c_woodman_against_criminal",
    """
    rules: [R-WIN-6c, R-WIN-4]
    mode: three-sided
    players: {Bob: don@mafia, Max: don@maniacs, Woo: woodman, Fay: citizen}
    start: {dead: [Max]}
    steps:
      - night:
          mafia: {shoot: Fay}
        expect: {alive: [Bob, Woo], winner: mafia}
""",
)
case(
    "win6a_bouncer_three_sided",
    """
    rules: [R-WIN-6a, R-WIN-4]
    mode: three-sided
    players: {Bob: don@mafia, Max: don@maniacs, Bou: bouncer, Fay: citizen}
    steps:
      - night:
          mafia: {shoot: Max}
          maniacs: {shoot: Fay}
        expect: {alive: [Bob, Bou], winner: town}
""",
)
case(
    "win2_not_after_a_day_with_two_shooters",
    """
    rules: [R-WIN-2, R-WIN-6]
    players: {Ann: cop, Bob: don, Fay: citizen, Gus: citizen}
    steps:
      - day:
          votes: {Ann: Bob, Bob: Fay, Fay: Gus, Gus: Fay}
        expect: {left: [Fay], winner: none}
      - night:
          mafia: {shoot: Gus, hide: Bob}
          Ann: {shoot: Bob}
        expect: {alive: [Ann, Bob], winner: none}
      - day:
          votes: {Ann: Bob, Bob: Ann}
        expect: {left: [], winner: mafia}
""",
)
case(
    "win3_maniac_not_with_cop",
    """
    rules: [R-WIN-3]
    players: {Ann: cop, Bob: don, Man: maniac, Fay: citizen, Gus: citizen}
    steps:
      - day:
          votes: {Ann: Bob, Bob: Fay, Man: Bob, Fay: Bob, Gus: Bob}
        expect: {left: [Bob], winner: none}
      - night:
          Man: {shoot: Gus}
          Ann: {shoot: Fay}
        expect: {died: [Gus], winner: none}
      - day:
          votes: {Ann: Man, Man: Ann, Fay: Man}
        expect: {left: [Man], winner: town}
""",
)
case(
    "win4_three_sided_needs_both_others_dead",
    """
    rules: [R-WIN-4]
    mode: three-sided
    players: {Ann: cop, Bob: don@mafia, Cid: mafioso@mafia, Max: don@maniacs, Fay: citizen, Gus: citizen}
    steps:
      - night:
          mafia: {shoot: Ann}
          maniacs: {shoot: Fay}
        expect: {died: [Ann, Fay], winner: none}
      - day:
          votes: {Bob: Gus, Cid: Gus, Max: Gus, Gus: Max}
        expect: {left: [Gus], winner: none}
      - night:
          mafia: {shoot: Max}
          maniacs: {shoot: Cid}
        expect: {died: [Max, Cid], winner: mafia}
""",
)
# --- runner: unknown players in choices are refusals ------------------------------------
case(
    "unknown_player_refused",
    f"""
    rules: [FORMAT]
    players: {{{BASE}, Fay: citizen, Gus: citizen, Hal: citizen}}
    steps:
      - night:
          Zoe: {{heal: Fay}}
          mafia: {{shoot: Nobody}}
          Ann: {{shoot: Fay}}
          maniacs: {{shoot: Fay}}
        expect: {{refused: {{Zoe: unknown_player, mafia: unknown_player, maniacs: unknown_player}},
                 died: [Cid], public: [cop_missed]}}
      - day:
          votes: {{Ann: Fay, Bob: Zed, Fay: Gus, Gus: Fay, Hal: Fay, Zoe: Ann}}
        expect: {{refused: {{Bob: unknown_player, Zoe: unknown_player}}, autokilled: [Bob], left: [Fay],
                 died: [Bob, Fay], winner: town}}
""",
)


@pytest.mark.parametrize("name", sorted(CASES))
def test_rule_case(name: str) -> None:
    assert check_text(CASES[name]) == []
