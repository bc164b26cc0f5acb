"""How fast the app draws: the first frame of the game screen, and one state update repainted.

    .venv/bin/python bench/tui.py [--updates 200]

Runs the app headless (Textual's test driver) at 160x50 on the views of a game played by
seeded bots. Prints the time from starting the app to the first frame of the game screen
with the map drawn, and the median and p95 time to take one update (a new view with its
events) until the screen is repainted, with the CPU time that took (the rest is Textual
waiting for its next frame). Targets: first frame <= 1 s; an update and repaint <= 16 ms
median.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from risk_lan.bots import ClassicBot
from risk_lan.randomness import SeededSource
from risk_lan.rules import Game
from risk_lan.tui.app import RiskApp
from risk_lan.tui.game_screen import GameScreen
from risk_lan.tui.worldmap import WorldMap

SIZE = (160, 50)
PLAYERS = [
    {"seat": "p1", "name": "ann", "kind": "human", "colour": "red"},
    {"seat": "p2", "name": "bob", "kind": "bot", "colour": "blue"},
    {"seat": "p3", "name": "cat", "kind": "bot", "colour": "green"},
    {"seat": "p4", "name": "dan", "kind": "bot", "colour": "yellow"},
]


def updates(count: int) -> list[dict[str, Any]]:
    """ann's updates, one a move, from a game between seeded bots."""
    seats = [p["seat"] for p in PLAYERS]
    game, events = Game.new(seats, SeededSource("bench-tui"), "classic")
    bots = {p: ClassicBot() for p in seats}
    for p, bot in bots.items():
        for action in bot.opening(game, p):
            game.apply(p, action)
    out = []
    n = 0
    while len(out) < count and not game.is_over:
        who = game.waiting_for()
        events = game.apply(who, bots[who].choose(game, who))
        n += 1
        out.append(
            {
                "n": n,
                "view": game.view("p1"),
                "events": [e.seen_by("p1").to_dict() for e in events],
                "waiting": game.waiting_for(),
                "away": [],
            }
        )
    return out


class BenchApp(RiskApp):
    def __init__(self, first: dict[str, Any]) -> None:
        super().__init__(name="ann")
        self.first = first

    async def begin(self) -> None:
        screen = GameScreen("p1", PLAYERS, "en")
        self.game_screen = screen
        await self.push_screen(screen)
        screen.take_update(self.first)

    def transcript_code(self) -> str:
        return "BENC-HMRK"


async def run(count: int) -> tuple[float, list[float]]:
    views = updates(count + 1)
    started = time.perf_counter()
    app = BenchApp(views[0])
    async with app.run_test(size=SIZE) as pilot:
        world = None
        while world is None or not world._lines:
            await pilot.pause(0.001)
            maps = app.screen.query(WorldMap)
            world = maps.first() if maps else None
        first_frame = time.perf_counter() - started
        screen = app.game_screen
        assert screen is not None
        drawn = asyncio.Event()
        draw = world._draw

        def draw_and_tell() -> Any:
            lines = draw()
            drawn.set()
            return lines

        world._draw = draw_and_tell  # the compositor asking the map for its lines: the repaint
        times, cpu = [], []
        for update in views[1:]:
            drawn.clear()
            t, c = time.perf_counter(), time.process_time()
            screen.take_update(update)
            # The compositor draws every widget that changed in one pass, the map among them;
            # this task runs again once that pass is over.
            await drawn.wait()
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
    return first_frame, times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=200)
    args = parser.parse_args()
    first, times, cpu = asyncio.run(run(args.updates))
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"first frame of the game screen at {SIZE[0]}x{SIZE[1]}: {first * 1000:.0f} ms")
    print(
        f"update and repaint: median {statistics.median(times) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, of which CPU median {statistics.median(cpu) * 1000:.1f} ms "
        f"(the rest is Textual's frame pacing; {len(times)} updates)"
    )


if __name__ == "__main__":
    main()
