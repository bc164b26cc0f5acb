"""What the host works out about a move before and after applying it: whether it needs
chance, and each seat's private update."""

from __future__ import annotations

from typing import Any

from risk_lan.rules import Action, Event, Game


class NeedsChance(Exception):
    """Raised by the probe source: the action would use the dice or a shuffle."""


class NoChance:
    """The dice source of a move published without a roll: asking it for any is a bug."""

    def dice(self, count: int, sides: int = 6) -> list[int]:
        raise NeedsChance

    def permutation(self, n: int) -> list[int]:
        raise NeedsChance


def needs_chance(game: Game, seat: str, action: Action) -> bool:
    """Whether applying ``action`` would roll dice or shuffle, found on a copy of the game."""
    trial = Game(game.state.copy(), NoChance())
    try:
        trial.apply(seat, action)
    except NeedsChance:
        return True
    return False


def private_update(
    game: Game,
    game_id: str,
    n: int,
    seat: str,
    events: list[Event],
    away: list[str],
    converted: dict[int, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The update for ``seat`` after move ``n``: the events as it may see them, its view,
    whom the game waits for and which players are not connected. ``converted`` shares event
    dicts among the seats of one move."""
    # Not signed: an update is private to its seat and stays out of the transcript, and
    # what in it bears on fairness (every die) each client checks against the signed
    # public history. Signing one per seat per move would cost more than the game.
    return {
        "type": "update",
        "game": game_id,
        "n": n,
        "events": [_as_seen(e, seat, converted) for e in events],
        "view": game.view(seat),
        "waiting": game.waiting_for(),
        "away": away,
    }


# Events in one message: a blitz of hundreds of battles goes out in several frames, each well
# under the frame limit (a battle is about 150 bytes), so no legal move is too large to send.
EVENTS_PER_MESSAGE = 128


def split_update(update: dict[str, Any]) -> list[dict[str, Any]]:
    """The messages that carry ``update``: its leading events in ``events`` messages when
    there are many, then the update itself with the last of them."""
    events = update["events"]
    if len(events) <= EVENTS_PER_MESSAGE:
        return [update]
    cut = (len(events) - 1) // EVENTS_PER_MESSAGE * EVENTS_PER_MESSAGE
    leading = [
        {
            "type": "events",
            "game": update["game"],
            "n": update["n"],
            "events": events[i : i + EVENTS_PER_MESSAGE],
        }
        for i in range(0, cut, EVENTS_PER_MESSAGE)
    ]
    return [*leading, {**update, "events": events[cut:]}]


def _as_seen(event: Event, seat: str, converted: dict[int, dict[str, Any]] | None) -> dict:
    """The event as ``seat`` may see it, as a dict. One that hides nothing from the seat is
    converted once for every seat (events and their dicts are never changed)."""
    seen = event.seen_by(seat)
    if converted is None or seen is not event:
        return seen.to_dict()
    plain = converted.get(id(event))
    if plain is None:
        plain = converted[id(event)] = event.to_dict()
    return plain
