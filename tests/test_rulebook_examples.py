"""The rulebooks' worked examples of combat, conquest, fortification and borders, as tests.

The rulebooks are the French ones in ../shared/seeds (000-A and 000-B are the two halves of rulebook
000); each docstring names the rulebook and the section the example comes from. Card trades and
eliminations are in test_rulebook_cards.py, reinforcements in test_rulebook_reinforcements.py.
"""

from __future__ import annotations

from itertools import product

import pytest
from rulebook_helpers import accepted, act, battle, of_type, position, refused, roll

from risk_lan.rules import (
    CLASSIC,
    Attack,
    Defend,
    Fortify,
    Game,
    MoveIn,
    ScriptedSource,
    check_invariants,
)
from risk_lan.rules.events import Conquered, Fortified, MovedIn, TurnStarted

THREE_DEFENCE_DICE = CLASSIC.with_options(defender_max_dice=3)  # 000-B


def fight(attacker, defender, *, attacking=10, defending=5, rules="classic"):
    """ann attacks bob's Southern Europe from Western Europe with the given dice."""
    game = position(
        {"western_europe": "ann", "southern_europe": "bob"},
        {"western_europe": attacking, "southern_europe": defending},
        rules=rules,
    )
    return game, battle(roll(game, "western_europe", "southern_europe", attacker, defender))


def losses(rolled) -> tuple[int, int]:
    return rolled.attacker_losses, rolled.defender_losses


def dice_allowed(game, player, action_for) -> list[int]:
    """The numbers of dice, 1 to 4, for which ``action_for(n)`` would be accepted."""
    return [n for n in (1, 2, 3, 4) if accepted(game, player, action_for(n))]


# ----- comparing dice ----------------------------------------------------------------------


def test_rulebook001_plan_de_bataille_ties_go_to_the_defender():
    """Rulebook 001 «Plan de bataille»: blue rolls 3 and 2, red 6 and 2; 3 < 6, and the tie 2–2
    goes to the defender, so blue loses two armies and red none."""
    game, rolled = fight([3, 2], [6, 2], attacking=3, defending=4)
    assert losses(rolled) == (2, 0)
    assert (game.armies("western_europe"), game.armies("southern_europe")) == (1, 4)


def test_rulebook002_three_dice_against_two_fives():
    """Rulebook 002 «Résoudre le combat»: blue 6, 4, 4 against red's two 5s: 6 beats 5, 5 beats 4,
    the last 4 is not used; each side loses one army."""
    game, rolled = fight([4, 6, 4], [5, 5])
    assert rolled.attacker_dice == (6, 4, 4)
    assert losses(rolled) == (1, 1)
    assert (game.armies("western_europe"), game.armies("southern_europe")) == (9, 4)


def test_rulebook002_three_two_against_six_two():
    """Rulebook 002 «Résoudre le combat» (blue attacks with 2 dice): 3 and 2 against 6 and 2, the
    attacker loses both armies."""
    _, rolled = fight([3, 2], [6, 2])
    assert losses(rolled) == (2, 0)


def test_rulebook000b_deuxieme_temps_five_three_two_against_six_two():
    """Rulebook 000-B «Deuxième temps» 3 b): 5 3 2 against 6 2; 5 < 6 and 3 > 2: each loses one."""
    _, rolled = fight([5, 3, 2], [6, 2])
    assert losses(rolled) == (1, 1)


def test_rulebook000b_deuxieme_temps_defender_loses_his_only_army():
    """Rulebook 000-B «Deuxième temps» 3 b): 6 4 3 against 5; the defender loses his only army and
    the attacker occupies the territory with the armies engaged (5)."""
    game, rolled = fight([6, 4, 3], [5], defending=1)
    assert losses(rolled) == (0, 1)
    assert (game.owner("southern_europe"), game.armies("southern_europe")) == ("ann", 3)
    assert game.phase == "move_in"


def test_rulebook000b_deuxieme_temps_six_against_six():
    """Rulebook 000-B «Deuxième temps» 3 c): one die each, 6 against 6: the defender wins."""
    game, rolled = fight([6], [6])
    assert losses(rolled) == (1, 0)
    assert game.owner("southern_europe") == "bob"


def test_rulebook000b_deuxieme_temps_defender_rolls_three_dice():
    """Rulebook 000-B «Deuxième temps» 3 c): 6 2 2 against the defender's 5 4 2 (the defender may
    roll 3 dice in 000-B): the defender loses one, the attacker two."""
    _, rolled = fight([6, 2, 2], [5, 4, 2], rules=THREE_DEFENCE_DICE)
    assert rolled.defender_dice == (5, 4, 2)
    assert losses(rolled) == (2, 1)


def test_three_defence_dice_only_under_the_000b_option():
    """RULES.md 1.7 item 3: the defender rolls 1 or 2 dice (000-A, 001–003), up to 3 in 000-B."""
    for rules, most in (("classic", 2), ("classic-2015", 2), (THREE_DEFENCE_DICE, 3)):
        armies = {"alberta": 4, "ontario": 5}
        game = position({"alberta": "ann", "ontario": "bob"}, armies, rules=rules)
        act(game, "ann", Attack("alberta", "ontario", 3))
        assert dice_allowed(game, "bob", Defend) == list(range(1, most + 1))


# 000-A «COMBATS»: the pictures' dice are lost in the OCR; the values below are ours, chosen
# to fit each caption.


def test_rulebook000a_combats_two_dice_against_one():
    """Rulebook 000-A «COMBATS», 1st picture: the attacker (3 armies, so 2 dice) rolls 6 and 1; the
    defender, with one army, rolls 3 and loses it (6 > 3; the 1 is unpaired)."""
    _, rolled = fight([6, 1], [3], attacking=3, defending=1)
    assert losses(rolled) == (0, 1)


def test_rulebook000a_combats_three_against_two_each_loses_one():
    """Rulebook 000-A «COMBATS», 2nd picture (our dice 6 3 1 against 5 4): each loses one army."""
    _, rolled = fight([6, 3, 1], [5, 4])
    assert losses(rolled) == (1, 1)


def test_rulebook000a_combats_ties_cost_the_attacker_two():
    """Rulebook 000-A «COMBATS», 3rd picture (our dice 5 4 2 against 5 4): both pairs tie, so the
    attacker with 3 dice against 2 still loses two."""
    _, rolled = fight([5, 4, 2], [5, 4])
    assert losses(rolled) == (2, 0)


def test_rulebook000a_combats_defender_with_two_dice_loses_one():
    """Rulebook 000-A «COMBATS», 4th picture (our dice 5 against 4 2): the defender loses one army
    despite his 2 dice against 1."""
    _, rolled = fight([5], [4, 2])
    assert losses(rolled) == (0, 1)


def test_rulebook000a_combats_two_against_two_tie_at_three():
    """Rulebook 000-A «COMBATS», 5th picture (our dice 5 3 against 6 3): two against two, the
    attacker loses both because of the tie at 3."""
    _, rolled = fight([5, 3], [6, 3])
    assert losses(rolled) == (2, 0)


def test_rulebook003_highest_against_highest_extra_dice_ignored():
    """Rulebook 003 «QUI REMPORTE LA BATAILLE ?»: the highest dice are compared (the attacker's
    unsorted 2, 6 count as 6 first) and the lower, unpaired dice are ignored."""
    _, rolled = fight([2, 6], [5])
    assert rolled.attacker_dice == (6, 2)
    assert losses(rolled) == (0, 1)
    _, rolled = fight([6, 1, 1], [5, 5])
    assert losses(rolled) == (1, 1)


def test_rulebook003_tie_goes_to_the_defender():
    """Rulebook 003 «QUI REMPORTE LA BATAILLE ?» remarks: «En cas d'égalité, le défenseur
    l'emporte»."""
    _, rolled = fight([4], [4])
    assert losses(rolled) == (1, 0)


def test_rulebook003_every_three_against_two_roll():
    """Rulebook 003 «QUI REMPORTE LA BATAILLE ?»: over every possible roll of 3 dice against 2, the
    pairs are highest with highest and second with second, ties to the defender, and the
    attacker never loses more than two armies in one roll."""
    base = position(
        {"western_europe": "ann", "southern_europe": "bob"},
        {"western_europe": 10, "southern_europe": 5},
    )
    for dice in product(range(1, 7), repeat=5):
        attacker, defender = sorted(dice[:3], reverse=True), sorted(dice[3:], reverse=True)
        expect_a = sum(a <= d for a, d in zip(attacker, defender, strict=False))
        game = Game(base.state.copy(), ScriptedSource())
        rolled = battle(roll(game, "western_europe", "southern_europe", dice[:3], dice[3:]))
        assert losses(rolled) == (expect_a, 2 - expect_a), dice
        assert rolled.attacker_losses <= 2


# ----- how many dice ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("armies", "allowed"), [(1, []), (2, [1]), (3, [1, 2]), (4, [1, 2, 3]), (12, [1, 2, 3])]
)
def test_rulebook001_phase2_attacker_dice_table(armies, allowed):
    """Rulebook 001 «PHASE 2» table: 1 army, no attack; 2 → 1 die; 3 → 1 or 2; 4 or more → 1–3."""
    game = position({"brazil": "ann", "north_africa": "bob"}, {"brazil": armies})
    assert dice_allowed(game, "ann", lambda n: Attack("brazil", "north_africa", n)) == allowed
    expected = "too_few_armies" if armies == 1 else "bad_dice"
    assert refused(game, "ann", Attack("brazil", "north_africa", len(allowed) + 1)) == expected


def test_rulebook002_three_armies_in_north_africa_send_two():
    """Rulebook 002 «Comment combattre»: blue has 3 armies in North Africa and may send 2 to the
    fight against Egypt, not the third, which guards North Africa."""
    game = position({"north_africa": "ann", "egypt": "bob"}, {"north_africa": 3, "egypt": 3})
    assert accepted(game, "ann", Attack("north_africa", "egypt", 2))
    assert refused(game, "ann", Attack("north_africa", "egypt", 3)) == "bad_dice"


def test_rulebook000a_alberta_attacks_ontario():
    """Rulebook 000-A «COMBATS» picture: with 4 armies Alberta may attack Ontario with 1, 2 or 3
    dice; Ontario may defend with 1 or 2."""
    game = position({"alberta": "ann", "ontario": "bob"}, {"alberta": 4, "ontario": 3})
    assert dice_allowed(game, "ann", lambda n: Attack("alberta", "ontario", n)) == [1, 2, 3]
    act(game, "ann", Attack("alberta", "ontario", 3))
    assert dice_allowed(game, "bob", Defend) == [1, 2]


def test_rulebook002_egypt_with_three_armies_defends_with_two():
    """Rulebook 002 «Placez les régiments attaquants»: red defends Egypt with 3 armies but may only
    send 2; rulebook 003 «LA BATAILLE» 2: with fewer armies, the defender may use them all."""
    game = position({"north_africa": "ann", "egypt": "bob"}, {"north_africa": 3, "egypt": 3})
    act(game, "ann", Attack("north_africa", "egypt", 2))
    assert refused(game, "bob", Defend(3)) == "bad_dice"
    assert accepted(game, "bob", Defend(2))
    game.state.armies["egypt"] = 1
    assert refused(game, "bob", Defend(2)) == "bad_dice"
    assert accepted(game, "bob", Defend(1))


# ----- conquest and moving in --------------------------------------------------------------


def test_rulebook002_blue_invades_egypt():
    """Rulebook 002 «Changer de territoire attaquant» and «Réussir une invasion»; rulebook 001
    «Plan de bataille» note. Blue attacks Egypt (3 red armies) from North Africa (3 armies)
    until only one army is left there, switches to East Africa (10), conquers Egypt with 3
    dice, moves those 3 in and then 5 of the 6 armies left, keeping one in East Africa."""
    game = position(
        {"north_africa": "ann", "east_africa": "ann", "egypt": "bob"},
        {"north_africa": 3, "east_africa": 10, "egypt": 3},
    )
    assert losses(battle(roll(game, "north_africa", "egypt", [3, 2], [6, 2]))) == (2, 0)
    assert refused(game, "ann", Attack("north_africa", "egypt", 1)) == "too_few_armies"

    assert losses(battle(roll(game, "east_africa", "egypt", [6, 4, 4], [5, 5]))) == (1, 1)
    assert losses(battle(roll(game, "east_africa", "egypt", [5, 3, 1], [2]))) == (0, 1)
    assert (game.armies("east_africa"), game.armies("egypt")) == (9, 1)

    events = roll(game, "east_africa", "egypt", [6, 2, 1], [4])
    [conquered] = of_type(events, Conquered)
    assert (conquered.territory, conquered.previous_owner, conquered.armies) == ("egypt", "bob", 3)
    assert (game.owner("egypt"), game.armies("egypt"), game.armies("east_africa")) == ("ann", 3, 6)
    assert game.phase == "move_in"

    assert refused(game, "ann", Attack("east_africa", "middle_east", 3)) == "wrong_phase"
    assert refused(game, "ann", MoveIn(2)) == "bad_count"  # fewer than the 3 dice rolled
    assert refused(game, "ann", MoveIn(9)) == "bad_count"  # East Africa would be empty
    [moved] = of_type(act(game, "ann", MoveIn(8)), MovedIn)
    assert moved.total == 8
    assert (game.armies("egypt"), game.armies("east_africa")) == (8, 1)
    assert game.phase == "attack"
    check_invariants(game.state)
    # 000-A «COMBATS»: the new territory is at once a base for the next attack.
    assert accepted(game, "ann", Attack("egypt", "middle_east", 3))


def test_rulebook000b_conquest_without_spare_armies_needs_no_move_in():
    """Rulebook 000-B «Deuxième temps» 5: the armies engaged in the last roll occupy the territory;
    with nothing left to add (one army stays behind) the turn goes straight on."""
    game, _ = fight([6, 4, 3], [5], attacking=4, defending=1)
    assert (game.armies("western_europe"), game.armies("southern_europe")) == (1, 3)
    assert game.phase == "attack"


# ----- fortification -----------------------------------------------------------------------

CHAIN = ("indonesia", "siam", "india", "afghanistan", "ukraine")


def test_rulebook001_phase3_indonesia_to_ukraine_through_own_territories():
    """Rulebook 001 «PHASE 3» picture (also rulebook 002 «Renforcer votre position»): blue
    reinforces Ukraine from Indonesia through Siam, India and Afghanistan, all his own."""
    game = position(dict.fromkeys(CHAIN, "ann"), {"indonesia": 5, "ukraine": 2}, rest="bob")
    events = act(game, "ann", Fortify("indonesia", "ukraine", 4))
    assert of_type(events, Fortified)[0].count == 4
    assert (game.armies("indonesia"), game.armies("ukraine")) == (1, 6)
    assert of_type(events, TurnStarted)[0].player == "bob"  # one manoeuvre, then the turn ends
    check_invariants(game.state)


def test_rulebook001_phase3_no_passing_through_enemy_territory():
    """Rulebook 001 «PHASE 3»: «Vous ne pouvez pas passer à travers des territoires ennemis»; with
    India held by an enemy Indonesia and Ukraine are not connected."""
    game = position({t: "ann" for t in CHAIN if t != "india"}, {"indonesia": 5}, rest="bob")
    assert refused(game, "ann", Fortify("indonesia", "ukraine", 4)) == "not_connected"
    assert refused(game, "ann", Fortify("indonesia", "siam", 5)) == "bad_count"  # one stays
    assert accepted(game, "ann", Fortify("indonesia", "siam", 4))


def test_rulebook000a_deplacements_only_to_an_adjacent_territory():
    """Rulebook 000-A «Troisième temps : DÉPLACEMENTS»: one move to a neighbouring territory."""
    rules = CLASSIC.with_options(fortification="adjacent")
    game = position(dict.fromkeys(CHAIN, "ann"), {"indonesia": 5}, rules=rules, rest="bob")
    assert refused(game, "ann", Fortify("indonesia", "ukraine", 4)) == "not_adjacent"
    assert accepted(game, "ann", Fortify("indonesia", "siam", 4))


# ----- borders -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "kind"),
    [
        pytest.param("alaska", "kamchatka", "sea", id="000-A/001/003 Alaska-Kamchatka"),
        pytest.param("western_europe", "southern_europe", "land", id="000-A WEurope-SEurope"),
        pytest.param("southern_europe", "egypt", "sea", id="000-A/001 SEurope-Egypt"),
        pytest.param("siam", "indonesia", "sea", id="001 PHASE 2 Siam-Indonesia"),
        pytest.param("brazil", "north_africa", "sea", id="001 Plateau Brazil-NAfrica"),
        pytest.param("great_britain", "western_europe", "sea", id="001 Plateau GB-WEurope"),
        pytest.param("alberta", "ontario", "land", id="000-A Alberta-Ontario"),
        pytest.param("venezuela", "brazil", "land", id="001 Plateau Venezuela-Brazil"),
        pytest.param("north_africa", "egypt", "land", id="001 Plateau NAfrica-Egypt"),
    ],
)
def test_borders_named_in_the_rulebooks(first, second, kind):
    """Rulebook 001 «Plateau de jeu», rulebook 000-A «COMBATS», rulebook 003 «2. ATTAQUER»: these
    pairs are adjacent (by land or by a sea line) and either side may attack the other."""
    game = position({first: "ann", second: "bob"}, {first: 4, second: 4})
    assert game.board.adjacent(first, second) and game.board.adjacent(second, first)
    assert game.board.border_kind(first, second) == kind
    assert accepted(game, "ann", Attack(first, second, 3))
    game.state.current = "bob"
    assert accepted(game, "bob", Attack(second, first, 3))


def test_non_adjacent_territories_cannot_attack():
    """Rulebook 003 «2. ATTAQUER»: only a territory sharing a border or a sea line can be attacked
    (Western Europe does not touch Egypt)."""
    game = position({"western_europe": "ann", "egypt": "bob"}, {"western_europe": 4})
    assert refused(game, "ann", Attack("western_europe", "egypt", 3)) == "not_adjacent"
