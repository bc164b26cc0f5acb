"""Two players and two active independents (RULES.md 2.9 "Active variant"; rulebook 002 «RISK le
jeu à 2», «VARIANTE – INDÉPENDANTS ACTIFS», and rulebook 001's two-player fragment), pinned
with fixed dice: influence by cards and its limits, allied reinforcements by one die,
attacks with allied armies, the status drift rolled once an offensive ends, rulebook 001's
worked example, allied manoeuvres, and the cards of an eliminated independent."""

from __future__ import annotations

from rulebook_helpers import act, of_type, refused, write_position

from risk_lan.rules import (
    Attack,
    Defend,
    EndOffensive,
    EndTurn,
    Fortify,
    Game,
    GiveCard,
    MoveIn,
    Place,
    ReinforceAlly,
    ScriptedSource,
    TradeCards,
    check_invariants,
)
from risk_lan.rules.events import (
    AllyReinforced,
    CardDrawn,
    CardGiven,
    Conquered,
    IndependentDestroyed,
    StatusDrifted,
    TurnStarted,
)

GREY, BLUE = "neutral", "neutral_2"  # rulebook 001's example: green is ann, red is bob


def turn_of_ann(
    owners: dict[str, str],
    armies: dict[str, int] | None = None,
    *,
    status: dict[str, str] | None = None,
    hand: list[str] | None = None,
) -> Game:
    """bob ends his turn, so that ann's turn begins as the engine begins every turn. The
    territories not named are bob's."""
    game, _ = Game.new(["ann", "bob"], ScriptedSource([6, 1]), "two-player-active")
    s = game.state
    write_position(s, owners, armies, rest="bob", hands={"ann": hand or []}, phase="attack",
                   current="bob")  # fmt: skip
    s.setup_left = dict.fromkeys(s.setup_left, 0)
    s.status = {GREY: "", BLUE: "", **(status or {})}
    s.given = {GREY: [], BLUE: []}
    game.source = ScriptedSource()
    check_invariants(s)
    act(game, "bob", EndTurn())
    return game


def test_the_independents_start_neutral_with_the_passive_variants_setup() -> None:
    game, _ = Game.new(["ann", "bob"], ScriptedSource([6, 1]), "two-player-active")
    s = game.state
    assert s.status == {GREY: "", BLUE: ""} and s.given == {GREY: [], BLUE: []}
    assert {o: s.count(o) for o in ("ann", "bob", GREY, BLUE)} == {
        "ann": 12, "bob": 12, GREY: 9, BLUE: 9,
    }  # fmt: skip


def test_a_card_given_moves_the_status_one_step_towards_the_giver() -> None:
    owners = {"quebec": GREY, "indonesia": BLUE, "alaska": "ann", "peru": "ann"}
    hand = ["alaska", "peru", "brazil", "egypt", "joker_1"]
    game = turn_of_ann(owners, status={BLUE: "bob"}, hand=hand)
    s = game.state
    [given] = of_type(act(game, "ann", GiveCard(GREY, "alaska")), CardGiven)
    assert given == CardGiven("ann", GREY, "alaska", "ann")  # neutral → ann's ally
    assert s.given[GREY] == ["alaska"] and "alaska" not in s.hands["ann"]
    assert refused(game, "ann", GiveCard(GREY, "peru")) == "own_ally"  # Part 3, 20c
    # Two cards to one independent in a turn: bob's ally → neutral → ann's ally.
    act(game, "ann", GiveCard(BLUE, "peru"))
    assert s.status[BLUE] == ""
    act(game, "ann", GiveCard(BLUE, "brazil"))
    assert s.status[BLUE] == "ann"
    assert refused(game, "ann", GiveCard(BLUE, "egypt")) == "own_ally"
    assert refused(game, "ann", GiveCard(GREY, "joker_1")) == "own_ally"


def test_at_most_two_cards_to_one_independent_a_turn_and_none_to_one_holding_five() -> None:
    owners = {"quebec": GREY, "indonesia": BLUE, "alaska": "ann"}
    hand = ["alaska", "peru", "brazil", "joker_1"]
    game = turn_of_ann(owners, status={GREY: "bob"}, hand=hand)
    s = game.state
    act(game, "ann", GiveCard(GREY, "alaska"))
    s.status[GREY] = "bob"  # as if it had not moved: the third card is refused all the same
    act(game, "ann", GiveCard(GREY, "peru"))
    s.status[GREY] = "bob"
    assert refused(game, "ann", GiveCard(GREY, "brazil")) == "influence_limit"
    assert refused(game, "ann", GiveCard(BLUE, "joker_1")) == "joker"
    five = ["egypt", "congo", "siam", "china", "india"]
    s.given[BLUE], s.deck = five, [c for c in s.deck if c not in five]
    assert refused(game, "ann", GiveCard(BLUE, "brazil")) == "influence_full"
    s.given[BLUE], s.deck = [], s.deck + five
    # Cards are given at the start of the turn: once an army is placed, no more.
    act(game, "ann", Place("alaska", 1))
    assert refused(game, "ann", GiveCard(BLUE, "brazil")) == "not_now"


def test_an_ally_gets_one_die_of_armies_after_the_players_own_and_nothing_else() -> None:
    owners = {"quebec": GREY, "indonesia": BLUE, "siam": BLUE, "alaska": "ann", "peru": "ann"}
    game = turn_of_ann(owners, status={BLUE: "ann"})
    s = game.state
    # Own reinforcements count only ann's own 2 territories: the minimum of 3.
    assert s.pool == 3
    assert refused(game, "ann", ReinforceAlly(BLUE)) == "armies_to_place"
    act(game, "ann", Place("alaska", 3))
    assert refused(game, "ann", ReinforceAlly(GREY)) == "not_ally"  # neutral, not an ally
    game.source.add_dice(4)  # type: ignore[union-attr]
    events = act(game, "ann", ReinforceAlly(BLUE))
    assert of_type(events, AllyReinforced) == [AllyReinforced("ann", BLUE, 4)]
    assert s.pool == 4 and s.placing_for == BLUE
    assert refused(game, "ann", Place("alaska", 1)) == "not_ally"
    act(game, "ann", Place("siam", 3))
    act(game, "ann", Place("indonesia", 1))
    assert s.armies["siam"] == 4 and s.owner["siam"] == BLUE and s.placing_for is None
    assert refused(game, "ann", ReinforceAlly(BLUE)) == "reinforced"


def test_no_trade_into_an_allys_die_and_no_allied_reinforcement_once_attacks_begin() -> None:
    owners = {"quebec": GREY, "indonesia": BLUE, "siam": BLUE, "alaska": "ann", "peru": "ann"}
    hand = ["alaska", "alberta", "central_america"]  # a set
    game = turn_of_ann(owners, {"alaska": 5}, status={BLUE: "ann", GREY: "ann"}, hand=hand)
    s = game.state
    act(game, "ann", Place("alaska", s.pool))
    game.source.add_dice(4)  # type: ignore[union-attr]
    act(game, "ann", ReinforceAlly(BLUE))
    # The die is the ally's: a set traded now would add the player's armies to it.
    assert refused(game, "ann", TradeCards(tuple(sorted(hand)))) == "no_trade_now"
    act(game, "ann", Place("siam", 4))
    game.source.add_dice(6, 6, 6, 1)  # type: ignore[union-attr]
    act(game, "ann", Attack("alaska", "kamchatka", 3))
    act(game, "bob", Defend(1))
    act(game, "ann", MoveIn(3))
    # Step 3 comes before step 4: once attacks begin, no ally is reinforced.
    assert refused(game, "ann", ReinforceAlly(GREY)) == "not_now"
    assert not [a for a in game.legal_actions("ann") if a.type == "reinforce_ally"]


def test_rulebook_001s_example_the_drift_after_an_offensive_against_and_with_independents() -> None:
    """Green (ann) fails against Quebec, held by the neutral grey army, and rolls 3: grey
    becomes red's (bob's) ally. Green attacks Western Australia, red's, with its blue ally,
    wins, rolls 5: blue stays its ally; the conquest is blue's, and earns green no card."""
    owners = {"quebec": GREY, "ontario": "ann", "indonesia": BLUE, "alaska": "ann"}
    game = turn_of_ann(owners, {"ontario": 3, "quebec": 4, "indonesia": 5},
                       status={BLUE: "ann"})  # fmt: skip
    s = game.state
    act(game, "ann", Place("alaska", s.pool))
    game.source.add_dice(1, 1, 6, 6)  # type: ignore[union-attr]  # ann loses 2: 1 army left
    act(game, "ann", Attack("ontario", "quebec", 2))
    game.source.add_dice(3)  # type: ignore[union-attr]  # the drift roll
    events = act(game, "bob", Defend(2))  # bob rolls the neutral's defence
    assert of_type(events, StatusDrifted) == [StatusDrifted("ann", GREY, 3, "bob", "")]
    assert s.status[GREY] == "bob" and not s.offensive
    game.source.add_dice(6, 6, 6, 1)  # type: ignore[union-attr]
    act(game, "ann", Attack("indonesia", "western_australia", 3))
    game.source.add_dice(5)  # type: ignore[union-attr]
    events = act(game, "bob", Defend(1))
    assert of_type(events, Conquered) == [Conquered(BLUE, "western_australia", "bob", 3)]
    assert s.phase == "move_in" and game.waiting_for() == "ann"
    events = act(game, "ann", MoveIn(4))
    assert of_type(events, StatusDrifted) == [StatusDrifted("ann", BLUE, 5, "ann", "ann")]
    assert s.owner["western_australia"] == BLUE and s.status[BLUE] == "ann"
    events = act(game, "ann", EndTurn())
    assert not of_type(events, CardDrawn)  # blue's conquest earns green no card


def test_the_drift_is_rolled_once_an_offensive_is_stopped_not_after_each_battle() -> None:
    owners = {"quebec": GREY, "ontario": "ann", "alaska": "ann"}
    game = turn_of_ann(owners, {"ontario": 10, "quebec": 10})
    s = game.state
    act(game, "ann", Place("alaska", s.pool))
    for _ in range(2):
        game.source.add_dice(6, 6, 6, 1, 1)  # type: ignore[union-attr]
        events = act(game, "ann", Attack("ontario", "quebec", 3))
        events += act(game, "bob", Defend(2))
        assert not of_type(events, StatusDrifted)
    # The offensive is under way: other moves wait until it is stopped.
    assert refused(game, "ann", Attack("alaska", "kamchatka", 1)) == "offensive_open"
    assert refused(game, "ann", EndTurn()) == "offensive_open"
    game.source.add_dice(6)  # type: ignore[union-attr]
    events = act(game, "ann", EndOffensive())
    assert of_type(events, StatusDrifted) == [
        StatusDrifted("ann", GREY, 6, "", "")
    ]  # 5–6: no change
    assert refused(game, "ann", EndOffensive()) == "no_offensive"


def test_an_ally_attacking_another_independent_rolls_for_each_and_the_end_of_the_track_holds():
    owners = {"quebec": GREY, "ontario": BLUE, "alaska": "ann"}
    game = turn_of_ann(owners, {"ontario": 3, "quebec": 2}, status={BLUE: "ann", GREY: "bob"})
    s = game.state
    act(game, "ann", Place("alaska", s.pool))
    game.source.add_dice(1, 1, 6, 6)  # type: ignore[union-attr]  # blue loses 2: down to 1
    act(game, "ann", Attack("ontario", "quebec", 2))
    game.source.add_dice(2, 4)  # type: ignore[union-attr]
    events = act(game, "bob", Defend(2))
    # Grey, bob's ally already, stays so (no further away from ann); blue becomes neutral.
    assert of_type(events, StatusDrifted) == [
        StatusDrifted("ann", GREY, 2, "bob", "bob"),
        StatusDrifted("ann", BLUE, 4, "", "ann"),
    ]


def test_allies_never_attack_their_players_territories_and_manoeuvre_once_each() -> None:
    owners = {"ontario": BLUE, "quebec": BLUE, "greenland": "ann", "alaska": "ann",
              "alberta": "ann"}  # fmt: skip
    game = turn_of_ann(owners, {"ontario": 6, "alaska": 5}, status={BLUE: "ann"})
    s = game.state
    act(game, "ann", Place("alaska", s.pool))
    assert refused(game, "ann", Attack("ontario", "greenland", 3)) == "ally_target"
    act(game, "ann", Fortify("alaska", "alberta", 2))  # ann's own manoeuvre: the turn goes on
    assert s.phase == "fortify" and s.current == "ann"
    assert refused(game, "ann", Fortify("alaska", "alberta", 1)) == "already_fortified"
    assert refused(game, "ann", Fortify("ontario", "greenland", 1)) == "not_owner"
    act(game, "ann", Fortify("ontario", "quebec", 5))  # blue's manoeuvre
    assert s.armies["quebec"] == 6 and s.owner["quebec"] == BLUE
    assert refused(game, "ann", Fortify("quebec", "ontario", 1)) == "already_fortified"
    [started] = of_type(act(game, "ann", EndTurn()), TurnStarted)
    assert started.player == "bob"


def test_eliminating_an_independent_gives_the_cards_given_to_it() -> None:
    owners = {"quebec": GREY, "ontario": "ann", "alaska": "ann"}
    owners.update({t: BLUE for t in ("siam", "india")})
    game = turn_of_ann(owners, {"ontario": 6, "quebec": 1})
    s = game.state
    s.given[GREY] = ["egypt", "congo"]
    s.deck = [c for c in s.deck if c not in s.given[GREY]]
    act(game, "ann", Place("alaska", s.pool))
    game.source.add_dice(6, 6, 6, 1)  # type: ignore[union-attr]
    act(game, "ann", Attack("ontario", "quebec", 3))
    events = act(game, "bob", Defend(1))
    assert of_type(events, IndependentDestroyed) == [
        IndependentDestroyed(GREY, "ann", ("egypt", "congo"))
    ]
    assert s.hands["ann"] == ["egypt", "congo"] and s.given[GREY] == []
    act(game, "ann", MoveIn(5))
    assert not s.offensive  # no drift for an independent no longer on the board


def test_the_bot_reinforces_no_ally_in_a_trade_window_opened_after_attacking() -> None:
    """Destroying an independent can open a trade in the middle of the attacks (phase
    reinforce again): allies are reinforced before the first attack only, and a host's bot
    that tried it stopped the game (found by the chaos run)."""
    from risk_lan.bots import ClassicBot

    owners = {"quebec": GREY, "indonesia": BLUE, "alaska": "ann", "peru": "ann"}
    game = turn_of_ann(owners, {"alaska": 5}, status={GREY: "ann"})
    s = game.state
    s.pool, s.attacks_begun, s.trade_window = 0, True, "elimination_forced"
    choice = ClassicBot().choose(game, "ann")
    assert choice in game.legal_actions("ann"), choice
