"""The bots' ladder: matches between levels, with win rates and their 95% intervals, how each
game was won, and each level's thinking time per turn.

Used by bench/bots.py (the long run, every rung at the issue's counts) and
tests/test_bot_ladder.py (a few games a rung, and the machinery itself).

A rung seats the level under test once and fills the other seats with its opponents' level;
game ``i`` seats it at seat ``i mod players``, so over any multiple of the table's size it sits
in every seat equally often. Every game is seeded from the run's seed, the rung and the game's
index alone, so a rung's results do not depend on how many processes play it.
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from risk_lan.bots import Bot, make_bot
from risk_lan.rules import Action, Game
from risk_lan.rules.presets import RULESETS
from risk_lan.simulate import OBJECTIVE_VICTORIES, play_game, seat_names, victory_name

# The two-sided 95% quantile of the normal law, for Wilson's score interval.
Z95 = 1.959963984540054
# Evenness is doubted when the chi-square test of wins by seat says p < 5%.
EVEN_P = 0.05
OBJECTIVE_MODES = ("mission", "secret-mission", "risk-mission", "revised-objectives")


@dataclass(frozen=True)
class Rung:
    """A match: ``test`` in one seat against ``field`` in the others, ``games`` games by
    default. ``target``: the win rate ``test`` must reach (its point estimate); None when
    ``test`` plays itself, where the seats' evenness is judged instead."""

    name: str
    rules: str
    players: int
    test: str
    field: str
    target: float | None
    games: int
    why: str = ""  # where the target comes from, when the issue gives none

    @property
    def chance(self) -> float:
        return 1 / self.players

    @property
    def mirror(self) -> bool:
        return self.test == self.field

    @property
    def objectives(self) -> bool:
        """Whether the mode can be won otherwise than by taking the world."""
        return RULESETS[self.rules].victory in OBJECTIVE_VICTORIES

    def seating(self, game: int) -> list[str]:
        """Each seat's level in game ``game``: the level under test at seat ``game mod
        players``."""
        levels = [self.field] * self.players
        levels[game % self.players] = self.test
        return levels

    def title(self) -> str:
        against = (
            f"{self.players} {self.test}"
            if self.mirror
            else f"{self.test} against {self.players - 1} {self.field}"
        )
        return f"{self.name}: {against}, {self.rules}, {self.players} players"


def _rungs() -> list[Rung]:
    rungs = [
        Rung("hard-normal-6", "classic", 6, "hard", "normal", 0.35, 600),
        Rung("hard-normal-2", "two-player", 2, "hard", "normal", 0.70, 200),
        Rung("normal-easy", "classic", 4, "normal", "easy", 0.55, 400),
        Rung("easy-random", "classic", 4, "easy", "random", 0.90, 400),
        # Not in the issue: the normal bot against the baseline (100 of 100 before it), and six
        # normal bots, whose wins must not depend on the seat.
        Rung("normal-random", "classic", 4, "normal", "random", 0.90, 400, "as easy's"),
        Rung("normal-6", "classic", 6, "normal", "normal", None, 600),
    ]
    for mode in OBJECTIVE_MODES:
        rungs.append(Rung(mode, mode, 4, "hard", "normal", 0.25, 200, "chance: none in the issue"))
        rungs.append(Rung(f"{mode}-normal", mode, 4, "normal", "normal", None, 200))
    return rungs


RUNGS: dict[str, Rung] = {r.name: r for r in _rungs()}


# --- The registry, as it stands --------------------------------------------------------------


# Other names the registry may know a level by: ``normal`` was ``classic`` until the levels.
ALIASES = {"normal": ("classic",)}


def registry_kind(level: str) -> str | None:
    """The name under which the registry makes a bot of this level; None if it has none."""
    for kind in (level, *ALIASES.get(level, ())):
        try:
            make_bot(kind, 0)
        except ValueError:
            continue
        return kind
    return None


def missing_level(rung: Rung) -> str | None:
    for level in (rung.test, rung.field):
        if registry_kind(level) is None:
            return level
    return None


def level_bot(level: str, seed: str, think: float | None) -> Bot:
    kind = registry_kind(level)
    if kind is None:
        raise ValueError(f"no {level} bot")
    if level == "hard" and think is not None:
        # Only the hard bot thinks; registries before the levels' one take no budget at all.
        return make_bot(kind, seed, think=think)  # type: ignore[call-arg,unused-ignore]
    return make_bot(kind, seed)


class TurnClock:
    """A bot, timed: the time it spends in ``choose`` summed over each turn of its own (the
    setup's placements and its answers in others' turns are not counted)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.per_turn: dict[int, float] = defaultdict(float)

    def opening(self, game: Game, player: str) -> list[Action]:
        return self.bot.opening(game, player)

    def choose(self, game: Game, player: str) -> Action:
        state = game.state
        own_turn = state.turn if state.turn >= 1 and state.current == player else None
        started = time.perf_counter()
        action = self.bot.choose(game, player)
        if own_turn is not None:
            self.per_turn[own_turn] += time.perf_counter() - started
        return action


# --- One game --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    rung: str
    index: int
    seed: int
    think: float | None


@dataclass
class Played:
    """One game's outcome, as a worker process sends it back."""

    rung: str
    index: int
    seating: list[str]
    winner: int | None  # the winning seat's index
    victory: str | None
    seconds: float
    think: dict[str, list[float]]  # level -> seconds of each of its own turns


def play(task: Task) -> Played:
    rung = RUNGS[task.rung]
    seating = rung.seating(task.index)
    base = f"{task.seed}:{rung.name}:{task.index}"
    clocks = [TurnClock(level_bot(lv, f"{base}:{i}", task.think)) for i, lv in enumerate(seating)]
    result = play_game(clocks, base, rung.rules)
    think: dict[str, list[float]] = defaultdict(list)
    for level, clock in zip(seating, clocks, strict=True):
        think[level].extend(clock.per_turn.values())
    seats = seat_names(rung.players)
    return Played(
        rung=rung.name,
        index=task.index,
        seating=seating,
        winner=seats.index(result.winner) if result.winner else None,
        victory=result.victory,
        seconds=result.seconds,
        think=dict(think),
    )


def play_all(tasks: Sequence[Task], jobs: int = 1) -> Iterator[Played]:
    """Each task's game, in the tasks' order whatever the number of processes."""
    if jobs <= 1:
        yield from map(play, tasks)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(play, tasks, chunksize=1)


# --- Figures ---------------------------------------------------------------------------------


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% by default); (0, 1) with no trial."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def chi_square_p(statistic: float, df: int) -> float:
    """The chance of a chi-square law of ``df`` degrees of freedom reaching ``statistic``."""
    half = statistic / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    root = math.sqrt(statistic)
    term, total = 0.0, 0.0
    for i in range(1, (df - 1) // 2 + 1):
        term = root if i == 1 else term * statistic / (2 * i - 1)
        total += term
    return min(
        1.0, math.erfc(root / math.sqrt(2)) + math.sqrt(2 / math.pi) * math.exp(-half) * total
    )


def evenness_p(wins_by_seat: Sequence[int]) -> float:
    """The chi-square test's p-value of wins spread evenly over the seats."""
    total = sum(wins_by_seat)
    if total == 0:
        return 1.0
    expected = total / len(wins_by_seat)
    statistic = sum((w - expected) ** 2 / expected for w in wins_by_seat)
    return chi_square_p(statistic, len(wins_by_seat) - 1)


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0.95: p95)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def interval(successes: int, trials: int) -> str:
    low, high = wilson(successes, trials)
    return f"{percent(successes / trials if trials else 0.0)} [{percent(low)}, {percent(high)}]"


@dataclass
class Tally:
    """A rung's games, counted."""

    rung: Rung
    games: int = 0
    wins: int = 0  # by the level under test
    unfinished: int = 0
    by_seat: Counter[int] = field(default_factory=Counter)
    victories: Counter[str] = field(default_factory=Counter)
    test_seats: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0

    def add(self, played: Played) -> None:
        self.games += 1
        self.seconds += played.seconds
        test_seat = played.index % self.rung.players
        self.test_seats[test_seat] += 1
        if played.winner is None:
            self.unfinished += 1
            return
        self.by_seat[played.winner] += 1
        self.victories[played.victory or "?"] += 1
        if played.winner == test_seat:
            self.wins += 1

    @property
    def finished(self) -> int:
        return self.games - self.unfinished

    def lines(self) -> list[str]:
        rung = self.rung
        sat = sorted({self.test_seats[i] for i in range(rung.players)})
        each = f"{sat[0]} in each seat" if len(sat) == 1 else f"{sat[0]} to {sat[-1]} a seat"
        seats = "" if rung.mirror else f" ({rung.test} {each})"
        out = [f"{rung.title()}: {self.games} games{seats}"]
        out.append(self._even_line() if rung.mirror else self._win_line())
        won = ", ".join(
            f"{victory_name(v)} {n}" for v, n in sorted(self.victories.items(), key=_most)
        )
        out.append(f"  won by: {won or 'nothing yet'}")
        if rung.objectives:
            by_goal = sum(n for v, n in self.victories.items() if v in OBJECTIVE_VICTORIES)
            out.append(
                f"  won by the mode's objective rather than by conquest: "
                f"{interval(by_goal, self.finished)} of {self.finished} finished games (reported)"
            )
        rate = self.games / self.seconds if self.seconds else 0.0
        out.append(f"  {self.unfinished} unfinished; {rate:.1f} games/s in one process")
        return out

    def _win_line(self) -> str:
        rung = self.rung
        assert rung.target is not None
        rate = self.wins / self.games if self.games else 0.0
        verdict = "PASS" if rate >= rung.target else "FAIL"
        why = f" ({rung.why})" if rung.why else ""
        return (
            f"  {rung.test} wins {interval(self.wins, self.games)} ({self.wins}/{self.games}; "
            f"chance {percent(rung.chance)}): target {percent(rung.target)}{why}: {verdict}"
        )

    def _even_line(self) -> str:
        wins = [self.by_seat[i] for i in range(self.rung.players)]
        p = evenness_p(wins)
        seats = ", ".join(f"p{i + 1} {w}" for i, w in enumerate(wins))
        verdict = "PASS" if p >= EVEN_P else "FAIL"
        return (
            f"  wins by seat: {seats} (chance {percent(self.rung.chance)} each): "
            f"even by chi-square, p = {p:.2f}: target p >= {EVEN_P}: {verdict}"
        )


def _most(item: tuple[str, int]) -> tuple[int, str]:
    return -item[1], item[0]


@dataclass
class Ladder:
    """Every rung's tally, each level's thinking time per turn, and the run's pace."""

    tallies: dict[str, Tally] = field(default_factory=dict)
    think: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    games: int = 0
    seconds: float = 0.0

    def add(self, played: Played) -> None:
        rung = RUNGS[played.rung]
        self.tallies.setdefault(rung.name, Tally(rung)).add(played)
        for level, turns in played.think.items():
            self.think[level].extend(turns)
        self.games += 1
        self.seconds += played.seconds

    def think_lines(self) -> list[str]:
        out = ["thinking time per turn of its own (choose, summed over the turn):"]
        for level in sorted(self.think):
            turns = self.think[level]
            if turns:
                out.append(
                    f"  {level}: median {1000 * statistics.median(turns):.2f} ms, "
                    f"p95 {1000 * percentile(turns, 0.95):.2f} ms ({len(turns)} turns)"
                )
        return out


def tasks_for(
    rungs: Iterable[Rung], games: int | None, seed: int, think: float | None
) -> list[Task]:
    return [
        Task(rung.name, index, seed, think)
        for rung in rungs
        for index in range(rung.games if games is None else games)
    ]


def run(
    rungs: Sequence[Rung],
    games: int | None = None,
    seed: int = 1,
    think: float | None = None,
    jobs: int = 1,
    say: Callable[[str], None] = print,
) -> Ladder:
    """Play the rungs (``games`` each, or each rung's own count) and say each one's lines as
    it ends, then the thinking times and the pace."""
    ladder = Ladder()
    playable = []
    for rung in rungs:
        level = missing_level(rung)
        if level is None:
            playable.append(rung)
        else:
            say(f"{rung.title()}: skipped: no {level} bot")
    tasks = tasks_for(playable, games, seed, think)
    left = Counter(task.rung for task in tasks)
    started = time.perf_counter()
    for played in play_all(tasks, jobs):
        ladder.add(played)
        left[played.rung] -= 1
        if not left[played.rung]:
            say("\n".join(ladder.tallies[played.rung].lines()))
    wall = time.perf_counter() - started
    say("\n".join(ladder.think_lines()))
    if ladder.games:
        say(
            f"engine: {ladder.games} games in {wall:.1f} s with {jobs} job(s): "
            f"{ladder.games / wall:.1f} games/s "
            f"({ladder.games / ladder.seconds:.1f} in one process)"
        )
    return ladder


__all__ = ["RUNGS", "Ladder", "Rung", "Tally", "Task", "play", "run", "tasks_for", "wilson"]
