"""Screens shown over the game: the help, the whole log, leaving a game in progress, and the
end of the game with its statistics."""

from __future__ import annotations

from importlib import resources
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import Button, Markdown, RichLog, Static

from risk_lan.rules import Game, teams
from risk_lan.tui.panels import player_mark
from risk_lan.tui.texts import say, shown, translate_bindings


def help_text(lang: str, mode: str | None = None) -> str:
    """The help: what the mode being played changes first (when it has its own page), then
    the game and the keys."""
    data = resources.files("risk_lan.tui").joinpath("data")
    name = "help_fr.md" if lang == "fr" else "help_en.md"
    text = data.joinpath(name).read_text(encoding="utf-8")
    page = data.joinpath("modes", f"{mode}.{'fr' if lang == 'fr' else 'en'}.md")
    if mode and page.is_file():
        text = page.read_text(encoding="utf-8") + "\n" + text
    return text


class HelpScreen(ModalScreen[None]):
    """The rules of the game being played and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,question_mark,q", "dismiss", "Close", id="help.close"),
    ]

    def __init__(self, lang: str, mode: str | None = None) -> None:
        super().__init__()
        self.lang = lang
        self.mode = mode
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(help_text(self.lang, self.mode))


class LogScreen(ModalScreen[None]):
    """The whole log of the game so far, over the table, to read back (Ctrl+L)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+l,q", "dismiss", "Close", id="log.close"),
    ]

    def __init__(self, lines: list[Strip], lang: str) -> None:
        super().__init__()
        # The game's log as drawn (its lines, each a row of styled segments), written again
        # here at the width of this box.
        self.texts = [Text.assemble(*[(seg.text, seg.style) for seg in line]) for line in lines]
        self.lang = lang
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        log = RichLog(id="full-log", wrap=True)
        log.border_title = say(self.lang, "log_title")
        yield log

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for text in self.texts:
            log.write(text)
        log.focus()


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
    ) -> None:
        super().__init__()
        self.expelled = expelled
        self.winner, self.error, self.game = winner, error, game
        self.players, self.battles, self.code, self.lang = players, battles, code, lang
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="over-box")

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
            text.append(line + "\n\n", style="bold yellow")
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
        text.append(f"\n{say(lang, 'transcript')} {self.code}\n", style="dim")
        return text


class LeaveScreen(ModalScreen[bool]):
    """Asks before leaving a game in progress, saying what leaving does to it; True: leave."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "stay", "Stay", id="leave.stay"),
    ]

    def __init__(self, text: str, lang: str) -> None:
        super().__init__()
        self.text, self.lang = text, lang
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="leave-box"):
            yield Static(say(self.lang, "leave_title"), id="leave-title")
            yield Static(Text(self.text), id="leave-text")
            with Horizontal(id="leave-buttons"):
                yield Button(say(self.lang, "leave_button"), variant="error", id="leave")
                yield Button(say(self.lang, "stay_button"), variant="primary", id="stay")

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()  # Enter on a stray key press keeps the game

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")

    def action_stay(self) -> None:
        self.dismiss(False)


# The smallest terminal the app is played in: below it, the map's labels and the panels no
# longer fit, and the app says so rather than show a cut-off table.
MIN_WIDTH, MIN_HEIGHT = 100, 30


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(ModalScreen[None]):
    """Over everything while the terminal is too small to play in; it goes as soon as the
    terminal is large enough (the app watches its size)."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.show(self.app.size.width, self.app.size.height)

    def on_screen_resume(self) -> None:
        # Back on top after a screen over it closed: still needed?
        if not too_small(self.app.size.width, self.app.size.height):
            self.dismiss()

    def show(self, width: int, height: int) -> None:
        line = say(self.lang, "too_small", need_width=MIN_WIDTH, need_height=MIN_HEIGHT,
                   width=width, height=height)  # fmt: skip
        self.query_one("#too-small", Static).update(line)


class FitsTerminal:
    """The app's side of ``TooSmallScreen``: shown over everything while the terminal is too
    small to play in, whatever screen opens meanwhile. Part of the app."""

    size: Any
    screen_stack: Any
    lang: str
    call_after_refresh: Any

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        pushed = super().push_screen(screen, *args, **kwargs)
        if not isinstance(screen, TooSmallScreen):
            self.call_after_refresh(self.refit)
        return pushed

    def switch_screen(self, screen: Any) -> Any:
        switched = super().switch_screen(screen)
        self.call_after_refresh(self.refit)
        return switched

    def refit(self) -> None:
        """A screen opened while the terminal is too small goes under the notice."""
        self.fit(self.size.width, self.size.height)

    def fit(self, width: int, height: int) -> None:
        """Say so over everything while the terminal is too small to play in."""
        top = self.screen_stack[-1] if self.screen_stack else None
        if too_small(width, height):
            if isinstance(top, TooSmallScreen):
                top.show(width, height)
            else:
                self.push_screen(TooSmallScreen(self.lang))
        elif isinstance(top, TooSmallScreen):
            top.dismiss()
