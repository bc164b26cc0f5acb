"""Command-palette entries of the game screen: go to a territory, end the phase, show the log,
the help."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider


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
        board = screen.query_one("#map").board
        go = "Go to " if lang == "en" else "Aller à "
        for t in board.territory_ids:
            commands.append((go + board.name(t, lang), partial(screen.go_to, t), ""))
        return commands

    async def discover(self) -> Hits:
        for name, command, help_text in self._commands()[:3]:
            yield DiscoveryHit(name, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, command, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), command, help=help_text or None)
