"""The strict wire, over real sockets against a live host: a client's envelope is checked as
exactly as its body, and the host relays only what it rebuilt from checked parts; each client
message has a size that keeps the host's within a frame; an act is taken only in its
canonical form; acts and chat lines have an allowance per seat; peers' texts hold no control
characters and are never read as markup. Whatever one client sends, the others play on, the
record verifies, and nobody else is blamed."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_net_cheating import run
from tui_helpers import scenario_host, set_position, until

from protocol.errors import ProtocolError
from protocol.framing import HEADER, MAX_FRAME, encode, pack, plain
from protocol.messages import (
    HOST_MESSAGES,
    MAX_CONTRIBUTORS,
    MAX_PACKED,
    PROTOCOL_VERSION,
    check_size,
    validate,
    validate_envelope,
)
from protocol.signing import Identity
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client, Listener
from risk_lan.net.discovery import FoundGame
from risk_lan.net.host.allowance import ACT_BURST, CHAT_BURST, IN_FLIGHT
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import IllegalAction, TradeCards
from risk_lan.rules.actions import action_from_wire
from risk_lan.tui.texts.catalogue import refusal
from risk_lan.tui.texts.stop_reasons import why_stopped

GAME = "0123456789abcdef"


class Heard(Listener):
    """What a client was told besides the game: refusals and chat."""

    def __init__(self) -> None:
        self.refusals: list[str] = []
        self.chat_lines: list[tuple[str, str]] = []

    def refused(self, code: str, message: str) -> None:
        self.refusals.append(code)

    def chat(self, seat: str, name: str, text: str) -> None:
        self.chat_lines.append((name, text))


Mangle = Callable[[Client, dict[str, Any]], list[dict[str, Any]]]


class Meddler(Client):
    """Plays with its bot, but the first time it would send an act ``when`` picks, sends what
    ``mangle`` makes of it instead; its bot chooses again once that is refused."""

    def __init__(
        self, name: str, mangle: Mangle, when: Callable[[Any], bool] = lambda action: True
    ) -> None:
        self.heard = Heard()
        super().__init__(name, ClassicBot(), listener=self.heard)
        self.mangle, self.when, self.meddled = mangle, when, False

    def signed_act(self, action: dict[str, Any]) -> dict[str, Any]:
        self.kept.seq += 1
        body = {"type": "act", "game": self.game_id, "seq": self.kept.seq, "action": action}
        return self.identity.sign(self.seat, body)

    def _send_act(self, action: Any) -> None:
        if self.meddled or not self.when(action):
            super()._send_act(action)
            return
        self.meddled = True
        self.outstanding += 1  # refused: the bot then chooses again
        assert self.conn is not None
        for message in self.mangle(self, self.signed_act(action.to_dict())):
            self.conn.send(message)


def honest(name: str) -> Client:
    return Client(name, ClassicBot(), listener=Heard())


async def play_with(
    cheat: Client, tmp_path: Path, seats: int = 3, bots: int = 1
) -> tuple[list[Any], list[str], Host]:
    """A whole game of ``cheat`` and honest bot clients, with its record; every client's
    outcome and the host's log."""
    lines: list[str] = []
    record = tmp_path / "game.rec"
    host = Host(HostConfig(seats=seats, bots=bots, log=lines.append, record=str(record)))
    others = [honest(f"h{i}") for i in range(seats - bots - 1)]
    outcomes = await run(host, [cheat, *others])
    return outcomes, lines, host


def assert_nobody_else_paid(outcomes: list[Any], lines: list[str], tmp_path: Path) -> None:
    """Every client saw the game won, no one was blamed, and the record verifies."""
    assert all(o is not None and o.error is None and o.culprit is None for o in outcomes), outcomes
    assert {o.winner for o in outcomes} == {outcomes[0].winner} and outcomes[0].winner
    assert not any("stopped" in line for line in lines), [x for x in lines if "stopped" in x]
    verdict = verify_record(tmp_path / "game.rec")
    assert verdict.ok, verdict.message


def nested(depth: int) -> Any:
    value: Any = "deep"
    for _ in range(depth):
        value = {"a": value}
    return value


# ----- the schema of an envelope, and of an act's action ---------------------------------


def act_envelope(action: dict[str, Any], seat: str = "p1", **body: Any) -> dict[str, Any]:
    return Identity().sign(seat, {"type": "act", "game": GAME, "seq": 1, "action": action, **body})


PLACE = {"type": "place", "territory": "alaska", "count": 1}


@pytest.mark.parametrize(
    "change",
    [
        lambda e: {**e, "extra": nested(6)},
        lambda e: {**e, "extra": 1},
        lambda e: {k: v for k, v in e.items() if k != "sig"},
        lambda e: {**e, "sig": e["sig"][:63]},
        lambda e: {**e, "from": 1},
        lambda e: {**e, "type": "signed!"},
        lambda e: {**e, "body": {**e["body"], "extra": nested(5)}},
        lambda e: {**e, "body": {**e["body"], "seq": "1"}},
        lambda e: {**e, "body": {**e["body"], "seq": True}},
        lambda e: {**e, "body": {**e["body"], "type": "say", "text": "hi"}},
        lambda e: {**e, "body": {**e["body"], "action": {**PLACE, "extra": nested(3)}}},
        lambda e: {**e, "body": {**e["body"], "action": {**PLACE, "count": [1]}}},
        lambda e: {**e, "body": {**e["body"], "action": {**PLACE, "territory": "x" * 65}}},
    ],
    ids=[
        "envelope-deep-extra",
        "envelope-extra",
        "no-sig",
        "short-sig",
        "from-not-text",
        "not-signed",
        "body-extra",
        "seq-text",
        "seq-bool",
        "unsigned-type",
        "action-deep",
        "action-list",
        "action-long-text",
    ],
)
def test_every_level_of_an_envelope_is_checked_exactly(change) -> None:
    envelope = act_envelope(PLACE)
    assert validate_envelope(envelope) == envelope
    with pytest.raises(ProtocolError) as refused:
        validate_envelope(change(envelope))
    assert refused.value.code == "malformed"


def test_an_envelope_is_rebuilt_from_its_checked_parts() -> None:
    envelope = act_envelope(PLACE)
    rebuilt = validate_envelope(envelope)
    assert rebuilt == envelope and rebuilt is not envelope
    assert rebuilt["body"] is not envelope["body"]
    assert rebuilt["body"]["action"] is not envelope["body"]["action"]
    # In canonical order as it stands, every map's keys sorted: a broadcast relaying it is
    # packed as it is (framing.remember_canonical).
    assert plain(rebuilt) == pack(rebuilt) != plain(envelope)


@pytest.mark.parametrize(
    "action, code",
    [
        (PLACE, None),
        ({"type": "place", "territory": "alaska"}, "malformed"),  # a default left out
        ({**PLACE, "count": 1.0}, "malformed"),
        ({**PLACE, "count": True}, "malformed"),
        ({**PLACE, "extra": 1}, "malformed"),
        ({**PLACE, "territory": "alas\x1bka"}, "malformed"),
        ({"type": "attack", "source": "a", "target": "b", "dice": 3}, "malformed"),
        ({"type": "auto_defend", "dice": None}, None),
        ({"type": "teleport"}, "malformed"),
    ],
)
def test_an_action_from_a_peer_has_exactly_its_fields(action, code) -> None:
    if code is None:
        assert action_from_wire(action).to_dict() == action
        return
    with pytest.raises(IllegalAction) as refused:
        action_from_wire(action)
    assert refused.value.code == code


def test_a_trade_is_taken_with_its_cards_sorted_by_card_id_and_no_other_order() -> None:
    cards = ["kamchatka", "alaska", "joker_1"]
    canonical = TradeCards(tuple(cards)).to_dict()
    assert canonical["cards"] == sorted(cards)
    for order in itertools.permutations(cards):
        data = {"type": "trade", "cards": list(order), "bonus_territory": None}
        if list(order) == sorted(cards):
            assert action_from_wire(data) == TradeCards(tuple(cards))
            continue
        with pytest.raises(IllegalAction) as refused:
            action_from_wire(data)
        assert refused.value.code == "not_canonical" and "sorted by card id" in str(refused.value)


class Recording:
    """A bot whose every action, and every trade the engine lists for it, is kept."""

    def __init__(self, bot: Any, seen: list[Any]) -> None:
        self.bot, self.seen, self.name = bot, seen, bot.name

    def opening(self, game: Any, player: str) -> list[Any]:
        actions = list(self.bot.opening(game, player))
        self.seen.extend(actions)
        return actions

    def choose(self, game: Any, player: str) -> Any:
        self.seen.extend(a for a in game.legal_actions(player) if isinstance(a, TradeCards))
        action = self.bot.choose(game, player)
        self.seen.append(action)
        return action


@pytest.mark.parametrize("rules", ["classic", "capital", "team", "two-player-independents"])
def test_every_action_the_bots_and_the_engine_make_is_canonical(rules: str) -> None:
    from risk_lan.bots import make_bot
    from risk_lan.rules import ruleset
    from risk_lan.simulate import play_game

    seen: list[Any] = []
    players = ruleset(rules).min_players if rules.startswith("two") else 4
    for kind in ("classic", "random"):
        bots = [Recording(make_bot(kind, f"{rules}:{i}"), seen) for i in range(players)]
        play_game(bots, f"canonical:{rules}:{kind}", rules, max_turns=60)
    for more in range(5):  # a game may end before anyone trades: another, until one does
        if any(isinstance(a, TradeCards) for a in seen):
            break
        bots = [Recording(make_bot("classic", f"{rules}:{i}"), seen) for i in range(players)]
        play_game(bots, f"canonical:{rules}:more:{more}", rules, max_turns=60)
    assert any(isinstance(a, TradeCards) for a in seen)
    for action in seen:
        assert action_from_wire(action.to_dict()) == action, action


# ----- sizes ------------------------------------------------------------------------------


def test_no_client_message_within_its_size_makes_a_host_message_too_large() -> None:
    host = Identity()
    room = MAX_PACKED["act"] - len(pack(act_envelope({**PLACE, "territory": ""})))
    biggest = act_envelope({**PLACE, "territory": "é" * (room // 2 - 2)})
    check_size(biggest)
    with pytest.raises(ProtocolError, match="too_large"):
        check_size(act_envelope({**PLACE, "territory": "é" * (room // 2 + 2)}))
    move = {
        "type": "move",
        "game": GAME,
        "n": 2**31,
        "seat": "p1",
        "action": biggest["body"]["action"],
        "request": biggest,
        "roll": 2**31,
    }
    assert len(encode(host.sign("host", move, bytes(32)))) <= MAX_FRAME
    body = {"type": "reveal", "game": "x" * 32, "roll": 2**31, "link": bytes(32)}
    reveal = Identity().sign("p1", {**body, "seen": bytes(32)})
    assert len(pack(reveal)) <= MAX_PACKED["reveal"]
    reveals = {"type": "reveals", "game": GAME, "roll": 1, "envelopes": [reveal] * MAX_CONTRIBUTORS}
    assert len(encode(host.sign("host", reveals, bytes(32)))) <= MAX_FRAME
    expel = {"type": "expel", "game": GAME, "seat": "p1", "roll": 2**31, "why": "bad_signature",
             "evidence": [biggest, biggest]}  # fmt: skip
    validate(expel, HOST_MESSAGES)
    assert len(encode(host.sign("host", expel, bytes(32)))) <= MAX_FRAME
    name = "é" * 24
    hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": name, "key": bytes(32),
             "token": bytes(16), "have": 2**31}  # fmt: skip
    check_size(hello)
    seats = [{"seat": f"p{i}", "name": name, "kind": "human", "colour": "yellow", "ready": True}
             for i in range(MAX_CONTRIBUTORS)]  # fmt: skip
    lobby = {"type": "lobby", "seats": seats, "total": 6, "mode": "x" * 32, "state": "lobby",
             "owner": "p1", "sealed": True}  # fmt: skip
    validate(lobby, HOST_MESSAGES)
    assert len(encode(lobby)) <= MAX_FRAME


LOBBY = {"type": "lobby", "seats": [], "total": 3, "mode": "classic", "state": "lobby",
         "owner": None, "sealed": False}  # fmt: skip


@pytest.mark.parametrize(
    "change",
    [
        lambda m: {k: v for k, v in m.items() if k != "sealed"},
        lambda m: {**m, "sealed": 1},
        lambda m: {**m, "sealed": None},
        lambda m: {**m, "sealed": "yes"},
    ],
    ids=["sealed-missing", "sealed-int", "sealed-nil", "sealed-text"],
)
def test_a_lobby_says_whether_the_game_is_sealed_as_a_bool_and_nothing_else(change) -> None:
    assert validate(LOBBY, HOST_MESSAGES) == LOBBY
    assert validate({**LOBBY, "sealed": True}, HOST_MESSAGES)["sealed"] is True
    with pytest.raises(ProtocolError) as refused:
        validate(change(LOBBY), HOST_MESSAGES)
    assert refused.value.code == "malformed"


def test_the_host_tells_every_lobby_whether_its_game_is_sealed() -> None:
    async def lobbies(sealed: bool) -> list[dict[str, Any]]:
        seen: list[dict[str, Any]] = []

        class Lobbies(Listener):
            def lobby(self, lobby: dict[str, Any]) -> None:
                seen.append(lobby)

        host = Host(HostConfig(seats=3, bots=1, sealed=sealed))
        port = await host.serve("127.0.0.1", 0)
        client = Client("ann", ClassicBot(), listener=Lobbies())
        task = asyncio.create_task(client.run("127.0.0.1", port))
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 30
            while not seen:
                assert loop.time() < deadline, "no lobby"
                await asyncio.sleep(0.01)
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await host.close()
        return seen

    assert {lobby["sealed"] for lobby in asyncio.run(lobbies(True))} == {True}
    assert {lobby["sealed"] for lobby in asyncio.run(lobbies(False))} == {False}


# ----- over a real socket: exact blame ----------------------------------------------------


@pytest.mark.parametrize(
    "mangle, code, closed",
    [
        (lambda c, e: [{**e, "extra": nested(6)}], "malformed", True),
        (lambda c, e: [{**e, "body": {**e["body"], "extra": nested(5)}}], "malformed", True),
        (
            lambda c, e: [c.signed_act({**e["body"]["action"], "extra": 1})],
            "malformed",
            False,
        ),
        (
            lambda c, e: [c.signed_act({**e["body"]["action"], "extra": nested(4)})],
            "malformed",
            True,
        ),
        (
            lambda c, e: [c.signed_act({"type": "trade", "cards": ["x" * 4000] * 15})],
            "too_large",
            True,
        ),
        (
            lambda c, e: [
                c.signed_act({"type": "end_turn", "pad": "x" * 3000, "more": "x" * 3000})
            ],
            "too_large",
            True,
        ),
    ],
    ids=["envelope-extra", "body-extra", "action-extra", "action-deep", "act-60KB", "act-6KB"],
)
def test_a_malformed_or_oversized_act_costs_its_sender_alone(
    tmp_path: Path, mangle: Mangle, code: str, closed: bool
) -> None:
    cheat = Meddler("cheat", mangle)
    outcomes, lines, _ = asyncio.run(play_with(cheat, tmp_path))
    assert cheat.heard.refusals[0] == code, cheat.heard.refusals
    dropped = [line for line in lines if line.startswith(f"dropped {cheat.seat}: ")]
    assert bool(dropped) == closed, dropped
    assert_nobody_else_paid(outcomes, lines, tmp_path)
    relayed = [e["body"]["request"] for e in read_record(tmp_path / "game.rec")
               if e["body"]["type"] == "move" and e["body"]["request"]]  # fmt: skip
    assert all(set(r) == {"type", "from", "body", "sig"} for r in relayed)
    assert all(set(r["body"]) == {"type", "game", "seq", "action"} for r in relayed)


def test_a_trade_in_another_order_is_refused_and_the_sorted_one_is_played() -> None:
    """Every other order of the cards of the set the player trades is refused as not
    canonical; the sorted one becomes the move, which every client takes as the player's."""
    from rulebook_helpers import ARTILLERY, CAVALRY, INFANTRY

    hand = [INFANTRY[2], INFANTRY[1], INFANTRY[0], CAVALRY[0], ARTILLERY[5]]
    owners = dict.fromkeys(["alaska", "alberta", "ontario", "quebec", "greenland"], "p1")
    lines: list[str] = []
    host = scenario_host(
        lambda s: set_position(
            s, owners, rest=["p2", "p3"], phase="reinforce", pool=3, hands={"p1": hand}
        ),
        log=lines.append,
    )

    def every_other_order(c: Client, envelope: dict[str, Any]) -> list[dict[str, Any]]:
        action = envelope["body"]["action"]
        orders = [o for o in itertools.permutations(action["cards"]) if list(o) != action["cards"]]
        return [c.signed_act({**action, "cards": list(o)}) for o in orders]

    trader = Meddler("trader", every_other_order, when=lambda a: isinstance(a, TradeCards))

    async def scene() -> None:
        port = await host.serve("127.0.0.1", 0)
        task = asyncio.create_task(trader.run("127.0.0.1", port))
        try:
            await until_true(
                lambda: host.match and host.match.game and host.match.game.state.trades
            )
            await until_true(lambda: trader.views and trader.waiting != "p1")
            # Never dropped for its refused orders: still playing, or (on a fast machine) the
            # game already over with no error.
            assert not task.done() or task.result().error is None, task.result()
        finally:
            await host.close()
            task.cancel()

    asyncio.run(scene())
    assert trader.heard.refusals[:5] == ["not_canonical"] * 5, trader.heard.refusals
    moves = [
        e["body"] for e in host.match.broadcaster.transcript_log if e["body"]["type"] == "move"
    ]
    trade = next(m for m in moves if m["action"]["type"] == "trade")
    assert trade["request"]["body"]["action"] == trade["action"]
    assert trade["action"]["cards"] == sorted(trade["action"]["cards"])


async def until_true(check: Callable[[], Any], timeout: float = 20.0) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while not (value := check()):
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.02)
    return value


# ----- allowances -------------------------------------------------------------------------


def test_a_standing_defence_set_again_changes_nothing_and_is_refused(tmp_path: Path) -> None:
    def again(c: Client, envelope: dict[str, Any]) -> list[dict[str, Any]]:
        return [envelope, c.signed_act(envelope["body"]["action"])]

    cheat = Meddler("cheat", again, when=lambda a: a.type == "auto_defend")
    outcomes, lines, _ = asyncio.run(play_with(cheat, tmp_path))
    assert "no_change" in cheat.heard.refusals
    assert_nobody_else_paid(outcomes, lines, tmp_path)
    settings = [e["body"] for e in read_record(tmp_path / "game.rec")
                if e["body"]["type"] == "move" and e["body"]["action"]["type"] == "auto_defend"
                and e["body"]["seat"] == cheat.seat]  # fmt: skip
    assert len(settings) == 1


def test_a_flood_of_acts_is_refused_once_its_allowance_is_spent(tmp_path: Path) -> None:
    """Acts sent all at once are refused past the few a seat may have waiting; acts sent one
    after another, each once the one before is answered, that move the game on no further
    (a standing defence changed back and forth) are refused once the allowance is spent."""
    flood = 3 * ACT_BURST

    def burst(c: Client, envelope: dict[str, Any]) -> list[dict[str, Any]]:
        dice = itertools.cycle([1, None, 2])
        return [envelope, *(c.signed_act({"type": "auto_defend", "dice": next(dice)})
                            for _ in range(flood))]  # fmt: skip

    cheat = Meddler("cheat", burst, when=lambda a: a.type == "auto_defend")
    toggler = honest("toggler")
    lines: list[str] = []
    host = Host(HostConfig(seats=3, bots=1, log=lines.append, record=str(tmp_path / "game.rec")))

    async def toggles() -> int:
        """Change the toggler's standing defence, one act at a time, while the game lasts;
        how many it sent."""
        game = await until_true(lambda: host.match and host.match.game)
        seat = await until_true(lambda: toggler.seat)
        await until_true(lambda: game.state.auto_defend[seat] is not None)  # the bot's own
        sent = 0
        for dice in itertools.islice(itertools.cycle([None, 1, 2]), flood):
            conn = toggler.conn
            if game.is_over or conn is None or conn.closed:
                break
            heard = len(toggler.listener.refusals)
            toggler.kept.seq += 1
            body = {"type": "act", "game": host.game_id, "seq": toggler.kept.seq,
                    "action": {"type": "auto_defend", "dice": dice}}  # fmt: skip
            conn.send(toggler.identity.sign(seat, body))
            sent += 1
            deadline = asyncio.get_running_loop().time() + 5
            while len(toggler.listener.refusals) == heard and game.state.auto_defend[seat] != dice:
                assert asyncio.get_running_loop().time() < deadline and not game.is_over
                await asyncio.sleep(0.001)
        return sent

    async def scene() -> list[Any]:
        port = await host.serve("127.0.0.1", 0)
        try:
            tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in (cheat, toggler)]
            assert await toggles() >= ACT_BURST + 10
            return await asyncio.wait_for(asyncio.gather(*tasks), 60)
        finally:
            await host.close()

    outcomes = asyncio.run(scene())
    assert_nobody_else_paid(outcomes, lines, tmp_path)
    assert cheat.heard.refusals.count("too_fast") >= flood - IN_FLIGHT, cheat.heard.refusals
    refused = toggler.listener.refusals
    assert refused.count("too_fast") >= flood - ACT_BURST - 2, refused
    settings = [
        e["body"]["seat"]
        for e in read_record(tmp_path / "game.rec")
        if e["body"]["type"] == "move" and e["body"]["action"]["type"] == "auto_defend"
    ]
    for client in (cheat, toggler):  # its bot's own, and what its allowance let through
        assert 1 <= settings.count(client.seat) <= ACT_BURST + 2, settings  # fmt: skip


def test_bots_playing_as_fast_as_the_host_answers_never_run_out(tmp_path: Path) -> None:
    players = [honest("a"), honest("b"), honest("c")]
    lines: list[str] = []
    host = Host(HostConfig(seats=4, bots=1, log=lines.append, record=str(tmp_path / "game.rec")))
    outcomes = asyncio.run(run(host, players))
    assert_nobody_else_paid(outcomes, lines, tmp_path)
    refused = {code for c in players for code in c.listener.refusals}
    assert not refused & {"too_fast", "no_change", "not_canonical"}, refused


# ----- texts from peers -------------------------------------------------------------------


async def raw_hello(port: int, name: str) -> dict[str, Any]:
    """Say hello as ``name`` on a raw socket; the host's first answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": name,
             "key": Identity().public_key, "token": None, "have": 0}  # fmt: skip
    writer.write(encode(hello))
    await writer.drain()
    head = await asyncio.wait_for(reader.readexactly(HEADER.size), 5)
    payload = await asyncio.wait_for(reader.readexactly(HEADER.unpack(head)[0]), 5)
    closed = await asyncio.wait_for(reader.read(), 5) == b""
    writer.close()
    from protocol.framing import unpack

    return {**unpack(payload), "closed": closed}


@pytest.mark.parametrize("name", ["evil\x1b[2J", "new\nline", "bell\x07", "rtl\u202eoverride",
                                  "   ", "para\u2029graph"])  # fmt: skip
def test_a_name_with_control_characters_is_refused_and_takes_no_seat(name: str) -> None:
    async def scene() -> dict[str, Any]:
        host = Host(HostConfig(seats=3, bots=1))
        port = await host.serve("127.0.0.1", 0)
        try:
            answer = await raw_hello(port, name)
            assert all(s.kind != "human" for s in host.seats)
            return answer
        finally:
            await host.close()

    answer = asyncio.run(scene())
    assert answer["type"] == "error" and answer["code"] == "bad_text" and answer["closed"]
    assert "control characters" in answer["message"]


def test_the_app_says_why_a_name_was_refused() -> None:
    async def scene() -> Any:
        host = Host(HostConfig(seats=3, bots=1))
        port = await host.serve("127.0.0.1", 0)
        try:
            return await Client("tab\there", ClassicBot(), retries=0).run("127.0.0.1", port)
        finally:
            await host.close()

    outcome = asyncio.run(scene())
    assert outcome.error.startswith("bad_text: hello:"), outcome
    assert "refused your name" in why_stopped(outcome, "", {}, "en")
    assert "refusé votre nom" in why_stopped(outcome, "", {}, "fr")


def test_chat_with_control_characters_or_too_fast_is_refused_and_the_table_plays_on() -> None:
    async def scene() -> tuple[Client, Client]:
        host = Host(HostConfig(seats=3, bots=1))
        port = await host.serve("127.0.0.1", 0)
        talker, listener = (
            Client("talker", listener=Heard(), auto_ready=False),
            Client("listener", listener=Heard(), auto_ready=False),
        )
        tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in (talker, listener)]
        try:
            await until_true(lambda: talker.seat and listener.seat)
            talker.conn.send({"type": "say", "text": "clear\x1b[2Jscreen"})
            talker.conn.send({"type": "say", "text": "two\nlines"})
            await until_true(lambda: talker.listener.refusals.count("bad_text") == 2)
            for i in range(3 * CHAT_BURST):
                talker.say(f"line {i}")
            # Every line answered: relayed to the others, or refused to the talker.
            await until_true(
                lambda: (
                    talker.listener.refusals.count("chat_too_fast")
                    + len(listener.listener.chat_lines)
                    == 3 * CHAT_BURST
                )
            )
            assert talker.conn is not None and not talker.conn.closed
        finally:
            await host.close()
            for t in tasks:
                t.cancel()
        return talker, listener

    _, listener = asyncio.run(scene())
    heard = [text for _, text in listener.listener.chat_lines]
    assert heard == [f"line {i}" for i in range(len(heard))]
    assert CHAT_BURST - 2 <= len(heard) <= CHAT_BURST - 1  # the two refused lines spent theirs


def test_refusals_are_sentences_in_both_languages() -> None:
    for code in ("too_fast", "chat_too_fast", "no_change", "not_canonical", "bad_text",
                 "too_large", "malformed", "taken_over"):  # fmt: skip
        for lang in ("en", "fr"):
            line = refusal(lang, code, "host words")
            assert line[0].isupper() and line.endswith(".") and "_" not in line, line
    assert refusal("en", "no_such_code", "the host\x1b[2J says\nso") == "the host [2J says so"


@pytest.mark.asyncio
async def test_markup_in_a_name_or_a_game_is_shown_as_written() -> None:
    from tui_helpers import screen_text

    from risk_lan.tui.app import RiskApp
    from risk_lan.tui.screens.lobby_screen import LobbyScreen
    from risk_lan.tui.screens.seats_screen import SeatsScreen

    name = "[bold red]boss[/]"
    host = Host(HostConfig(name="x", seats=3, bots=1))
    port = await host.serve("127.0.0.1", 0)
    game = FoundGame("[b]LAN[/b]\x1b[31m", "127.0.0.1", port, "[i]classic", "1/3", "lobby", "2")

    class ListedApp(RiskApp):
        async def begin(self) -> None:
            lobby = LobbyScreen(self.player_name, self.lang, discover=False)
            await self.push_screen(lobby)
            lobby.show_games([game])

    other = Client(name, auto_ready=False)
    app = ListedApp(name="ann")
    task = asyncio.create_task(other.run("127.0.0.1", port))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            listed = str(app.screen.query_one("#games").get_option_at_index(0).prompt)
            # The escape is gone; what followed it, and the markup, are plain text.
            assert "[b]LAN[/b] [31m [i]classic" in " ".join(listed.split())
            assert "\x1b" not in listed
            await until(pilot, lambda: other.seat)
            await pilot.press("tab", "enter")
            seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
            await until(pilot, lambda: name in str(seats.query_one("#seats").render()))
            other.say("[reverse]shout[/reverse]")
            await until(pilot, lambda: "[reverse]shout[/reverse]" in screen_text(app, "lobby-chat"))
    finally:
        task.cancel()
        await host.close()


def test_the_wire_and_the_engine_hold_an_actions_lists_to_one_limit() -> None:
    # Two checks of one limit (the wire's, sans-IO; the engine's, pure): if they drifted
    # apart, a move one takes the other would refuse. A trade of stars is the longest list.
    from protocol.messages import ACTION_LIST
    from risk_lan.rules.actions import WIRE_LIST
    from risk_lan.rules.cards import MOST_STARS

    assert ACTION_LIST == WIRE_LIST == MOST_STARS
