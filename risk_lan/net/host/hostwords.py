"""What the host says to one client it refuses or expels, in the form the wire carries."""

from __future__ import annotations

from typing import Any

from protocol.messages import without_controls
from risk_lan.expulsion_deeds import deed as deed_in


def error(code: str, message: str) -> dict[str, Any]:
    """An ``error`` for a client: the message cut to its size, anything a terminal would act
    on (quoted from what a peer sent) made a space."""
    return {
        "type": "error",
        "code": code,
        "message": without_controls(message)[:300].strip() or code,
    }


def sentence(why: str) -> str:
    """What the host says to an expelled player, now and whenever it comes back."""
    deed = deed_in("en", why)
    return (
        f"you were expelled from this game: your app sent {deed}; a bot plays your seat to the end"
    )
