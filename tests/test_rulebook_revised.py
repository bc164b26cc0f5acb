"""Seed 004's revised rules («LIVRET DE RÈGLES RÉVISÉES», RULES.md 2.14), pinned rule by
rule as they are built: the income table («1) CONTRÔLE DE TERRITOIRES») and the cap of 12
armies a territory (RULES.md Part 3, item 29). The modes that play them whole come later."""

from __future__ import annotations

import pytest
from rulebook_helpers import BOARD, act, begin, of_type, position, refused

from risk_lan.rules import CLASSIC, EndTurn, Fortify, Place
from risk_lan.rules.events import ArmiesLost
from risk_lan.rules.revised import territory_income

REVISED = CLASSIC.with_options(name="revised-test", army_cap=12, income_table="revised")
NAMES = list(BOARD.territory_ids)


@pytest.mark.parametrize(
    "held, armies",
    [(1, 3), (11, 3), (12, 4), (14, 4), (15, 5), (21, 7), (35, 11), (36, 12), (39, 12),
     (40, 13), (42, 13)],
)  # fmt: skip
def test_the_territory_table_3_and_a_bonus_by_steps_of_three_from_12(held, armies) -> None:
    """004 «1) CONTRÔLE DE TERRITOIRES»: "pour 21 territoires contrôlés un joueur recevra 7
    régiments (3 + 4)"; the table gives +9 to 36–39 and +10 to 40–42 (not a third: Part 3,
    item 5)."""
    assert territory_income(held) == armies


def test_the_turns_income_follows_the_table() -> None:
    # 12 territories, 4 in each of three continents, none of them whole: 3 + 1.
    spread = [t for c in ("north_america", "europe", "asia")
              for t in [t for t in NAMES if BOARD.territories[t].continent == c][:4]]  # fmt: skip
    game = position(dict.fromkeys(spread, "ann"), rules=REVISED, rest=("bob", "cat"))
    started = begin(game, "ann")
    assert started.income == 4 and game.state.pool == 4


def test_no_placement_past_12_armies_on_a_territory() -> None:
    game = position({"peru": "ann", "brazil": "ann"}, {"peru": 10}, rules=REVISED,
                    phase="reinforce", pool=5)  # fmt: skip
    assert refused(game, "ann", Place("peru", 3)) == "army_cap"
    placements = {(a.territory, a.count) for a in game.legal_actions("ann") if a.type == "place"}
    assert ("peru", 2) in placements and ("peru", 3) not in placements
    act(game, "ann", Place("peru", 2))
    assert game.state.armies["peru"] == 12


def test_reinforcements_that_fit_nowhere_are_lost() -> None:
    """Part 3, item 29: a territory never holds more than 12; what fits nowhere is lost."""
    owners = {"argentina": "ann", "peru": "ann"}
    game = position(owners, {"argentina": 12, "peru": 11}, rules=REVISED, rest=("bob", "cat"))
    s = game.state
    s.current, s.phase = "cat", "attack"  # cat ends a turn: ann's begins
    events = act(game, "cat", EndTurn())
    # 3 given, 1 fits: the 2 others are lost as the turn begins.
    assert of_type(events, ArmiesLost) == [ArmiesLost("ann", 2)] and s.pool == 1
    act(game, "ann", Place("peru", 1))
    assert s.armies["peru"] == 12


def test_no_manoeuvre_past_12() -> None:
    owners = {"peru": "ann", "brazil": "ann"}
    game = position(owners, {"peru": 9, "brazil": 10}, rules=REVISED)
    assert refused(game, "ann", Fortify("peru", "brazil", 3)) == "army_cap"
    moves = {a.count for a in game.legal_actions("ann") if a.type == "fortify"
             and (a.source, a.target) == ("peru", "brazil")}  # fmt: skip
    assert moves == {1, 2}
    act(game, "ann", Fortify("peru", "brazil", 2))
    assert game.state.armies["brazil"] == 12
