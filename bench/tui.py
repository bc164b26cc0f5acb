"""How fast the app draws: the first frame of the game screen, and one state update repainted.

    .venv/bin/python bench/tui.py [--updates 200]

Runs the app headless (Textual's test driver) at 160x50 on the views of a game played by
seeded bots, each update arriving at a random moment as it would from the network. Prints:

- the time from starting the app to the first frame of the game screen, the map drawn;
- the time to apply one update (a new view with its events) and to repaint what changed:
  the screen's changes composited and turned into the terminal's text (only the write to
  the terminal is left out), with the CPU time it took;
- the time from an update's arrival to its frame, which adds the wait for Textual's next
  frame (it paints at most 60 times a second, so up to 17 ms).

Targets: first frame <= 1 s; an update applied and repainted <= 16 ms median.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from typing import Any

from textual.screen import Screen

from risk_lan.bots import ClassicBot
from risk_lan.rules import Game
from risk_lan.seeded import SeededSource
from risk_lan.tui.app import RiskApp
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.widgets.world_map import WorldMap

SIZE = (160, 50)
FRAME = 1 / 60  # Textual paints at most this often
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


async def run(count: int) -> tuple[float, list[float], list[float], list[float]]:
    views = updates(count + 1)
    # When each paint pass starts: the pass that shows an update is part of its cost.
    pass_started = [0.0]
    on_timer_update = Screen._on_timer_update

    def timed_pass(self: Screen) -> None:
        pass_started[0] = time.perf_counter()
        on_timer_update(self)

    Screen._on_timer_update = timed_pass  # type: ignore[method-assign]
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
        display = app._display
        painted: list[str] = []
        paint_times: list[float] = []

        def display_and_tell(shown_screen: Any, update: Any) -> None:
            # The compositor hands the app what changed on screen; headless, the app writes
            # nothing, so turn it into the terminal's text here as a terminal app would.
            display(shown_screen, update)
            if update is not None and shown_screen is screen:
                painted.append(update.render_segments(app.console))
                paint_times.append(time.perf_counter() - pass_started[0])
                drawn.set()

        app._display = display_and_tell
        arrivals = random.Random(1)
        work, waited, cpu = [], [], []
        for update in views[1:]:
            # Updates come from the network at any moment, not in step with the frames.
            await asyncio.sleep(arrivals.uniform(0, FRAME))
            drawn.clear()
            t, c = time.perf_counter(), time.process_time()
            screen.take_update(update)
            applied = time.perf_counter() - t
            await drawn.wait()
            assert painted[-1], "an update that repainted nothing"
            waited.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
            work.append(applied + paint_times[-1])
    Screen._on_timer_update = on_timer_update  # type: ignore[method-assign]
    return first_frame, work, waited, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=200)
    args = parser.parse_args()
    first, work, waited, cpu = asyncio.run(run(args.updates))
    print(f"first frame of the game screen at {SIZE[0]}x{SIZE[1]}: {first * 1000:.0f} ms")
    print(
        f"update applied and repainted: median {median_ms(work)}, p95 {p95_ms(work)} "
        f"(CPU median {median_ms(cpu)}; {len(work)} updates)"
    )
    print(
        f"from an update's arrival to its frame, waiting for the frame included: median "
        f"{median_ms(waited)}, p95 {p95_ms(waited)}"
    )


def median_ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:.1f} ms"


def p95_ms(times: list[float]) -> str:
    ordered = sorted(times)
    return f"{ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000:.1f} ms"


if __name__ == "__main__":
    main()
