"""A 4-seat sealed secret-mission game between real programs in real terminals (tmux), as
users play it (issue 27's proof): the host's app (Hana), two joined apps (Aki, Bea) played by
keys, a ``join --bot`` seat (Cyd) and a spectator's app (Wes). The apps' keys are those of the
whole-game tmux test (``tests/test_tui_tmux_whole_game.py``): reinforcements on a front, a few
blitzes a turn, F5 when a trade is owed, F7 for the defence. Every few minutes, and at the
end, each terminal's screen is written to ``--captures`` (the host's lobby and first screen
too; each app's as it finds the game over), and each record is kept beside them, for
``risk-lan verify``.

    python bench/sealed_tmux_game.py --captures /tmp/sealed-game [--port 47341] [--minutes 40]

A game takes 10 to 15 minutes on a quiet machine with 2 cores."""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import test_tui_tmux as tmux
import test_tui_tmux_whole_game as whole
from test_tui_tmux_whole_game import BOARD, Player, Table

SIZE = (130, 42)  # the roomy layout, every panel whole
whole.BLITZES_PER_TURN = 3  # a game ends in about 30 rounds, not 60


class SeatTable(Table):
    """The map read with four players' letters."""

    def owners(self, lines: list[str] | None = None) -> dict[str, tuple[str, int]]:
        lines = lines or self.screen()
        seen = {}
        for t, (x, y) in self.grid.labels.items():
            value = lines[y + 1][x : x + self.grid.label_width].split("+")[0]
            found = re.search(r"([RBGY])\S?\s*(\d+)\s*$", value.rstrip())
            if found:
                seen[t] = (found.group(1), int(found.group(2)))
        return seen


class SeatPlayer(Player):
    """The test's player, its own letter any of four, every other letter an enemy."""

    me = "R"

    def front(self, owners: dict[str, tuple[str, int]]) -> str:
        mine = [t for t, (who, _) in owners.items() if who == self.me]
        near = [
            t
            for t in mine
            if any(owners.get(n, (self.me, 0))[0] != self.me for n in BOARD.neighbours[t])
        ]
        return max(near or mine, key=lambda t: owners[t][1])

    def target(self, owners: dict[str, tuple[str, int]], source: str) -> str | None:
        armies = owners[source][1]
        targets = [
            n
            for n in BOARD.neighbours[source]
            if n in owners and owners[n][0] != self.me and armies - 1 > owners[n][1]
        ]
        return min(targets, key=lambda n: owners[n][1]) if targets else None

    def source(self, owners: dict[str, tuple[str, int]]) -> str | None:
        sources = [t for t, (who, _) in owners.items() if who == self.me and self.target(owners, t)]
        return max(sources, key=lambda t: owners[t][1], default=None)


class Session:
    def __init__(self, captures: Path, port: int) -> None:
        self.captures, self.port = captures, port
        self.command = tmux.COMMAND

    def terminal(self, name: str, line: str) -> tmux.Terminal:
        """A terminal running ``risk-lan`` with ``line``, its files in a folder of its own."""
        term = tmux.Terminal(*SIZE)
        term.name = name
        home = self.captures / f"home-{name}"
        shutil.rmtree(home, ignore_errors=True)
        home.mkdir(parents=True)
        term.start(
            f"cd {home} && XDG_DATA_HOME={home} nice -n 10 {self.command} {line}; sleep 3600"
        )
        return term

    def capture(self, term: tmux.Terminal, tag: str) -> None:
        lines = term.screen()[: SIZE[1]]
        (self.captures / f"{term.name}-{tag}.txt").write_text("\n".join(lines) + "\n")


def seated(session: Session) -> dict[str, tmux.Terminal]:
    at = f"127.0.0.1:{session.port}"
    keep = session.captures
    host = session.terminal(
        "hana",
        f"host --sealed --mode secret-mission --seats 4 --port {session.port} --name Hana "
        f"--pace 0 --absent-after 0 --record {keep}/hana.record",
    )
    tmux.wait_for(lambda: "Hana (you)" in "\n".join(host.screen()), 60, "the host's lobby")
    terms = {"hana": host}
    for name in ("Aki", "Bea"):
        terms[name.lower()] = term = session.terminal(
            name.lower(), f"join {at} --name {name} --pace 0 --record {keep}/{name.lower()}.record"
        )
        tmux.wait_for(lambda t=term, n=name: f"{n} (you)" in "\n".join(t.screen()), 60, name)
    terms["cyd"] = session.terminal("cyd", f"join {at} --name Cyd --bot 2>&1 | tee {keep}/cyd.log")
    tmux.wait_for(lambda: "Cyd" in "\n".join(host.screen()), 60, "Cyd seated")
    terms["wes"] = session.terminal("wes", f"join {at} --name Wes --watch --pace 0")
    tmux.wait_for(lambda: "Wes" in "\n".join(host.screen()), 60, "Wes watching")
    session.capture(host, "lobby")
    for name in ("hana", "aki", "bea"):
        terms[name].keys("r", pause=0.5)
    return terms


def players(terms: dict[str, tmux.Terminal]) -> list[SeatPlayer]:
    found = []
    for name in ("hana", "aki", "bea"):
        player = SeatPlayer(SeatTable(terms[name]), True)
        you = [line for line in terms[name].screen() if "(you)" in line]
        mark = re.search(r"([RBGY]) \S+ \(you\)", you[0]) if you else None
        assert mark, f"{name}'s letter on its players panel"
        player.me = mark.group(1)
        found.append(player)
    return found


def play(session: Session, terms: dict[str, tmux.Terminal], minutes: float) -> None:
    seats = players(terms)
    session.capture(terms["hana"], "start")
    started = time.monotonic()
    shots = 0
    ended: set[str] = set()
    while time.monotonic() - started < minutes * 60:
        for player in seats:
            table = player.table
            lines = table.settled()
            if table.over(lines) or table.now(lines).startswith("The game is over"):
                # Captured at once: a key this loop sent just before the end may have been
                # taken by the end's box (Enter closes it), and the next one would be.
                if table.terminal.name not in ended:
                    ended.add(table.terminal.name)
                    # The end's box follows the Now panel's words by a moment.
                    deadline = time.monotonic() + 10
                    while not table.over() and time.monotonic() < deadline:
                        time.sleep(0.2)
                    session.capture(table.terminal, "over")
                continue
            if table.now(lines).startswith(("Place your reinforcements", "You must trade")):
                player.blitzes = 0
            leave = player.play(lines)
            player.turn_over = False
            if leave is not None:
                table.answered(leave, 8, required=False)
        if len(ended) == len(seats):
            break
        if time.monotonic() - started > shots * 120:
            shots += 1
            for term in terms.values():
                session.capture(term, f"t{shots:02d}")
            print(f"{time.monotonic() - started:.0f} s", flush=True)
    time.sleep(8)  # the spectator's and the bot's end, after the players'
    for term in terms.values():
        session.capture(term, "end")
    print(f"ended after {time.monotonic() - started:.0f} s; screens in {session.captures}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--captures", type=Path, required=True)
    parser.add_argument("--port", type=int, default=47341)
    parser.add_argument("--minutes", type=float, default=40.0)
    args = parser.parse_args()
    args.captures.mkdir(parents=True, exist_ok=True)
    session = Session(args.captures, args.port)
    play(session, seated(session), args.minutes)


if __name__ == "__main__":
    main()
