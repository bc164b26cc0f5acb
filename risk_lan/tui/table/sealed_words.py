"""What a sealed game's screens say of its cards (issue 27): which computer reads which
seat's cards, in the lobby and at the start, and what this app checked of the sealed deck at
the end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from risk_lan.net.client import Outcome
from risk_lan.tui.texts.catalogue import say, shown


def seats_line(
    lang: str, seats: Sequence[dict[str, Any]], seat: str | None = None, hosting: bool = False
) -> str:
    """Whose cards the host's computer reads: its bots' seats (``kind`` ``bot``, a lobby's
    seats or a start's players); a seat a player's own bot plays (``join --bot``) is that
    player's computer's, like any other player's. ``seat`` is this app's, ``hosting`` whether
    this app runs the host: then, and where too few players' computers are not the host's,
    what the spare key of their cards lets the host's computer read."""
    line = bots_line(lang, seats)
    few = few_computers_line(lang, seats, seat, hosting)
    return f"{line} {few}" if few else line


def bots_line(lang: str, seats: Sequence[dict[str, Any]]) -> str:
    """That each computer reads its own seats' cards, the host's its bots' (named)."""
    bots = [shown(s["name"], 24) for s in seats if s.get("kind") == "bot"]
    return (
        say(lang, "sealed_seats", bots=", ".join(bots))
        if bots
        else say(lang, "sealed_seats_no_bot")
    )


def lobby_line(lang: str, lobby: dict[str, Any], seat: str, hosting: bool) -> str:
    """A sealed game's lobby (``lobby``'s ``sealed``): whose cards the host's computer reads,
    as ``seats_line`` says it, and, in an app joined from another computer, that the host's
    own player (the lobby's ``owner``, who plays at the host's computer) is read there too."""
    seats = lobby["seats"]
    owner = next((s for s in seats if s["seat"] == lobby.get("owner")), None)
    if hosting or owner is None or owner["seat"] == seat or owner.get("kind") != "human":
        return seats_line(lang, seats, seat, hosting)
    parts = [bots_line(lang, seats), say(lang, "sealed_host_player", name=shown(owner["name"], 24))]
    others = [s for s in seats if s.get("kind") == "human" and s["seat"] != seat]
    if others == [owner] and any(s["seat"] == seat for s in seats):
        # The one other player is the host's own: its computer holds every share of the
        # spare key to this player's cards (``few_computers_line``), for certain now.
        parts.append(say(lang, "sealed_only_you"))
    elif few := few_computers_line(lang, seats, seat, hosting):
        parts.append(few)
    return " ".join(parts)


def few_computers_line(
    lang: str, seats: Sequence[dict[str, Any]], seat: str | None, hosting: bool
) -> str:
    """At a table with too few players' computers, what the host's computer could read. A
    player's spare key (its escrow) is shared among the other parties, and the host's
    computer holds the host's share and its app's seat's: where only one player's computer
    is not the host's, that is every share of that player's key (docs/fairness.md, "The
    sealed deck's escrow, exactly"). Empty where no computer can read another's cards."""
    players = [s for s in seats if s.get("kind") == "human"]
    if hosting:
        others = [s for s in players if s["seat"] != seat]
        if len(others) == 1:
            return say(lang, "sealed_one_remote", name=shown(others[0]["name"], 24))
        return ""
    if seat is None or all(s["seat"] != seat for s in players):
        return ""  # a spectator holds no cards
    if len(players) == 1:
        return say(lang, "sealed_only_you")
    if len(players) == 2:
        return say(lang, "sealed_two_players")
    return ""


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
