"""The test vectors of docs/protocol.md: their inputs, their outputs as the project's code
makes them (each checked against the doc's own description, ``protocol_doc_reference``), and
their form in the doc. ``test_protocol_docs.py`` recomputes them and writes them into the
doc."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import unicodedata
from functools import cache
from typing import Any

from nacl.signing import VerifyKey
from protocol_doc_deck import DECK_DESCRIPTIONS, DECK_VECTORS, deck_specs
from protocol_doc_reference import canonical, draws, permutation, preimage

from protocol.fairness import (
    DerivedSource,
    HashChain,
    RollSource,
    commit_secret,
    digest,
    roll_seed,
    shuffle_seed,
)
from protocol.framing import HEADER, encode, pack
from protocol.password import password_key, password_proof
from protocol.signing import SIGNING_DOMAIN, Identity, verify
from protocol.transcript import Transcript
from risk_lan.rules import Attack, Game
from risk_lan.rules.board import classic_board
from risk_lan.rules.capitals import seal
from risk_lan.rules.presets import ruleset
from risk_lan.rules.setup import roll_for_order
from risk_lan.rules.state import GameState

# ----- values in JSON: bytes as {"$bin": hex} ---------------------------------------------


def jsonable(value: Any) -> Any:
    if isinstance(value, bytes):
        return {"$bin": value.hex()}
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value


def from_json(text: str) -> Any:
    def bins(obj: dict[str, Any]) -> Any:
        return bytes.fromhex(obj["$bin"]) if list(obj) == ["$bin"] else obj

    return json.loads(text, object_hook=bins)


def compact(value: Any) -> str:
    return json.dumps(jsonable(value), ensure_ascii=False, separators=(", ", ": "))


def _wrap(items: list[str], width: int = 90) -> list[str]:
    """Short items several to a line (the last without its comma)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(item) + 2 <= width:
            lines[-1] += ", " + item
        else:
            lines.append(item)
    return lines


def block(vector: dict[str, Any]) -> str:
    """A vector as a JSON block: a key a line, a long list an element a line."""
    lines = ["```json", "{"]
    items = list(vector.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        one_line = compact(value)
        if isinstance(value, list) and value and len(one_line) > 80:
            inner = [compact(v) for v in value]
            if all(isinstance(v, int) for v in value):
                inner = _wrap(inner)
            lines.append(f"  {json.dumps(key)}: [")
            lines.extend(f"    {x}," for x in inner[:-1])
            lines.append(f"    {inner[-1]}")
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key, ensure_ascii=False)}: {one_line}{comma}")
    lines += ["}", "```"]
    return "\n".join(lines)


def _part(spec: dict[str, Any]) -> bytes | int | str:
    (kind, value), *_ = spec.items()
    return bytes.fromhex(value) if kind == "bin" else value


def battle_events(
    seed: bytes, source_armies: int, target_armies: int, dice: int, defence: int, stop_at: Any
) -> list[dict[str, Any]]:
    """The events of an attack from alaska (p1) on kamchatka (p2, standing defence), made
    by the engine with the dice of ``seed``."""
    players = ["p1", "p2", "p3"]
    state = GameState(classic_board(), ruleset("classic"), players)
    for i, territory in enumerate(state.board.territory_ids):
        state.owner[territory] = players[i % 3]
        state.armies[territory] = 1
    state.owner["alaska"], state.armies["alaska"] = "p1", source_armies
    state.owner["kamchatka"], state.armies["kamchatka"] = "p2", target_armies
    state.recount()
    state.phase, state.current, state.turn, state.round = "attack", "p1", 1, 1
    state.auto_defend["p2"] = defence
    game = Game(state, DerivedSource(seed))
    return [e.to_dict() for e in game.apply("p1", Attack("alaska", "kamchatka", dice, stop_at))]


def compute(kind: str, given: dict[str, Any]) -> dict[str, Any]:
    """The vector of ``kind`` for the inputs ``given``, its outputs made by the project's code."""
    if kind in DECK_VECTORS:
        return {"vector": kind, **given, **DECK_VECTORS[kind](given)}
    return _fairness_vector(kind, given)


def _fairness_vector(kind: str, given: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"vector": kind, **given}
    if kind == "digest":
        parts = [_part(p) for p in given["parts"]]
        out["preimage"] = preimage(given["label"], *parts).hex()
        out["digest"] = digest(given["label"], *parts).hex()
    elif kind == "chain":
        seed = bytes.fromhex(given["seed"])
        chain = HashChain(given["game"], given["length"], seed)
        out["links"] = [chain.tip.hex()] + [
            chain.link(k).hex() for k in range(1, given["length"] + 1)
        ]
        assert chain.link(given["length"]) == digest("chain-seed", seed)
    elif kind == "host-secret":
        out["commitment"] = commit_secret(given["game"], bytes.fromhex(given["secret"])).hex()
    elif kind == "canonical":
        out["msgpack"] = pack(given["value"]).hex()
        assert canonical(given["value"]) == pack(given["value"]), "the doc's encoding"
    elif kind == "roll-seed":
        links = [bytes.fromhex(x) for x in given["links"]]
        out["context"] = pack(given["move"]).hex()
        assert canonical(given["move"]) == pack(given["move"]), "the doc's encoding"
        seed = roll_seed(given["game"], given["roll"], pack(given["move"]), links)
        parts = (given["game"], given["roll"], pack(given["move"]), len(links), *links)
        assert seed == hashlib.sha256(preimage("roll", *parts)).digest()
        out["seed"] = seed.hex()
    elif kind == "dice":
        seed = bytes.fromhex(given["seed"])
        words, values = draws(seed, 6, given["count"])
        out["stream"] = [digest("stream", seed, i).hex() for i in range(2)]
        out["words"] = words
        out["dice"] = DerivedSource(seed).dice(given["count"])
        assert out["dice"] == [v + 1 for v in values], "the doc's dice are not the code's"
    elif kind == "randbelow":
        seed = bytes.fromhex(given["seed"])
        words, values = draws(seed, given["n"], given["count"])
        source = DerivedSource(seed)
        out["words"] = words
        out["values"] = [source.randbelow(given["n"]) for _ in range(given["count"])]
        assert out["values"] == values, "the doc's rejection sampling is not the code's"
    elif kind == "shuffle":
        seed, secret = bytes.fromhex(given["seed"]), bytes.fromhex(given["host_secret"])
        mixed = shuffle_seed(seed, secret)
        out["shuffle_seed"] = mixed.hex()
        out["permutation"] = RollSource(seed, secret).permutation(given["n"])
        assert out["permutation"] == permutation(mixed, given["n"])
    elif kind == "order-roll":
        winner, event = roll_for_order(
            DerivedSource(bytes.fromhex(given["seed"])), given["players"], "first_placer"
        )
        out["rounds"] = [[[p, d] for p, d in rolls.items()] for rolls in event.rolls]
        out["winner"] = winner
    elif kind == "blitz":
        out.update(_blitz(given))
    elif kind == "seal":
        out["seal"] = seal(given["player"], given["territory"], given["nonce"])
    elif kind == "signed":
        out.update(_signed(given))
    elif kind == "transcript":
        out.update(_transcript(given))
    elif kind == "password":
        salt, nonce = bytes.fromhex(given["salt"]), bytes.fromhex(given["nonce"])
        client_key = bytes.fromhex(given["client_key"])
        key = password_key(given["password"], salt)
        mac = password_proof(key, nonce, client_key)
        # As the doc says it, apart from the project's code.
        typed = unicodedata.normalize("NFC", given["password"]).encode()
        assert key == hashlib.pbkdf2_hmac("sha256", typed, salt, 200_000, 32)
        said = b"risk-lan/6/password" + nonce + client_key
        assert mac == hmac.new(key, said, hashlib.sha256).digest()
        out["key"], out["mac"] = key.hex(), mac.hex()
        out["proof"] = pack({"mac": mac, "type": "proof"}).hex()
    else:
        raise ValueError(f"no vector of kind {kind!r}")
    return out


def _blitz(given: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    seed = bytes.fromhex(given["seed"])
    events = battle_events(
        seed,
        given["source_armies"],
        given["target_armies"],
        given["dice"],
        given["defence"],
        given["stop_at"],
    )
    source = DerivedSource(seed)
    out["drawn"] = [
        [source.dice(len(e["attacker_dice"])), source.dice(len(e["defender_dice"]))]
        for e in events
        if e["type"] == "battle"
    ]
    out["events"] = events
    battles = [e for e in events if e["type"] == "battle"]
    for (attacker, defender), battle in zip(out["drawn"], battles, strict=True):
        assert sorted(attacker, reverse=True) == battle["attacker_dice"]
        assert sorted(defender, reverse=True) == battle["defender_dice"]
    return out


def _transcript(given: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    identity = Identity.from_private_bytes(bytes.fromhex(given["private_key"]))
    transcript = Transcript(given["game"])
    out["public_key"] = identity.public_key.hex()
    out["t0"] = transcript.hash.hex()
    steps = []
    assert transcript.hash == hashlib.sha256(preimage("transcript", given["game"])).digest()
    for body in given["bodies"]:
        before = transcript.hash
        envelope = identity.sign("host", body, before)
        after = transcript.add(envelope)
        step = preimage("transcript-step", before, canonical(envelope))
        assert after == hashlib.sha256(step).digest()
        steps.append({"sig": envelope["sig"].hex(), "hash": after.hex()})
    out["steps"] = steps
    out["code"] = transcript.code
    short = base64.b32encode(transcript.hash[:5]).decode()
    assert out["code"] == f"{short[:4]}-{short[4:]}"
    return out


def _signed(given: dict[str, Any]) -> dict[str, Any]:
    identity = Identity.from_private_bytes(bytes.fromhex(given["private_key"]))
    prev = bytes.fromhex(given["prev"])
    envelope = identity.sign(given["sender"], given["body"], prev)
    signed = SIGNING_DOMAIN + pack([given["sender"], given["body"], prev])
    assert signed == b"risk-lan/1/signed" + canonical([given["sender"], given["body"], prev])
    # What the doc says is signed is what verifies, with the plain Ed25519 of any library.
    VerifyKey(identity.public_key).verify(signed, envelope["sig"])
    assert verify(envelope, identity.public_key, prev) == given["body"]
    framed = encode(envelope)
    return {
        "public_key": identity.public_key.hex(),
        "signed_bytes": signed.hex(),
        "sig": envelope["sig"].hex(),
        "envelope": pack(envelope).hex(),
        "frame_header": framed[: HEADER.size].hex(),
    }


# ----- the vectors the doc holds ------------------------------------------------------------

GAME = "example-game"
SEED = bytes(range(32)).hex()
SECRET = (b"\x5a" * 32).hex()
HOST_KEY = bytes(range(32)).hex()  # Ed25519 private keys (their 32-byte seeds)
P1_KEY = bytes(range(32, 64)).hex()


def _public(private_hex: str) -> bytes:
    return Identity.from_private_bytes(bytes.fromhex(private_hex)).public_key


def _tied_seed(players: list[str]) -> str:
    """The first example seed whose first order roll ties at the top, to show a reroll."""
    for i in range(1000):
        seed = digest("order example", i)
        _, event = roll_for_order(DerivedSource(seed), players, "first_placer")
        if len(event.rolls) > 1:
            return seed.hex()
    raise AssertionError("no tie in 1000 seeds")


@cache
def specs() -> list[tuple[str, dict[str, Any]]]:
    """The inputs of every vector in the doc, in order."""
    attack = {"dice": 3, "source": "alaska", "stop_at": 1, "target": "kamchatka", "type": "attack"}
    move = {
        "action": attack,
        "game": GAME,
        "n": 7,
        "request": None,
        "roll": 3,
        "seat": "p2",
        "type": "move",
    }
    links = [digest("example link", i).hex() for i in range(3)]
    act = {
        "action": {"count": 3, "territory": "alaska", "type": "place"},
        "game": GAME,
        "seq": 1,
        "type": "act",
    }
    start = {
        "chain_length": 16384,
        "contributors": ["host", "p1"],
        "game": GAME,
        "keys": {"host": _public(HOST_KEY), "p1": _public(P1_KEY)},
        "players": [
            {"colour": "red", "kind": "human", "name": "Ann", "seat": "p1"},
            {"colour": "blue", "kind": "bot", "name": "bot-1", "seat": "p2"},
            {"colour": "green", "kind": "bot", "name": "bot-2", "seat": "p3"},
        ],
        "rules": "classic",
        "secret_commit": commit_secret(GAME, bytes.fromhex(SECRET)),
        "type": "start",
    }
    first_move = {
        "action": {"rules": "classic", "type": "start_game"},
        "game": GAME,
        "n": 1,
        "request": None,
        "roll": 1,
        "seat": "host",
        "type": "move",
    }
    takeover = {"game": GAME, "roll": 2, "seat": "p1", "type": "takeover"}
    # p1 revealed a link that is not its chain's for roll 3: the host expels it, the reveal
    # (signed by p1) as evidence.
    garbage = {
        "game": GAME,
        "link": bytes(32),
        "roll": 3,
        "seen": bytes(range(32)),
        "type": "reveal",
    }
    evidence = Identity.from_private_bytes(bytes.fromhex(P1_KEY)).sign("p1", garbage)
    expel = {
        "evidence": [evidence],
        "game": GAME,
        "roll": 4,
        "seat": "p1",
        "type": "expel",
        "why": "bad_reveal",
    }
    canonical = {
        "type": "example",
        "b": jsonable(b"\x00\xff"),
        "a": [0, 127, 128, 255, 256, 65535, 65536, 4294967296, -1, -32, -33, -129],
        "é": True,
        "B": False,
        "z": None,
        "nested": {"y": "x" * 40, "x": []},
    }
    return [
        ("digest", {"label": "example", "parts": [{"int": 1}, {"str": "héllo"}, {"bin": "00ff"}]}),
        ("chain", {"game": GAME, "seed": SEED, "length": 4}),
        ("host-secret", {"game": GAME, "secret": SECRET}),
        ("canonical", {"value": from_json(json.dumps(canonical))}),
        ("roll-seed", {"game": GAME, "roll": 3, "move": move, "links": links}),
        ("dice", {"seed": SEED, "count": 20}),
        ("randbelow", {"seed": SEED, "n": 3_000_000_000, "count": 6}),
        ("shuffle", {"seed": SEED, "host_secret": SECRET, "n": 10}),
        (
            "order-roll",
            {"seed": _tied_seed(["p1", "p3", "p2", "p4"]), "players": ["p1", "p3", "p2", "p4"]},
        ),
        (
            "blitz",
            {
                "seed": SEED,
                "source_armies": 12,
                "target_armies": 5,
                "dice": 3,
                "defence": 2,
                "stop_at": 1,
            },
        ),
        (
            "seal",
            {"player": "p1", "territory": "alaska", "nonce": "00112233445566778899aabbccddeeff"},
        ),
        ("signed", {"private_key": P1_KEY, "sender": "p1", "body": act, "prev": ""}),
        (
            "signed",
            {"private_key": HOST_KEY, "sender": "host", "body": takeover, "prev": "ab" * 32},
        ),
        ("signed", {"private_key": HOST_KEY, "sender": "host", "body": expel, "prev": "cd" * 32}),
        (
            "transcript",
            {"game": GAME, "private_key": HOST_KEY, "bodies": [start, first_move, takeover]},
        ),
        (
            "password",
            {
                "password": "Café au lait",
                "salt": "000102030405060708090a0b0c0d0e0f",
                "nonce": "f0e0d0c0b0a090807060504030201000",
                "client_key": _public(P1_KEY).hex(),
            },
        ),
        *deck_specs(),
    ]


DESCRIPTIONS = {
    "digest": "`H(label, parts…)`: `preimage` is every byte SHA-256 reads, `digest` the hash. "
    'Each part is `{"int": n}`, `{"str": s}` or `{"bin": hex}`.',
    "chain": "A hash chain: `links[k]` is `x_k`, so `links[0]` is the tip and `links[length]` "
    'is `H("chain-seed", seed)`.',
    "host-secret": "The host's commitment to its secret, `secret_commit` in `start`.",
    "canonical": "Canonical msgpack of `value` (keys sorted by their UTF-8 bytes, integers "
    "shortest, text as str, bytes as bin).",
    "roll-seed": "A roll's seed: `context` is the canonical msgpack of the `move` body, "
    "`links` the revealed links in contributor order.",
    "dice": "Dice from a seed: the first two blocks of its stream, the 32-bit words read, the "
    "dice (`word % 6 + 1`).",
    "randbelow": "Rejection sampling, seen with a bound that rejects often: every word read "
    "(rejected ones included) and the values accepted below `n`.",
    "shuffle": "A shuffle: its seed (the roll's seed mixed with the host's secret) and the "
    "permutation of `range(n)` drawn from it.",
    "order-roll": "A roll for order, with a tie at the top: each round lists "
    "`[seat, die]` in the order the dice are drawn (seat order, only the tied seats again).",
    "blitz": "A blitz from alaska (`source_armies`) on kamchatka (`target_armies`), `dice` "
    "attacking dice, a standing defence of `defence`, stopping at `stop_at`: the dice as "
    "drawn for each battle (attacker's, then defender's) and the events as the update "
    "carries them (dice sorted highest first).",
    "seal": "A sealed choice of headquarters (`seal_capital`).",
    "signed": "A signed envelope from a fixed private key (the 32-byte Ed25519 seed): the "
    "bytes signed, the signature, the envelope's canonical msgpack and its frame header.",
    "password": "A game's password proved (`challenge`, `proof`): the key stretched from the "
    "password and the salt, the HMAC of the nonce and the joiner's key under it, and the "
    "`proof` message's canonical msgpack (the password's é is U+00E9, NFC).",
    "transcript": "A transcript: the host signs each body over the hash before it (`prev`); "
    '`t0` is `H("transcript", game)`, the hash before any message; each step gives the '
    "signature and the hash after it; `code` is the short code after the last.",
    **DECK_DESCRIPTIONS,
}


def vectors_section() -> str:
    parts: list[str] = []
    seen: set[str] = set()
    for kind, given in specs():
        if kind not in seen:
            seen.add(kind)
            parts.append(f"**`{kind}`**. {DESCRIPTIONS[kind]}")
        parts.append(block(compute(kind, given)))
    return "\n\n".join(parts)
