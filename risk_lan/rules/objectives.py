"""Secret objectives (RULES.md 2.1, 2.10): the cards, the deal, and when one is achieved.

The objective cards live in ``data/objectives.toml``. A rule set with ``victory =
"objective"`` deals one to each player at the start; after every move from the first turn
on, the first player (from the one whose turn it is, to the left) whose objective holds wins.
"""

from __future__ import annotations

from .actions import Action
from .events import Event, GameWon, ObjectiveAchieved, ObjectivesDealt
from .modeunit import BEFORE_PLAY, ModeRules

# The cards themselves are plain data, read in their own module (``objectivecards``).
from .objectivecards import FALLBACK as FALLBACK
from .objectivecards import Objective as Objective
from .objectivecards import deck as deck
from .objectivecards import objectives as objectives
from .randomness import RandomSource
from .sealing import dealt
from .state import GameState


def deal(state: GameState, source: RandomSource, first: str) -> ObjectivesDealt:
    """One objective for each player, dealt from a shuffled deck starting with ``first``."""
    order = dealt(state, source, deck(state))
    seats = state.players
    start = seats.index(first)
    for i in range(len(seats)):
        state.objectives[seats[(start + i) % len(seats)]] = order[i]
    return ObjectivesDealt(dict(state.objectives))


def player_of_colour(state: GameState, colour: str) -> str | None:
    return next((p for p, c in state.colours.items() if c == colour), None)


def in_force(state: GameState, player: str) -> Objective:
    """``player``'s objective as it now stands, after any fallback."""
    cards = objectives()
    objective = state.objectives[player]
    assert objective is not None  # asked only of an objective known here (see ``check``)
    card = cards[objective]
    if card.destroy is None:
        return card
    target = player_of_colour(state, card.destroy)
    if target is None or target == player:
        return cards[FALLBACK]
    killer = state.eliminated_by.get(target)
    if killer is not None and killer != player and state.rules.objective_kill == "own":
        return cards[FALLBACK]
    return card


def achieved(state: GameState, player: str) -> bool:
    card = in_force(state, player)
    if card.destroy is not None:
        target = player_of_colour(state, card.destroy)
        return target is not None and target in state.eliminated
    if card.territories:
        return _strong_territories(state, player, card.armies_each) >= card.territories
    whole = _whole_continents(state, player)
    if not all(c in whole for c in card.continents):
        return False
    return len(whole - set(card.continents)) >= card.extra_continents


def progress(state: GameState, player: str) -> list[tuple[str, int, int]]:
    """How far ``player`` is from its objective, as (what, have, need) lines: ``continent:ID``
    (territories held of it), ``other_continents`` (whole ones beyond those named),
    ``territories`` (holding ``armies_each`` or more) or ``destroy:COLOUR`` (the target's
    territories, down to 0)."""
    card = in_force(state, player)
    if card.destroy is not None:
        target = player_of_colour(state, card.destroy)
        return [(f"destroy:{card.destroy}", state.count(target) if target else 0, 0)]
    if card.territories:
        have = _strong_territories(state, player, card.armies_each)
        return [("territories", have, card.territories)]
    lines = []
    held = state.held.get(player, {})
    for c in card.continents:
        members = state.board.continents[c].territories
        lines.append((f"continent:{c}", sum(1 for t in members if t in held), len(members)))
    if card.extra_continents:
        others = _whole_continents(state, player) - set(card.continents)
        lines.append(("other_continents", len(others), card.extra_continents))
    return lines


def check(state: GameState, only: str | None = None) -> list[Event]:
    """End the game if someone's objective holds: the player whose turn it is first, then
    the others to the left (or ``only`` that player's)."""
    seats = state.players
    start = seats.index(state.current)
    for i in range(len(seats)):
        player = seats[(start + i) % len(seats)]
        if only is not None and player != only:
            continue
        # A player's view does not know the others' objectives (None): those cannot be seen
        # to hold there, and the host's end of the game is checked once they are shown.
        if player in state.eliminated or state.objectives.get(player) is None:
            continue
        if not achieved(state, player):
            continue
        state.winner = player
        state.phase = "over"
        state.attack = None
        state.move_in = None
        card = state.objectives[player]
        assert card is not None
        return [
            ObjectiveAchieved(player, card, in_force(state, player).id),
            GameWon(player, "objective"),
        ]
    return []


def _whole_continents(state: GameState, player: str) -> set[str]:
    held = state.held.get(player, {})
    return {c.id for c in state.board.continents.values() if all(t in held for t in c.territories)}


def _strong_territories(state: GameState, player: str, armies_each: int) -> int:
    armies = state.armies
    return sum(1 for t in state.held.get(player, {}) if armies[t] >= armies_each)


def _after(
    state: GameState, source: RandomSource, player: str, action: Action, events: list[Event]
) -> list[Event]:
    # Objectives are checked from the first turn on; at the end of a turn only, they are the
    # turn's business.
    if state.phase in BEFORE_PLAY or state.rules.objective_timing != "any":
        return []
    return check(state)


def _at_turn_over(state: GameState, player: str) -> list[Event]:
    """004: an objective may be met only at the end of one's own turn."""
    if state.rules.objective_timing != "turn_end":
        return []
    return check(state, only=player)


MODE = ModeRules(
    name="objectives",
    applies=lambda rules: rules.victory == "objective",
    after=_after,
    at_turn_over=_at_turn_over,
    secret_deal=deal,
    # 004: a goal met at the end of one's own turn wins before the next turn's cards are drawn.
    unforeseen=lambda s, ends: ends and s.rules.objective_timing == "turn_end",
)
