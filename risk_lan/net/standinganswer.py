"""A person's standing answer (F7) under «risques calculés», given by the seat's own client.

Only this client sees whether its hand holds the attacked territory's card, so the host's
engine cannot give that answer for it (``rules.calculated.card_unknown``): the client gives
it the moment the game asks, laying the card in the act it signs.
"""

from __future__ import annotations

from typing import Any

from risk_lan.rules import Answer, GameState
from risk_lan.rules.calculated import standing_answer


def standing_act(view: dict[str, Any] | None, seat: str) -> Answer | None:
    """The answer to send now for ``seat``'s standing answer; None when none is asked of it."""
    attack = view.get("attack") if view is not None else None
    if view is None or view["phase"] != "defend" or attack is None:
        return None
    if attack.get("defender") != seat or view["auto_defend"].get(seat) is None:
        return None
    return standing_answer(GameState.from_view(view), seat)
