"""The generated parts of docs/protocol.md besides the vectors: a roll worked out byte by byte,
and the tables made from the code and its data files (the board, the card values, the
objectives, the rule sets, the size of each client message)."""

from __future__ import annotations

import json

from protocol_doc_reference import draws, preimage, preimage_lines
from protocol_doc_vectors import (
    GAME,
    P1_KEY,
    SECRET,
    battle_events,
    compact,
    jsonable,
    vectors_section,
)

from protocol.fairness import HashChain, digest, roll_seed, shuffle_seed
from protocol.framing import pack
from protocol.messages import MAX_PACKED
from protocol.signing import Identity
from risk_lan.rules import Attack
from risk_lan.rules.board import classic_board
from risk_lan.rules.cards import FIXED_TABLES, deck_cards
from risk_lan.rules.objectives import objectives
from risk_lan.rules.presets import RULESETS

# ----- the worked roll ----------------------------------------------------------------------


def _preimage_block(label: str, *parts: bytes | int | str, names: tuple[str, ...] = ()) -> str:
    """The bytes of H(label, parts…) a part a line, long parts cut (their bytes are shown
    elsewhere), each with what it is."""
    preimage(label, *parts)  # asserts the layout is the code's
    rows = []
    for i, (hexed, what) in enumerate(preimage_lines(label, *parts)):
        if i and i <= len(names):
            what = f"{what}: {names[i - 1]}"
        if len(hexed) > 9 + 64:
            hexed = hexed[: 9 + 16] + "…"
        rows.append(f"{hexed:<75}  {what}")
    return "```\n" + "\n".join(rows) + "\n```"


def _hex_lines(data: bytes, width: int = 32) -> str:
    return "\n".join(data[i : i + width].hex() for i in range(0, len(data), width))


def worked_roll() -> str:
    """A roll from the chains to the battle it decides, every value from the project's code."""
    seeds = {"host": b"\x01" * 32, "p1": b"\x02" * 32, "p2": b"\x03" * 32}
    length, roll = 8, 2
    chains = {who: HashChain(GAME, length, seed) for who, seed in seeds.items()}
    p1 = Identity.from_private_bytes(bytes.fromhex(P1_KEY))
    action = Attack("alaska", "kamchatka", 3, None).to_dict()
    request = p1.sign("p1", {"action": action, "game": GAME, "seq": 4, "type": "act"})
    move = {
        "action": action,
        "game": GAME,
        "n": 5,
        "request": request,
        "roll": roll,
        "seat": "p1",
        "type": "move",
    }
    context = pack(move)
    links = [chains[who].link(roll) for who in seeds]
    seed = roll_seed(GAME, roll, context, links)
    host_secret = bytes.fromhex(SECRET)
    words, values = draws(seed, 6, 5)
    assert max(words) < 6 * (2**32 // 6), "the prose below says no word is rejected"
    events = battle_events(seed, 4, 3, 3, 2, None)
    battle = next(e for e in events if e["type"] == "battle")
    assert battle["attacker_dice"] == sorted((v + 1 for v in values[:3]), reverse=True)
    assert battle["defender_dice"] == sorted((v + 1 for v in values[3:]), reverse=True)
    c = chains["p1"]
    top = c.link(length)
    out = [
        f'The game is `"{GAME}"`; its contributors, in the order of `start`, are `host`, '
        f"`p1` and `p2`; `chain_length` is {length} (a real game uses 16384). Each made its "
        "chain from a secret 32-byte seed (here `01…01`, `02…02` and `03…03`).",
        f'**1. The chains.** `p1`\'s last link is `x_{length} = H("chain-seed", seed)`:',
        _preimage_block("chain-seed", seeds["p1"]),
        f"`x_{length}` = `{top.hex()}`. Each link before it is "
        f'`x_(k-1) = H("chain", game, k, x_k)`; the first step, for k = {length}:',
        _preimage_block("chain", GAME, length, top, names=("game", "k", f"x_{length}")),
        "and so on down to the tip `x_0`, which each contributor signed in its `commit`: "
        + ", ".join(f"`{who}` `{ch.tip.hex()}`" for who, ch in chains.items())
        + ".",
        f"**2. The move.** Roll {roll - 1} is made; `p1` asks to attack kamchatka from "
        f"alaska with 3 dice, and the host publishes move 5 with roll {roll}. Its body "
        "(inside the host's signed envelope), with the player's signed `act` as `request`:",
        "```json\n" + json.dumps(jsonable(move), sort_keys=True, ensure_ascii=False) + "\n```",
        f"Its canonical msgpack, the roll's *context* ({len(context)} bytes):",
        "```\n" + _hex_lines(context) + "\n```",
        f"**3. The reveals.** Each contributor reveals `x_{roll}` of its chain: "
        + ", ".join(f"`{who}` `{link.hex()}`" for who, link in zip(seeds, links, strict=True))
        + f". Each is checked with one hash against the link accepted before it (`x_{roll - 1}`, "
        f"revealed for roll {roll - 1}); for `p1`, "
        f'`H("chain", game, {roll}, x_{roll})` = `{c.link(roll - 1).hex()}` = `x_{roll - 1}`.',
        f'**4. The roll\'s seed** is `H("roll", game, {roll}, context, 3, link_host, link_p1, '
        "link_p2)`:",
        _preimage_block(
            "roll",
            GAME,
            roll,
            context,
            len(links),
            *links,
            names=("game", "roll", "context", "count", "host", "p1", "p2"),
        ),
        f"`seed` = `{seed.hex()}`.",
        '**5. The dice.** The stream\'s first block is `H("stream", seed, 0)`:',
        _preimage_block("stream", seed, 0, names=("seed", "block")),
        f"= `{digest('stream', seed, 0).hex()}`. Read 4 bytes at a time, big-endian: "
        + ", ".join(str(w) for w in words)
        + ". None is at or above 4294967292 (6 × 715827882), so none is rejected, and each "
        "die is `word % 6 + 1`: "
        + ", ".join(str(v + 1) for v in values)
        + ". Alaska holds 4 armies and kamchatka 3, defended by a standing 2 dice: the "
        "attacker's 3 dice are drawn first, then the defender's 2. Each side is sorted "
        f"highest first and compared pair by pair: attacker {battle['attacker_dice']}, "
        f"defender {battle['defender_dice']}; the attacker loses "
        f"{battle['attacker_losses']}, the defender {battle['defender_losses']}. The update "
        "carries the battle as",
        "```json\n" + compact(battle) + "\n```",
        "and every client draws the same dice from the same seed and compares them.",
        "**6. Shuffles.** Had the move shuffled (the deck, say), the permutation would come "
        'from a second stream, seeded with `H("shuffle", seed, host_secret)`; with the '
        f"host's secret `{SECRET[:8]}…` of the vectors below, "
        f"`{shuffle_seed(seed, host_secret).hex()}`.",
    ]
    return "\n\n".join(out)


# ----- the board, the objectives and the rule sets, as tables -------------------------------


def board_section() -> str:
    board = classic_board()
    out = [
        f"Board `{board.id}` ({board.name_en} / {board.name_fr}): "
        f"{len(board.continents)} continents, {len(board.territories)} territories, "
        f"{len(board.borders)} borders, {board.jokers} jokers. The deck is "
        f"{len(deck_cards(board))} cards: one per territory, whose id is the territory's, "
        "then " + ", ".join(f"`{c}`" for c in deck_cards(board)[len(board.territories) :]) + ".",
        "| Continent | Bonus | Name (en / fr) | Territories |\n|---|---|---|---|\n"
        + "\n".join(
            f"| `{c.id}` | {c.bonus} | {c.name_en} / {c.name_fr} | {len(c.territories)} |"
            for c in board.continents.values()
        ),
        "| Territory | Continent | Card | Name (en / fr) | Neighbours |\n|---|---|---|---|---|\n"
        + "\n".join(
            f"| `{t.id}` | `{t.continent}` | {t.card} | {t.name_en} / {t.name_fr} | "
            + ", ".join(t.neighbours)
            + " |"
            for t in board.territories.values()
        ),
    ]
    return "\n\n".join(out)


def objectives_section() -> str:
    rows = []
    for o in objectives().values():
        if o.continents:
            what = "continents " + ", ".join(f"`{c}`" for c in o.continents)
            if o.extra_continents:
                what += f", and {o.extra_continents} other continent(s)"
        elif o.territories:
            what = f"{o.territories} territories"
            if o.armies_each > 1:
                what += f", at least {o.armies_each} armies on each"
        else:
            what = f"eliminate the `{o.destroy}` player"
        rows.append(f"| `{o.id}` | {what} | {o.en} |")
    return "| Objective | Goal | Card text (en) |\n|---|---|---|\n" + "\n".join(rows)


def presets_section() -> str:
    rows = [
        f"| `{r.name}` | {r.title} | {r.players_text()} | {r.victory} | {r.distribution} |"
        for r in RULESETS.values()
    ]
    head = "| `rules` / `mode` | Title | Players | `victory` | `distribution` |\n"
    head += "|---|---|---|---|---|\n"
    return head + "\n".join(rows)


def card_values_section() -> str:
    kinds = sorted({k for table in FIXED_TABLES.values() for k in table})
    head = "| Set | " + " | ".join(f"`{name}`" for name in FIXED_TABLES) + " |\n"
    head += "|---|" + "---|" * len(FIXED_TABLES) + "\n"
    rows = [
        f"| `{k}` | " + " | ".join(str(t.get(k, "—")) for t in FIXED_TABLES.values()) + " |"
        for k in kinds
    ]
    return head + "\n".join(rows)


def sizes_section() -> str:
    rows = [f"| `{kind}` | {size} |" for kind, size in MAX_PACKED.items()]
    return "| Message | At most (bytes) |\n|---|---|\n" + "\n".join(rows)


def generated_sections() -> dict[str, str]:
    return {
        "sizes": sizes_section(),
        "worked-roll": worked_roll(),
        "vectors": vectors_section(),
        "board": board_section(),
        "card-values": card_values_section(),
        "objectives": objectives_section(),
        "presets": presets_section(),
    }
