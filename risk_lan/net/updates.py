"""What the host works out about a move before and after applying it: whether it needs
chance, and each seat's private update."""

from __future__ import annotations

from itertools import islice
from typing import Any

from protocol.framing import Packed, map_header, plain, plain_array, plain_entries
from risk_lan.rules import Action, Event, Game
from risk_lan.rules.state import OWN_VIEW_KEYS


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
    them, made and packed once; each seat's update then differs only where a secret is its
    own (its hand, its objective, a card it drew), is packed already (``Update``), and must
    not be changed. Without ``shared``, an update of plain dicts of its own."""
    # Not signed: an update is private to its seat and stays out of the transcript, and
    # what in it bears on fairness (every die) each client checks against the signed
    # public history. Signing one per seat per move would cost more than the game.
    if shared is None:
        seen = [e.seen_by(seat).to_dict() for e in events]
        return _update(game_id, n, seen, game.state.view_for(seat), game.waiting_for(), away)
    public = shared.get(_PUBLIC)
    if public is None:
        public = shared[_PUBLIC] = _Public(game, game_id, n, events)
    seen, packed, array = public.events, public.packed_events, public.packed_array
    if public.secret:
        for i in public.secret:
            event = events[i].seen_by(seat)
            if event is not events[i]:
                if seen is public.events:
                    seen, packed = list(seen), list(packed)
                seen[i] = event.to_dict()
                packed[i] = plain(seen[i])
        if packed is not public.packed_events:
            array = plain_array(packed)
    view = game.state.view_for(seat, public.view)
    packed_view = public.packed_view(view)
    tail = plain_entries({"waiting": public.waiting, "away": away})
    payload = b"".join((public.head, _EVENTS, array, _VIEW, packed_view, tail))
    update = _update(game_id, n, seen, view, public.waiting, away)
    return Update(update, payload, packed, packed_view)


def _update(
    game_id: str, n: int, events: list[Any], view: dict[str, Any], waiting: Any, away: list[str]
) -> dict[str, Any]:
    return {
        "type": "update",
        "game": game_id,
        "n": n,
        "events": events,
        "view": view,
        "waiting": waiting,
        "away": away,
    }


_PUBLIC = "public"  # the key of what the updates of one move share
_EVENTS, _VIEW = plain("events"), plain("view")


class _Public:
    """What every seat's update after one move starts from, and its parts packed once."""

    def __init__(self, game: Game, game_id: str, n: int, events: list[Event]) -> None:
        self.view = game.state.public_view()
        self.waiting = game.waiting_for()
        self.head = map_header(7) + plain_entries({"type": "update", "game": game_id, "n": n})
        self.events = [e.to_dict() for e in events]  # as their players see them
        self.packed_events = [plain(e) for e in self.events]
        self.packed_array = plain_array(self.packed_events)
        # The events some seats see otherwise (a drawn card, say): each seat's own way.
        self.secret = [i for i, e in enumerate(events) if type(e).seen_by is not Event.seen_by]
        # The view's entries in runs: those every view shares, packed, and a view's own
        # (keys), by which entries are a view's own.
        self._runs: dict[tuple[str, ...], list[bytes | str]] = {}

    def packed_view(self, view: dict[str, Any]) -> bytes:
        """``plain(view)`` for a view made from this one's (``GameState.view_for``)."""
        own = tuple(k for k in OWN_VIEW_KEYS if view[k] is not self.view[k])
        runs = self._runs.get(own)
        if runs is None:
            runs = self._runs[own] = []
            keys, start = list(self.view), 0
            for end in sorted(keys.index(k) for k in own):
                if end > start:
                    runs.append(plain_entries(dict(islice(self.view.items(), start, end))))
                runs.append(keys[end])
                start = end + 1
            if start < len(keys):
                runs.append(plain_entries(dict(islice(self.view.items(), start, None))))
        parts = [map_header(len(view))]
        for run in runs:
            parts.append(run if type(run) is bytes else plain(run) + plain(view[run]))
        return b"".join(parts)


class Update(Packed):
    """An update packed from parts (``private_update``), which keeps its events and its view
    packed, to split it (``split_update``) without packing them again."""

    __slots__ = ("packed_events", "packed_view")

    def __init__(
        self, update: dict[str, Any], payload: bytes, events: list[bytes], view: bytes
    ) -> None:
        super().__init__(update, payload)
        self.packed_events, self.packed_view = events, view


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
    head = {"type": "events", "game": update["game"], "n": update["n"]}
    if type(update) is not Update:
        leading = [
            {**head, "events": events[i : i + EVENTS_PER_MESSAGE]}
            for i in range(0, cut, EVENTS_PER_MESSAGE)
        ]
        return [*leading, {**update, "events": events[cut:]}]
    packed, parts = update.packed_events, []
    for i in range(0, cut, EVENTS_PER_MESSAGE):
        chunk = slice(i, i + EVENTS_PER_MESSAGE)
        payload = map_header(4) + plain_entries(head) + _EVENTS + plain_array(packed[chunk])
        parts.append(Packed({**head, "events": events[chunk]}, payload))
    last = {**update, "events": events[cut:]}
    payload = b"".join(
        (
            map_header(7),
            plain_entries({"type": "update", "game": update["game"], "n": update["n"]}),
            _EVENTS,
            plain_array(packed[cut:]),
            _VIEW,
            update.packed_view,
            plain_entries({"waiting": update["waiting"], "away": update["away"]}),
        )
    )
    return [*parts, Update(last, payload, packed[cut:], update.packed_view)]
