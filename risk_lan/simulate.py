"""Headless games between bots: one game (``play_game``) or many (``simulate``)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from risk_lan.bots import Bot, make_bot
from risk_lan.bots.base import Reason, Reasoned
from risk_lan.rules import Event, Game, RuleSet
from risk_lan.rules.events import GameWon
from risk_lan.seeded import SeededSource

# A safety net: a game this long means the bots are stuck, and it is reported as unfinished.
MAX_TURNS = 2000

# How a game was won, as the summary names it, by the engine's reason in its GameWon event
# (rules/victory.py and each mode's own end: objectives.py, missions.py, capitals.py).
VICTORY_NAMES = {
    "world": "conquest",
    "objective": "objective",
    "missions": "missions",
    "capitals": "capitals",
    "team": "team",
}
# The reasons that are a mode's goal met rather than the world taken.
OBJECTIVE_VICTORIES = frozenset({"objective", "missions"})


@dataclass
class GameResult:
    winner: str | None
    winner_bot: str | None
    turns: int
    rounds: int
    actions: int
    seconds: float
    # How the winner won: the reason of the engine's GameWon event ("world", "objective",
    # "missions", "capitals", "team"); None for an unfinished game.
    victory: str | None = None


@dataclass
class Summary:
    games: int = 0
    finished: int = 0
    wins_by_seat: Counter[str] = field(default_factory=Counter)
    wins_by_bot: Counter[str] = field(default_factory=Counter)
    wins_by_victory: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    rounds: int = 0
    actions: int = 0
    seconds: float = 0.0

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.actions += r.actions
        self.seconds += r.seconds
        if r.winner is not None:
            self.finished += 1
            self.wins_by_seat[r.winner] += 1
            self.wins_by_bot[r.winner_bot or "?"] += 1
            self.wins_by_victory[r.victory or "?"] += 1
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
            "won by: " + ", ".join(f"{victory_name(v)} {n}" for v, n in self.won_by()),
            f"mean turns: {mean_turns:.1f} (rounds: {mean_rounds:.1f})",
            f"actions: {self.actions}",
            f"time: {self.seconds:.2f} s ({rate:.1f} games/s)",
        ]
        return out

    def won_by(self) -> list[tuple[str, int]]:
        """(reason, wins) for each way a game was won, the most frequent first."""
        return sorted(self.wins_by_victory.items(), key=lambda item: (-item[1], item[0]))


def victory_name(reason: str) -> str:
    """How a game was won, in the summary's words ("conquest" for the world taken)."""
    return VICTORY_NAMES.get(reason, reason)


def victory_of(events: Sequence[Event]) -> str | None:
    """The reason of the GameWon event among ``events``, if the game ended there."""
    for event in events:
        if isinstance(event, GameWon):
            return event.reason
    return None


def seat_names(count: int) -> list[str]:
    return [f"p{i + 1}" for i in range(count)]


def play_game(
    bots: Sequence[Bot],
    seed: int | str,
    rules: RuleSet | str = "classic",
    on_events: Callable[[Game, list[Event]], None] | None = None,
    max_turns: int = MAX_TURNS,
    on_reason: Callable[[str, Reason], None] | None = None,
) -> GameResult:
    """Play one game between ``bots`` (in seat order) with dice seeded by ``seed``.
    ``on_reason`` hears a bot's reason for a move (``Reasoned``), after that move's events."""
    started = time.perf_counter()
    players = seat_names(len(bots))
    seats = dict(zip(players, bots, strict=True))
    game, events = Game.new(players, SeededSource(seed), rules)
    for seat, bot in seats.items():
        for action in bot.opening(game, seat):
            events.extend(game.apply(seat, action))
    if on_events:
        on_events(game, events)
    actions = 0
    state, apply = game.state, game.apply  # the game's state is changed in place, never replaced
    while state.phase != "over" and state.turn <= max_turns:
        player = game.waiting_for()
        assert player is not None
        bot = seats[player]
        events = apply(player, bot.choose(game, player))
        actions += 1
        if on_events:
            on_events(game, events)
        if on_reason and isinstance(bot, Reasoned) and bot.reason is not None:
            on_reason(player, bot.reason)
    winner = game.winner
    # The move that ended the game is the last one applied: its events hold the GameWon.
    victory = victory_of(events) if winner else None
    return GameResult(
        winner=winner,
        winner_bot=seats[winner].name if winner else None,
        turns=game.state.turn,
        rounds=game.state.round,
        actions=actions,
        seconds=time.perf_counter() - started,
        victory=victory,
    )


def simulate(
    players: int,
    games: int,
    seed: int,
    rules: RuleSet | str = "classic",
    bot_kinds: Sequence[str] = ("normal",),
    think: float | None = None,
) -> Summary:
    """Play ``games`` games; bot kinds are given per seat and repeat to fill the table.
    ``think``: the thinking budget per whole turn of the bots that think."""
    summary = Summary()
    for g in range(games):
        kinds = [bot_kinds[i % len(bot_kinds)] for i in range(players)]
        bots = [make_bot(k, f"{seed}:{g}:{i}", think) for i, k in enumerate(kinds)]
        summary.add(play_game(bots, f"{seed}:{g}", rules))
    return summary
