"""Bots that fill empty seats, by level: ``easy`` (blunders a newcomer can exploit), ``normal``
(the default; once called ``classic``, a name still accepted), ``hard`` (thinks ahead) and
``random`` (a baseline).

A level is added by one line in ``BOTS``: every place a bot is chosen (the command line, the
host's lobby, ``join --bot``) offers the levels of ``LEVELS`` that are registered here."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .classic_bot import ClassicBot
from .easy_bot import EasyBot
from .hard_bot import HardBot
from .random_bot import RandomBot

# How a bot is made: its seed, then its thinking budget in seconds per whole turn (None: its
# own default). Bots that do not think ignore the budget.
BotMaker = Callable[[int | str | None, float | None], Bot]

BOTS: dict[str, BotMaker] = {
    "easy": EasyBot,
    "normal": lambda seed, think: ClassicBot(seed),
    "hard": HardBot,
    "random": lambda seed, think: RandomBot(seed),
}
# The levels a player chooses among, weakest first (``random`` is a baseline, not a level).
LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
# Older names still accepted wherever a kind is read.
ALIASES = {"classic": "normal"}


def bot_kind(kind: str) -> str:
    """The registered kind ``kind`` names (an alias read as its level); ValueError, saying
    which kinds there are, for any other word."""
    known = ALIASES.get(kind.strip().lower(), kind.strip().lower())
    if known not in BOTS:
        raise ValueError(f"unknown bot {kind!r}; known: {', '.join(BOTS)}")
    return known


def levels() -> list[str]:
    """The levels offered to players: those of ``LEVELS`` that are registered, weakest first."""
    return [level for level in LEVELS if level in BOTS]


def make_bot(kind: str, seed: int | str | None = None, think: float | None = None) -> Bot:
    """A bot by kind (``easy``, ``normal``, ``random``…; ``classic`` for ``normal``), with
    ``think`` seconds to think per whole turn if it thinks at all."""
    return BOTS[bot_kind(kind)](seed, think)


__all__ = [
    "ALIASES",
    "BOTS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "ClassicBot",
    "EasyBot",
    "HardBot",
    "RandomBot",
    "bot_kind",
    "levels",
    "make_bot",
]
