"""The app's turn logic on its own (no screen): what it keeps and drops as views arrive."""

from __future__ import annotations

from rulebook_helpers import ARTILLERY, CAVALRY, INFANTRY
from tui_helpers import set_position

from risk_lan.rules import Game, TradeCards, classic_board
from risk_lan.seeded import SeededSource
from risk_lan.tui.turnlogic.player_turn import Turn

NORTH_AMERICA = ["alaska", "northwest_territory", "alberta", "ontario", "quebec"]


def game_at(**position) -> Game:
    game, _ = Game.new(["p1", "p2", "p3"], SeededSource("turn-logic"), "classic")
    set_position(game.state, **position)
    return game


def test_placements_staged_before_a_trade_are_kept() -> None:
    hand = [INFANTRY[0], INFANTRY[1], INFANTRY[2], CAVALRY[0], ARTILLERY[5]]
    game = game_at(
        owners=dict.fromkeys(NORTH_AMERICA, "p1"), phase="reinforce", pool=5, hands={"p1": hand}
    )
    game.state.start_trade_due = False  # four cards' worth of choice: the trade is optional
    turn = Turn("p1")
    turn.load(game.view("p1"))
    turn.amount = 3
    turn.pick("alaska")
    [(trade, value)] = [t for t in turn.trades() if t[0].cards == tuple(sorted(hand[:3]))]
    game.apply("p1", TradeCards(trade.cards))
    turn.load(game.view("p1"))
    assert turn.staged == [("alaska", 3)]
    assert turn.step().amount_range == (1, 5 + value - 3)


def test_a_target_out_of_reach_is_dropped_with_its_source() -> None:
    game = game_at(owners={"alaska": "p1", "alberta": "p1"}, armies={"alaska": 5}, rest="p2")
    game.state.armies["alberta"] = 3
    turn = Turn("p1")
    turn.load(game.view("p1"))
    turn.pick("alaska")
    turn.pick("kamchatka")
    assert {"attack", "blitz"} <= turn.step().keys
    game.state.armies["alaska"] = 1  # as after a battle lost
    turn.load(game.view("p1"))
    step = turn.step()
    assert turn.source is None and turn.target is None
    assert "attack" not in step.keys and step.choices == {"alberta"}


def test_choices_left_from_the_attacks_are_dropped_when_only_a_manoeuvre_is_left() -> None:
    owners = {"alaska": "p1", "alberta": "p1"}
    game = game_at(owners=owners, armies={"alaska": 3, "alberta": 3}, rest="p2")
    turn = Turn("p1")
    turn.load(game.view("p1"))
    turn.pick("alaska")
    turn.pick("kamchatka")
    for t in ("alaska", "alberta"):
        game.state.armies[t] = 1  # a lost blitz, and the other attacker spent too
    turn.load(game.view("p1"))
    step = turn.step()
    assert step.name == "fortify" and step.keys == {"end"}  # nothing to confirm: end the turn
    assert turn.source is None and turn.target is None


def loaded(game: Game) -> Turn:
    turn = Turn("p1")
    turn.load(game.view("p1"))
    return turn


def test_picking_another_of_your_territories_switches_the_attack_source() -> None:
    owners = {"alaska": "p1", "alberta": "p1", "ontario": "p1"}
    game = game_at(owners=owners, armies={"alaska": 3, "alberta": 3, "ontario": 1}, rest="p2")
    turn = loaded(game)
    turn.pick("alaska")
    assert turn.source == "alaska" and "kamchatka" in turn.step().choices
    turn.pick("alberta")  # another of the player's, able to attack: the new source
    assert turn.source == "alberta" and turn.target is None and turn.hint is None
    turn.pick("alberta")  # picked again: let go
    assert turn.source is None
    turn.pick("alberta")
    turn.pick("ontario")  # the player's, but one army: it cannot attack, and the screen says so
    assert turn.source == "alberta" and turn.hint == (
        "pick_cannot_attack_from",
        {"territory": "ontario", "source": "alberta"},
    )
    turn.pick("kamchatka")  # p2's, not beside Alberta
    assert turn.target is None and turn.hint is not None and turn.hint[0] == "pick_not_adjacent"


def test_a_pick_that_does_nothing_says_why() -> None:
    owners = {"alaska": "p1", "alberta": "p1"}
    game = game_at(owners=owners, armies={"alaska": 1, "alberta": 3}, rest="p2")
    turn = loaded(game)
    for territory, why in (("alaska", "pick_too_few"), ("kamchatka", "pick_attack_from_yours")):
        assert turn.pick(territory) == [] and turn.source is None
        assert turn.hint == (why, {"territory": territory, "source": None})
    turn.pick("alberta")
    assert turn.hint is None  # a pick that did something says nothing


def test_a_turn_key_that_does_nothing_says_why() -> None:
    game = game_at(owners=dict.fromkeys(NORTH_AMERICA, "p1"), phase="reinforce", pool=3)
    turn = loaded(game)
    assert turn.why_not("trade") == ("key_no_set", {})
    assert turn.why_not("end") == ("key_place_first", {"left": 3})
    assert turn.why_not("undo") == ("key_nothing_to_undo", {})
    turn.amount = 3
    turn.pick("alaska")
    assert turn.why_not("confirm") is None and turn.why_not("undo") is None
    assert turn.why_not("attack") == ("key_confirm_first", {})
    waiting = game_at(owners=dict.fromkeys(NORTH_AMERICA, "p1"), current="p2")
    assert loaded(waiting).why_not("end") == ("key_not_your_turn", {})


def test_the_territory_just_conquered_is_the_next_source() -> None:
    game = game_at(owners={"alaska": "p1"}, armies={"alaska": 30, "kamchatka": 1}, rest="p2")
    game.state.auto_defend["p2"] = 2  # no defence to wait for
    turn = loaded(game)
    turn.pick("alaska")
    turn.pick("kamchatka")
    while game.state.owner["kamchatka"] != "p1":
        game.apply("p1", turn.attack(blitz=True)[0])
        turn.load(game.view("p1"))
    step = turn.step()
    assert step.name == "move_in" and turn.source == "kamchatka"
    game.apply("p1", turn.confirm()[0])
    turn.load(game.view("p1"))
    assert turn.source == "kamchatka" and turn.step().choices  # its neighbours, to attack


def test_moves_keep_half_on_a_front_and_all_from_behind_it() -> None:
    inland = dict.fromkeys(classic_board().continents["north_america"].territories, "p1")
    game = game_at(owners=inland, armies={"alberta": 9}, rest="p2")
    turn = loaded(game)
    assert turn.step().name == "fortify"  # no attack is possible: the manoeuvre
    turn.pick("alberta")  # all its neighbours are p1's: nothing to guard
    turn.pick("ontario")
    assert turn.step().amount == 8
    turn.pick("alberta")  # let go
    game.state.armies["alaska"] = 9  # alaska borders kamchatka (p2's)
    turn.load(game.view("p1"))
    assert turn.end() == []  # no attack wanted: on to the manoeuvre
    turn.pick("alaska")
    turn.pick("alberta")
    step = turn.step()
    assert step.amount == 5 and step.amount_range == (1, 8)
    turn.amount_to_edge(most=True)
    assert turn.step().amount == 8
    turn.amount_to_edge(most=False)
    assert turn.step().amount == 1


def test_the_revised_rules_keys_say_why_in_their_step() -> None:
    game, _ = Game.new(["p1", "p2", "p3"], SeededSource("turn-logic"), "revised-support")
    set_position(game.state, dict.fromkeys(NORTH_AMERICA, "p1"), rest="p2", phase="reinforce",
                 pool=3)  # fmt: skip
    placing = loaded(game)
    assert placing.why_not("support") == ("key_support_when", {})
    assert placing.why_not("lay") == ("key_lay_when", {})
    game.state.current = "p2"  # another's turn: that, before anything of the key's own
    waiting = loaded(game)
    for key in ("support", "lay", "capitulate"):
        assert waiting.why_not(key) == ("key_not_your_turn", {}), key


def test_a_turn_key_during_the_setup_says_what_the_setup_is_now() -> None:
    # Claims first (classic): every territory is claimed, then armies placed.
    claims, _ = Game.new(["p1", "p2", "p3"], SeededSource("turn-logic"), "classic")
    assert claims.state.phase == "claim"
    assert seated(claims).why_not("end") == ("key_setup", {})
    # Territories dealt (the revised rules): nothing is claimed, armies are placed.
    dealt, _ = Game.new(["p1", "p2", "p3"], SeededSource("turn-logic"), "revised")
    assert dealt.state.phase == "setup"
    assert seated(dealt).why_not("end") == ("key_setup_armies", {})


def seated(game: Game) -> Turn:
    """The turn of the seat the game waits for."""
    seat = game.waiting_for()
    assert seat is not None
    turn = Turn(seat)
    turn.load(game.view(seat))
    return turn
