"""Rulebook 000's other world-conquest games, as tests: «La Conquête du Monde» (000-B, first
rule: `conquete`), its «deuxième règle» (`conquete-2`), and 000-A's «VARIANTE POUR 3 A 6
JOUEURS» (`old-world`). Each docstring names the rulebook (../shared/seeds) and its section."""

from __future__ import annotations

import pytest
from rulebook_helpers import (
    ARTILLERY,
    BOARD,
    CAVALRY,
    INFANTRY,
    JOKERS,
    PLAYERS,
    act,
    battle,
    begin,
    of_type,
    one_each,
    position,
    refused,
    roll,
    trade,
)

from risk_lan.rules import (
    Attack,
    EndTurn,
    Game,
    MoveIn,
    ScriptedSource,
    TradeCards,
    check_invariants,
)
from risk_lan.rules.events import (
    CardDrawn,
    DealRolled,
    PlayerEliminated,
    TerritoriesDealt,
    TurnStarted,
)

# ----- La Conquête du Monde: the deal by dice ----------------------------------------------


def test_rulebook000b_territories_are_dealt_by_dice_with_one_army_each_and_no_pool():
    """Rulebook 000-B «I - LA DISTRIBUTION DES TERRITOIRES»: the first player rolls a die and
    takes as many cards from the pile (jokers removed), one army on each territory; then the
    next, until the last territory, the last taker losing the points beyond. «Le tour de
    jouer passe au joueur suivant qui ouvrira la deuxième phase.»"""
    # The order: bob rolls highest. Then bob 6, cat 5, ann 4, bob 6, cat 6, ann 6, bob 6,
    # cat 5 (42 territories: the last 3 of cat's 5).
    deal = [6, 5, 4, 6, 6, 6, 6, 5]
    game, events = Game.new(list(PLAYERS), ScriptedSource([2, 6, 1, *deal]), "conquete")
    [rolled] = of_type(events, DealRolled)
    assert rolled.rolls == (
        ("bob", 6), ("cat", 5), ("ann", 4), ("bob", 6), ("cat", 6), ("ann", 6), ("bob", 6),
        ("cat", 5),
    )  # fmt: skip
    [dealt] = of_type(events, TerritoriesDealt)
    counts = {p: sum(1 for o in dealt.owners.values() if o == p) for p in PLAYERS}
    assert counts == {"bob": 18, "cat": 14, "ann": 10}  # cat's last 5 found 3 left
    s = game.state
    assert all(s.armies[t] == 1 for t in BOARD.territory_ids)
    assert s.setup_left == dict.fromkeys(PLAYERS, 0)  # no starting pool
    # cat took the last territory: ann, after her, opens the game, with a card first.
    assert s.current == s.first_player == "ann" and s.phase == "reinforce"
    [started] = of_type(events, TurnStarted)
    assert (started.player, started.territory_armies) == ("ann", 10 // 3)
    assert [e.player for e in of_type(events, CardDrawn)] == ["ann"]
    # The jokers went back into the pile for the game: 44 cards less ann's one.
    assert len(s.deck) == 43 and not s.discard
    check_invariants(s)


# ----- La Conquête du Monde: the turn ------------------------------------------------------


def test_rulebook000b_every_turn_opens_with_a_card_and_a_conquest_earns_none():
    """Rulebook 000-B «Premier temps» a): «Il reçoit une carte du dessus du Talon»; no other card
    is drawn (the card «CARTES» lists no card for a conquest)."""
    game = position({"alberta": "bob", "ontario": "ann"}, {"ontario": 5}, rules="conquete",
                    rest="cat")  # fmt: skip
    game.state.conquered = True  # ann conquered this turn: still no card at its end
    events = act(game, "ann", EndTurn())
    cards = of_type(events, CardDrawn)
    assert [c.player for c in cards] == ["bob"]  # bob's turn opened with his card
    assert len(game.state.hands["ann"]) == 0 and len(game.state.hands["bob"]) == 1


def test_rulebook000b_income_is_a_third_of_the_territories_with_no_minimum():
    """Rulebook 000-B «Premier temps» b): «autant d'armées qu'il a de multiples de 3 territoires»
    (14 → 4); 2 territories give none (RULES.md Part 3 item 4: no minimum in 000)."""
    for held, armies in ((14, 4), (2, 0), (3, 1)):
        mine = dict.fromkeys(["alberta", "ontario", "quebec", "greenland", "alaska",
                              "northwest_territory", "western_united_states",
                              "eastern_united_states", "central_america", "venezuela",
                              "peru", "brazil", "argentina", "iceland"][:held], "ann")  # fmt: skip
        game = position(mine, rules="conquete", rest=("bob", "cat"))
        started = begin(game, "ann")
        assert (started.territories, started.territory_armies) == (held, armies)


def test_rulebook000b_sets_are_one_of_each_or_a_lone_joker_at_escalating_values():
    """Rulebook 000-B «CARTES»: «UN FANTASSIN, UN CANON et UN CAVALIER (ou un Joker)» is traded for
    4, 6, 8 … armies; a joker alone is a set (RULES.md Part 3 item 11), three alike are not,
    and nor is a joker with two cards."""
    hand = [*one_each(0), JOKERS[0], INFANTRY[1], INFANTRY[2], INFANTRY[3]]
    game = position({"argentina": "ann"}, rules="conquete", rest=("bob", "cat"),
                    hands={"ann": hand}, phase="reinforce", trade_window="turn_start")  # fmt: skip
    assert refused(game, "ann", TradeCards((INFANTRY[1], INFANTRY[2], INFANTRY[3]))) == (
        "invalid_set"
    )
    assert refused(game, "ann", TradeCards((JOKERS[0], INFANTRY[1], INFANTRY[2]))) == (
        "invalid_set"
    )
    # «Il est le premier à échanger deux séries de cartes; il aura 4 + 6 = 10 armées.»
    assert trade(game, "ann", one_each(0)) == 4
    assert trade(game, "ann", (JOKERS[0],)) == 6
    assert game.state.pool == 10
    # No territory bonus: ann holds none of her cards' territories... and none is added.
    assert sorted(game.state.hands["ann"]) == sorted(INFANTRY[1:4])


def test_rulebook000b_no_trade_is_forced_and_no_hand_is_limited():
    """Rulebook 000-B «CARTES» 1: «Un joueur n'est pas obligé de demander des armées aussitôt qu'il
    a formé la série»; with 8 cards and sets, nothing is owed."""
    hand = [*one_each(0), *one_each(1), CAVALRY[2], ARTILLERY[2]]
    game = position({"argentina": "ann"}, rules="conquete", rest=("bob", "cat"),
                    hands={"ann": hand})  # fmt: skip
    begin(game, "ann")
    assert not game.must_trade() and len(game.state.hands["ann"]) == 9


def test_rulebook000b_the_eliminator_takes_the_cards_and_may_trade_at_once():
    """Rulebook 000-B «ÉLIMINATION D'UN JOUEUR»: the winner takes the loser's cards and «a le
    droit, exceptionnellement à ce moment-là, de demander de nouvelles armées»."""
    game = position(
        {"alberta": "ann", "ontario": "bob"}, {"alberta": 5}, rules="conquete", rest="cat",
        hands={"bob": list(one_each(0))},
    )  # fmt: skip
    game.state.round = 5  # past the four protected rounds
    events = roll(game, "alberta", "ontario", [6, 6, 6], [1])
    assert battle(events).defender_losses == 1
    [out] = of_type(events, PlayerEliminated)
    assert out.player == "bob"
    assert sorted(game.state.hands["ann"]) == sorted(one_each(0))
    act(game, "ann", MoveIn(game.state.move_in.minimum))
    assert trade(game, "ann", one_each(0)) == 4


def test_rulebook000b_no_elimination_before_the_end_of_the_fourth_round():
    """Rulebook 000-B «ÉLIMINATION D'UN JOUEUR»: «on ne peut pas éliminer un joueur ... avant la fin
    du quatrième tour» (a round, RULES.md Part 3 item 13)."""
    game = position({"alberta": "ann", "ontario": "bob"}, {"alberta": 5}, rules="conquete",
                    rest="cat")  # fmt: skip
    game.state.round = 4
    assert refused(game, "ann", Attack("alberta", "ontario", 3)) == "protected"


# ----- the deuxième règle ------------------------------------------------------------------


# (territories, armies, cards): the rulebook's list, from 1 to 9 territories.
DEUXIEME_REGLE = [(1, 0, 1), (2, 0, 2), (3, 0, 3), (4, 1, 0), (5, 1, 1), (6, 1, 2), (7, 1, 3),
                  (8, 2, 0), (9, 2, 1)]  # fmt: skip


@pytest.mark.parametrize("held, armies, cards", DEUXIEME_REGLE)
def test_rulebook000b_deuxieme_regle_income_for_one_to_nine_territories(held, armies, cards):
    """Rulebook 000-B «VARIANTE deuxième règle»: «1 territoire donne droit à 1 carte ... 4 — 1
    armée, 5 — 1 armée + 1 carte ... 8 — 2 armées, 9 — 2 armées + 1 carte»."""
    names = ["alberta", "ontario", "quebec", "greenland", "alaska", "northwest_territory",
             "western_united_states", "eastern_united_states", "iceland"]  # fmt: skip
    game = position(dict.fromkeys(names[:held], "ann"), rules="conquete-2", rest=("bob", "cat"))
    before = len(game.state.hands["ann"])
    started = begin(game, "ann")
    assert started.territory_armies == armies
    assert len(game.state.hands["ann"]) - before == cards


def test_rulebook000b_deuxieme_regle_sets_start_at_six():
    """Rulebook 000-B «VARIANTE deuxième règle»: «la première combinaison de cartes donne droit,
    non pas à 4, mais à 6 armées. Ensuite, la progression est identique (6, 8, 10, 12, 15, 20,
    25, etc...)» (RULES.md Part 3 item 25)."""
    game = position({"argentina": "ann"}, rules="conquete-2", rest=("bob", "cat"),
                    hands={"ann": [c for i in range(7) for c in one_each(i)]},
                    phase="reinforce", trade_window="turn_start")  # fmt: skip
    assert [trade(game, "ann", one_each(i)) for i in range(7)] == [6, 8, 10, 12, 15, 20, 25]


# ----- 000-A's world conquest --------------------------------------------------------------


def test_rulebook000a_variante_third_set_of_the_game_is_worth_eight_even_if_first():
    """Rulebook 000-A «VARIANTE POUR 3 A 6 JOUEURS»: «le joueur qui présente la troisième
    combinaison de la partie reçoit 8 armées même si ce n'est que son premier échange»."""
    game = position({"argentina": "ann"}, rules="old-world", rest=("bob", "cat"),
                    hands={"ann": list(one_each(2))}, phase="reinforce",
                    trade_window="turn_start", trades=2)  # fmt: skip
    assert trade(game, "ann", one_each(2)) == 8


def test_rulebook000a_variante_keeps_the_old_rules_and_deals_no_objective():
    """Rulebook 000-A «VARIANTE»: «Les cartes d'objectifs ne servent pas. Les dispositions
    fondamentales de la règle sont les mêmes»: +2 on each traded card's territory held (RULES.md
    Part 3 item 3), no minimum income, three identical cards or two and a joker are sets."""
    mine = {INFANTRY[0]: "ann", INFANTRY[1]: "ann"}
    game = position(mine, rules="old-world", rest=("bob", "cat"),
                    hands={"ann": [INFANTRY[0], INFANTRY[1], JOKERS[0]]}, phase="reinforce",
                    trade_window="turn_start")  # fmt: skip
    assert trade(game, "ann", (INFANTRY[0], INFANTRY[1], JOKERS[0])) == 4
    assert game.state.armies[INFANTRY[0]] == game.state.armies[INFANTRY[1]] == 3
    fresh, _ = Game.new(list(PLAYERS), ScriptedSource([6, 1, 1]), "old-world")
    assert not fresh.state.objectives and fresh.rules.victory == "world"
    assert fresh.rules.min_income == 0
