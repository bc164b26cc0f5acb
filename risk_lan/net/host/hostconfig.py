"""What a host is asked to run: the table (seats, bots, mode), where the game is kept and
recorded, how long a seat may keep it waiting, and who may come in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from risk_lan.bots import ALIASES, DEFAULT_LEVEL, ClassicBot, make_bot
from risk_lan.bots import levels as offered_levels
from risk_lan.bots.base import Bot, Reason
from risk_lan.rules import ruleset


@dataclass
class HostConfig:
    name: str = "risk-lan"
    seats: int = 4
    bots: int = 0
    # The level of each bot seat, in seat order (those not given: normal).
    levels: tuple[str, ...] = ()
    # The thinking time of the bots that think, in seconds per whole turn (None: their own).
    think: float | None = None
    mode: str = "classic"
    record: str | None = None
    # Where the game is kept as it goes, to resume it after a crash: this file, else a file
    # named after the game in this folder (neither: nowhere).
    save: str | None = None
    save_in: str | None = None
    chain_length: int = 16384
    log: Callable[[str], None] | None = None
    # Seconds a disconnected player may keep the game waiting before a bot takes the seat
    # (None: wait for ever).
    absent_after: float | None = 120.0
    # The bot that stands in for a player who is away, expelled or out: always a normal one.
    bot_factory: Callable[[], Bot] = field(default=ClassicBot)
    # Who may come in: those who prove they know this password, and (``approve``) those the
    # host's player lets in (a headless host: its console).
    password: str | None = None
    approve: bool = False
    # Who hears a bot's reason for the move it is about to make: (its seat, the number that
    # move will have, the reason). The app of the host's player shows it with that move.
    bot_reason: Callable[[str, int, Reason], None] | None = None
    # The word the bots' names are made of (bot-1, bot-2…), in the host's player's language.
    bot_name: str = "bot"
    # Hidden cards dealt by the sealed deck, which no peer, the host included, can read alone
    # (issue 27). Off until every part of it is on the wire: a game is then dealt as before.
    sealed: bool = False

    def check(self) -> None:
        """Raise ValueError, saying why, for a table the rule set cannot seat."""
        rules = ruleset(self.mode)
        if not rules.min_players <= self.seats <= rules.max_players:
            raise ValueError(f"{rules.name} is for {rules.players_text()}")
        if not 0 <= self.bots <= self.seats:
            raise ValueError("there cannot be more bots than seats")
        if len(self.levels) > self.bots:
            raise ValueError("a level is given for each bot, and no more")
        for level in self.levels:
            if ALIASES.get(level, level) not in offered_levels():
                known = ", ".join(offered_levels())
                raise ValueError(f"{level!r} is not a bot level; the levels are {known}")

    def bot_levels(self) -> list[str]:
        """The level of each bot seat, in seat order."""
        given = [ALIASES.get(level, level) for level in self.levels[: self.bots]]
        return given + [DEFAULT_LEVEL] * (self.bots - len(given))

    def bot(self, level: str) -> Bot:
        """A bot of ``level`` for a seat the table gave a bot, thinking as long as ``think``
        says."""
        return make_bot(level or DEFAULT_LEVEL, think=self.think)
