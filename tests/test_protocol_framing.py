"""Framing: whole messages out, every limit enforced, hostile bytes refused."""

from __future__ import annotations

import random

import msgpack
import pytest

from protocol.errors import ProtocolError
from protocol.framing import HEADER, MAX_DEPTH, MAX_FRAME, FrameDecoder, encode, pack


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


@pytest.mark.parametrize(
    "payload",
    [
        pack([1, 2, 3]),  # not a map
        pack("hello"),
        pack({1: "integer key"}),
        b"\xc1",  # a byte msgpack never uses
        pack({"a": 1}) + b"\x00",  # trailing bytes
        pack({"s": "x" * 5000}),  # string over the limit
        pack({"l": list(range(2000))}),  # array over the limit
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
