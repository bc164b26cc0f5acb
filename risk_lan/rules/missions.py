"""Risk Mission's cards (RULES.md 2.7, seed 001 «Risk MISSION»): four ranks of seven, each
with a condition on the state and the moment it may be claimed.

The 28 cards live in ``data/missions.toml``: the seed lists none, so they are the project's
own (docs/rules.md). This module reads and checks them, and says whether a card's condition
holds for a player now; when a claim may be made (its window, one claim a turn) is the
engine's to say.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .board import Board
from .state import GameState
from .teams import continents_of, controlled_count

RANKS = ("capitaine", "major", "colonel", "general")
WINDOWS = ("turn_start", "after_conquest", "turn_end")
PER_RANK = 7
# Each kind and the fields it needs besides id, rank, kind, window, en and fr.
KINDS: dict[str, tuple[str, ...]] = {
    "continents": ("continents",),
    "any_continents": ("count",),
    "territories": ("count",),
    "garrisons": ("count", "armies"),
    "stack": ("armies",),
    "cards": ("count",),
    "conquests": ("count",),
    "gateways": ("continent",),
    "weaken_left": ("count",),
    "weaken_all": ("count",),
    "eliminations": ("count",),
}


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    rank: str
    kind: str
    window: str
    en: str
    fr: str
    continents: tuple[str, ...] = ()
    continent: str = ""
    count: int = 0
    armies: int = 0

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


@cache
def missions() -> dict[str, Mission]:
    """Every card, by id, in the data file's order (rank by rank)."""
    raw = tomllib.loads(
        resources.files("risk_lan.rules").joinpath("data", "missions.toml").read_text("utf-8")
    )
    cards = {}
    for entry in raw["mission"]:
        values = dict(entry)
        if "continents" in values:
            values["continents"] = tuple(values["continents"])
        card = Mission(**values)
        if card.id in cards:
            raise ValueError(f"mission {card.id} is listed twice")
        cards[card.id] = card
    return cards


def check_cards(board: Board) -> None:
    """Raise ValueError, saying why, unless the cards are seven of each rank, each with a known
    kind, its fields, a window and a text in both languages, naming only ``board``'s
    continents."""
    cards = missions()
    for rank in RANKS:
        n = sum(1 for c in cards.values() if c.rank == rank)
        if n != PER_RANK:
            raise ValueError(f"{n} missions of rank {rank}, not {PER_RANK}")
    for c in cards.values():
        if c.rank not in RANKS or c.window not in WINDOWS or c.kind not in KINDS:
            raise ValueError(f"mission {c.id}: unknown rank, window or kind")
        missing = [f for f in KINDS[c.kind] if not getattr(c, f)]
        if missing or not c.en or not c.fr:
            raise ValueError(f"mission {c.id} lacks {missing or 'a text'}")
        named = [*c.continents, *([c.continent] if c.continent else [])]
        unknown = [n for n in named if n not in board.continents]
        if unknown:
            raise ValueError(f"mission {c.id} names unknown continents {unknown}")


def holds(state: GameState, player: str, card: Mission, conquests: int = 0) -> bool:
    """Whether ``card``'s condition holds for ``player`` in ``state``; ``conquests`` is how many
    territories the player conquered this turn."""
    board, owner, armies = state.board, state.owner, state.armies
    kind = card.kind
    if kind == "continents":
        held = continents_of(state, player)
        return all(c in held for c in card.continents)
    if kind == "any_continents":
        return len(continents_of(state, player)) >= card.count
    if kind == "territories":
        return controlled_count(state, player) >= card.count
    if kind == "garrisons":
        strong = [t for t in state.territories_of(player) if armies[t] >= card.armies]
        return len(strong) >= card.count
    if kind == "stack":
        return any(armies[t] >= card.armies for t in state.territories_of(player))
    if kind == "cards":
        return len(state.hands[player]) >= card.count
    if kind == "conquests":
        return conquests >= card.count
    if kind == "gateways":
        inside = set(board.continents[card.continent].territories)
        gates = [t for t in inside if any(n not in inside for n in board.neighbours[t])]
        return all(owner[t] == player for t in gates)
    if kind == "weaken_left":
        left = player_to_the_left(state, player)
        return left is not None and state.count(left) <= card.count
    if kind == "weaken_all":
        others = [p for p in state.players if p != player and state.alive(p)]
        return bool(others) and all(state.count(p) <= card.count for p in others)
    if kind == "eliminations":
        beaten = sum(1 for by in state.eliminated_by.values() if by == player)
        return beaten >= card.count
    raise ValueError(f"mission {card.id} is of no known kind")


def player_to_the_left(state: GameState, player: str) -> str | None:
    """The next player in play after ``player`` in seat order (None: nobody else is left)."""
    seats = state.players
    i = seats.index(player)
    for step in range(1, len(seats)):
        other = seats[(i + step) % len(seats)]
        if state.alive(other):
            return other
    return None
