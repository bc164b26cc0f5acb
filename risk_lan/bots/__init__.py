"""Bots that fill empty seats: ``classic`` (the default) and ``random`` (a baseline)."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .classic_bot import ClassicBot
from .random_bot import RandomBot

BOTS: dict[str, Callable[[int | str | None], Bot]] = {"classic": ClassicBot, "random": RandomBot}


def make_bot(kind: str, seed: int | str | None = None) -> Bot:
    """A bot by name (``classic`` or ``random``)."""
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; known: {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "ClassicBot", "RandomBot", "make_bot"]
