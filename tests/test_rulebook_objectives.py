"""Secret objectives (RULES.md 2.1, rulebook 000-A; 2.10, rulebook 003), pinned with fixed dice: the
deal, each kind of objective achieved, the "destroy colour X" fallback of each rule set, the
secret kept from the other players, and the claim that wins («Il justifie sa victoire en
découvrant sa carte», 000-A «LE VAINQUEUR»; «qui révèle sa carte Mission secrète pour le
prouver», 003 «VICTOIRE»): nothing wins until the holder claims, at any moment of play."""

from __future__ import annotations

import pytest
from rulebook_helpers import BOARD, PLAYERS, act, of_type, position, refused, roll

from risk_lan.rules import (
    Attack,
    ClaimObjective,
    EndTurn,
    Game,
    MoveIn,
    Place,
    ScriptedSource,
    check_invariants,
)
from risk_lan.rules.events import GameWon, ObjectiveAchieved, ObjectivesDealt, PlayerEliminated
from risk_lan.rules.modes import owed
from risk_lan.rules.objectives import deck, objectives, progress

CONTINENT = {c.id: list(c.territories) for c in BOARD.continents.values()}


def objective_game(objective: str, owners: dict[str, str], armies=None, *, mode="mission",
                   others: dict[str, str] | None = None, rest="cat") -> Game:  # fmt: skip
    """ann's turn, attack phase, round 5 (past the old rules' protection), ann holding
    ``objective``; bob and cat hold ``others`` (default: 18 territories with 2 armies each,
    which their single armies never reach)."""
    game = position(owners, armies, rules=mode, rest=rest)
    s = game.state
    s.round = 5
    s.objectives = {"ann": objective, "bob": "territories_18_two", "cat": "territories_18_two"}
    s.objectives.update(others or {})
    check_invariants(s)
    return game


def won(events) -> tuple[str, str] | None:
    achieved = of_type(events, ObjectiveAchieved)
    if not achieved:
        return None
    [game_won] = of_type(events, GameWon)
    assert game_won.reason == "objective" and game_won.winner == achieved[0].player
    return achieved[0].player, achieved[0].achieved


def claim(game: Game, player: str, events_before: list | None = None) -> list:
    """``player``'s claim, as its client makes it by itself once it is owed: the move before
    it won nothing by itself."""
    assert events_before is None or not won(events_before)
    assert not game.is_over
    [due] = owed(game.state, player)
    assert due == ClaimObjective(game.state.objectives[player])
    assert due in game.legal_actions(player)
    return act(game, player, due)


def take(game: Game, source: str, target: str) -> list:
    """ann conquers ``target`` from ``source`` in one battle (three 6s against one 1)."""
    return roll(game, source, target, [6, 6, 6], [1])


def test_the_deal_gives_each_player_one_secret_objective() -> None:
    game, events = Game.new(["p1", "p2", "p3"], ScriptedSource([6, 1, 1]), "mission")
    [dealt] = of_type(events, ObjectivesDealt)
    assert set(dealt.objectives) == {"p1", "p2", "p3"}
    assert len(set(dealt.objectives.values())) == 3
    assert dealt.seen_by("p2").objectives == {"p1": None, "p2": dealt.objectives["p2"], "p3": None}
    view = game.view("p2")
    assert view["objectives"] == {"p1": None, "p2": dealt.objectives["p2"], "p3": None}
    assert game.view(None)["objectives"] == {"p1": None, "p2": None, "p3": None}


def test_the_old_rules_deal_every_colour_the_2015_rules_only_those_in_play() -> None:
    old, _ = Game.new(list(PLAYERS), ScriptedSource([6, 1, 1]), "mission")
    assert len(deck(old.state)) == 14
    new, _ = Game.new(list(PLAYERS), ScriptedSource([6, 1, 1]), "secret-mission")
    destroys = [o for o in deck(new.state) if o.startswith("destroy_")]
    assert sorted(destroys) == ["destroy_blue", "destroy_green", "destroy_red"]
    assert len(deck(new.state)) == 11


def test_the_old_deal_leaves_the_jokers_in_and_a_joker_gives_no_territory() -> None:
    # The identity shuffle deals card i to seat i mod 3: the 43rd and 44th cards, the jokers,
    # fall to the first and second seats, who get no territory for them.
    game, _ = Game.new(list(PLAYERS), ScriptedSource([6, 1, 1]), "mission")
    s = game.state
    assert all(o is not None for o in s.owner.values())
    assert [s.count(p) for p in PLAYERS] == [14, 14, 14]
    assert s.setup_left == dict.fromkeys(PLAYERS, 35 - 14)


@pytest.mark.parametrize(
    "objective, held, last",
    [
        ("north_america_africa", [*CONTINENT["north_america"], *CONTINENT["africa"]], "brazil"),
        ("asia_south_america", [*CONTINENT["asia"], *CONTINENT["south_america"]], "alaska"),
    ],
)
def test_two_continents_are_achieved_by_the_conquest_that_completes_them(
    objective: str, held: list[str], last: str
) -> None:
    missing = next(t for t in held if last in BOARD.neighbours[t])
    owners = {t: "ann" for t in held if t != missing} | {last: "ann"}
    game = objective_game(objective, owners, {last: 10})
    assert sorted(need - have for _, have, need in progress(game.state, "ann")) == [0, 1]
    assert won(claim(game, "ann", take(game, last, missing))) == ("ann", objective)
    assert game.is_over and game.winner == "ann"


def test_a_third_continent_of_ones_choice_is_needed_too() -> None:
    europe_sa = [*CONTINENT["europe"], *CONTINENT["south_america"]]
    oceania = CONTINENT["oceania"]
    owners = dict.fromkeys(europe_sa, "ann") | dict.fromkeys(oceania[1:], "ann")
    owners |= {"siam": "ann"}
    game = objective_game("europe_south_america_third", owners, {"siam": 10})
    assert not game.is_over  # Europe and South America alone are not enough
    assert ("other_continents", 0, 1) in progress(game.state, "ann")
    assert owed(game.state, "ann") == []
    assert (
        refused(game, "ann", ClaimObjective("europe_south_america_third")) == "objective_not_held"
    )
    assert won(claim(game, "ann", take(game, "siam", "indonesia"))) == (
        "ann",
        "europe_south_america_third",
    )


def test_24_territories_are_achieved_by_the_24th() -> None:
    ids = list(BOARD.territory_ids)
    owners = dict.fromkeys(ids[:23], "ann")
    source = next(t for t in ids[:23] if any(n not in owners for n in BOARD.neighbours[t]))
    target = next(n for n in BOARD.neighbours[source] if n not in owners)
    game = objective_game("territories_24", owners, {source: 10})
    assert progress(game.state, "ann") == [("territories", 23, 24)]
    assert won(claim(game, "ann", take(game, source, target))) == ("ann", "territories_24")


def test_18_territories_with_two_armies_each_can_be_achieved_by_a_placement() -> None:
    ids = list(BOARD.territory_ids)
    owners = dict.fromkeys(ids[:18], "ann")
    armies = dict.fromkeys(ids[:17], 2)  # the 18th holds one army
    game = objective_game("territories_18_two", owners, armies)
    s = game.state
    s.phase, s.pool, s.trade_window = "reinforce", 3, "none"
    assert progress(s, "ann") == [("territories", 17, 18)]
    events = act(game, "ann", Place(ids[17], 1))
    assert won(claim(game, "ann", events)) == ("ann", "territories_18_two")


def blue_cornered(mode: str, objective: str = "destroy_blue", **kw) -> Game:
    """bob (blue) holds only Alaska, next to ann's Kamchatka (10) and cat's Alberta (10)."""
    owners = {"alaska": "bob", "kamchatka": "ann", "alberta": "cat"}
    return objective_game(
        objective, owners, {"kamchatka": 10, "alberta": 10}, mode=mode, rest=("ann", "cat"), **kw
    )


@pytest.mark.parametrize("mode", ["mission", "secret-mission"])
def test_destroying_the_colour_achieves_it(mode: str) -> None:
    game = blue_cornered(mode)
    events = take(game, "kamchatka", "alaska")
    assert of_type(events, PlayerEliminated)[0].player == "bob"
    assert won(claim(game, "ann", events)) == ("ann", "destroy_blue")


def test_old_rules_when_another_player_destroys_the_colour_it_becomes_24_territories() -> None:
    game = blue_cornered("mission")
    s = game.state
    s.current = "cat"
    events = take(game, "alberta", "alaska")
    assert of_type(events, PlayerEliminated) and not won(events)
    assert progress(s, "ann")[0][0] == "territories"  # ann now needs 24 territories
    assert owed(s, "ann") == []
    assert refused(game, "ann", ClaimObjective("destroy_blue")) == "objective_not_held"


def test_2015_rules_someone_elses_kill_achieves_it_claimed_out_of_turn() -> None:
    game = blue_cornered("secret-mission")
    game.state.current = "cat"
    events = take(game, "alberta", "alaska")
    assert game.waiting_for() == "cat"  # cat moves in: ann claims in cat's turn
    assert won(claim(game, "ann", events)) == ("ann", "destroy_blue")


def test_when_two_objectives_hold_at_once_the_first_claim_taken_wins() -> None:
    """Claims are taken in the order they come: the player whose turn it is has no
    precedence (a peer's engine cannot tell who else holds one)."""
    game = blue_cornered("secret-mission", others={"cat": "destroy_blue"})
    game.state.current = "cat"
    take(game, "alberta", "alaska")
    assert won(claim(game, "ann")) == ("ann", "destroy_blue")
    assert refused(game, "cat", ClaimObjective("destroy_blue")) == "game_over"


def test_a_claim_is_refused_for_another_s_objective_or_one_that_does_not_hold() -> None:
    game = blue_cornered("secret-mission")
    assert refused(game, "ann", ClaimObjective("territories_18_two")) == "not_your_objective"
    assert refused(game, "ann", ClaimObjective("no_such_card")) == "not_your_objective"
    assert refused(game, "ann", ClaimObjective("destroy_blue")) == "objective_not_held"
    assert refused(game, "bob", ClaimObjective("territories_18_two")) == "objective_not_held"
    assert ClaimObjective("destroy_blue") not in game.legal_actions("ann")
    assert owed(game.state, "ann") == []


def test_no_claim_before_the_first_turn() -> None:
    game, _ = Game.new(list(PLAYERS), ScriptedSource([6, 1, 1]), "secret-mission")
    s = game.state
    assert s.phase in ("claim", "setup")
    for player in PLAYERS:
        s.objectives[player] = "territories_18_two"
    s.objectives["ann"] = "territories_24"
    s.owner = dict.fromkeys(s.owner, "ann")  # as if ann held the world before play began
    assert owed(s, "ann") == []
    assert refused(game, "ann", ClaimObjective("territories_24")) == "objective_too_early"


def test_a_fallback_objective_is_claimed_by_the_card_dealt() -> None:
    """ann (red) was dealt "destroy red", her own colour: it falls back to 24 territories,
    which she reaches; her claim names the card she holds, and the event says what held."""
    ids = list(BOARD.territory_ids)
    owners = dict.fromkeys(ids[:23], "ann")
    source = next(t for t in ids[:23] if any(n not in owners for n in BOARD.neighbours[t]))
    target = next(n for n in BOARD.neighbours[source] if n not in owners)
    game = objective_game("destroy_red", owners, {source: 10})
    assert refused(game, "ann", ClaimObjective("territories_24")) == "not_your_objective"
    events = claim(game, "ann", take(game, source, target))
    [shown] = of_type(events, ObjectiveAchieved)
    assert (shown.objective, shown.achieved) == ("destroy_red", "territories_24")


def test_an_objective_that_holds_wins_nothing_until_claimed() -> None:
    """The game goes on, move after move and turn after turn, while the holder does not
    claim: no engine ends it by itself."""
    game = blue_cornered("secret-mission")
    take(game, "kamchatka", "alaska")
    s = game.state
    if s.phase == "move_in":
        act(game, "ann", MoveIn(s.move_in.minimum))
    act(game, "ann", EndTurn())
    assert not game.is_over and s.current != "ann"
    assert owed(s, "ann") == [ClaimObjective("destroy_blue")]
    assert ClaimObjective("destroy_blue") in game.legal_actions("ann")  # out of turn


def test_the_old_rules_forbid_eliminating_a_player_before_the_end_of_round_4() -> None:
    game = blue_cornered("mission")
    game.state.round = 4
    assert refused(game, "ann", Attack("kamchatka", "alaska", 3)) == "protected"


def test_objectives_are_shown_to_all_once_the_game_is_over() -> None:
    game = blue_cornered("secret-mission")
    assert game.view("bob")["objectives"]["ann"] is None
    claim(game, "ann", take(game, "kamchatka", "alaska"))
    assert game.view("bob")["objectives"]["ann"] == "destroy_blue"


def test_every_objective_has_both_languages_and_one_aim() -> None:
    cards = objectives()
    assert len(cards) == 14
    for card in cards.values():
        assert card.text("en") and card.text("fr") and card.text("en") != card.text("fr")
        assert all(c in BOARD.continents for c in card.continents)
