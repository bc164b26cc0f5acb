"""A client's own check of every die the host reports: re-derive them from the roll's seed."""

from __future__ import annotations

from typing import Any

from protocol.fairness import DerivedSource


def dice_mismatch(events: list[dict[str, Any]], seed: bytes) -> str | None:
    """None when every die in ``events`` is the one the seed gives, in the order the engine
    draws them (each battle: the attacker's dice, then the defender's; each round of the
    order roll: one die per player); otherwise what differs."""
    source = DerivedSource(seed)
    for event in events:
        if event.get("type") == "order_rolled":
            for rolls in event["rolls"]:
                expected = source.dice(len(rolls))
                if list(rolls.values()) != expected:
                    return f"order roll {list(rolls.values())}, the seed gives {expected}"
        elif event.get("type") == "battle":
            for side in ("attacker_dice", "defender_dice"):
                shown = list(event[side])
                expected = sorted(source.dice(len(shown)), reverse=True)
                if shown != expected:
                    return f"{side.replace('_', ' ')} {shown}, the seed gives {expected}"
    return None
