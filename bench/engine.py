"""How fast the rules engine plays: full 4-player classic games between default bots.

    .venv/bin/python bench/engine.py [--games 300] [--seed 1]

Prints games per second and actions per second (bots and engine together, then the engine
alone replaying the same actions), and peak memory. Target: at least 100 games/s.

Then what a search pays (the hard bot plays turns out on copies of a game): a copy of a
mid-game state, and a search-like loop that copies a game, applies 30 actions on the copy
and drops it, first with actions known legal (``apply(..., checked=True)``), then each
checked, then chosen by the normal bot as a rollout does. The rates are CPU time (the
machine is shared: wall time says more about the neighbours than about the code).
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc

from risk_lan.bots import ClassicBot
from risk_lan.rules import Action, Game
from risk_lan.rules.events import BattleRolled
from risk_lan.rules.state import GameState
from risk_lan.seeded import SeededSource

PLAYERS = ["p1", "p2", "p3", "p4"]


def play(seed: str) -> list[tuple[str, Action]]:
    """One bot game; returns its actions, to replay."""
    game, _ = Game.new(PLAYERS, SeededSource(seed))
    bots = {p: ClassicBot() for p in PLAYERS}
    log: list[tuple[str, Action]] = []
    for p, bot in bots.items():
        for action in bot.opening(game, p):
            game.apply(p, action)
            log.append((p, action))
    while not game.is_over:
        p = game.waiting_for()
        action = bots[p].choose(game, p)
        game.apply(p, action)
        log.append((p, action))
    return log


# The search-like loop: this many actions played on each copy, from positions this far in.
SEARCH_ACTIONS = 30
SEARCH_FROM = (150, 250, 350)


def positions(seeds: list[str], logs: list[list[tuple[str, Action]]]) -> list[GameState]:
    """Mid-game states reached by replaying the games, where a search would start."""
    found = []
    for seed, log in zip(seeds, logs, strict=True):
        game, _ = Game.new(PLAYERS, SeededSource(seed))
        for i, (p, action) in enumerate(log):
            if i in SEARCH_FROM and len(log) - i > SEARCH_ACTIONS:
                found.append(game.state.copy())
            game.apply(p, action)
    return found


def rollout(state: GameState, dice: str) -> list[tuple[str, Action]]:
    """The normal bot's next actions on a copy of ``state``, with dice of its own."""
    game = Game(state.copy(), SeededSource(dice))
    bots = {p: ClassicBot() for p in PLAYERS}
    played = []
    while len(played) < SEARCH_ACTIONS and not game.is_over:
        p = game.waiting_for()
        assert p is not None
        action = bots[p].choose(game, p)
        game.apply(p, action)
        played.append((p, action))
    return played


def search_figures(starts: list[GameState], rounds: int) -> list[str]:
    """Copies per second, and actions per second of the search-like loop three ways."""
    lines = []
    cpu = time.process_time()
    for _ in range(rounds):
        for state in starts:
            state.copy()
    cpu = time.process_time() - cpu
    copies = rounds * len(starts)
    lines.append(f"state copy: {cpu / copies * 1e6:.1f} µs a mid-game copy ({copies / cpu:,.0f}/s)")
    moves = [rollout(state, f"search:{i}") for i, state in enumerate(starts)]
    applied = sum(len(m) for m in moves) * rounds
    for label, checked in (("known legal", True), ("each checked", False)):
        cpu = time.process_time()
        for _ in range(rounds):
            for i, (state, played) in enumerate(zip(starts, moves, strict=True)):
                game = Game(state.copy(), SeededSource(f"search:{i}"))
                for p, action in played:
                    game.apply(p, action, checked=checked)
        cpu = time.process_time() - cpu
        lines.append(
            f"search loop (copy, {SEARCH_ACTIONS} actions, drop), {label}: "
            f"{applied / cpu:,.0f} actions/s"
        )
    cpu = time.process_time()
    for _ in range(max(1, rounds // 4)):
        for i, state in enumerate(starts):
            rollout(state, f"search:{i}")
    cpu = time.process_time() - cpu
    chosen = sum(len(m) for m in moves) * max(1, rounds // 4)
    lines.append(
        f"search loop, actions chosen by the normal bot (a rollout): {chosen / cpu:,.0f} actions/s"
    )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seeds = [f"{args.seed}:{g}" for g in range(args.games)]

    play(seeds[0])  # warm up imports and caches
    started = time.perf_counter()
    cpu = time.process_time()
    logs = [play(seed) for seed in seeds]
    wall = time.perf_counter() - started
    cpu = time.process_time() - cpu
    actions = sum(len(log) for log in logs)

    battles = 0
    replay = 0.0
    for seed, log in zip(seeds, logs, strict=True):
        started = time.process_time()
        game, _ = Game.new(PLAYERS, SeededSource(seed))
        results = [game.apply(p, action) for p, action in log]
        replay += time.process_time() - started
        battles += sum(type(e) is BattleRolled for events in results for e in events)

    tracemalloc.start()
    play(seeds[0])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    print(f"games: {args.games} four-player classic games, default bots")
    print(f"games/s: {args.games / wall:.1f} (cpu time: {args.games / cpu:.1f})")
    print(
        f"actions/s: {actions / wall:,.0f} (cpu time: {actions / cpu:,.0f}; "
        f"{actions / args.games:.0f} actions a game)"
    )
    print(f"battles/s: {battles / wall:,.0f} ({battles / args.games:.0f} battles a game)")
    print(
        f"engine alone (cpu time): {actions / replay:,.0f} actions/s, "
        f"{args.games / replay:.1f} games/s"
    )
    print(
        f"peak memory: {peak / 1024:.0f} KiB allocated during one game; process max RSS "
        f"{rss / 1024:.1f} MiB"
    )
    starts = positions(seeds[:40], logs[:40])
    for line in search_figures(starts, rounds=20):
        print(line)


if __name__ == "__main__":
    main()
