"""The rulebooks' worked examples of card trades and card draws, as tests.

Each docstring names the rulebook (../shared/seeds) and the section of the example. Cards are
territory ids (their symbol comes from the map) and ``joker_1``/``joker_2``.
"""

from __future__ import annotations

import pytest
from rulebook_helpers import (
    ARTILLERY,
    CAVALRY,
    INFANTRY,
    JOKERS,
    act,
    begin,
    of_type,
    one_each,
    position,
    refused,
    roll,
    trade,
)

from risk_lan.rules import CLASSIC, EndTurn, Fortify, MoveIn, Place, TradeCards, check_invariants
from risk_lan.rules.events import CardDrawn, DeckShuffled, Fortified, Placed


def turn_with(hand, *, rules="classic", trades=0, owners=None):
    """ann's turn has just started, ``hand`` in her hand; she holds Argentina (and ``owners``)."""
    game = position(
        {"argentina": "ann", **(owners or {})}, rules=rules, rest=("bob", "cat"),
        hands={"ann": list(hand)}, trades=trades,
    )  # fmt: skip
    begin(game, "ann")
    return game


# ----- escalating values -------------------------------------------------------------------


def test_set_values_escalate_across_the_game():
    """Rulebook 001 «PHASE 1» 3 (golden cavalry), rulebook 003 «CARTES DE TERRITOIRE» and rulebook
    000-B «CARTES»: 4, 6, 8, 10, 12, 15, 20, 25, then 5 more each time («progression illimitée»)."""
    game = turn_with([c for i in range(10) for c in one_each(i)])
    assert [trade(game, "ann", one_each(i)) for i in range(10)] == [
        4, 6, 8, 10, 12, 15, 20, 25, 30, 35,
    ]  # fmt: skip
    assert game.state.trades == 10


def test_rulebook003_third_trade_of_the_game_is_worth_eight_even_if_first():
    """Rulebook 003 «CARTES DE TERRITOIRE»: «si vous procédez au troisième échange de la partie,
    vous gagnez 8 régiments, même si c'est la première fois» (also 000-A «VARIANTE POUR 3 A 6
    JOUEURS»). ann, then bob, then cat trade their first set: 4, 6, 8."""
    hands = {"ann": one_each(0), "bob": one_each(1), "cat": one_each(2)}
    owners = {"argentina": "ann", "iceland": "cat", **dict.fromkeys(hands["bob"], "cat")}
    game = position(
        owners, rules="classic-2015", rest="bob",  # nobody holds a territory of his cards
        hands={p: list(h) for p, h in hands.items()},
    )  # fmt: skip
    values = []
    for player, home in (("ann", "argentina"), ("bob", "brazil"), ("cat", "iceland")):
        begin(game, player)
        values.append(trade(game, player, hands[player]))
        act(game, player, Place(home, game.state.pool))
    assert values == [4, 6, 8]


def test_rulebook002_red_trades_the_third_set_of_the_game():
    """Rulebook 002 «Échange de cartes Territoire» example: red starts his turn with 4 cards (2
    infantry, 1 cavalry, 1 artillery), need not trade, trades one of each: it is his first set
    but the game's third, worth 8; the golden cavalry moves to 10 for the next set."""
    hand = [INFANTRY[0], INFANTRY[1], CAVALRY[0], ARTILLERY[0]]
    game = turn_with(hand, trades=2, owners={"peru": "bob"})
    assert not game.must_trade()
    assert trade(game, "ann", (INFANTRY[0], CAVALRY[0], ARTILLERY[0])) == 8
    assert game.hand("ann") == [INFANTRY[1]]
    act(game, "ann", Place("argentina", game.state.pool))
    act(game, "ann", EndTurn())
    game.state.hands["bob"] = [INFANTRY[2], INFANTRY[3], INFANTRY[4]]
    game.state.deck = [c for c in game.state.deck if c not in game.state.hands["bob"]]
    assert trade(game, "bob", game.hand("bob")) == 10


@pytest.mark.parametrize(("before", "values"), [(0, [4, 6]), (1, [6, 8, 10])])
def test_rulebook000b_cartes_several_sets_at_once(before, values):
    """Rulebook 000-B «CARTES» 3: the first to trade two sets at once gets 4 + 6 = 10; the second
    to trade, trading three sets, gets 6 + 8 + 10 = 24."""
    sets = [one_each(i) for i in range(len(values))]
    game = turn_with([c for s in sets for c in s], trades=before)
    pool = game.state.pool
    assert [trade(game, "ann", s) for s in sets] == values
    assert game.state.pool == pool + sum(values)


def test_rulebook001_joker_completes_two_cavalry():
    """Rulebook 001 «PHASE 1» 3: green holds two cavalry and a joker; the joker counts as a cavalry
    and completes the set. Rulebook 003: any 2 symbols plus a joker also make a set."""
    game = turn_with([CAVALRY[0], CAVALRY[1], JOKERS[0], INFANTRY[0], ARTILLERY[0]])
    assert game.set_value((INFANTRY[0], CAVALRY[0], JOKERS[0])) == 4
    assert game.set_value((INFANTRY[0], CAVALRY[0], CAVALRY[1])) == 0
    assert refused(game, "ann", TradeCards((INFANTRY[0], CAVALRY[0], CAVALRY[1]))) == "invalid_set"
    assert trade(game, "ann", (CAVALRY[0], CAVALRY[1], JOKERS[0])) == 4


# ----- fixed tables ------------------------------------------------------------------------

MODERN = CLASSIC.with_options(trade_values="fixed_modern")
OLD = CLASSIC.with_options(trade_values="fixed_old")


def test_rulebook001_risk_mission_fixed_table_ignores_the_order():
    """Rulebook 001 «Risk MISSION» and rulebook 002 «RISK par équipe»: 3 infantry 4, 3 cavalry 6,
    3 artillery 8, one of each 10, «que ce soit la première série échangée ou la 15ème»."""
    sets = [one_each(0), tuple(ARTILLERY[1:4]), tuple(CAVALRY[1:4]), tuple(INFANTRY[1:4])]
    game = turn_with([c for s in sets for c in s], rules=MODERN)
    assert [trade(game, "ann", s) for s in sets] == [10, 8, 6, 4]
    game.state.trades = 14
    assert game.set_value(tuple(CAVALRY[4:7])) == 6
    assert game.set_value((CAVALRY[4], CAVALRY[5], JOKERS[0])) == 6


def test_rulebook000a_forces_armees_old_table():
    """Rulebook 000-A «FORCES ARMÉES» C): 3 cannons 4, 3 infantry 6, 3 cavalry 8, one of each 10,
    a joker and 2 identical cards 12."""
    game = turn_with([], rules=OLD)
    assert game.set_value(tuple(ARTILLERY[:3])) == 4
    assert game.set_value(tuple(INFANTRY[:3])) == 6
    assert game.set_value(tuple(CAVALRY[:3])) == 8
    assert game.set_value(one_each(0)) == 10
    assert game.set_value((INFANTRY[0], INFANTRY[1], JOKERS[0])) == 12
    assert game.set_value((CAVALRY[0], CAVALRY[1], JOKERS[1])) == 12


# ----- territory bonuses -------------------------------------------------------------------


def test_rulebook003_bonus_de_territoires_occupes_once_per_set():
    """Rulebook 003 «BONUS DE TERRITOIRES OCCUPÉS»: if at least one traded card shows a territory
    you occupy you get 2 more armies, placed on that territory (one of your choice)."""
    cards = (INFANTRY[0], INFANTRY[1], INFANTRY[2])
    game = turn_with(cards, rules="classic-2015", owners={cards[0]: "ann", cards[1]: "ann"})
    before = {t: game.armies(t) for t in cards}
    pool = game.state.pool
    assert refused(game, "ann", TradeCards(cards)) == "bonus_territory"
    assert refused(game, "ann", TradeCards(cards, cards[2])) == "bonus_territory"  # not hers
    assert refused(game, "ann", TradeCards(cards, "argentina")) == "bonus_territory"  # no card
    events = act(game, "ann", TradeCards(cards, cards[1]))
    assert [(e.territory, e.count, e.reason) for e in of_type(events, Placed)] == [
        (cards[1], 2, "card_bonus")
    ]
    assert game.state.pool == pool + 4
    assert [game.armies(t) - before[t] for t in cards] == [0, 2, 0]


def test_rulebook003_no_bonus_without_an_occupied_territory():
    """Rulebook 003 «BONUS DE TERRITOIRES OCCUPÉS»: no card shows one of your territories, no +2."""
    cards = (INFANTRY[0], INFANTRY[1], JOKERS[0])
    game = turn_with(cards, rules="classic-2015")
    assert refused(game, "ann", TradeCards(cards, "argentina")) == "bonus_territory"
    assert not of_type(act(game, "ann", TradeCards(cards)), Placed)


def test_rulebook000a_forces_armees_two_more_per_card():
    """Rulebook 000-A «FORCES ARMÉES» C) and «QUESTIONS STRATÉGIQUES»: 2 more armies for every card
    of the set showing a territory the player occupies, placed on those territories."""
    rules = OLD.with_options(territory_bonus="per_card", min_income=0)
    cards = (ARTILLERY[0], ARTILLERY[1], ARTILLERY[2])
    game = turn_with(cards, rules=rules, owners={cards[0]: "ann", cards[2]: "ann"})
    before = {t: game.armies(t) for t in cards}
    pool = game.state.pool
    events = act(game, "ann", TradeCards(cards))
    assert sorted(e.territory for e in of_type(events, Placed)) == sorted([cards[0], cards[2]])
    assert game.state.pool == pool + 4  # the 3-cannon value only; the +2s are already placed
    assert [game.armies(t) - before[t] for t in cards] == [2, 0, 2]


# ----- when trades happen ------------------------------------------------------------------


def test_rulebook001_five_cards_must_trade_before_placing():
    """Rulebook 001 «PHASE 1» 3: «Si vous possédez 5 cartes ou plus, vous DEVEZ échanger une
    série»; rulebook 002: with at least 5 cards you must trade. Nothing else is allowed first."""
    hand = [INFANTRY[0], INFANTRY[1], CAVALRY[0], CAVALRY[1], ARTILLERY[0]]
    game = turn_with(hand)
    assert game.must_trade()
    assert refused(game, "ann", Place("argentina", 1)) == "must_trade"
    assert refused(game, "ann", EndTurn()) == "must_trade"
    trade(game, "ann", (INFANTRY[0], CAVALRY[0], ARTILLERY[0]))
    assert not game.must_trade()
    act(game, "ann", Place("argentina", 1))


def test_four_cards_need_not_be_traded():
    """Rulebook 000-A «QUESTIONS STRATÉGIQUES»: a set may be kept for later (below 5 cards)."""
    game = turn_with([INFANTRY[0], CAVALRY[0], ARTILLERY[0], INFANTRY[1]])
    assert not game.must_trade()
    act(game, "ann", Place("argentina", game.state.pool))


def test_rulebook003_six_cards_trade_one_set_and_may_trade_a_second():
    """Rulebook 003 «CARTES DE TERRITOIRE» remark: with 5 or 6 cards at the start of the turn you
    must trade at least one set, and may trade a second if you have one."""
    game = turn_with([*one_each(0), *one_each(1)], rules="classic-2015")
    assert refused(game, "ann", Place("argentina", 1)) == "must_trade"
    assert trade(game, "ann", one_each(0)) == 4
    assert not game.must_trade()
    assert trade(game, "ann", one_each(1)) == 6


def test_rulebook000b_cartes_no_trade_once_fighting_began():
    """Rulebook 000-B «CARTES» 4 and rulebook 003 «ÉLIMINER UN ADVERSAIRE»: cards are traded at the
    start of the turn, before fighting, and not later (save after an elimination)."""
    game = position(
        {"brazil": "ann", "north_africa": "bob", "congo": "bob"}, {"brazil": 5},
        hands={"ann": list(one_each(0))},
    )  # fmt: skip
    begin(game, "ann")
    act(game, "ann", Place("brazil", game.state.pool))
    roll(game, "brazil", "north_africa", [6, 6, 6], [1])
    act(game, "ann", MoveIn(3))
    assert game.phase == "attack"
    assert refused(game, "ann", TradeCards(one_each(0))) == "no_trade_now"


# ----- drawing cards -----------------------------------------------------------------------


def two_conquests(rules):
    """ann takes North Africa and Peru from bob (who keeps Venezuela) in one turn."""
    game = position(
        {"brazil": "ann", "north_africa": "bob", "peru": "bob", "venezuela": "bob"},
        {"brazil": 10}, rules=rules,
    )  # fmt: skip
    for target in ("north_africa", "peru"):
        roll(game, "brazil", target, [6, 6, 6], [1])
        act(game, "ann", MoveIn(3))
    return game


def test_rulebook001_phase4_one_card_after_the_manoeuvre_however_many_conquests():
    """Rulebook 001 «PHASE 4»: one territory card, whatever the number of territories conquered,
    drawn from the top of the pile after the strategic manoeuvre (phase 3)."""
    game = two_conquests("classic")
    top = game.state.deck[-1]
    events = act(game, "ann", Fortify("brazil", "north_africa", 1))
    kinds = [type(e) for e in events]
    assert kinds.count(CardDrawn) == 1
    assert kinds.index(Fortified) < kinds.index(CardDrawn)
    assert game.hand("ann") == [top]


def test_rulebook003_terminer_votre_attaque_card_before_moving():
    """Rulebook 003 «TERMINER VOTRE ATTAQUE»: when you have finished attacking, having captured at
    least one territory, take the top card; then you may move your armies."""
    game = two_conquests("classic-2015")
    events = act(game, "ann", Fortify("brazil", "north_africa", 1))
    kinds = [type(e) for e in events]
    assert kinds.count(CardDrawn) == 1
    assert kinds.index(CardDrawn) < kinds.index(Fortified)


def test_rulebook001_phase4_no_conquest_no_card():
    """Rulebook 001 «PHASE 4» and rulebook 002 «Étape 4»: no territory conquered, no card."""
    game = position({"brazil": "ann"}, {"brazil": 4})
    assert not of_type(act(game, "ann", EndTurn()), CardDrawn)
    assert game.hand("ann") == []


def test_rulebook000a_exhausted_pile_is_reshuffled_from_the_discards():
    """Rulebook 000-A «QUESTIONS STRATÉGIQUES» and 000-B «CARTES» 5: when the pile is exhausted the
    traded cards are shuffled into a new pile."""
    game = two_conquests("classic")
    s = game.state
    s.deck, s.discard = [], s.deck
    events = act(game, "ann", EndTurn())
    [shuffled] = of_type(events, DeckShuffled)
    assert shuffled.cards == 44
    assert len(game.hand("ann")) == 1 and len(s.deck) == 43 and s.discard == []
    check_invariants(s)
