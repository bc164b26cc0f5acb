"""Clients work out every move's outcome themselves and compare it with the host's word: a
host that reports wrong losses, stops a blitz late, shows wrong armies or a wrong bonus is
caught by every client, and by ``risk-lan verify`` on a seat's record; an honest host's game
verifies the same way, updates included."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from test_net_cheating import run

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.client.outcome import Listener
from risk_lan.net.client.witness import TAKEN
from risk_lan.net.host.broadcaster import Broadcaster
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record


class Checks(Listener):
    def __init__(self) -> None:
        self.said: dict[str, int] = {}

    def updated(self, update: dict[str, Any], checked: str) -> None:
        self.said[checked] = self.said.get(checked, 0) + 1


def test_an_honest_game_is_worked_out_move_by_move_and_its_seat_record_verifies(
    tmp_path: Path,
) -> None:
    checks = Checks()
    record = tmp_path / "seat.rec"
    clients = [
        Client("ann", ClassicBot(), listener=checks, record=str(record)),
        Client("bob", ClassicBot()),
    ]
    outcomes = asyncio.run(run(Host(HostConfig(seats=3, bots=1, mode="mission")), clients))
    assert all(o is not None and o.error is None and o.winner for o in outcomes), outcomes
    # Nearly every update is worked out here; the deal (a shuffle) is taken until the end,
    # and so is a turn's start when it hangs on whether a hidden hand holds a set.
    taken, total = checks.said.get(TAKEN, 0), sum(checks.said.values())
    assert 1 <= taken <= max(3, total // 20), checks.said
    verdict = verify_record(record)
    assert verdict.ok and verdict.winner == outcomes[0].winner, verdict


class Cheat(Broadcaster):
    """Tampers with what the seats are told, once, from move ``AFTER`` on."""

    AFTER = 40
    done = False

    def update(self, seat: str | None, events: list, shared=None) -> dict[str, Any]:
        update = super().update(seat, events)  # its own dicts, to alter
        applied = self.position.applied
        if applied >= self.AFTER and not self.done and self.tamper(update):
            self.cheated_at = applied
        return update

    def broadcast_updates(self, events: list) -> None:
        super().broadcast_updates(events)
        if getattr(self, "cheated_at", None) == self.position.applied:
            self.done = True  # every seat got the same lie

    def tamper(self, update: dict[str, Any]) -> bool:
        raise NotImplementedError


class WrongLosses(Cheat):
    def tamper(self, update: dict[str, Any]) -> bool:
        for event in update["events"]:
            if event["type"] == "battle" and event["defender_losses"] == 0:
                event["defender_losses"] = 1
                return True
        return False


class LateBlitzStop(Cheat):
    """A blitz reported with one battle more than its stop allows."""

    def tamper(self, update: dict[str, Any]) -> bool:
        battles = [e for e in update["events"] if e["type"] == "battle"]
        if len(battles) < 2:
            return False
        at = update["events"].index(battles[-1]) + 1
        update["events"].insert(at, dict(battles[-1]))
        return True


class WrongArmies(Cheat):
    def tamper(self, update: dict[str, Any]) -> bool:
        view = update["view"]
        territory = next(iter(view["armies"]))
        view["armies"] = {**view["armies"], territory: view["armies"][territory] + 3}
        return True


class WrongBonus(Cheat):
    """A turn's reinforcements with two armies of continent bonus too many."""

    def tamper(self, update: dict[str, Any]) -> bool:
        started = [e for e in update["events"] if e["type"] == "turn_started"]
        if not started:
            return False
        update["view"] = {**update["view"], "pool": update["view"]["pool"] + 2}
        return True


@pytest.mark.parametrize(
    "cheat, says",
    [
        (WrongLosses, "defender losses"),
        (LateBlitzStop, "events where the moves give"),
        (WrongArmies, "the armies on"),
        (WrongBonus, "pool"),
    ],
)
def test_a_host_misreporting_an_outcome_is_caught_by_every_client_and_by_verify(
    tmp_path: Path, cheat: type[Cheat], says: str
) -> None:
    class CheatingGame(HostGame):
        broadcaster_class = cheat

    class CheatingHost(Host):
        match_class = CheatingGame

    records = [tmp_path / "ann.rec", tmp_path / "bob.rec"]
    clients = [
        Client("ann", ClassicBot(), record=str(records[0])),
        Client("bob", ClassicBot(), record=str(records[1])),
    ]
    outcomes = asyncio.run(run(CheatingHost(HostConfig(seats=3, bots=1)), clients))
    for outcome in outcomes:
        assert outcome is not None and outcome.culprit == "host", outcome
        assert "wrong_outcome" in outcome.error and says in outcome.error, outcome
    # The seat's record holds the update the client refused: verify finds it as it did,
    # unfinished as the game is.
    verdict = verify_record(records[0])
    assert not verdict.ok and verdict.culprit == "host", verdict
    assert "wrong_outcome" in verdict.message and says in verdict.message, verdict


def test_a_deal_that_is_not_the_shuffles_is_caught_when_the_secret_is_out(tmp_path: Path) -> None:
    """What a shuffle decided is taken on the host's word during the game, and checked
    against the host's secret at the end: a deal shown otherwise is caught there."""

    class MovedDealBroadcaster(Broadcaster):
        moved = False

        def broadcast_updates(self, events: list) -> None:
            if not self.moved:
                self.moved = True
                s = self.position.game.state
                first = next(t for t in s.board.territory_ids if s.owner[t] == s.players[0])
                s.armies[first] += 1  # an army placed for free
                s.setup_left[s.players[0]] -= 1
            super().broadcast_updates(events)

    class MovedDeal(HostGame):
        broadcaster_class = MovedDealBroadcaster

    class MovedDealHost(Host):
        match_class = MovedDeal

    clients = [Client("ann", ClassicBot()), Client("bob", ClassicBot())]
    outcomes = asyncio.run(run(MovedDealHost(HostConfig(seats=3, bots=1, mode="mission")), clients))
    for outcome in outcomes:
        assert outcome is not None and outcome.culprit == "host", outcome
        assert "at the end" in outcome.error, outcome


class OtherToken(Cheat):
    """A sealed game's card drawn, named to its drawer as another token than the deck's."""

    AFTER = 1

    def tamper(self, update: dict[str, Any]) -> bool:
        for event in update["events"]:
            card = event.get("card") if event["type"] == "card_drawn" else None
            if isinstance(card, str) and card.startswith("?"):
                event["card"] = f"?{int(card[1:]) + 1}"
                return True
        return False


def test_a_sealed_card_named_as_another_token_is_caught_at_the_end() -> None:
    """A sealed game's client works out every move itself, its cards' tokens included, so
    it replays nothing at the end; but a token the host named otherwise than the deck gave
    is kept for the end's check, which catches it."""

    class CheatingGame(HostGame):
        broadcaster_class = OtherToken

    class CheatingHost(Host):
        match_class = CheatingGame

    clients = [Client("ann", ClassicBot()), Client("bob", ClassicBot())]
    host = CheatingHost(HostConfig(seats=3, bots=1, sealed=True))
    outcomes = asyncio.run(run(host, clients))
    caught = [o for o in outcomes if o is not None and o.error is not None]
    assert caught, outcomes
    for outcome in caught:
        assert outcome.culprit == "host", outcome
        assert "cards the deck did not give" in outcome.error, outcome


class BrokenBot(ClassicBot):
    """Fails on its tenth choice, as a bug of the app's own would."""

    choices = 0

    def choose(self, game, seat):
        self.choices += 1
        if self.choices == 10:
            raise IndexError("a bug in this bot")
        return super().choose(game, seat)


def test_a_failure_of_the_clients_own_bot_is_its_own_and_blames_no_one() -> None:
    clients = [Client("ann", BrokenBot()), Client("bob", ClassicBot())]
    outcomes = asyncio.run(run(Host(HostConfig(seats=3, bots=1, absent_after=5)), clients, 120))
    broken = outcomes[0]
    assert broken is not None and broken.culprit is None, broken
    assert broken.error.startswith("local_failure: IndexError"), broken
    assert broken.log is not None and "a bug in this bot" in Path(broken.log).read_text()
    # The table plays on without it: its seat goes to a bot of the host after a while.
    assert outcomes[1] is not None and outcomes[1].error is None and outcomes[1].winner


class LeavingBeforeItReveals(Client):
    """Drops its connection when roll 6 is announced, before revealing for it: the others
    are told it is away while that roll waits."""

    left = False

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        if body["type"] == "reveal" and body["roll"] == 6 and not self.left:
            assert self.conn is not None
            self.left = True
            self.conn.abort()
            return self.kept.identity.sign(self.seat, body)  # lost with the connection
        return super()._send_signed(body)


class Heard(Listener):
    def __init__(self) -> None:
        self.away_during_roll = 0
        self.last_n = 0

    def updated(self, update: dict[str, Any], checked: str) -> None:
        if update["away"] and update["n"] == self.last_n:
            self.away_during_roll += 1
        self.last_n = update["n"]


def test_an_update_sent_while_a_roll_waits_tells_the_moves_played() -> None:
    """An update sent while a move waits for its roll (a player left, say) is numbered by
    the last move played: its view is the state after that move, which the clients check."""
    heard = Heard()
    clients = [
        LeavingBeforeItReveals("ann", ClassicBot()),
        Client("bob", ClassicBot(), listener=heard),
    ]
    outcomes = asyncio.run(run(Host(HostConfig(seats=3, bots=1)), clients, 120))
    assert all(o is not None and o.error is None and o.winner for o in outcomes), outcomes
    assert clients[0].left and heard.away_during_roll >= 1
