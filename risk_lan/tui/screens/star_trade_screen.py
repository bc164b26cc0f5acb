"""Rulebook 004's trades in the app: the screen (F5) where the player picks the cards to trade for
their stars, sees what they give (the stars' armies, +2 on each traded territory held, +1
beside each traded territory next to one of its own by land), and trades them."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from risk_lan.rules import Game, TradeCards
from risk_lan.rules.cards import MOST_STARS, STAR_ARMIES, stars
from risk_lan.rules.sealing import named
from risk_lan.tui.texts.catalogue import say, translate_bindings
from risk_lan.tui.turnlogic.star_cards import card_line
from risk_lan.tui.widgets.keys_line import KeysLine


class StarTradeScreen(ModalScreen[TradeCards | None]):
    """The hand, each card picked or not (Enter); F5 returns the trade of those picked, Esc
    closes (None)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Close", id="stars.close"),
        Binding("f5", "trade", "Trade", id="stars.trade"),
    ]

    def __init__(self, game: Game, seat: str, lang: str) -> None:
        super().__init__()
        self.game, self.seat, self.lang = game, seat, lang
        # The cards it knows: one still on its way (a token, ``sealing``) cannot be traded yet.
        self.hand = named(game.state.hands.get(seat, []))
        self.picked: set[str] = set()
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="stars-box"):
            yield Static(say(self.lang, "stars_title"), id="stars-title")
            yield OptionList(*self._options(), id="stars-cards")
            yield Static(self._total(), id="stars-total")
            yield Static(say(self.lang, "stars_help"), id="stars-hint")
            yield KeysLine(self.lang, [("up,down", "key_choose_line"), ("enter", "key_pick")])

    def _options(self) -> list[Option]:
        out = []
        for i, card in enumerate(self.hand):
            mark = "[x]" if card in self.picked else "[ ]"
            # As Text: a string prompt is markup, where "[x]" is a tag and shows nothing.
            line = Text(f"{mark} {card_line(self.game, self.seat, card, self.lang)}")
            out.append(Option(line, id=str(i)))
        return out

    def _total(self, refused: bool = False) -> Text:
        count = stars(self.game.board, sorted(self.picked))
        if count < min(STAR_ARMIES):
            armies = say(self.lang, "stars_too_few")
        elif count > MOST_STARS:
            armies = say(self.lang, "stars_too_many")
        else:
            armies = say(self.lang, "stars_armies", armies=STAR_ARMIES[count])
        line = say(self.lang, "stars_total", n=len(self.picked), stars=count, armies=armies)
        if refused:
            line = f"{say(self.lang, 'stars_refused')} {line}"
        return Text(line, style="bold" if count in STAR_ARMIES else "yellow")

    @on(OptionList.OptionSelected, "#stars-cards")
    def toggled(self, event: OptionList.OptionSelected) -> None:
        card = self.hand[int(event.option.id or 0)]
        self.picked ^= {card}
        cards = self.query_one("#stars-cards", OptionList)
        highlighted = cards.highlighted
        cards.clear_options()
        cards.add_options(self._options())
        cards.highlighted = highlighted
        self.query_one("#stars-total", Static).update(self._total())

    def action_trade(self) -> None:
        if stars(self.game.board, sorted(self.picked)) in STAR_ARMIES:
            self.dismiss(TradeCards(tuple(self.picked)))
        else:
            self.query_one("#stars-total", Static).update(self._total(refused=True))
            self.app.bell()
