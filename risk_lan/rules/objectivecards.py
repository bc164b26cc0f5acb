"""The secret objective cards (``data/objectives.toml``): what each asks, and which are in play.
Plain data, so that what deals or draws a card (the determinizer of a seat's view) need not
read the rules that judge it (``objectives``)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import GameState

# "Destroy colour X" turns into this one when X is the player's own colour, is not in play,
# or (under the old rules) was eliminated by someone else (RULES.md 2.1; Part 3, item 14).
FALLBACK = "territories_24"


@dataclass(frozen=True, slots=True)
class Objective:
    id: str
    en: str
    fr: str
    continents: tuple[str, ...] = ()
    extra_continents: int = 0  # more whole continents, any others
    territories: int = 0
    armies_each: int = 1
    destroy: str | None = None  # a colour

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


@cache
def objectives() -> dict[str, Objective]:
    """Every objective card, by id, in the order of the data file."""
    source = resources.files("risk_lan.rules").joinpath("data", "objectives.toml")
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    cards = {}
    for raw in data["objective"]:
        card = Objective(
            id=raw["id"],
            en=raw["en"],
            fr=raw["fr"],
            continents=tuple(raw.get("continents", ())),
            extra_continents=raw.get("extra_continents", 0),
            territories=raw.get("territories", 0),
            armies_each=raw.get("armies_each", 1),
            destroy=raw.get("destroy"),
        )
        kinds = bool(card.continents) + bool(card.territories) + bool(card.destroy)
        if kinds != 1:
            raise ValueError(f"objective {card.id}: one of continents, territories, destroy")
        cards[card.id] = card
    if FALLBACK not in cards:
        raise ValueError(f"the objectives must include {FALLBACK}")
    return cards


def deck(state: GameState) -> list[str]:
    """The objective cards in play: all of them, or (``objective_colours = "in_play"``)
    without the cards of colours no one plays."""
    playing = set(state.colours.values())
    keep_all = state.rules.objective_colours == "all"
    return [
        o.id for o in objectives().values() if o.destroy is None or keep_all or o.destroy in playing
    ]
