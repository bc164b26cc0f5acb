"""What the engine needs from chance, and a scripted source for tests.

The engine never draws random numbers itself: it asks a :class:`RandomSource` given to it.
The LAN host feeds one from the fair-dice protocol, simulations a seeded generator
(``risk_lan.seeded.SeededSource``), and tests a :class:`ScriptedSource` with fixed values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol


class RandomSource(Protocol):
    def dice(self, count: int, sides: int = 6) -> Sequence[int]:
        """``count`` independent uniform values in 1..sides."""
        ...

    def permutation(self, n: int) -> Sequence[int]:
        """A uniform permutation of range(n); a list is shuffled as
        ``[items[j] for j in permutation(len(items))]``."""
        ...


class SourceExhausted(RuntimeError):
    """A scripted source was asked for more values than it was given."""


class ScriptedSource:
    """Dice from a fixed list, in order; permutations are the identity unless scripted.

    ``ScriptedSource([6, 1, 3])`` answers ``dice(2)`` with (6, 1) then ``dice(1)`` with (3,).
    """

    def __init__(
        self, dice: Iterable[int] = (), permutations: Iterable[Sequence[int]] = ()
    ) -> None:
        self._dice = list(dice)
        self._permutations = [list(p) for p in permutations]

    def add_dice(self, *values: int) -> None:
        self._dice.extend(values)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        if count > len(self._dice):
            raise SourceExhausted(f"asked for {count} dice, {len(self._dice)} scripted")
        out, self._dice = self._dice[:count], self._dice[count:]
        for v in out:
            if not 1 <= v <= sides:
                raise ValueError(f"scripted die {v} is not in 1..{sides}")
        return out

    def permutation(self, n: int) -> list[int]:
        if self._permutations:
            p = self._permutations.pop(0)
            if sorted(p) != list(range(n)):
                raise ValueError(f"scripted permutation is not a permutation of range({n})")
            return p
        return list(range(n))


class NeedsChance(Exception):
    """Raised by :class:`NoChance`: the action would use the dice or a shuffle."""


class NoChance:
    """The source of a move that needs no chance: asking it for any raises
    :class:`NeedsChance` (a host applying a move published without a roll, or probing
    whether a move needs one)."""

    def dice(self, count: int, sides: int = 6) -> list[int]:
        raise NeedsChance

    def permutation(self, n: int) -> list[int]:
        raise NeedsChance
