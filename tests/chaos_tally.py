"""What a chaos run (tests/chaos.py) counts, for each rule set and in all: games, moves, rolls,
the blows dealt and what they caused, the records verified, and every peer that blamed
anyone, with the line it said."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Count:
    games: int = 0
    finished: int = 0
    moves: int = 0
    rolls: int = 0
    late_joins: int = 0  # spectators who joined a game under way
    restarts: int = 0  # players' programs killed and started again from their seat files
    freezes: int = 0
    resumes: int = 0  # the host killed and resumed from its save
    takeovers: int = 0
    deck_steps: int = 0  # a sealed game's deck steps published, in the host's record
    blames: int = 0  # peers that stopped blaming someone: 0 in a game with no cheater
    missed_ends: int = 0  # spectators away as the host, its game over, went: never told
    records: int = 0  # records checked: the host's, each player's last, each spectator's
    verified: int = 0
    seats: Counter = field(default_factory=Counter)

    def add(self, other: Count) -> None:
        for name, value in vars(other).items():
            if name == "seats":
                self.seats.update(value)
            else:
                setattr(self, name, getattr(self, name) + value)

    def line(self) -> str:
        seats = ", ".join(f"{n}: {c}" for n, c in sorted(self.seats.items()))
        return (
            f"games {self.games} (by seats {seats}), finished {self.finished}, "
            f"moves {self.moves}, rolls {self.rolls}, late joins {self.late_joins}, "
            f"restarts {self.restarts}, freezes {self.freezes}, resumes {self.resumes}, "
            f"takeovers {self.takeovers}, deck steps {self.deck_steps}, blames {self.blames}, "
            f"spectators who missed the end {self.missed_ends}, "
            f"records verified {self.verified}/{self.records}"
        )


@dataclass
class Tally:
    modes: dict[str, Count] = field(default_factory=dict)
    events: Counter = field(default_factory=Counter)  # blows dealt, by kind
    failures: list[str] = field(default_factory=list)

    def of(self, mode: str) -> Count:
        return self.modes.setdefault(mode, Count())

    def add(self, other: Tally) -> None:
        """Count in what another tally counted (a game played apart)."""
        for mode, count in other.modes.items():
            self.of(mode).add(count)
        self.events.update(other.events)
        self.failures.extend(other.failures)

    @property
    def total(self) -> Count:
        total = Count()
        for count in self.modes.values():
            total.add(count)
        return total

    # The totals the suite's tests read.
    games = property(lambda self: self.total.games)
    finished = property(lambda self: self.total.finished)
    blames = property(lambda self: self.total.blames)

    def lines(self) -> list[str]:
        width = max((len(m) for m in self.modes), default=0)
        events = ", ".join(f"{k}: {v}" for k, v in sorted(self.events.items()))
        return [
            *(f"{m:<{width}}  {c.line()}" for m, c in sorted(self.modes.items())),
            f"{'all':<{width}}  {self.total.line()}",
            f"blows dealt: {events}",
            *(f"FAILED: {f}" for f in self.failures),
        ]
