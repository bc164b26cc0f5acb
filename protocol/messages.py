"""Every message of the protocol, its fields, and their validation.

A message is a msgpack map with a ``type``. Signed messages travel inside an envelope
(``protocol.signing``). ``validate`` checks a bare message against its schema and
``validate_envelope`` a client's signed one, envelope and body alike; ``check_size`` holds
each client message to its size. Nothing malformed reaches the host's engine, a client's
view, or a relayed message. See docs/protocol.md.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from .errors import ProtocolError
from .framing import MAX_FRAME, Packed, plain

PROTOCOL_VERSION = 8

Check = Callable[[Any], bool]


def text(max_len: int = 64) -> Check:
    return lambda v: isinstance(v, str) and 0 < len(v) <= max_len


def has_control(value: str) -> bool:
    """Whether ``value`` holds a character a terminal may act on rather than show: any of
    Unicode's control, format, surrogate, private-use or unassigned characters (category C),
    or a line or paragraph separator."""
    return not value.isprintable() and any(
        unicodedata.category(c)[0] == "C" or c in "\u2028\u2029" for c in value
    )


class Words:
    """Text a person reads (a name, a chat line): at most ``max_len`` characters, with no
    control character nor line break, and something visible in it (unless ``blank``). A
    text that fails is ``bad_text``, not ``malformed``: the message is refused, the
    connection kept."""

    def __init__(self, max_len: int, blank: bool = False) -> None:
        self.max_len, self.blank = max_len, blank

    def __call__(self, v: Any) -> bool:
        return (
            isinstance(v, str)
            and len(v) <= self.max_len
            and (self.blank or v.strip() != "")
            and not has_control(v)
        )

    def why(self) -> str:
        visible = "" if self.blank else "something to read, "
        return f"at most {self.max_len} characters, {visible}no control characters or line breaks"


def label(max_len: int) -> Check:
    """A short text that may be empty (a colour not yet chosen)."""
    return lambda v: isinstance(v, str) and len(v) <= max_len


def without_controls(value: str) -> str:
    """``value`` with each character ``has_control`` refuses made a space (for the host's own
    error messages, which may quote what a peer sent)."""
    if not has_control(value):
        return value
    return "".join(
        " " if unicodedata.category(c)[0] == "C" or c in "\u2028\u2029" else c for c in value
    )


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


def fits(value: Any, schema: dict[str, Check], absent: frozenset[str] = frozenset()) -> bool:
    """Whether ``value`` is a map with exactly the fields of ``schema``, each well-formed;
    the fields named in ``absent`` may also be left out."""
    return (
        isinstance(value, dict)
        and schema.keys() - absent <= value.keys() <= schema.keys()
        and all(check(value[name]) for name, check in schema.items() if name in value)
    )


def list_of(schema: dict[str, Check], most: int, absent: frozenset[str] = frozenset()) -> Check:
    """A list of at most ``most`` maps, each with exactly the fields of ``schema`` (those of
    ``absent`` may be left out)."""
    return lambda v: (
        isinstance(v, list) and len(v) <= most and all(fits(e, schema, absent) for e in v)
    )


# A bot's level in `lobby` and `start` (easy, normal, hard; exec: a program of the
# player's): on the host's bot seats, and on a seat whose client said it plays by a bot.
LEVEL = text(8)
ONLY_BOTS = frozenset({"level"})


# An action's fields on the wire. The engine knows which fields each action has
# (``risk_lan.rules.actions.action_from_wire`` checks them exactly); the wire holds any act
# to this shape: a map of a few short fields, each nil, a boolean, an integer, a short text
# or a short list of short texts.
ACTION_FIELDS = 8
ACTION_TEXT = 64  # characters of one text in an action (an id, a seal, a nonce)
# A trade of stars may give up to 10 cards (10 stars of 1), the most any list holds.
ACTION_LIST = 10  # texts of one list in an action (a trade's cards, a support's sources)


def _action_value(v: Any) -> bool:
    if v is None or type(v) is bool:
        return True
    if type(v) is int:
        return -(2**31) <= v <= 2**31
    if type(v) is str:
        return 0 < len(v) <= ACTION_TEXT
    return (
        type(v) is list
        and len(v) <= ACTION_LIST
        and all(type(e) is str and 0 < len(e) <= ACTION_TEXT for e in v)
    )


def action_shape(v: Any) -> bool:
    return (
        isinstance(v, dict)
        and 0 < len(v) <= ACTION_FIELDS
        and type(v.get("type")) is str
        and all(type(k) is str and len(k) <= 32 and _action_value(x) for k, x in v.items())
    )


def names(most: int) -> Check:
    """A list of at most ``most`` players' names."""
    return lambda v: isinstance(v, list) and len(v) <= most and all(map(NAME, v))


GAME_ID = text(32)
SEAT = text(16)
NAME = Words(24)

# Client to host.
CLIENT_MESSAGES: dict[str, dict[str, Check]] = {
    "hello": {
        "version": whole(),
        "name": NAME,
        "key": raw(32),
        "token": optional(raw(16)),
        # The host's broadcasts this client has already checked: the replay starts after them.
        "have": optional(whole()),
        # A spectator: sees the public view, the log and the chat, and takes no seat.
        "watch": optional(flag),
        # A seat a bot plays at this client (``join --bot``): its level, told to the table.
        "bot": optional(LEVEL),
    },
    "ready": {},
    "reclaim": {},
    # The client has taken in the game's end (the host stays up until every player has).
    "done": {},
    # In a sealed game (the start's ``sealed``) a commitment also carries the party's layer
    # key and its escrow (the sealed deck's ``escrow_deal``); in any other, neither.
    "commit": {
        "game": GAME_ID,
        "tip": raw(32),
        "layer": optional(raw(32)),
        "escrow": optional(mapping),
    },
    "reveal": {"game": GAME_ID, "roll": whole(1), "link": raw(32), "seen": raw(32)},
    # ``openings``: in a sealed game, the sealed deck's ``open`` messages of the cards the
    # action names that the seat holds sealed (``projection.opened_by``).
    "act": {
        "game": GAME_ID,
        "seq": whole(1),
        "action": action_shape,
        "openings": optional(lambda v: isinstance(v, list) and 1 <= len(v) <= 12),
    },
    # A sealed game's deck: one step of the party's, the sealed deck's message (its form and
    # its proof are the ledger's to check: protocol.sealeddeck).
    "deck": {"game": GAME_ID, "step": mapping},
    "say": {"text": Words(200)},
    "colour": {"colour": text(16)},
    "table": {
        "mode": text(32),
        "seats": whole(2, 6),
        "bots": whole(0, 6),
        # The level of each bot seat, in seat order (left out: the bots keep theirs).
        "levels": optional(lambda v: isinstance(v, list) and len(v) <= 6 and all(map(LEVEL, v))),
    },
    # The host's own player only: free a seat in the lobby, stop or restart the absence
    # clock, give a player more time, hand a seat to a bot now.
    "remove": {"seat": SEAT},
    "pause": {"on": flag},
    "more_time": {"seat": SEAT, "seconds": whole(1, 3600)},
    "hand_to_bot": {"seat": SEAT},
    # Life in the lobby: the answer to the host's ``ping`` (any message counts as life).
    "pong": {},
    # A game with a password: the answer to ``challenge`` (see protocol.password).
    "proof": {"mac": raw(32)},
    # The host's own player only: let a joiner waiting for approval in (``yes``) or not.
    "admit": {"id": SEAT, "yes": flag},
}

# The client's messages that travel signed, in an envelope with exactly the fields
# ENVELOPE names: nothing else, at any level, is taken or relayed.
SIGNED_BY_CLIENT = frozenset({"commit", "reveal", "act", "deck"})
ENVELOPE: dict[str, Check] = {"type": text(8), "from": SEAT, "body": mapping, "sig": raw(64)}

# The most bytes each client message may pack to (a signed one: its whole envelope). A
# message over its size is `too_large`. The largest well-formed messages fit easily (an
# act's action holds at most 8 fields of 64 characters; an honest act packs to about 200
# bytes, a reveal to about 230). The limits are what keeps every message of the host's
# that carries a client's within MAX_FRAME (64 KiB), whatever the client sends: a `move`
# carries one act and its action (at most 2 × 4,096 bytes), a `reveals` or a `commits` one
# reveal or commitment per contributor (7 at most; counted here as MAX_CONTRIBUTORS × 512),
# a `handback` one commitment, an `expel` at most two of the seat's signed messages (2 × 4,096
# at most), a `chat` one `say` (with the name), a `lobby` or a `start`
# each seat's name. MAX_HOST_CARRIES, the most a host message carries from clients, leaves
# room in a frame for the host's own fields; tests build the largest of each.
MAX_PACKED: dict[str, int] = {
    "hello": 512,
    "ready": 64,
    "reclaim": 64,
    "done": 64,
    # A sealed game's commitment carries an escrow: 5 sealed shares of 80 bytes, 4
    # commitments of 32 and a proof of 64 at 6 parties, about 1,000 bytes in all.
    "commit": 1536,
    "reveal": 512,
    # An act opening sealed cards carries about 170 bytes for each (10 at most, a trade of
    # stars).
    "act": 4096,
    # A shuffle step of a deal: 44 cards (the classic pile) pack to about 6,300 bytes.
    "deck": 16384,
    "say": 1024,
    "colour": 128,
    "table": 256,
    "remove": 128,
    "pause": 64,
    "more_time": 128,
    "hand_to_bot": 128,
    "pong": 64,
    "proof": 128,
    "admit": 128,
}
MAX_CONTRIBUTORS = 16  # the host and a seat each; a table has at most 6 seats
MAX_WATCHERS = 16  # spectators connected at once: each costs the host an update a move
MAX_KNOCKING = 8  # joiners waiting at once for the host's player's approval
MAX_HOST_CARRIES = max(
    2 * MAX_PACKED["act"],
    MAX_CONTRIBUTORS * max(MAX_PACKED["reveal"], MAX_PACKED["commit"]),
    MAX_CONTRIBUTORS * MAX_PACKED["hello"],
    MAX_PACKED["deck"],
)
assert MAX_HOST_CARRIES + 4096 < MAX_FRAME

# Host to client.
HOST_MESSAGES: dict[str, dict[str, Check]] = {
    "welcome": {
        "version": whole(),
        "game": GAME_ID,
        "seat": SEAT,
        "colour": label(16),  # empty for a spectator
        "token": raw(16),
        "host_key": raw(32),
        # True for a spectator, whose ``seat`` is then its own id at the table, not a seat.
        "watching": optional(flag),
    },
    "error": {"code": text(32), "message": Words(300)},
    "chat": {"seat": SEAT, "name": NAME, "text": Words(200)},
    "lobby": {
        "seats": list_of(
            {
                "seat": SEAT,
                "name": Words(24, blank=True),  # blank: an open seat
                "kind": text(8),
                "colour": label(16),
                "ready": flag,
                "level": LEVEL,
            },
            MAX_CONTRIBUTORS,
            ONLY_BOTS,
        ),
        "total": whole(2, 6),
        "mode": Words(32),
        "state": text(16),
        "owner": optional(SEAT),
        # The names of the spectators connected (see MAX_WATCHERS).
        "watchers": optional(names(MAX_WATCHERS)),
        # The game deals its hidden cards by the sealed deck (``host --sealed``): said in
        # every lobby, so that a player knows it before being seated, not only at the start.
        "sealed": flag,
    },
    "start": {
        "game": GAME_ID,
        "players": list_of(
            {"seat": SEAT, "name": NAME, "kind": text(8), "colour": label(16), "level": LEVEL},
            MAX_CONTRIBUTORS,
            ONLY_BOTS,
        ),
        "keys": mapping,
        "contributors": listing,
        "rules": Words(32),
        "chain_length": whole(1, 1 << 20),
        "secret_commit": raw(32),
        # True: the hidden cards are dealt by the sealed deck, every contributor a party.
        "sealed": optional(flag),
    },
    "commits": {"game": GAME_ID, "envelopes": listing},
    "move": {
        "game": GAME_ID,
        "n": whole(1),
        "seat": SEAT,
        "action": mapping,
        "request": optional(mapping),
        "roll": optional(whole(1)),
        # A sealed game's move of a host bot's seat: the host's openings of the cards it names.
        "openings": optional(lambda v: isinstance(v, list) and 1 <= len(v) <= 12),
    },
    "reveals": {"game": GAME_ID, "roll": whole(1), "envelopes": listing},
    # A sealed game's deck: a party's step, as it signed it; and the challenge roll of a
    # party's shuffle, whose reveals draw the randomness of its proof.
    "deck_step": {"game": GAME_ID, "envelope": mapping},
    "deal_roll": {"game": GAME_ID, "deal": text(32), "party": SEAT, "roll": whole(1)},
    "takeover": {"game": GAME_ID, "seat": SEAT, "roll": whole(1)},
    "handback": {"game": GAME_ID, "seat": SEAT, "roll": whole(1), "commit": optional(mapping)},
    # A player proven to misbehave: a bot plays the seat from `roll` on, for good. `why` is
    # what it did (fairness.EXPULSIONS), `evidence` its own signed messages that show it.
    "expel": {
        "game": GAME_ID,
        "seat": SEAT,
        "roll": whole(1),
        "why": text(16),
        "evidence": lambda v: isinstance(v, list) and 1 <= len(v) <= 2 and all(map(mapping, v)),
    },
    "events": {"game": GAME_ID, "n": whole(0), "events": listing},
    "clock": {"game": GAME_ID, "paused": flag, "waits": listing},
    "update": {
        "game": GAME_ID,
        "n": whole(0),
        "events": listing,
        "view": optional(mapping),
        "changes": optional(mapping),
        "waiting": optional(SEAT),
        "away": listing,
    },
    "over": {"game": GAME_ID, "winner": optional(SEAT), "secret": raw(32), "reason": Words(32)},
    # The lobby's liveness check: a client answers with ``pong``.
    "ping": {},
    # A game with a password, after a ``hello``: answer with ``proof``.
    "challenge": {"salt": raw(16), "nonce": raw(16)},
    # To a joiner: the host's player has been asked to let it in.
    "awaiting": {},
    # To the host's own player: the joiners waiting for its approval, oldest first.
    "knocks": {"joiners": list_of({"id": SEAT, "name": NAME}, MAX_KNOCKING)},
    # To the table: something happened to a player in the lobby (``code``: ``silent``, it
    # stopped answering and lost its seat; ``freed``, the host freed its seat).
    "notice": {"code": text(32), "name": NAME},
}

# The host's broadcasts that make up the transcript, each in a signed envelope. The others
# (welcome, error, lobby, events, update, clock) are plain: private to one peer, and outside
# the transcript.
SIGNED_BY_HOST = frozenset(
    {
        "start",
        "commits",
        "move",
        "reveals",
        "deck_step",
        "deal_roll",
        "takeover",
        "handback",
        "expel",
        "over",
    }
)

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
# own word for what it had seen is confirmed (protocol.md, "The transcript and checkpoints").
CHECKPOINT = 32


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
            "malformed",
            f"{kind}: missing {sorted(missing)}, unexpected {sorted(map(repr, extra))}",
        )
    for name, check in schema.items():
        if not check(message.get(name)):
            if isinstance(check, Words) and isinstance(message.get(name), str):
                raise ProtocolError("bad_text", f"{kind}: the {name} must be {check.why()}")
            raise ProtocolError("malformed", f"{kind}: field {name!r} is not valid")
    return message


def check_size(message: dict[str, Any]) -> None:
    """Refuse (``too_large``) a client message over its MAX_PACKED size. One of no known type
    is held to the largest size, and then refused for its shape."""
    kind = message.get("type")
    if kind == "signed":
        body = message.get("body")
        kind = body.get("type") if isinstance(body, dict) else None
        if not isinstance(kind, str) or kind not in SIGNED_BY_CLIENT:
            kind = "act"  # the largest a client signs
    largest = MAX_PACKED["act"]
    limit = MAX_PACKED.get(kind, largest) if isinstance(kind, str) else largest
    # Its size on the wire: the bytes it came in, when they were kept (a signed message).
    size = len(message.payload) if type(message) is Packed else len(plain(message))
    if size > limit:
        raise ProtocolError("too_large", f"a {kind!r} message of {size} bytes (at most {limit})")


def validate_envelope(message: Any) -> dict[str, Any]:
    """Check a client's signed message, its envelope as exactly as its body (a known signed
    type, its fields and theirs, each well-formed), and return it rebuilt from those parts
    alone: what the host keeps and relays is never more than what was checked. The
    signature is not checked here."""
    if not fits(message, ENVELOPE) or message["type"] != "signed":
        extra = sorted(map(repr, set(message) - set(ENVELOPE))) if mapping(message) else []
        why = f"has unexpected {', '.join(extra)}" if extra else "lacks a well-formed field"
        raise ProtocolError("malformed", f"a signed message {why} (type, from, body, sig)")
    body = message["body"]
    kind = body.get("type")
    if not isinstance(kind, str) or kind not in SIGNED_BY_CLIENT:
        raise ProtocolError(
            "malformed", "a client signs only " + ", ".join(sorted(SIGNED_BY_CLIENT))
        )
    validate(body, CLIENT_MESSAGES)
    # Rebuilt in canonical order, every map's keys sorted, so that a broadcast relaying it is
    # packed canonically as it stands (``framing.remember_canonical``).
    return {"body": _copied(body), "from": message["from"], "sig": message["sig"], "type": "signed"}


def _copied(value: Any) -> Any:
    """A copy of a checked value, each map's keys in canonical (sorted) order."""
    if type(value) is dict:
        return {k: _copied(value[k]) for k in sorted(value)}
    if type(value) is list:
        return [_copied(v) for v in value]
    return value
