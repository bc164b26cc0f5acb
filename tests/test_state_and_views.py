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
        "attack",
        "auto_defend",
        "defend",
        "end_turn",
        "fortify",
        "move_in",
        "place",
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
