"""The game log's sentence, in English and French, saying who now sees the sealed cards of a
seat that changed hands (issue 27): the host's bot that plays it, or its player again, and
the host, which saw them while its bot played."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text

from risk_lan.tui.table.table_news import TableNews


class LogOnly:
    """A game screen as far as the seats' news writes to its log."""

    def __init__(self, lang: str) -> None:
        self.seat, self.lang, self.is_mounted = "p1", lang, True
        self.names = {"p1": "ann", "p2": "bob"}
        self.lines: list[str] = []

    def write_log(self, text: Text) -> None:
        self.lines.append(text.plain)


SAID = {
    ("en", "p2", "taken", 3): "The bot playing bob's seat now sees bob's 3 sealed cards.",
    ("en", "p2", "back", 1): "bob has their seat back, with their 1 sealed card; the host saw"
    " it while its bot played the seat.",
    ("en", "p1", "taken", 2): "The bot playing your seat now sees your 2 sealed cards, and so"
    " does the host.",
    ("en", "p1", "back", 2): "Your 2 sealed cards are yours again; the host saw them while its"
    " bot played your seat.",
    ("fr", "p2", "taken", 3): "Le robot qui joue la place de bob voit désormais ses 3 cartes"
    " scellées.",
    ("fr", "p1", "back", 1): "Votre carte scellée vous revient ; l'hôte l'a vue pendant que"
    " son robot jouait votre place.",
    ("fr", "p2", "back", 2): "bob a repris sa place, avec ses 2 cartes scellées ; l'hôte les a"
    " vues pendant que son robot jouait cette place.",
}


@pytest.mark.parametrize(("lang", "seat", "how", "held"), list(SAID))
def test_who_now_sees_a_seats_sealed_cards_is_said_in_the_log(
    lang: str, seat: str, how: str, held: int
) -> None:
    screen: Any = LogOnly(lang)
    news = TableNews(screen)
    news.catching_up = False
    news.cards_changed_hands(seat, how == "taken", held)
    assert screen.lines == [SAID[lang, seat, how, held]]


def test_the_past_brought_by_the_history_is_not_said_again() -> None:
    screen: Any = LogOnly("en")
    news = TableNews(screen)  # catching up with the history, as a screen starts
    news.cards_changed_hands("p2", True, 3)
    assert screen.lines == []
