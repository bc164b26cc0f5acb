"""Re-check a game record offline: every signature, commitment and reveal, then the whole
game replayed through the engine with the dice and shuffles the record implies. Reveals'
signatures are checked where the clients check them: at each checkpoint and at a normal
end (a reveal's link proves its author; its signature vouches for its `seen`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import ChainVerifier, RollSource, commit_secret, roll_seed
from protocol.framing import pack
from protocol.messages import CHECKPOINT, CLIENT_MESSAGES, HOST_MESSAGES, validate
from protocol.signing import verify
from protocol.transcript import Transcript
from risk_lan.net.record import read_record
from risk_lan.rules import Game, IllegalAction, action_from_dict


@dataclass
class Verdict:
    ok: bool
    message: str
    culprit: str | None = None
    moves: int = 0
    rolls: int = 0
    winner: str | None = None
    transcript: str = ""


class _NoChance:
    def dice(self, count: int, sides: int = 6) -> list[int]:
        raise ProtocolError("no_roll", "a move used the dice without a roll", "host")

    def permutation(self, n: int) -> list[int]:
        raise ProtocolError("no_roll", "a move shuffled without a roll", "host")


def verify_record(path: str | Path) -> Verdict:
    """Check the record; the verdict names the first thing that fails and whom it blames."""
    try:
        envelopes = list(read_record(path))
        return _check(envelopes)
    except ProtocolError as e:
        return Verdict(False, f"{e.code}: {e.message}", e.culprit)
    except OSError as e:
        return Verdict(False, f"cannot read the record: {e}")


def _host_body(
    envelope: dict[str, Any], key: bytes, kind: str, prev: bytes | None
) -> dict[str, Any]:
    """The body of the host's ``kind`` broadcast, its signature checked against the history
    before it (``prev`` None: not yet, for the closing message read ahead)."""
    if prev is None:
        body = validate(envelope.get("body"), HOST_MESSAGES)
    else:
        body = validate(verify(envelope, key, prev), HOST_MESSAGES)
    if envelope.get("from") != "host" or body["type"] != kind:
        raise ProtocolError("out_of_order", f"expected the host's {kind!r}", "host")
    return body


def _check(envelopes: list[dict[str, Any]]) -> Verdict:
    if not envelopes:
        raise ProtocolError("empty", "the record holds no messages")
    start = envelopes[0]
    opening = start.get("body") if isinstance(start.get("body"), dict) else {}
    keys = opening.get("keys", {})
    host_key = keys.get("host") if isinstance(keys, dict) else None
    if not isinstance(host_key, bytes):
        raise ProtocolError("malformed", "the record does not open with the host's start")
    game_id = opening.get("game")
    if not isinstance(game_id, str):
        raise ProtocolError("malformed", "the record's start names no game")
    transcript = Transcript(game_id)
    body = _host_body(start, host_key, "start", transcript.hash)
    contributors = body["contributors"]
    seats = [p["seat"] for p in body["players"]]
    humans = {p["seat"] for p in body["players"] if p["kind"] == "human"}
    transcript.add(start)

    over = _host_body(envelopes[-1], host_key, "over", None)  # its signature: at the end
    if commit_secret(game_id, over["secret"]) != body["secret_commit"]:
        raise ProtocolError("bad_secret", "the host's secret does not match its commitment", "host")
    secret = over["secret"]
    if len(envelopes) == 2:
        _host_body(envelopes[1], host_key, "over", transcript.hash)
        transcript.add(envelopes[1])
        return Verdict(
            True,
            f"the game was stopped before it began: {over['reason']}",
            transcript=transcript.code,
        )

    commits = _host_body(envelopes[1], host_key, "commits", transcript.hash)
    transcript.add(envelopes[1])
    tips = {}
    for env, who in zip(commits["envelopes"], contributors, strict=True):
        inner = validate(verify(env, keys[who]), CLIENT_MESSAGES)
        if env["from"] != who or inner["type"] != "commit" or inner["game"] != game_id:
            raise ProtocolError("bad_commit", f"{who}'s commitment is not for this game", who)
        tips[who] = inner["tip"]
    chains = ChainVerifier(game_id, tips)

    game: Game | None = None
    last_reveals: list[tuple[str, dict[str, Any]]] = []  # the latest roll's, by contributor
    moves = rolls = 0
    i = 2
    taken: set[str] = set()
    while i < len(envelopes) - 1:
        move_env = envelopes[i]
        peek = move_env.get("body") if isinstance(move_env.get("body"), dict) else {}
        if peek.get("type") == "takeover":
            takeover = _host_body(move_env, host_key, "takeover", transcript.hash)
            transcript.add(move_env)
            i += 1
            if takeover["seat"] in contributors:
                contributors = [c for c in contributors if c != takeover["seat"]]
            taken.add(takeover["seat"])
            continue
        move = _host_body(move_env, host_key, "move", transcript.hash)
        transcript.add(move_env)
        seen = transcript.hash
        i += 1
        source: Any = _NoChance()
        if move["roll"] is not None:
            if i == len(envelopes) - 1 and over["winner"] is None:
                break  # the game stopped while this roll waited for its reveals
            nxt = envelopes[i].get("body") if isinstance(envelopes[i].get("body"), dict) else {}
            if nxt.get("type") == "takeover":
                continue  # the roll was cancelled: the move is made again on a later roll
            reveals_env = envelopes[i]
            reveals = _host_body(reveals_env, host_key, "reveals", transcript.hash)
            transcript.add(reveals_env)
            i += 1
            if reveals["roll"] != move["roll"]:
                raise ProtocolError("out_of_order", f"reveals for roll {reveals['roll']}", "host")
            links = []
            for env, who in zip(reveals["envelopes"], contributors, strict=True):
                # The chain check below is what proves a reveal's author.
                inner = validate(env.get("body"), CLIENT_MESSAGES)
                if inner["seen"] != seen:
                    raise ProtocolError("equivocation", f"{who} saw another history", "host")
                if env["from"] != who or inner["game"] != game_id or inner["roll"] != move["roll"]:
                    raise ProtocolError("bad_reveal", f"{who}'s reveal is not for this roll", who)
                chains.accept(who, move["roll"], inner["link"])
                links.append(inner["link"])
            last_reveals = list(zip(contributors, reveals["envelopes"], strict=True))
            if move["roll"] % CHECKPOINT == 0:
                _confirm_reveals(last_reveals, keys)
            source = RollSource(roll_seed(game_id, move["roll"], pack(move), links), secret)
            rolls += 1
        if game is None:
            if move["action"].get("type") != "start_game":
                raise ProtocolError("out_of_order", "the first move must start the game", "host")
            colours = {p["seat"]: p["colour"] for p in body["players"]}
            try:
                game, _ = Game.new(seats, source, body["rules"], colours=colours)
            except ValueError as e:
                raise ProtocolError("bad_start", f"the game cannot start: {e}", "host") from None
            continue
        if not (move["seat"] in taken and move["request"] is None):
            _check_request(move, keys, humans, game_id)
        game.source = source
        try:
            game.apply(move["seat"], action_from_dict(move["action"]))
        except IllegalAction as e:
            raise ProtocolError(
                "illegal_move", f"move {move['n']} was illegal ({e.code})", "host"
            ) from None
        moves += 1
    _host_body(envelopes[-1], host_key, "over", transcript.hash)
    transcript.add(envelopes[-1])
    if over["winner"] is not None:
        _confirm_reveals(last_reveals, keys)  # the stretch since the last checkpoint
    winner = game.winner if game else None
    if over["winner"] is None and over["reason"] != "world":
        return Verdict(
            True,
            f"every move, roll and draw verifies ({moves} moves, {rolls} rolls); the game was "
            f"stopped: {over['reason']}",
            moves=moves,
            rolls=rolls,
            transcript=transcript.code,
        )
    if over["winner"] != winner:
        raise ProtocolError(
            "wrong_winner", f"the record names {over['winner']}, play gave {winner}", "host"
        )
    return Verdict(
        True,
        f"every move, roll and draw verifies: {moves} moves, {rolls} rolls, winner {winner}",
        moves=moves,
        rolls=rolls,
        winner=winner,
        transcript=transcript.code,
    )


def _confirm_reveals(reveals: list[tuple[str, dict[str, Any]]], keys: dict[str, bytes]) -> None:
    """The signatures of a checkpoint's reveals, each peer's own word for the history it had
    seen, as the clients check them (fairness.md). The host checks them before relaying them,
    so a bad one is the host's doing."""
    for who, envelope in reveals:
        try:
            verify(envelope, keys[who])
        except ProtocolError:
            raise ProtocolError(
                "bad_signature", f"the host relayed a reveal {who} did not sign", "host"
            ) from None


def _check_request(
    move: dict[str, Any], keys: dict[str, bytes], humans: set[str], game_id: str
) -> None:
    """A human seat's move must carry that player's own signed request for exactly it."""
    seat, request = move["seat"], move["request"]
    if seat not in humans:
        if request is not None:
            raise ProtocolError("bad_request", f"move {move['n']} carries a stray request", "host")
        return
    if request is None or request.get("from") != seat:
        raise ProtocolError(
            "forged_move", f"move {move['n']} was never asked for by {seat}", "host"
        )
    asked = validate(verify(request, keys[seat]), CLIENT_MESSAGES)
    if asked["type"] != "act" or asked["game"] != game_id or asked["action"] != move["action"]:
        raise ProtocolError("forged_move", f"move {move['n']} is not what {seat} asked", "host")
