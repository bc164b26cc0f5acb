"""What a sealed game's screens say a small table lets the host's computer read: every share
of a player's spare key (its escrow) is on the host's computer exactly when that player is
the only one whose computer is not the host's (docs/fairness.md)."""

from __future__ import annotations

from typing import Any

import pytest

from protocol.layerkey import LayerKey
from protocol.sealeddeck import Party, SealedDeck
from risk_lan.tui.table.sealed_words import few_computers_line, seats_line


def seat(sid: str, name: str, kind: str = "human") -> dict[str, Any]:
    return {"seat": sid, "name": name, "kind": kind, "colour": "red"}


def test_the_host_app_names_the_one_player_on_another_computer() -> None:
    seats = [seat("p1", "Hana"), seat("p2", "Aki"), seat("p3", "bot-1", "bot")]
    line = few_computers_line("en", seats, "p1", hosting=True)
    assert "Only Aki plays on another computer" in line and "could read them" in line
    assert "Seul Aki joue sur un autre ordinateur" in few_computers_line(
        "fr", seats, "p1", hosting=True
    )
    assert few_computers_line("en", [*seats, seat("p4", "Bea")], "p1", hosting=True) == ""


@pytest.mark.parametrize(
    ("players", "key"),
    [
        (1, "Only your seat is played away from the host"),
        (2, "If the other player plays at the host's"),
        (3, None),
    ],
)
def test_a_joined_app_says_what_the_host_could_read_at_a_small_table(
    players: int, key: str | None
) -> None:
    seats = [seat(f"p{i + 1}", f"n{i}") for i in range(players)] + [seat("p9", "b", "bot")]
    line = few_computers_line("en", seats, "p1", hosting=False)
    assert (key in line) if key else line == ""
    assert few_computers_line("en", seats, None, hosting=False) == ""  # a spectator
    assert seats_line("en", seats, "p1").startswith("Sealed cards:")


@pytest.mark.parametrize(("parties", "readable"), [(3, True), (4, False), (6, False)])
def test_the_host_apps_sentence_matches_the_threshold(parties: int, readable: bool) -> None:
    """With the host's app playing seat p1, the host's computer holds two shares of each other
    player's escrow (the host's and p1's): it reaches the threshold exactly when one player's
    computer is not the host's (three parties), as the host's app says."""
    ids = ["host", *(f"p{i}" for i in range(1, parties))]
    deck = SealedDeck("g", [Party(p, LayerKey().public, bytes(32)) for p in ids])
    remote = ids[-1]
    on_host = {"host", "p1"} & set(deck.holders(remote))
    assert (len(on_host) >= deck.threshold(remote)) is readable
    said = few_computers_line("en", [seat(p, p) for p in ids[1:]], "p1", hosting=True)
    assert bool(said) is readable


def test_a_lone_player_with_a_headless_host_is_told_the_host_could_read_its_cards() -> None:
    """Two parties (a headless host and one player): the host is the escrow's one holder."""
    deck = SealedDeck("g", [Party(p, LayerKey().public, bytes(32)) for p in ("host", "p1")])
    assert deck.holders("p1") == ["host"] and deck.threshold("p1") == 1
    line = few_computers_line("en", [seat("p1", "Aki"), seat("p2", "b", "bot")], "p1", False)
    assert "its computer holds all of the spare key" in line
