"""Risk Mission in the app: the panel's summary of the player's missions, and the screen
(Ctrl+K) that lists the four, each with its rank, when it is claimed and whether it can be
now, with what the others have claimed and shown; Enter claims the one chosen."""

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

from risk_lan.rules import Game, missions
from risk_lan.tui.texts import say, shown, translate_bindings


def claimable(game: Game, seat: str) -> list[str]:
    """The missions ``seat`` may claim now (its four checked, not every legal action
    listed: the panel asks at each redraw)."""
    return missions.claimable(game.state, seat) if game.waiting_for() == seat else []


def summary(game: Game, seat: str, names: dict[str, str], lang: str, in_panel: bool = True) -> Text:
    """The panel's lines: how many are claimed, whether one can be now (in the panel), and
    the others' claims and shown fourth missions."""
    s = game.state
    text = Text()
    text.append(say(lang, "missions_panel") + " ", style="bold")
    if seat in s.missions:  # a spectator has none: only the others' claims below
        text.append(say(lang, "missions_claimed", n=len(s.claimed.get(seat, ()))))
        if in_panel:  # (the screen lists them itself)
            ready = claimable(game, seat)
            hint, style = ("missions_ready", "bold green") if ready else ("missions_open", "dim")
            text.append("\n" + say(lang, hint), style=style)
    text.append("\n")
    others = [p for p in s.players if p != seat and s.claimed.get(p)]
    if others:
        counts = ", ".join(f"{shown(names.get(p, p), 24)} {len(s.claimed[p])}" for p in others)
        text.append(say(lang, "missions_others", counts=counts) + "\n")
    for player, mission in s.shown.items():
        if player != seat:
            who = shown(names.get(player, player), 24)
            line = say(lang, "mission_shown_line", player=who, mission=_text(mission, lang))
            text.append(line + "\n", style="yellow")
    return text


def _text(mission: str, lang: str) -> str:
    card = missions.missions().get(mission)
    return card.text(lang) if card else mission


class MissionsScreen(ModalScreen[str | None]):
    """The player's four missions; Enter on one that can be claimed now claims it (its id is
    returned), Esc closes (None)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+k", "dismiss(None)", "Close", id="missions.close"),
    ]

    def __init__(self, game: Game, seat: str, names: dict[str, str], lang: str) -> None:
        super().__init__()
        self.game, self.seat, self.names, self.lang = game, seat, names, lang
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        s = self.game.state
        now = set(claimable(self.game, self.seat))
        done = s.claimed.get(self.seat, [])
        options = []
        for mission in s.missions.get(self.seat, []):
            card = missions.missions()[mission]
            line = Text()
            line.append(f"{say(self.lang, 'rank_' + card.rank)}: ", style="bold")
            line.append(card.text(self.lang))
            if mission in done:
                line.append(f"  ({say(self.lang, 'mission_done')})", style="green")
            elif mission in now:
                line.append(f"  ({say(self.lang, 'mission_now')})", style="bold green")
            options.append(Option(line, id=mission, disabled=mission not in now))
        with Vertical(id="missions-box"):
            yield Static(say(self.lang, "missions_title"), id="missions-title")
            yield OptionList(*options, id="missions")
            others = summary(self.game, self.seat, self.names, self.lang, in_panel=False)
            yield Static(others, id="missions-others")
            hint = "missions_close" if now else "missions_none_now"
            yield Static(say(self.lang, hint), id="missions-hint")

    @on(OptionList.OptionSelected, "#missions")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
