"""Objectives won by their holder's claim over real sockets: a seat's own client sends the
claim the moment it holds (the host knows it from the act alone), every peer judges it, and
``risk-lan verify`` accepts the record; a false claim is refused with a sentence and changes
nothing; a claim a move made false before it was taken is told so, never blamed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rulebook_helpers import BOARD, position, roll
from test_net_cheating import run

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.client.outcome import Listener
from risk_lan.net.host.actqueue import ActQueue, judged, refusal_when_taken
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.host.seating import Seat
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import Action, ClaimObjective, Game, IllegalAction
from risk_lan.rules.objectives import objectives
from risk_lan.tui.texts.catalogue import refusal


class Refusals(Listener):
    def __init__(self) -> None:
        self.heard: list[tuple[str, str]] = []
        self.moves_seen = 0

    def refused(self, code: str, message: str) -> None:
        self.heard.append((code, message))

    def updated(self, update: dict[str, Any], checked: str) -> None:
        self.moves_seen = update["n"]


def claims_sent(lines: list[str]) -> list[str]:
    return [line for line in lines if "sent by itself: ClaimObjective" in line]


def test_a_clients_own_claim_wins_a_secret_mission_game_and_the_records_verify(
    tmp_path: Path,
) -> None:
    """Games of ``secret-mission`` (two clients, one bot of the host) until one is won by a
    client's objective: its claim came from its own client (the bot plays moves, never the
    claim), every client names the same winner, and the host's record and the winner's seat
    record verify."""
    for attempt in range(8):
        record, seat_records = tmp_path / f"game{attempt}.rec", []
        logs: list[list[str]] = [[], []]
        clients = []
        for i, log in enumerate(logs):
            seat_records.append(tmp_path / f"seat{attempt}-{i}.rec")
            clients.append(
                Client(f"c{i}", ClassicBot(), log=log.append, record=str(seat_records[i]))
            )
        host = Host(HostConfig(seats=3, bots=1, mode="secret-mission", record=str(record)))
        outcomes = asyncio.run(run(host, clients, timeout=120))
        assert all(o is not None and o.error is None for o in outcomes), outcomes
        winner = outcomes[0].winner
        assert all(o.winner == winner for o in outcomes)
        won_by = next((i for i, c in enumerate(clients) if c.seat == winner), None)
        if outcomes[0].reason != "objective" or won_by is None:
            continue
        [claim] = claims_sent(logs[won_by])
        assert "ClaimObjective(objective=" in claim
        assert all(not claims_sent(log) for i, log in enumerate(logs) if i != won_by)
        verdict = verify_record(record)
        assert verdict.ok and verdict.winner == winner, verdict.message
        seat_verdict = verify_record(seat_records[won_by])
        assert seat_verdict.ok and seat_verdict.winner == winner, seat_verdict.message
        return
    raise AssertionError("no game in 8 was won by a client's objective")


def test_the_hosts_bots_claim_for_their_seats(tmp_path: Path) -> None:
    """A seat a bot of the host plays has no client of its own: the host makes its claim
    as that client would, and the game it wins verifies."""
    for attempt in range(8):
        record = tmp_path / f"game{attempt}.rec"
        lines: list[str] = []
        client = Client("c0", ClassicBot(), log=lines.append)
        host = Host(HostConfig(seats=3, bots=2, mode="secret-mission", record=str(record)))
        [outcome] = asyncio.run(run(host, [client], timeout=120))
        assert outcome is not None and outcome.error is None, outcome
        if outcome.reason != "objective" or outcome.winner == client.seat:
            continue
        assert not claims_sent(lines)
        moves = [e["body"] for e in read_record(record) if e["body"]["type"] == "move"]
        assert moves[-1]["seat"] == outcome.winner
        assert moves[-1]["action"]["type"] == "claim_objective"
        verdict = verify_record(record)
        assert verdict.ok and verdict.winner == outcome.winner, verdict.message
        return
    raise AssertionError("no game in 8 was won by a host bot's objective")


class FalseClaimBot(ClassicBot):
    """Plays as the classic bot, but the first time its turn reaches the attack, claims an
    objective it was not dealt."""

    def __init__(self) -> None:
        super().__init__()
        self.claimed: str | None = None
        self.seat: str | None = None

    def choose(self, game: Game, player: str) -> Action:
        if self.claimed is None and game.state.phase == "attack":
            own = game.state.objectives.get(player)
            self.claimed, self.seat = next(o for o in objectives() if o != own), player
            return ClaimObjective(self.claimed)
        return super().choose(game, player)


def test_a_false_claim_over_the_wire_is_refused_with_a_sentence_and_changes_nothing(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.rec"
    heard = Refusals()
    liar = FalseClaimBot()
    clients = [Client("liar", liar, listener=heard), Client("honest", ClassicBot())]
    host = Host(HostConfig(seats=3, bots=1, mode="secret-mission", record=str(record)))
    outcomes = asyncio.run(run(host, clients, timeout=120))
    assert all(o is not None and o.error is None and o.winner for o in outcomes), outcomes
    assert liar.claimed is not None
    assert ("not_your_objective", "that objective is not the one you were dealt") in heard.heard
    for lang in ("en", "fr"):  # the app says it in a sentence, never the code
        said = refusal(lang, "not_your_objective", "")
        assert said and "not_your_objective" not in said
    # Nothing was published for it (no move of the liar's names it: the objective may be
    # another player's, who claims it in its own right), the liar was not expelled (the game
    # went on to its end with both clients), and the record verifies.
    moves = [e["body"] for e in read_record(record) if e["body"]["type"] == "move"]
    claim = ClaimObjective(liar.claimed).to_dict()
    assert not [m for m in moves if m["seat"] == liar.seat and m["action"] == claim]
    verdict = verify_record(record)
    assert verdict.ok and verdict.winner == outcomes[0].winner, verdict.message


def objective_held() -> Game:
    """ann's 24 territories hold her objective; it is bob's turn, attacking from Kamchatka
    (10) ann's Alaska (1), her 24th territory."""
    ids = [t for t in BOARD.territory_ids if t not in ("alaska", "kamchatka")][:23]
    owners = dict.fromkeys([*ids, "alaska"], "ann") | {"kamchatka": "bob"}
    game = position(owners, {"kamchatka": 10}, rules="secret-mission", rest=("bob", "cat"))
    s = game.state
    s.current, s.round = "bob", 5
    s.objectives = {"ann": "territories_24", "bob": "territories_18_two", "cat": "asia_africa"}
    return game


def test_an_out_of_turn_claim_is_checked_on_arrival_then_told_the_game_moved_on() -> None:
    """The act queue takes ann's claim out of turn, checked legal as it arrives; bob's
    conquest of Alaska, taken first, makes it false: the refusal says her objective no
    longer holds, in its own words and code, and blames nothing. A claim never legal is
    refused as false."""
    game = objective_held()
    seat = Seat("ann", "ann", "human")
    action, checked = judged(seat, ClaimObjective("territories_24").to_dict(), game, False,
                             ActQueue(), 0.0)  # fmt: skip
    assert action == ClaimObjective("territories_24") and checked
    roll(game, "kamchatka", "alaska", [6, 6, 6], [1])
    assert game.state.owner["alaska"] == "bob"
    try:
        game.check("ann", action)
    except IllegalAction as e:
        told = refusal_when_taken(e, checked)
        assert (told.code, told.message) == (
            "objective_no_longer_held",
            "your objective no longer holds: a move came first",
        )
        assert refusal_when_taken(e, False).code == "objective_not_held"
        for lang in ("en", "fr"):
            assert refusal(lang, told.code, "") != refusal(lang, "objective_not_held", "")
    else:
        raise AssertionError("a claim that no longer holds was accepted")
    try:
        judged(Seat("cat", "cat", "human"), ClaimObjective("asia_africa").to_dict(), game,
               False, ActQueue(), 0.0)  # fmt: skip
    except IllegalAction as e:
        assert e.code == "objective_not_held"
    else:
        raise AssertionError("a false claim out of turn was taken")
