"""The others' moves shown at a pace the player sets (Ctrl+T), each attack marked on the map
in turn, instead of all at once; Space shows the rest at once. The game screen holds one.

Updates that answer the player's own move, or ask it to defend (a defence has a time
limit), are never held: everything held before them is shown first, at once. The player's
turn comes in its place, after the others' moves before it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from textual.timer import Timer

from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.turnlogic.player_turn import Turn

PACES = (0, 1, 2, 4)  # moves a second; 0: as they come
MOST_BEHIND = 8  # seconds: how late the player's turn may come, at most, at a pace


class PacedScreen(Protocol):
    """What the pacing needs of the game screen."""

    seat: str
    lang: str
    turn: Turn
    stopped: bool

    def take_update(self, update: dict[str, Any], checked: str) -> None: ...

    def set_interval(self, interval: float, callback: Callable[[], object]) -> Timer: ...

    def refresh_status(self) -> None: ...

    def redraw(self) -> None: ...


class Pacing:
    """The others' moves held and shown at the player's pace, for one game screen."""

    def __init__(self, screen: PacedScreen) -> None:
        self.screen = screen
        self.pace = 0  # an index into PACES
        self._held: deque[tuple[dict[str, Any], str]] | None = None
        self._pace_timer: Timer | None = None
        self.marked_attack: tuple[str, str] | None = None  # the attack shown last, on the map

    @property
    def held(self) -> deque[tuple[dict[str, Any], str]]:
        if self._held is None:
            self._held = deque()
        return self._held

    def receive_update(self, update: dict[str, Any], checked: str) -> None:
        """An update from the host: shown now, or held to be shown at the player's pace."""
        # What answers the player's own move is shown at once, and so is a defence asked of
        # it (its time is counted); its turn comes after the moves held before it.
        answer = self.screen.turn.my_turn and not self.held
        if not PACES[self.pace] or answer or self._urgent(update["view"]) or self.screen.stopped:
            self.show_held()
            self._show(update, checked)
            return
        self.held.append((update, checked))
        if self._waits_on_player(update["view"]):
            # The host's clock runs on the player's turn: what is held before it is shown
            # fast enough for the turn to come within MOST_BEHIND seconds.
            while len(self.held) > MOST_BEHIND * PACES[self.pace]:
                self._show(*self.held.popleft())
        self.screen.refresh_status()

    def _waits_on_player(self, view: dict[str, Any]) -> bool:
        return view.get("current") == self.screen.seat and view.get("phase") != "over"

    def _urgent(self, view: dict[str, Any]) -> bool:
        phase = view.get("phase")
        if phase in ("claim", "setup", "capital", "capital_reveal"):
            return True  # the setup goes at the table's pace
        if phase == "defend":
            attack = view.get("attack") or {}
            defender = view.get("owner", {}).get(attack.get("target"))
            return bool(defender == self.screen.seat)
        return False

    def _show(self, update: dict[str, Any], checked: str) -> None:
        battles = [e for e in update["events"] if e.get("type") == "battle"]
        last = battles[-1] if battles else None
        self.marked_attack = (last["source"], last["target"]) if last else None
        self.screen.take_update(update, checked)

    def show_held(self) -> None:
        """Everything held, shown at once (Space, or an update that asks the player)."""
        while self._held:
            self._show(*self._held.popleft())
        self.marked_attack = None

    def _next_held(self) -> None:
        if self._held:
            self._show(*self._held.popleft())
            self.screen.refresh_status()

    def next_pace(self) -> None:
        """Ctrl+T: the next pace (off, 1, 2, 4 moves a second)."""
        self.pace = (self.pace + 1) % len(PACES)
        if self._pace_timer is not None:
            self._pace_timer.stop()
            self._pace_timer = None
        if PACES[self.pace]:
            self._pace_timer = self.screen.set_interval(1 / PACES[self.pace], self._next_held)
        else:
            self.show_held()
        self.screen.refresh_status()

    def show_held_or_say(self) -> None:
        """Space: what is held, at once; or, with nothing held, what the key is for."""
        if not self._held:
            # Nothing held: say what the key is for rather than nothing.
            self.screen.turn.hint = ("key_nothing_held", {})
            self.screen.redraw()
            return
        self.show_held()
        self.screen.refresh_status()

    def pace_text(self) -> str:
        """For the status bar: the pace and what is held, when pacing."""
        if not PACES[self.pace]:
            return ""
        return say(self.screen.lang, "pace_on", pace=PACES[self.pace], held=len(self.held))
