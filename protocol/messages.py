"""Every message of the protocol, its fields, and their validation.

A message is a msgpack map with a ``type``. Signed messages travel inside an envelope
(``protocol.signing``); ``validate`` checks a bare message against its schema, so nothing
malformed reaches the host's engine or a client's view. See docs/protocol.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import ProtocolError

PROTOCOL_VERSION = 2

Check = Callable[[Any], bool]


def text(max_len: int = 64) -> Check:
    return lambda v: isinstance(v, str) and 0 < len(v) <= max_len


def whole(low: int = 0, high: int = 2**31) -> Check:
    return lambda v: type(v) is int and low <= v <= high


def raw(size: int) -> Check:
    return lambda v: isinstance(v, bytes) and len(v) == size


def optional(check: Check) -> Check:
    return lambda v: v is None or check(v)


def mapping(v: Any) -> bool:
    return isinstance(v, dict)


def listing(v: Any) -> bool:
    return isinstance(v, list)


def flag(v: Any) -> bool:
    return isinstance(v, bool)


def seconds(v: Any) -> bool:
    return (type(v) is int or type(v) is float) and 0 <= v <= 1e7


GAME_ID = text(32)
SEAT = text(16)

# Client to host.
CLIENT_MESSAGES: dict[str, dict[str, Check]] = {
    "hello": {
        "version": whole(),
        "name": text(24),
        "key": raw(32),
        "token": optional(raw(16)),
        # The host's broadcasts this client has already checked: the replay starts after them.
        "have": optional(whole()),
    },
    "ready": {},
    "reclaim": {},
    # The client has taken in the game's end (the host stays up until every player has).
    "done": {},
    "commit": {"game": GAME_ID, "tip": raw(32)},
    "reveal": {"game": GAME_ID, "roll": whole(1), "link": raw(32), "seen": raw(32)},
    "act": {"game": GAME_ID, "seq": whole(1), "action": mapping},
    "say": {"text": text(200)},
    "colour": {"colour": text(16)},
    "table": {"mode": text(32), "seats": whole(2, 6), "bots": whole(0, 6)},
    # The host's own player only: free a seat in the lobby, stop or restart the absence
    # clock, give a player more time, hand a seat to a bot now.
    "remove": {"seat": SEAT},
    "pause": {"on": flag},
    "more_time": {"seat": SEAT, "seconds": whole(1, 3600)},
    "hand_to_bot": {"seat": SEAT},
}

# Host to client.
HOST_MESSAGES: dict[str, dict[str, Check]] = {
    "welcome": {
        "version": whole(),
        "game": GAME_ID,
        "seat": SEAT,
        "colour": text(16),
        "token": raw(16),
        "host_key": raw(32),
    },
    "error": {"code": text(32), "message": text(300)},
    "chat": {"seat": SEAT, "name": text(24), "text": text(200)},
    "lobby": {
        "seats": listing,
        "total": whole(2, 6),
        "mode": text(32),
        "state": text(16),
        "owner": optional(SEAT),
    },
    "start": {
        "game": GAME_ID,
        "players": listing,
        "keys": mapping,
        "contributors": listing,
        "rules": text(32),
        "chain_length": whole(1, 1 << 20),
        "secret_commit": raw(32),
    },
    "commits": {"game": GAME_ID, "envelopes": listing},
    "move": {
        "game": GAME_ID,
        "n": whole(1),
        "seat": SEAT,
        "action": mapping,
        "request": optional(mapping),
        "roll": optional(whole(1)),
    },
    "reveals": {"game": GAME_ID, "roll": whole(1), "envelopes": listing},
    "takeover": {"game": GAME_ID, "seat": SEAT, "roll": whole(1)},
    "handback": {"game": GAME_ID, "seat": SEAT, "roll": whole(1), "commit": optional(mapping)},
    "events": {"game": GAME_ID, "n": whole(0), "events": listing},
    "clock": {"game": GAME_ID, "paused": flag, "waits": listing},
    "update": {
        "game": GAME_ID,
        "n": whole(0),
        "events": listing,
        "view": mapping,
        "waiting": optional(SEAT),
        "away": listing,
    },
    "over": {"game": GAME_ID, "winner": optional(SEAT), "secret": raw(32), "reason": text(32)},
}

# The host's broadcasts that make up the transcript, each in a signed envelope. The others
# (welcome, error, lobby, events, update, clock) are plain: private to one peer, and outside
# the transcript.
SIGNED_BY_HOST = frozenset({"start", "commits", "move", "reveals", "takeover", "handback", "over"})

# One entry of a `clock`'s `waits`: a seat the game waits for, why (`away`, `move`, `reveal`
# or `commit`), for how many seconds so far, and how many are left before a bot takes the
# seat (nil: never).
CLOCK_WAIT: dict[str, Check] = {
    "seat": SEAT,
    "why": text(16),
    "waited": seconds,
    "left": optional(seconds),
}

# Every CHECKPOINT-th roll, clients check the signatures of all its reveals, so each peer's
# own word for what it had seen is confirmed (fairness.md, "Equivocation").
CHECKPOINT = 8


def validate(message: Any, schemas: dict[str, dict[str, Check]]) -> dict[str, Any]:
    """Return ``message`` if it is a known type with exactly its fields, each well-formed."""
    if not isinstance(message, dict):
        raise ProtocolError("malformed", "a message must be a map")
    kind = message.get("type")
    schema = schemas.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}")
    fields = set(message) - {"type"}
    missing = [f for f in schema if f not in message and not schema[f](None)]
    extra = fields - set(schema)
    if missing or extra:
        raise ProtocolError(
            "malformed", f"{kind}: missing {sorted(missing)}, unexpected {sorted(extra)}"
        )
    for name, check in schema.items():
        if not check(message.get(name)):
            raise ProtocolError("malformed", f"{kind}: field {name!r} is not valid")
    return message
