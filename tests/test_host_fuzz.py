"""A live host driven by hypothesis over a real socket: one seat, played by a bot as fast as
the host answers, also sends what hypothesis makes of its messages (envelopes and bodies with
keys added at any level and nested deep, fields of the wrong type, messages past their size,
trades in another order, standing defences that change nothing, bursts of acts and chat
lines, texts with control characters). Each of those is refused with its own code; the host
never stops, crashes or stalls; the other players' games finish, each won, and each game's
record verifies. Games follow one another for as long as hypothesis runs: the test says how
many examples, steps and games it ran."""

from __future__ import annotations

import asyncio
import threading
import unicodedata
import warnings
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule, run_state_machine_as_test

from protocol.errors import ProtocolError
from protocol.messages import MAX_PACKED
from protocol.signing import Identity
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client, Listener
from risk_lan.net.host.allowance import ACT_BURST, CHAT_BURST
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import classic_board

CARDS = sorted(classic_board().territory_ids)
STEP_TIMEOUT = 10.0  # seconds for the host to answer one message
GAME_TIMEOUT = 90.0  # seconds for the other players' game to finish once the fuzzing stops
# What an act is refused with, past its own check, when its seat has spent its allowance.
SPENT = "too_fast"


class FuzzReport(UserWarning):
    """How much the fuzzing ran (a warning, so that it shows in the test summary)."""


class Heard(Listener):
    def __init__(self) -> None:
        self.refusals: list[str] = []

    def refused(self, code: str, message: str) -> None:
        self.refusals.append(code)


class Table:
    """Games in a loop of their own, in a thread: a host of four seats (a host bot, two
    players' bot clients, and the fuzzed seat's client), one game after another."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.games = 0
        self.steps = 0
        self.examples = 0
        self.host: Host | None = None
        self._open()

    def call(self, function: Any, timeout: float = STEP_TIMEOUT) -> Any:
        """``function()`` run in the games' loop; its result."""

        async def run() -> Any:
            return function()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def _open(self) -> None:
        self.games += 1
        self.lines: list[str] = []
        self.record = self.folder / f"game-{self.games}.rec"
        config = HostConfig(seats=4, bots=1, log=self.lines.append, record=str(self.record))
        self.host = Host(config)
        port = asyncio.run_coroutine_threadsafe(self.host.serve("127.0.0.1", 0), self.loop).result(
            STEP_TIMEOUT
        )
        self.fuzzed = Client("fuzzed", ClassicBot(), listener=Heard())
        self.others = [Client(f"player{i}", ClassicBot(), listener=Heard()) for i in (1, 2)]
        self.tasks = [
            asyncio.run_coroutine_threadsafe(c.run("127.0.0.1", port), self.loop)
            for c in (self.fuzzed, *self.others)
        ]

    def ready(self) -> bool:
        """Wait until the fuzzed seat is connected in a game being played (a new game if the
        last one ended); False if it could not be within the step's time."""
        for _ in range(int(STEP_TIMEOUT / 0.02)):
            if self.tasks[0].done():
                self.check_game()
                self._open()
            if self.call(self._connected):
                return True
            threading.Event().wait(0.02)
        return False

    def _connected(self) -> bool:
        c = self.fuzzed
        host = self.host
        return bool(
            c.conn is not None
            and not c.conn.closed
            and c.witness is not None
            and c.view is not None
            and host is not None
            and host.match is not None
            and host.match.game is not None
            and not host.match.finished
            and host.seat_by_id(c.seat).connection is not None
        )

    def check_game(self) -> None:
        """The game that ran: each other player saw it won, nobody blamed, the host stopped
        nothing, and the record verifies."""
        outcomes = [t.result(GAME_TIMEOUT) for t in self.tasks[1:]]
        for outcome in outcomes:
            assert outcome.error is None and outcome.culprit is None and outcome.winner, outcome
        assert not any("of its own" in line or "game stopped" in line for line in self.lines)
        self.tasks[0].result(GAME_TIMEOUT)
        assert self.host is not None
        asyncio.run_coroutine_threadsafe(self.host.close(), self.loop).result(STEP_TIMEOUT)
        verdict = verify_record(self.record)
        assert verdict.ok and verdict.winner == outcomes[0].winner, verdict.message

    def close(self) -> None:
        try:
            self.check_game()
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(STEP_TIMEOUT)


TABLE: Table | None = None


def sign(c: Client, body: dict[str, Any], seat: str | None = None) -> dict[str, Any]:
    return c.identity.sign(seat or c.seat, body)


def act(c: Client, action: Any, **changes: Any) -> dict[str, Any]:
    """A fresh act of the fuzzed seat's, with ``changes`` made to its body before signing."""
    c.kept.seq += 1
    body = {"type": "act", "game": c.game_id, "seq": c.kept.seq, "action": action, **changes}
    return sign(c, body)


def deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = {"k": value}
    return value


END_TURN = {"type": "end_turn"}
ACTIONS = [
    {"type": "place", "territory": "alaska", "count": 1},
    {"type": "attack", "source": "alaska", "target": "kamchatka", "dice": 3, "stop_at": None},
    {"type": "auto_defend", "dice": 2},
]
CONTROLS = st.characters(
    codec="utf-8", categories=["Cc", "Cf", "Co", "Zl", "Zp"], exclude_characters="\x00"
) | st.sampled_from("\x00\x1b\x07\n\r\t\u202e")
TEXT = st.text(st.characters(codec="utf-8", categories=["L", "N", "P", "Zs"]), max_size=40)
# Values of a type no field of those sent here has.
WRONG = st.one_of(
    st.floats(allow_nan=False),
    st.booleans(),
    st.binary(max_size=8),
    st.lists(st.integers(-9, 9), min_size=1, max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(-9, 9), max_size=2),
)


class FuzzedSeat(RuleBasedStateMachine):
    """Each rule sends one kind of bad message from the fuzzed seat and waits for the host's
    refusal of it, with its code (or, for an act past its own check, ``too_fast`` once the
    seat's allowance is spent)."""

    @initialize()
    def begin(self) -> None:
        assert TABLE is not None
        TABLE.examples += 1

    def send(self, build: Any, expected: set[str]) -> None:
        """Send what ``build(client)`` makes (in the games' loop, where the client's bot
        plays too) and wait for a refusal with one of the ``expected`` codes."""
        table = TABLE
        assert table is not None
        if not table.ready():
            return  # the fuzzed seat is between connections or games: nothing to refuse

        def go() -> int:
            c = table.fuzzed
            before = len(c.listener.refusals)
            for message in build(c):
                c.conn.send(message)
            return before

        before = table.call(go)
        table.steps += 1
        for _ in range(int(STEP_TIMEOUT / 0.02)):
            heard = table.call(lambda: list(table.fuzzed.listener.refusals[before:]))
            if expected & set(heard) or table.tasks[0].done():
                return  # refused, or the game ended under it
            threading.Event().wait(0.02)
        raise AssertionError(f"no refusal in {sorted(expected)}; heard {heard}")

    @rule(where=st.sampled_from(["envelope", "body"]), depth=st.integers(0, 8), key=TEXT)
    def extra_key(self, where: str, depth: int, key: str) -> None:
        def build(c: Client) -> list[dict[str, Any]]:
            envelope = act(c, END_TURN)
            if where == "envelope":
                return [{**envelope, f"x{key}": deep(depth)}]
            return [{**envelope, "body": {**envelope["body"], f"x{key}": deep(depth)}}]

        self.send(build, {"malformed"})

    @rule(depth=st.integers(0, 6), key=TEXT)
    def extra_action_field(self, depth: int, key: str) -> None:
        self.send(lambda c: [act(c, {**END_TURN, f"x{key}": deep(depth)})], {"malformed", SPENT})

    @rule(field=st.sampled_from(["type", "from", "body", "sig"]), value=WRONG)
    def wrong_envelope_field(self, field: str, value: Any) -> None:
        self.send(lambda c: [{**act(c, END_TURN), field: value}], {"malformed"})

    @rule(
        field=st.sampled_from(["game", "seq", "action"]),
        value=WRONG | st.integers(min_value=-5, max_value=0),
    )
    def wrong_body_field(self, field: str, value: Any) -> None:
        # Changed once signed: the host refuses it on its shape, before its signature.
        def build(c: Client) -> list[dict[str, Any]]:
            envelope = act(c, END_TURN)
            return [{**envelope, "body": {**envelope["body"], field: value}}]

        self.send(build, {"malformed"})

    @rule(
        action=st.sampled_from(ACTIONS),
        field=st.sampled_from(["territory", "count", "source", "dice", "stop_at", "type"]),
        value=WRONG | st.text(min_size=65, max_size=80),
    )
    def wrong_action_field(self, action: dict[str, Any], field: str, value: Any) -> None:
        if field not in action:
            field = sorted(set(action) - {"type"})[0]

        changed = {**action, field: value}

        def build(c: Client) -> list[dict[str, Any]]:
            try:
                return [act(c, changed)]
            except ProtocolError:  # a float cannot even be signed: changed once signed
                envelope = act(c, action)
                return [{**envelope, "body": {**envelope["body"], "action": changed}}]

        # A wrong type in the action is found by its shape (a malformed message) or by the
        # engine's exact fields (a malformed act, which spends the allowance).
        self.send(build, {"malformed", SPENT})

    @rule(size=st.integers(3_000, 60_000))
    def oversized_act(self, size: int) -> None:
        # Strings of at most 4,000 characters: a frame refuses longer ones by itself.
        cards = ["x" * 4_000] * (size // 4_000) + ["x" * max(1, size % 4_000)]
        self.send(lambda c: [act(c, {"type": "trade", "cards": cards})], {"too_large"})

    @rule(cards=st.lists(st.sampled_from(CARDS), min_size=2, max_size=5, unique=True))
    def trade_out_of_order(self, cards: list[str]) -> None:
        shuffled = sorted(cards, reverse=True)
        action = {"type": "trade", "cards": shuffled, "bonus_territory": None}
        self.send(lambda c: [act(c, action)], {"not_canonical", SPENT})

    @rule(dice=st.sampled_from([None, 1, 2]))
    def defence_set_again(self, dice: int | None) -> None:
        # The second of two alike changes nothing, however the first is taken; a seat a
        # host bot took over, or a player out of the game, is refused as such.
        setting = {"type": "auto_defend", "dice": dice}
        self.send(
            lambda c: [act(c, setting), act(c, setting)],
            {"no_change", SPENT, "taken_over", "eliminated", "game_over"},
        )

    @rule(count=st.integers(ACT_BURST + 1, 3 * ACT_BURST))
    def burst_of_acts(self, count: int) -> None:
        dice = [1, None, 2, 3]
        self.send(
            lambda c: [act(c, {"type": "auto_defend", "dice": dice[i % 4]}) for i in range(count)],
            {SPENT},
        )

    @rule()
    def replayed_act(self) -> None:
        table = TABLE
        assert table is not None

        def build(c: Client) -> list[dict[str, Any]]:
            last = table.host.seat_by_id(c.seat).last_seq
            body = {"type": "act", "game": c.game_id, "seq": max(1, last), "action": END_TURN}
            return [sign(c, body)] if last else [act(c, END_TURN, seq=0)]

        self.send(build, {"replayed", "malformed"})

    @rule(other=st.sampled_from(["p1", "p2", "p3", "p4", "host"]))
    def for_another_seat(self, other: str) -> None:
        def build(c: Client) -> list[dict[str, Any]]:
            seat = other if other != c.seat else "p5"
            envelope = act(c, END_TURN)
            return [sign(c, envelope["body"], seat)]

        self.send(build, {"wrong_seat"})

    @rule(byte=st.integers(0, 63))
    def forged(self, byte: int) -> None:
        def build(c: Client) -> list[dict[str, Any]]:
            envelope = act(c, END_TURN)
            sig = bytearray(envelope["sig"])
            sig[byte] ^= 1
            return [{**envelope, "sig": bytes(sig)}]

        self.send(build, {"bad_signature"})

    @rule()
    def signed_by_a_stranger(self) -> None:
        def build(c: Client) -> list[dict[str, Any]]:
            c.kept.seq += 1
            body = {"type": "act", "game": c.game_id, "seq": c.kept.seq, "action": END_TURN}
            return [Identity().sign(c.seat, body)]

        self.send(build, {"bad_signature"})

    @rule(kind=st.text(max_size=10).filter(lambda k: k not in {"ready", "say", "done"}))
    def unknown_type(self, kind: str) -> None:
        self.send(lambda c: [{"type": f"~{kind}"}], {"unknown_type"})

    @rule(before=TEXT, control=CONTROLS, after=TEXT)
    def chat_with_a_control_character(self, before: str, control: str, after: str) -> None:
        text = f"{before}{control}{after}"
        assert any(unicodedata.category(ch)[0] == "C" or ch in "\u2028\u2029" for ch in text)
        # After a burst the seat's chat allowance may be spent: refused for that first.
        self.send(lambda c: [{"type": "say", "text": text}], {"bad_text", "chat_too_fast"})

    @rule(length=st.integers(201, 2_000))
    def chat_too_long(self, length: int) -> None:
        say = {"type": "say", "text": "é" * length}
        if len(msgpack.packb(say)) > MAX_PACKED["say"]:
            self.send(lambda c: [say], {"too_large"})  # checked before any allowance
        else:
            self.send(lambda c: [say], {"bad_text", "chat_too_fast"})

    @rule(count=st.integers(CHAT_BURST + 2, 3 * CHAT_BURST))
    def burst_of_chat(self, count: int) -> None:
        self.send(lambda c: [{"type": "say", "text": f"hi {i}"} for i in range(count)],
                  {"chat_too_fast"})  # fmt: skip


@pytest.fixture
def table(tmp_path: Path) -> Any:
    global TABLE
    TABLE = Table(tmp_path)
    try:
        yield TABLE
    finally:
        TABLE.close()
        TABLE = None


def test_a_live_host_refuses_every_bad_message_and_its_games_finish(table: Table) -> None:
    run_state_machine_as_test(
        FuzzedSeat,
        settings=settings(
            # The games play on all the while, so the examples are what the test costs:
            # a dozen in the suite (over a hundred messages), hundreds in bench/host_fuzz.py.
            max_examples=12,
            stateful_step_count=12,
            deadline=None,
            database=None,
            # The host lives on between examples, so a failing one cannot be replayed alike:
            # shrinking would only report it as flaky. The first failure is reported as is.
            phases=(Phase.explicit, Phase.generate),
            suppress_health_check=list(HealthCheck),
        ),
    )
    report = f"host fuzz: {table.examples} examples, {table.steps} messages, {table.games} games"
    print(report)
    warnings.warn(report, FuzzReport, stacklevel=1)
    assert table.steps > 50
