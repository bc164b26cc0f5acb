"""The state as data: msgpack round trips, players' views, event redaction, actions as dicts."""

from __future__ import annotations

import msgpack
import pytest

from risk_lan.bots import ClassicBot
from risk_lan.rules import (
    ACTION_TYPES,
    Attack,
    EndTurn,
    Game,
    GameState,
    IllegalAction,
    InvariantError,
    Place,
    SetAutoDefend,
    TradeCards,
    action_from_dict,
)
from risk_lan.rules.events import CardDrawn, PlayerEliminated
from risk_lan.rules.state import PendingAttack, PendingMoveIn
from risk_lan.seeded import SeededSource


def midgame(seed: int = 5, steps: int = 250) -> Game:
    game, _ = Game.new(["ann", "bob", "cat", "dan"], SeededSource(seed))
    bots = {p: ClassicBot() for p in game.state.players}
    for _ in range(steps):
        p = game.waiting_for()
        game.apply(p, bots[p].choose(game, p))
    assert not game.is_over
    return game


def test_the_whole_state_round_trips_through_msgpack() -> None:
    game = midgame()
    data = game.to_dict()
    packed = msgpack.packb(data)
    restored = Game.from_dict(msgpack.unpackb(packed), SeededSource(9))
    assert restored.to_dict() == data
    # The restored game plays on exactly as the original.
    game.source = SeededSource(9)
    for _ in range(200):
        if game.is_over:
            break
        p = game.waiting_for()
        action = ClassicBot().choose(game, p)
        assert game.apply(p, action) == restored.apply(p, action)
    assert restored.to_dict() == game.to_dict()


def test_ids_are_strings_in_the_dict_form() -> None:
    data = midgame().to_dict()
    assert all(isinstance(k, str) for k in data["owner"]) and all(
        isinstance(v, str) for v in data["owner"].values()
    )
    assert all(isinstance(c, str) for h in data["hands"].values() for c in h)


def test_a_players_view_hides_other_hands_and_the_deck_order() -> None:
    game = midgame()
    state = game.state
    # Card ids are territory ids, which the view shows everywhere; a joker is not, so put
    # one in bob's hand to see that nothing in ann's view gives it away.
    for pile in [state.deck, state.discard, *state.hands.values()]:
        if "joker_1" in pile:
            pile.remove("joker_1")
    state.hands["bob"].append("joker_1")
    view = game.view("ann")
    assert view["hands"]["ann"] == state.hands["ann"]
    assert view["hands"]["bob"] is None
    assert view["hand_sizes"]["bob"] == len(state.hands["bob"])
    assert view["deck"] is None and view["deck_size"] == len(state.deck)
    assert b"joker_1" not in msgpack.packb(view)
    assert b"joker_1" in msgpack.packb(game.view("bob"))
    assert game.view(None)["hands"]["ann"] is None
    with pytest.raises(ValueError, match="view"):
        GameState.from_dict(view)


# The dict form, key by key in order: saves, records of seats and every client read it.
DICT_KEYS = [
    "version", "board", "rules", "players", "neutrals", "neutral_due", "owner", "armies",
    "mixed", "hands", "hand_sizes", "deck", "deck_size", "discard", "sealed", "trades",
    "phase",
    "current", "first_player", "setup_left", "pool", "turn", "round", "conquered", "engaged",
    "trade_window", "start_trade_due", "attack", "move_in", "auto_defend", "eliminated",
    "eliminated_by", "colours", "objectives", "capital_seals", "capitals", "teams", "missions",
    "claimed", "shown", "conquests", "claim_window", "claimed_turn", "ally_stage", "acting",
    "gained", "status", "given", "given_turn", "reinforced", "placing_for", "influence_open",
    "offensive", "moved", "attacks_begun", "reward", "laid", "fought", "support",
    "points", "bound_pools",
    "winner",
]  # fmt: skip


def every_field_set() -> GameState:
    """A state in which every field holds something other than a new game's value."""
    state = midgame().state.copy()
    state.neutrals, state.neutral_due = ["neutral"], ["neutral"]
    state.mixed = {"peru": {"ann": 2, "bob": 1}}
    state.engaged, state.eliminated_by = {"peru": 2}, {"dan": "ann"}
    state.attack = PendingAttack("peru", "brazil", 3, 1, "bob")
    state.move_in = PendingMoveIn("peru", "brazil", 3, 5)
    state.objectives = {"ann": "territories_24", "bob": "destroy_red"}
    state.capital_seals, state.capitals = {"ann": "ab" * 32}, {"bob": "peru"}
    state.sealed = 44
    state.teams, state.winner = {"ann": 1, "bob": 2, "cat": 1, "dan": 2}, "ann"
    state.missions = {"ann": ["capitaine_africa", "major_europe"], "bob": ["colonel_asia"]}
    state.claimed, state.shown = {"ann": ["capitaine_africa"]}, {"bob": "colonel_asia"}
    state.conquests, state.claim_window, state.claimed_turn = 2, "after_conquest", True
    state.conquered = state.start_trade_due = True
    state.ally_stage, state.acting, state.gained = "ally", "bob", 9
    state.status, state.given = {"neutral": "ann"}, {"neutral": ["joker_1"]}
    state.given_turn, state.reinforced, state.moved = {"neutral": 1}, ["neutral"], ["ann"]
    state.placing_for, state.influence_open = "neutral", True
    state.offensive = ["peru", "brazil", "ann", "neutral"]
    return state


def test_the_dict_form_keeps_its_keys_and_reads_back_every_field() -> None:
    state = every_field_set()
    data = state.to_dict()
    assert list(data) == DICT_KEYS
    assert data["hand_sizes"] == {p: len(h) for p, h in state.hands.items()}
    assert data["deck_size"] == len(state.deck)
    assert data["attack"] == {
        "source": "peru", "target": "brazil", "dice": 3, "stop_at": 1, "defender": "bob"
    }  # fmt: skip
    back = GameState._load(msgpack.unpackb(msgpack.packb(data)), None)
    assert back.to_dict() == data
    assert back.held == state.held  # rebuilt, not saved
    # An older save without the fields added since: a new game's values.
    for name in (
        "neutral_due",
        "eliminated_by",
        "objectives",
        "capital_seals",
        "teams",
        "missions",
        "claimed",
        "shown",
        "conquests",
        "claim_window",
        "claimed_turn",
        "ally_stage",
        "acting",
        "gained",
        "status",
        "given",
        "given_turn",
        "reinforced",
        "placing_for",
        "influence_open",
        "offensive",
        "moved",
        "attacks_begun",
        "reward",
        "laid",
        "fought",
        "support",
        "points",
        "bound_pools",
        "sealed",
    ):
        del data[name]  # fmt: skip
    del data["colours"]
    older = GameState._load(data, None)
    assert older.neutral_due == [] and older.teams == {} and older.objectives == {}
    assert older.sealed == 0
    assert older.colours == {"ann": "red", "bob": "blue", "cat": "green", "dan": "yellow"}


def test_a_copy_shares_nothing_that_changes() -> None:
    state = every_field_set()
    before = state.to_dict()
    copy = state.copy()
    assert copy.to_dict() == before and copy.held == state.held
    copy.take("peru", "dan")
    copy.armies["alaska"] += 5
    copy.mixed["peru"]["ann"] += 1
    copy.hands["ann"].append("joker_1")
    copy.deck.pop()
    for mutable in ("players", "neutrals", "neutral_due", "discard", "eliminated"):
        getattr(copy, mutable).append("x")
    for mutable in ("setup_left", "engaged", "auto_defend", "eliminated_by", "colours"):
        getattr(copy, mutable)["x"] = 1
    for mutable in ("objectives", "capital_seals", "capitals", "teams"):
        getattr(copy, mutable)["x"] = 1
    copy.attack.dice = 1
    copy.move_in.maximum = 9
    assert state.to_dict() == before


def test_views_made_from_one_public_view_are_each_players_view() -> None:
    for state in (midgame().state, every_field_set()):
        state.sealed = 0  # cards in the clear, as the host of a game without sealed cards
        for phase in ("attack", "over"):  # at the end, every objective is shown
            state.phase = phase
            public = state.public_view()
            assert public == state.view_for(None)
            for viewer in [*state.players, None, "someone else"]:
                assert state.view_for(viewer, public) == state.view_for(viewer)
    # Teammates see each other's cards (a team shares one hand), never the others'.
    state = every_field_set()
    state.sealed = 0
    view = state.view_for("ann", state.public_view())
    assert view["hands"]["cat"] == state.hands["cat"] and view["hands"]["bob"] is None
    assert view["objectives"] == {"ann": "territories_24", "bob": None}
    # A view holds its own copies: the state playing on does not change it.
    armies = view["armies"]["alaska"]
    state.armies["alaska"] += 7
    state.hands["ann"].append("joker_2")
    assert view["armies"]["alaska"] == armies and "joker_2" not in view["hands"]["ann"]


def test_a_sealed_games_view_is_the_same_for_every_peer_and_holds_every_token() -> None:
    """In a game of sealed cards (``sealing``) the state holds no secret: its hidden cards are
    tokens every peer numbers alike, so every view is the whole state, and a peer arriving
    from it stands where the others stand."""
    state = midgame().state
    state.hands = {"ann": ["?3", "?7"], "bob": ["?4"], "cat": [], "dan": ["peru"]}
    state.deck, state.sealed = ["?0", "?1", "?2"], 8
    state.objectives = {"ann": "?5", "bob": "?6"}
    views = [state.view_for(viewer) for viewer in (*state.players, None)]
    assert all(view == views[0] for view in views)
    assert views[0]["hands"]["bob"] == ["?4"] and views[0]["deck"] == ["?0", "?1", "?2"]
    arrived = GameState.from_view(views[0])
    assert arrived.to_dict() == state.to_dict()


def test_secret_events_are_redacted_for_others() -> None:
    drawn = CardDrawn("ann", "alaska")
    assert drawn.seen_by("ann").card == "alaska"
    assert drawn.seen_by("bob").card is None and drawn.seen_by(None).card is None
    gone = PlayerEliminated("bob", "ann", ("peru", "joker_1"), 2)
    assert gone.seen_by("cat").cards is None and gone.seen_by("cat").card_count == 2
    assert gone.seen_by("bob").cards == ("peru", "joker_1")
    assert gone.to_dict()["type"] == "player_eliminated"


def test_a_tampered_state_is_refused() -> None:
    data = midgame().to_dict()
    data["armies"]["alaska"] = 0
    with pytest.raises(InvariantError, match="alaska"):
        Game.from_dict(data)
    data = midgame().to_dict()
    data["discard"].append("alaska")
    with pytest.raises(InvariantError, match="cards"):
        Game.from_dict(data)


@pytest.mark.parametrize(
    "action",
    [
        Place("peru", 3),
        TradeCards(("peru", "joker_1", "china"), "peru"),
        Attack("a", "b", 3, 2),
        Attack("a", "b", 1),
        EndTurn(),
        SetAutoDefend(None),
        SetAutoDefend(2),
    ],
)
def test_actions_round_trip_as_dicts(action) -> None:
    assert action_from_dict(msgpack.unpackb(msgpack.packb(action.to_dict()))) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"type": "fly"},
        {"type": "place"},
        {"type": "place", "territory": 3},
        {"type": "place", "territory": "peru", "count": "2"},
        {"type": "place", "territory": "peru", "count": True},
        {"type": "place", "territory": "peru", "count": 1, "extra": 1},
        {"type": "trade", "cards": "abc"},
        {"type": "trade", "cards": [1, 2, 3]},
        {"type": "attack", "source": "a", "target": "b", "dice": 1.5},
        {"type": "defend", "dice": None},
    ],
)
def test_malformed_action_dicts_are_refused(data) -> None:
    with pytest.raises(IllegalAction) as refused:
        action_from_dict(data)
    assert refused.value.code == "malformed"


def test_every_action_type_is_registered_by_its_wire_name() -> None:
    assert sorted(ACTION_TYPES) == [
        "abandon_capital",
        "answer",
        "attack",
        "auto_defend",
        "capitulate",
        "claim_mission",
        "claim_objective",
        "commit",
        "defend",
        "end_offensive",
        "end_turn",
        "fortify",
        "give_card",
        "move_in",
        "place",
        "reinforce_ally",
        "retreat",
        "reveal_capital",
        "seal_capital",
        "trade",
    ]


def test_hand_built_actions_with_wrong_types_are_refused_without_change() -> None:
    game = midgame()
    before = game.to_dict()
    p = game.waiting_for()
    for bad in (Place(["peru"], 1), Place("peru", 1.0), Attack("peru", "brazil", "3")):
        with pytest.raises(IllegalAction) as refused:
            game.apply(p, bad)
        assert refused.value.code == "malformed"
    assert game.to_dict() == before
