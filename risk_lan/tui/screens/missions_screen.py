"""Risk Mission's screen (Ctrl+K): the player's four missions, each with its rank, when it
is claimed and whether it can be now, with what the others have claimed and shown;
Enter claims the one chosen."""

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
from risk_lan.rules.missioncards import RANKS
from risk_lan.rules.sealing import is_hidden
from risk_lan.tui.texts.catalogue import say, translate_bindings
from risk_lan.tui.turnlogic.mission_lines import claimable, ends_turn, summary
from risk_lan.tui.widgets.keys_line import KeysLine


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
        for rank, mission in zip(RANKS, s.missions.get(self.seat, []), strict=False):
            line = Text()
            if is_hidden(mission):  # dealt in a game between peers, not learnt yet
                line.append(f"{say(self.lang, 'rank_' + rank)}: ", style="bold")
                line.append(say(self.lang, "mission_coming"), style="dim")
                options.append(Option(line, id=mission, disabled=True))
                continue
            card = missions.missions()[mission]
            line.append(f"{say(self.lang, 'rank_' + card.rank)}: ", style="bold")
            line.append(card.text(self.lang))
            if mission in done:
                line.append(f"  ({say(self.lang, 'mission_done')})", style="green")
            elif mission in now:
                now_key = "mission_now_ends" if ends_turn(mission) else "mission_now"
                line.append(f"  ({say(self.lang, now_key)})", style="bold green")
            options.append(Option(line, id=mission, disabled=mission not in now))
        with Vertical(id="missions-box"):
            yield Static(say(self.lang, "missions_title"), id="missions-title")
            yield OptionList(*options, id="missions")
            others = summary(self.game, self.seat, self.names, self.lang, in_panel=False)
            yield Static(others, id="missions-others")
            hint = "missions_close" if now else "missions_none_now"
            yield Static(say(self.lang, hint), id="missions-hint")
            extra = [("up,down", "key_choose_line"), ("enter", "key_claim_chosen")] if now else []
            yield KeysLine(self.lang, extra)

    @on(OptionList.OptionSelected, "#missions")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
