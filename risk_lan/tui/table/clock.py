"""Whom the game waits for, in words, counted down on the player's screen between the host's
clock messages (the host tells the table only when who is waited on changes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from risk_lan.tui.texts.catalogue import say

WHYS = ("away", "move", "reveal", "commit", "deck")


def clock_time(seconds: float) -> str:
    """0:35, 12:04."""
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass
class WaitClock:
    paused: bool = False
    waits: list[dict[str, Any]] = field(default_factory=list)
    received: float = 0.0  # the event loop's time when the host last told the table

    def take(self, paused: bool, waits: list[dict[str, Any]], received: float) -> None:
        self.paused, self.waits, self.received = paused, list(waits), received

    def clear(self) -> None:
        self.paused, self.waits = False, []

    def waited_on(self, me: str) -> list[str]:
        """The other seats the game waits for, as of the host's last word."""
        return [w["seat"] for w in self.waits if w["seat"] != me]

    def text(self, now: float, me: str, names: dict[str, str], lang: str) -> str:
        if not self.waits:
            return say(lang, "clock_stopped") if self.paused else ""
        passed = max(0.0, now - self.received)
        parts = []
        for wait in self.waits:
            seat = wait["seat"]
            why = wait["why"] if wait["why"] in WHYS else "move"
            waited = clock_time(wait["waited"] + passed)
            if seat == me:
                # Back from an absence, the player is waited on for what the game needs.
                line = say(lang, f"wait_you_{'move' if why == 'away' else why}", waited=waited)
            else:
                line = say(lang, f"wait_{why}", player=names.get(seat, seat), waited=waited)
            left = wait.get("left")
            if self.paused:
                line += say(lang, "wait_paused")
            elif left is not None and left - passed >= 1:
                line += say(lang, "wait_bot", left=clock_time(left - passed))
            elif left is not None:
                line += say(lang, "wait_bot_now")
            parts.append(line)
        return "; ".join(parts)
