"""Territory cards: what a card shows, which cards make a set, and what a set is worth."""

from __future__ import annotations

from itertools import combinations

from .board import CARD_SYMBOLS, Board

JOKER = "joker"
JOKER_PREFIX = "joker_"


def deck_cards(board: Board) -> list[str]:
    """Every card of the deck: one per territory (its id) and the jokers (``joker_1`` …)."""
    return [*board.territory_ids, *(f"{JOKER_PREFIX}{i + 1}" for i in range(board.jokers))]


def is_joker(card: str) -> bool:
    return card.startswith(JOKER_PREFIX)


def symbol(board: Board, card: str) -> str:
    """``infantry``, ``cavalry``, ``artillery`` or ``joker``."""
    return JOKER if is_joker(card) else board.territories[card].card


def set_kinds(symbols: tuple[str, ...] | list[str]) -> list[str]:
    """What three symbols can stand for, jokers being wild.

    ``alike:<symbol>`` (three of one symbol), ``one_each`` (one of each symbol) and
    ``joker_pair`` (a joker with two cards that are, or can be, identical — rulebook 000-A's
    12-army line). An empty list means the three cards are no set.
    """
    if len(symbols) != 3:
        return []
    plain = [s for s in symbols if s != JOKER]
    jokers = 3 - len(plain)
    kinds: list[str] = []
    distinct = set(plain)
    if len(distinct) <= 1:
        kinds.extend(f"alike:{s}" for s in CARD_SYMBOLS if not distinct or s in distinct)
    if len(distinct) == len(plain):
        kinds.append("one_each")
    if jokers and len(distinct) <= 1:
        kinds.append("joker_pair")
    return kinds


# The fixed tables. Rulebook 001 «Risk MISSION» and rulebook 002 «RISK par équipe»: by symbol.
FIXED_MODERN = {"alike:infantry": 4, "alike:cavalry": 6, "alike:artillery": 8, "one_each": 10}
# Rulebook 000-A «FORCES ARMÉES» C. A joker with two different cards is not in the rulebook's
# table; it counts as one of each (10), see docs/rules.md.
FIXED_OLD = {
    "alike:artillery": 4,
    "alike:infantry": 6,
    "alike:cavalry": 8,
    "one_each": 10,
    "joker_pair": 12,
}
FIXED_TABLES = {"fixed_modern": FIXED_MODERN, "fixed_old": FIXED_OLD}

# Rulebook 004 «2) NOMBRE D'ÉTOILES ÉCHANGÉ»: the armies for the stars traded at once, 2 to 10.
# The rulebook prints no card's stars (RULES.md Part 1.4): the project's deck gives infantry and
# cavalry 1 star, artillery and jokers 2 (docs/rules.md, decision 38).
STARS = {"infantry": 1, "cavalry": 1, "artillery": 2, JOKER: 2}
STAR_ARMIES = {2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}
MOST_STARS = max(STAR_ARMIES)


def stars(board: Board, cards: tuple[str, ...] | list[str]) -> int:
    """The stars these cards show, in all."""
    return sum(STARS[symbol(board, c)] for c in cards)


def star_trades(hand: list[str], board: Board, limit: int = 10) -> list[tuple[str, ...]]:
    """Every trade of 2 to 10 stars among the first ``limit`` cards of ``hand`` (sorted card
    tuples, in a stable order). Past 10 cards the subsets are too many to list; any other
    trade of the hand is as good (docs/engine.md)."""
    cards = sorted(hand[:limit])
    out: list[tuple[str, ...]] = []
    for size in range(1, len(cards) + 1):
        for combo in combinations(cards, size):
            if min(STAR_ARMIES) <= stars(board, combo) <= MOST_STARS:
                out.append(combo)
    return out


def escalating_value(index: int, start: tuple[int, ...], step: int) -> int:
    """The value of the game's ``index``-th set (0 = first), counted across all players."""
    if index < len(start):
        return start[index]
    return start[-1] + step * (index - len(start) + 1)


def fixed_value(table: dict[str, int], symbols: tuple[str, ...] | list[str]) -> int:
    """The best value a set can claim in a fixed table; 0 when it is no set there."""
    return max((table[k] for k in set_kinds(symbols) if k in table), default=0)


def is_set(symbols: tuple[str, ...] | list[str], rule: str = "standard") -> bool:
    """Whether cards of these symbols make a set under the rule set's ``sets``: "standard"
    (``set_kinds``), or "one_each_or_joker", one of each symbol or a joker alone (000-B)."""
    if rule == "one_each_or_joker":
        return list(symbols) == [JOKER] or (
            len(symbols) == 3 and JOKER not in symbols and len(set(symbols)) == 3
        )
    return bool(set_kinds(symbols))


def valid_sets(
    hand: list[str], board: Board, table: dict[str, int] | None, rule: str = "standard"
) -> list[tuple[str, ...]]:
    """Every set in ``hand`` (as sorted card tuples: three cards, or under "one_each_or_joker"
    a joker alone), in a stable order. A fixed ``table`` says itself which sets it takes."""
    cards = sorted(hand)
    symbols = {c: symbol(board, c) for c in cards}
    out: list[tuple[str, ...]] = []
    if rule == "one_each_or_joker" and table is None:
        out.extend((c,) for c in cards if symbols[c] == JOKER)
    for combo in combinations(cards, 3):
        syms = [symbols[c] for c in combo]
        if table is None:
            if is_set(syms, rule):
                out.append(combo)
        elif fixed_value(table, syms):
            out.append(combo)
    return out
