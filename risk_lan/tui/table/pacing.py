"""The others' moves shown at a pace the player sets (Ctrl+T), by default DEFAULT_PACE a
second, each marked on the map for a moment (an attack's arrow and dice, a move's arrow, a
placement's territory, and the move in words); Space skips to the present. The game screen
holds one.

Pacing never holds up the game. What answers the player's own move is shown at once. An
update that asks something of the player (its turn, a defence, a move-in, a claim, an ally's
part, any mode's answer: whatever the engine waits on it for) is shown at once, everything
held before it first, whenever anyone may be kept waiting by it: the host's clock, which
hands a seat that keeps the game waiting to a bot, or another person at the table or
watching. So the clock runs only while the player really is asked. Alone against bots with
no clock (``risk-lan play``), no one waits: the player's turn comes after the replay of the
bots' moves before it, and the status line says how many are left. The setup (turn 0) goes
at the table's pace, never held.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from textual.timer import Timer

from risk_lan.rules import Game, GameState
from risk_lan.tui.paces import DEFAULT_PACE, PACES
from risk_lan.tui.table.log_lines import BATTLES, LogLines
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.turnlogic.player_turn import Turn
from risk_lan.tui.widgets.move_marks import ShownMove

LINGER = 2.0  # seconds the last move shown stays marked once nothing more is held

# The events that draw a move on the map, by rank (the highest in an update is the one
# shown): an attack's dice (BATTLES), an attack without dice, a move from one territory to
# another, armies placed.
ATTACKS = ("attack_declared", "committed")
# Said with the move shown: what it came to.
OUTCOMES = ("conquered", "player_eliminated")
# A move-in completes the conquest before it: shown with it, not as a move of its own.
FOLLOWERS = ("moved_in",)

Held = tuple[dict[str, Any], str]  # an update and what the client checked of it


class PacedScreen(Protocol):
    """What the pacing needs of the game screen."""

    seat: str
    lang: str
    turn: Turn
    stopped: bool
    log_lines: LogLines

    def take_update(self, update: dict[str, Any], checked: str) -> None: ...

    def set_interval(self, interval: float, callback: Callable[[], object]) -> Timer: ...

    def refresh_status(self) -> None: ...

    def redraw(self) -> None: ...

    def name_key(self, binding_id: str, label: str) -> None: ...

    def refresh_bindings(self) -> None: ...

    def notify(self, message: str, *, timeout: float | None = None) -> None: ...


class Waiters(Protocol):
    """Who may be kept waiting by this player's screen (the table's news)."""

    def others_wait(self) -> bool: ...


def _rank(event: dict[str, Any]) -> int:
    kind = event.get("type")
    if kind in BATTLES and "source" in event:
        return 4
    if kind in ATTACKS and "source" in event and "target" in event:
        return 3
    if "source" in event and "target" in event:
        return 2
    return 1 if "territory" in event and "count" in event else 0


def marked(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The event of ``events`` the map marks: the last of the highest rank."""
    best: dict[str, Any] | None = None
    for event in events:
        if _rank(event) and (best is None or _rank(event) >= _rank(best)):
            best = event
    return best


def _beat(update: dict[str, Any]) -> bool:
    """Whether an update is a move of its own at the pace (else it goes with one)."""
    return marked([e for e in update["events"] if e.get("type") not in FOLLOWERS]) is not None


class Pacing:
    """The others' moves held and shown at the player's pace, for one game screen."""

    def __init__(self, screen: PacedScreen, waiters: Waiters, per_second: int) -> None:
        self.screen = screen
        self.waiters = waiters
        self.per_second = per_second if per_second in PACES else DEFAULT_PACE
        self.held: deque[Held] = deque()
        self.shown: ShownMove | None = None  # the move marked on the map now
        self._timer: Timer | None = None
        self._idle = 0  # beats since the last move shown, with nothing held
        self._offered = False  # whether the footer offers Space
        self._name_key()

    # ----- what the host says -------------------------------------------------------------

    def receive_update(self, update: dict[str, Any], checked: str) -> None:
        """An update from the host: shown now, or held to be shown at the player's pace."""
        if self._at_once(update["view"]):
            held = bool(self.held)
            group = [*self.held, (update, checked)]  # what was held first, all at once
            self.held.clear()
            self._stop()
            self._show(group)
            if self.shown is not None and self.per_second:
                self._start()  # marked for a moment all the same
            if held:
                self._changed()
            return
        self.held.append((update, checked))
        if self._timer is None:
            # Nothing on show: this move now, and the next one a beat later.
            self._next_beat()
            self._start()
        self._changed()

    def _at_once(self, view: dict[str, Any]) -> bool:
        if not self.per_second or self.screen.stopped or view.get("phase") == "over":
            return True
        if not view.get("turn"):
            return True  # the setup goes at the table's pace
        if self.screen.turn.my_turn and not self.held:
            return True  # what answers the player's own move
        return self._asks_player(view) and self.waiters.others_wait()

    def _asks_player(self, view: dict[str, Any]) -> bool:
        return Game(GameState.from_view(view)).waiting_for() == self.screen.seat

    def asks_after(self) -> bool:
        """Whether an update held asks something of the player (its move waits behind)."""
        return any(self._asks_player(update["view"]) for update, _ in self.held)

    # ----- showing ------------------------------------------------------------------------

    def _next_beat(self) -> None:
        """One move more, with the updates that go with it; or, with nothing held, the last
        move's marks taken off after LINGER seconds."""
        if not self.held:
            self._idle += 1
            if self._idle / self.per_second >= LINGER:
                self._stop()
                self.shown = None
                self.screen.redraw()
            return
        self._idle = 0
        group: list[Held] = []
        while self.held and not _beat(self.held[0][0]):
            group.append(self.held.popleft())  # nothing to show of its own: with the next
        if self.held:
            group.append(self.held.popleft())
        while self.held and not _beat(self.held[0][0]):
            group.append(self.held.popleft())
        self._show(group)
        self._changed()

    def _show(self, group: list[Held]) -> None:
        # The marks first, so that the update's own redraw draws them (their words are said
        # with the game before it: the same names).
        self.shown = self._marks([e for update, _ in group for e in update["events"]])
        for update, checked in group:
            self.screen.take_update(update, checked)

    def _marks(self, events: list[dict[str, Any]]) -> ShownMove | None:
        """The map's marks for ``events``, with their words."""
        event = marked(events)
        game = self.screen.turn.game
        if event is None or game is None:
            return None
        rank = _rank(event)
        kind = "attack" if rank >= 3 else "move" if rank == 2 else "place"
        target = event["target"] if rank >= 2 else event["territory"]
        said = [event, *(e for e in events if e.get("type") in OUTCOMES)]
        lines = (self.screen.log_lines.event_text(game, e) for e in said)
        caption = tuple(line for line in lines if line is not None)
        return ShownMove(kind, event.get("source"), target, caption)

    def show_held(self) -> None:
        """Everything held, shown at once, unmarked (Space, or the game's end)."""
        group = list(self.held)
        self.held.clear()
        self._stop()
        marked_before, self.shown = self.shown is not None, None
        for update, checked in group:
            self.screen.take_update(update, checked)
        if marked_before and not group:
            self.screen.redraw()
        self._changed()

    def _start(self) -> None:
        self._stop()
        self._timer = self.screen.set_interval(1 / self.per_second, self._next_beat)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._idle = 0

    def _changed(self) -> None:
        """The status line, and the footer's Space when what is held comes or goes."""
        if bool(self.held) != self._offered:
            self._offered = bool(self.held)
            self.screen.refresh_bindings()
        self.screen.refresh_status()

    # ----- the keys -----------------------------------------------------------------------

    def next_pace(self) -> None:
        """Ctrl+T: the next pace (off, 1, 2, 4 moves a second), said at once."""
        self.per_second = PACES[(PACES.index(self.per_second) + 1) % len(PACES)]
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if not self.per_second:
            self.show_held()
        elif self.held or self.shown is not None:
            self._start()
        self._name_key()
        self.screen.refresh_status()
        key = "pace_set" if self.per_second else "pace_set_off"
        self.screen.notify(say(self.screen.lang, key, pace=self.per_second), timeout=4)

    def offers_skip(self) -> bool:
        """Whether Space has something to skip (it is in the footer then)."""
        return bool(self.held)

    def skip(self) -> None:
        """Space: the present at once."""
        self.show_held()

    def _name_key(self) -> None:
        """Ctrl+T's name in the footer, with the pace it sets now."""
        lang = self.screen.lang
        label = say(lang, "pace_key", pace=self.per_second) if self.per_second else None
        self.screen.name_key("game.pace", label or say(lang, "pace_key_off"))

    def pace_text(self) -> str:
        """For the status bar, while moves are held: how many, and the way to the present."""
        if not self.held:
            return ""
        key = "pace_before_you" if self.asks_after() else "pace_showing"
        return say(self.screen.lang, key, pace=self.per_second, held=len(self.held))
