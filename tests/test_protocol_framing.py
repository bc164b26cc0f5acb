"""Framing: whole messages out, every limit enforced, hostile bytes refused; and the canonical
msgpack of what is signed or hashed."""

from __future__ import annotations

import random
import sys

import msgpack
import pytest

from protocol import framing
from protocol.errors import ProtocolError
from protocol.framing import (
    HEADER,
    MAX_DEPTH,
    MAX_FRAME,
    FrameDecoder,
    Packed,
    encode,
    map_header,
    pack,
    pack_signed,
    plain_array,
)


def test_messages_survive_any_split_of_the_stream() -> None:
    messages = [{"type": "hello", "n": i, "name": "ann" * i, "raw": bytes([i])} for i in range(20)]
    stream = b"".join(encode(m) for m in messages)
    rng = random.Random(1)
    for _ in range(20):
        decoder, out, i = FrameDecoder(), [], 0
        while i < len(stream):
            step = rng.randint(1, 9)
            out.extend(decoder.feed(stream[i : i + step]))
            i += step
        assert out == messages and decoder.pending == 0


def test_a_truncated_frame_is_left_pending() -> None:
    frame = encode({"type": "hello"})
    decoder = FrameDecoder()
    assert decoder.feed(frame[:-1]) == []
    assert decoder.pending == len(frame) - 1


def test_an_oversized_length_is_refused_before_its_body_arrives() -> None:
    decoder = FrameDecoder()
    with pytest.raises(ProtocolError) as refused:
        decoder.feed(HEADER.pack(MAX_FRAME + 1))
    assert refused.value.code == "too_large"
    with pytest.raises(ProtocolError, match="too_large"):
        encode({"type": "x", "blob": "a" * MAX_FRAME})


def plain(value: object) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


@pytest.mark.parametrize(
    "payload",
    [
        plain([1, 2, 3]),  # not a map
        plain("hello"),
        plain({1: "integer key"}),
        b"\xc1",  # a byte msgpack never uses
        plain({"a": 1}) + b"\x00",  # trailing bytes
        plain({"s": "x" * 5000}),  # string over the limit
        plain({"l": list(range(2000))}),  # array over the limit
        b"\x81\xa1a" + b"\x91" * (MAX_DEPTH + 2) + b"\xc0",  # nested too deep
        b"\x81\xa1a" + b"\x91" * 60_000 + b"\xc0",  # nested far too deep, within a frame
        msgpack.packb({"e": msgpack.ExtType(1, b"x")}),
    ],
)
def test_hostile_payloads_are_refused(payload: bytes) -> None:
    with pytest.raises(ProtocolError) as refused:
        FrameDecoder().feed(HEADER.pack(len(payload)) + payload)
    assert refused.value.code == "malformed"


def test_random_bytes_never_raise_anything_but_a_protocol_error() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
        decoder = FrameDecoder()
        try:
            for message in decoder.feed(HEADER.pack(len(junk)) + junk):
                assert isinstance(message, dict)
        except ProtocolError:
            pass


def test_canonical_msgpack_sorts_every_map_by_its_keys_utf8_bytes() -> None:
    built = {"type": "move", "é": 1, "a": {"z": [{"b": 2, "a": 1}], "Z": None}, "aa": b"\x01"}
    other_order = {"aa": b"\x01", "a": {"Z": None, "z": [{"a": 1, "b": 2}]}, "é": 1, "type": "move"}
    assert pack(built) == pack(other_order)
    assert pack(built) == plain(
        {"a": {"Z": None, "z": [{"a": 1, "b": 2}]}, "aa": b"\x01", "type": "move", "é": 1}
    )
    # Bytewise UTF-8: "é" (c3 a9) after "type", "\uffff" (ef bf bf) before an astral character.
    assert list(msgpack.unpackb(pack({"\U0001f600": 0, "\uffff": 0, "é": 0, "z": 0}))) == [
        "z",
        "é",
        "\uffff",
        "\U0001f600",
    ]


def test_canonical_msgpack_is_byte_exact() -> None:
    """Shortest integers and lengths, text as str, bytes as bin, tuples as arrays: a test
    vector a peer in another language can check itself against."""
    value = {"n": [0, 127, 128, 255, 256, 65536, 2**32, -1, -32, -33, -129], "s": "é", "b": b"\0"}
    value["t"] = (True, False, None, "x" * 32)
    expected = [
        "84",  # a map of 4 entries: b, n, s, t
        "a162 c40100",  # "b": bin 8 of one byte
        "a16e 9b",  # "n": an array of 11
        "00 7f cc80 ccff cd0100 ce00010000 cf0000000100000000",  # fixint, uint 8, 16, 32, 64
        "ff e0 d0df d1ff7f",  # negative fixint, int 8, int 16
        "a173 a2c3a9",  # "s": "é" in UTF-8
        "a174 94 c3 c2 c0",  # "t": an array of 4: true, false, nil,
        "d920" + "78" * 32,  # and a str 8
    ]
    assert pack(value).hex() == "".join(expected).replace(" ", "")


@pytest.mark.parametrize(
    "value",
    [
        {"x": 1.5},  # a float
        {"x": [1, 2.0]},
        {"x": msgpack.ExtType(1, b"x")},  # an extension type
        {"x": {1: "integer key"}},
        {"x": {b"k": "bytes key"}},
        {"x": {1, 2}},  # a set: no msgpack at all
        {"x": bytearray(b"x")},  # only bytes are bin
    ],
)
def test_canonical_msgpack_refuses_what_it_cannot_sign(value: object) -> None:
    with pytest.raises(ProtocolError) as refused:
        pack(value)
    assert refused.value.code == "malformed"


def test_frames_are_not_canonical_but_decode_to_the_same_value() -> None:
    """A frame keeps the sender's order (cheaper); what is hashed is the canonical form of
    what was decoded, the same at both ends."""
    message = {"type": "signed", "body": {"z": 1, "a": 2}}
    frame = encode(message)
    assert frame[HEADER.size :] == plain(message) != pack(message)
    (decoded,) = FrameDecoder().feed(frame)
    assert pack(decoded) == pack(message)


def test_a_signed_body_is_packed_once_and_the_bodies_remembered_stay_few() -> None:
    body = {"type": "move", "n": 1, "action": {"type": "end_turn"}}
    packed = pack_signed(body)
    assert packed == pack(dict(body)) and pack(body) is packed  # the same bytes, not packed again
    for n in range(framing.REMEMBERED + 10):
        pack_signed({"type": "move", "n": n})
    assert len(framing._remembered) == framing.REMEMBERED
    assert pack(body) == packed  # forgotten, packed again: the same bytes


@pytest.mark.parametrize("count", [0, 15, 16, 65535, 65536])
def test_messages_made_from_packed_parts_are_the_plain_msgpack(count: int) -> None:
    items = list(range(count))
    assert plain_array([plain(i) for i in items]) == plain(items)
    entries = {f"k{i}": i for i in items}
    packed = b"".join(plain(k) + plain(v) for k, v in entries.items())
    assert map_header(count) + packed == plain(entries)
    message = {"type": "update", "view": entries, "n": count}
    payload = map_header(3) + b"".join(plain(k) + plain(v) for k, v in message.items())
    made = Packed(message, payload)
    assert made == message and made.payload == plain(message)
    if len(made.payload) <= MAX_FRAME:
        assert encode(made) == encode(message)
    else:
        with pytest.raises(ProtocolError, match="too_large"):  # the limit holds all the same
            encode(made)


def test_bodies_remembered_from_several_threads_stay_few() -> None:
    """A process checking several records at once packs from several threads: every body
    is remembered, none twice dropped, and the bound holds."""
    from concurrent.futures import ThreadPoolExecutor

    def sign_many(start: int) -> None:
        for n in range(start, start + 5_000):
            pack_signed({"type": "move", "n": n})

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns often: the race shows at once
    try:
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(sign_many, range(0, 20_000, 5_000)))
    finally:
        sys.setswitchinterval(switch)
    assert len(framing._remembered) == framing.REMEMBERED
