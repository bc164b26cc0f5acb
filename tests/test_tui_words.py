"""The sentences the app makes from what the network says: why a game stopped, and whom it
waits for, in English and French, with players' names and never a protocol code."""

from __future__ import annotations

import re

import pytest

from risk_lan.net.client.outcome import Outcome
from risk_lan.tui.table.clock import WaitClock, clock_time
from risk_lan.tui.texts.catalogue import TEXTS, refusal
from risk_lan.tui.texts.stop_reasons import stopped, why_stopped

NAMES = {"p1": "ann", "p2": "bob"}
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b|\bp\d\b")  # bad_dice, host_error, p2 …

OUTCOMES = [
    Outcome(error="the connection to the host was lost"),
    Outcome(error="unreachable: 10.0.0.5:47474"),
    Outcome(error="malformed: the host sent TypeError", culprit="host"),
    Outcome(error="version: the host speaks protocol 9", culprit="host"),
    Outcome(reason="host_error"),
    Outcome(error="full: every seat is taken"),
    Outcome(error="removed: the host's player freed your seat"),
    Outcome(reason="nobody_knows:?"),
    Outcome(reason=""),
    *[Outcome(error=f"{code}: move 12: no", culprit="host") for code in
      ("bad_dice", "equivocation", "bad_signature", "forged_move", "reroll", "replayed")],
    *[Outcome(reason=f"{code}:p2") for code in ("bad_reveal", "wrong_roll", "bad_commit")],
    Outcome(reason="bad_reveal:p1"),
    Outcome(error="bad_reveal: roll 3", culprit="p2"),
    *[Outcome(error=f"{code}: the host published a deck step it should have refused",
              culprit="host") for code in ("bad_deck", "bad_escrow", "bad_expel")],
    *[Outcome(reason=f"{code}:p2") for code in ("bad_share", "bad_shuffle", "false_complaint")],
]  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("outcome", OUTCOMES, ids=lambda o: o.error or o.reason or "none")
def test_every_stop_is_a_sentence_without_codes(outcome: Outcome, lang: str) -> None:
    text = why_stopped(outcome, "p1", NAMES, lang)
    assert text.endswith(".") and text[0].isupper()
    assert not CODE.search(text), text


def test_the_blame_names_the_host_or_the_player() -> None:
    cheat = why_stopped(Outcome(error="bad_dice: move 3", culprit="host"), "p1", NAMES, "en")
    assert "host sent dice that do not follow" in cheat and "cheating or broken" in cheat
    reveal = why_stopped(Outcome(reason="bad_reveal:p2"), "p1", NAMES, "fr")
    assert reveal.startswith("L'hôte a arrêté la partie : bob a envoyé une part des dés")
    mine = why_stopped(Outcome(reason="wrong_roll:p1"), "p1", NAMES, "en")
    assert "your app sent" in mine
    assert "10.0.0.5:47474" in why_stopped(Outcome(error="unreachable: 10.0.0.5:47474"), "", {},
                                           "en")  # fmt: skip
    assert not stopped(Outcome(winner="p1", reason="world"))


def test_the_sealed_decks_faults_and_refusals_are_said_in_sentences() -> None:
    """The deck's codes (a step the host should have refused, a false escrow or share, and a
    step of this app's the host refused) each have the app's own words, in both languages."""
    deck = Outcome(error="bad_deck: the host published a deck step", culprit="host")
    assert "host sent a step of the sealed deck that does not check" in why_stopped(
        deck, "p1", NAMES, "en"
    )
    assert "une étape du paquet scellé" in why_stopped(deck, "p1", NAMES, "fr")
    escrow = why_stopped(Outcome(error="bad_escrow: p2's", culprit="p2"), "p1", NAMES, "fr")
    assert escrow.startswith("Cette application a cessé de jouer : bob a envoyé une clé du")
    share = why_stopped(Outcome(reason="bad_share:p2"), "p1", NAMES, "en")
    assert "bob sent a false share of a key of the sealed deck" in share
    for lang in ("en", "fr"):
        said = refusal(lang, "bad_deck", "p1's opening of ?3 is false")
        assert said.endswith(".") and not CODE.search(said) and "?3" not in said, said


def test_the_waiting_line_counts_down_from_the_time_of_receipt() -> None:
    clock = WaitClock()
    clock.take(False, [{"seat": "p2", "why": "away", "waited": 35.0, "left": 85.0}], 100.0)
    assert clock.text(100.0, "p1", NAMES, "en") == (
        "Waiting for bob: away for 0:35, a bot takes over in 1:25"
    )
    assert clock.text(110.0, "p1", NAMES, "en").endswith("away for 0:45, a bot takes over in 1:15")
    assert clock.text(190.0, "p1", NAMES, "en").endswith(", a bot is taking over")
    clock.take(False, [{"seat": "p1", "why": "reveal", "waited": 12.0, "left": None}], 0.0)
    assert clock.text(0.0, "p1", NAMES, "fr") == "On attend votre part des dés : 0:12"
    clock.take(True, [{"seat": "p2", "why": "move", "waited": 3.0, "left": None}], 0.0)
    assert clock.text(1.0, "p1", NAMES, "en") == "Waiting for bob to move: 0:04 (clock stopped)"
    clock.take(True, [], 0.0)
    assert "stopped the clock" in clock.text(5.0, "p1", NAMES, "en")
    clock.take(False, [], 0.0)
    assert clock.text(5.0, "p1", NAMES, "en") == ""
    assert clock_time(754.9) == "12:34"


def test_every_text_is_in_both_languages() -> None:
    assert set(TEXTS["en"]) == set(TEXTS["fr"])
