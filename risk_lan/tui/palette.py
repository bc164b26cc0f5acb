"""Command-palette entries of the game screen: go to a territory, end the phase, show the log,
the help, taking the seat back from a bot, and the host's player's controls of the table."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.markup import escape

from risk_lan.tui.tablenews import MORE_TIME
from risk_lan.tui.texts import say


class GameCommands(Provider):
    def _commands(self) -> list[tuple[str, Callable[[], Any], str]]:
        screen: Any = self.screen
        lang = getattr(screen, "lang", "en")
        commands: list[tuple[str, Callable[[], Any], str]] = [
            (
                "End the phase" if lang == "en" else "Finir la phase",
                screen.action_end,
                "F4: end the attacks, or the turn",
            ),
            (
                "Show the log" if lang == "en" else "Voir le journal",
                screen.show_log,
                "move the focus to the log",
            ),
            ("Help" if lang == "en" else "Aide", self.app.action_help, "F1: rules and keys"),
        ]
        table: list[tuple[str, Callable[[], Any], str]] = []
        if screen.taken_over and not screen.stopped:
            table.append((say(lang, "cmd_reclaim"), screen.action_reclaim, "F9"))
        if screen.clock_open():
            pause = "cmd_resume" if screen.clock.paused else "cmd_pause"
            table.append((say(lang, pause), screen.action_pause_clock, "F10"))
        waited = screen.waited_player() if screen.controls_open() else None
        if waited is not None:
            # A player's name is a peer's text: the palette reads its entries as markup.
            name = escape(screen.names.get(waited, waited))
            if screen.clock_open():
                more = say(lang, "cmd_more_time", player=name, seconds=MORE_TIME)
                table.append((more, screen.give_more_time, ""))
            bot = say(lang, "cmd_hand_to_bot", player=name)
            table.append((bot, screen.hand_to_bot_now, ""))
        commands = table + commands
        board = screen.query_one("#map").board
        go = "Go to " if lang == "en" else "Aller à "
        for t in board.territory_ids:
            commands.append((go + board.name(t, lang), partial(screen.go_to, t), ""))
        return commands

    async def discover(self) -> Hits:
        commands = self._commands()
        shown = len(commands) - len(screen_territories(self.screen))
        for name, command, help_text in commands[: min(shown, 7)]:
            yield DiscoveryHit(name, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, command, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), command, help=help_text or None)


def screen_territories(screen: Any) -> list[str]:
    return list(screen.query_one("#map").board.territory_ids)
