"""Risk Mission's 28 cards (the project's own: rulebook 001 lists none), and each kind of
condition at its threshold."""

from __future__ import annotations

import pytest
from rulebook_helpers import BOARD, position

from risk_lan.rules.missions import KINDS, PER_RANK, RANKS, check_cards, holds, missions


def test_the_cards_are_seven_of_each_rank_and_well_formed() -> None:
    check_cards(BOARD)
    cards = missions()
    assert len(cards) == 4 * PER_RANK
    assert [c.rank for c in cards.values()] == [r for r in RANKS for _ in range(PER_RANK)]
    assert {c.kind for c in cards.values()} == set(KINDS)  # every kind is used
    for card in cards.values():
        assert card.en.endswith(".") and card.fr.endswith("."), card.id


def test_the_check_refuses_a_card_naming_another_board_s_continent(monkeypatch) -> None:
    from dataclasses import replace

    from risk_lan.rules import missions as module

    cards = dict(missions())
    first = next(iter(cards))
    cards[first] = replace(cards[first], continents=("atlantis",))
    monkeypatch.setattr(module, "missions", lambda: cards)
    with pytest.raises(ValueError, match="atlantis"):
        module.check_cards(BOARD)


def card(kind: str, **fields):
    """The first card of ``kind`` with these fields."""
    return next(
        c
        for c in missions().values()
        if c.kind == kind and all(getattr(c, k) == v for k, v in fields.items())
    )


def territories(n: int) -> dict[str, str]:
    return dict.fromkeys(BOARD.territory_ids[:n], "ann")


SOUTH_AMERICA = ["venezuela", "peru", "brazil", "argentina"]


def test_a_continent_card_needs_the_whole_continent() -> None:
    target = card("continents", continents=("south_america",))
    whole = position(dict.fromkeys(SOUTH_AMERICA, "ann"), rest=("bob", "cat"))
    three = position(dict.fromkeys(SOUTH_AMERICA[:3], "ann"), rest=("bob", "cat"))
    assert holds(whole.state, "ann", target) and not holds(three.state, "ann", target)


def test_any_continents_counts_whole_continents() -> None:
    target = card("any_continents", count=2)
    oceania = ["indonesia", "new_guinea", "western_australia", "eastern_australia"]
    two = position(dict.fromkeys(SOUTH_AMERICA + oceania, "ann"), rest=("bob", "cat"))
    one = position(dict.fromkeys(SOUTH_AMERICA + oceania[:3], "ann"), rest=("bob", "cat"))
    assert holds(two.state, "ann", target) and not holds(one.state, "ann", target)


def test_territories_garrisons_and_stacks_at_their_thresholds() -> None:
    count = card("territories", count=14)
    assert holds(position(territories(14), rest=("bob", "cat")).state, "ann", count)
    assert not holds(position(territories(13), rest=("bob", "cat")).state, "ann", count)
    garrisons = card("garrisons", count=10, armies=2)
    mine = territories(12)
    armies = {t: 2 for t in list(mine)[:10]}
    assert holds(position(mine, armies, rest=("bob", "cat")).state, "ann", garrisons)
    armies[next(iter(mine))] = 1
    assert not holds(position(mine, armies, rest=("bob", "cat")).state, "ann", garrisons)
    stack = card("stack", armies=10)
    assert holds(position({"peru": "ann"}, {"peru": 10}, rest="bob").state, "ann", stack)
    assert not holds(position({"peru": "ann"}, {"peru": 9}, rest="bob").state, "ann", stack)


def test_cards_and_conquests_this_turn() -> None:
    hand = card("cards", count=4)
    game = position({"peru": "ann"}, rest="bob", hands={"ann": ["brazil", "peru", "ural"]})
    assert not holds(game.state, "ann", hand)
    game = position({"peru": "ann"}, rest="bob",
                    hands={"ann": ["brazil", "peru", "ural", "china"]})  # fmt: skip
    assert holds(game.state, "ann", hand)
    conquests = card("conquests", count=3)
    assert holds(game.state, "ann", conquests, conquests=3)
    assert not holds(game.state, "ann", conquests, conquests=2)


def test_gateways_are_the_territories_bordering_another_continent() -> None:
    """Africa's gateways on the classic board: North Africa (to Brazil and Western and
    Southern Europe), Egypt (to Southern Europe and the Middle East), East Africa (to the
    Middle East)."""
    target = card("gateways", continent="africa")
    gates = ["north_africa", "egypt", "east_africa"]
    assert holds(position(dict.fromkeys(gates, "ann"), rest="bob").state, "ann", target)
    assert not holds(position(dict.fromkeys(gates[:2], "ann"), rest="bob").state, "ann", target)


def test_weakening_the_player_to_the_left_or_everyone() -> None:
    left = card("weaken_left", count=6)
    # bob sits to ann's left; cat holds the rest.
    weak = position({"peru": "ann", **dict.fromkeys(SOUTH_AMERICA[1:], "bob")}, rest="cat")
    assert holds(weak.state, "ann", left)
    bobs = [t for t in BOARD.territory_ids if t != "peru"][:7]
    strong = position({"peru": "ann", **dict.fromkeys(bobs, "bob")}, rest="cat")
    assert strong.state.count("bob") == 7 and not holds(strong.state, "ann", left)
    # Once bob is out, the player to ann's left is cat.
    weak.state.eliminated.append("bob")
    assert not holds(weak.state, "ann", left)  # cat holds the rest of the world
    everyone = card("weaken_all", count=8)
    assert not holds(weak.state, "ann", everyone)


def test_eliminations_count_the_players_this_one_put_out() -> None:
    target = card("eliminations", count=1)
    game = position({"peru": "ann"}, rest=("bob", "cat"))
    assert not holds(game.state, "ann", target)
    game.state.eliminated_by["bob"] = "cat"
    assert not holds(game.state, "ann", target)
    game.state.eliminated_by["cat"] = "ann"
    assert holds(game.state, "ann", target)
