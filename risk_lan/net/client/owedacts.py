"""The acts a seat's own client makes by itself, the moment the rules have them due: an
objective's claim (``rules.modes.owed``), as the rulebooks have a player show the card once
it holds. Only this client knows its seat's secret, so neither the host nor a bot's choice
can make the claim for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from risk_lan.rules import Action, GameState, RuleSet
from risk_lan.rules.modes import in_play, owed


class OwedActs:
    """A seat's owed acts, asked once after each move seen: the update of a move comes
    again when a roll is cancelled, and a claim refused (the game moved on before it was
    taken) is asked anew only after the next move."""

    def __init__(self) -> None:
        self.asked_at = -1  # the move after which the owed acts were last asked

    def due(
        self, view_of: Callable[[], dict[str, Any] | None], seat: str, n: int, rules: RuleSet
    ) -> list[Action]:
        """The acts to send now after move ``n``, from ``seat``'s own view (``view_of``,
        asked only where a mode in play owes anything: a sealed seat's view is made then)."""
        if n <= self.asked_at or not in_play(rules).owed:  # no state to build
            return []
        view = view_of()
        if view is None or view["phase"] == "over":
            return []
        self.asked_at = n
        return owed(GameState.from_view(view), seat)
