"""Whole games of the real ``risk-lan play`` in a real terminal (tmux), from the deal to the
end screen, at the smallest size the app plays in (100x30, its compact map) and at a roomy
one (160x50), played by keys only (the arrows move the map's cursor, Enter does what the
step needs there, End sets the most, F3 blitzes, F4 ends) or by mouse clicks only (on the
territories, on the Now panel's amount buttons and on the footer's keys). Each way of
playing and each size has a whole game (clicks at 100x30, keys at 160x50); the other two
pairs play from the deal until the player has played two turns and moved in after a
conquest, every kind of step met on the way to the end answered at that size that way.
``bench/tmux_games.py`` plays all four pairs to the end.

Two players and a neutral army (``--mode two-player``, one bot) is the quickest game to its
end. The player plays every turn of its own: all its reinforcements on its strongest
territory at a front, then one blitz a turn where it has the stronger side, moving in with
all it may, and the turn ends. The game ends when one of the two is out (the bot, against a
player who holds back, in about ten rounds: a player who attacks all out makes the game two
or three times as long); the end screen says who won, and the rounds it counts are the
turns the test played (a turn the test did not play, a bot's after a while, would add rounds
the test did not count).

F3 sent in the same instant as the Enter that picks its target was lost without a word (the
last test here). Found on the way, left to the app's owners: after confirming the placements
or ending a turn with nothing to move, the Now panel says the step before (the reinforcements
left, "Manoeuvre: pick…") until the host answers; at 100x30 a hint pushes the amount buttons
and the cursor's line out of the Now panel. The games wait for what a player waits for: the
panel's answer."""

from __future__ import annotations

import re
import subprocess
import time
from collections import deque
from dataclasses import dataclass, field

import pytest
import test_tui_tmux as tmux

from risk_lan.rules import classic_board
from risk_lan.tui.widgets.map_layout import draw, layout
from risk_lan.tui.widgets.world_map import WorldMap

# A worker of their own (each has its tmux server): the whole games are the longest real
# terminal tests, and beside the others on one worker they would make it the suite's last.
pytestmark = [tmux.pytestmark[0], pytest.mark.xdist_group("tmux-games")]

BOARD = classic_board()
# The bot's moves shown as they come (--pace 0): the player's side of a whole game is what
# these games drive; the pacing has tests of its own (test_tui_pacing.py).
GAME = f"{tmux.COMMAND} play --bots 1 --mode two-player --name tester --pace 0"
NAMES = {BOARD.territories[t].name_en: t for t in BOARD.territory_ids}
ARROWS = {"Up": (0, -1), "Down": (0, 1), "Left": (-1, 0), "Right": (1, 0)}
SETUP_BY_HAND = 3  # starting armies placed one by one (Enter or a click), then F8
# Blitzes a turn, at most: a few conquests a turn make a game long (each is four keys or
# clicks, and the screen's answers), and the bot ends it sooner against a player who holds back.
BLITZES_PER_TURN = 1
# Seconds, at most, for a whole game: about 30 is usual; 100 was once too few in a loaded suite.
GAME_TIME = 180.0


def arrow_steps() -> dict[str, dict[str, str]]:
    """Where each arrow key takes the map's cursor from each territory (the map's own
    geometry: it does not depend on the map's size)."""
    world = WorldMap(BOARD)
    steps: dict[str, dict[str, str]] = {}
    for here in BOARD.territory_ids:
        steps[here] = {}
        for key, (dx, dy) in ARROWS.items():
            world.state.selected = here
            world.action_step(dx, dy)
            if world.state.selected != here:
                steps[here][key] = world.state.selected
    return steps


STEPS = arrow_steps()


def arrows(start: str, goal: str) -> list[str]:
    """The fewest arrow keys that take the cursor from ``start`` to ``goal``."""
    came: dict[str, tuple[str, str] | None] = {start: None}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for key, there in STEPS[here].items():
            if there not in came:
                came[there] = (here, key)
                todo.append(there)
    keys: list[str] = []
    at = goal
    while (back := came[at]) is not None:
        at, key = back
        keys.append(key)
    return keys[::-1]


def at_most(now: str) -> bool:
    """Whether the amount the Now panel shows is the most it may be (the reinforcements
    left, or the armies that may move in)."""
    placing = re.search(r"(\d+) left\. Each pick places (\d+)", now)
    if placing:
        return placing.group(1) == placing.group(2)
    moving = re.search(r"move in: (\d+) \(\d+–(\d+)", now)
    return bool(moving) and moving.group(1) == moving.group(2)


class Table:
    """The game screen of a terminal, read as a player reads it: the map's owners and
    armies, the cursor, the Now panel, the footer's keys and the Now panel's buttons; and
    the keys or clicks sent, each counted."""

    def __init__(self, terminal: tmux.Terminal) -> None:
        self.terminal = terminal
        self.keys = self.clicks = 0
        lines = tmux.wait_for(self._laid_out, 30, "the game screen", terminal)
        # The map fills the screen's left, above the log: its width is where the side
        # panels begin (the Now panel's title), its height where the log's border is.
        top = next(i for i, line in enumerate(lines) if "▔▔ Now▔" in line)
        self.side = lines[top].index("▔▔ Now▔")
        self.map_height = next(i for i, line in enumerate(lines) if line.startswith("▔▔▔▔▔▔▔▔"))
        self.grid = draw(BOARD, self.side, self.map_height)
        assert self.grid.compact == (terminal.width < 120), "the map's layout at this size"
        places = layout(BOARD.id).places
        self.label = {
            t: places[t].code_en if self.grid.compact else places[t].short_en[:8]
            for t in BOARD.territory_ids
        }
        drawn = [t for t, (x, y) in self.grid.labels.items()
                 if lines[y][x : x + len(self.label[t])] == self.label[t]]  # fmt: skip
        assert len(drawn) >= 40, "the map is drawn where the test reads it"

    def _laid_out(self) -> list[str] | None:
        lines = self.terminal.screen()
        if any("▔▔ Now▔" in line for line in lines) and any(
            line.startswith("▔▔▔▔▔▔▔▔") for line in lines
        ):
            return lines
        return None

    # ----- reading --------------------------------------------------------------------------

    def screen(self) -> list[str]:
        return self.terminal.screen()[: self.terminal.height]

    def settled(self) -> list[str]:
        """The screen once the app has drawn it whole: the same twice in a row."""
        shown = self.screen()
        for _ in range(40):
            time.sleep(0.05)
            again = self.screen()
            if again == shown:
                break
            shown = again
        return shown

    def now(self, lines: list[str] | None = None) -> str:
        """The Now panel's text, on one line (from its title to the next panel's)."""
        lines = lines or self.screen()
        top = next((i for i, line in enumerate(lines) if "▔▔ Now▔" in line), None)
        if top is None:
            return ""
        text = []
        for line in lines[top + 1 : self.map_height]:
            part = line[self.side :]
            if "▔▔" in part:
                break
            text.append(part.strip(" ▏"))
        return " ".join(t for t in text if t)

    def owners(self, lines: list[str] | None = None) -> dict[str, tuple[str, int]]:
        """Each territory's owner letter (R: the player, B: the bot, N: the neutral) and
        armies, read off the map's labels."""
        lines = lines or self.screen()
        seen = {}
        for t, (x, y) in self.grid.labels.items():
            if self.grid.compact:  # "ALA R 3", "IDN B31", "AL R100", with a staged "+"
                value = lines[y][x : x + self.grid.label_width]
            else:  # the short name, then "R  3" under it
                value = lines[y + 1][x : x + self.grid.label_width].split("+")[0]
            found = re.search(r"([RBN])\S?\s*(\d+)\s*$", value.rstrip())
            if found:
                seen[t] = (found.group(1), int(found.group(2)))
        return seen

    def cursor(self, lines: list[str] | None = None) -> str | None:
        """The territory the map's cursor is on: drawn between ▶ and ◀."""
        lines = lines or self.screen()
        for t, (x, y) in self.grid.labels.items():
            right = x + self.grid.label_width
            before = lines[y][max(0, x - 1) : x]
            after = lines[y][right : right + 1] if right < self.side else ""
            if before == "▶" or after == "◀":
                return t
        # Both pointers covered by the neighbours' labels (the compact map is crowded): the
        # Now panel says it too.
        found = re.search(r"Cursor: (.+?) \(", self.now(lines))
        return NAMES.get(found.group(1)) if found else None

    def over(self, lines: list[str] | None = None) -> str | None:
        """Who won, once the end screen says it ("bot-1 wins!")."""
        lines = lines or self.screen()
        found = re.search(r"(\S+) wins!", "\n".join(lines))
        return found.group(1) if found else None

    def footer_key(self, key: str) -> tuple[int, int]:
        """Where the footer draws ``key`` (its cell: column, row), once it draws it: the
        footer follows the Now panel a moment later, and the compact footer (100x30) shows
        only the keys that act now."""
        row = self.terminal.height - 1

        def found() -> int:
            return self.screen()[row].find(f" {key} ") + 1

        at = tmux.wait_for(found, 5, f"{key} in the footer")
        return at, row

    def button(self, words: str) -> tuple[int, int]:
        """Where the Now panel draws the button ``words``."""
        lines = self.screen()
        for y, line in enumerate(lines[: self.map_height]):
            part = line[self.side :]
            if f" {words} " in f"{part} " and "Cursor" not in part:
                return self.side + part.index(f" {words}") + 1, y
        raise AssertionError(f"no {words!r} button in the Now panel: {self.now(lines)}")

    # ----- acting ---------------------------------------------------------------------------

    def press(self, *keys: str) -> None:
        self.keys += len(keys)
        self.terminal.keys(*keys, pause=0.05)

    def click_at(self, x: int, y: int) -> None:
        """A left click at the cell (x, y), counted from 0: the SGR mouse report a terminal
        sends, pressed then released (the columns and rows in it count from 1)."""
        for end in "Mm":
            subprocess.run(
                [*tmux.TMUX, "send-keys", "-t", self.terminal.name, "-l",
                 f"\x1b[<0;{x + 1};{y + 1}{end}"],
                check=True,
            )  # fmt: skip
        self.clicks += 1
        time.sleep(0.05)

    def click_territory(self, territory: str) -> None:
        x, y = self.grid.labels[territory]
        self.click_at(x + 1, y)

    def click_key(self, key: str) -> None:
        self.click_at(*self.footer_key(key))

    def click_button(self, words: str) -> None:
        self.click_at(*self.button(words))

    def answered(
        self, leave: tuple[str, ...], timeout: float = 15.0, required: bool = True
    ) -> bool:
        """Wait for the app's answer to what was sent: the Now panel no longer begins with
        any of ``leave`` (or the game is over). A move sent to the host shows only when its
        answer comes back; until then the panel may still say the step before it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = self.screen()
            if self.over(lines) or not self.now(lines).startswith(leave):
                return True
            time.sleep(0.05)
        if not required:
            return False
        raise AssertionError(f"no answer to leave {leave}\n" + "\n".join(self.screen()))


@dataclass
class Player:
    """The test's player: how it plays its turns, by keys or by clicks, and what it counted
    (its turns, and the keys or clicks of each)."""

    table: Table
    by_keys: bool
    turns: list[int] = field(default_factory=list)  # the keys or clicks of each turn
    defended: bool = False  # F7 pressed: the defence is rolled by itself from now on
    placed_in_setup: int = 0  # starting armies placed one by one, before the plan's turn
    turn_over: bool = False  # the last key or click ended the player's turn
    blitzes: int = 0  # this turn's
    conquests: int = 0  # moved in after, since the game began
    clicked_key: str | None = None  # the footer key clicked for the step, if one was

    @property
    def presses(self) -> int:
        return self.table.keys if self.by_keys else self.table.clicks

    # ----- the moves ------------------------------------------------------------------------

    def go(self, territory: str, lines: list[str]) -> None:
        """Pick ``territory``: the cursor taken there by the arrows, and Enter; or a click."""
        table = self.table
        if self.by_keys:
            here = table.cursor(lines)
            if here is None:
                # Both pointers covered and the Now panel's cursor line cut (100x30): its
                # name typed (the map's shortcut) takes the cursor there.
                letters = tmux.shortest_prefix(territory)
                table.keys += len(letters)
                table.terminal.type_letters(*letters)
                table.press("Enter")
                return
            table.press(*arrows(here, territory), "Enter")
        else:
            table.click_territory(territory)

    def key(self, key: str) -> None:
        if self.by_keys:
            self.table.press(key)
        else:
            self.table.click_key(key.lower())
            self.clicked_key = key

    def key_answered(self, key: str, leave: tuple[str, ...]) -> None:
        """``key``, and the app's answer: the Now panel leaves ``leave``."""
        self.key(key)
        if not self.table.answered(leave, 3, required=False):
            if not self.by_keys:
                # The footer shows a key greyed out until a frame after the panel opens
                # it: a click that came before only rang the bell. A player clicks again.
                self.key(key)
            self.table.answered(leave)

    def most(self) -> None:
        """The most the amount allows: End, or the Now panel's "max" button."""
        if self.by_keys:
            self.table.press("End")
            return
        # The button and the map are two widgets: the amount must be set before the map
        # takes the click that uses it.
        if " max" not in self.table.now():
            # At 100x30 a hint can push the buttons out of the Now panel: the amount stays
            # as it is (one army a click when placing).
            return
        self.table.click_button("max")
        tmux.wait_for(lambda: at_most(self.table.now()), 5, "the most", self.table.terminal)

    # ----- the choices ----------------------------------------------------------------------

    @staticmethod
    def front(owners: dict[str, tuple[str, int]]) -> str:
        """The player's territory to reinforce: the strongest beside the bot, or beside the
        neutral army if none is."""
        mine = [t for t, (who, _) in owners.items() if who == "R"]
        for enemy in ("B", "N"):
            near = [t for t in mine if any(owners[n][0] == enemy for n in BOARD.neighbours[t])]
            if near:
                return max(near, key=lambda t: owners[t][1])
        return max(mine, key=lambda t: owners[t][1])

    @staticmethod
    def target(owners: dict[str, tuple[str, int]], source: str) -> str | None:
        """The neighbour worth a blitz from ``source``: the weakest, the bot's first, if the
        source's attackers outnumber its armies."""
        armies = owners[source][1]
        targets = [n for n in BOARD.neighbours[source] if owners[n][0] in "BN"
                   and armies - 1 > owners[n][1]]  # fmt: skip
        if not targets:
            return None
        return min(targets, key=lambda n: owners[n][1] + (0 if owners[n][0] == "B" else 2))

    def source(self, owners: dict[str, tuple[str, int]]) -> str | None:
        sources = [t for t, (who, _) in owners.items() if who == "R" and self.target(owners, t)]
        return max(sources, key=lambda t: owners[t][1], default=None)

    # ----- a step ---------------------------------------------------------------------------

    def play(self, lines: list[str]) -> tuple[str, ...] | None:
        """Answer the step the Now panel shows; returns what the Now panel must leave behind
        once the app has answered (None: nothing to answer, the others play)."""
        table = self.table
        self.clicked_key = None
        now = table.now(lines)
        step = now.split(". ")[0]
        owners = table.owners(lines)
        if "defend with" in now:
            self.key("F6" if self.defended else "F7")  # F7: from now on, by itself
            self.defended = True
            return (step,)
        if now.startswith("Place ") and not now.startswith("Place your reinforcements"):
            return self.setup(now, step, owners, lines)
        if "must trade" in now:
            self.key("F5")
            return ("You must trade",)
        if now.startswith("Place your reinforcements"):
            self.most()
            self.go(self.front(owners), lines)
            return (step,)
        if now.startswith("All placed"):
            # Picked again: confirmed, and the attacks start from it; until the host has
            # the placements, the panel still offers them.
            self.go(self.front(owners), lines)
            return ("All placed", "Place your reinforcements")
        if now.startswith("Conquered!"):
            self.conquests += 1
            self.most()  # all that may go, to attack on from there
            if self.by_keys:
                table.press("Enter")  # Enter anywhere moves them in
            else:
                table.click_territory(table.cursor(lines) or self.front(owners))
            return ("Conquered!",)
        if now.startswith("Attack: pick one"):
            return self.attack(None, owners, lines)
        if now.startswith("Attack from"):
            return self.attack(NAMES[now.removeprefix("Attack from ").split(" with ")[0]],
                               owners, lines)  # fmt: skip
        if "F3 blitz" in now:
            self.key("F3")
            self.blitzes += 1
            return (step,)
        if now.startswith(("Manoeuvre:", "Move ")):
            self.key("F4")  # no manoeuvre: the turn ends
            self.turn_over = True
            return ("Manoeuvre:", "Move ")
        return None

    def setup(
        self, now: str, step: str, owners: dict[str, tuple[str, int]], lines: list[str]
    ) -> tuple[str, ...] | None:
        """The setup's steps: a few starting armies one at a time, then F8; the neutral
        army's placements, by hand."""
        if "Your plan places" in now and not now.startswith("Place a neutral"):
            return None  # the plan places the player's starting armies by itself
        if re.match(r"Place (\d+|one) (of your )?arm", now):
            if self.placed_in_setup >= SETUP_BY_HAND:
                self.key("F8")  # the plan finishes the setup
                return (step,)
            self.placed_in_setup += 1
            self.go(self.front(owners), lines)  # one army at a time
            return (step,)
        if now.startswith("Place a neutral army"):
            neutral = [t for t, (who, _) in owners.items() if who == "N"]
            mine = {t for t, (who, _) in owners.items() if who == "R"}
            # Between the bot and the player's territories, where a wall helps most.
            self.go(max(neutral, key=lambda t: len(mine & set(BOARD.neighbours[t]))), lines)
            return (step,)
        return None

    def attack(
        self, source: str | None, owners: dict[str, tuple[str, int]], lines: list[str]
    ) -> tuple[str, ...]:
        """From the source picked (if any), a blitz on the weakest neighbour worth it; or
        from a better source; or the attacks end."""
        if self.blitzes >= BLITZES_PER_TURN:
            source = None  # enough for this turn
        target = self.target(owners, source) if source else None
        if target is not None:
            # The target; F3 once the panel names the pair, as a player who looks.
            self.go(target, lines)
            return ("Attack from",)
        better = self.source(owners) if self.blitzes < BLITZES_PER_TURN else None
        if better is not None:
            self.go(better, lines)  # (picked while another is: it takes its place)
            name = BOARD.territories[source].name_en if source else ""
            return ("Attack: pick one",) if source is None else (f"Attack from {name} ",)
        self.key_answered("F4", ("Attack",))
        now = self.table.now()
        self.turn_over = True
        # With nothing to move, the turn ended at once, but the panel shows the manoeuvre's
        # step until the host's answer comes: a step that stays is real.
        if now.startswith(("Manoeuvre:", "Move ")) and not self.table.answered(
            (now.split(". ")[0],), 1.5, required=False
        ):
            self.key("F4")  # no manoeuvre: the turn ends
            return ("Manoeuvre:", "Move ")
        return None


def play_game(
    terminal: tmux.Terminal, by_keys: bool, turns: int | None = None
) -> tuple[Player, str | None, float]:
    """A whole game, its every step answered by keys or by clicks; returns the player, the
    end screen's words of who won and the game's seconds. Given ``turns``, the game stops
    sooner: once the player has played that many turns and moved in after a conquest (no
    winner is returned then)."""
    terminal.start(GAME)
    started = time.monotonic()
    table = Table(terminal)
    player = Player(table, by_keys)
    deadline = started + GAME_TIME
    in_turn = False
    count_at = 0
    while time.monotonic() < deadline:
        lines = table.settled()
        won = table.over(lines)
        if won is not None:
            if in_turn:
                player.turns.append(player.presses - count_at)
            return player, won, time.monotonic() - started
        now = table.now(lines)
        if now.startswith(("Place your reinforcements", "You must trade")) and not in_turn:
            in_turn, count_at = True, player.presses
            player.blitzes = 0
        leave = player.play(lines)
        if player.turn_over:
            player.turn_over = in_turn = False
            player.turns.append(player.presses - count_at)
            if turns is not None and len(player.turns) >= turns and player.conquests:
                return player, None, time.monotonic() - started
        if leave is not None and not table.answered(leave, 3, required=False):
            if player.clicked_key is not None:
                player.key(player.clicked_key)  # (see key_answered)
            table.answered(leave)
        else:
            time.sleep(0.1)
    raise AssertionError(f"the game did not end in {GAME_TIME} s\n" + "\n".join(table.screen()))


def rounds(table: Table) -> int:
    """The end screen's count of rounds."""
    text = " ".join(table.screen())
    found = re.search(r"(\d+) rounds?, \d+ battles?", text)
    assert found, text
    return int(found.group(1))


def check_end(player: Player, winner: str) -> None:
    """The end screen: who won, each player's territories (none left to the loser), the
    rounds; and every round had a turn of the player's, played by the test (the last round
    may have ended before it came, when the bot won in its own turn)."""
    table = player.table
    assert winner in ("tester", "bot-1"), winner
    text = "\n".join(table.screen())
    held = {name: int(n) for name, n in re.findall(r"(tester|bot-1) +(\d+) terr\.", text)}
    loser = "bot-1" if winner == "tester" else "tester"
    assert held[loser] == 0 and held[winner] > 0, held
    played = len(player.turns)
    assert rounds(table) - played in (0, 1), (rounds(table), player.turns)
    assert all(player.turns), player.turns


def report(
    what: str, size: tuple[int, int], player: Player, won: str | None, seconds: float
) -> None:
    presses = player.presses
    ended = f"{won} won" if won else "stopped"
    print(
        f"game by {what} at {size[0]}x{size[1]}: {ended} in {seconds:.0f} s,"
        f" {len(player.turns)} turns of the player, {presses} {what} ({player.turns})"
    )


def whole_game(size: tuple[int, int], by_keys: bool) -> None:
    """A whole game at ``size`` by keys or by clicks, and its end screen."""
    terminal = tmux.Terminal(*size)
    try:
        player, won, seconds = play_game(terminal, by_keys)
        assert won is not None
        check_end(player, won)
        assert (player.table.clicks if by_keys else player.table.keys) == 0
        report("keys" if by_keys else "clicks", size, player, won, seconds)
    finally:
        terminal.stop()


# Keys and clicks, the compact map and the roomy one: each in a whole game.
WHOLE = [((160, 50), True), ((100, 30), False)]
# The other pairs: the setup, then two of the player's turns and a conquest moved in.
TURNS = [((100, 30), True), ((160, 50), False)]


def pair_id(pair: tuple[tuple[int, int], bool]) -> str:
    (width, height), by_keys = pair
    return f"{'keys' if by_keys else 'clicks'}-{width}x{height}"


@pytest.mark.parametrize("pair", WHOLE, ids=pair_id)
def test_a_whole_game(pair: tuple[tuple[int, int], bool]) -> None:
    whole_game(*pair)


@pytest.mark.parametrize("pair", TURNS, ids=pair_id)
def test_the_setup_two_turns_and_a_conquest(pair: tuple[tuple[int, int], bool]) -> None:
    """Every step up to a conquest moved in and the turn after, at this size this way: the
    point of a whole game but its end, which the other size shows this way."""
    size, by_keys = pair
    terminal = tmux.Terminal(*size)
    try:
        player, won, seconds = play_game(terminal, by_keys, turns=2)
        if won is not None:  # over before the point was seen: checked as a whole game
            check_end(player, won)
        else:
            assert player.conquests and len(player.turns) >= 2, player.turns
        # Every turn the test played took keys or clicks, and only those.
        assert all(player.turns), player.turns
        assert (player.table.clicks if by_keys else player.table.keys) == 0
        report("keys" if by_keys else "clicks", size, player, won, seconds)
    finally:
        terminal.stop()


def test_a_blitz_sent_with_the_enter_that_picks_its_target() -> None:
    """Enter on the target and F3 in the same instant (a quick player, or a busy machine
    that takes both keys at once): the blitz is made, not dropped without a word."""
    terminal = tmux.Terminal(160, 50)
    try:
        terminal.start(GAME)
        table = Table(terminal)
        player = Player(table, by_keys=True)
        deadline = time.monotonic() + GAME_TIME
        while time.monotonic() < deadline:
            lines = table.settled()
            now, owners = table.now(lines), table.owners(lines)
            source = NAMES.get(now.removeprefix("Attack from ").split(" with ")[0])
            target = player.target(owners, source) if source else None
            here = table.cursor(lines)
            if target is not None and here is not None:
                break
            assert table.over(lines) is None, "the game ended before a blitz was worth it"
            leave = player.play(lines)
            if leave is not None:
                table.answered(leave)
        table.press(*arrows(here, target), "Enter", "F3")  # all in one write
        name = BOARD.territories[source].name_en
        table.answered(("Attack from", f"{name} →"), 10)
        # The dice were rolled: the source lost armies, or the target is taken (the map drawn
        # a moment after the Now panel on a loaded machine: looked at until it shows it).

        def rolled() -> dict | None:
            after = table.owners(table.settled())
            taken = after[target][0] == "R" or after[source][1] < owners[source][1]
            return after if taken else None

        after = tmux.wait_for(rolled, 20, "the blitz's dice", terminal)
        assert after[target][0] == "R" or after[source][1] < owners[source][1], (
            owners[source],
            owners[target],
            after[source],
            after[target],
        )
    finally:
        terminal.stop()
