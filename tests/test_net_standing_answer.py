"""The standing answer (F7) under «risques calculés», over real sockets: whether the defender
lays the attacked territory's card hangs on a hand only it sees, so its own client lays it
in the act it signs, and no peer works out another battle than the host's.

Before, the host laid the card for the defender from its hidden hand: three clients that set
F7 at the start all stopped at the first such attack, blaming the honest host."""

from __future__ import annotations

import asyncio
from pathlib import Path

from test_net_games import play_mode

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.client.outcome import Listener
from risk_lan.net.client.standinganswer import StandingAnswers
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import Game, GameState, SetAutoDefend


class StandingBot(ClassicBot):
    """A bot whose player set a standing answer at the start, as F7 does in the app."""

    def opening(self, game: Game, player: str) -> list:
        return [SetAutoDefend(game.rules.defender_max_dice)]


def test_clients_with_a_standing_answer_lay_their_cards_and_agree(tmp_path: Path) -> None:
    record = tmp_path / "game.rec"
    clients, _ = play_mode("revised", 3, 0, record, StandingBot)
    answers = [e for u in clients[0].updates for e in u["events"] if e["type"] == "answered"]
    assert answers and all(e["auto"] for e in answers)
    verdict = verify_record(record)
    assert verdict.ok, verdict.message


class Person(Listener):
    """A player at the app: it sets F7 at the start and plays its turns (as the bot would
    choose them), but never answers a commitment itself: its standing answer does."""

    def __init__(self) -> None:
        self.client: Client | None = None
        self.bot = ClassicBot()
        self.moved_at = -1
        self.answered: list[dict] = []

    def updated(self, update: dict, checked: str) -> None:
        client = self.client
        assert client is not None
        self.answered += [e for e in update["events"] if e["type"] == "answered"]
        if self.moved_at < 0:
            client.act(SetAutoDefend(2))
            self.moved_at = 0
        game = Game(GameState.from_view(update["view"]))
        if update["waiting"] != client.seat or game.phase in ("defend", "over"):
            return
        if update["n"] > self.moved_at and not client.queued and not client.outstanding:
            self.moved_at = update["n"]
            client.act(self.bot.choose(game, client.seat))

    def refused(self, code: str, message: str) -> None:
        raise AssertionError(f"refused: {code}: {message}")  # a person's app never is here


def test_a_persons_standing_answer_is_given_by_its_own_client(tmp_path: Path) -> None:
    """No bot plays the seat: the client itself answers every commitment on it, laying the
    card where the hand holds it, and the game finishes with no one blamed."""
    record = tmp_path / "game.rec"

    async def game() -> tuple[Person, object]:
        # No bot ever takes the seat: only the person's client can answer for it.
        config = HostConfig(seats=2, bots=1, mode="revised", record=str(record), absent_after=None)
        host = Host(config)
        port = await host.serve("127.0.0.1", 0)
        person = Person()
        person.client = Client("ann", listener=person)
        try:
            outcome = await asyncio.wait_for(person.client.run("127.0.0.1", port), 60)
        finally:
            await host.close()
        return person, outcome

    person, outcome = asyncio.run(game())
    assert outcome.error is None and outcome.winner, outcome
    mine = [e for e in person.answered if e["player"] == person.client.seat]
    assert mine and all(e["auto"] for e in mine), mine
    assert verify_record(record).ok


def test_a_standing_answer_is_given_once_for_each_commitment() -> None:
    """The update asking it comes again when a roll is cancelled (another seat taken over):
    the answer sent already is made again under the next roll, never sent twice."""
    from rulebook_helpers import act, position

    from risk_lan.rules import CLASSIC, Answer, Commit

    rules = CLASSIC.with_options(name="calculated-test", combat="calculated", army_cap=12,
                                 income_table="revised")  # fmt: skip
    owners = {"peru": "ann", "brazil": "bob", "argentina": "bob", "venezuela": "ann"}
    game = position(owners, {"peru": 10, "brazil": 6}, rules=rules, rest="cat",
                    hands={"bob": ["egypt", "brazil"]})  # fmt: skip
    game.state.auto_defend["bob"] = 2
    act(game, "ann", Commit("peru", "brazil", 3))
    view = game.state.view_for("bob")
    standing = StandingAnswers()
    assert standing.due(game.state.view_for("cat"), "cat", 7) is None
    assert standing.due(view, "bob", 7) == Answer(6, True)  # all the armies, and the card
    assert standing.due(view, "bob", 7) is None
    assert standing.due(view, "bob", 8) == Answer(6, True)
