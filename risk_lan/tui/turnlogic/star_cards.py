"""A card in seed 004's trades by stars, in a line: its territory, its stars and what
trading it gives. Without any drawing."""

from __future__ import annotations

from risk_lan.rules import Game
from risk_lan.rules.cards import stars
from risk_lan.rules.stars import beside
from risk_lan.tui.texts.catalogue import say


def card_line(game: Game, seat: str, card: str, lang: str) -> str:
    """A card as the trade screen and the hand show it: symbol, name, stars, and what
    trading it gives on the map."""
    s = game.state
    count = stars(game.board, [card])
    if card.startswith("joker"):
        head = "joker"
    else:
        glyph = {"infantry": "♟", "cavalry": "♞", "artillery": "♜"}[
            game.board.territories[card].card
        ]
        head = f"{glyph} {game.board.name(card, lang)}"
    notes = [say(lang, "stars_card", stars=count)]
    if s.owner.get(card) == seat:
        notes.append(say(lang, "stars_own"))
    if card in s.owner and beside(s, seat, card):
        notes.append(say(lang, "stars_beside"))
    if card in s.laid.get(seat, ()):
        notes.append(say(lang, "stars_laid"))
    return f"{head} · {', '.join(notes)}"
