"""The active independents' screen (Ctrl+G): where each stands, with the gifts and the
allies' dice the player may make now; Enter makes the one chosen."""

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

from risk_lan.rules import Action, Game, GiveCard, ReinforceAlly
from risk_lan.tui.texts.catalogue import say, translate_bindings
from risk_lan.tui.turnlogic.independents_lines import choices, standing
from risk_lan.tui.turnlogic.modeapps import neutral_name
from risk_lan.tui.widgets.keys_line import KeysLine
from risk_lan.wording import place


class IndependentsScreen(ModalScreen[Action | None]):
    """Each independent, where it stands and what it holds; Enter on a gift or an ally's die
    returns that move, Esc closes (None)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+g", "dismiss(None)", "Close", id="independents.close"),
    ]

    def __init__(self, game: Game, seat: str, names: dict[str, str], lang: str) -> None:
        super().__init__()
        self.game, self.seat, self.names, self.lang = game, seat, names, lang
        self.moves = choices(game, seat)
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        s, lang = self.game.state, self.lang
        lines = Text()
        for neutral in s.neutrals:
            armies = sum(s.armies[t] for t in s.territories_of(neutral))
            cards = say(lang, "standing_cards", n=len(s.given.get(neutral, ())))
            line = say(lang, "independent_line", name=neutral_name(s, neutral, lang),
                       standing=standing(s, neutral, self.seat, self.names, lang),
                       held=s.count(neutral), armies=armies, cards=cards)  # fmt: skip
            lines.append(line + "\n")
        options = [Option(self._option(a), id=str(i)) for i, a in enumerate(self.moves)]
        with Vertical(id="independents-box"):
            yield Static(say(lang, "independents_title"), id="independents-title")
            yield Static(lines, id="independents-standing")
            if options:
                yield OptionList(*options, id="independents")
            hint = "independents_choose" if options else "independents_none_now"
            yield Static(say(lang, hint), id="independents-hint")
            extra = [("up,down", "key_choose_line"), ("enter", "key_do_chosen")] if options else []
            yield KeysLine(lang, extra)

    def _option(self, move: Action) -> str:
        s, lang = self.game.state, self.lang
        name = neutral_name(s, move.independent, lang)  # type: ignore[attr-defined]
        if isinstance(move, ReinforceAlly):
            return say(lang, "reinforce_option", name=name)
        assert isinstance(move, GiveCard)
        after = "standing_yours" if not s.status.get(move.independent) else "standing_neutral"
        card = "joker" if move.card.startswith("joker") else place(s.board, move.card, lang)
        return say(lang, "give_option", card=card, name=name, after=say(lang, after))

    @on(OptionList.OptionSelected, "#independents")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.moves[int(event.option.id or 0)])
