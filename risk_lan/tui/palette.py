"""The command palette, in the player's language: the game screen's entries (go to a
territory, end the phase, show the log, the help, taking the seat back from a bot, the host's
player's controls of the table) and Textual's own commands (theme, keys, screenshot, quit)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar, cast

from textual.app import App
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.markup import escape
from textual.theme import ThemeProvider

from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.table.table_news import MORE_TIME
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.widgets.world_map import WorldMap
from risk_lan.wording import place

Command = tuple[str, Callable[[], Any], str]  # its name, what it does, a line of help

# Textual's own commands by their English title and help: the French title and help.
SYSTEM_COMMANDS_FR = {
    "Theme": ("Thème", "Changer les couleurs de l'application"),
    "Quit": ("Quitter", "Quitter l'application tout de suite"),
    "Keys": ("Touches", "Montrer ou cacher l'aide du champ actif et les touches disponibles"),
    "Minimize": ("Réduire", "Rendre au champ agrandi sa taille normale"),
    "Maximize": ("Agrandir", "Agrandir le champ actif"),
    "Screenshot": ("Capture d'écran", "Enregistrer l'écran en image SVG"),
}


def game_commands(screen: GameScreen) -> list[Command]:
    """The game screen's entries: the table's controls first, the territories last."""
    lang = getattr(screen, "lang", "en")
    table: list[Command] = []
    if screen.taken_over and not screen.stopped:
        table.append((say(lang, "cmd_reclaim"), screen.action_reclaim, "F9"))
    news = screen.news
    if news.clock_open():
        pause = "cmd_resume" if news.clock.paused else "cmd_pause"
        table.append((say(lang, pause), screen.action_pause_clock, "F10"))
    waited = news.waited_player() if news.controls_open() else None
    if waited is not None:
        # A player's name is a peer's text: the palette reads its entries as markup.
        name = escape(screen.names.get(waited, waited))
        if news.clock_open():
            more = say(lang, "cmd_more_time", player=name, seconds=MORE_TIME)
            table.append((more, news.give_more_time, ""))
        table.append((say(lang, "cmd_hand_to_bot", player=name), news.hand_to_bot_now, ""))
    if news.host_controls:
        table.append((say(lang, "cmd_resume_command"), screen.action_resume_command, "Ctrl+O"))
    table += [
        (say(lang, "cmd_end"), screen.action_end, say(lang, "cmd_end_help")),
        (say(lang, "cmd_log"), screen.show_log, say(lang, "cmd_log_help")),
        (say(lang, "cmd_full_log"), screen.action_show_log, "Ctrl+L"),
        (say(lang, "cmd_pace"), screen.action_pace, "Ctrl+T"),
        (say(lang, "cmd_help"), screen.game_app.action_help, say(lang, "cmd_help_help")),
    ]
    board = screen.query_one("#map", WorldMap).board
    for t in board.territory_ids:
        go = say(lang, "cmd_go_to", territory=place(board, t, lang))
        table.append((go, partial(screen.go_to, t), ""))
    return table


def system_commands(app: Any, screen: Any) -> list[Command]:
    """Textual's own commands, named in the app's language."""
    found: list[Command] = []
    for command in app.get_system_commands(screen):
        title, help_text = command.title, command.help
        if app.lang == "fr":
            title, help_text = SYSTEM_COMMANDS_FR.get(title, (title, help_text))
        found.append((title, command.callback, help_text))
    return found


class TableCommands(Provider):
    """Every entry of the palette. When nothing matches, says so in the player's language."""

    def _commands(self) -> tuple[list[Command], list[Command]]:
        screen = self.screen
        own = game_commands(screen) if isinstance(screen, GameScreen) else []
        return own, system_commands(self.app, screen)

    async def discover(self) -> Hits:
        own, system = self._commands()
        screen = self.screen
        territories = len(screen_territories(screen)) if isinstance(screen, GameScreen) else 0
        shown = own[: len(own) - territories][:7] + system
        for name, command, help_text in shown:
            yield DiscoveryHit(name, command, help=help_text or None)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        own, system = self._commands()
        found = False
        for name, command, help_text in own + system:
            score = matcher.match(name)
            if score > 0:
                found = True
                yield Hit(score, matcher.highlight(name), command, help=help_text or None)
        if not found and query.strip():
            lang = getattr(self.app, "lang", "en")
            yield Hit(1, escape(say(lang, "cmd_none", query=query.strip())), lambda: None)


def screen_territories(screen: GameScreen) -> list[str]:
    return list(screen.query_one("#map", WorldMap).board.territory_ids)


class AppInLanguage(App[int]):
    """The app's own part of Textual's: the palette opens, searches themes and tells how to
    quit in the player's language (the game's app and the replay's are each one)."""

    lang: str
    COMMANDS: ClassVar[set[Any]] = {TableCommands}

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(cast(App[object], self)):
            placeholder = say(self.lang, "palette_placeholder")
            self.push_screen(CommandPalette(id="--command-palette", placeholder=placeholder))

    def search_themes(self) -> None:
        placeholder = say(self.lang, "theme_placeholder")
        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder=placeholder))

    def action_help_quit(self) -> None:
        # Textual's answer to ctrl+c (which no longer quits), in the app's language.
        self.notify(say(self.lang, "quit_key"), title=say(self.lang, "quit_title"))
