"""A card in rulebook 004's trades by stars, in a line: its territory, its stars and what
trading it gives. Without any drawing. The trades by stars' unit in the app (``APP``) is
here: the hand a card a line, and the trade key opening the screen that picks the cards."""

from __future__ import annotations

from risk_lan.rules import Game
from risk_lan.rules.cards import stars
from risk_lan.rules.stars import beside
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.turnlogic.modeapp import ModeApp


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


APP = ModeApp(
    name="stars",
    applies=lambda rules: rules.trade_values == "stars",
    card_line=card_line,
    trade_screen="star_trade",
)
