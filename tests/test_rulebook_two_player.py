"""Two players and a neutral army (RULES.md 2.12, rulebook 003 «JEU 3»), pinned with fixed dice:
the deal in three piles, the setup (2 own armies a step, then the neutral's 1 at a time),
the opponent rolling the neutral's defence, the neutral's passivity, and the win."""

from __future__ import annotations

from rulebook_helpers import BOARD, act, of_type, refused

from risk_lan.bots import ClassicBot
from risk_lan.rules import (
    Attack,
    Defend,
    EndTurn,
    Game,
    MoveIn,
    Place,
    ScriptedSource,
    check_invariants,
)
from risk_lan.rules.events import CardDrawn, GameWon, TurnStarted
from risk_lan.rules.setup import placing_neutral
from risk_lan.rules.state import NEUTRAL


def new_game() -> Game:
    # ann rolls 6, bob 1: ann places first; the identity shuffle deals ann, bob, neutral.
    game, _ = Game.new(["ann", "bob"], ScriptedSource([6, 1]), "two-player")
    return game


def test_the_deal_makes_three_piles_of_14_and_40_armies_each() -> None:
    game = new_game()
    s = game.state
    assert s.neutrals == [NEUTRAL]
    assert {o: s.count(o) for o in ("ann", "bob", NEUTRAL)} == {"ann": 14, "bob": 14, NEUTRAL: 14}
    assert s.setup_left == {"ann": 26, "bob": 26, NEUTRAL: 26}
    assert s.phase == "setup" and s.current == "ann" and s.pool == 2


def test_players_place_two_armies_a_step_then_the_neutrals_one_at_a_time() -> None:
    game = new_game()
    s = game.state
    anns, bobs = s.territories_of("ann"), s.territories_of("bob")
    neutral = s.territories_of(NEUTRAL)
    assert refused(game, "ann", Place(anns[0], 3)) == "bad_count"
    assert refused(game, "ann", Place(neutral[0])) == "not_owner"
    act(game, "ann", Place(anns[0]))  # one of the step's two…
    assert s.current == "ann" and s.pool == 1
    act(game, "ann", Place(anns[1]))  # …and the other, on another territory
    assert s.current == "bob"
    act(game, "bob", Place(bobs[0], 2))  # or both on one
    for _ in range(12):
        act(game, "ann", Place(anns[0], 2))
        act(game, "bob", Place(bobs[0], 2))
    assert placing_neutral(game.state) and s.setup_left[NEUTRAL] == 26
    assert s.current == "ann"  # the turns go on where they were
    assert refused(game, "ann", Place(anns[0])) == "not_neutral"
    assert refused(game, "ann", Place(neutral[0], 2)) == "bad_count"
    for i in range(26):
        player = ("ann", "bob")[i % 2]
        assert s.current == player
        act(game, player, Place(neutral[i % 14]))
    assert s.phase == "reinforce" and s.current == "ann"  # the first placer plays first
    assert {o: sum(s.armies[t] for t in s.held[o]) for o in ("ann", "bob", NEUTRAL)} == {
        "ann": 40,
        "bob": 40,
        NEUTRAL: 40,
    }
    assert len(s.deck) == 44 and {"joker_1", "joker_2"} <= set(s.deck)  # jokers back in


def after_setup(owners: dict[str, str], armies: dict[str, int]) -> Game:
    """ann's attack phase; the rest of the board is the neutral army's."""
    game = new_game()
    s = game.state
    for t in BOARD.territory_ids:
        s.owner[t] = owners.get(t, NEUTRAL)
        s.armies[t] = armies.get(t, 1)
    s.recount()
    s.setup_left = dict.fromkeys(s.setup_left, 0)
    s.phase, s.current, s.pool, s.turn, s.round = "attack", "ann", 0, 1, 1
    check_invariants(s)
    game.source = ScriptedSource()
    return game


def test_the_opponent_rolls_the_neutrals_defence() -> None:
    game = after_setup({"alaska": "ann", "kamchatka": "bob"}, {"alaska": 5})
    act(game, "ann", Attack("alaska", "northwest_territory", 3))
    assert game.waiting_for() == "bob"  # bob answers for the neutral army
    assert refused(game, "ann", Defend(1)) == "not_your_turn"
    game.source.add_dice(6, 6, 6, 1)  # type: ignore[union-attr]
    events = act(game, "bob", Defend(1))
    assert game.owner("northwest_territory") == "ann"
    assert not of_type(events, GameWon)  # the neutral army need not be destroyed


def test_the_neutral_never_plays_and_conquering_it_earns_a_card() -> None:
    game = after_setup({"alaska": "ann", "kamchatka": "bob"}, {"alaska": 5, "kamchatka": 5})
    game.state.auto_defend["bob"] = 1
    game.source.add_dice(6, 6, 6, 1)  # type: ignore[union-attr]
    act(game, "ann", Attack("alaska", "northwest_territory", 3))
    assert game.phase == "move_in"
    act(game, "ann", MoveIn(3))
    neutral_before = {t: game.armies(t) for t in game.territories_of(NEUTRAL)}
    events = act(game, "ann", EndTurn())
    [drawn] = of_type(events, CardDrawn)
    assert drawn.player == "ann"
    [started] = of_type(events, TurnStarted)
    assert started.player == "bob"  # the neutral army has no turn, and no reinforcements
    assert {t: game.armies(t) for t in game.territories_of(NEUTRAL)} == neutral_before


def test_eliminating_the_opponent_wins_while_the_neutral_army_stands() -> None:
    game = after_setup({"alaska": "ann", "kamchatka": "bob"}, {"alaska": 5})
    game.state.auto_defend["bob"] = 1
    game.source.add_dice(6, 6, 6, 1)  # type: ignore[union-attr]
    events = act(game, "ann", Attack("alaska", "kamchatka", 3))
    [won] = of_type(events, GameWon)
    assert won.winner == "ann" and game.state.count(NEUTRAL) == 40


def test_bots_play_whole_two_player_games() -> None:
    for seed in range(5):
        game, _ = Game.new(["a", "b"], ScriptedSource([6, 1]), "two-player")
        from risk_lan.seeded import SeededSource

        game.source = SeededSource(f"two{seed}")
        bots = {"a": ClassicBot(), "b": ClassicBot()}
        steps = 0
        while not game.is_over:
            who = game.waiting_for()
            assert who in bots  # never the neutral army
            act(game, who, bots[who].choose(game, who))
            steps += 1
            assert steps < 20_000
        assert game.winner in bots
