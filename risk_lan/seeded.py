"""A seeded random source for simulations, benchmarks and tests of whole games.

Not for play over the LAN: there the dice come from the commit-reveal protocol.
"""

from __future__ import annotations

import random


class SeededSource:
    """Reproducible dice and shuffles from Python's Mersenne Twister."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)
        self._next = self._random.random

    def dice(self, count: int, sides: int = 6) -> list[int]:
        r = self._next
        # Unrolled for the usual counts: this is the hot path of every simulated battle.
        if count == 1:
            return [int(r() * sides) + 1]
        if count == 2:
            return [int(r() * sides) + 1, int(r() * sides) + 1]
        if count == 3:
            return [int(r() * sides) + 1, int(r() * sides) + 1, int(r() * sides) + 1]
        return [int(r() * sides) + 1 for _ in range(count)]

    def permutation(self, n: int) -> list[int]:
        order = list(range(n))
        self._random.shuffle(order)
        return order
