"""The rulebooks' worked examples of eliminations, as tests.

Each docstring names the rulebook (../shared/seeds) and the section of the example: the conqueror
takes the loser's cards and, depending on the rules, trades them at once.
"""

from __future__ import annotations

from rulebook_helpers import (
    ARTILLERY,
    CAVALRY,
    INFANTRY,
    accepted,
    act,
    of_type,
    one_each,
    position,
    refused,
    roll,
    trade,
)

from risk_lan.rules import CLASSIC, Attack, MoveIn, Place, TradeCards, check_invariants
from risk_lan.rules.events import PlayerEliminated


def eliminate_bob(rules, ann_cards, bob_cards):
    """ann (5 armies in Brazil, her cards) conquers North Africa, bob's last territory (his
    cards), and moves 3 in; cat holds the rest of the world and no card shows ann's lands."""
    game = position(
        {"brazil": "ann", "north_africa": "bob"}, {"brazil": 5, "north_africa": 1},
        rules=rules, hands={"ann": list(ann_cards), "bob": list(bob_cards)},
    )  # fmt: skip
    events = roll(game, "brazil", "north_africa", [6, 5, 4], [1])
    [gone] = of_type(events, PlayerEliminated)
    assert (gone.player, gone.by, sorted(gone.cards)) == ("bob", "ann", sorted(bob_cards))
    act(game, "ann", MoveIn(3))
    assert game.hand("bob") == [] and sorted(game.hand("ann")) == sorted([*ann_cards, *bob_cards])
    check_invariants(game.state)
    return game


def test_rulebook001_elimination_with_five_cards_trades_then_places():
    """Rulebook 001 «Éliminer un autre joueur»: the victim's cards join your hand; with 5 or more
    you must trade at once down to 4 or fewer and place those armies before going on."""
    game = eliminate_bob("classic", one_each(0), [INFANTRY[1], CAVALRY[1]])
    assert game.must_trade()
    assert refused(game, "ann", Attack("north_africa", "egypt", 1)) == "must_trade"
    assert refused(game, "ann", Place("brazil", 1)) == "must_trade"
    assert trade(game, "ann", one_each(0)) == 4
    assert refused(game, "ann", Attack("north_africa", "egypt", 1)) == "armies_to_place"
    act(game, "ann", Place("north_africa", 4))
    act(game, "ann", Attack("north_africa", "egypt", 3))
    assert game.phase == "defend"


def test_rulebook002_elimination_trades_again_while_five_cards_remain():
    """Rulebook 002 «Éliminer un autre joueur»: «S'il vous reste encore au moins 5 cartes, échangez
    une autre série»; at 4 cards or fewer the turn goes on, even if a set is left."""
    ann_cards = [*one_each(0), INFANTRY[1], CAVALRY[1]]
    game = eliminate_bob("classic", ann_cards, [ARTILLERY[1], *one_each(2)])
    assert trade(game, "ann", one_each(0)) == 4
    assert game.must_trade()  # 6 cards left
    assert trade(game, "ann", one_each(1)) == 6
    assert not game.must_trade()
    assert refused(game, "ann", TradeCards(one_each(2))) == "no_trade_now"
    assert refused(game, "ann", Attack("north_africa", "egypt", 1)) == "armies_to_place"
    act(game, "ann", Place("brazil", 10))
    # The view's window still reads elimination_forced with 3 cards, nothing to trade
    # (protocol.md): it closes with the next attack.
    assert (game.phase, game.state.trade_window) == ("reinforce", "elimination_forced")
    act(game, "ann", Attack("north_africa", "egypt", 2))
    assert game.state.trade_window == "none"


def test_classic_elimination_below_five_cards_allows_no_trade():
    """Rulebook 001 «Éliminer un autre joueur»: the immediate trade is for 5 cards or more."""
    game = eliminate_bob("classic", [INFANTRY[0], CAVALRY[0]], [ARTILLERY[0]])
    assert game.phase == "attack"
    assert refused(game, "ann", TradeCards(one_each(0))) == "no_trade_now"


def test_rulebook003_elimination_with_five_cards_waits_for_the_next_turn():
    """Rulebook 003 «ÉLIMINER UN ADVERSAIRE»: with fewer than six cards you wait for the start of
    your next turn to trade."""
    game = eliminate_bob("classic-2015", one_each(0), [INFANTRY[1], CAVALRY[1]])
    assert not game.must_trade() and game.phase == "attack"
    assert refused(game, "ann", TradeCards(one_each(0))) == "no_trade_now"
    act(game, "ann", Attack("north_africa", "egypt", 2))


def test_rulebook003_elimination_with_six_cards_trades_down_to_four_or_fewer():
    """Rulebook 003 «ÉLIMINER UN ADVERSAIRE»: with six cards or more, trade at once until four,
    three or two remain, then stop."""
    game = eliminate_bob("classic-2015", one_each(0), one_each(1))
    assert game.must_trade()
    assert refused(game, "ann", Attack("north_africa", "egypt", 1)) == "must_trade"
    assert trade(game, "ann", one_each(0)) == 4
    assert refused(game, "ann", TradeCards(one_each(1))) == "no_trade_now"  # 3 left: stop
    act(game, "ann", Place("brazil", 4))
    act(game, "ann", Attack("north_africa", "egypt", 1))


def test_rulebook000a_fin_d_un_combattant_no_elimination_before_round_five():
    """Rulebook 000-A «FIN D'UN COMBATTANT» and 000-B «ÉLIMINATION D'UN JOUEUR»: nobody may be
    eliminated before the end of the fourth round (RULES.md 1.9: attacks on a last territory
    are refused until then)."""
    rules = CLASSIC.with_options(protect_last_territory_rounds=4)
    game = position(
        {"brazil": "ann", "north_africa": "bob", "peru": "cat", "venezuela": "cat"},
        {"brazil": 5}, rules=rules, rest="cat",
    )  # fmt: skip
    game.state.round = 4
    assert refused(game, "ann", Attack("brazil", "north_africa", 3)) == "protected"
    assert accepted(game, "ann", Attack("brazil", "peru", 3))  # cat has other territories
    game.state.round = 5
    act(game, "ann", Attack("brazil", "north_africa", 3))
