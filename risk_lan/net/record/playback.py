"""A recorded game as a sequence of frames to play back: after each move, the public view of
the table and the public events of that move, as a spectator would have seen them.

The record is verified first (``verify``); only a record that verifies is played back, so
every frame is a state the rules and the fair dice gave.

A sealed game's frames show its hidden cards as tokens (``?17``), as every peer saw them;
once it was won, every party's secret is out and every token is read, so the frames of a
finished game show each card where it was, hands included. A game stopped before its end
shows tokens only: its cards were never read by anyone but their holders.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from risk_lan.net.record.broadcastcheck import GameReplay
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import Verdict, closing_secret, verify_record


@dataclass
class Frame:
    n: int  # the move's number
    turn: int
    packed_view: bytes  # as a spectator sees the table after the move, packed: a game of
    events: list[dict[str, Any]]  # thousands of moves stays a few MB, not a hundred

    @classmethod
    def of(cls, n: int, turn: int, view: dict[str, Any], events: list[dict[str, Any]]) -> Frame:
        return cls(n, turn, msgpack.packb(view), events)

    @property
    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = msgpack.unpackb(self.packed_view)
        return view


@dataclass
class Playback:
    verdict: Verdict
    players: list[dict[str, Any]] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)

    def turn_starts(self) -> list[int]:
        """The index of the frame that starts each turn, in order."""
        starts, seen = [], set()
        for i, frame in enumerate(self.frames):
            if frame.turn not in seen:
                seen.add(frame.turn)
                starts.append(i)
        return starts


def load(path: str | Path) -> Playback:
    """The record at ``path`` checked, and, when it verifies, its frames."""
    verdict = verify_record(path)
    if not verdict.ok:
        return Playback(verdict)
    entries = list(read_record(path))
    if entries and entries[0].get("type") == "seat":
        return Playback(Verdict(False, "a player's record: play back the host's record"))
    replay = GameReplay(closing_secret(entries), signatures="none")
    frames: list[Frame] = []
    played = None
    for entry in entries:
        replay.feed(entry)
        if replay.game is None or replay.last_played is None or replay.last_played is played:
            continue
        played = replay.last_played
        n, events = played
        game = replay.game
        frames.append(
            Frame.of(
                n,
                game.state.turn,
                game.view(None),
                [e.seen_by(None).to_dict() for e in events or []],
            )
        )
    if replay.cards_read:
        frames = [_read(frame, replay.cards_read) for frame in frames]
    return Playback(verdict, list(replay.start.get("players", [])), frames)


def _read(frame: Frame, cards: dict[str, str]) -> Frame:
    """``frame`` with each token of the sealed deck its card, as the end read them."""
    return Frame.of(frame.n, frame.turn, _named(frame.view, cards), _named(frame.events, cards))


def _named(value: Any, cards: dict[str, str]) -> Any:
    if isinstance(value, str):
        return cards.get(value, value)
    if isinstance(value, list):
        return [_named(v, cards) for v in value]
    if isinstance(value, dict):
        return {k: _named(v, cards) for k, v in value.items()}
    return value
