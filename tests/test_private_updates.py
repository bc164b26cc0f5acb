"""Each seat's private update: made from what the seats of one move share, it is exactly that
seat's view and its events as that seat may see them, and nothing of another seat's secrets;
on the wire it carries what changed since the connection's last view, from which the client
rebuilds the whole view exactly."""

from __future__ import annotations

import msgpack
import pytest

from protocol.framing import encode
from risk_lan.bots import ClassicBot
from risk_lan.net.updates import (
    EVENTS_PER_MESSAGE,
    on_the_wire,
    private_update,
    split_update,
    view_changes,
    with_changes,
)
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
        "changes": None,
        "waiting": game.waiting_for(),
        "away": ["p2"],
    }


def decoded(message: dict) -> dict:
    return msgpack.unpackb(encode(message)[4:])


def test_updates_made_together_are_each_seats_own_and_rebuilt_exactly_from_changes() -> None:
    secrets_seen = set()
    sizes = {"whole": 0, "changes": 0}
    for mode, seed in (("mission", 3), ("classic", 4), ("team", 5)):
        players = ["p1", "p2", "p3", "p4"]
        game, events = Game.new(players, SeededSource(seed), mode)
        bots = {p: ClassicBot() for p in players}
        sent: dict = dict.fromkeys([*players, None])  # the last update each connection got
        held: dict = dict.fromkeys([*players, None])  # what each client rebuilt
        for move in range(400):
            shared: dict = {}
            for seat in [*players, None]:
                made = private_update(game, "g", 7, seat, events, ["p2"], shared)
                own = own_update(game, seat, events)
                assert made == own
                wire = on_the_wire(made, sent[seat], shared)
                sent[seat] = wire
                # Its frame, made from parts every seat shares, holds exactly its message.
                message = decoded(wire)
                assert message == dict(wire)
                if move == 0:
                    assert message["view"] == own["view"] and message["changes"] is None
                    held[seat] = message["view"]
                    sizes["whole"] = max(sizes["whole"], len(encode(wire)))
                else:
                    assert message["view"] is None
                    held[seat] = with_changes(held[seat], message["changes"])
                    sizes["changes"] = max(
                        sizes["changes"],
                        len(encode(wire)) - len(encode({"events": message["events"]})),
                    )
                assert held[seat] == own["view"]
            secrets_seen |= {e.type for e in events if e.seen_by("p1") is not e}
            if game.is_over:
                break
            seat = game.waiting_for()
            events = game.apply(seat, bots[seat].choose(game, seat))
    # The game went through secrets each seat sees its own way.
    assert {"objectives_dealt", "card_drawn"} <= secrets_seen
    # What changes in a move is a small part of the view.
    assert sizes["changes"] * 3 < sizes["whole"], sizes


def test_changes_name_only_what_changed() -> None:
    game, _ = Game.new(["p1", "p2", "p3"], SeededSource(2), "classic")
    before = game.state.view_for("p1")
    territory = next(iter(before["armies"]))
    after = {**before, "armies": {**before["armies"], territory: 9}, "pool": before["pool"] + 1}
    assert view_changes(before, after) == {"armies": {territory: 9}, "pool": before["pool"] + 1}
    assert view_changes(before, dict(before)) == {}
    assert with_changes(before, view_changes(before, after)) == after


def test_changes_of_a_view_made_on_its_own_are_found_whole() -> None:
    """An update made outside the move's shared parts (a host's one-off) is compared with the
    connection's last view field by field, and comes out the same."""
    game, events = Game.new(["p1", "p2", "p3"], SeededSource(2), "classic")
    first = on_the_wire(private_update(game, "g", 1, "p1", events, [], {}), None)
    bots = {p: ClassicBot() for p in game.state.players}
    seat = game.waiting_for()
    events = game.apply(seat, bots[seat].choose(game, seat))
    shared: dict = {}
    together = on_the_wire(private_update(game, "g", 2, "p1", events, [], shared), first, shared)
    alone = on_the_wire(private_update(game, "g", 2, "p1", events, []), first, shared)
    assert together["changes"] == alone["changes"] != {}
    assert with_changes(first.whole_view, alone["changes"]) == game.state.view_for("p1")


@pytest.mark.parametrize(
    "changes",
    [{"no_such_field": 1}, {"armies": {"atlantis": 3}}, {"owner": ["p1"]}],
)
def test_changes_that_do_not_fit_the_view_are_refused(changes: dict) -> None:
    game, _ = Game.new(["p1", "p2", "p3"], SeededSource(2), "classic")
    with pytest.raises(ValueError):
        with_changes(game.state.view_for("p1"), changes)


def test_a_long_update_is_split_into_frames_that_carry_it_whole() -> None:
    game, events = Game.new(["p1", "p2", "p3"], SeededSource(2), "mission")
    many = events * (2 * EVENTS_PER_MESSAGE // len(events) + 3)
    for shared in ({}, None):
        update = on_the_wire(private_update(game, "g", 1, "p1", many, [], shared), None, shared)
        messages = split_update(update)
        assert len(messages) == 3
        frames = [decoded(m) for m in messages]
        assert frames == [dict(m) for m in messages]
        assert [d["type"] for d in frames] == ["events", "events", "update"]
        assert [e for d in frames for e in d["events"]] == [e.seen_by("p1").to_dict() for e in many]
        assert frames[-1]["view"] == game.state.view_for("p1")


def test_an_update_made_on_its_own_is_plain_to_change() -> None:
    """A host (or a test) that changes an update it made alone sends it as changed."""
    game, events = Game.new(["p1", "p2", "p3"], SeededSource(2), "mission")
    update = private_update(game, "g", 1, "p1", events, [])
    assert type(update) is dict and update == own_update(game, "p1", events) | {"n": 1, "away": []}
    update["events"][0]["type"] = "changed"
    assert decoded(on_the_wire(update, None))["events"][0]["type"] == "changed"
