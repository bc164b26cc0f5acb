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
    shared: dict[Any, Any] | None = None,
) -> dict[str, Any]:
    """The update for ``seat`` after move ``n``: the events as it may see them, its view,
    whom the game waits for and which players are not connected.

    ``shared`` is what the updates of one move share: the same dict, empty at first, given
    for every seat. The first update fills it with the view and the events as anyone sees
    them, made once; each seat's update then differs only where a secret is its own (its
    hand, its objective, a card it drew), and shares the rest, which must not be changed."""
    # Not signed: an update is private to its seat and stays out of the transcript, and
    # what in it bears on fairness (every die) each client checks against the signed
    # public history. Signing one per seat per move would cost more than the game.
    if shared is None:
        shared = {}
    public = shared.get(_PUBLIC)
    if public is None:
        public = shared[_PUBLIC] = _Public(game, events)
    seen = public.events
    if public.secret:
        seen = list(seen)
        for i in public.secret:
            event = events[i].seen_by(seat)
            if event is not events[i]:
                seen[i] = event.to_dict()
    return {
        "type": "update",
        "game": game_id,
        "n": n,
        "events": seen,
        "view": game.state.view_for(seat, public.view),
        "waiting": public.waiting,
        "away": away,
    }


_PUBLIC = "public"  # the key of what the updates of one move share


class _Public:
    """What every seat's update after one move starts from."""

    def __init__(self, game: Game, events: list[Event]) -> None:
        self.view = game.state.public_view()
        self.waiting = game.waiting_for()
        self.events = [e.to_dict() for e in events]  # as their players see them
        # The events some seats see otherwise (a drawn card, say): each seat's own way.
        self.secret = [i for i, e in enumerate(events) if type(e).seen_by is not Event.seen_by]


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
