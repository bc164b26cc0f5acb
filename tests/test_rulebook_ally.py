"""Two players and an allied third force (RULES.md 2.3; rulebook 000-A «RÈGLE POUR 2 JOUEURS»),
pinned with fixed dice: the deal of 14 each and 2 allied armies on each of the 14 left, the
ally's half share placed by the opponent (9 → 4), the three parts of a turn, the opponent's
counter-attack with the ally, the opponent rolling the ally's defence, cards only for one's
own conquests, and the game going on once the ally is destroyed."""

from __future__ import annotations

from rulebook_helpers import BOARD, act, of_type, refused, write_position

from risk_lan.rules import (
    Attack,
    Defend,
    EndTurn,
    Fortify,
    Game,
    MoveIn,
    Place,
    ScriptedSource,
    TradeCards,
    check_invariants,
)
from risk_lan.rules.events import (
    AllyDestroyed,
    AllyPart,
    CardDrawn,
    Conquered,
    GameWon,
    Placed,
    TurnStarted,
)

ALLY = "neutral"
NORTH_AMERICA = [
    t for t in BOARD.territory_ids if BOARD.territories[t].continent == "north_america"
]


def new_game() -> Game:
    # ann rolls 6, bob 1: ann places first.
    game, _ = Game.new(["ann", "bob"], ScriptedSource([6, 1]), "two-player-ally")
    return game


def mid_game(owners: dict[str, str], armies: dict[str, int] | None = None) -> Game:
    """bob ends his turn, so that ann's turn begins the way the engine begins every turn.
    Territories not named are the ally's."""
    game = new_game()
    s = game.state
    write_position(s, owners, armies, rest=ALLY, phase="attack", current="bob")
    s.setup_left = {"ann": 0, "bob": 0, ALLY: 0}
    s.round, s.ally_stage = 5, "again"  # past the protection of the first four rounds
    game.source = ScriptedSource()
    check_invariants(s)
    act(game, "bob", EndTurn())
    return game


def test_the_deal_gives_14_territories_each_and_the_ally_2_armies_on_each_of_its_14() -> None:
    s = new_game().state
    assert s.neutrals == [ALLY]
    assert {o: s.count(o) for o in ("ann", "bob", ALLY)} == {"ann": 14, "bob": 14, ALLY: 14}
    assert all(s.armies[t] == 2 for t in s.held[ALLY])  # 14 × 2 = 28
    assert s.setup_left == {"ann": 26, "bob": 26, ALLY: 0}
    assert len(s.deck) == 44  # the jokers are back in the pile once the deal is done
    assert s.phase == "setup" and s.current == "ann" and s.pool == 0


def test_the_players_place_their_26_other_armies_one_at_a_time_in_turn() -> None:
    game = new_game()
    s = game.state
    mine = {p: s.territories_of(p)[0] for p in ("ann", "bob")}
    assert refused(game, "ann", Place(s.territories_of(ALLY)[0])) == "not_owner"
    placed = 0
    while s.phase == "setup":
        if s.setup_left["bob"] == 1 and s.current == "bob":
            game.source.add_dice(2, 5)  # type: ignore[union-attr]  # the roll for the 1st turn
        player = s.current
        act(game, player, Place(mine[player]))
        placed += 1
    assert placed == 52
    assert s.armies[mine["ann"]] == s.armies[mine["bob"]] == 27
    assert s.current == "bob" and s.ally_stage == "own" and s.acting is None


def nine_armies_for_ann() -> Game:
    # North America (9 territories, bonus 5) and 3 more: 12 // 3 = 4, + 5 = 9.
    owners = dict.fromkeys(NORTH_AMERICA, "ann")
    owners.update({"venezuela": "ann", "brazil": "ann", "peru": "ann"})
    owners.update({"argentina": "bob", "north_africa": "bob", "egypt": "bob"})
    return mid_game(owners, {"alaska": 5, "north_africa": 4, "iceland": 4, "kamchatka": 2})


def test_the_ally_gets_half_of_what_the_player_gains_and_the_opponent_places_it() -> None:
    game = nine_armies_for_ann()
    s = game.state
    assert s.current == "ann" and s.pool == 9 and s.ally_stage == "own"
    act(game, "ann", Place("alaska", 9))
    events = act(game, "ann", EndTurn())  # the first part ends: bob takes the ally
    assert of_type(events, AllyPart) == [AllyPart("bob", "ally", ALLY, 4)]  # 9 // 2
    assert s.current == "ann" and s.acting == "bob" and game.waiting_for() == "bob"
    assert s.phase == "reinforce" and s.pool == 4 and s.ally_stage == "ally"
    assert refused(game, "ann", Place("alaska", 1)) == "not_your_turn"
    assert refused(game, "bob", Place("egypt", 1)) == "not_ally"  # his own: not the ally's
    assert refused(game, "bob", EndTurn()) == "armies_to_place"
    events = act(game, "bob", Place("iceland", 4))
    assert of_type(events, Placed) == [Placed("bob", "iceland", 4, "ally")]
    assert s.armies["iceland"] == 8 and s.owner["iceland"] == ALLY


def test_card_sets_count_towards_the_allys_share() -> None:
    game = nine_armies_for_ann()
    s = game.state
    s.hands["ann"] = ["alaska", "alberta", "central_america"]  # a set worth something
    s.deck = [c for c in s.deck if c not in s.hands["ann"]]
    s.trade_window = "turn_start"
    cards = tuple(sorted(s.hands["ann"]))
    value = game.set_value(cards)
    act(game, "ann", TradeCards(cards))
    gained = 9 + value + 2 * 3  # 000-A: +2 on each traded card's territory the player holds
    assert s.gained == gained
    act(game, "ann", Place("alaska", s.pool))
    [part] = of_type(act(game, "ann", EndTurn()), AllyPart)
    assert part.armies == gained // 2


def test_the_opponent_counter_attacks_the_player_with_the_ally_and_takes_no_card() -> None:
    game = nine_armies_for_ann()
    s = game.state
    act(game, "ann", Place("alaska", 9))
    act(game, "ann", EndTurn())
    act(game, "bob", Place("iceland", 4))  # iceland: 8 allied armies beside greenland (ann's)
    # The ally attacks only ann: not bob's own territories, and not from them.
    assert refused(game, "bob", Attack("north_africa", "brazil", 3)) == "not_ally"
    game.source.add_dice(6, 6, 6)  # type: ignore[union-attr]
    act(game, "bob", Attack("iceland", "greenland", 3))
    assert game.waiting_for() == "ann"  # ann defends her own territory
    game.source.add_dice(1)  # type: ignore[union-attr]
    events = act(game, "ann", Defend(1))
    assert of_type(events, Conquered) == [Conquered(ALLY, "greenland", "ann", 3)]
    assert game.waiting_for() == "bob" and s.phase == "move_in"
    act(game, "bob", MoveIn(3))
    assert s.owner["greenland"] == ALLY and not s.conquered  # nobody earns a card
    events = act(game, "bob", EndTurn())  # the third part: ann plays on
    assert of_type(events, AllyPart) == [AllyPart("ann", "again", ALLY, 0)]
    assert s.acting is None and game.waiting_for() == "ann" and s.phase == "attack"
    hands = {p: len(h) for p, h in s.hands.items()}
    events = act(game, "ann", EndTurn())
    assert not of_type(events, CardDrawn) and {p: len(h) for p, h in s.hands.items()} == hands


def test_the_ally_attacks_only_the_player_whose_turn_it_is() -> None:
    owners = {"iceland": ALLY, "great_britain": "bob", "greenland": "ann", "alaska": "ann"}
    owners.update(dict.fromkeys(["argentina", "brazil", "peru", "venezuela"], "ann"))
    game = mid_game(owners, {"iceland": 6})
    act(game, "ann", Place("alaska", game.state.pool))
    act(game, "ann", EndTurn())
    s = game.state
    assert s.ally_stage == "ally" and s.phase == "reinforce"
    act(game, "bob", Place("iceland", s.pool))
    assert refused(game, "bob", Attack("iceland", "great_britain", 3)) == "ally_target"
    attacks = {(a.source, a.target) for a in game.legal_actions("bob") if a.type == "attack"}
    assert attacks and all(s.owner[t] == "ann" for _, t in attacks)


def test_the_opponent_rolls_the_allys_defence_and_conquering_it_earns_a_card() -> None:
    game = nine_armies_for_ann()
    s = game.state
    act(game, "ann", Place("alaska", 9))
    game.source.add_dice(6, 6, 6)  # type: ignore[union-attr]
    act(game, "ann", Attack("alaska", "kamchatka", 3))
    assert s.attack is not None and s.attack.defender == "bob" and game.waiting_for() == "bob"
    game.source.add_dice(1, 1)  # type: ignore[union-attr]
    act(game, "bob", Defend(2))
    act(game, "ann", MoveIn(3))
    assert s.owner["kamchatka"] == "ann" and s.conquered
    act(game, "ann", EndTurn())  # to bob's part
    act(game, "bob", Place(s.territories_of(ALLY)[0], s.pool))
    act(game, "bob", EndTurn())
    events = act(game, "ann", EndTurn())
    assert [e.player for e in of_type(events, CardDrawn)] == ["ann"]


def test_armies_move_in_the_third_part_only_and_that_move_ends_the_turn() -> None:
    game = nine_armies_for_ann()
    s = game.state
    act(game, "ann", Place("alaska", 9))
    assert refused(game, "ann", Fortify("alaska", "alberta", 2)) == "ally_first"
    assert not [a for a in game.legal_actions("ann") if a.type == "fortify"]
    act(game, "ann", EndTurn())
    act(game, "bob", Place("iceland", 4))
    assert refused(game, "bob", Fortify("iceland", "great_britain", 2)) == "ally_first"
    act(game, "bob", EndTurn())
    events = act(game, "ann", Fortify("alaska", "alberta", 2))
    [started] = of_type(events, TurnStarted)
    assert started.player == "bob" and s.ally_stage == "own" and s.acting is None


def test_with_nothing_to_place_and_no_attack_the_allys_part_is_passed_over() -> None:
    # ann holds 2 territories (income 0 under the old rules) far from the ally's 1-army ones.
    owners = {"argentina": "ann", "peru": "ann", "brazil": "bob", "venezuela": "bob"}
    owners.update(dict.fromkeys(["north_africa", "egypt", "east_africa"], "bob"))
    game = mid_game(owners)
    s = game.state
    assert s.pool == 0
    events = act(game, "ann", EndTurn())
    assert of_type(events, AllyPart) == [
        AllyPart("bob", "passed", ALLY, 0),
        AllyPart("ann", "again", ALLY, 0),
    ]
    assert game.waiting_for() == "ann" and s.ally_stage == "again"


def test_once_the_ally_is_destroyed_turns_are_plain() -> None:
    owners = {t: "bob" for t in BOARD.territory_ids}
    owners.update({"brazil": "ann", "venezuela": "ann", "peru": ALLY})
    game = mid_game(owners, {"brazil": 10})
    s = game.state
    assert s.pool == 0  # 2 territories, and no minimum income under the old rules
    game.source.add_dice(6, 6, 6, 1)  # type: ignore[union-attr]
    act(game, "ann", Attack("brazil", "peru", 3))
    events = act(game, "bob", Defend(1))
    assert of_type(events, AllyDestroyed) == [AllyDestroyed(ALLY, "ann")]
    act(game, "ann", MoveIn(3))
    assert s.ally_stage == ""
    # No part for the ally now: the manoeuvre is allowed, and it ends the turn.
    events = act(game, "ann", Fortify("brazil", "venezuela", 2))
    [started] = of_type(events, TurnStarted)
    assert started.player == "bob" and s.ally_stage == "" and s.gained == s.pool


def test_no_ally_attack_on_the_players_last_territory_in_the_first_four_rounds() -> None:
    owners = {"greenland": "ann", "iceland": ALLY}
    owners.update({t: "bob" for t in BOARD.territory_ids if t not in ("greenland", "iceland")})
    game = mid_game(owners, {"iceland": 6})
    s = game.state
    s.round = 4
    act(game, "ann", EndTurn())  # 1 territory: nothing gained, and the ally may not attack
    assert s.ally_stage == "again"


def test_the_ally_taking_the_players_last_territory_wins_the_game_for_the_opponent() -> None:
    owners = {"greenland": "ann", "iceland": ALLY}
    owners.update({t: "bob" for t in BOARD.territory_ids if t not in ("greenland", "iceland")})
    game = mid_game(owners, {"iceland": 6, "greenland": 1})
    s = game.state
    s.gained = 2  # as if ann had gained 2: the ally gets 1
    act(game, "ann", EndTurn())
    act(game, "bob", Place("iceland", 1))
    game.source.add_dice(6, 6, 6, 1)  # type: ignore[union-attr]
    events = act(game, "bob", Attack("iceland", "greenland", 3))
    events += act(game, "ann", Defend(1))
    assert of_type(events, GameWon) == [GameWon("bob", "world")]
    assert s.owner["greenland"] == ALLY and s.phase == "over"
