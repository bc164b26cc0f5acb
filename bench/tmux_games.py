"""The four whole games of the real ``risk-lan play`` in a real terminal (tmux): by keys and
by clicks, each at 100x30 (the compact map) and at 160x50, every one to its end screen. The
suite plays two of them to the end (clicks at 100x30, keys at 160x50) and the other two up to
the player's second turn and a conquest (``tests/test_tui_tmux_whole_game.py``). Prints each
game's line: who won, in how many seconds, the player's turns and its keys or clicks.

    .venv/bin/python bench/tmux_games.py

About 40 s a game on a quiet machine with 2 cores."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_tui_tmux_whole_game import TURNS, WHOLE, whole_game


def main() -> int:
    began = time.monotonic()
    for size, by_keys in [*WHOLE, *TURNS]:
        whole_game(size, by_keys)
    print(f"four whole games in {time.monotonic() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
