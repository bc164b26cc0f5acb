"""Each seat's private update, as the host makes it once a move is applied, and how a
client rebuilds its view from the changes an update carries."""

from __future__ import annotations

from typing import Any

from protocol.errors import ProtocolError
from protocol.framing import Packed, map_header, plain, plain_array, plain_entries
from risk_lan.rules import Event, Game
from risk_lan.rules.state import OWN_VIEW_KEYS


def private_update(
    game: Game,
    game_id: str,
    n: int,
    seat: str | None,
    events: list[Event],
    away: list[str],
    shared: dict[Any, Any] | None = None,
) -> dict[str, Any]:
    """The update for ``seat`` (None: a spectator) after move ``n``: the events as it may
    see them, its whole view, whom the game waits for and which players are not connected.
    ``on_the_wire`` makes the message that carries it to one connection.

    ``shared`` is what the updates of one move share: the same dict, empty at first, given
    for every seat. The first update fills it with the view and the events as anyone sees
    them, made once; each seat's update then differs only where a secret is its own (its
    hand, its objective, a card it drew), and must not be changed. Without ``shared``, an
    update of plain dicts of its own."""
    # Not signed: an update is private to its seat and stays out of the transcript, and
    # what in it bears on fairness (every die) each client checks against the signed
    # public history. Signing one per seat per move would cost more than the game.
    if shared is None:
        seen = [e.seen_by(seat).to_dict() for e in events]
        return _update(game_id, n, seen, game.state.view_for(seat), game.waiting_for(), away)
    public = shared.get(_PUBLIC)
    if public is None:
        public = shared[_PUBLIC] = _Public(game, events)
    seen = public.events
    for i in public.secret:
        event = events[i].seen_by(seat)
        if event is not events[i]:
            if seen is public.events:
                seen = list(seen)
            seen[i] = event.to_dict()
    view = game.state.view_for(seat, public.view)
    public.made[id(view)] = view
    return _update(game_id, n, seen, view, public.waiting, away)


def _update(
    game_id: str, n: int, events: list[Any], view: dict[str, Any], waiting: Any, away: list[str]
) -> dict[str, Any]:
    return {
        "type": "update",
        "game": game_id,
        "n": n,
        "events": events,
        "view": view,
        "changes": None,
        "waiting": waiting,
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
        self.made: dict[int, dict[str, Any]] = {}  # the views made from this one, by id
        self.changes: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}  # see on_the_wire


# The view's maps by territory: their changes name only the territories that changed.
BY_TERRITORY = ("owner", "armies")


def view_changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What changed from the view ``before`` to ``after``: each field whose value changed,
    with its new value; for a map by territory, only the territories whose value changed."""
    changes = {}
    for key, value in after.items():
        old = before.get(key, _MISSING)
        if old is value or old == value:
            continue
        if key in BY_TERRITORY and type(old) is dict:
            changes[key] = {t: v for t, v in value.items() if old.get(t, _MISSING) != v}
        else:
            changes[key] = value
    return changes


def with_changes(before: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """The view ``before`` with ``changes`` (``view_changes``) made; ValueError for changes
    that do not fit it (a field or a territory it lacks)."""
    view = dict(before)
    for key, value in changes.items():
        if key not in view:
            raise ValueError(f"a change to {key!r}, which the view lacks")
        if key in BY_TERRITORY:
            old = view[key]
            if type(value) is not dict or type(old) is not dict or not value.keys() <= old.keys():
                raise ValueError(f"the changes to {key!r} name no territory of the board")
            view[key] = {**old, **value}
        else:
            view[key] = value
    return view


_MISSING = object()


def received_view(update: dict[str, Any], before: dict[str, Any] | None) -> dict[str, Any]:
    """The view an update received brings its connection to, from the view the update
    before brought it to (None: none yet): its whole view, or that one with its changes."""
    view, changes = update["view"], update["changes"]
    if (view is None) == (changes is None) or (view is None and before is None):
        raise ProtocolError("malformed", "an update needs a whole view or changes", "host")
    if view is not None:
        whole: dict[str, Any] = view
        return whole
    assert before is not None
    try:
        return with_changes(before, changes)
    except ValueError as e:
        raise ProtocolError("malformed", f"an update's changes: {e}", "host") from None


class Update(Packed):
    """An update on its way to one connection (``on_the_wire``): its events packed once for
    every seat that sees them alike, to split it (``split_update``) without packing them
    again; ``whole_view`` is the whole view it brings its connection to, and ``public`` the
    view every seat's of that move was made from (None: made on its own)."""

    __slots__ = ("packed_events", "public", "whole_view")

    def __init__(
        self,
        update: dict[str, Any],
        payload: bytes,
        events: list[bytes],
        view: dict[str, Any],
        public: dict[str, Any] | None,
    ) -> None:
        super().__init__(update, payload)
        self.packed_events, self.whole_view, self.public = events, view, public


def on_the_wire(
    update: dict[str, Any], before: Update | None, shared: dict[Any, Any] | None = None
) -> Update:
    """The message that carries ``update`` to a connection whose last update was ``before``:
    what changed in the view since (``changes``), or the whole view for a connection that
    has had none yet.

    With ``shared`` (as for ``private_update``), what changed in the view every seat's is made
    from is found once for all the seats, and only each seat's own fields are compared."""
    view = update["view"]
    public = shared.get(_PUBLIC) if shared is not None else None
    if public is not None and public.made.get(id(view)) is not view:
        public = None  # a view made otherwise (on its own): compared whole
    if before is None:
        rest = {"view": view, "changes": None}
    elif public is not None and before.public is not None:
        found = public.changes.get(id(before.public))
        if found is None or found[0] is not before.public:
            common = view_changes(before.public, public.view)
            for key in OWN_VIEW_KEYS:
                common.pop(key, None)
            found = public.changes[id(before.public)] = (before.public, common)
        changes = dict(found[1])
        for key in OWN_VIEW_KEYS:
            if view[key] != before.whole_view[key]:
                changes[key] = view[key]
        rest = {"view": None, "changes": changes}
    else:
        rest = {"view": None, "changes": view_changes(before.whole_view, view)}
    events = update["events"]
    found = shared.get(("events", id(events))) if shared is not None else None
    if found is None or found[0] is not events:
        found = (events, [plain(e) for e in events])
        if shared is not None:
            shared[("events", id(events))] = found
    packed = found[1]
    message = {**update, **rest}
    return Update(message, _payload(message, packed), packed, view, public and public.view)


def _payload(message: dict[str, Any], packed_events: list[bytes]) -> bytes:
    """``plain(message)``, from its events packed already."""
    head = {"type": message["type"], "game": message["game"], "n": message["n"]}
    tail: dict[str, Any] = {
        k: message[k] for k in ("view", "changes", "waiting", "away") if k in message
    }
    return b"".join(
        (
            map_header(len(head) + 1 + len(tail)),
            plain_entries(head),
            _EVENTS,
            plain_array(packed_events),
            plain_entries(tail),
        )
    )


_EVENTS = plain("events")


# Events in one message: a blitz of hundreds of battles goes out in several frames, each well
# under the frame limit (a battle is about 150 bytes), so no legal move is too large to send.
EVENTS_PER_MESSAGE = 128


def split_update(update: Update) -> list[dict[str, Any]]:
    """The messages that carry ``update``: its leading events in ``events`` messages when
    there are many, then the update itself with the last of them."""
    events = update["events"]
    if len(events) <= EVENTS_PER_MESSAGE:
        return [update]
    cut = (len(events) - 1) // EVENTS_PER_MESSAGE * EVENTS_PER_MESSAGE
    head = {"type": "events", "game": update["game"], "n": update["n"]}
    packed, parts = update.packed_events, []
    for i in range(0, cut, EVENTS_PER_MESSAGE):
        chunk = slice(i, i + EVENTS_PER_MESSAGE)
        payload = map_header(4) + plain_entries(head) + _EVENTS + plain_array(packed[chunk])
        parts.append(Packed({**head, "events": events[chunk]}, payload))
    last = {**update, "events": events[cut:]}
    payload = _payload(last, packed[cut:])
    return [*parts, Update(last, payload, packed[cut:], update.whole_view, update.public)]
