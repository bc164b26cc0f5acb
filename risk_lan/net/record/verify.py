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
from risk_lan.net.client.witness import Witness
from risk_lan.net.record.broadcastcheck import GameReplay
from risk_lan.net.record.expulsion import said
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.updates import received_view


@dataclass
class Verdict:
    ok: bool
    message: str
    culprit: str | None = None
    moves: int = 0
    rolls: int = 0
    winner: str | None = None
    transcript: str = ""
    expelled: dict[str, str] | None = None  # by seat, why (``fairness.EXPULSIONS``)


def verify_record(path: str | Path) -> Verdict:
    """Check the record; the verdict names the first thing that fails, where, and whom it
    blames. Nothing in the file, however damaged, makes it raise."""
    try:
        envelopes = list(read_record(path))
    except ProtocolError as e:
        return Verdict(False, f"{e.code}: {e.message}", e.culprit)
    except OSError as e:
        return Verdict(False, f"cannot read the record: {e.strerror or e}")
    at = 0  # entries of the record taken in
    entries = envelopes
    try:
        if envelopes and envelopes[0].get("type") == "seat":
            replay: GameReplay = _seat_replay(envelopes[0])
            entries = envelopes[1:]
        else:
            at = len(envelopes)  # the secret comes from the last entry: said of it if it fails
            replay, entries = GameReplay(closing_secret(envelopes)), envelopes
            at = 0
        for entry in entries:
            at += 1
            _take(replay, entry)
        if replay.over is None:
            raise ProtocolError("unfinished", "the record does not end with the game's end")
        verdict = _verdict(replay)
        if replay.expelled:
            names = {p["seat"]: p["name"] for p in replay.start["players"]}
            verdict.message += "; " + said(replay.expelled, names)
            verdict.expelled = dict(replay.expelled)
        return verdict
    except ProtocolError as e:
        return Verdict(False, f"{_where(entries, at)}{e.code}: {e.message}", e.culprit)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        return Verdict(False, f"{_where(entries, at)}malformed ({type(e).__name__}: {e})", "host")
    except Exception as e:  # a fault of this checker's own, not of the record
        return Verdict(False, f"{_where(entries, at)}this checker failed ({type(e).__name__}: {e})")


class SeatReplay(Witness):
    """A seat's record, checked as its client did as it played: every broadcast, every
    update against the seat's own working-out of the moves, and at the end what was taken
    on trust against the host's secret."""

    def __init__(self, seat: str, key: bytes, watching: bool = False) -> None:
        super().__init__("", b"", seat, key, watching)
        self.welcome = None  # the record has no welcome: its start says which game
        self.updates = 0  # the seat's updates checked

    def entry(self, entry: dict[str, Any]) -> None:
        kind = entry.get("type")
        if kind == "signed":
            self.take(entry, {})
        elif kind == "update":
            validate(entry, HOST_MESSAGES)
            received_view(entry, None)  # a seat's record keeps each whole view it rebuilt
            self.update(entry)
            self.updates += 1
        else:
            raise ProtocolError("malformed", f"a {kind!r} in a seat's record")
        self.check_signatures()


def _seat_replay(header: dict[str, Any]) -> GameReplay:
    """A seat's record (``join --record``, a spectator's too): checked as its client checked
    it as it played, its updates included."""
    seat, key = header.get("seat"), header.get("key")
    if not isinstance(seat, str) or not isinstance(key, bytes):
        raise ProtocolError("malformed", "the seat record's header names no seat and key")
    return SeatReplay(seat, key, header.get("watching") is True)


def _take(replay: GameReplay, entry: Any) -> None:
    if isinstance(replay, SeatReplay):
        replay.entry(entry)
    else:
        replay.feed(entry)


def _where(entries: list[dict[str, Any]], at: int) -> str:
    """Which entry failed: its place in the record and what it is."""
    if at == 0:
        return ""
    entry = entries[at - 1] if at <= len(entries) else {}
    body = entry.get("body") if isinstance(entry.get("body"), dict) else entry
    kind = body.get("type") if isinstance(body, dict) else None
    n = body.get("n") if isinstance(body, dict) else None
    what = f"{kind} {n}" if isinstance(kind, str) and isinstance(n, int) else str(kind or "?")
    return f"message {at} ({what}): "


def closing_secret(envelopes: list[dict[str, Any]]) -> bytes:
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
    secret: bytes = over["secret"]  # validated as bytes
    return secret


def _verdict(replay: GameReplay) -> Verdict:
    over = replay.over
    assert over is not None and replay.transcript is not None
    code = replay.transcript.code
    if replay.game is None and over["winner"] is None:
        return Verdict(
            True, f"the game was stopped before it began: {over['reason']}", transcript=code
        )
    counts = f"{replay.moves} moves, {replay.rolls} rolls"
    if replay.cards_read:
        counts += f", every sealed card read ({len(replay.cards_read)})"
    if isinstance(replay, SeatReplay):
        counts += f", {replay.updates} updates to {replay.seat}"
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
    hidden_win = over["reason"] == "objective" and replay.game and not replay.game.is_over
    if isinstance(replay, SeatReplay) and (replay.game is None or replay.unknown or hidden_win):
        # A seat given no update since a shuffle (its program restarted while a bot of the
        # host played the seat to the end), or none after a win by an objective it could
        # not see (the game ended as it caught up), cannot work the winner out on its own;
        # the end's check replayed the whole game with the host's secret and found the
        # winner named.
        winner = over["winner"]
    if over["winner"] != winner:
        raise ProtocolError(
            "wrong_winner", f"the record names {over['winner']}, play gave {winner}", "host"
        )
    # The winner by its name at the table (the record's), its seat after it.
    names = {p.get("seat"): p.get("name") for p in replay.start.get("players", [])}
    named = f"{names[winner]} ({winner})" if names.get(winner) else winner
    return Verdict(
        True,
        f"every move, roll and draw verifies: {counts}, winner {named}",
        moves=replay.moves,
        rolls=replay.rolls,
        winner=winner,
        transcript=code,
    )
