"""How fast a seat may send what does not move the game on: its allowance of acts and of chat
lines, each a token bucket (docs/protocol.md, "Limits")."""

from __future__ import annotations

# A seat's allowance of acts that do not move the game on, and how fast it comes back.
ACT_BURST, ACT_PER_SECOND = 20, 0.5
# Acts of one seat the game has not taken up yet (a client sends one at a time; a bot that
# has just sat down, its standing defence and its first move).
IN_FLIGHT = 4
# A seat's allowance of chat lines, and how fast it comes back.
CHAT_BURST, CHAT_PER_SECOND = 8, 0.5


class TokenBucket:
    """At most ``size`` at once, coming back at ``per_second``."""

    def __init__(self, size: int, per_second: float) -> None:
        self.size, self.per_second = size, per_second
        self.tokens = float(size)
        self.at: float | None = None

    def take(self, now: float) -> bool:
        """Spend a token if there is one (False: none left now)."""
        if self.at is not None:
            self.tokens = min(self.size, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def act_allowance() -> TokenBucket:
    return TokenBucket(ACT_BURST, ACT_PER_SECOND)


def chat_allowance() -> TokenBucket:
    return TokenBucket(CHAT_BURST, CHAT_PER_SECOND)
