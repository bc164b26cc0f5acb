"""The rulebooks' worked examples of reinforcements (territories, continents), as tests.

Each docstring names the rulebook (../shared/seeds) and the section of the example. Income is
checked twice: through ``Game.income`` and through the TurnStarted event of a real turn start.
"""

from __future__ import annotations

import pytest
from rulebook_helpers import BOARD, act, begin, position, refused

from risk_lan.rules import CLASSIC, Attack, EndTurn, Place, check_invariants

# Rulebook 000 (A and B) divides by 3 with no minimum of 3.
RULES_000 = CLASSIC.with_options(min_income=0)

# One territory of each continent stays out of this list, so no prefix of it holds a continent.
NO_CONTINENT = [t for c in BOARD.continents.values() for t in c.territories[1:]]


def holding(territories, rules="classic"):
    """ann holds ``territories``; bob and cat share the rest."""
    return position(dict.fromkeys(territories, "ann"), rules=rules, rest=("bob", "cat"))


def continent(name: str) -> list[str]:
    return list(BOARD.continents[name].territories)


def check_turn_start(game, *, territories, territory_armies, continents=(), continent_armies=0):
    """ann's turn starts: the TurnStarted event and the pool show the expected income."""
    income = territory_armies + continent_armies
    assert game.income("ann") == income
    started = begin(game, "ann")
    assert started.player == "ann"
    assert started.territories == territories
    assert started.territory_armies == territory_armies
    assert started.continents == tuple(continents)
    assert started.continent_armies == continent_armies
    assert started.income == income
    assert (game.phase, game.state.pool) == ("reinforce", income)


def test_rulebook001_phase1_thirteen_territories_give_four():
    """Rulebook 001 «PHASE 1» 1: green holds 13 territories, 13 / 3 = 4 reinforcements (also
    rulebook 002 «Recensement des Territoires», blue with 13)."""
    check_turn_start(holding(NO_CONTINENT[:13]), territories=13, territory_armies=4)


def test_rulebook001_phase1_five_territories_give_the_minimum_of_three():
    """Rulebook 001 «PHASE 1» 1: red holds 5 territories; 5 / 3 = 1 but the minimum is 3."""
    check_turn_start(holding(NO_CONTINENT[:5]), territories=5, territory_armies=3)


@pytest.mark.parametrize(("held", "armies"), [(11, 3), (14, 4), (17, 5)])
def test_rulebook003_territoires_example(held, armies):
    """Rulebook 003 «TERRITOIRES» EXEMPLE: 11 territories → 3, 14 → 4, 17 → 5."""
    game = holding(NO_CONTINENT[:held], rules="classic-2015")
    check_turn_start(game, territories=held, territory_armies=armies)


SEED002_TABLE = [
    (1, 11, 3),
    (12, 14, 4),
    (15, 17, 5),
    (18, 20, 6),
    (21, 23, 7),
    (24, 26, 8),
    (27, 29, 9),
    (30, 32, 10),
    (33, 35, 11),
    (36, 38, 12),
    (39, 41, 13),
]


@pytest.mark.parametrize(
    ("held", "armies"),
    [(n, armies) for low, high, armies in SEED002_TABLE for n in range(low, high + 1)],
)
def test_rulebook002_recensement_table(held, armies):
    """Rulebook 002 «Recensement des Territoires» table: 1–11 → 3, 12–14 → 4, … 39–41 → 13.
    Beyond 36 territories the holder owns continents too; only the territory part is the table's."""
    mine = NO_CONTINENT[:held] if held <= len(NO_CONTINENT) else BOARD.territory_ids[42 - held :]
    game = holding(mine)
    started = begin(game, "ann")
    assert (started.territories, started.territory_armies) == (held, armies)
    bonus = sum(c.bonus for c in BOARD.continents.values() if set(c.territories) <= set(mine))
    assert started.continent_armies == bonus
    assert started.income == game.state.pool == armies + bonus


def test_rulebook000a_forces_armees_fourteen_territories():
    """Rulebook 000-A «FORCES ARMÉES» A) and 000-B «Premier temps» b): 14 territories, 14 / 3 = 4,
    the remainder 2 does not count."""
    check_turn_start(holding(NO_CONTINENT[:14], RULES_000), territories=14, territory_armies=4)


def test_rulebook000_no_minimum_income():
    """RULES.md 1.5.1 (rulebook 000-A «FORCES ARMÉES» A: one army per multiple of 3 territories):
    with 2 territories a player of the 000 rules receives nothing, under 001 the minimum 3."""
    assert holding(NO_CONTINENT[:2], RULES_000).income("ann") == 0
    assert holding(NO_CONTINENT[:2]).income("ann") == 3


def test_rulebook000b_premier_temps_continents_count_as_territories_too():
    """Rulebook 000-B «Premier temps» c) note: all of Africa (6) and Oceania (4), 5 territories in
    Europe and 1 in America: 16 / 3 = 5, plus Africa 3 and Oceania 2, in all 10 armies."""
    mine = continent("africa") + continent("oceania") + continent("europe")[:5] + ["alaska"]
    game = holding(mine, RULES_000)
    check_turn_start(
        game,
        territories=16,
        territory_armies=5,
        continents=("africa", "oceania"),
        continent_armies=5,
    )


def test_rulebook000a_questions_strategiques_africa_and_six_more():
    """Rulebook 000-A «QUESTIONS STRATÉGIQUES»: Africa plus 5 territories in Europe and 1 in Asia,
    6 + 5 + 1 = 12, 12 / 3 = 4, plus 3 for Africa: 7 armies."""
    mine = continent("africa") + continent("europe")[:5] + ["china"]
    game = holding(mine, RULES_000)
    check_turn_start(
        game, territories=12, territory_armies=4, continents=("africa",), continent_armies=3
    )


def test_rulebook002_europe_and_africa_give_eight():
    """Rulebook 002 «Contrôlez-vous des continents ?»: black holds Europe and Africa and receives
    8 more armies (5 for Europe, 3 for Africa) besides those for his 13 territories."""
    game = holding(continent("europe") + continent("africa"))
    check_turn_start(
        game,
        territories=13,
        territory_armies=4,
        continents=("europe", "africa"),
        continent_armies=8,
    )


def test_rulebook002_oceania_gives_two():
    """Rulebook 002 «Contrôlez-vous des continents ?» Exemple 1: red holds Oceania, +2."""
    game = holding(continent("oceania") + NO_CONTINENT[:5])
    check_turn_start(
        game, territories=9, territory_armies=3, continents=("oceania",), continent_armies=2
    )


def test_rulebook001_phase1_one_enemy_territory_cancels_the_bonus():
    """Rulebook 001 «PHASE 1» 2: if even one territory of a continent is held by someone else,
    nobody controls it and nobody gets the bonus."""
    game = holding(continent("oceania")[1:] + continent("south_america"))
    check_turn_start(
        game,
        territories=7,
        territory_armies=3,
        continents=("south_america",),
        continent_armies=2,
    )


def test_rulebook001_phase1_every_reinforcement_is_placed_before_attacking():
    """Rulebook 001 «PHASE 1» 4: «vous DEVEZ TOUS les déployer» before the combat phase; they may
    all go on one territory or be spread out."""
    game = holding(["brazil", "peru", "argentina"])
    game.state.armies["brazil"] = 4
    begin(game, "ann")
    assert game.state.pool == 3
    assert refused(game, "ann", Attack("brazil", "north_africa", 3)) == "armies_to_place"
    assert refused(game, "ann", EndTurn()) == "armies_to_place"
    assert refused(game, "ann", Place("north_africa", 1)) == "not_owner"
    assert refused(game, "ann", Place("brazil", 4)) == "bad_count"
    act(game, "ann", Place("brazil", 1))
    act(game, "ann", Place("peru", 2))
    assert (game.armies("brazil"), game.armies("peru"), game.state.pool) == (5, 3, 0)
    act(game, "ann", Attack("brazil", "north_africa", 3))
    assert game.phase == "defend"
    check_invariants(game.state)
