"""How fast the rules engine plays: full 4-player classic games between default bots.

    .venv/bin/python bench/engine.py [--games 300] [--seed 1]

Prints games per second and actions per second (bots and engine together, then the engine
alone replaying the same actions), and peak memory. Target: at least 100 games/s.
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc

from risk_lan.bots import ClassicBot
from risk_lan.rules import Action, Game
from risk_lan.rules.events import BattleRolled
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
        started = time.perf_counter()
        game, _ = Game.new(PLAYERS, SeededSource(seed))
        results = [game.apply(p, action) for p, action in log]
        replay += time.perf_counter() - started
        battles += sum(type(e) is BattleRolled for events in results for e in events)

    tracemalloc.start()
    play(seeds[0])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    print(f"games: {args.games} four-player classic games, default bots")
    print(f"games/s: {args.games / wall:.1f} (cpu time: {args.games / cpu:.1f})")
    print(f"actions/s: {actions / wall:,.0f} ({actions / args.games:.0f} actions a game)")
    print(f"battles/s: {battles / wall:,.0f} ({battles / args.games:.0f} battles a game)")
    print(f"engine alone: {actions / replay:,.0f} actions/s, {args.games / replay:.1f} games/s")
    print(
        f"peak memory: {peak / 1024:.0f} KiB allocated during one game; process max RSS "
        f"{rss / 1024:.1f} MiB"
    )


if __name__ == "__main__":
    main()
