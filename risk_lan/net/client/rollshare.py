"""A seat's share of every roll (docs/fairness.md): the tip of its hash chain committed at the
start, and the chain's link for each roll the game waits on, revealed once, sent again after a
reconnection or a host's restart until the host relays it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from protocol.fairness import HashChain


class ChainKept(Protocol):
    """What the share needs of the seat kept on disk: the chain's secret seed, and how far
    the seat got, saved so that a restarted client commits and reveals no differently."""

    chain_seed: bytes
    committed: bool
    revealed: int

    def save(self) -> None: ...


class RollShare:
    def __init__(
        self,
        kept: ChainKept,
        send_signed: Callable[[dict[str, Any]], dict[str, Any]],
        flush: Callable[[], None],
    ) -> None:
        """``send_signed`` signs a body and sends it, returning the envelope sent; ``flush``
        sends what is waiting at once."""
        self.kept = kept
        self.send_signed = send_signed
        self.flush = flush
        self.game_id = ""
        self.chain: HashChain | None = None
        self.commit_envelope: dict[str, Any] | None = None  # until the commits come
        self.sent_reveals: dict[int, dict[str, Any]] = {}  # by roll, until its reveals come
        self.to_reveal: int | None = None  # a roll announced whose reveals have not come

    def commit(
        self, game_id: str, chain_length: int, fields: dict[str, Any] | None = None
    ) -> bytes:
        """The game starts: commit to the chain's tip (with ``fields``, a sealed game's layer
        key and escrow), and return it."""
        self.game_id = game_id
        self.chain = HashChain(game_id, chain_length, self.kept.chain_seed)
        # Sent again by a client resumed after a crash: the same tip, which the host takes
        # once (it may have restarted and lost the first).
        self.commit_envelope = self.send_signed(
            {"type": "commit", "game": game_id, "tip": self.chain.tip, **(fields or {})}
        )
        if not self.kept.committed:
            self.kept.committed = True
            self.kept.save()
        return self.chain.tip

    def send_again(self, send: Callable[[dict[str, Any]], Any]) -> None:
        """On a new connection: what the last one, or a host's restart, may have lost."""
        if self.commit_envelope is not None:
            send(self.commit_envelope)  # a commitment a restarted host may not have
        for envelope in self.sent_reveals.values():
            send(envelope)

    def committed_all(self) -> None:
        self.commit_envelope = None

    def announced(self, roll: int) -> None:
        """A move waits for ``roll``: revealed at the end of the batch, before the slower
        checks, since every peer waits for it."""
        self.to_reveal = roll

    def made(self, roll: int) -> None:
        """The reveals of ``roll`` came: nothing of it to send again."""
        self.sent_reveals.pop(roll, None)
        self.to_reveal = None

    def cancelled(self) -> None:
        """A takeover or an expulsion cancelled the roll waiting: its move comes again."""
        self.to_reveal = None
        self.sent_reveals.clear()

    def due(self, contributes: bool) -> int | None:
        """The roll to reveal for now, if any (``contributes``: this seat contributes)."""
        roll = self.to_reveal
        if roll is None or roll in self.sent_reveals or not contributes or self.chain is None:
            return None
        return roll

    def reveal(self, roll: int, seen: bytes) -> None:
        """Reveal the link for ``roll``, with ``seen`` the transcript's hash right after its
        move, so that a host showing peers different histories is caught (protocol.md,
        "What a client checks")."""
        assert self.chain is not None
        envelope = self.send_signed(
            {
                "type": "reveal",
                "game": self.game_id,
                "roll": roll,
                "link": self.chain.link(roll),
                "seen": seen,
            }
        )
        self.flush()  # now: every peer waits for it, and the slow checks come after
        self.sent_reveals[roll] = envelope
        # Not saved now: a link is the same whenever it is sent, and saving a seat costs more
        # than the roll (the next save keeps the highest roll revealed).
        self.kept.revealed = max(self.kept.revealed, roll)

    def answered(self) -> bool:
        """Whether the roll the game waits on has this seat's link already: it has nothing of
        that roll to answer until the others' links come."""
        roll = self.to_reveal
        return roll is not None and roll in self.sent_reveals
