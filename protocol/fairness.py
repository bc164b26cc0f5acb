"""Dice that no peer can bias: hash-chain commitments, reveals, and dice derived from them.

Each peer makes a secret chain for the game and commits to its tip before play starts.
Roll ``k`` needs every peer's link ``k``: the preimage of link ``k - 1`` under a hash bound to
the game and to ``k``, so a peer's contribution was fixed at the start and cannot be chosen
later, and a link cannot be replayed for another roll or another game. The dice of roll
``k`` come from all the links together with the roll's locked choices, through SHA-256 in
counter mode and rejection sampling (no modulo bias). One honest peer's link, unknown to
the others until it is revealed, is enough to make the roll unpredictable.

Shuffles mix the joint randomness with a secret the host committed to at the start: the
host cannot choose the order (the joint part was unknown when it committed) and the players
cannot read the deck (they lack the secret until the host reveals it at the end).

See docs/fairness.md for the protocol around these pieces and its threat model.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from .errors import ProtocolError

if TYPE_CHECKING:
    from _hashlib import HASH  # what hashlib.sha256 makes, named in the stubs only

DOMAIN = b"risk-lan/1/"
LINK_SIZE = 32


def digest(label: str, *parts: bytes | int | str) -> bytes:
    """SHA-256 of a label and parts, each length-prefixed so no two inputs collide."""
    return _absorb(hashlib.sha256(DOMAIN + label.encode()), parts)


def wide_digest(label: str, *parts: bytes | int | str) -> bytes:
    """SHA-512 of the same bytes as ``digest`` reads: the 64 uniform bytes that ristretto255's
    hash-to-group takes (the encrypted deck's card points)."""
    return _absorb(hashlib.sha512(DOMAIN + label.encode()), parts)


def _absorb(h: HASH, parts: tuple[bytes | int | str, ...]) -> bytes:
    for part in parts:
        if isinstance(part, int):
            data = part.to_bytes(8, "big", signed=False)
        elif isinstance(part, str):
            data = part.encode()
        else:
            data = bytes(part)
        h.update(len(data).to_bytes(4, "big"))
        h.update(data)
    return h.digest()


@lru_cache(maxsize=16)
def _chain_prefix(game_id: str) -> HASH:
    h = hashlib.sha256(DOMAIN + b"chain")
    data = game_id.encode()
    h.update(len(data).to_bytes(4, "big"))
    h.update(data)
    return h


def chain_step(game_id: str, index: int, link: bytes) -> bytes:
    """The link before ``link`` in a chain: ``link`` is the one revealed for roll ``index``.

    The same bytes as ``digest("chain", game_id, index, link)``, hashed from a cached prefix
    because building a chain takes thousands of steps."""
    h = _chain_prefix(game_id).copy()
    h.update(b"\x00\x00\x00\x08")
    h.update(index.to_bytes(8, "big"))
    h.update(len(link).to_bytes(4, "big"))
    h.update(link)
    return h.digest()


class HashChain:
    """One peer's secret chain for one game. ``tip`` is committed at the start; ``link(k)``
    is revealed for roll ``k`` (1 ≤ k ≤ length)."""

    def __init__(self, game_id: str, length: int, seed: bytes | None = None) -> None:
        if length < 1:
            raise ValueError("a chain needs at least one link")
        self.game_id = game_id
        self.length = length
        top = digest("chain-seed", seed if seed is not None else secrets.token_bytes(32))
        links = [top]
        for k in range(length, 0, -1):
            links.append(chain_step(game_id, k, links[-1]))
        links.reverse()  # links[0] is the tip, links[k] the link for roll k
        self._links = links

    @property
    def tip(self) -> bytes:
        return self._links[0]

    def link(self, index: int) -> bytes:
        if not 1 <= index <= self.length:
            raise IndexError(f"this chain has links 1..{self.length}")
        return self._links[index]


class ChainVerifier:
    """Checks each peer's reveals against its committed tip, in order, one roll at a time."""

    def __init__(self, game_id: str, tips: dict[str, bytes], length: int) -> None:
        self.game_id = game_id
        self.length = length
        self._last = dict(tips)
        self._index = dict.fromkeys(tips, 0)

    def knows(self, peer: str) -> bool:
        return peer in self._last

    def add(self, peer: str, tip: bytes) -> None:
        """A peer that committed late (its seat was played by a bot until it came back): its
        chain starts from its tip, whatever roll it first reveals for."""
        if peer in self._last:
            raise ProtocolError("replayed", f"{peer} has a chain already", culprit=peer)
        self._last[peer] = tip
        self._index[peer] = 0

    def next_index(self, peer: str) -> int:
        return self._index[peer] + 1

    def accept(self, peer: str, index: int, link: bytes) -> None:
        """Record ``peer``'s link for roll ``index``, or raise naming the peer.

        Rolls may be skipped (a roll cancelled when a peer was taken over, or the rolls made
        while a bot played its seat, leave some links unpublished): the link is then hashed
        back step by step, at most the chain's length, so the work stays bounded."""
        self.check(peer, index, link)
        self._last[peer] = link
        self._index[peer] = index

    def check(self, peer: str, index: int, link: bytes) -> None:
        """Raise, naming the peer, unless ``link`` is its next link for roll ``index``;
        nothing is recorded (a peer's expulsion is judged on it without taking the link)."""
        if peer not in self._last:
            raise ProtocolError("unknown_peer", f"no chain committed by {peer}", culprit=peer)
        expected = self._index[peer] + 1
        if not expected <= index <= self.length:
            raise ProtocolError(
                "wrong_roll", f"{peer} revealed for roll {index}, expected {expected}", peer
            )
        if not isinstance(link, bytes) or len(link) != LINK_SIZE:
            raise ProtocolError(
                "bad_reveal", f"{peer}'s reveal is not a {LINK_SIZE}-byte link", peer
            )
        back = link
        for k in range(index, expected, -1):
            back = chain_step(self.game_id, k, back)
        if not hmac.compare_digest(chain_step(self.game_id, expected, back), self._last[peer]):
            raise ProtocolError(
                "bad_reveal", f"{peer}'s link for roll {index} does not match its chain", peer
            )


def roll_seed(game_id: str, index: int, context: bytes, links: Sequence[bytes]) -> bytes:
    """The seed of roll ``index``: every peer's link (in seat order) and the locked choices,
    ``context``: the canonical msgpack (``framing.pack``) of the move the roll is for."""
    return digest("roll", game_id, index, context, len(links), *links)


def shuffle_seed(roll: bytes, host_secret: bytes) -> bytes:
    """A shuffle's seed: a roll's joint randomness mixed with the host's committed secret."""
    return digest("shuffle", roll, host_secret)


def sealed_shuffle_seed(roll: bytes) -> bytes:
    """A sealed game's shuffle seed: the roll's joint randomness alone. Every hidden card of
    a sealed game is dealt by the sealed deck, so its shuffles decide only what is public at
    once (the territories' deal, a headquarters picked); no secret of the host's is needed,
    and every peer follows them as it follows the dice, the history alone included."""
    return digest("sealed-shuffle", roll)


def commit_secret(game_id: str, secret: bytes) -> bytes:
    """The commitment to the host's secret, published before any roll."""
    return digest("host-secret", game_id, secret)


class DerivedSource:
    """A random source for the engine, drawing from one seed: SHA-256 in counter mode, with
    rejection sampling so every die face and every permutation is exactly as likely."""

    def __init__(self, seed: bytes) -> None:
        self._seed = bytes(seed)
        self._counter = 0
        self._pool = b""

    def _take(self, n: int) -> bytes:
        while len(self._pool) < n:
            self._pool += digest("stream", self._seed, self._counter)
            self._counter += 1
        out, self._pool = self._pool[:n], self._pool[n:]
        return out

    def randbelow(self, n: int) -> int:
        """A uniform integer in 0..n-1."""
        if not 1 <= n <= 2**32:
            raise ValueError("randbelow takes 1 <= n <= 2**32")
        limit = (2**32 // n) * n  # values at or above this would favour the low results
        while True:
            value = int.from_bytes(self._take(4), "big")
            if value < limit:
                return value % n

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.randbelow(sides) + 1 for _ in range(count)]

    def permutation(self, n: int) -> list[int]:
        order = list(range(n))
        for i in range(n - 1, 0, -1):  # Fisher–Yates
            j = self.randbelow(i + 1)
            order[i], order[j] = order[j], order[i]
        return order


class RollSource:
    """The random source for one roll: dice from the joint seed (every peer can check them at
    once), shuffles from the seed mixed with the host's secret (checked when it is revealed
    at the end)."""

    def __init__(self, seed: bytes, host_secret: bytes) -> None:
        self.seed = seed
        self._dice = DerivedSource(seed)
        self._shuffles = DerivedSource(shuffle_seed(seed, host_secret))

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return self._dice.dice(count, sides)

    def permutation(self, n: int) -> list[int]:
        return self._shuffles.permutation(n)


class SealedRollSource(RollSource):
    """The random source for one roll of a sealed game: shuffles from the roll's seed alone
    (``sealed_shuffle_seed``), checked at once by every peer."""

    def __init__(self, seed: bytes) -> None:
        self.seed = seed
        self._dice = DerivedSource(seed)
        self._shuffles = DerivedSource(sealed_shuffle_seed(seed))


# Why a player is expelled, each with what its evidence is. The dice's ("roll"): a link that
# is not its chain's, a reveal for a roll not waiting for it, a `seen` that is not the
# history it was shown, a message it did not sign with its key; the evidence of the first
# three convinces anyone, of the last only the host. The sealed deck's ("deck"): a step the
# seat signed that every peer's ledger refuses just so (``sealeddeck.DeckFault``, its code
# the why; a step of no form, ``malformed``, is ``bad_step``).
EXPULSIONS: dict[str, str] = {
    "bad_reveal": "roll",
    "wrong_roll": "roll",
    "equivocation": "roll",
    "bad_signature": "roll",
    "bad_shuffle": "deck",
    "bad_relayer": "deck",
    "bad_unlayer": "deck",
    "bad_opening": "deck",
    "bad_share": "deck",
    "false_complaint": "deck",
    "bad_secret": "deck",
    "bad_step": "deck",
}
DECK_EXPULSIONS = tuple(why for why, evidence in EXPULSIONS.items() if evidence == "deck")
