"""A recorded game played back on the game screen: the map and the log as they were after
each move, with play, pause, a move at a time, and a turn back or forward.

The record is verified before anything is shown (``net.playback``); the screen says so in
its status line. Nobody's seat is shown: the table is seen as a spectator saw it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import RichLog

from risk_lan.net.record.playback import Playback
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.texts.catalogue import say, translate_bindings
from risk_lan.tui.widgets.panels import StatusBar

SPEEDS = (0.5, 1, 2, 4, 8, 16)  # moves a second
REPLAY_ACTIONS = {"toggle_play", "step", "turn", "edge", "speed", "help", "quit"}


class ReplayScreen(GameScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_play", "Play/pause", id="replay.play"),
        Binding("f6", "step", "Next move", id="replay.step"),
        Binding("pageup", "turn(-1)", "Turn back", id="replay.back"),
        Binding("pagedown", "turn(1)", "Next turn", id="replay.forward"),
        Binding("home", "edge(0)", "Start", show=False, id="replay.start"),
        Binding("end", "edge(1)", "End", show=False, id="replay.end"),
        Binding("plus,equals_sign", "speed(1)", "Faster", show=False, id="replay.faster"),
        Binding("minus", "speed(-1)", "Slower", show=False, id="replay.slower"),
    ]

    def __init__(self, playback: Playback, lang: str) -> None:
        super().__init__("", playback.players, lang)
        translate_bindings(self, lang)
        self.turn.recorded = True
        self.playback = playback
        self.at = -1  # the frame shown
        self.playing = False
        self.speed = 2  # an index into SPEEDS
        self._timer: Any = None

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#say").styles.visibility = "hidden"  # nobody to talk to
        self.call_after_refresh(self.show_frame, 0)  # once mounted: it takes updates then

    def on_key(self, event: Any) -> None:
        # Not the game screen's answer to a turn key (why it does nothing): the replay's keys
        # are its own, and a key of the table's says so. Esc still leaves the log for the map.
        if event.key == "escape":
            return
        event.prevent_default()
        own = self._replay_keys()
        if event.key not in own and event.key in self._bindings.key_to_bindings:
            event.stop()
            self.notify(say(self.lang, "replay_no_move"))

    def _replay_keys(self) -> set[str]:
        """The keys whose binding runs in a replay (its own, the whole log's)."""
        return {
            key
            for key, bindings in self._bindings.key_to_bindings.items()
            if any(self.check_action(b.action.split("(")[0], ()) for b in bindings)
        }

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The game screen's own keys play nothing here: hidden.
        return action in REPLAY_ACTIONS or action in ("cancel", "show_log")

    # ----- moving through the record ------------------------------------------------------

    def show_frame(self, index: int) -> None:
        """Show the table after frame ``index``: the next frame is added to what is shown; any
        other is rebuilt, its log from the start of the turn before."""
        frames = self.playback.frames
        index = max(0, min(len(frames) - 1, index))
        if index != self.at + 1:
            self.query_one("#log", RichLog).clear()
            starts = [i for i in self.playback.turn_starts() if i <= index]
            first = starts[-2] if len(starts) > 1 else 0
            for i in range(first, index):
                self._take(i)
        self._take(index)
        self.refresh_status()
        if self.at >= len(frames) - 1:
            self._pause()

    def _take(self, index: int) -> None:
        frame = self.playback.frames[index]
        self.at = index
        update = {"view": frame.view, "events": frame.events, "n": frame.n, "away": []}
        self.take_update(update)

    def action_toggle_play(self) -> None:
        if self.playing:
            self._pause()
        else:
            if self.at >= len(self.playback.frames) - 1:
                self.show_frame(0)
            self.playing = True
            self._restart_timer()
        self.refresh_status()

    def _restart_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_interval(1 / SPEEDS[self.speed], self._tick)

    def _tick(self) -> None:
        if self.playing:
            self.show_frame(self.at + 1)

    def _pause(self) -> None:
        self.playing = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.refresh_status()

    def _go(self, index: int) -> None:
        """Show frame ``index``; already there (the record's start or end), say so."""
        index = max(0, min(len(self.playback.frames) - 1, index))
        if index == self.at:
            self.notify(say(self.lang, "replay_at_start" if index == 0 else "replay_at_end"))
        else:
            self.show_frame(index)

    def action_step(self) -> None:
        self._pause()
        self._go(self.at + 1)

    def action_turn(self, by: int) -> None:
        """To the start of the next turn, or back to the start of this one (or the one before
        when already at its start)."""
        self._pause()
        starts = self.playback.turn_starts()
        if by > 0:
            later = [i for i in starts if i > self.at]
            self._go(later[0] if later else len(self.playback.frames) - 1)
        else:
            earlier = [i for i in starts if i < self.at]
            self._go(earlier[-1] if earlier else 0)

    def seek_turn(self, turn: int) -> None:
        """Show the table at the start of turn ``turn``."""
        self._pause()
        frames = self.playback.frames
        index = next((i for i in self.playback.turn_starts() if frames[i].turn >= turn), None)
        self.show_frame(len(frames) - 1 if index is None else index)

    def action_edge(self, end: int) -> None:
        self._pause()
        self._go(len(self.playback.frames) - 1 if end else 0)

    def action_speed(self, by: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))
        if self.playing:
            self._restart_timer()
        self.refresh_status()
        # Said also while paused, when the status line shows no speed; at either end, so.
        edge = {0: "replay_slowest", len(SPEEDS) - 1: "replay_fastest"}.get(self.speed)
        line = say(self.lang, "replay_speed", speed=f"{SPEEDS[self.speed]:g}")
        self.notify(f"{line} {say(self.lang, edge)}" if edge else line)

    # ----- the status line ----------------------------------------------------------------

    def refresh_status(self) -> None:
        bars = self.query(StatusBar)
        if not bars or not self.playback.frames:
            return
        frame = self.playback.frames[max(0, self.at)]
        text = Text()
        text.append(f" {say(self.lang, 'replay_verified')} ", style="bold green")
        where = say(
            self.lang,
            "replay_at",
            turn=frame.turn,
            move=self.at + 1,
            moves=len(self.playback.frames),
        )
        text.append(f" {where} ")
        state = "replay_playing" if self.playing else "replay_paused"
        speed = SPEEDS[self.speed]
        text.append(say(self.lang, state, speed=f"{speed:g}"), style="bold")
        bars.first().show_text(text)
