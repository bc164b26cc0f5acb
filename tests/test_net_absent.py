"""A player who stays away: the game waits, then a bot takes the seat and play goes on."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from test_net_spectators import wait_for

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client, Listener
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import verify_record


async def play_out(config: HostConfig, clients: list[Client]) -> list:
    """Host a game and run the clients until each one ends (two minutes at most)."""
    host = Host(config)
    port = await host.serve("127.0.0.1", 0)
    try:
        return await asyncio.wait_for(
            asyncio.gather(*(c.run("127.0.0.1", port) for c in clients)), 120
        )
    finally:
        await host.close()


class VanishingClient(Client):
    """Drops its connection in the middle of the game and never comes back."""

    def _check_update(self, body):
        super()._check_update(body)
        if body["n"] >= 60 and self.conn is not None:
            self.reconnection.retries = 0
            self.conn.abort()


def test_an_absent_player_is_replaced_by_a_bot_and_the_game_finishes(tmp_path: Path) -> None:
    record = tmp_path / "game.rec"
    lines: list[str] = []

    config = HostConfig(seats=3, bots=1, record=str(record), absent_after=0.3, log=lines.append)
    clients = [VanishingClient("gone", ClassicBot()), Client("stays", ClassicBot())]
    gone, stays = asyncio.run(play_out(config, clients))
    assert gone.error and stays.error is None and stays.winner, (gone, stays)
    assert any("a bot plays the seat from now on" in line for line in lines)
    verdict = verify_record(record)
    assert verdict.ok, verdict.message
    assert verdict.winner == stays.winner and verdict.transcript == stays.transcript


class ClockNews(Listener):
    """What the table was last told of whom the game waits for."""

    def __init__(self) -> None:
        self.waits: list[dict] = []

    def clock(self, paused: bool, waits: list[dict]) -> None:
        self.waits = waits


def test_without_a_limit_the_game_waits_for_the_absent_player() -> None:
    lines: list[str] = []
    news = ClockNews()

    async def play() -> None:
        host = Host(HostConfig(seats=3, bots=1, absent_after=None, log=lines.append))
        port = await host.serve("127.0.0.1", 0)
        gone = VanishingClient("gone", ClassicBot())
        tasks = [
            asyncio.create_task(c.run("127.0.0.1", port))
            for c in (gone, Client("stays", ClassicBot(), listener=news))
        ]
        try:
            # The host tells the table it waits for the absent player, and that no bot will
            # ever take the seat (no time left given): its decision, made and sent.
            await wait_for(
                lambda: any(
                    w["seat"] == gone.seat and w["why"] == "away" and w["left"] is None
                    for w in news.waits
                ),
                "the table told the game waits for the absent player for ever",
            )
            assert not host.done.is_set()
        finally:
            for t in tasks:
                t.cancel()
            await host.close()

    asyncio.run(play())
    assert not any("a bot plays the seat" in line for line in lines)
    assert any("waiting for" in line for line in lines)


class VanishOnRollClient(Client):
    """Disappears at the moment a roll needs its reveal, so that roll can never complete."""

    def _from_host(self, body):
        if body["type"] == "move" and (body["roll"] or 0) >= 5 and self.conn is not None:
            self.reconnection.retries = 0
            self.conn.abort()
            return None
        return super()._from_host(body)


def test_a_roll_waiting_for_an_absent_player_is_made_again_without_it(tmp_path: Path) -> None:
    record = tmp_path / "game.rec"

    config = HostConfig(seats=3, bots=1, record=str(record), absent_after=0.3)
    clients = [VanishOnRollClient("gone", ClassicBot()), Client("stays", ClassicBot())]
    _, stays = asyncio.run(play_out(config, clients))
    assert stays.error is None and stays.winner, stays
    envelopes = [e["body"] for e in read_record(record)]
    cut = next(i for i, b in enumerate(envelopes) if b["type"] == "takeover")
    cancelled, after = envelopes[cut - 1], envelopes[cut + 1]
    assert cancelled["type"] == "move" and cancelled["roll"] == 5
    assert after["type"] == "move" and after["roll"] == 6 and after["action"] == cancelled["action"]
    verdict = verify_record(record)
    assert verdict.ok and verdict.transcript == stays.transcript, verdict.message


class WithholdingClient(Client):
    """Stays connected but never reveals from roll 4 on."""

    def _send_signed(self, body):
        if body["type"] == "reveal" and body["roll"] >= 4:
            return
        super()._send_signed(body)


class SeatChanges(Listener):
    def __init__(self) -> None:
        self.changes: list[tuple[str, str]] = []

    def seat_changed(self, seat: str, change: str) -> None:
        self.changes.append((seat, change))


def test_a_player_who_withholds_a_reveal_is_removed_after_the_delay() -> None:
    config = HostConfig(seats=3, bots=1, absent_after=0.3)
    heard = SeatChanges()
    withholder = WithholdingClient("staller", ClassicBot(), listener=heard)
    withholder.reclaim_when_taken = False  # it stays a watcher: a bot plays its seat to the end
    staller, fair = asyncio.run(play_out(config, [withholder, Client("fair", ClassicBot())]))
    assert heard.changes[0] == (withholder.seat, "taken_over")
    # Whoever else was put out before the end stopped contributing too, and was told apart.
    assert all(change == "out" for _, change in heard.changes[1:]), heard.changes
    # The staller watches on, checking every roll, and sees the same game to its end.
    assert fair.error is None and fair.winner
    assert staller.error is None and staller.transcript == fair.transcript


class DeafClient(Client):
    """Stops reading anything the host sends from move 40 on, but keeps its connection."""

    def _check_update(self, body):
        super()._check_update(body)
        if body["n"] >= 40 and self.conn is not None:
            self.conn.transport.pause_reading()


def test_a_client_that_never_reads_does_not_stall_the_others() -> None:
    async def play() -> object:
        host = Host(HostConfig(seats=3, bots=1, absent_after=0.3))
        port = await host.serve("127.0.0.1", 0)
        deaf = asyncio.create_task(DeafClient("deaf", ClassicBot()).run("127.0.0.1", port))
        try:
            return await asyncio.wait_for(Client("fair", ClassicBot()).run("127.0.0.1", port), 120)
        finally:
            deaf.cancel()
            await host.close()

    fair = asyncio.run(play())
    assert fair.error is None and fair.winner, fair


class VanishingMidPart(Client):
    """Drops its connection the moment the game waits on it in a mode's own step: playing
    000-A's ally in the opponent's turn, or with an offensive on an independent under way."""

    def _check_update(self, body):
        super()._check_update(body)
        view = body["view"]
        mine = view.get("acting") == self.seat or (
            view.get("offensive") and view.get("current") == self.seat
        )
        if mine and self.conn is not None:
            self.reconnection.retries = 0
            self.conn.abort()


def test_a_player_gone_in_the_allys_part_or_mid_offensive_is_replaced(tmp_path: Path) -> None:
    for mode in ("two-player-ally", "two-player-active"):
        record = tmp_path / f"{mode}.rec"
        lines: list[str] = []
        config = HostConfig(seats=2, bots=0, mode=mode, record=str(record), absent_after=0.3,
                            log=lines.append)  # fmt: skip
        clients = [VanishingMidPart("gone", ClassicBot()), Client("stays", ClassicBot())]
        gone, stays = asyncio.run(play_out(config, clients))
        assert gone.error and stays.error is None and stays.winner, (mode, gone, stays)
        assert any("a bot plays the seat from now on" in line for line in lines), mode
        verdict = verify_record(record)
        assert verdict.ok and verdict.winner == stays.winner, (mode, verdict.message)


class VanishingWhenAsked(Client):
    """Drops its connection the moment it is asked to answer a commitment (rulebook 004)."""

    asked_at: int | None = None

    def _check_update(self, body):
        super()._check_update(body)
        view = body["view"]
        if view["phase"] == "defend" and body.get("waiting") == self.seat and self.conn:
            self.asked_at = body["n"]
            self.reconnection.retries = 0
            self.conn.abort()


def test_a_defender_gone_while_asked_to_answer_is_replaced(tmp_path: Path) -> None:
    record = tmp_path / "revised.rec"
    lines: list[str] = []
    config = HostConfig(seats=3, bots=1, mode="revised", record=str(record), absent_after=0.3,
                        log=lines.append)  # fmt: skip
    clients = [VanishingWhenAsked("gone", ClassicBot()), Client("stays", ClassicBot())]
    gone, stays = asyncio.run(play_out(config, clients))
    assert clients[0].asked_at is not None  # it did go while asked
    assert gone.error and stays.error is None and stays.winner, (gone, stays)
    asked = [line for line in lines if "a bot plays the seat from now on" in line]
    assert asked, lines[-20:]
    verdict = verify_record(record)
    assert verdict.ok and verdict.winner == stays.winner, verdict.message


class Withholds(Client):
    """Stays connected, and never sends its commitment (``withheld`` "commit") or its reveal
    for the first roll ("reveal"): the game goes on only once its seat is a bot's."""

    def __init__(self, withheld: str, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.withheld = withheld
        self.reclaim_when_taken = False

    def _send_signed(self, body):
        if body["type"] == self.withheld and body.get("roll", 1) == 1:
            return body
        return super()._send_signed(body)


@pytest.mark.parametrize("withheld", ["commit", "reveal"])
def test_a_seat_the_hosts_player_hands_to_a_bot_while_the_game_waits_on_it_frees_the_game(
    withheld: str, tmp_path: Path
) -> None:
    """The clock never hands the silent seat to a bot here: the host's player does, while the
    commitments or the first roll wait on it. The roll is cancelled like any other a takeover
    cancels (the host waited on for ever for a roll every client had cancelled)."""
    record = tmp_path / "game.rec"

    async def main() -> list:
        host = Host(HostConfig(seats=3, bots=1, record=str(record), absent_after=None))
        port = await host.serve("127.0.0.1", 0)
        owner = Client("owner", ClassicBot())
        host.owner_key = owner.identity.public_key
        silent = Withholds(withheld, "silent", ClassicBot())
        runs = [asyncio.create_task(c.run("127.0.0.1", port)) for c in (owner, silent)]

        def waits_on_silent() -> bool:
            game = host.match
            if game is None or silent.seat is None:
                return False
            if withheld == "commit":
                return set(game.rolls.commits) == {"host", owner.seat}
            return game.rolls.pending is not None and set(game.rolls.reveals[1]) == {
                "host",
                owner.seat,
            }

        try:
            await wait_for(waits_on_silent, f"the game to wait on the silent seat's {withheld}")
            owner.command("hand_to_bot", seat=silent.seat)
            return await asyncio.wait_for(asyncio.gather(*runs), 60)
        finally:
            for run in runs:
                run.cancel()
            await host.close()

    outcomes = asyncio.run(main())
    assert all(o.error is None and o.winner for o in outcomes), outcomes
    bodies = [e["body"] for e in read_record(record)]
    kinds = [b["type"] for b in bodies[:6]]
    if withheld == "commit":
        assert kinds[:4] == ["start", "takeover", "commits", "move"], kinds
        assert bodies[1]["roll"] == 1 and bodies[3]["roll"] == 1
        assert [e["from"] for e in bodies[2]["envelopes"]] == ["host", "p1"]
    else:
        assert kinds == ["start", "commits", "move", "takeover", "move", "reveals"], kinds
        # The start of the game, published again as move 2 on the roll the takeover named.
        assert bodies[3]["roll"] == bodies[4]["roll"] == 2 and bodies[4]["n"] == 2
        assert bodies[4]["action"]["type"] == "start_game"
    # Each takeover names the roll after the highest announced before it (protocol.md).
    announced = 0
    for body in bodies:
        if body["type"] in ("takeover", "handback"):
            assert body["roll"] == announced + 1, body
        elif body["type"] == "move" and body["roll"] is not None:
            announced = body["roll"]
    # verify counts the moves applied after start_game, and the rolls made.
    verdict = verify_record(record)
    moves = sum(1 for b in bodies if b["type"] == "move")
    cancelled = 1 if withheld == "reveal" else 0
    assert verdict.ok and verdict.moves == moves - 1 - cancelled, (verdict.moves, moves)
    assert verdict.rolls == sum(1 for b in bodies if b["type"] == "reveals")
