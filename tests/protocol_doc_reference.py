"""The derivations of docs/protocol.md written out from the doc's words alone (the bytes of a
hash, canonical msgpack, reading a stream, rejection, Fisher-Yates), as a client in another
language would write them: the vectors check that they give what the project's code gives,
so that the doc says what the code does."""

from __future__ import annotations

import hashlib
from typing import Any

from protocol.fairness import digest

DOMAIN = b"risk-lan/1/"


def _part_bytes(part: bytes | int | str) -> bytes:
    if isinstance(part, int):
        return part.to_bytes(8, "big")
    if isinstance(part, str):
        return part.encode()
    return bytes(part)


def preimage_lines(label: str, *parts: bytes | int | str) -> list[tuple[str, str]]:
    """The bytes SHA-256 reads for H(label, parts…), a part a line: (hex, what it is)."""
    lines = [((DOMAIN + label.encode()).hex(), f'"{(DOMAIN + label.encode()).decode()}"')]
    for part in parts:
        data = _part_bytes(part)
        what = f"{len(data)} bytes"
        if isinstance(part, int):
            what = f"int {part}"
        elif isinstance(part, str):
            what = f'str "{part}"'
        lines.append((len(data).to_bytes(4, "big").hex() + " " + data.hex(), what))
    return lines


def preimage(label: str, *parts: bytes | int | str) -> bytes:
    data = DOMAIN + label.encode()
    for part in parts:
        raw = _part_bytes(part)
        data += len(raw).to_bytes(4, "big") + raw
    # The doc's layout must be the code's: the same bytes give the same hash.
    assert hashlib.sha256(data).digest() == digest(label, *parts), label
    return data


def canonical(value: Any) -> bytes:
    """Canonical msgpack as the doc's list describes it, written out without msgpack, to
    check the description against the project's ``pack``."""
    if value is None:
        return b"\xc0"
    if value is True or value is False:
        return b"\xc3" if value else b"\xc2"
    if type(value) is int:
        return _int(value)
    if type(value) is str:
        data = value.encode()
        return _sized(len(data), 0xA0, 31, b"\xd9", b"\xda", b"\xdb") + data
    if type(value) is bytes:
        return _sized(len(value), None, -1, b"\xc4", b"\xc5", b"\xc6") + value
    if type(value) in (list, tuple):
        head = _sized(len(value), 0x90, 15, None, b"\xdc", b"\xdd")
        return head + b"".join(canonical(v) for v in value)
    if type(value) is dict:
        keys = sorted(value, key=lambda k: k.encode())
        head = _sized(len(value), 0x80, 15, None, b"\xde", b"\xdf")
        return head + b"".join(canonical(k) + canonical(value[k]) for k in keys)
    raise TypeError(f"no canonical form for {type(value).__name__}")


def _int(n: int) -> bytes:
    if 0 <= n <= 127 or -32 <= n < 0:
        return n.to_bytes(1, "big", signed=True) if n < 0 else bytes([n])
    if n > 0:
        for tag, size in ((b"\xcc", 1), (b"\xcd", 2), (b"\xce", 4), (b"\xcf", 8)):
            if n < 1 << (8 * size):
                return tag + n.to_bytes(size, "big")
    for tag, size in ((b"\xd0", 1), (b"\xd1", 2), (b"\xd2", 4), (b"\xd3", 8)):
        if n >= -(1 << (8 * size - 1)):
            return tag + n.to_bytes(size, "big", signed=True)
    raise ValueError(n)


def _sized(length: int, fix: int | None, most: int, *tags: bytes | None) -> bytes:
    """The head of a str, bin, array or map: a fix form up to ``most`` entries, then the
    tags for 8-, 16- and 32-bit lengths (arrays and maps have no 8-bit form)."""
    if fix is not None and length <= most:
        return bytes([fix | length])
    for tag, size in zip(tags, (1, 2, 4), strict=True):
        if tag is not None and length < 1 << (8 * size):
            return tag + length.to_bytes(size, "big")
    raise ValueError(length)


class _Stream:
    """The doc's reading of a seed's stream: 4-byte big-endian words from H("stream", seed,
    0), H("stream", seed, 1), …, and values below n by rejection (spelled out here to check
    the doc's description against the project's ``DerivedSource``)."""

    def __init__(self, seed: bytes) -> None:
        self.seed = seed
        self.pool = b""
        self.blocks = 0
        self.words: list[int] = []

    def word(self) -> int:
        if not self.pool:
            self.pool = hashlib.sha256(preimage("stream", self.seed, self.blocks)).digest()
            self.blocks += 1
        word, self.pool = int.from_bytes(self.pool[:4], "big"), self.pool[4:]
        self.words.append(word)
        return word

    def below(self, n: int) -> int:
        limit = (2**32 // n) * n
        while True:
            word = self.word()
            if word < limit:
                return word % n


def draws(seed: bytes, n: int, count: int) -> tuple[list[int], list[int]]:
    """The words read to draw ``count`` values below ``n`` (rejected ones included), and the
    values."""
    stream = _Stream(seed)
    values = [stream.below(n) for _ in range(count)]
    return stream.words, values


def permutation(seed: bytes, n: int) -> list[int]:
    """Fisher-Yates from the last position down, as the doc describes it."""
    stream = _Stream(seed)
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order
