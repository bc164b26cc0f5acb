"""Who the game waits for, since when, and when a bot takes over: the host's clock.

The game waits on one seat's move, or on the contributors of a commitment or a roll. A seat
that keeps it waiting, or is away, longer than the table's delay (``limit``; None: for ever)
is handed to a bot. The host's player may pause the clock or give a seat more time. Times are
the event loop's, passed in, so the clock itself does no I/O.
"""

from __future__ import annotations

from typing import Any

# A wait shorter than this is not worth telling the table about (most moves take less).
SHOW_AFTER = 3.0


class AbsenceClock:
    def __init__(self, limit: float | None) -> None:
        self.limit = limit
        self.paused = False
        self.away: dict[str, float] = {}  # seat: when its absence started to count
        self.gone_at: dict[str, float] = {}  # seat: when it left (what players are told)
        self.extra: dict[str, float] = {}  # seat: seconds given on top of the limit
        self.why = ""  # what the game waits for: "move", "reveal", "commit" or "deck"
        self.seats: list[str] = []  # the seats it waits on
        self.since = 0.0
        self.shown: tuple[Any, ...] = ()  # what the table was last told, to tell it only changes

    def wait(self, seats: list[str], why: str, now: float) -> None:
        """The game now waits on ``seats`` for ``why``. The clock restarts for a new wait;
        seats that answered leave the wait without restarting it for the others."""
        if why != self.why or not set(seats) <= set(self.seats):
            self.extra = {s: t for s, t in self.extra.items() if s in seats and why != "move"}
            self.why, self.since = why, now
        self.seats = list(seats)

    def gone(self, seat: str, now: float) -> None:
        self.away[seat] = self.gone_at[seat] = now

    def back(self, seat: str) -> None:
        self.away.pop(seat, None)
        self.gone_at.pop(seat, None)

    def pause(self, on: bool, now: float) -> None:
        """Stop the clock, or start it again with every wait counted afresh."""
        if not on and self.paused:
            self.since = now
            self.away = dict.fromkeys(self.away, now)
        self.paused = on

    def more_time(self, seat: str, seconds: float) -> None:
        self.extra[seat] = self.extra.get(seat, 0.0) + seconds

    def forget(self, seat: str) -> None:
        """A seat a bot now plays waits on no one and no one waits on it."""
        self.away.pop(seat, None)
        self.gone_at.pop(seat, None)
        self.extra.pop(seat, None)
        self.seats = [s for s in self.seats if s != seat]

    def _waited(self, seat: str, now: float) -> float:
        """How long ``seat`` has kept the game waiting: since the wait began, or since it
        left if that was earlier (an absence counts whole)."""
        waited = now - self.since
        if seat in self.away:
            waited = max(waited, now - self.away[seat])
        return waited

    def _allowed(self, seat: str) -> float | None:
        if self.limit is None:
            return None
        return self.limit + self.extra.get(seat, 0.0)

    def overdue(self, now: float) -> list[str]:
        """The seats waited on, or away, longer than they are allowed."""
        if self.paused or self.limit is None:
            return []
        late = []
        for seat in self.seats:
            allowed = self._allowed(seat)
            if allowed is not None and self._waited(seat, now) >= allowed:
                late.append(seat)
        return late

    def waits(self, now: float) -> list[dict[str, Any]]:
        """What the table is told: each seat waited on long enough to mention, why, for how
        long, and how long until a bot takes it (None: never)."""
        told = []
        for seat in self.seats:
            away = seat in self.away
            waited = self._waited(seat, now)
            if waited < SHOW_AFTER and not away:
                continue
            allowed = self._allowed(seat)
            left = None if allowed is None or self.paused else max(0.0, allowed - waited)
            if away:
                waited = now - self.gone_at.get(seat, self.away[seat])  # away for this long
            told.append(
                {
                    "seat": seat,
                    "why": "away" if away else self.why,
                    "waited": round(waited, 1),
                    "left": None if left is None else round(left, 1),
                }
            )
        return told

    def news(self, now: float) -> list[dict[str, Any]] | None:
        """The waits, if the table has not been told them yet (None otherwise)."""
        waits = self.waits(now)
        key = (
            self.paused,
            tuple((w["seat"], w["why"], w["left"] is None) for w in waits),
            tuple(sorted(self.extra.items())),
        )
        if key == self.shown:
            return None
        self.shown = key
        return waits
