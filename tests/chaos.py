"""A chaos run: whole games of bots over real sockets, in any of the rule sets and with any seat
count each allows, the host and each player a ``risk-lan`` process of its own. Each player's
bot has a personality drawn for its seat (bots/personality.py: its standing answer set by
F7's act, one battle at a time or blitzes, now and then any legal move). At random moves
spectators join (``join --watch``), players' processes are killed and started again from
their seat files, or frozen (a sleeping laptop: no reveal, no move) and woken, and the host
itself is killed and resumed from its save.

Every game must end with a winner; the host's record, each player's and each spectator's
must verify; every peer must tell the same transcript code; no peer may blame anyone, since
nobody cheats; no roll number may have two results.

Used by tests/test_net_chaos.py (a few games) and bench/chaos.py (many)."""

from __future__ import annotations

import random
import re
import shutil
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from chaos_table import ABSENT_AFTER, Table
from chaos_tally import Tally

from protocol.errors import ProtocolError
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import ruleset

BLOWS = ("kill_host", "kill_player", "freeze_player", "watch")
# Blows fall at moves up to this: most games run longer, and a blow a game never reaches
# is simply not dealt.
REACH = 260
STOPPED = re.compile(r"game stopped: .*")
# How a stopped game names its culprit: a player's '(blame: host)', the host's 'code by p1:'.
BLAMES = re.compile(r"\(blame: |^game stopped: \S+ by ")
# A spectator come once the game was over: told so, or finding the host gone with the end.
AWAY = re.compile(r"connection lost; reconnecting\s*$")  # the last line: still away
TOO_LATE = re.compile(r"game stopped: game_over: |^risk-lan: cannot reach ", re.M)


@dataclass(frozen=True)
class Plan:
    """One game: its table and its blows, each at a move; ``seed`` draws the personalities."""

    mode: str
    seats: int
    bots: int
    blows: tuple[tuple[int, str], ...]
    seed: str
    standing: bool | None = None  # every player's standing answer set, none, or as drawn
    absent: float = ABSENT_AFTER
    sealed: bool = False  # the cards dealt by the sealed deck

    def where(self) -> str:
        standing = {None: "", True: ", every standing answer set", False: ", none set"}
        where = f"{self.mode}, {self.seats} seats ({self.bots} host bots), seed {self.seed}"
        return where + standing[self.standing] + (", sealed" if self.sealed else "")


def seat_counts(mode: str) -> range:
    rules = ruleset(mode)
    return range(rules.min_players, rules.max_players + 1)


def plans(
    games: int,
    seed: int,
    blows: int,
    modes: tuple[str, ...],
    counts: str = "drawn",
    standing: bool | None = None,
    absent: float = ABSENT_AFTER,
    sealed: bool = False,
    kinds_dealt: tuple[str, ...] = BLOWS,
) -> list[Plan]:
    """``games`` games, the modes taken in turn, at the seat ``counts``: ``every`` one each
    mode allows in turn, the ``fewest``, or one ``drawn`` at random. Each game deals
    ``blows`` blows, of every kind in ``kinds_dealt`` in turn."""
    tables = [(m, n) for m in modes for n in seat_counts(m)]
    out = []
    for i in range(games):
        rng = random.Random(f"{seed}:{i}")
        mode, seats = tables[i % len(tables)]
        if counts != "every":
            mode = modes[i % len(modes)]
            drawn = rng.choice(seat_counts(mode))
            seats = seat_counts(mode)[0] if counts == "fewest" else drawn
        kinds = [kinds_dealt[(i + k) % len(kinds_dealt)] for k in range(blows)]
        moves = sorted(rng.randint(1, REACH) for _ in kinds)
        rng.shuffle(kinds)
        bots = rng.randint(0, seats - 2)
        dealt = tuple(zip(moves, kinds, strict=True))
        out.append(Plan(mode, seats, bots, dealt, f"{seed}:{i}", standing, absent, sealed))
    return out


def play(folder: Path, plan: Plan, tally: Tally, seconds: float) -> None:
    """Play ``plan`` in ``folder``, dealing its blows, and judge what each peer saw."""
    rng = random.Random(f"{plan.seed}:blows")
    count = tally.of(plan.mode)
    count.games += 1
    count.seats[plan.seats] += 1
    table = Table(
        folder, plan.mode, plan.seats, plan.bots, plan.seed, plan.standing, plan.absent,
        plan.sealed,
    )  # fmt: skip
    blows = list(plan.blows)
    deadline = time.monotonic() + seconds
    try:
        table.begin()
        while not table.done():
            if time.monotonic() > deadline:
                tally.failures.append(f"{plan.where()}: no end in {seconds:.0f} s ({folder})")
                break
            table.tick()
            while blows and table.at >= blows[0][0] and table.can_strike():
                _, kind = blows.pop(0)
                dealt = table.strike(kind, rng)
                tally.events[dealt] += 1
            time.sleep(0.05)
    finally:
        table.close()
    count.late_joins += table.late_joins
    count.restarts += table.restarts
    count.freezes += table.freezes
    count.resumes += table.resumes
    _judge(table, plan, tally, folder)


def _judge(table: Table, plan: Plan, tally: Tally, folder: Path) -> None:
    count, where = tally.of(plan.mode), plan.where()
    # The record as it was left: a host resumed just before the table closed starts its
    # record afresh, and the tail read then may not have reached its end yet.
    table.tail.poll()
    bodies = [e["body"] for e in _entries(table.record) if "body" in e]
    rolls = [b["roll"] for b in bodies if b["type"] == "reveals"]
    if len(rolls) != len(set(rolls)):
        tally.failures.append(f"{where}: a roll number has two results")
    count.takeovers += sum(b["type"] == "takeover" for b in bodies)
    count.deck_steps += sum(b["type"] == "deck_step" for b in bodies)
    too_late = {
        peer
        for peer, text in table.outputs().items()
        if peer in table.watchers and table.tail.over and TOO_LATE.search(text)
    }
    count.late_joins -= len(too_late)  # joined as the game ended: nothing to watch, rightly
    for peer, text in table.outputs().items():
        if peer in too_late:
            continue
        for line in STOPPED.findall(text):
            count.blames += bool(BLAMES.search(line))
            tally.failures.append(f"{where}: {peer} said {line!r} ({folder})")
    count.records += 1
    verdict = verify_record(table.record)
    if not verdict.ok:
        tally.failures.append(f"{where}: the host's record does not verify: {verdict.message}")
        return
    count.verified += 1
    count.moves += verdict.moves
    count.rolls += verdict.rolls
    if verdict.winner is None:
        tally.failures.append(f"{where}: no winner ({verdict.message})")
        return
    count.finished += 1
    if table.host_gone_after_end:
        return  # a player away when the host went for good cannot hear the end
    for peer, text in table.outputs().items():
        said = re.findall(r"transcript (\S+)", text)
        if peer in too_late:
            continue
        if peer in table.watchers and not said and table.host_left and AWAY.search(text):
            count.missed_ends += 1  # away as the host left: nothing was left to tell it
            continue
        if said and said[-1] != verdict.transcript:
            tally.failures.append(f"{where}: {peer} tells {said[-1]}, not {verdict.transcript}")
        elif not said and not STOPPED.search(text):
            last = " | ".join(text.strip().splitlines()[-2:])
            tally.failures.append(f"{where}: {peer} did not see the game end ({last})")
        if not said or peer == "host":
            continue  # the host's record is checked above
        count.records += 1
        own = verify_record(table.peer_record(peer))
        if own.ok and own.transcript == verdict.transcript:
            count.verified += 1
        else:
            blame = f"; it blames {own.culprit}" if own.culprit else ""
            tally.failures.append(f"{where}: {peer}'s record: {own.message}{blame}")


def _entries(record: Path) -> list[dict]:
    out = []
    try:
        for entry in read_record(record):
            out.append(entry)
    except (ProtocolError, OSError):  # a damaged record is the verifier's to say
        pass
    return out


def chaos(
    folder: Path,
    games: int,
    seed: int,
    blows: int = 4,
    seconds: float = 240,
    modes: tuple[str, ...] = ("classic",),
    counts: str = "drawn",
    absent: float = ABSENT_AFTER,
    at_once: int = 1,
    sealed: bool = False,
) -> Tally:
    """``games`` games under chaos (see ``plans``), ``at_once`` of them at a time."""
    games_planned = plans(games, seed, blows, modes, counts, absent=absent, sealed=sealed)
    return play_all(folder, list(enumerate(games_planned)), seconds, at_once=at_once)


def play_all(
    folder: Path,
    games: list[tuple[int, Plan]],
    seconds: float,
    keep: Path | None = None,
    say: Callable[[str], None] | None = None,
    at_once: int = 1,
) -> Tally:
    """Play each numbered plan, ``at_once`` of them at a time (each game is processes of its
    own, in a folder of its own); a failed game's folder is copied into ``keep``, and
    ``say`` hears a line after each game."""

    def one(i: int, plan: Plan) -> Tally:
        own = Tally()  # each game counts apart; the counts are added up as games end
        game_folder = folder / f"game{i}"
        game_folder.mkdir(parents=True)
        began = time.monotonic()
        play(game_folder, plan, own, seconds)
        if keep is not None and own.failures:
            shutil.copytree(game_folder, keep / f"{plan.mode}-{plan.seed.replace(':', '-')}")
        if say is not None:
            news = "; ".join(own.failures) or "ok"
            say(f"game {i}: {plan.where()}, {time.monotonic() - began:.0f} s: {news}")
        return own

    tally = Tally()
    with ThreadPoolExecutor(at_once) as pool:
        for own in pool.map(lambda game: one(*game), games):
            tally.add(own)
    return tally
