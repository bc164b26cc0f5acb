"""The engine's source of chance in a sealed game: dice and shuffles as the move's own source
gives them, and every hidden card dealt sealed, its deal opened in the peer's sealed deck
ledger (docs/protocol.md, "The sealed deck on the wire").

Every peer, the host included, plays each move through one of these, so that each peer's
ledger opens the same deals, numbered alike (``deal-1``, ``deal-2``…), inside the same move.
A move published without a roll never seals: the engine deals only where it would shuffle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from protocol.errors import ProtocolError
from protocol.fairness import SealedRollSource
from protocol.sealeddeck import SealedDeck
from risk_lan.net.record.shadow import PublicSource
from risk_lan.rules import RandomSource
from risk_lan.rules.sealing import is_hidden

Dealers = Callable[[], Sequence[str]]


def dealer(ledger: SealedDeck, dealers: Dealers) -> Callable[[Sequence[str], Sequence[str]], None]:
    """What a seal does to ``ledger``: a new deal of the tokens and cards, shuffled in turn
    by ``dealers()`` (the parties still dealing, in party order).

    Every card dealt is named on every peer: a sealed game's views carry the draw pile
    before its first shuffle (the deck's cards in order, ``GameState.sealing``), and tokens
    after; a deal of cards this peer cannot name is the host's doing."""

    def deal(tokens: Sequence[str], cards: Sequence[str]) -> None:
        if any(is_hidden(c) for c in cards):
            raise ProtocolError(
                "unknown_deal", f"this peer cannot tell which {len(cards)} cards are dealt"
            )
        ledger.start_deal(f"deal-{len(ledger.deals) + 1}", tokens, cards, list(dealers()))

    return deal


class DealingSource:
    """``inner``'s dice and shuffles; hidden cards dealt sealed through ``deal``."""

    def __init__(
        self, inner: RandomSource, deal: Callable[[Sequence[str], Sequence[str]], None]
    ) -> None:
        self.inner, self.deal = inner, deal

    def dice(self, count: int, sides: int = 6) -> Sequence[int]:
        return self.inner.dice(count, sides)

    def permutation(self, n: int) -> Sequence[int]:
        return self.inner.permutation(n)

    def seal(self, tokens: Sequence[str], cards: Sequence[str]) -> None:
        self.deal(tokens, cards)


class DealingPublicSource(PublicSource):
    """A client's public source (``shadow``) in a sealed game: its dice from the roll's seed,
    hidden cards dealt sealed through ``deal``, and its shuffles drawn as the host draws them
    (``SealedRollSource``): what they decide is public, so the client's game never waits for
    the host's word, not even a spectator's or a restarted client's rebuilt from the history
    alone, with no view between the moves to take it from."""

    def __init__(
        self, seed: bytes | None, deal: Callable[[Sequence[str], Sequence[str]], None]
    ) -> None:
        super().__init__(seed)
        self.deal = deal
        self._shuffles = SealedRollSource(seed) if seed is not None else None

    def permutation(self, n: int) -> list[int]:
        if self._shuffles is None:
            return super().permutation(n)  # refused: no roll
        return self._shuffles.permutation(n)

    def seal(self, tokens: Sequence[str], cards: Sequence[str]) -> None:
        self.deal(tokens, cards)
