"""Frames on the wire, and the canonical msgpack of what is signed or hashed.

Frames: a 4-byte big-endian length, then that many bytes of msgpack. Sans-IO: ``encode``
turns a message into bytes, ``FrameDecoder`` takes bytes as they arrive and hands back whole
messages. Every limit is hard: a frame over ``MAX_FRAME`` bytes, a payload that is not one
msgpack map, strings or collections past their limits, nesting deeper than ``MAX_DEPTH``:
each is a ``ProtocolError`` and the connection should be dropped.

Canonical msgpack (``pack``) is the one encoding of a value that peers sign and hash (a
signature's bytes, the transcript's steps, a roll's move), so that a peer written in any
language gets the same bytes from the same value:

- maps have their keys sorted by the keys' UTF-8 bytes (ascending, bytewise), recursively,
  and every key is text;
- integers are in their shortest form (what msgpack-python does: a non-negative integer in
  the smallest of positive fixint, uint 8, 16, 32, 64; a negative one in the smallest of
  negative fixint, int 8, 16, 32, 64), and so is every length (of a string, binary, array,
  map);
- text is str, bytes are bin (never the old raw form), nil, true and false are themselves;
- arrays keep their order;
- no floats and no extension types: anything signed or hashed holding one is refused
  (``ProtocolError``, code ``malformed``).

Frames on the wire are not canonical: a sender packs a message as it holds it, keys in any
order, which costs less. A receiver must not rely on the bytes it received: it decodes them
and packs the canonical form of what it checks.
"""

from __future__ import annotations

import struct
import threading
from typing import Any

import msgpack

from .errors import ProtocolError

HEADER = struct.Struct(">I")
MAX_FRAME = 64 * 1024  # bytes of msgpack in one frame
MAX_DEPTH = 8  # maps and arrays inside one another
MAX_STR = 4 * 1024
MAX_BIN = 1024
MAX_ITEMS = 1024  # entries of one array or map

# One packer for every call (making one costs as much as packing a small message); it holds
# nothing between calls, and packs plain maps and arrays without calling back into Python.
_plain = msgpack.Packer(use_bin_type=True).pack
# What a canonical value may hold besides maps and arrays. A bool is not an int here: each
# type is matched exactly, so that no subclass packs differently from what it looks like.
_ATOMS = frozenset({str, int, bytes, bool, type(None)})


def encode(message: dict[str, Any]) -> bytes:
    """One frame holding ``message``; refuses one that would be over the limit."""
    payload = message.payload if isinstance(message, Packed) else _plain(message)
    if len(payload) > MAX_FRAME:
        raise ProtocolError("too_large", f"message of {len(payload)} bytes over {MAX_FRAME}")
    return HEADER.pack(len(payload)) + payload


def plain(value: Any) -> bytes:
    """The msgpack of ``value`` as frames carry it (its maps in their own order)."""
    return _plain(value)


class Packed(dict[str, Any]):
    """A message with its msgpack (``payload``): made already, from parts packed once for
    several messages (the updates of one move share their events), or canonically (a
    host's signed broadcast); or the bytes a signed message came in, which the transcript
    hashes. ``encode`` takes it as it is; neither may change."""

    __slots__ = ("payload",)

    def __init__(self, message: dict[str, Any], payload: bytes) -> None:
        super().__init__(message)
        self.payload = payload


def plain_entries(mapping: dict[str, Any]) -> bytes:
    """The entries of a map as ``plain`` packs them, without the map's header: to make a
    map of them and of entries packed elsewhere, after a ``map_header`` of their count."""
    return _plain(mapping)[len(map_header(len(mapping))) :]


def plain_array(items: list[bytes]) -> bytes:
    """The msgpack of an array of items packed already (by ``plain``)."""
    return array_header(len(items)) + b"".join(items)


def map_header(count: int) -> bytes:
    """The start of a map of ``count`` entries, each a key and a value packed after it."""
    return _header(count, 0x80, 0xDE)


def array_header(count: int) -> bytes:
    return _header(count, 0x90, 0xDC)


def _header(count: int, fix: int, sized: int) -> bytes:
    """A map's or an array's header: the fix form under 16 entries, else 16 or 32 bits."""
    if count < 16:
        return bytes((fix | count,))
    if count < 0x10000:
        return bytes((sized,)) + count.to_bytes(2, "big")
    return bytes((sized + 1,)) + count.to_bytes(4, "big")


def pack(value: Any) -> bytes:
    """The canonical msgpack of ``value`` (see above): the same value always packs to the same
    bytes, whatever order its maps were built in."""
    kind = type(value)
    if kind is dict or kind is Packed:  # a message's map, whatever bytes it came in
        known = _remembered.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        value = _sorted_map(value)
    elif kind is list or kind is tuple:
        value = _sorted_array(value)
    elif kind not in _ATOMS:
        raise _not_canonical(value)
    return _plain(value)


# The canonical bytes of the latest bodies signed or checked, by identity (each kept alive
# here, so that no other object can have its id meanwhile). A host packs each body it signs
# again for its transcript and for its roll's seed, and a client checks a signature over a
# body it packed for its transcript when it came. A signed body is not changed: its
# signature would no longer hold.
REMEMBERED = 256
_remembered: dict[int, tuple[Any, bytes]] = {}
_remembering = threading.Lock()


def pack_signed(body: dict[str, Any]) -> bytes:
    """``pack(body)`` for the body of a signed message, remembered for the next ``pack`` of
    the same body."""
    data = pack(body)
    if id(body) not in _remembered:
        _remember(body, data)
    return data


def remember_canonical(body: dict[str, Any]) -> bytes:
    """Take ``body`` as canonical as it stands, and remember its bytes for ``pack``: for a
    body its maker built in canonical order, every map's keys sorted at every level, of
    canonical atoms only (a host's reveals, relaying envelopes it rebuilt so), which would
    cost as much to sort again as everything else in a roll."""
    data = _plain(body)
    _remember(body, data)
    return data


def _remember(body: dict[str, Any], data: bytes) -> None:
    # A peer packs from one thread, but a process checking several records at once (a test
    # run, a bench) does it from several: the oldest is dropped and the newest kept as one
    # step, so that the bound holds and no two threads drop the same entry.
    with _remembering:
        if len(_remembered) >= REMEMBERED:
            del _remembered[next(iter(_remembered))]  # the oldest
        _remembered[id(body)] = (body, data)


# Python orders strings by code point, which is the order of their UTF-8 bytes: ``sorted``
# gives the canonical order as it is. The loops are written out: this runs on every
# signature and every transcript step.
def _sorted_map(value: dict[Any, Any]) -> dict[str, Any]:
    out = {}
    for key in sorted(value):
        if type(key) is not str:
            raise ProtocolError("malformed", "a signed or hashed map has a key that is not text")
        out[key] = _canonical_item(value[key])
    return out


def _sorted_array(value: list[Any] | tuple[Any, ...]) -> list[Any]:
    return [_canonical_item(item) for item in value]


def _canonical_item(item: Any) -> Any:
    kind = type(item)
    if kind is dict:
        return _sorted_map(item)
    if kind is list or kind is tuple:
        return _sorted_array(item)
    if kind not in _ATOMS:
        raise _not_canonical(item)
    return item


def _not_canonical(value: Any) -> ProtocolError:
    return ProtocolError(
        "malformed", f"a {type(value).__name__} cannot be signed or hashed (canonical msgpack)"
    )


def unpack(payload: bytes) -> dict[str, Any]:
    """Decode one payload with every limit set; the result is a map with string keys."""
    try:
        value = msgpack.unpackb(
            payload,
            raw=False,
            strict_map_key=True,
            max_str_len=MAX_STR,
            max_bin_len=MAX_BIN,
            max_array_len=MAX_ITEMS,
            max_map_len=MAX_ITEMS,
            max_ext_len=0,
        )
    except (ValueError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as e:
        raise ProtocolError("malformed", f"not a valid msgpack message: {e}") from None
    if not isinstance(value, dict):
        raise ProtocolError("malformed", "a message must be a map")
    _check_depth(value, 1)
    return value


def _check_depth(value: Any, depth: int) -> None:
    """Refuse nesting past MAX_DEPTH and non-string keys; only containers are visited."""
    if depth > MAX_DEPTH:
        raise ProtocolError("malformed", f"nested deeper than {MAX_DEPTH}")
    if type(value) is dict:
        for k, v in value.items():
            if type(k) is not str:
                raise ProtocolError("malformed", "map keys must be strings")
            if type(v) is dict or type(v) is list:
                _check_depth(v, depth + 1)
    else:
        for v in value:
            if type(v) is dict or type(v) is list:
                _check_depth(v, depth + 1)


class FrameDecoder:
    """Feed it bytes as they arrive; take whole messages out.

    A length over ``MAX_FRAME`` is refused as soon as its header arrives, before its body is
    buffered, so a peer cannot make the other side hold more than one frame's worth.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        self._buffer += data
        messages = []
        while len(self._buffer) >= HEADER.size:
            (length,) = HEADER.unpack_from(self._buffer)
            if length > MAX_FRAME:
                raise ProtocolError("too_large", f"frame of {length} bytes over {MAX_FRAME}")
            end = HEADER.size + length
            if len(self._buffer) < end:
                break
            payload = bytes(self._buffer[HEADER.size : end])
            del self._buffer[:end]
            message = unpack(payload)
            if message.get("type") == "signed":
                # The transcript hashes a signed broadcast's bytes as they came.
                message = Packed(message, payload)
            messages.append(message)
        return messages

    @property
    def pending(self) -> int:
        """Bytes received that do not yet make a whole frame (nonzero at a close: truncated)."""
        return len(self._buffer)
