"""The curious host (issue 27): a sealed game whose host, in this process and instrumented,
dumps everything it holds at random moves, while each player is a ``risk-lan join --bot``
process of its own (so that this process holds the host and nothing of any player's).

A dump is every object in the process (``gc.get_objects()`` and what each refers to), with
the host's save and record read back and decoded. At the end of the game, once every card
is read, each dump is judged against the truth for every sealed card a player's seat held
unopened at that moment (but one a host bot's seat held before, which the host read then):

- **keys**: no 32-byte string or big integer in the dump is a player's layer secret or its
  inverse (``x·B == Y`` or ``x⁻¹·B == Y``; with the secrets published at the end, that is
  ``x`` equal to the secret or its inverse, B being of prime order). Either would read that
  player's cards, every other layer being off them; nothing less reads them, short of
  solving the group's discrete logarithm (fairness.md, "The curious host").
- **bindings**: no dict maps the token to its card (or the card to the token), and no pair
  holds both.
- **the host party's cards**: only its own seats' tokens (its bots'), and under team rules
  the cards in the hands of its seats' teammates, which teammates' parties seal to it.
- **a guesser**: for each such token, once a game, at the first dump that judges it (a
  trial is a (game, token) pair: the same token judged in every dump of its game would
  otherwise count as many trials, the same lucky guess as many hits), the candidate names
  (its deal's cards, less those its deal opened and those the host reads) scored by how
  often the dump refers to each, plus every binding with the token; the best scored is the
  guess. Over many trials, its hits are compared with what the best guess from public
  knowledge alone would get (the candidate the deal left most copies of: with every card
  different, one in as many as are left), trial by trial: the expected hits are the sum of
  those chances, their variance the sum of each chance times its complement.

Under team rules a seat's teammates see its hand (protocol/teamshare.py): when a host bot
plays a seat, each card in the hand of a player on that seat's team is shown to the host by
right. Those cards are not judged; they are counted apart (``tokens_shown``), and the dump
must bind them to their cards (``shown_bound``): the walk finds what the host holds by
right, so it would find a card it held wrongly. Every other player's card is judged as
above, and every player's layer key, a teammate's included, must stay out of the dump. When
the host plays no seat, nothing is shown to it.

Run alone: ``python tests/curioushost.py --mode secret-mission --seats 4 --bots 1`` prints
the findings as JSON (used by bench/curious_host.py and tests/test_net_curious_host.py).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from protocol.errors import ProtocolError
from protocol.ristretto import ORDER, mul_base, scalar_of, value_of
from protocol.sealeddeck import SealedDeck
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostdeck import HostDeck
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.deckdraws import party_of
from risk_lan.net.record.recordfile import read_record
from risk_lan.rules import GameState
from risk_lan.rules.events import Event
from risk_lan.rules.projection import sealed_of

RISK_LAN = [sys.executable, "-m", "risk_lan.cli"]
HOST = "host"


@dataclass
class Dump:
    """What one dump holds that could name a card: every string (with how many references
    to it), the token–card pairs bound, and the candidate scalars."""

    move: int
    held: dict[str, str]  # token → the party (a player's) that held it unopened
    candidates: dict[str, Counter[str]]  # token → the names it could be, by public knowledge
    # Tokens a player's seat held unopened that team rules show the host (a teammate of a
    # seat it plays holds them): not judged, but their bindings are looked for.
    shown: set[str] = field(default_factory=set)
    names: Counter[str] = field(default_factory=Counter)
    # "token card", joined: a pair kept as a tuple would be a binding in the next dump
    pairs: set[str] = field(default_factory=set)
    scalars: set[int] = field(default_factory=set)


@dataclass
class Findings:
    mode: str
    seats: int
    bots: int
    parties: int = 0
    moves: int = 0
    dumps: int = 0
    objects: int = 0  # objects walked, over every dump
    scalars_tried: int = 0
    tokens_judged: int = 0  # (dump, token) pairs: a player's sealed card, unopened
    keys_found: int = 0
    bindings: int = 0
    host_reads_others: int = 0  # tokens the host party read that were not its by right
    tokens_shown: int = 0  # (dump, token) pairs: a teammate's card shown to the host by right
    shown_bound: int = 0  # of those, the ones the dump binds to their card
    # The guesser's trials: one a (game, token) pair, its guess at the first dump that
    # judges the token (a token judged in three dumps would otherwise count thrice, one lucky
    # guess three hits, and the test overstate).
    tokens_guessed: int = 0
    hits: int = 0  # the guesser's, of those trials
    # The best guess from public knowledge alone (the candidate most often in the deal left)
    # hits each trial's token with at most this chance: its expected hits, and their variance.
    chance: float = 0.0
    variance: float = 0.0
    # The control: a dump taken after the end, when every secret is public, with one
    # binding planted; the checks must find them, or they could not fail.
    control_keys: int = 0
    control_bindings: int = 0
    control_hits: int = 0  # the guesser's, on the control's dump
    control_reads: int = 0  # a card never the host's by right, planted among its reads: counted
    winner: str | None = None
    error: str | None = None
    problems: list[str] = field(default_factory=list)


def walk_process() -> tuple[list[Any], int]:
    """Every object in this process: those the garbage collector tracks, and everything
    they refer to, at any depth. The collector does not track a dict or tuple that holds
    only strings, bytes and numbers (an escrow's shares, say), so following references,
    not the tracked list alone, is what reaches them."""
    gc.collect()
    tracked = gc.get_objects()
    seen = {id(o) for o in tracked}
    out = list(tracked)
    stack = list(tracked)
    while stack:
        try:
            referents = gc.get_referents(stack.pop())
        except (ReferenceError, TypeError):
            continue
        for r in referents:
            if id(r) not in seen:
                seen.add(id(r))
                out.append(r)
                if type(r) not in (str, bytes, int, float, bool):
                    stack.append(r)
    return out, len(out)


def walk_data(data: Any, out: list[Any]) -> None:
    """A decoded record's or save's structure, flattened into ``out`` (containers kept)."""
    stack = [data]
    while stack:
        item = stack.pop()
        out.append(item)
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)


def read_files(record: Path, save: Path) -> list[Any]:
    out: list[Any] = []
    try:
        for entry in read_record(record):
            walk_data(entry, out)
    except (ProtocolError, OSError, ValueError):
        pass  # caught mid-write: what was read is kept
    try:
        unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
        unpacker.feed(save.read_bytes())
        for item in unpacker:
            walk_data(item, out)
    except (OSError, ValueError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError):
        pass
    out.extend([record.read_bytes() if record.exists() else b""])
    return out


def tokens_held(ledger: SealedDeck, state: Any) -> dict[str, str]:
    """Each sealed card a player's seat holds unopened, and that party."""
    held = {}
    for seat in state.players:
        party = party_of(ledger, seat)
        if party == HOST:
            continue
        for token in sealed_of(state, seat):
            if ledger.slots[token].card is None:
                held[token] = party
    return held


def shown_to_host(ledger: SealedDeck, state: GameState) -> set[str]:
    """The cards team rules show the host party: those in the hands of players' seats on a
    team with a seat it plays (its bots'). None without teams, or when it plays no seat."""
    if not state.teams:
        return set()
    ours = {state.teams.get(s) for s in state.players if party_of(ledger, s) == HOST}
    return {
        token
        for seat in state.players
        if party_of(ledger, seat) != HOST and state.teams.get(seat) in ours
        for token in state.hands.get(seat, ())
    }


class WatchedDeck(HostDeck):
    """The host's side of the deck, watched: at every hand-over (after each move and deck
    step, where the ledger owes teammates their shares) the cards team rules show the host
    are noted, from the game's state and the rules alone, so that the end can tell a card
    the host read by right from any other."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shown: set[str] = set()  # every token team rules ever showed the host

    def hand_over(self, events: Sequence[Event] = ()) -> None:
        state = self.state()
        if self.ledger is not None and state is not None:
            self.shown |= shown_to_host(self.ledger, state)
        super().hand_over(events)


class WatchedGame(HostGame):
    deck_class = WatchedDeck


class CuriousHost(Host):
    match_class = WatchedGame


def rightful(deck: WatchedDeck) -> dict[str, str]:
    """What the host party knows by right: its seats' cards, and its seats' teammates'."""
    shared = {t: c for t, c in deck.party.shared.items() if t in deck.shown}
    return {**shared, **deck.party.cards}


def reads_of_others(cards: dict[str, str], shared: dict[str, str], ours: set[str],
                    shown: set[str]) -> set[str]:  # fmt: skip
    """The tokens the host party read that were not its by right: of its own reads, those
    never given to it; of its teammates' shares, those team rules never showed it."""
    return (set(cards) - ours) | (set(shared) - shown)


def candidates_of(ledger: SealedDeck, token: str, host_reads: dict[str, str]) -> Counter[str]:
    """The names ``token`` could be, for anyone who knows the public ledger and what the
    host party knows by right: its deal's cards, less those of its deal opened or known to
    the host."""
    deal = ledger.deals[ledger.slots[token].deal]
    known = Counter(
        s.card for t, s in ledger.slots.items() if s.deal == deal.id and s.card is not None
    )
    known.update(c for t, c in host_reads.items() if ledger.slots[t].deal == deal.id)
    return Counter(deal.cards) - known


def take_dump(host: Host, record: Path, save: Path, both: bool) -> tuple[Dump, int] | None:
    """A dump now, if a player's seat holds a sealed card to judge or one shown the host
    (with ``both``, one of each), and the objects walked."""
    match = host.match
    if match is None or not isinstance(match.deck, WatchedDeck) or match.game is None:
        return None
    ledger = match.deck.ledger
    state = match.game.state
    if ledger is None or state.phase == "over":
        return None
    host_reads = rightful(match.deck)
    # A card a host bot's seat held before a player took it (at an elimination, or a team's
    # hand passed on), or that a teammate of the host's seats held, the host read rightly
    # then: it is not judged.
    excused = set(host_reads) | match.deck.shown
    held = {t: p for t, p in tokens_held(ledger, state).items() if t not in excused}
    shown = {t for t in tokens_held(ledger, state) if t in match.deck.shown}
    if (not held or not shown) if both else (not held and not shown):
        return None
    dump = Dump(match.n, held, {t: candidates_of(ledger, t, host_reads) for t in held}, shown)
    return dump, scan(dump, set(held) | shown, record, save)


def scan(dump: Dump, tokens: set[str], record: Path, save: Path) -> int:
    """Walk the process and the host's files into ``dump``; the objects walked."""
    objects, walked = walk_process()
    objects += read_files(record, save)
    for obj in objects:
        kind = type(obj)
        if kind is str:
            dump.names[obj] += 1
        elif kind in (bytes, bytearray) and len(obj) == 32:
            dump.scalars.add(int.from_bytes(obj, "little") % ORDER)
        elif kind is int and obj.bit_length() > 128:
            dump.scalars.add(obj % ORDER)
        elif kind is dict:
            for k, v in obj.items():
                if type(k) is str and type(v) is str and (k in tokens or v in tokens):
                    dump.pairs.add(f"{k} {v}" if k in tokens else f"{v} {k}")
        elif kind is tuple and len(obj) == 2:
            a, b = obj
            if type(a) is str and type(b) is str and (a in tokens or b in tokens):
                dump.pairs.add(f"{a} {b}" if a in tokens else f"{b} {a}")
    dump.scalars.discard(0)
    del objects
    return walked


def key_owners(ledger: SealedDeck) -> Callable[[int], str | None]:
    """Whose layer secret, or its inverse, a scalar is (or None). With a secret published
    at the end that is a lookup: B is of prime order, so ``x·B == s·B`` exactly when
    ``x == s`` (mod the order), and ``x⁻¹·B == s·B`` when ``x == s⁻¹``. A layer whose
    secret was never published (a party expelled before it shuffled) is tried the slow
    way, against its public key."""
    known: dict[int, str] = {}
    unknown: dict[bytes, str] = {}
    for p, q in ledger.parties.items():
        if p == HOST:
            continue
        if p in ledger.secrets:
            s = value_of(ledger.secrets[p])
            known |= {s: p, pow(s, -1, ORDER): p}
        else:
            unknown[bytes(q.layer)] = p

    def owner(x: int) -> str | None:
        if x in known or not unknown:
            return known.get(x)
        for k in (mul_base(scalar_of(x)), mul_base(scalar_of(pow(x, -1, ORDER)))):
            if k in unknown:
                return unknown[k]
        return None

    return owner


def judge(dump: Dump, ledger: SealedDeck, read: dict[str, str], findings: Findings,
          rng: random.Random, guessed: set[str]) -> None:  # fmt: skip
    """One dump against the truth: the cards every token was, read at the end. Keys and
    bindings are looked for in every dump; the guesser names each token once a game, at the
    first dump that judges it (``guessed``: the tokens named already)."""
    owner = key_owners(ledger)
    findings.scalars_tried += len(dump.scalars)
    keyed = {p for p in map(owner, dump.scalars) if p is not None}
    findings.keys_found += len(keyed)  # players whose key the dump holds
    findings.problems += [f"move {dump.move}: {p}'s layer key in the dump" for p in sorted(keyed)]
    for token in dump.held:
        truth = read[token]
        findings.tokens_judged += 1
        if f"{token} {truth}" in dump.pairs:
            findings.bindings += 1
            findings.problems.append(f"move {dump.move}: {token} bound to its card {truth}")
        if token not in guessed:
            guessed.add(token)
            guess(dump, token, truth, findings, rng)
    for token in dump.shown:
        findings.tokens_shown += 1
        findings.shown_bound += f"{token} {read[token]}" in dump.pairs


def guess(dump: Dump, token: str, truth: str, findings: Findings, rng: random.Random) -> None:
    """The guesser's one trial on ``token``: the candidate the dump refers to most (a
    binding with the token counting for more), against the best guess from public knowledge
    alone, which hits with the chance of the candidate the deal left most copies of."""
    left = dump.candidates[token]
    assert truth in left, (token, truth, left)
    names = sorted(left)
    bound = {p.partition(" ")[2] for p in dump.pairs if p.partition(" ")[0] == token}
    scores = {n: dump.names[n] + 1000 * (n in bound) for n in names}
    best = max(scores.values())
    findings.tokens_guessed += 1
    findings.hits += rng.choice([n for n in names if scores[n] == best]) == truth
    best_public = max(left.values()) / sum(left.values())
    findings.chance += best_public
    findings.variance += best_public * (1 - best_public)


async def curious_game(
    folder: Path,
    mode: str,
    seats: int,
    bots: int,
    seed: str,
    dumps: int,
    seconds: float,
    within: int = 250,
    both: bool = False,
) -> Findings:
    """One game, with ``dumps`` dumps at moves drawn from 10 to ``within``, each taken at
    the first move from there where a player's seat holds a sealed card (with ``both``, a
    card judged and a card team rules show the host at once)."""
    findings = Findings(mode, seats, bots)
    rng = random.Random(seed)
    record, save = folder / "game.rec", folder / "game.save"
    config = HostConfig(
        seats=seats, bots=bots, mode=mode, sealed=True, record=str(record), save=str(save)
    )
    host = CuriousHost(config)
    port = await host.serve("127.0.0.1", 0)
    at = sorted(rng.sample(range(10, within), dumps))
    taken: list[Dump] = []
    players = []
    for i in range(seats - bots):
        with (folder / f"p{i}.out").open("w") as out:
            players.append(
                await asyncio.create_subprocess_exec(
                    *RISK_LAN, "join", f"127.0.0.1:{port}", "--bot", "--name", f"p{i}",
                    stdout=out, stderr=asyncio.subprocess.STDOUT,
                )
            )  # fmt: skip
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    try:
        while not all(p.returncode is not None for p in players):
            if loop.time() > deadline:
                findings.error = f"no end in {seconds:.0f} s"
                break
            match = host.match
            # A dump waits, from its drawn move, for a move after the last dump's where a
            # player's seat holds a sealed card: one with nothing to judge tells nothing (a
            # team game holds no card before its first turns end, and is soon over).
            after = taken[-1].move if taken else -1
            if at and match is not None and match.n >= at[0] and match.n > after:
                made = take_dump(host, record, save, both)
                if made is not None:
                    at.pop(0)
                    taken.append(made[0])
                    findings.objects += made[1]
            await asyncio.sleep(0.01)
    finally:
        for p in players:
            if p.returncode is None:
                p.kill()
            await p.wait()
        await host.close()
    match = host.match
    if match is None or match.deck is None or match.deck.ledger is None:
        findings.error = findings.error or "no sealed game"
        return findings
    ledger = match.deck.ledger
    findings.parties = len(ledger.order)
    findings.moves = match.n
    findings.winner = match.game.winner if match.game is not None else None
    if findings.error is None and findings.winner is None:
        findings.error = "no winner"
    try:
        read = ledger.read_all()
    except Exception as e:  # a game that did not end reads nothing: say why
        findings.error = findings.error or f"the cards could not be read: {e}"
        return findings
    assert isinstance(match.deck, WatchedDeck)
    party, shown = match.deck.party, match.deck.shown
    ours = given_to_host(ledger)
    wrong = reads_of_others(party.cards, party.shared, ours, shown)
    findings.host_reads_others = len(wrong)
    findings.problems += [f"the host party read {t}, not its by right" for t in sorted(wrong)]
    guessed: set[str] = set()
    for dump in taken:
        findings.dumps += 1
        judge(dump, ledger, read, findings, rng, guessed)
    control(host, taken, read, record, save, findings, rng)
    return findings


def given_to_host(ledger: SealedDeck) -> set[str]:
    """The tokens the ledger ever gave the host party (its seats' cards)."""
    return {e["token"] for e in ledger.journal if e.get("kind") == "give" and e["party"] == HOST}


def control(host: Host, taken: list[Dump], read: dict[str, str], record: Path, save: Path,
            findings: Findings, rng: random.Random) -> None:  # fmt: skip
    """The checks run on a dump after the end (every layer's secret public by then) with the
    first judged token bound to its card in a dict, which they must find, and the guesser
    must name. A judged token is never one team rules showed the host at its dump, so in a
    team game the control is a card of a seat on no team of the host's then (the winners of a
    team game take the cards of the player they put out, so it may be shown at the very end).
    And a card never the host's by right, planted among its teammates' shares, must be
    counted as a read of another's."""
    first = next((d for d in taken if d.held), None)
    if first is None or host.match is None or not isinstance(host.match.deck, WatchedDeck):
        return
    deck = host.match.deck
    ledger = deck.ledger
    assert ledger is not None
    token = next(iter(first.held))
    ours = given_to_host(ledger)
    other = next(t for t in sorted(read) if t not in deck.shown and t not in ours)
    shared = {**deck.party.shared, other: read[other]}
    findings.control_reads = int(
        other in reads_of_others(deck.party.cards, shared, ours, deck.shown)
    )
    planted = {token: read[token]}  # held for the walk to find (``read`` binds them all too)
    after = Dump(first.move, first.held, first.candidates)
    scanned = scan(after, set(first.held), record, save)
    del planted
    seen = Findings(findings.mode, findings.seats, findings.bots)
    judge(after, ledger, read, seen, rng, set())
    findings.control_keys = seen.keys_found
    findings.control_bindings = seen.bindings
    findings.control_hits = seen.hits
    findings.objects += scanned


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="secret-mission")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--bots", type=int, default=1)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--dumps", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=240)
    parser.add_argument("--within", type=int, default=250, help="dumps before this move")
    parser.add_argument(
        "--both", action="store_true", help="dump only where a card is judged and one shown"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        findings = asyncio.run(
            curious_game(
                Path(folder), args.mode, args.seats, args.bots, args.seed, args.dumps,
                args.seconds, args.within, args.both,
            )
        )  # fmt: skip
    print(json.dumps(asdict(findings)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
