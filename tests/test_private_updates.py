"""Each seat's private update: made from what the seats of one move share, it is exactly that
seat's view and its events as that seat may see them, and nothing of another seat's secrets."""

from __future__ import annotations

import msgpack

from protocol.framing import encode
from risk_lan.bots import ClassicBot
from risk_lan.net.updates import EVENTS_PER_MESSAGE, private_update, split_update
from risk_lan.rules import Game
from risk_lan.seeded import SeededSource


def own_update(game: Game, seat: str, events: list) -> dict:
    """The update made for one seat alone, the plain way."""
    return {
        "type": "update",
        "game": "g",
        "n": 7,
        "events": [e.seen_by(seat).to_dict() for e in events],
        "view": game.state.view_for(seat),
        "waiting": game.waiting_for(),
        "away": ["p2"],
    }


def test_updates_made_together_are_each_seats_own() -> None:
    secrets_seen = set()
    for mode, seed in (("mission", 3), ("classic", 4), ("team", 5)):
        players = ["p1", "p2", "p3", "p4"]
        game, events = Game.new(players, SeededSource(seed), mode)
        bots = {p: ClassicBot() for p in players}
        for _ in range(400):
            shared: dict = {}
            for seat in [*players, None]:
                made = private_update(game, "g", 7, seat, events, ["p2"], shared)
                own = own_update(game, seat, events)
                assert made == own
                # Its frame, made from the parts every seat shares, holds exactly its own.
                assert encode(made) == encode(dict(own))
                assert msgpack.unpackb(encode(made)[4:]) == own
            secrets_seen |= {e.type for e in events if e.seen_by("p1") is not e}
            if game.is_over:
                break
            seat = game.waiting_for()
            events = game.apply(seat, bots[seat].choose(game, seat))
    # The game went through secrets each seat sees its own way.
    assert {"objectives_dealt", "card_drawn"} <= secrets_seen


def test_a_long_update_is_split_into_frames_that_carry_it_whole() -> None:
    game, events = Game.new(["p1", "p2", "p3"], SeededSource(2), "mission")
    many = events * (2 * EVENTS_PER_MESSAGE // len(events) + 3)
    made = private_update(game, "g", 1, "p1", many, [], {})
    for update in (made, own_update(game, "p1", many)):
        messages = split_update(update)
        assert len(messages) == 3
        decoded = [msgpack.unpackb(encode(m)[4:]) for m in messages]
        assert decoded == [dict(m) for m in messages]
        assert [d["type"] for d in decoded] == ["events", "events", "update"]
        assert [e for d in decoded for e in d["events"]] == [
            e.seen_by("p1").to_dict() for e in many
        ]
        assert decoded[-1]["view"] == game.state.view_for("p1")


def test_an_update_made_on_its_own_is_plain_to_change() -> None:
    """A host (or a test) that changes an update it made alone sends it as changed."""
    game, events = Game.new(["p1", "p2", "p3"], SeededSource(2), "mission")
    update = private_update(game, "g", 1, "p1", events, [])
    assert type(update) is dict and update == own_update(game, "p1", events) | {"n": 1, "away": []}
    update["events"][0]["type"] = "changed"
    assert msgpack.unpackb(encode(update)[4:])["events"][0]["type"] == "changed"
