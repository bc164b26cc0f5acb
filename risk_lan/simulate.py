"""Headless games between bots: one game (``play_game``) or many (``simulate``)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from risk_lan.bots import Bot, make_bot
from risk_lan.bots.base import Reason, Reasoned
from risk_lan.bots.exec_bot import DEFAULT_TIMEOUT, Ending, ExecBot
from risk_lan.rules import Event, Game, RuleSet
from risk_lan.rules.events import GameWon
from risk_lan.rules.modes import in_play, owed
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
    # Each program's seat (``exec:COMMAND``): its command, and the moves the normal bot played
    # for it.
    exec_seats: dict[str, tuple[str, int]] = field(default_factory=dict)


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
        for seat, command in sorted(self.exec_seats.items()):
            out.append(
                f"exec bot {seat}: {command}: {self.wins_by_seat[seat]} wins; the normal bot "
                f"played {self.exec_fallbacks[seat]} of its moves"
            )
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


EXEC = "exec:"  # a seat's kind ``exec:COMMAND``: the program COMMAND plays it


def seat_bot(
    kind: str,
    seed: str,
    exec_timeout: float = DEFAULT_TIMEOUT,
    log: Callable[[str], None] | None = None,
    think: float | None = None,
) -> Bot:
    """A seat's bot by its kind: a built-in one (``think``: the budget of a bot that thinks),
    or ``exec:COMMAND``'s program."""
    if kind.startswith(EXEC):
        return ExecBot(kind.removeprefix(EXEC), seed, timeout=exec_timeout, log=log)
    return make_bot(kind, seed, think)


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
    try:
        actions, last = _played(game, seats, events, on_events, max_turns, on_reason)
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
        # The move that ended the game is the last one applied: its events hold the GameWon.
        victory=victory_of(last) if winner else None,
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
    on_reason: Callable[[str, Reason], None] | None,
) -> tuple[int, list[Event]]:
    """Play ``game`` to its end (or ``max_turns``): the number of actions the bots took, and
    the events of the last."""
    for seat, bot in seats.items():
        for action in bot.opening(game, seat):
            events.extend(game.apply(seat, action))
    if on_events:
        on_events(game, events)
    actions = 0
    state, apply = game.state, game.apply  # the game's state is changed in place, never replaced
    owing = bool(in_play(game.rules).owed)
    while state.phase != "over" and state.turn <= max_turns:
        player = game.waiting_for()
        assert player is not None
        bot = seats[player]
        events = apply(player, bot.choose(game, player))
        actions += 1
        if owing:
            events.extend(owed_acts(game))
        if on_events:
            on_events(game, events)
        if on_reason and isinstance(bot, Reasoned) and bot.reason is not None:
            on_reason(player, bot.reason)
    return actions, events


def owed_acts(game: Game) -> list[Event]:
    """After a move, the acts each seat's client makes by itself (an objective's claim), as
    a networked game's clients do: asked of every seat, from the one whose turn it is round
    the table (where claims race, a host takes them in the order they come)."""
    seats = game.state.players
    start = seats.index(game.state.current)
    events: list[Event] = []
    for i in range(len(seats)):
        if game.is_over:
            break
        seat = seats[(start + i) % len(seats)]
        for action in owed(game.state, seat):
            events.extend(game.apply(seat, action))
    return events


def simulate(
    players: int,
    games: int,
    seed: int,
    rules: RuleSet | str = "classic",
    bot_kinds: Sequence[str] = ("normal",),
    think: float | None = None,
    exec_timeout: float = DEFAULT_TIMEOUT,
    log: Callable[[str], None] | None = None,
) -> Summary:
    """Play ``games`` games; bot kinds are given per seat and repeat to fill the table
    (``exec:COMMAND`` runs a program, each game anew, saying in ``log`` what it gets wrong).
    ``think``: the thinking budget per whole turn of the bots that think."""
    summary = Summary()
    for g in range(games):
        kinds = [bot_kinds[i % len(bot_kinds)] for i in range(players)]
        bots = [
            seat_bot(k, f"{seed}:{g}:{i}", exec_timeout, log, think) for i, k in enumerate(kinds)
        ]
        summary.add(play_game(bots, f"{seed}:{g}", rules))
    return summary
