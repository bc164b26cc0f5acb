"""Re-check a game record offline: every signature, commitment and reveal, then the whole
game replayed through the engine with the dice and shuffles the record implies
(``replay.GameReplay``). Reveals' signatures are checked where the clients check them: at
each checkpoint and at a normal end (a reveal's link proves its author; its signature
vouches for its `seen`). A game its host resumed after a restart is one game here: its
record is one stream, as every client saw it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import commit_secret
from protocol.messages import HOST_MESSAGES, validate
from risk_lan.net.record import read_record
from risk_lan.net.replay import GameReplay


@dataclass
class Verdict:
    ok: bool
    message: str
    culprit: str | None = None
    moves: int = 0
    rolls: int = 0
    winner: str | None = None
    transcript: str = ""


def verify_record(path: str | Path) -> Verdict:
    """Check the record; the verdict names the first thing that fails, where, and whom it
    blames. Nothing in the file, however damaged, makes it raise."""
    try:
        envelopes = list(read_record(path))
    except ProtocolError as e:
        return Verdict(False, f"{e.code}: {e.message}", e.culprit)
    except OSError as e:
        return Verdict(False, f"cannot read the record: {e.strerror or e}")
    replay: GameReplay | None = None
    try:
        replay = GameReplay(_closing_secret(envelopes))
        for envelope in envelopes:
            replay.feed(envelope)
        return _verdict(replay)
    except ProtocolError as e:
        where = f"message {replay.count + 1}: " if replay is not None else ""
        return Verdict(False, f"{where}{e.code}: {e.message}", e.culprit)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        where = f"message {replay.count + 1}" if replay is not None else "the record"
        return Verdict(False, f"{where} is malformed ({type(e).__name__})", "host")


def _closing_secret(envelopes: list[dict[str, Any]]) -> bytes:
    """The host's secret, from the record's last message, checked against the commitment
    of its first: the shuffles of the whole game need it."""
    if not envelopes:
        raise ProtocolError("empty", "the record holds no messages")
    first, last = envelopes[0].get("body"), envelopes[-1].get("body")
    if not isinstance(last, dict) or last.get("type") != "over":
        raise ProtocolError("unfinished", "the record does not end with the game's end")
    over = validate(last, HOST_MESSAGES)
    if not isinstance(first, dict) or commit_secret(str(first.get("game")), over["secret"]) != (
        first.get("secret_commit")
    ):
        raise ProtocolError("bad_secret", "the host's secret does not match its commitment", "host")
    return over["secret"]


def _verdict(replay: GameReplay) -> Verdict:
    over = replay.over
    assert over is not None and replay.transcript is not None
    code = replay.transcript.code
    if replay.game is None and over["winner"] is None:
        return Verdict(
            True, f"the game was stopped before it began: {over['reason']}", transcript=code
        )
    counts = f"{replay.moves} moves, {replay.rolls} rolls"
    if over["winner"] is None:
        return Verdict(
            True,
            f"every move, roll and draw verifies ({counts}); the game was stopped: "
            f"{over['reason']}",
            moves=replay.moves,
            rolls=replay.rolls,
            transcript=code,
        )
    winner = replay.game.winner if replay.game else None
    if over["winner"] != winner:
        raise ProtocolError(
            "wrong_winner", f"the record names {over['winner']}, play gave {winner}", "host"
        )
    return Verdict(
        True,
        f"every move, roll and draw verifies: {counts}, winner {winner}",
        moves=replay.moves,
        rolls=replay.rolls,
        winner=winner,
        transcript=code,
    )
