"""The end of the game: the winner, or why it stopped, and each player's figures."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from risk_lan.rules import Game, teams
from risk_lan.rules.objectives import objectives
from risk_lan.tui.texts.catalogue import say, shown, translate_bindings
from risk_lan.tui.turnlogic.modeapps import won_how
from risk_lan.tui.widgets.keys_line import KeysLine
from risk_lan.tui.widgets.panels import card_label, player_mark


class GameOverScreen(ModalScreen[None]):
    """The winner (or why the game stopped), and each player's figures."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q", "dismiss", "Close", id="over.close"),
    ]

    def __init__(
        self,
        winner: str | None,
        error: str | None,  # why the game stopped, in a sentence (None: it was won)
        game: Game | None,
        players: list[dict[str, Any]],
        battles: int,
        code: str,
        lang: str,
        expelled: bool = False,  # this player was expelled: the others play on
        audit: str | None = None,  # a sealed game's: what this app checked of its cards
    ) -> None:
        super().__init__()
        self.expelled, self.audit = expelled, audit
        self.winner, self.error, self.game = winner, error, game
        self.players, self.battles, self.code, self.lang = players, battles, code, lang
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="over-frame"):
            yield Static(self._text(), id="over-box")
            yield KeysLine(self.lang)

    def _text(self) -> Text:
        lang = self.lang
        names = {p["seat"]: shown(p["name"], 24) for p in self.players}
        text = Text()
        if self.error:
            title = "stopped_title" if self.players else "not_joined_title"
            title = "expelled_title" if self.expelled else title
            text.append(say(lang, title) + "\n", style="bold red")
            text.append(self.error + "\n\n")
        else:
            winner = names.get(self.winner or "", self.winner or "?")
            line = say(lang, "winner", winner=winner)
            state = self.game.state if self.game is not None else None
            if state is not None and self.winner in state.teams:
                mates = [p for p in state.players if teams.friends(state, p, self.winner)]
                line = say(lang, "team_won", team=say(lang, "and").join(
                    names.get(p, p) for p in mates))  # fmt: skip
            text.append(line + "\n", style="bold yellow")
            how = won_how(self.game, self.winner, names, lang) if self.winner else None
            text.append((how + "\n" if how else "") + "\n")
        if self.game is not None:
            s = self.game.state
            text.append(say(lang, "stats") + "\n", style="bold")
            text.append(say(lang, "rounds_battles", rounds=s.round, battles=self.battles) + "\n")
            for p in self.players:
                who = p["seat"]
                letter, ink = player_mark(p["colour"])
                armies = teams.army_total(s, who)
                text.append(f"{letter} ", style=f"bold {ink}")
                held = teams.controlled_count(s, who)
                counts = say(lang, "counts", held=held, armies=armies)
                text.append(f"{shown(p['name'], 16):<16} {counts}\n")
        if self.audit is not None:
            text.append("\n" + self.audit + "\n", style="green" if self.game else "")
            if self.game is not None and not self.error:
                self._hands(text, names)
        text.append(f"\n{say(lang, 'transcript')} {self.code}\n", style="dim")
        return text

    def _hands(self, text: Text, names: dict[str, str]) -> None:
        """A sealed game won: every hand and objective, each card read at the end."""
        assert self.game is not None
        s, lang = self.game.state, self.lang
        text.append("\n" + say(lang, "hands_at_end") + "\n", style="bold")
        for p in self.players:
            who = p["seat"]
            cards = [card_label(self.game, c, lang) for c in s.hands.get(who, [])]
            held = ", ".join(cards) if cards else say(lang, "no_cards")
            text.append(f"{names.get(who, who)}: {held}\n")
            objective = s.objectives.get(who)
            if objective and objective in objectives():
                text.append(f"  {objectives()[objective].text(lang)}\n", style="dim")
