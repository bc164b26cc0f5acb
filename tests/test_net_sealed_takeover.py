"""Seats that change hands in a sealed game, over real sockets (issue 27): a player gone
mid-game or mid-deal is played by a host bot, which now reads the seat's cards (its layer
added, the player's taken off by escrow); a player who comes back gets its seat and its hand
as they stand; a player whose deck step is false is expelled by name; a player out of the
game takes its own layer off, so that a small table with another player gone for good plays
on; in each case the game finishes, every peer reads every card at the end, and the record
verifies."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_net_sealed_deck import ForgingDealer, given_to

from protocol.sealeddeck import SealedDeck
from risk_lan.bots import ClassicBot, RandomBot
from risk_lan.net.client import Client, seatfile
from risk_lan.net.client.deckseat import DECK_LAYER
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import verify_record


async def play_out(host: Host, clients: list[Client], timeout: float = 180) -> list[Any]:
    """Run the clients against ``host`` until each one ends."""
    port = await host.serve("127.0.0.1", 0)
    try:
        return await asyncio.wait_for(
            asyncio.gather(*(c.run("127.0.0.1", port) for c in clients)), timeout
        )
    finally:
        await host.close()


class GoneMidGame(Client):
    """Drops its connection, never to come back, once it holds a sealed card and has read
    it."""

    def _check_update(self, update: dict[str, Any]) -> None:
        super()._check_update(update)
        if self.conn is not None and self.deck is not None and self.deck.party.cards:
            self.reconnection.retries = 0
            self.conn.abort()


class GoneMidDeal(Client):
    """Drops its connection, never to come back, when its turn to shuffle the pile comes."""

    def _send_deck_steps(self) -> None:
        witness = self.witness
        ledger = witness.ledger if witness is not None else None
        due = ledger.pending() if ledger is not None else []
        if any(p.party == self.seat and p.kind == "shuffle_commit" for p in due):
            if self.conn is not None:
                self.reconnection.retries = 0
                self.conn.abort()
            return
        super()._send_deck_steps()


def check_every_peer(host: Host, outcomes: list[Any], record: Path) -> SealedDeck:
    """The game won, every peer on one transcript, every card read by every peer the same,
    the record verified; the host's ledger."""
    winners = [o for o in outcomes if o is not None and o.error is None]
    assert winners and all(o.winner for o in winners), outcomes
    assert len({o.transcript for o in winners}) == 1
    assert host.match is not None and host.match.deck is not None
    ledger = host.match.deck.ledger
    assert ledger is not None and ledger.pending() == []
    read = ledger.read_all()
    assert len(read) >= 44
    verdict = verify_record(record)
    assert verdict.ok and verdict.winner == winners[0].winner, verdict.message
    assert f"every sealed card read ({len(read)})" in verdict.message
    return ledger


@pytest.mark.parametrize("mode", ["classic", "secret-mission"])
def test_a_player_gone_mid_game_is_played_by_a_host_bot_that_now_reads_its_cards(
    tmp_path: Path, mode: str
) -> None:
    record = tmp_path / "game.rec"
    lines: list[str] = []
    gone = GoneMidGame("gone", ClassicBot())
    clients = [gone, Client("stays", ClassicBot()), Client("also", ClassicBot())]
    config = HostConfig(
        seats=3, mode=mode, sealed=True, record=str(record), absent_after=3.0, log=lines.append
    )
    host = Host(config)
    outcomes = asyncio.run(play_out(host, clients))
    ledger = check_every_peer(host, outcomes[1:], record)
    # The seat's party is away: the cards it held and drew later went to the host's party,
    # whose bot played them; the player's layer came off them by its escrow.
    assert gone.seat in ledger.away
    given = given_to(ledger)
    assert given.get("host"), given
    partials = [e for e in ledger.journal if e.get("kind") == "escrow_partial"]
    assert any(e["owner"] == gone.seat for e in partials)
    said = [line for line in lines if "the bot playing gone's seat now sees gone's" in line]
    assert said, lines
    # Its secret, at the end, came from the other holders' shares of its escrow (a player
    # out of the game, retired, tells its own, or its escrow rebuilds it).
    shares = [e for e in ledger.journal if e.get("kind") == "secret_share"]
    assert gone.seat in {e["owner"] for e in shares} and gone.seat in ledger.secrets
    told = [e["party"] for e in ledger.journal if e.get("kind") == "secret"]
    assert gone.seat not in told


@pytest.mark.parametrize("mode", ["classic", "secret-mission"])
def test_a_player_gone_mid_deal_is_skipped_and_the_game_finishes(tmp_path: Path, mode: str) -> None:
    record = tmp_path / "game.rec"
    lines: list[str] = []
    gone = GoneMidDeal("gone", ClassicBot())
    clients = [Client("first", ClassicBot()), gone, Client("last", ClassicBot())]
    config = HostConfig(
        seats=3, mode=mode, sealed=True, record=str(record), absent_after=3.0, log=lines.append
    )
    host = Host(config)
    outcomes = asyncio.run(play_out(host, clients))
    ledger = check_every_peer(host, [outcomes[0], outcomes[2]], record)
    first = ledger.deals["deal-1"]
    assert first.skipped == [gone.seat] and first.done
    # Its layer is on none of the first deal's cards, which the others shuffled.
    envelopes = list(read_record(record))
    shuffles = [
        b["envelope"]["from"]
        for b in (e["body"] for e in envelopes)
        if b["type"] == "deck_step" and b["envelope"]["body"]["step"]["kind"] == "shuffle"
    ]
    assert gone.seat not in shuffles and "host" in shuffles


class ForgingShuffler(ForgingDealer):
    kind = "shuffle"


def test_a_forged_shuffle_expels_its_sender_by_name_and_the_game_finishes(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.rec"
    lines: list[str] = []
    cheat = ForgingShuffler("cheat", ClassicBot())
    clients = [Client("c0", ClassicBot()), cheat, Client("c2", ClassicBot())]
    host = Host(HostConfig(seats=3, sealed=True, record=str(record), log=lines.append))
    outcomes = asyncio.run(play_out(host, clients))
    assert outcomes[1].error == "expelled: bad_shuffle", outcomes[1]
    ledger = check_every_peer(host, [outcomes[0], outcomes[2]], record)
    assert cheat.seat in ledger.away and ledger.deals["deal-1"].skipped == [cheat.seat]
    expelled = [line for line in lines if "is expelled" in line]
    assert expelled and f"cheat ({cheat.seat})" in expelled[0] and "shuffle" in expelled[0]
    assert not any("c0 (" in line or "c2 (" in line for line in expelled)
    verdict = verify_record(record)
    assert "expelled" in verdict.message and "shuffle" in verdict.message, verdict.message


def test_a_player_handed_back_its_seat_gets_its_hand_as_it_stands(tmp_path: Path) -> None:
    """The host's player hands a seat to a bot once it holds cards; its bot client asks for
    it back at once: the seat's cards went to the host's party and come back to the
    player's, every screen saying who sees them, and the player reads them all again."""
    record = tmp_path / "game.rec"
    lines: list[str] = []
    heard: list[str] = []
    back = Client("back", ClassicBot(), log=heard.append)
    others = [Client("c1", ClassicBot()), Client("c2", ClassicBot())]
    host = Host(HostConfig(seats=3, sealed=True, record=str(record), log=lines.append))

    async def game() -> list[Any]:
        port = await host.serve("127.0.0.1", 0)
        tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in [back, *others]]
        try:
            deadline = asyncio.get_running_loop().time() + 120
            while not (back.deck is not None and back.deck.party.cards and host.match):
                assert asyncio.get_running_loop().time() < deadline
                assert not any(t.done() for t in tasks)
                await asyncio.sleep(0.02)
            host.match.handovers.take_over_now(back.seat)
            return await asyncio.wait_for(asyncio.gather(*tasks), 180)
        finally:
            for t in tasks:
                t.cancel()
            await host.close()

    outcomes = asyncio.run(game())
    ledger = check_every_peer(host, outcomes, record)
    changes = [
        (e["kind"], e["party"]) for e in ledger.journal if e.get("kind") in ("absent", "back")
    ]
    assert changes[:2] == [("absent", back.seat), ("back", back.seat)], changes
    sees = [line for line in lines if "the bot playing back's seat now sees back's" in line]
    returned = [line for line in lines if "back has their seat back, with their" in line]
    assert sees and returned, lines
    assert "(the host saw it " in returned[0] or "(the host saw them " in returned[0], returned
    assert any("the bot playing back's seat now sees back's" in line for line in heard)
    assert any("back has their seat back, with their" in line for line in heard)
    # The player read its cards again, each the card the deck says; the host read them too
    # while its bot played them (and says so), and reads none given to the player since.
    read = ledger.read_all()
    given = given_to(ledger)
    assert given.get(back.seat) and set(given[back.seat]) <= set(back.deck.party.cards)
    assert all(read[t] == card for t, card in back.deck.party.cards.items())


def test_a_player_whose_app_restarted_without_its_layer_is_not_blamed(tmp_path: Path) -> None:
    """A player's app killed mid-game and started again from a seat file that lost the sealed
    deck's key (one kept before the key was, or a damaged one): it comes back to its seat,
    cannot add its layer, so a host bot plays the seat again after the delay; nobody is
    expelled, the game finishes and the record verifies."""
    record = tmp_path / "game.rec"
    lines: list[str] = []
    heard: list[str] = []
    seat_file = tmp_path / "gone.seat"
    gone = GoneMidGame("gone", ClassicBot(), state_path=seat_file)
    others = [Client("stays", ClassicBot()), Client("also", ClassicBot())]
    config = HostConfig(
        seats=3, sealed=True, record=str(record), absent_after=1.5, log=lines.append
    )
    host = Host(config)

    async def game() -> list[Any]:
        port = await host.serve("127.0.0.1", 0)
        tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in [gone, *others]]
        try:
            deadline = asyncio.get_running_loop().time() + 120
            while not any("now sees gone's" in line for line in lines):
                assert asyncio.get_running_loop().time() < deadline, lines[-5:]
                await asyncio.sleep(0.02)
            kept = seatfile.load(seat_file)
            assert kept is not None and kept.secrets.pop(DECK_LAYER, None) is not None
            seatfile.save(seat_file, kept)
            again = Client("gone", ClassicBot(), state_path=seat_file, log=heard.append)
            tasks.append(asyncio.create_task(again.run("127.0.0.1", port)))
            return await asyncio.wait_for(asyncio.gather(*tasks), 180)
        finally:
            for t in tasks:
                t.cancel()
            await host.close()

    outcomes = asyncio.run(game())
    check_every_peer(host, outcomes[1:], record)
    assert outcomes[3].error is None and outcomes[3].winner, outcomes[3]
    assert not any("expelled" in line for line in lines), [x for x in lines if "expel" in x]
    assert any("key to the sealed deck was lost" in line for line in heard), heard


def unlayers_after_retiring(ledger: SealedDeck, gone: str) -> tuple[str, list[dict[str, Any]]]:
    """The first party but ``gone`` retired once ``gone`` was away, and its own unlayers from
    then on (none: the game ended before a card with its layer was drawn, or nobody
    retired)."""
    journal = ledger.journal
    start = journal.index({"kind": "absent", "party": gone}) if gone in ledger.away else None
    retired = [e for e in journal[start or 0 :] if e.get("kind") == "retire" and e["party"] != gone]
    if start is None or not retired:
        return "", []
    out = retired[0]["party"]
    after = journal[journal.index(retired[0]) :]
    return out, [e for e in after if e.get("kind") == "unlayer" and e["party"] == out]


def test_a_small_table_with_one_player_gone_and_one_out_of_the_game_finishes(
    tmp_path: Path,
) -> None:
    """Three players and the host (four parties, so each escrow needs all its holders; a
    bot of the host's plays a fourth seat, under the host's party, so that the game goes on
    after the first player is out): one player's app closes for good, another is eliminated
    while its app runs. Its layer, on the cards of the deals it shuffled, cannot come off by
    its escrow (the player gone holds a part of it): its own app takes it off (it is
    retired, not simply away), and tells its secret at the end. Without that, the game
    waited forever at the next such card, which the deadline of ``play_out`` catches. The
    random bot is eliminated first as a rule: a game where the gone player's seat was out
    first, or where no card with the retired layer was drawn, is played again."""
    for attempt in range(5):
        record = tmp_path / f"game{attempt}.rec"
        lines: list[str] = []
        gone = GoneMidGame("gone", ClassicBot())
        staying = [Client("loser", RandomBot(attempt)), Client("other", ClassicBot())]
        config = HostConfig(
            seats=4, bots=1, sealed=True, record=str(record), absent_after=2.0, log=lines.append
        )
        host = Host(config)
        outcomes = asyncio.run(play_out(host, [gone, *staying], timeout=150))
        ledger = check_every_peer(host, outcomes[1:], record)
        out, own = unlayers_after_retiring(ledger, gone.seat)
        if own:
            break
    assert own, "its own app took its layer off, after the other player was gone"
    # The holders held their parts of that layer back for its own unlayer, the host as the
    # others: it used to send its part of every such card at once, for nothing.
    parts = [e for e in ledger.journal if e.get("kind") == "escrow_partial" and e["owner"] == out]
    assert len([e for e in parts if e["party"] == "host"]) < len(own), (len(parts), len(own))
    # Both players who stay may be out before the host's seats end it: each is retired. So
    # may the player gone for good, out while a host bot played its seat, its app closed.
    assert out in ledger.retired and ledger.retired <= {c.seat for c in (gone, *staying)}
    assert gone.seat in ledger.away
    told = [e["party"] for e in ledger.journal if e.get("kind") == "secret"]
    assert out in told and gone.seat not in told
    assert not any("plays the seat again" in line for line in lines)


class SilentMidGame(Client):
    """Stops playing once it holds a sealed card and has read it, as a player who walked
    away from a running app: it stays connected (its rolls answered, its deck steps sent) and
    never asks for its seat back, so that a host bot plays the seat from then on."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reclaim_when_taken = False

    def _play(self) -> None:
        if self.deck is not None and self.deck.party.cards:
            return
        super()._play()


class GoneOnceOut(Client):
    """Drops its connection, never to come back, once ``out``'s seat is eliminated while the
    game goes on (at its end, the secrets of the players away are rebuilt from their escrows'
    shares, this player's among them)."""

    def __init__(self, *args: Any, out: Client, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.out = out

    def _check_update(self, update: dict[str, Any]) -> None:
        super()._check_update(update)
        game = self.witness.game if self.witness is not None else None
        if self.conn is None or game is None or game.is_over:
            return
        if self.out.seat in game.state.eliminated:
            self.reconnection.retries = 0
            self.conn.abort()


def own_unlayers_once_gone(ledger: SealedDeck, party: str, gone: str) -> list[dict[str, Any]]:
    """``party``'s own unlayers taken once ``gone`` was away (simply away: its app closed)."""
    journal = ledger.journal
    left = {"kind": "absent", "party": gone}
    if left not in journal:
        return []
    after = journal[journal.index(left) :]
    return [e for e in after if e.get("kind") == "unlayer" and e["party"] == party]


async def once_out(
    host: Host, players: list[Client], late: list[Callable[[], Client]]
) -> tuple[list[Any], list[Client]]:
    """The game played out, the ``late`` clients (a spectator, a player's app started again
    from its seat file) made and run once the first player's seat is out: the outcomes of
    ``players`` then ``late`` (None for those that never came, the game over first), and
    the late clients made."""
    port = await host.serve("127.0.0.1", 0)
    tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in players]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 150
    came: list[Client] = []

    def out_or_over() -> bool:
        game = host.match.game if host.match is not None else None
        return game is not None and (game.is_over or players[0].seat in game.state.eliminated)

    try:
        while not out_or_over():
            assert loop.time() < deadline and not any(t.done() for t in tasks[1:])
            await asyncio.sleep(0.05)
        assert host.match is not None and host.match.game is not None
        if not host.match.game.is_over:
            came = [make() for make in late]
            tasks += [asyncio.create_task(c.run("127.0.0.1", port)) for c in came]
        left = max(deadline - loop.time(), 1.0)
        outcomes = await asyncio.wait_for(asyncio.gather(*tasks), left)
        return [*outcomes, *[None] * (len(players) + len(late) - len(outcomes))], came
    finally:
        for t in tasks:
            t.cancel()
        await host.close()


@pytest.mark.parametrize("comes_back", [False, True], ids=["app-runs", "app-comes-back"])
def test_a_player_taken_over_for_silence_then_eliminated_is_retired_and_takes_its_layer_off(
    tmp_path: Path, comes_back: bool
) -> None:
    """Three players and the host (four parties: each escrow needs all three of its
    holders). One player stops playing, its app still running (or its app closes, to be
    started again once its seat is out): a host bot plays its seat, and is eliminated there.
    No takeover follows (the seat is a bot's already): the elimination itself retires its
    party, in every peer's ledger at the same place, a spectator's that came later too. Then
    another player's app closes for good, so the retired layer, on the cards of the deals it
    shuffled, cannot come off by its escrow: the retired player's own app takes it off.
    Without the retirement that game waited forever at the next such card, which the
    deadline catches. The stand-in bots are random ones, so that the silent player's seat is
    out first as a rule; a game where it is not, or where no card with its layer is drawn
    once the other player is gone, is played again (up to eight games). (The player gone for
    good is often eliminated later, while a host bot plays its seat: it is retired then too,
    its app closed, and its layer comes off by its escrow.)"""
    own: list[dict[str, Any]] = []
    for attempt in range(8):
        record = tmp_path / f"game{attempt}.rec"
        lines: list[str] = []
        seat_file = tmp_path / f"silent{attempt}.seat"
        silent: Client = (
            GoneMidGame("silent", ClassicBot(), state_path=seat_file)
            if comes_back
            else SilentMidGame("silent", ClassicBot())
        )
        gone = GoneOnceOut("gone", ClassicBot(), out=silent)
        other = Client("other", ClassicBot())
        late = [lambda a=attempt: Client("late", watch=True, record=str(tmp_path / f"l{a}.rec"))]
        if comes_back:
            late.append(lambda f=seat_file: Client("silent", ClassicBot(), state_path=f))
        config = HostConfig(
            seats=3,
            sealed=True,
            record=str(record),
            absent_after=2.0,
            log=lines.append,
            bot_factory=lambda seed=attempt: RandomBot(seed),  # this game's stand-ins
        )
        host = Host(config)
        outcomes, came = asyncio.run(once_out(host, [silent, gone, other], late))
        ledger = check_every_peer(host, outcomes, record)
        taken = {"kind": "absent", "party": silent.seat} in ledger.journal
        if not taken or outcomes[3] is None:
            continue  # not taken over first, or the game ended before its seat was out
        own = own_unlayers_once_gone(ledger, silent.seat, gone.seat)
        if own:
            break
    assert own, "its own app took its layer off, after the other player was gone"
    # The player gone for good may be out too before the end, and is then retired as well.
    assert silent.seat in ledger.retired
    assert gone.seat in ledger.away
    # Taken over (away) first; retired later, at the move that eliminated its seat, with no
    # takeover of its own after it: the record says so, and so does every peer's ledger.
    journal = ledger.journal
    assert journal.index({"kind": "absent", "party": silent.seat}) < journal.index(
        {"kind": "retire", "party": silent.seat}
    )
    takeovers = [
        b["seat"] for b in (e["body"] for e in read_record(record)) if b["type"] == "takeover"
    ]
    assert takeovers.count(silent.seat) == 1, takeovers
    for peer in (*came, other) if comes_back else (silent, other, *came):
        assert peer.witness is not None and peer.witness.ledger is not None
        assert peer.witness.ledger.journal == journal, peer.name
    told = [e["party"] for e in journal if e.get("kind") == "secret"]
    assert silent.seat in told and gone.seat not in told
    assert not any("plays the seat again" in line for line in lines)
