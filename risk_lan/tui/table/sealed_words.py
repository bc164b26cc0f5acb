"""What a sealed game's screens say of its cards (issue 27): which computer reads which
seat's cards, in the lobby and at the start, and what this app checked of the sealed deck at
the end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from risk_lan.net.client import Outcome
from risk_lan.tui.texts.catalogue import say, shown


def seats_line(lang: str, seats: Sequence[dict[str, Any]]) -> str:
    """Whose cards the host's computer reads: its bots' seats (``kind`` ``bot``, a lobby's
    seats or a start's players); a seat a player's own bot plays (``join --bot``) is that
    player's computer's, like any other player's."""
    bots = [shown(s["name"], 24) for s in seats if s.get("kind") == "bot"]
    if not bots:
        return say(lang, "sealed_seats_no_bot")
    return say(lang, "sealed_seats", bots=", ".join(bots))


def audit_line(lang: str, outcome: Outcome) -> str:
    """What this app's client checked of the sealed deck as the game ended: every card read
    once every party told its secret (and its own cards as it read them), or, for a game
    stopped before its end, that no card was opened."""
    read = outcome.cards_read
    if read is None:
        return say(lang, "sealed_unopened")
    # Each deal of a card is a token of its own: a pile made again from the discards deals
    # the same cards under new tokens, so the cards and the deals are counted apart.
    line = say(lang, "sealed_audit", count=len(set(read.values())), total=len(read))
    if outcome.own_checked:
        line += " " + say(lang, "sealed_audit_own")
    return line
