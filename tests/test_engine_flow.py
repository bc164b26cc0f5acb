"""Engine behaviour beyond the rulebooks' examples: blitz, defence, unfought armies, neutral
and mixed armies, setup by deal, turn order."""

from __future__ import annotations

from rulebook_helpers import act, of_type, position, refused

from risk_lan.rules import (
    CLASSIC,
    Attack,
    Defend,
    EndTurn,
    Fortify,
    Game,
    InvariantError,
    MoveIn,
    Place,
    ScriptedSource,
    SetAutoDefend,
    check_invariants,
)
from risk_lan.rules.events import (
    AttackStopped,
    BattleRolled,
    Conquered,
    DefenceChosen,
    OrderRolled,
    PlayerEliminated,
    TerritoriesDealt,
)


def test_a_blitz_stops_at_the_attackers_floor() -> None:
    game = position({"brazil": "ann"}, {"brazil": 8, "north_africa": 6})
    act(game, "cat", SetAutoDefend(2))
    # Every battle 1-1-1 against 6-6: the attacker loses two a roll.
    game.source.add_dice(*[1, 1, 1, 6, 6] * 5)
    events = act(game, "ann", Attack("brazil", "north_africa", 3, stop_at=3))
    battles = of_type(events, BattleRolled)
    assert [b.source_armies for b in battles] == [6, 4, 2]
    assert [len(b.attacker_dice) for b in battles] == [3, 3, 3]
    assert of_type(events, AttackStopped)
    assert game.armies("brazil") == 2 and game.phase == "attack"


def test_a_blitz_rolls_fewer_dice_as_armies_run_short() -> None:
    game = position({"brazil": "ann"}, {"brazil": 4, "north_africa": 2})
    act(game, "cat", SetAutoDefend(2))
    game.source.add_dice(1, 1, 1, 6, 6)  # 3 dice lose twice: 2 armies left, 1 may roll
    game.source.add_dice(6, 6, 6)  # 1 die against 2: the tie goes to the defender
    events = act(game, "ann", Attack("brazil", "north_africa", 3, stop_at=1))
    battles = of_type(events, BattleRolled)
    assert [len(b.attacker_dice) for b in battles] == [3, 1]
    assert [len(b.defender_dice) for b in battles] == [2, 2]
    assert game.armies("brazil") == 1 and game.armies("north_africa") == 2
    assert game.phase == "attack"


def test_the_defender_is_asked_and_only_the_defender_answers() -> None:
    game = position({"brazil": "ann", "north_africa": "bob"}, {"brazil": 5, "north_africa": 3})
    events = act(game, "ann", Attack("brazil", "north_africa", 3))
    assert game.phase == "defend" and game.waiting_for() == "bob"
    assert not of_type(events, BattleRolled)
    assert refused(game, "ann", Defend(2)) == "not_your_turn"
    assert refused(game, "bob", Defend(3)) == "bad_dice"
    assert refused(game, "ann", EndTurn()) == "not_your_turn"
    game.source.add_dice(6, 5, 4, 3)
    events = act(game, "bob", Defend(1))
    assert of_type(events, DefenceChosen)[0].standing is False
    assert of_type(events, BattleRolled)[0].defender_dice == (3,)
    assert game.armies("north_africa") == 2 and game.phase == "attack"


def test_a_standing_defence_answers_at_once_capped_by_the_armies() -> None:
    game = position({"brazil": "ann", "north_africa": "bob"}, {"brazil": 5, "north_africa": 1})
    act(game, "bob", SetAutoDefend(2))
    game.source.add_dice(1, 1, 1, 6)
    events = act(game, "ann", Attack("brazil", "north_africa", 3))
    [chosen] = of_type(events, DefenceChosen)
    assert chosen.standing and chosen.dice == 1
    assert refused(game, "bob", SetAutoDefend(3)) == "bad_dice"


def test_unfought_armies_move_one_step_each_and_fighters_stay() -> None:
    owners = {t: "ann" for t in ("brazil", "venezuela", "peru", "argentina", "central_america")}
    game = position(owners, {"brazil": 6, "venezuela": 4, "peru": 3, "argentina": 2})
    game.state.rules = game.rules.with_options(fortification="unfought_steps")
    act(game, "cat", SetAutoDefend(1))
    game.source.add_dice(6, 6, 1)  # brazil rolls 2 dice, north africa's single army falls
    act(game, "ann", Attack("brazil", "north_africa", 2))
    assert game.phase == "move_in"
    act(game, "ann", MoveIn(2))
    # The two that rolled moved in and fought; brazil's other 4 did not fight.
    assert refused(game, "ann", Fortify("north_africa", "brazil", 1)) == "bad_count"
    assert refused(game, "ann", Fortify("brazil", "argentina", 4)) == "bad_count"
    assert refused(game, "ann", Fortify("brazil", "central_america", 1)) == "not_adjacent"
    act(game, "ann", Fortify("brazil", "venezuela", 3))
    # More moves are allowed, but the 3 that just arrived cannot move again.
    assert game.phase == "fortify"
    assert refused(game, "ann", Fortify("venezuela", "central_america", 5)) == "bad_count"
    act(game, "ann", Fortify("venezuela", "central_america", 4))
    assert game.armies("venezuela") == 3 and game.armies("central_america") == 5
    assert refused(game, "ann", Attack("central_america", "western_united_states", 1)) == (
        "wrong_phase"
    )
    act(game, "ann", EndTurn())
    assert game.current_player == "bob"


def test_a_single_fortification_ends_the_turn() -> None:
    game = position({"brazil": "ann", "venezuela": "ann"}, {"brazil": 5})
    act(game, "ann", Fortify("brazil", "venezuela", 4))
    assert game.current_player == "bob" and game.phase == "reinforce"


def test_a_neutral_army_owns_territories_and_the_next_player_defends_it() -> None:
    game = position({"brazil": "ann"}, {"brazil": 4, "north_africa": 2})
    s = game.state
    s.neutrals.append("neutral")
    s.take("north_africa", "neutral")
    check_invariants(s)
    act(game, "ann", Attack("brazil", "north_africa", 3))
    assert game.waiting_for() == "bob"  # the player after the attacker rolls for the neutral
    game.source.add_dice(6, 6, 6, 1, 1)
    events = act(game, "bob", Defend(2))
    [conquered] = of_type(events, Conquered)
    assert conquered.previous_owner == "neutral"
    # The neutral's last territory fell, but a neutral is not a player to eliminate.
    assert not of_type(events, PlayerEliminated)
    check_invariants(s)


def test_mixed_armies_round_trip_and_must_add_up() -> None:
    game = position({"greenland": "ann"}, {"greenland": 8}, rules="team")  # ann and cat team up
    game.state.mixed["greenland"] = {"ann": 4, "cat": 4}
    data = game.to_dict()
    assert Game.from_dict(data).to_dict()["mixed"] == {"greenland": {"ann": 4, "cat": 4}}
    data["mixed"]["greenland"]["cat"] = 5
    try:
        Game.from_dict(data)
    except InvariantError as e:
        assert "greenland" in str(e)
    else:
        raise AssertionError("a mixed territory whose armies do not add up was accepted")


def test_ties_for_first_roll_again_among_the_tied() -> None:
    _, events = Game.new(["ann", "bob", "cat", "dan"], ScriptedSource([2, 5, 5, 1, 6, 3]))
    [order] = of_type(events, OrderRolled)
    assert order.rolls == ({"ann": 2, "bob": 5, "cat": 5, "dan": 1}, {"bob": 6, "cat": 3})
    assert order.winner == "bob"


def test_dealing_gives_every_territory_and_starts_one_at_a_time_placement() -> None:
    rules = CLASSIC.with_options(distribution="deal")
    game, events = Game.new(["ann", "bob", "cat", "dan"], ScriptedSource([1, 6, 2, 3]), rules)
    [dealt] = of_type(events, TerritoriesDealt)
    counts = {p: list(dealt.owners.values()).count(p) for p in ("ann", "bob", "cat", "dan")}
    # 42 cards dealt one at a time from bob, who rolled highest: bob and cat get one more.
    assert counts == {"bob": 11, "cat": 11, "dan": 10, "ann": 10}
    assert game.phase == "setup" and game.waiting_for() == "bob"
    assert game.state.setup_left == {"ann": 20, "bob": 19, "cat": 19, "dan": 20}
    assert refused(game, "bob", Place(game.territories_of("ann")[0])) == "not_owner"
    assert refused(game, "bob", Place(game.territories_of("bob")[0], 2)) == "bad_count"
    check_invariants(game.state)
