"""Each seat's private update: made from what the seats of one move share, it is exactly that
seat's view and its events as that seat may see them, and nothing of another seat's secrets."""

from __future__ import annotations

import msgpack

from risk_lan.bots import ClassicBot
from risk_lan.net.updates import private_update
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
                assert made == own_update(game, seat, events)
                # Nothing in another seat's update that this one's does not hold.
                assert msgpack.packb(made) == msgpack.packb(own_update(game, seat, events))
            secrets_seen |= {e.type for e in events if e.seen_by("p1") is not e}
            if game.is_over:
                break
            seat = game.waiting_for()
            events = game.apply(seat, bots[seat].choose(game, seat))
    # The game went through secrets each seat sees its own way.
    assert {"objectives_dealt", "card_drawn"} <= secrets_seen
