"""What the screen shows for the current step of a turn (``player_turn.Turn.step``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Step:
    """What the screen shows for the current step."""

    # waiting, claim, setup, capital, capital_reveal, place, trade, attack, fortify,
    # move_in, defend, over
    name: str
    choices: frozenset[str] = frozenset()
    amount: int | None = None  # the number the +/- keys change, when there is one
    amount_range: tuple[int, int] | None = None
    keys: frozenset[str] = frozenset()  # the turn actions allowed now (see TurnKeys)
