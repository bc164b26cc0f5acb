"""Rulebook 004's revised rules («LIVRET DE RÈGLES RÉVISÉES», RULES.md 2.14), pinned rule by
rule as they are built: the income table («1) CONTRÔLE DE TERRITOIRES») and the cap of 12
armies a territory (RULES.md Part 3, item 29). The modes that play them whole come later."""

from __future__ import annotations

import pytest
from rulebook_helpers import BOARD, act, begin, of_type, position, refused

from risk_lan.rules import (
    CLASSIC,
    Attack,
    ClaimObjective,
    Defend,
    EndTurn,
    Fortify,
    Game,
    Place,
    ScriptedSource,
    check_invariants,
)
from risk_lan.rules.events import ArmiesLost, RewardTaken
from risk_lan.rules.modes import owed
from risk_lan.rules.revised import territory_income

REVISED = CLASSIC.with_options(name="revised-test", army_cap=12, income_table="revised")
NAMES = list(BOARD.territory_ids)


@pytest.mark.parametrize(
    "held, armies",
    [(1, 3), (11, 3), (12, 4), (14, 4), (15, 5), (21, 7), (35, 11), (36, 12), (39, 12),
     (40, 13), (42, 13)],
)  # fmt: skip
def test_the_territory_table_3_and_a_bonus_by_steps_of_three_from_12(held, armies) -> None:
    """004 «1) CONTRÔLE DE TERRITOIRES»: "pour 21 territoires contrôlés un joueur recevra 7
    régiments (3 + 4)"; the table gives +9 to 36–39 and +10 to 40–42 (not a third: Part 3,
    item 5)."""
    assert territory_income(held) == armies


def test_the_turns_income_follows_the_table() -> None:
    # 12 territories, 4 in each of three continents, none of them whole: 3 + 1.
    spread = [t for c in ("north_america", "europe", "asia")
              for t in [t for t in NAMES if BOARD.territories[t].continent == c][:4]]  # fmt: skip
    game = position(dict.fromkeys(spread, "ann"), rules=REVISED, rest=("bob", "cat"))
    started = begin(game, "ann")
    assert started.income == 4 and game.state.pool == 4


def test_no_placement_past_12_armies_on_a_territory() -> None:
    game = position({"peru": "ann", "brazil": "ann"}, {"peru": 10}, rules=REVISED,
                    phase="reinforce", pool=5)  # fmt: skip
    assert refused(game, "ann", Place("peru", 3)) == "army_cap"
    placements = {(a.territory, a.count) for a in game.legal_actions("ann") if a.type == "place"}
    assert ("peru", 2) in placements and ("peru", 3) not in placements
    act(game, "ann", Place("peru", 2))
    assert game.state.armies["peru"] == 12


def test_reinforcements_that_fit_nowhere_are_lost() -> None:
    """Part 3, item 29: a territory never holds more than 12; what fits nowhere is lost."""
    owners = {"argentina": "ann", "peru": "ann"}
    game = position(owners, {"argentina": 12, "peru": 11}, rules=REVISED, rest=("bob", "cat"))
    s = game.state
    s.current, s.phase = "cat", "attack"  # cat ends a turn: ann's begins
    events = act(game, "cat", EndTurn())
    # 3 given, 1 fits: the 2 others are lost as the turn begins.
    assert of_type(events, ArmiesLost) == [ArmiesLost("ann", 2)] and s.pool == 1
    act(game, "ann", Place("peru", 1))
    assert s.armies["peru"] == 12


def test_no_manoeuvre_past_12() -> None:
    owners = {"peru": "ann", "brazil": "ann"}
    game = position(owners, {"peru": 9, "brazil": 10}, rules=REVISED)
    assert refused(game, "ann", Fortify("peru", "brazil", 3)) == "army_cap"
    moves = {a.count for a in game.legal_actions("ann") if a.type == "fortify"
             and (a.source, a.target) == ("peru", "brazil")}  # fmt: skip
    assert moves == {1, 2}
    act(game, "ann", Fortify("peru", "brazil", 2))
    assert game.state.armies["brazil"] == 12


SETUP = REVISED.with_options(
    min_players=2,
    max_players=5,
    starting_armies=((2, 25), (3, 25), (4, 16), (5, 11)),
    starting_step=1,
    distribution="deal",
    neutral_by_players=((2, 14, 2), (4, 2, 3), (5, 2, 3)),
    neutral_reward=((2, 3), (4, 2), (5, 2)),
    placement_order="last",
    first_turn="first_seat",
    conquer_neutral=True,
)
SEATS = ["ann", "bob", "cat", "dan", "eve"]


@pytest.mark.parametrize(
    "players, cards, neutral, stack, armies",
    [(2, 14, 14, 2, [25, 26]), (3, 14, 0, 0, [25, 26, 27]), (4, 10, 2, 3, [16, 17, 18, 19]),
     (5, 8, 2, 3, [11, 12, 13, 14, 15])],
)  # fmt: skip
def test_the_setup_table(players, cards, neutral, stack, armies) -> None:
    """004 «TABLE DE MISE EN PLACE»: cards for each player, the neutral's territories and
    armies, and starting armies rising by one from the first player (who rolled highest);
    the table's figures count the army put on each dealt territory (Part 3, item 30)."""
    seats = SEATS[:players]
    game, _ = Game.new(seats, ScriptedSource([6] + [1] * (players - 1)), SETUP)
    s = game.state
    assert [s.count(p) for p in seats] == [cards] * players
    assert s.neutrals == (["neutral"] if neutral else [])
    if neutral:
        assert s.count("neutral") == neutral
        assert {s.armies[t] for t in s.territories_of("neutral")} == {stack}
    assert [s.setup_left[p] + cards for p in seats] == armies
    # The last player places first, then the one before, counter-clockwise (004 «MISE EN
    # PLACE»); the first player, ann, still plays first.
    assert s.current == seats[-1] and s.first_player == "ann"


def test_placement_goes_counter_clockwise_and_the_first_player_plays_first() -> None:
    game, _ = Game.new(SEATS[:3], ScriptedSource([6, 1, 1]), SETUP)
    s = game.state
    order = []
    while s.phase == "setup":
        player = s.current
        order.append(player)
        act(game, player, Place(next(t for t in s.territories_of(player) if s.armies[t] < 12)))
    assert order[:6] == ["cat", "bob", "ann", "cat", "bob", "ann"]
    assert s.current == "ann" and s.phase == "reinforce"


def test_the_neutrals_reward_goes_to_whoever_takes_its_last_territory() -> None:
    """004: with 2 players, 3 cards face down under the neutral's reserve, for whoever takes
    its last territory; world conquest takes the neutral's territories too."""
    game, _ = Game.new(SEATS[:2], ScriptedSource([6, 1]), SETUP)
    s = game.state
    while s.phase == "setup":
        free = next(t for t in s.territories_of(s.current) if s.armies[t] < 12)
        act(game, s.current, Place(free))
    assert len(s.reward) == 3 and len(s.deck) == 41
    view = s.view_for("ann")
    assert view["reward"] == ["?"] * 3  # face down, for everyone
    reward = list(s.reward)
    # ann holds all but bob's Argentina and the neutral's last territory, next to hers.
    last = next(t for t in s.territories_of("neutral") if t != "argentina")
    mine = next(t for t in BOARD.neighbours[last] if t != "argentina")
    for t in NAMES:
        s.take(t, {"argentina": "bob", last: "neutral"}.get(t, "ann"))
        s.armies[t] = 1
    s.armies[mine] = 12
    s.hands = {"ann": [], "bob": []}
    s.phase, s.current = "attack", "ann"
    check_invariants(s)
    game.source = ScriptedSource([6, 6, 6, 1])
    act(game, "ann", Attack(mine, last, 3))
    events = act(game, "bob", Defend(1))  # the opponent rolls the neutral's defence
    assert s.hands["ann"] == reward and not s.reward
    assert [e.count for e in of_type(events, RewardTaken)] == [3]
    assert of_type(events, RewardTaken)[0].seen_by("bob").cards is None
    assert s.phase == "move_in" and s.winner is None  # bob still holds Argentina


def test_world_conquest_takes_the_neutrals_territories_too() -> None:
    game, _ = Game.new(SEATS[:2], ScriptedSource([6, 1]), SETUP)
    s = game.state
    for t in NAMES:
        s.take(t, {"argentina": "bob", "siam": "neutral"}.get(t, "ann"))
        s.armies[t] = 1
    s.armies["peru"] = 5
    s.phase, s.current, s.setup_left = "attack", "ann", {"ann": 0, "bob": 0, "neutral": 0}
    s.deck = s.deck + s.reward
    s.reward = []
    check_invariants(s)
    game.source = ScriptedSource([6, 6, 6, 1])
    act(game, "ann", Attack("peru", "argentina", 3))
    events = act(game, "bob", Defend(1))
    assert "bob" in s.eliminated and s.winner is None and s.phase != "over"
    assert not [e for e in events if e.type == "game_won"]


POINTS = REVISED.with_options(fortification="points")


def test_movement_points_half_the_territories_1_by_land_2_by_sea() -> None:
    """004 «DÉPLACEMENTS DE FIN DE TOUR»: "un nombre de points de déplacement égal à la
    moitié du nombre de ses territoires (arrondi inférieur)"; one army by land costs 1, by sea
    2; moves go on, step by step, while points are left."""
    owners = {"brazil": "ann", "north_africa": "ann", "peru": "ann", "argentina": "ann",
              "venezuela": "ann"}  # fmt: skip
    game = position(owners, {"brazil": 6, "peru": 3}, rules=POINTS)
    s = game.state

    # 5 territories: 2 points. By sea (Brazil–North Africa) one army costs 2.
    def counts(source: str, target: str) -> set[int]:
        moves = [a for a in game.legal_actions("ann") if a.type == "fortify"]
        return {a.count for a in moves if (a.source, a.target) == (source, target)}

    assert counts("brazil", "north_africa") == {1}
    assert counts("brazil", "argentina") == {1, 2}
    assert refused(game, "ann", Fortify("brazil", "north_africa", 2)) == "no_points"
    act(game, "ann", Fortify("brazil", "argentina", 1))
    assert s.phase == "fortify" and s.points == 1 and s.current == "ann"
    act(game, "ann", Fortify("argentina", "peru", 1))  # the army moves on: a step more
    assert s.points == 0 and s.armies["peru"] == 4
    assert refused(game, "ann", Fortify("peru", "venezuela", 1)) == "no_points"
    act(game, "ann", EndTurn())
    assert s.current == "bob"


def test_a_continents_bonus_goes_in_it_or_on_a_territory_joined_to_it() -> None:
    """004 «4) CONTRÔLE DE CONTINENTS»: "devront être placés sur les territoires de ce même
    continent ou sur des territoires qui y sont connectés" (through the player's own)."""
    rules = REVISED.with_options(continent_placement=True)
    owners = dict.fromkeys(["venezuela", "peru", "brazil", "argentina"], "ann")
    owners.update({"central_america": "ann", "siam": "ann"})  # joined to it; far from it
    game = position(owners, rules=rules, rest=("bob", "cat"))
    s = game.state
    s.current, s.phase = "cat", "attack"
    act(game, "cat", EndTurn())
    assert s.pool == 3 + 2 and s.bound_pools == {"south_america": 2}
    assert refused(game, "ann", Place("siam", 4)) == "bound_bonus"
    placements = {(a.territory, a.count) for a in game.legal_actions("ann") if a.type == "place"}
    assert ("siam", 3) in placements and ("siam", 4) not in placements
    assert ("central_america", 5) in placements  # joined to South America by ann's own
    act(game, "ann", Place("central_america", 1))  # taken from the bonus first
    assert s.bound_pools == {"south_america": 1}
    act(game, "ann", Place("siam", 3))
    assert refused(game, "ann", Place("siam", 1)) == "bound_bonus"
    act(game, "ann", Place("brazil", 1))
    assert s.pool == 0 and not s.bound_pools


def test_an_objective_is_claimed_only_as_its_holder_could_end_its_own_turn() -> None:
    """004 «MISE EN PLACE»: "Le premier joueur qui aura son objectif réalisé à la fin de son
    tour révèle sa carte Objectif et gagne" (RULES.md Part 3, item 15): the claim is made
    wherever the holder could end its turn, and ends it with the game."""
    rules = CLASSIC.with_options(name="objectives-test", victory="objective",
                                 objective_timing="turn_end")  # fmt: skip
    names = [t for t in NAMES if t not in ("alaska", "kamchatka")][:24]
    game = position(dict.fromkeys(names, "ann"), {names[0]: 5}, rules=rules, rest=("bob", "cat"))
    s = game.state
    s.objectives = {"ann": "territories_24", "bob": "territories_24", "cat": "destroy_red"}
    s.colours = {"ann": "red", "bob": "blue", "cat": "green"}
    # ann holds 24 territories, but armies are left to place: her turn cannot end yet.
    s.phase, s.pool, s.trade_window = "reinforce", 2, "none"
    assert owed(s, "ann") == []
    assert refused(game, "ann", ClaimObjective("territories_24")) == "objective_not_now"
    act(game, "ann", Place(names[0], 2))
    assert s.phase != "over"  # nothing wins by itself
    assert owed(s, "ann") == [ClaimObjective("territories_24")]
    assert ClaimObjective("territories_24") in game.legal_actions("ann")
    events = act(game, "ann", ClaimObjective("territories_24"))
    assert s.phase == "over" and s.winner == "ann"
    assert [type(e).__name__ for e in events] == ["ObjectiveAchieved", "GameWon"]


def test_an_objective_met_in_another_players_turn_waits_for_its_holders_turn() -> None:
    rules = CLASSIC.with_options(name="objectives-test", victory="objective",
                                 objective_timing="turn_end")  # fmt: skip
    names = [t for t in NAMES][:24]
    game = position(dict.fromkeys(names, "bob"), rules=rules, rest=("ann", "cat"))
    s = game.state
    s.objectives = {"ann": "territories_18_two", "bob": "territories_24", "cat": "destroy_red"}
    s.colours = {"ann": "red", "bob": "blue", "cat": "green"}
    # bob's objective holds in ann's turn: no claim out of turn.
    assert owed(s, "bob") == []
    assert ClaimObjective("territories_24") not in game.legal_actions("bob")
    assert refused(game, "bob", ClaimObjective("territories_24")) == "objective_not_now"
    act(game, "ann", EndTurn())
    assert s.phase != "over" and s.current == "bob"
    # bob's turn opens with armies to place: once placed, the claim is his.
    while s.pool:
        act(game, "bob", Place(names[0], s.pool))
    assert owed(s, "bob") == [ClaimObjective("territories_24")]
    act(game, "bob", ClaimObjective("territories_24"))
    assert s.winner == "bob"


def test_continents_joined_by_the_players_territories_share_their_room_under_the_cap() -> None:
    """South America and Africa, joined by Brazil–North Africa, share one group's room: with
    2 places left there, their bonuses (2 + 3) are cut to 2 as the turn begins, and of the
    3 free armies only the 2 that fit on Japan stay; every army left can still be placed
    (Part 3, item 29)."""
    rules = REVISED.with_options(continent_placement=True)
    mine = [t for t in NAMES if BOARD.territories[t].continent in ("south_america", "africa")]
    armies = dict.fromkeys(mine, 12)
    armies.update({"brazil": 10, "japan": 10})
    game = position(dict.fromkeys([*mine, "japan"], "ann"), armies, rules=rules,
                    rest=("bob", "cat"))  # fmt: skip
    s = game.state
    s.current, s.phase = "cat", "attack"
    events = act(game, "cat", EndTurn())
    assert of_type(events, ArmiesLost) == [ArmiesLost("ann", 4)]
    assert s.pool == 4 and sum(s.bound_pools.values()) == 2
    act(game, "ann", Place("brazil", 2))
    act(game, "ann", Place("japan", 2))
    assert s.pool == 0 and not s.bound_pools
