"""Rulebook 004's trades: cards for their stars («2) NOMBRE D'ÉTOILES ÉCHANGÉ») and the bonuses of
the traded territories («3) CARTES TERRITOIRES ÉCHANGÉES»). The rulebook gives no card's stars:
the project's deck gives infantry and cavalry 1, artillery and jokers 2 (docs/rules.md,
decision 38); a trade is any cards showing 2 to 10 stars, once a turn, never forced (RULES.md
Part 3, item 33)."""

from __future__ import annotations

import pytest
from rulebook_helpers import ARTILLERY, BOARD, INFANTRY, JOKERS, act, of_type, position, refused

from risk_lan.rules import REVISED, Place, TradeCards
from risk_lan.rules.cards import STAR_ARMIES, stars
from risk_lan.rules.events import ArmiesLost, BesideBonus, CardsTraded, Placed


def at_turn_start(owners: dict[str, str], hand: list[str], armies: dict[str, int] | None = None):
    """ann's turn has begun with 3 armies to place and ``hand``; the others are bob's."""
    return position(owners, armies, rules=REVISED, rest="bob", hands={"ann": hand},
                    phase="reinforce", pool=3, trade_window="turn_start")  # fmt: skip


SOUTH_AMERICA = ("peru", "brazil", "venezuela", "argentina")


def far_cards(symbol_cards: tuple[str, ...], count: int) -> list[str]:
    """``count`` cards of one symbol whose territories are nowhere near South America, so
    that they give no territory bonus to a player holding only territories there."""
    near = {"peru", "brazil", "venezuela", "argentina", "north_africa", "central_america"}
    return [c for c in symbol_cards if c not in near][:count]


@pytest.mark.parametrize("ones, twos", [(2, 0), (1, 1), (0, 2), (1, 2), (0, 3), (1, 3), (0, 4),
                                        (1, 4), (0, 5)])  # fmt: skip
def test_the_star_table_2_to_10_stars(ones, twos) -> None:
    """«BONUS DE RÉGIMENTS SELON LE NOMBRE D'ÉTOILES ÉCHANGÉ»: 2★ 2, 3★ 4, 4★ 7, 5★ 10, 6★ 13,
    7★ 17, 8★ 21, 9★ 25, 10★ 30."""
    hand = far_cards(INFANTRY, ones) + far_cards(ARTILLERY, twos)
    game = at_turn_start(dict.fromkeys(SOUTH_AMERICA, "ann"), hand)  # room for 30
    total = ones + 2 * twos
    expected = {2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}[total]
    events = act(game, "ann", TradeCards(tuple(hand)))
    assert of_type(events, CardsTraded)[0].armies == expected == STAR_ARMIES[total]
    assert game.state.pool == 3 + expected and not game.state.hands["ann"]
    assert not of_type(events, BesideBonus) and not game.state.bound_pools


def test_a_joker_shows_two_stars() -> None:
    game = at_turn_start({"peru": "ann"}, [JOKERS[0], *far_cards(INFANTRY, 1)])
    assert stars(BOARD, [JOKERS[0]]) == 2
    [traded] = of_type(act(game, "ann", TradeCards((JOKERS[0], far_cards(INFANTRY, 1)[0]))),
                       CardsTraded)  # fmt: skip
    assert traded.armies == 4


def test_trades_of_fewer_than_2_or_more_than_10_stars_are_refused() -> None:
    hand = far_cards(INFANTRY, 1) + far_cards(ARTILLERY, 5)
    game = at_turn_start({"peru": "ann"}, hand)
    assert refused(game, "ann", TradeCards(tuple(far_cards(INFANTRY, 1)))) == "invalid_set"
    assert refused(game, "ann", TradeCards(tuple(hand))) == "invalid_set"  # 11 stars
    assert refused(game, "ann", TradeCards(("brazil", hand[0]))) == "not_in_hand"
    assert refused(game, "ann", TradeCards(tuple(hand[:2]), "peru")) == "bonus_territory"
    listed = {a.cards for a in game.legal_actions("ann") if isinstance(a, TradeCards)}
    assert tuple(sorted(hand[1:])) in listed and tuple(sorted(hand)) not in listed
    assert (far_cards(INFANTRY, 1)[0],) not in listed


def test_one_trade_a_turn_at_its_start_and_none_forced() -> None:
    hand = far_cards(ARTILLERY, 6)
    game = at_turn_start({"peru": "ann"}, hand)
    assert not game.must_trade()  # six cards, and nothing owed
    act(game, "ann", TradeCards(tuple(hand[:2])))
    assert refused(game, "ann", TradeCards(tuple(hand[2:4]))) == "no_trade_now"
    assert not [a for a in game.legal_actions("ann") if isinstance(a, TradeCards)]


def test_a_traded_territory_held_gives_2_there_and_one_beside_by_land_1_to_place_there() -> None:
    """«Territoire échangé contrôlé : +2 régiments sur le territoire échangé»; «Territoire
    échangé adjacent par voie terrestre (pas maritime) à au moins 1 territoire contrôlé : +1
    régiment sur 1 territoire contrôlé au choix adjacent par voie terrestre». A territory held
    gives both when one of the player's is beside it by land (Part 3, item 32)."""
    owners = {"peru": "ann", "brazil": "ann", "japan": "ann"}
    game = at_turn_start(owners, ["peru", "venezuela"])  # infantry 1★ each: 2 armies
    s = game.state
    events = act(game, "ann", TradeCards(("peru", "venezuela")))
    assert of_type(events, Placed) == [Placed("ann", "peru", 2, "card_bonus")]
    assert s.armies["peru"] == 3
    # Peru (held, Brazil beside it) and Venezuela (bob's, Peru and Brazil beside it): +1 each.
    assert of_type(events, BesideBonus) == [BesideBonus("ann", ("peru", "venezuela"))]
    assert s.bound_pools == {"peru": 1, "venezuela": 1}
    assert s.pool == 3 + 2 + 2
    # The +1s go beside their territories only: Japan takes the 5 free armies (3 and the
    # stars' 2) and no more.
    assert refused(game, "ann", Place("japan", 6)) == "bound_bonus"
    act(game, "ann", Place("japan", 5))
    assert refused(game, "ann", Place("japan", 1)) == "bound_bonus"
    # Both +1s may pile up on Brazil, beside both (Peru itself is not beside Peru).
    act(game, "ann", Place("brazil", 2))
    assert s.pool == 0 and not s.bound_pools and s.armies["brazil"] == 3


def test_a_sea_border_gives_no_plus_one() -> None:
    """Brazil–North Africa is a sea border: North Africa traded gives ann, who holds Brazil
    and no land neighbour of North Africa, nothing to place beside it."""
    game = at_turn_start({"peru": "ann", "brazil": "ann"}, ["north_africa", "egypt"])
    events = act(game, "ann", TradeCards(("egypt", "north_africa")))
    assert not of_type(events, BesideBonus) and not game.state.bound_pools
    assert game.state.pool == 3 + 2


def test_the_plus_two_past_the_cap_is_lost() -> None:
    game = at_turn_start({"peru": "ann", "japan": "ann"}, ["peru", "japan"], {"peru": 11})
    events = act(game, "ann", TradeCards(("japan", "peru")))
    assert game.state.armies["peru"] == 12 and game.state.armies["japan"] == 3
    assert ArmiesLost("ann", 1) in of_type(events, ArmiesLost)


def test_a_plus_one_with_no_room_beside_is_lost_as_it_is_earned() -> None:
    """Part 3, item 29: what fits nowhere is lost, a bound +1 included."""
    owners = {"peru": "ann", "brazil": "ann", "argentina": "ann", "japan": "ann"}
    full = {"peru": 12, "brazil": 12, "argentina": 12}
    game = at_turn_start(owners, ["venezuela", "alaska"], full)
    events = act(game, "ann", TradeCards(("alaska", "venezuela")))
    assert ArmiesLost("ann", 1) in of_type(events, ArmiesLost)
    assert not game.state.bound_pools and game.state.pool == 3 + 2


def test_bound_armies_are_never_left_with_nowhere_to_go() -> None:
    """Venezuela's +1 may go only on Brazil (Peru is full); Peru's, on Brazil or Argentina.
    Argentina may take the free armies and Peru's +1, not the armies that Venezuela's needs."""
    owners = {"brazil": "ann", "argentina": "ann", "japan": "ann"}
    game = at_turn_start(owners, ["venezuela", "peru"], {"peru": 12, "brazil": 11})
    s = game.state
    act(game, "ann", TradeCards(("peru", "venezuela")))
    assert s.bound_pools == {"peru": 1, "venezuela": 1} and s.pool == 3 + 2 + 2
    assert refused(game, "ann", Place("argentina", 7)) == "bound_bonus"
    assert max(a.count for a in game.legal_actions("ann")
               if isinstance(a, Place) and a.territory == "argentina") == 6  # fmt: skip
    act(game, "ann", Place("argentina", 6))
    act(game, "ann", Place("brazil", 1))
    assert s.pool == 0 and not s.bound_pools and s.armies["brazil"] == 12
