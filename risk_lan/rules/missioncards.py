"""Risk Mission's 28 cards (``data/missions.toml``, the project's own): four ranks of seven,
each with a kind of condition, its fields and the moment it may be claimed. Plain data, so
that what reads a card (the canonical form of another's missions) need not read the rules
that judge it (``missions``)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

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
