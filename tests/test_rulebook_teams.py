"""Team Risk (RULES.md 2.8; rulebook 001 «Risk PAR ÉQUIPE», rulebook 002 «RISK par équipe»), pinned
with fixed dice: teams seated alternately, control by majority and none on a tie, income and
continents from controlled territories only, no attacks on teammates, fortifying through and
into teammates' territories, the defence of a shared territory, the shared hand, the fixed
card values, and the win at the first elimination."""

from __future__ import annotations

from rulebook_helpers import BOARD, act, of_type, one_each, refused, write_position

from risk_lan.rules import (
    TEAM,
    Attack,
    Defend,
    EndTurn,
    Fortify,
    Game,
    MoveIn,
    Place,
    ScriptedSource,
    TradeCards,
    check_invariants,
)
from risk_lan.rules.events import (
    AttackDeclared,
    Conquered,
    GameWon,
    HandPassed,
    PlayerEliminated,
    TurnStarted,
)
from risk_lan.rules.teams import controlled_count, controller

# Rulebook 001's example table: red, white and green against grey, yellow and blue, seated
# alternately.
SEATS = ["red", "grey", "white", "yellow", "green", "blue"]


def team_game(
    owners: dict[str, str],
    armies: dict[str, int] | None = None,
    mixed: dict[str, dict[str, int]] | None = None,
    *,
    rest: str | list[str] = "blue",
    current: str = "red",
    phase: str = "attack",
    pool: int = 0,
    hands: dict[str, list[str]] | None = None,
) -> Game:
    """A six-player team game in ``current``'s turn; ``mixed`` shares territories between
    teammates (the first named holds a tied territory)."""
    game, _ = Game.new(SEATS, ScriptedSource([6, 1, 1, 1, 1, 1]), "team")
    s = game.state
    mixed = mixed or {}
    holders = {t: max(split, key=lambda p: split[p]) for t, split in mixed.items()}
    sums = {t: sum(split.values()) for t, split in mixed.items()}
    write_position(s, owners | holders, (armies or {}) | sums, rest=rest, hands=hands,
                   phase=phase, current=current, pool=pool)  # fmt: skip
    s.mixed = {t: dict(split) for t, split in mixed.items()}
    game.source = ScriptedSource()
    check_invariants(s)
    return game


def start_turn(game: Game, player: str) -> TurnStarted:
    """End the turn of the player seated before ``player``, so ``player``'s turn starts."""
    s = game.state
    before = SEATS[SEATS.index(player) - 1]
    s.current, s.phase, s.trade_window, s.pool, s.conquered = before, "attack", "none", 0, False
    [started] = of_type(act(game, before, EndTurn()), TurnStarted)
    return started


def test_teams_sit_alternately() -> None:
    game, _ = Game.new(SEATS[:5], ScriptedSource([6, 1, 1, 1, 1]), "team")
    assert game.state.teams == {"red": 1, "grey": 2, "white": 1, "yellow": 2, "green": 1}


def test_the_most_armies_control_a_territory_and_a_tie_gives_it_to_nobody() -> None:
    # Rulebook 001's example: green and white have 4 each in Greenland, so neither controls it;
    # in Eastern United States white has 2, red 2 and green 3, so green controls it. Green also
    # holds 10 territories alone: 11 controlled give 3 armies (12 would give 4).
    alone = [t for t in BOARD.territory_ids if t not in ("greenland", "eastern_united_states")]
    game = team_game(
        dict.fromkeys(alone[:10], "green"),
        mixed={
            "greenland": {"green": 4, "white": 4},
            "eastern_united_states": {"white": 2, "red": 2, "green": 3},
        },
        rest=["grey", "yellow", "blue"],
    )
    s = game.state
    assert controller(s, "greenland") is None
    assert controller(s, "eastern_united_states") == "green"
    assert controlled_count(s, "green") == 11
    started = start_turn(game, "green")
    assert (started.territories, started.territory_armies) == (11, 3)


def test_a_tied_territory_costs_its_continent() -> None:
    # Rulebook 002's example: black (here green) holds New Guinea and both Australias alone, but
    # ties in Indonesia with its teammate: no Oceania bonus until it holds most there.
    oceania = ["new_guinea", "eastern_australia", "western_australia"]
    game = team_game(
        dict.fromkeys(oceania, "green"),
        {"new_guinea": 3},
        mixed={"indonesia": {"green": 2, "red": 2}},
        rest=["grey", "yellow", "blue"],
        current="green",
    )
    assert game.income("green") == 3  # 3 territories: the minimum, no continent
    act(game, "green", Fortify("new_guinea", "indonesia", 1))
    assert game.state.mixed["indonesia"] == {"green": 3, "red": 2}
    assert game.income("green") == 3 + 2  # now Oceania is green's


def test_reinforcements_go_only_where_the_player_holds_most() -> None:
    game = team_game(
        {"siam": "green", "india": "red"},
        mixed={"middle_east": {"white": 3, "red": 3}, "egypt": {"red": 2, "green": 1}},
        rest=["grey", "yellow", "blue"],
        phase="reinforce",
        pool=3,
    )
    assert refused(game, "red", Place("siam")) == "not_controlled"  # a teammate's
    assert refused(game, "red", Place("middle_east")) == "not_controlled"  # tied: nobody's
    assert {a.territory for a in game.legal_actions("red") if isinstance(a, Place)} == {
        "india",
        "egypt",
    }
    act(game, "red", Place("egypt", 2))
    assert game.state.mixed["egypt"] == {"red": 4, "green": 1}


def test_a_player_controlling_nothing_reinforces_where_its_armies_are() -> None:
    game = team_game(
        {"siam": "green"},
        mixed={"middle_east": {"white": 3, "red": 3}},
        rest=["grey", "yellow", "blue"],
        phase="reinforce",
        pool=3,
    )
    assert {a.territory for a in game.legal_actions("red") if isinstance(a, Place)} == {
        "middle_east"
    }
    act(game, "red", Place("middle_east", 3))
    assert game.state.owner["middle_east"] == "red"  # red now holds most: it holds it
    assert controller(game.state, "middle_east") == "red"


def test_no_attacks_on_a_teammate() -> None:
    game = team_game({"india": "red", "siam": "green", "china": "grey"}, {"india": 5})
    assert refused(game, "red", Attack("india", "siam", 3)) == "teammate"
    targets = {a.target for a in game.legal_actions("red") if isinstance(a, Attack)}
    assert "siam" not in targets and "china" in targets


def test_fortifying_goes_through_and_into_teammates_territories() -> None:
    # Rulebook 001's example: red moves from Indonesia through Siam (green's), India (red's) and
    # the Middle East (white's and green's) to East Africa (here white's).
    game = team_game(
        {"indonesia": "red", "siam": "green", "india": "red", "east_africa": "white"},
        {"indonesia": 6},
        mixed={"middle_east": {"white": 2, "green": 1}},
    )
    act(game, "red", Fortify("indonesia", "east_africa", 5))
    s = game.state
    assert s.armies["indonesia"] == 1
    assert s.mixed["east_africa"] == {"white": 1, "red": 5}
    assert s.owner["east_africa"] == "red"  # red holds most there now
    assert s.current == "grey"  # one fortification ends the turn


def test_fortifying_never_crosses_an_enemy_territory() -> None:
    game = team_game(
        {"indonesia": "red", "siam": "yellow", "india": "red", "new_guinea": "white"},
        {"indonesia": 6},
    )
    assert refused(game, "red", Fortify("indonesia", "india", 1)) == "not_connected"
    assert refused(game, "red", Fortify("indonesia", "siam", 1)) == "not_owner"
    act(game, "red", Fortify("indonesia", "new_guinea", 5))  # into a teammate's, next door


def test_a_player_may_leave_a_shared_territory_to_its_teammate() -> None:
    # All its own armies may go when a teammate's stay; alone, it leaves one behind.
    game = team_game({"india": "red"}, {"india": 3}, mixed={"middle_east": {"white": 2, "red": 3}})
    moves = {(a.source, a.count) for a in game.legal_actions("red") if isinstance(a, Fortify)}
    assert ("middle_east", 3) in moves and ("india", 2) in moves and ("india", 3) not in moves
    act(game, "red", Fortify("middle_east", "india", 3))
    s = game.state
    assert "middle_east" not in s.mixed
    assert (s.owner["middle_east"], s.armies["middle_east"]) == ("white", 2)
    assert s.armies["india"] == 6


def test_attacking_from_a_shared_territory_rolls_only_ones_own_armies() -> None:
    game = team_game({}, mixed={"middle_east": {"white": 5, "red": 3}}, rest="yellow")
    assert refused(game, "red", Attack("middle_east", "egypt", 3)) == "bad_dice"  # 3 - 1 = 2
    act(game, "red", Attack("middle_east", "egypt", 2))
    game.source.add_dice(6, 6, 1)  # type: ignore[union-attr]
    events = act(game, "yellow", Defend(1))
    assert of_type(events, Conquered)
    s = game.state
    assert (s.owner["egypt"], s.armies["egypt"]) == ("red", 2)  # no more may follow
    assert s.mixed["middle_east"] == {"white": 5, "red": 1}  # red left one of its own


def test_the_holder_defends_a_shared_territory_and_loses_its_own_armies_first() -> None:
    game = team_game(
        {"iceland": "blue", "quebec": "green", "ontario": "white"},
        {"iceland": 10},
        mixed={"greenland": {"green": 3, "white": 1}},
        rest="yellow",
        current="blue",
    )
    [declared] = of_type(act(game, "blue", Attack("iceland", "greenland", 3)), AttackDeclared)
    assert declared.defender == "green"
    game.source.add_dice(6, 6, 6, 1, 1)  # type: ignore[union-attr]
    act(game, "green", Defend(2))
    s = game.state
    assert s.mixed["greenland"] == {"green": 1, "white": 1}
    assert s.owner["greenland"] == "green"  # a tie leaves the holder where it was
    act(game, "blue", Attack("iceland", "greenland", 3))
    game.source.add_dice(6, 6, 6, 1, 1)  # type: ignore[union-attr]
    events = act(game, "green", Defend(2))
    [conquered] = of_type(events, Conquered)
    assert conquered.previous_owner == "white"  # green's last army fell first
    assert s.owner["greenland"] == "blue" and "greenland" not in s.mixed
    assert not of_type(events, PlayerEliminated)  # both still have armies elsewhere
    assert s.phase == "move_in"


def test_the_first_elimination_wins_the_game_for_the_other_team() -> None:
    game = team_game(
        {"iceland": "blue", "greenland": "white"},
        {"iceland": 10},
        rest=["red", "grey", "yellow", "green"],
        current="blue",
    )
    act(game, "blue", Attack("iceland", "greenland", 3))
    game.source.add_dice(6, 6, 6, 1)  # type: ignore[union-attr]
    events = act(game, "white", Defend(1))
    [out] = of_type(events, PlayerEliminated)
    assert (out.player, out.by) == ("white", "blue")
    [won] = of_type(events, GameWon)
    assert (won.winner, won.reason) == ("blue", "team")
    assert game.is_over and len(game.state.eliminated) == 1  # the others play no more


def test_losing_ones_last_armies_in_a_shared_territory_loses_the_game() -> None:
    # Green's only armies are in Greenland, tied with white's: green holds it and loses its
    # own first, so green is out though Greenland stands.
    game = team_game(
        {"iceland": "blue"},
        {"iceland": 10},
        mixed={"greenland": {"green": 2, "white": 2}},
        rest=["red", "grey", "yellow", "white"],
        current="blue",
    )
    act(game, "blue", Attack("iceland", "greenland", 3))
    game.source.add_dice(6, 6, 6, 1, 1)  # type: ignore[union-attr]
    events = act(game, "green", Defend(2))
    assert not of_type(events, Conquered)
    assert game.state.owner["greenland"] == "white"
    [won] = of_type(events, GameWon)
    assert (won.winner, won.reason) == ("blue", "team")
    assert game.state.eliminated == ["green"]


def test_a_blitz_that_empties_a_shared_territory_eliminates_whoever_held_it_last() -> None:
    # Green holds Greenland with white's one army beside its own two; green has Quebec too,
    # white nothing else. The blitz's first battle takes green's two (white now holds it
    # alone), the second white's last: white is out, and its team has lost.
    game = team_game(
        {"iceland": "blue", "quebec": "green"},
        {"iceland": 10},
        mixed={"greenland": {"green": 2, "white": 1}},
        rest=["red", "grey", "yellow"],
        current="blue",
    )
    act(game, "blue", Attack("iceland", "greenland", 3, stop_at=2))
    game.source.add_dice(6, 6, 6, 1, 1, 6, 6, 6, 1)  # type: ignore[union-attr]
    events = act(game, "green", Defend(2))
    [conquered] = of_type(events, Conquered)
    assert conquered.previous_owner == "white"
    [out] = of_type(events, PlayerEliminated)
    assert (out.player, out.by) == ("white", "blue")
    [won] = of_type(events, GameWon)
    assert (won.winner, won.reason) == ("blue", "team")


def test_the_team_hand_passes_to_the_teammate_who_plays_next() -> None:
    cards = [*one_each(0), *one_each(1)[:2]]
    game = team_game({"india": "red"}, hands={"red": cards})
    events = act(game, "red", EndTurn())
    [passed] = of_type(events, HandPassed)
    assert (passed.player, passed.to, passed.count) == ("red", "white", 5)
    s = game.state
    assert s.hands["red"] == [] and sorted(s.hands["white"]) == sorted(cards)
    # The team sees its hand; the other team sees only its size.
    assert sorted(game.view("green")["hands"]["white"]) == sorted(cards)
    assert game.view("grey")["hands"]["white"] is None
    assert game.view("grey")["hand_sizes"]["white"] == 5
    # White starts its turn with the team's 5 cards: it must trade first.
    start_turn(game, "white")
    assert game.state.current == "white" and game.must_trade()


def test_sets_are_worth_the_fixed_values_of_their_symbols() -> None:
    game = team_game({}, rest="red", phase="reinforce", hands={"red": [*one_each(0), *one_each(1)]})
    s = game.state
    s.trade_window = "turn_start"
    assert game.set_value(one_each(0)) == 10
    act(game, "red", TradeCards(one_each(0)))
    assert game.set_value(one_each(1)) == 10  # no golden cavalry: the same every time
    act(game, "red", TradeCards(one_each(1)))
    assert s.pool == 20


def test_a_tied_territory_can_be_moved_into_by_a_conqueror_of_neither_team() -> None:
    # The move-in after a conquest puts the attacker's armies on a territory of its own.
    game = team_game(
        {"iceland": "blue", "quebec": "green", "ontario": "white"},
        {"iceland": 10},
        mixed={"greenland": {"green": 1, "white": 1}},
        rest="yellow",
        current="blue",
    )
    act(game, "blue", Attack("iceland", "greenland", 3))
    game.source.add_dice(6, 6, 6, 1, 1)  # type: ignore[union-attr]
    act(game, "green", Defend(2))
    act(game, "blue", MoveIn(9))
    s = game.state
    assert (s.owner["greenland"], s.armies["greenland"], s.armies["iceland"]) == ("blue", 9, 1)


def test_a_card_bonus_on_a_shared_territory_goes_to_the_players_own_armies() -> None:
    # With a territory bonus added to team rules, the +2 join the player's own armies there.
    cards = one_each(0)
    shared = cards[0]
    game, _ = Game.new(SEATS, ScriptedSource([6, 1, 1, 1, 1, 1]), TEAM.with_options(
        territory_bonus="per_card"))  # fmt: skip
    s = game.state
    write_position(s, {shared: "red"}, {shared: 5}, rest="blue", hands={"red": list(cards)},
                   phase="reinforce", current="red")  # fmt: skip
    s.mixed[shared] = {"red": 3, "white": 2}
    s.trade_window = "turn_start"
    game.source = ScriptedSource()
    check_invariants(s)
    act(game, "red", TradeCards(cards))
    assert s.mixed[shared] == {"red": 5, "white": 2} and s.armies[shared] == 7
