"""A person's standing answer (F7) under «risques calculés», given by the seat's own client.

Only this client sees whether its hand holds the attacked territory's card, so the host's
engine cannot give that answer for it (``rules.calculated.card_unknown``): the client gives
it the moment the game asks, laying the card in the act it signs.
"""

from __future__ import annotations

from typing import Any

from risk_lan.rules import Answer, GameState
from risk_lan.rules.calculated import standing_answer


class StandingAnswers:
    """A seat's standing answers, each given once: the update that asks it comes again when
    a roll is cancelled (another seat taken over or expelled) and the answer sent already is
    made again under the next roll."""

    def __init__(self) -> None:
        self.given_at = -1  # the move after which the last answer was sent

    def due(self, view: dict[str, Any] | None, seat: str, n: int) -> Answer | None:
        """The answer to send now after move ``n``; None when none is asked of ``seat``."""
        attack = view.get("attack") if view is not None else None
        if view is None or view["phase"] != "defend" or attack is None or n <= self.given_at:
            return None
        if attack.get("defender") != seat or view["auto_defend"].get(seat) is None:
            return None
        answer = standing_answer(GameState.from_view(view), seat)
        if answer is not None:
            self.given_at = n
        return answer
