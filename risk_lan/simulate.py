"""Headless games between bots: one game (``play_game``) or many (``simulate``)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from risk_lan.bots import Bot, make_bot
from risk_lan.bots.exec_bot import DEFAULT_TIMEOUT, Ending, ExecBot
from risk_lan.rules import Event, Game, RuleSet
from risk_lan.seeded import SeededSource

# A safety net: a game this long means the bots are stuck, and it is reported as unfinished.
MAX_TURNS = 2000


@dataclass
class GameResult:
    winner: str | None
    winner_bot: str | None
    turns: int
    rounds: int
    actions: int
    seconds: float
    # Each program's seat (``exec:COMMAND``): its command, and the moves the normal bot played
    # for it.
    exec_seats: dict[str, tuple[str, int]] = field(default_factory=dict)


@dataclass
class Summary:
    games: int = 0
    finished: int = 0
    wins_by_seat: Counter[str] = field(default_factory=Counter)
    wins_by_bot: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    rounds: int = 0
    actions: int = 0
    seconds: float = 0.0
    exec_seats: dict[str, str] = field(default_factory=dict)  # seat: its program's command
    exec_fallbacks: Counter[str] = field(default_factory=Counter)  # seat: moves played for it

    def add(self, r: GameResult) -> None:
        self.games += 1
        for seat, (command, fallbacks) in r.exec_seats.items():
            self.exec_seats[seat] = command
            self.exec_fallbacks[seat] += fallbacks
        self.actions += r.actions
        self.seconds += r.seconds
        if r.winner is not None:
            self.finished += 1
            self.wins_by_seat[r.winner] += 1
            self.wins_by_bot[r.winner_bot or "?"] += 1
            self.turns += r.turns
            self.rounds += r.rounds

    def lines(self) -> list[str]:
        mean_turns = self.turns / self.finished if self.finished else 0.0
        mean_rounds = self.rounds / self.finished if self.finished else 0.0
        rate = self.games / self.seconds if self.seconds else 0.0
        out = [
            f"games: {self.games} ({self.finished} finished, "
            f"{self.games - self.finished} unfinished)",
            "wins by seat: " + ", ".join(f"{p} {n}" for p, n in sorted(self.wins_by_seat.items())),
            "wins by bot: " + ", ".join(f"{b} {n}" for b, n in self.wins_by_bot.most_common()),
            f"mean turns: {mean_turns:.1f} (rounds: {mean_rounds:.1f})",
            f"actions: {self.actions}",
            f"time: {self.seconds:.2f} s ({rate:.1f} games/s)",
        ]
        for seat, command in sorted(self.exec_seats.items()):
            out.append(
                f"exec bot {seat}: {command}: {self.wins_by_seat[seat]} wins; the normal bot "
                f"played {self.exec_fallbacks[seat]} of its moves"
            )
        return out


EXEC = "exec:"  # a seat's kind ``exec:COMMAND``: the program COMMAND plays it


def seat_bot(
    kind: str,
    seed: str,
    exec_timeout: float = DEFAULT_TIMEOUT,
    log: Callable[[str], None] | None = None,
) -> Bot:
    """A seat's bot by its kind: a built-in one, or ``exec:COMMAND``'s program."""
    if kind.startswith(EXEC):
        return ExecBot(kind.removeprefix(EXEC), seed, timeout=exec_timeout, log=log)
    return make_bot(kind, seed)


def seat_names(count: int) -> list[str]:
    return [f"p{i + 1}" for i in range(count)]


def play_game(
    bots: Sequence[Bot],
    seed: int | str,
    rules: RuleSet | str = "classic",
    on_events: Callable[[Game, list[Event]], None] | None = None,
    max_turns: int = MAX_TURNS,
) -> GameResult:
    """Play one game between ``bots`` (in seat order) with dice seeded by ``seed``."""
    started = time.perf_counter()
    players = seat_names(len(bots))
    seats = dict(zip(players, bots, strict=True))
    game, events = Game.new(players, SeededSource(seed), rules)
    try:
        actions = _played(game, seats, events, on_events, max_turns)
    finally:
        for seat, bot in seats.items():
            if isinstance(bot, Ending):
                bot.game_over(game, seat)
    winner = game.winner
    return GameResult(
        winner=winner,
        winner_bot=seats[winner].name if winner else None,
        turns=game.state.turn,
        rounds=game.state.round,
        actions=actions,
        seconds=time.perf_counter() - started,
        exec_seats={
            seat: (bot.command, bot.fallbacks)
            for seat, bot in seats.items()
            if isinstance(bot, ExecBot)
        },
    )


def _played(
    game: Game,
    seats: dict[str, Bot],
    events: list[Event],
    on_events: Callable[[Game, list[Event]], None] | None,
    max_turns: int,
) -> int:
    """Play ``game`` to its end (or ``max_turns``); the number of actions the bots took."""
    for seat, bot in seats.items():
        for action in bot.opening(game, seat):
            events.extend(game.apply(seat, action))
    if on_events:
        on_events(game, events)
    actions = 0
    while not game.is_over and game.state.turn <= max_turns:
        player = game.waiting_for()
        assert player is not None
        events = game.apply(player, seats[player].choose(game, player))
        actions += 1
        if on_events:
            on_events(game, events)
    return actions


def simulate(
    players: int,
    games: int,
    seed: int,
    rules: RuleSet | str = "classic",
    bot_kinds: Sequence[str] = ("classic",),
    exec_timeout: float = DEFAULT_TIMEOUT,
    log: Callable[[str], None] | None = None,
) -> Summary:
    """Play ``games`` games; bot kinds are given per seat and repeat to fill the table
    (``exec:COMMAND`` runs a program, each game anew, saying in ``log`` what it gets wrong)."""
    summary = Summary()
    for g in range(games):
        kinds = [bot_kinds[i % len(bot_kinds)] for i in range(players)]
        bots = [seat_bot(k, f"{seed}:{g}:{i}", exec_timeout, log) for i, k in enumerate(kinds)]
        summary.add(play_game(bots, f"{seed}:{g}", rules))
    return summary
