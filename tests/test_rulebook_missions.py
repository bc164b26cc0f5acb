"""Risk Mission (rulebook 001 «Risk MISSION»; the cards are the project's own, rulebook 001 lists
none): the deal, each claim window, one claim a turn, the fourth mission shown after three
claims, and the win with all four."""

from __future__ import annotations

from rulebook_helpers import INFANTRY, PLAYERS, act, begin, of_type, position, refused, roll

from risk_lan.rules import ClaimMission, EndTurn, Game, MoveIn, Place, ScriptedSource
from risk_lan.rules.events import GameWon, MissionClaimed, MissionsDealt, MissionShown, TurnStarted
from risk_lan.rules.missions import RANKS, missions

SOUTH_AMERICA = ["venezuela", "peru", "brazil", "argentina"]


def with_missions(game: Game, player: str, *ids: str) -> None:
    """Give ``player`` these missions (the first of each rank it lacks fills the rest)."""
    cards = list(ids)
    for rank in RANKS:
        if not any(missions()[c].rank == rank for c in cards):
            cards.append(next(c.id for c in missions().values() if c.rank == rank))
    game.state.missions[player] = sorted(cards, key=lambda c: RANKS.index(missions()[c].rank))


def test_rulebook001_each_player_is_dealt_one_mission_of_each_rank_in_secret() -> None:
    """001 «Risk MISSION»: «chaque joueur tire une carte de chaque grade», kept secret."""
    game, events = Game.new(list(PLAYERS), ScriptedSource([6, 1, 1]), "risk-mission")
    [dealt] = of_type(events, MissionsDealt)
    for player in PLAYERS:
        ranks = [missions()[m].rank for m in game.state.missions[player]]
        assert ranks == list(RANKS)
    assert dealt.seen_by("bob").missions["ann"] is None
    assert game.state.view_for("bob")["missions"]["ann"] is None
    assert game.state.view_for("ann")["missions"]["ann"] == game.state.missions["ann"]
    assert game.state.view_for(None)["missions"] == dict.fromkeys(PLAYERS)


def test_a_turn_start_mission_is_claimed_before_anything_else() -> None:
    """«Only at the exact moment printed on the card»: 14 territories at the start of the
    turn; once a reinforcement is placed, it is too late for this turn."""
    mine = dict.fromkeys([t for t in INFANTRY[:14]], "ann")
    game = position(mine, rules="risk-mission", rest=("bob", "cat"))
    with_missions(game, "ann", "capitaine_territories_14")
    started = begin(game, "ann")
    assert started.player == "ann" and game.state.claim_window == "turn_start"
    act(game, "ann", Place(INFANTRY[0], 1))
    assert refused(game, "ann", ClaimMission("capitaine_territories_14")) == "not_now"
    # Next turn, first thing: claimed, shown to all.
    game.state.pool = 0
    act(game, "ann", EndTurn())
    for other in ("bob", "cat"):
        game.state.pool = 0
        act(game, other, EndTurn())
    events = act(game, "ann", ClaimMission("capitaine_territories_14"))
    [claimed] = of_type(events, MissionClaimed)
    assert (claimed.player, claimed.count) == ("ann", 1)
    assert game.state.claimed["ann"] == ["capitaine_territories_14"]


def test_an_after_conquest_mission_right_after_a_conquest_and_one_claim_a_turn() -> None:
    """Africa's gateways, claimed right after the conquest that completes them; a second
    mission in the same turn is refused («au plus une mission par tour»)."""
    owners = {"north_africa": "ann", "egypt": "ann", "middle_east": "ann", "east_africa": "bob"}
    game = position(owners, {"middle_east": 6}, rules="risk-mission", rest="cat")
    with_missions(game, "ann", "major_africa_gateways", "capitaine_conquests_3")
    assert (
        refused(game, "ann", ClaimMission("major_africa_gateways")) == "not_now"
    )  # no conquest yet
    roll(game, "middle_east", "east_africa", [6, 6, 6], [1])
    act(game, "ann", MoveIn(game.state.move_in.minimum))
    assert game.state.claim_window == "after_conquest" and game.state.conquests == 1
    act(game, "ann", ClaimMission("major_africa_gateways"))
    assert refused(game, "ann", ClaimMission("capitaine_conquests_3")) == "one_a_turn"


def test_a_turn_end_mission_ends_the_turn_and_counts_the_turns_conquests() -> None:
    """Three conquests in one turn, claimed as the turn ends: the claim ends it."""
    owners = {"brazil": "ann", "venezuela": "bob", "peru": "bob", "argentina": "bob"}
    game = position(owners, {"brazil": 12}, rules="risk-mission", rest="cat")
    with_missions(game, "ann", "capitaine_conquests_3")
    for target, source in (("peru", "brazil"), ("venezuela", "brazil"), ("argentina", "peru")):
        roll(game, source, target, [6, 6, 6], [1])
        if game.phase == "move_in":  # (none to choose when the least is the most)
            act(game, "ann", MoveIn(game.state.move_in.minimum + 1))
    assert game.state.conquests == 3
    events = act(game, "ann", ClaimMission("capitaine_conquests_3"))
    # The claim ended ann's turn (bob, out of territories, is out): cat's begins.
    assert of_type(events, MissionClaimed) and of_type(events, TurnStarted)[0].player == "cat"


def test_a_claimed_mission_stays_achieved_the_fourth_is_shown_after_three_and_wins() -> None:
    """001: a claimed card stays achieved «même si la condition n'est plus remplie»; after 3
    claims the 4th is shown face up; completing all four wins."""
    game = position(dict.fromkeys(SOUTH_AMERICA, "ann"), rules="risk-mission",
                    rest=("bob", "cat"))  # fmt: skip
    ids = ["capitaine_south_america", "major_europe", "colonel_asia", "general_asia_oceania"]
    with_missions(game, "ann", *ids)
    game.state.claimed["ann"] = ids[1:3]  # claimed on earlier turns
    events = act(game, "ann", ClaimMission(ids[0]))  # South America, as the turn ends
    [shown] = of_type(events, MissionShown)
    assert shown.mission == "general_asia_oceania" and game.state.shown["ann"] == shown.mission
    assert game.state.view_for("bob")["shown"]["ann"] == "general_asia_oceania"
    # South America lost later: the claim stands.
    game.state.owner["brazil"] = "bob"
    game.state.recount()
    assert game.state.claimed["ann"][-1] == "capitaine_south_america"
    # The fourth, claimed: the game is won.
    game.state.claimed["ann"] = ids[:3]
    game.state.claimed_turn = False
    s = game.state
    s.current, s.phase, s.pool, s.trade_window = "ann", "attack", 0, "none"  # ann again
    asia = list(game.board.continents["asia"].territories)
    oceania = list(game.board.continents["oceania"].territories)
    for t in asia + oceania:
        game.state.owner[t] = "ann"
    game.state.recount()
    events = act(game, "ann", ClaimMission("general_asia_oceania"))
    [won] = of_type(events, GameWon)
    assert (won.winner, won.reason) == ("ann", "missions") and game.is_over


def test_only_ones_own_missions_and_the_fixed_table() -> None:
    """A mission one was not dealt is refused; trades use the fixed table (001 «Risk
    MISSION»: «la cavalerie dorée n'est pas utilisée»)."""
    game = position(dict.fromkeys(SOUTH_AMERICA, "ann"), rules="risk-mission", rest="bob")
    with_missions(game, "ann", "capitaine_oceania")
    assert refused(game, "ann", ClaimMission("capitaine_south_america")) == "no_mission"
    assert game.rules.trade_values == "fixed_modern"
