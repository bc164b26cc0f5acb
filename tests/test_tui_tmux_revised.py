"""Rulebook 004's revised rules in the real app, in a real terminal (tmux), driven by keys as a
player would against a bot: a commitment of armies (F2), a retreat from an attacked
territory to one beside it by land (a pick, then F6), and an end-of-turn movement paid in
points."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import test_tui_tmux as tmux

from risk_lan.net.record.recordfile import read_record

pytestmark = tmux.pytestmark

BOARD = tmux.BOARD
NAMES = {BOARD.territories[t].name_en: t for t in BOARD.territory_ids}


@pytest.fixture
def terminal():
    term = tmux.Terminal()
    yield term
    term.stop()


def now_of(terminal: tmux.Terminal, *marks: str) -> str:
    """The Now panel's text once it shows one of ``marks``; "The game is over" once the
    end's window (which hides the panel) says who won."""

    def shown() -> str:
        if any(" wins!" in line for line in terminal.screen()):
            return "The game is over"
        return next((t for t in [terminal.now()] if any(m in t for m in marks)), "")

    return tmux.wait_for(shown, 120, f"one of {marks}", terminal)


def pick(terminal: tmux.Terminal, territory: str) -> None:
    terminal.type_name(territory)
    terminal.keys("Enter", pause=0.4)


def mine(owners: dict[str, tuple[str, int]]) -> list[str]:
    return [t for t, (letter, _) in owners.items() if letter == "R"]


def retreat(terminal: tmux.Terminal, now: str) -> bool:
    """Retreat from the attacked territory to one of the player's beside it by land with
    room for all its armies, if there is one; True once the log shows it."""
    found = re.search(r" on (.+?)\. Answer", now)
    owners = terminal.owners()
    target = NAMES.get(found.group(1)) if found else None
    if target is None or target not in owners:
        return False
    shelters = [n for n in BOARD.neighbours[target] if n in mine(owners)
                and BOARD.border_kind(n, target) == "land"
                and owners[n][1] + owners[target][1] <= 12]  # fmt: skip
    if not shelters:
        return False
    pick(terminal, shelters[0])
    tmux.wait_for(lambda: "Retreat from" in terminal.now(), 10, "the retreat picked", terminal)
    terminal.keys("F6")
    tmux.wait_for(lambda: "Retreat from" not in terminal.now(), 20, "the retreat", terminal)
    return True


def _left(now: str) -> str:
    """How many reinforcements the Now panel says are left to place ("" if it says none)."""
    found = re.search(r"(\d+) left", now)
    return found.group(1) if found else ""


def place_all(terminal: tmux.Terminal) -> None:
    """Stage the reinforcements on the fronts, the most each pick allows, and confirm."""
    picked: set[str] = set()  # each pick stages all that fits there: never the same twice
    for _ in range(10):
        if "All placed" in terminal.now():
            break
        owners = terminal.owners()
        room = [t for t in mine(owners) if owners[t][1] < 12 and t not in picked]
        fronts = [t for t in room if any(owners[n][0] != "R" for n in BOARD.neighbours[t])]
        terminal.keys("End", pause=0.2)  # the most a pick may place
        choice = max(fronts or room, key=lambda t: owners[t][1])
        picked.add(choice)
        before = _left(terminal.now())
        pick(terminal, choice)
        # The pick shown before the next: once all is placed, Enter confirms, so a pick made
        # on a screen that lags behind (a loaded machine) would send the placements.
        tmux.wait_for(
            lambda before=before: "All placed" in terminal.now() or _left(terminal.now()) != before,
            10, "the pick", terminal,
        )  # fmt: skip
    tmux.wait_for(lambda: "All placed" in terminal.now(), 10, "all placed", terminal)
    terminal.keys("F6", pause=1.0)


def commit(terminal: tmux.Terminal) -> bool:
    """Commit every army that may go from a territory that outnumbers a neighbour."""
    owners = terminal.owners()
    for source in mine(owners):
        for target in BOARD.neighbours[source]:
            if owners.get(target, ("R", 0))[0] != "R" and owners[source][1] - 1 >= 2:
                pick(terminal, source)
                pick(terminal, target)
                tmux.wait_for(lambda: "F2 commits" in terminal.now(), 10, "the commitment",
                              terminal)  # fmt: skip
                terminal.keys("F2")
                tmux.wait_for(lambda: "F2 commits" not in terminal.now() or "Conquered"
                              in terminal.now(), 30, "the battle", terminal)  # fmt: skip
                return True
    return False


def move(terminal: tmux.Terminal) -> bool:
    """One army-step by land between two of the player's territories."""
    owners = terminal.owners()
    for source in mine(owners):
        if owners[source][1] < 2:
            continue
        for target in BOARD.neighbours[source]:
            if target in mine(owners) and BOARD.border_kind(source, target) == "land":
                pick(terminal, source)
                pick(terminal, target)
                tmux.wait_for(lambda: "F6 to confirm" in terminal.now(), 10, "the move",
                              terminal)  # fmt: skip
                terminal.keys("Home", "F6")
                tmux.wait_for(lambda: "F6 to confirm" not in terminal.now(), 20, "the move",
                              terminal)  # fmt: skip
                return True
    return False


def play(terminal: tmux.Terminal, done: set[str], deadline: float) -> None:
    """Play the game in ``terminal`` until ``done`` holds the three moves or the game is
    over (the bot may win first: the moves then carry on into another game)."""
    now_of(terminal, "Place one army")
    terminal.keys("F8")  # the plan places the starting armies
    while done != {"commit", "retreat", "move"}:
        assert time.monotonic() < deadline, (done, "\n".join(terminal.screen()))
        now = now_of(terminal, "Answer with", "answer for it", "Place your", "Attack: pick",
                     "Manoeuvre: pick", "Conquered", "F2 commits", "pick a target",
                     "pick where to", "The game is over")  # fmt: skip
        if "The game is over" in now:
            return
        if "pick where to" in now:
            # A movement's source picked, its target's pick lost on a loaded machine: taken
            # back (Esc), and the loop picks again.
            terminal.keys("Escape", pause=0.5)
            continue
        if "Conquered" in now:
            terminal.keys("F6", pause=1.0)  # the armies move in
        elif "F2 commits" in now or "pick a target" in now:
            terminal.keys("F4", pause=1.0)  # committed once: on to the movement
        elif "Answer with" in now:
            if "retreat" not in done and "retreat to" in now and retreat(terminal, now):
                done.add("retreat")
            else:
                terminal.keys("F6", pause=1.0)
        elif "answer for it" in now:
            terminal.keys("F6", pause=1.0)  # the neutral's answer, run by the player before
        elif "Place your" in now:
            place_all(terminal)
        elif "Attack: pick" in now:
            if "commit" not in done and commit(terminal):
                done.add("commit")
                continue
            terminal.keys("F4", pause=1.0)  # on to the movement
        else:
            if "move" not in done and move(terminal):
                done.add("move")
            terminal.keys("F4", pause=1.0)  # the turn ends


def moves_of(record: Path, name: str) -> set[str]:
    """The kinds of move the host applied for the player called ``name``."""
    bodies = [e["body"] for e in read_record(record)]
    start = next(b for b in bodies if b["type"] == "start")
    seat = next(p["seat"] for p in start["players"] if p["name"] == name)
    return {b["action"]["type"] for b in bodies if b["type"] == "move" and b["seat"] == seat}


def test_a_commitment_a_retreat_and_a_movement_by_points(terminal, tmp_path: Path) -> None:
    done: set[str] = set()
    made: set[str] = set()
    deadline = time.monotonic() + 500
    for game in range(3):
        record = tmp_path / f"game{game}.rec"
        if game:
            terminal.stop()
        terminal.start(f"{tmux.COMMAND} play --bots 1 --mode revised --name tester --pace 0"
                       f" --record {record}")  # fmt: skip
        play(terminal, done, deadline)
        # What the host applied, from its record: each key sent its move.
        made |= moves_of(record, "tester")
        if done == {"commit", "retreat", "move"}:
            break
    assert done == {"commit", "retreat", "move"}, f"three games ended first: {done}"
    assert {"commit", "retreat", "fortify"} <= made, made
