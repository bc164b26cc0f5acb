"""The app's turn logic on its own (no screen): what it keeps and drops as views arrive."""

from __future__ import annotations

from rulebook_helpers import ARTILLERY, CAVALRY, INFANTRY
from tui_helpers import set_position

from risk_lan.rules import Game, TradeCards
from risk_lan.seeded import SeededSource
from risk_lan.tui.turn import Turn

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
