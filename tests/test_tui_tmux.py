"""The real ``risk-lan play --bots 2`` in a real terminal (tmux), driven by keys as a player
would: it claims territories, places its armies and reinforcements, attacks, ends its turn,
and sees the bots play; with ``--mode capital`` it chooses a headquarters and sees every
headquarters on the map."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

from risk_lan.rules import classic_board
from risk_lan.tui.widgets.map_layout import draw
from risk_lan.tui.widgets.world_map import TYPE_AHEAD_PAUSE

pytestmark = [
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    # One real terminal at a time, all on one worker when the suite runs in parallel: two
    # apps drawing at once on two cores starve each other's timeouts.
    pytest.mark.xdist_group("tmux"),
]
# The tests of one mode's steps or keys start the app with the others' moves shown as they
# come (--pace 0): what they check is the player's side; the default pace is played here by
# the game against two bots and the evening's tests, and has Pilot tests of its own.
# A tmux server of this process's own: the default one is shared with every other tmux user
# of the machine (another run of the suite, say), and new sessions take its environment.
SOCKET = Path(tempfile.mkdtemp(prefix="risk-lan-tmux-")) / "server"
TMUX = ["tmux", "-S", str(SOCKET)]


@atexit.register
def _end_server() -> None:
    """The server, with whatever a failed test left running in it, and its socket."""
    subprocess.run([*TMUX, "kill-server"], capture_output=True)
    shutil.rmtree(SOCKET.parent, ignore_errors=True)


WIDTH, HEIGHT = 120, 40
MAP_WIDTH, MAP_HEIGHT = 84, 30  # what the game screen leaves the map at 120x40
BOARD = classic_board()
GRID = draw(BOARD, MAP_WIDTH, MAP_HEIGHT)
COMMAND = Path(sys.executable).parent / "risk-lan"
# Between two names sent, so that the map sees a pause: its type-ahead pause, and a margin
# for the app taking a key in later than it was sent.
NEW_NAME = TYPE_AHEAD_PAUSE + 0.5


class Terminal:
    def __init__(self, width: int = WIDTH, height: int = HEIGHT) -> None:
        self.name = f"risk-lan-test-{uuid.uuid4().hex[:8]}"
        self.width, self.height = width, height
        self.named_at = -NEW_NAME  # when the last name typed on the map was sent

    def start(self, command: str) -> None:
        # Not the COLUMNS and LINES of the suite's own process (pytest-xdist's workers set
        # 80x24): the app would believe them over its terminal's size.
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env["LANG"] = "en_GB.UTF-8"
        for attempt in range(3):
            # A tmux server whose last session just closed refuses a new one while it exits.
            started = subprocess.run(
                [*TMUX, "new-session", "-d", "-s", self.name, "-x", str(self.width), "-y",
                 str(self.height), command],
                env=env,
            )  # fmt: skip
            if started.returncode == 0:
                return
            time.sleep(0.5 * (attempt + 1))
        started.check_returncode()

    def screen(self) -> list[str]:
        out = subprocess.run(
            [*TMUX, "capture-pane", "-p", "-t", self.name], capture_output=True, text=True
        ).stdout
        return out.splitlines() + [""] * self.height

    def keys(self, *keys: str, pause: float = 0.1) -> None:
        subprocess.run([*TMUX, "send-keys", "-t", self.name, *keys], check=True)
        time.sleep(pause)

    def type_name(self, territory: str) -> None:
        self.type_letters(*BOARD.territories[territory].name_en.lower().replace(" ", ""))

    def type_letters(self, *keys: str) -> None:
        """Type a name on the map, after what is left of the type-ahead pause since the last
        name was sent (the time spent waiting on the screen since counts), so that the map
        starts a new name."""
        time.sleep(max(0.0, self.named_at + NEW_NAME - time.monotonic()))
        self.keys(*keys, pause=0.05)
        self.named_at = time.monotonic()

    def now(self) -> str:
        """The 'Now' panel's text, on one line."""
        lines = self.screen()
        # The panel's title is on its top border: "▔▔ Now▔▔▔…".
        start = next((i for i, line in enumerate(lines) if " Now▔" in line[85:]), None)
        if start is None:
            return ""
        return " ".join(line[85:].strip(" ▏") for line in lines[start + 1 : start + 7])

    def owners(self) -> dict[str, tuple[str, int]]:
        """Each territory's owner letter and armies, read off the map."""
        lines = self.screen()
        seen = {}
        for t, (x, y) in GRID.labels.items():
            value = lines[y + 1][x : x + 8]
            letter, _, armies = value.strip().partition(" ")
            if armies.strip().split("+")[0].isdigit():
                seen[t] = (letter, int(armies.strip().split("+")[0]))
        return seen

    def stop(self) -> None:
        subprocess.run([*TMUX, "kill-session", "-t", self.name], capture_output=True)


def wait_for(condition, timeout: float = 30.0, what: str = "", terminal=None):
    """Poll ``condition`` until it is true; a defence asked of the player meanwhile is
    answered (F6) when ``terminal`` is given."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if terminal is not None and "defend with" in terminal.now():
            terminal.keys("F6", pause=0.3)
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    shown = "\n".join(terminal.screen()[:HEIGHT]) if terminal is not None else ""
    raise AssertionError(f"timed out waiting for {what or condition}\n{shown}")


def claim_and_place(terminal: Terminal) -> None:
    """Claim free territories until none is left (Enter at the map's cursor, one key a
    claim), then place the starting armies one at a time, all on one of the player's
    territories at the front."""

    def prompt() -> str:
        """The Now panel once it asks for a claim or a placement (not while the others move,
        nor while the panel shows anything else, such as the roll for who places first)."""
        now = terminal.now()
        return now if "Claim" in now or "Place one army" in now else ""

    while True:
        now = wait_for(prompt, 30, "a claim", terminal)
        if "Claim" not in now:
            break
        free = [t for t, (letter, _) in terminal.owners().items() if letter == "·"]
        assert free, "the claim step offers no empty territory"
        # Enter claims the one under the map's cursor, which waits on a free one.
        terminal.keys("Enter", pause=0.3)

    # Place the starting armies one at a time, all on one of the player's territories.
    mine = [t for t, (letter, _) in terminal.owners().items() if letter == "R"]
    front = next(
        t for t in mine if any(terminal.owners()[n][0] != "R" for n in BOARD.neighbours[t])
    )
    terminal.type_name(front)
    # Each army placed once the prompt counts one fewer left than before: the panel shows
    # other steps between two (the others placing, or "Sent: waiting for the host's answer…"
    # right after a key), and none of them is the setup's end; the last army is.
    left = None
    while left != 1:
        now = wait_for(lambda seen=left: placing(terminal.now(), seen), 30, "a placement", terminal)
        left = int(PLACING.search(now).group(1))
        terminal.keys("Enter", pause=0.3)


PLACING = re.compile(r"Place one army on one of your territories \((\d+) left to place")


def placing(now: str, before: int | None) -> str:
    """``now`` when it asks for a starting army, fewer left than ``before`` (the last count
    seen), else ''."""
    found = PLACING.search(now)
    return now if found and (before is None or int(found.group(1)) < before) else ""


@pytest.fixture
def terminal():
    term = Terminal()
    yield term
    term.stop()


def setup_by_plan(terminal: Terminal) -> int:
    """The whole setup with F8 (a plan makes the claims, then places the starting armies);
    returns the keys pressed, once the player's first turn has come."""
    wait_for(lambda: "Claim a territory" in terminal.now(), 30, "the first claim", terminal)
    terminal.keys("F8")
    wait_for(lambda: "Place your reinforcements" in terminal.now(), 90, "turn 1", terminal)
    return 1


def test_the_whole_setup_with_the_setup_key(terminal: Terminal) -> None:
    """Four players: F8 lets a plan make the claims and place the starting armies, and the
    first turn comes with no other key pressed (by hand it took 60 and more)."""
    terminal.start(f"{COMMAND} play --bots 3 --name tester")
    presses = setup_by_plan(terminal)
    # The first turn comes only once every starting army is placed (the bots who play
    # before the player may have taken some of its territories since).
    assert any(letter == "R" for letter, _ in terminal.owners().values())
    print(f"the whole setup of a 4-player game took {presses} key presses")


def blitz_over(now: str) -> bool:
    """Whether the Now panel shows a step a blitz ends in: a conquest to move into, or the
    attacks (or the manoeuvre) again, no longer the blitz set to go."""
    return now.startswith(("Conquered", "Attack", "Manoeuvre")) and "F3 blitz" not in now


def test_play_against_two_bots_in_a_real_terminal(terminal: Terminal) -> None:
    terminal.start(f"{COMMAND} play --bots 2 --name tester")
    wait_for(lambda: "Players" in "\n".join(terminal.screen()), 30, "the game screen", terminal)

    claim_and_place(terminal)

    # The first turn of the player: reinforcements, all on the front.
    wait_for(lambda: "Place your" in terminal.now(), 90, "the player's turn", terminal)
    owners = terminal.owners()  # the bots may have taken territories since the setup
    front = next(
        t
        for t, (letter, _) in owners.items()
        if letter == "R" and any(owners[n][0] != "R" for n in BOARD.neighbours[t])
    )
    before = owners[front][1]
    pool = int(terminal.now().split("Place your reinforcements: ")[1].split()[0])
    terminal.type_name(front)
    terminal.keys(*["+"] * (pool - 1), "Enter")
    wait_for(lambda: "All placed" in terminal.now(), 10, "the placements to be staged", terminal)
    terminal.keys("F6")
    wait_for(lambda: terminal.owners()[front][1] == before + pool, 10, "the placements", terminal)

    # Attack a neighbour from the front with a blitz.
    wait_for(lambda: "Attack" in terminal.now(), 10, "the attack step", terminal)
    terminal.keys("Enter")
    enemy = next(n for n in BOARD.neighbours[front] if terminal.owners()[n][0] != "R")
    terminal.type_name(enemy)
    terminal.keys("Enter")
    wait_for(lambda: "F3 blitz" in terminal.now(), 10, "the attack to be set", terminal)
    terminal.keys("F3")
    # The log may hold the bots' battles already: wait for this blitz's own result, a step
    # the blitz leads to (not "Sent: waiting for the host's answer…", shown in between).
    now = wait_for(
        lambda: next((t for t in [terminal.now()] if blitz_over(t)), ""),
        20,
        "the blitz's result",
        terminal,
    )
    # The log scrolls to its new lines a frame or two after the panels change.
    wait_for(lambda: "verified" in "\n".join(terminal.screen()), 10, "verified dice", terminal)
    if "Conquered" in now:
        terminal.keys("F6")
    # End the attacks (unless a lost blitz left none to make), then the turn.
    now = wait_for(
        lambda: next((t for t in [terminal.now()] if "Attack" in t or "Manoeuvre" in t), ""),
        20,
        "the attack step after the blitz",
        terminal,
    )
    if "Attack" in now:
        terminal.keys("Escape", "Escape", "F4")
    # With nothing to move, ending the attacks ends the turn at once.
    wait_for(lambda: "Manoeuvre" in terminal.now() or "bot-" in terminal.now(), 10, "", terminal)
    if "Manoeuvre" in terminal.now():
        terminal.keys("F4")
    # Both bots play their turns (defences asked of the player are answered), and the turn
    # comes back to the player; the bots may be done before a look at the screen sees them.
    wait_for(
        lambda: "bot-" in terminal.now() or "Place your" in terminal.now(),
        10,
        "a bot's turn",
        terminal,
    )
    wait_for(lambda: "Place your" in terminal.now(), 60, "the player's next turn", terminal)
    # The log tells of the turns, and ends with what changed since the player's last one
    # (it scrolls a frame or two after the panels change).
    # ("bot-1: 14 territories (+1), …", the last line of that summary.)
    wait_for(lambda: "territories (" in "\n".join(terminal.screen()[31:38]), 10, "the log",
             terminal)  # fmt: skip


def test_play_capital_chooses_headquarters_in_a_real_terminal(terminal: Terminal) -> None:
    terminal.start(f"{COMMAND} play --bots 2 --mode capital --name tester --pace 0")
    wait_for(lambda: "Players" in "\n".join(terminal.screen()), 30, "the game screen", terminal)
    claim_and_place(terminal)
    wait_for(lambda: "headquarters" in terminal.now(), 60, "the headquarters step", terminal)
    mine = [t for t, (letter, _) in terminal.owners().items() if letter == "R"]
    terminal.type_name(mine[0])
    terminal.keys("Enter")
    wait_for(lambda: "F6 seals" in terminal.now(), 10, "the choice to be staged", terminal)
    terminal.keys("F6")
    # Every seal in, every headquarters opened: three marks on the map, and the first turn.
    wait_for(lambda: "\n".join(terminal.screen()).count("♛") == 3, 30, "the marks", terminal)
    shown = terminal.owners()
    assert shown[mine[0]][0] == "R♛", shown[mine[0]]
    wait_for(
        lambda: "Place your" in terminal.now() or "Waiting" in terminal.now(),
        30,
        "the first turn",
        terminal,
    )


def test_replay_a_hosted_record_in_a_real_terminal(terminal: Terminal, tmp_path: Path) -> None:
    record, save = tmp_path / "game.rec", tmp_path / "game.save"
    subprocess.run(
        [str(COMMAND), "host", "--headless", "--seats", "3", "--bots", "3", "--port", "0",
         "--record", str(record), "--save", str(save)],
        check=True, capture_output=True, timeout=180,
    )  # fmt: skip
    terminal.start(f"{COMMAND} replay {record}")

    def status() -> str:
        return terminal.screen()[HEIGHT - 2]

    wait_for(lambda: "✓ record verified" in status() and "move 1/" in status(), 30, "the replay")
    terminal.keys("F6", pause=0.5)
    wait_for(lambda: "move 2/" in status(), 5, "a move on")
    terminal.keys("NPage", pause=0.5)
    wait_for(lambda: "turn 1," in status(), 5, "the first turn")
    wait_for(lambda: "— Turn 1 " in "\n".join(terminal.screen()), 5, "the turn in the log")
    terminal.keys("Space")
    wait_for(lambda: "▶ playing" in status(), 5, "playing")
    terminal.keys("Space")
    wait_for(lambda: "⏸ paused" in status(), 5, "paused")


def shortest_prefix(territory: str) -> str:
    """The fewest letters of the map's label that lead to ``territory`` (the echo shows a
    player where typing leads, so a player stops there)."""
    from risk_lan.tui.widgets.map_layout import layout
    from risk_lan.tui.widgets.world_map import matches

    label = "".join(c for c in layout("classic").places[territory].short_en.lower() if c.isalnum())
    for k in range(1, len(label) + 1):
        found = matches(BOARD, label[:k], "en")
        if found and found[0] == territory:
            return label[:k]
    return BOARD.territories[territory].name_en.lower().replace(" ", "")


def test_a_standard_turn_takes_few_key_presses(terminal: Terminal) -> None:
    """Reinforce, attack with a blitz, move in, manoeuvre and end the turn, counting every key
    pressed (the setup is left to F8)."""
    terminal.start(f"{COMMAND} play --bots 2 --name tester --pace 0")
    setup_by_plan(terminal)
    presses = 0

    def press(*keys: str, pause: float = 0.3) -> None:
        nonlocal presses
        presses += len(keys)
        terminal.keys(*keys, pause=pause)

    def pick(territory: str) -> None:
        letters = shortest_prefix(territory)
        nonlocal presses
        presses += len(letters)
        terminal.type_letters(*letters)  # a new name after the type-ahead pause
        press("Enter", pause=0.3)

    owners = terminal.owners()
    front = max(
        (t for t, (letter, _) in owners.items() if letter == "R"
         and any(owners[n][0] != "R" for n in BOARD.neighbours[t])),
        key=lambda t: owners[t][1],
    )  # fmt: skip
    # Reinforcements: all on the front (End: the most at a time), confirmed.
    letters = shortest_prefix(front)
    presses += len(letters)
    terminal.type_letters(*letters)
    press("End", "Enter", pause=0.05)
    wait_for(lambda: "All placed" in terminal.now(), 10, "the placements staged", terminal)
    press("F6")
    wait_for(lambda: "Attack" in terminal.now(), 10, "the attack step", terminal)
    # The map still has the front selected: Enter makes it the source.
    press("Enter")
    enemy = max((n for n in BOARD.neighbours[front] if terminal.owners()[n][0] != "R"),
                key=lambda n: -terminal.owners()[n][1])  # fmt: skip
    pick(enemy)
    wait_for(lambda: "F3 blitz" in terminal.now(), 10, "the attack set", terminal)
    press("F3")
    now = wait_for(lambda: next((t for t in [terminal.now()] if blitz_over(t)), ""),
                   20, "the blitz's result", terminal)  # fmt: skip
    if "Conquered" in now:
        press("F6")  # half of those that may go, by default
    wait_for(lambda: "Attack" in terminal.now() or "Manoeuvre" in terminal.now(), 10, "", terminal)
    if "Attack" in terminal.now():
        press("F4")
    if "Manoeuvre" in wait_for(terminal.now, 10, "the manoeuvre", terminal):
        owners = terminal.owners()
        source = max((t for t, (letter, n) in owners.items() if letter == "R" and n > 1),
                     key=lambda t: owners[t][1])  # fmt: skip
        mine = [n for n in BOARD.neighbours[source] if owners[n][0] == "R"]
        if mine:
            pick(source)
            pick(mine[0])
            wait_for(lambda: "F6" in terminal.now(), 10, "the manoeuvre set", terminal)
            press("F6")
        else:
            press("F4")
    # The turn is over: the others play (or, bots being quick, the next turn has come).
    wait_for(lambda: terminal.now() and not any(step in terminal.now() for step in
             ("Attack", "Manoeuvre", "Move ")), 10, "the turn's end", terminal)  # fmt: skip
    print(f"a standard turn took {presses} key presses")
    assert presses <= 30  # typing whole names and Enter each time, it took about 40
