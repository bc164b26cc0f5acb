"""Two players and two passive independent armies (RULES.md 2.9; rulebook 002 «RISK le jeu à 2»,
«VARIANTE – INDÉPENDANTS PASSIFS»), pinned with fixed dice: the deal of 12, 12, 9 and 9
territories, the steps of 3 own armies then 1 for each independent on one of its own, the
independents' pools running out first, the roll for the first turn, and the opponent
rolling an independent's defence."""

from __future__ import annotations

from rulebook_helpers import BOARD, act, of_type, refused

from risk_lan.bots import ClassicBot
from risk_lan.rules import Attack, Defend, Game, Place, ScriptedSource, check_invariants
from risk_lan.rules.events import OrderRolled, TurnStarted
from risk_lan.seeded import SeededSource

ONE, TWO = "neutral", "neutral_2"


def new_game() -> Game:
    # ann rolls 6, bob 1: ann places first; the identity shuffle deals ann, bob, the first
    # independent, the second, in turn, until the independents hold 9 each.
    game, _ = Game.new(["ann", "bob"], ScriptedSource([6, 1]), "two-player-independents")
    return game


def test_the_deal_gives_12_territories_to_each_player_and_9_to_each_independent() -> None:
    s = new_game().state
    assert s.neutrals == [ONE, TWO]
    assert {o: s.count(o) for o in ("ann", "bob", ONE, TWO)} == {
        "ann": 12, "bob": 12, ONE: 9, TWO: 9,
    }  # fmt: skip
    assert s.setup_left == {"ann": 24, "bob": 24, ONE: 15, TWO: 15}
    assert s.phase == "setup" and s.current == "ann" and s.pool == 3


def test_a_step_is_3_own_armies_then_1_for_each_independent() -> None:
    game = new_game()
    s = game.state
    anns, ones, twos = (s.territories_of(p) for p in ("ann", ONE, TWO))
    act(game, "ann", Place(anns[0], 2))
    assert refused(game, "ann", Place(ones[0])) == "not_owner"  # one of her own still due
    act(game, "ann", Place(anns[1]))
    # Now the first independent's army, on one of its territories, then the second's.
    assert s.current == "ann" and s.neutral_due == [ONE, TWO]
    assert refused(game, "ann", Place(twos[0])) == "not_neutral"
    assert refused(game, "ann", Place(anns[0])) == "not_neutral"
    assert {a.territory for a in game.legal_actions("ann") if isinstance(a, Place)} == set(ones)
    act(game, "ann", Place(ones[0]))
    act(game, "ann", Place(twos[0]))
    assert s.current == "bob" and s.pool == 3 and not s.neutral_due
    assert s.setup_left == {"ann": 21, "bob": 24, ONE: 14, TWO: 14}


def test_the_independents_pools_run_out_and_the_first_turn_is_rolled_for() -> None:
    game = new_game()
    s = game.state
    mine = {p: s.territories_of(p)[0] for p in ("ann", "bob", ONE, TWO)}
    steps = 0
    while s.phase == "setup":
        player = s.current
        if s.neutral_due:
            act(game, player, Place(mine[s.neutral_due[0]]))
            continue
        if s.setup_left["ann"] == 0 and s.setup_left["bob"] == 3 and player == "bob":
            game.source.add_dice(2, 5)  # type: ignore[union-attr]  # the roll for the 1st turn
        events = act(game, player, Place(mine[player], 3))
        steps += 1
    assert steps == 16  # 8 steps each: 24 armies, 3 at a time
    # 16 steps but 15 armies left to each independent: the last step places none of theirs.
    assert {o: sum(s.armies[t] for t in s.held[o]) for o in ("ann", "bob", ONE, TWO)} == {
        "ann": 36, "bob": 36, ONE: 24, TWO: 24,
    }  # fmt: skip
    [rolled] = [e for e in of_type(events, OrderRolled) if e.purpose == "first_turn"]
    assert rolled.winner == "bob"
    [started] = of_type(events, TurnStarted)
    assert started.player == "bob"
    assert len(s.deck) == 44  # everything reshuffled, the jokers too


def test_the_opponent_rolls_an_independents_defence_and_independents_never_play() -> None:
    game = new_game()
    s = game.state
    for t in BOARD.territory_ids:
        s.owner[t] = TWO
        s.armies[t] = 1
    s.owner["alaska"], s.armies["alaska"] = "ann", 5
    s.owner["argentina"] = "bob"
    s.owner["brazil"] = ONE
    s.recount()
    s.setup_left = dict.fromkeys(s.setup_left, 0)
    s.phase, s.current, s.pool, s.turn, s.round = "attack", "ann", 0, 1, 1
    check_invariants(s)
    game.source = ScriptedSource()
    act(game, "ann", Attack("alaska", "kamchatka", 3))
    assert game.waiting_for() == "bob"
    game.source.add_dice(6, 6, 6, 1)  # type: ignore[union-attr]
    act(game, "bob", Defend(1))
    assert game.owner("kamchatka") == "ann"


def test_bots_play_whole_games_with_independents() -> None:
    for seed in range(5):
        game, _ = Game.new(["a", "b"], SeededSource(f"ind{seed}"), "two-player-independents")
        bots = {"a": ClassicBot(), "b": ClassicBot()}
        steps = 0
        while not game.is_over:
            who = game.waiting_for()
            assert who in bots  # never an independent
            act(game, who, bots[who].choose(game, who))
            steps += 1
            assert steps < 20_000
        assert game.winner in bots
