"""000-A's ally in the app's turn logic: while the opponent plays the ally in the middle of
the player's turn, a key or a pick of the player's says so, not "not your turn"."""

from __future__ import annotations

from rulebook_helpers import write_position

from risk_lan.rules import EndTurn, Game, ScriptedSource
from risk_lan.tui.turnlogic.player_turn import Turn


def test_keys_in_the_opponents_part_say_the_ally_is_being_played() -> None:
    game, _ = Game.new(["ann", "bob"], ScriptedSource([6, 1]), "two-player-ally")
    s = game.state
    write_position(s, {"greenland": "ann", "alaska": "ann", "iceland": "neutral"},
                   {"iceland": 4}, rest="bob", phase="attack", current="bob")  # fmt: skip
    s.setup_left = dict.fromkeys(s.setup_left, 0)
    s.round, s.ally_stage = 5, "again"
    game.apply("bob", EndTurn())  # ann's turn
    assert s.pool == 0  # 2 territories, no minimum income under the old rules
    game.apply("ann", EndTurn())  # bob plays the ally
    assert s.acting == "bob" and s.current == "ann"
    turn = Turn("ann")
    turn.load(game.view("ann"))
    assert turn.why_not("end") == ("pick_ally_playing", {})
    assert turn.pick("alaska") == [] and turn.hint is not None
    assert turn.hint[0] == "pick_ally_playing"
    bob = Turn("bob")
    bob.load(game.view("bob"))
    assert bob.why_not("end") is None  # bob may end the ally's part
    # bob moves the ally's armies only, and against ann only (the ally's unit says why).
    assert bob.pick("quebec") == []
    assert bob.hint == ("pick_not_ally", {"territory": "quebec", "source": None})
    assert bob.pick("iceland") == [] and bob.source == "iceland"
    assert bob.pick("ontario") == []
    assert bob.hint == ("pick_ally_target", {"territory": "ontario", "source": "iceland"})
