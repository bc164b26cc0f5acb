"""Secret objectives (RULES.md 2.1, 2.10, 2.14): the cards, the deal, when one is achieved,
and the claim that wins with it.

The objective cards live in ``data/objectives.toml``. A rule set with ``victory =
"objective"`` deals one to each player at the start. Nothing ends the game by itself when an
objective holds: its holder wins by claiming it (``ClaimObjective``, naming the card), as
the rulebooks have the winner show the card, because a peer's engine knows no objective
but its own seat's. When a claim may be made is the mode's ``objective_timing``: "any" (000-A,
003), at any moment of play from the first turn on, out of turn too; "turn_end" (004), in
the holder's own turn wherever it could end it. Claims are taken in the order they come.
Claiming is not a choice (the card is shown as soon as it holds): ``owed`` gives the claim a
seat's client makes by itself.
"""

from __future__ import annotations

from .actions import Action, ClaimObjective
from .events import Event, GameWon, ObjectiveAchieved, ObjectivesDealt
from .illegal import IllegalAction
from .modeunit import BEFORE_PLAY, ModeRules

# The cards themselves are plain data, read in their own module (``objectivecards``).
from .objectivecards import FALLBACK as FALLBACK
from .objectivecards import Objective as Objective
from .objectivecards import deck as deck
from .objectivecards import objectives as objectives
from .randomness import RandomSource
from .sealing import dealt
from .state import GameState
from .turn import check_can_move_on


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
    assert objective is not None  # asked only of an objective known here (see ``owed``)
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


def check_claim(state: GameState, player: str, objective: str) -> None:
    """Raise IllegalAction, saying why, unless ``player`` may claim ``objective`` now: it is
    the card ``player`` was dealt, this is a moment the mode allows, and it holds (after any
    fallback) as the game stands."""
    if state.rules.victory != "objective":
        raise IllegalAction("no_objective", "this game has no secret objectives")
    if objective not in objectives() or state.objectives.get(player) != objective:
        raise IllegalAction("not_your_objective", "that objective is not the one you were dealt")
    _check_timing(state, player)
    if not achieved(state, player):
        raise IllegalAction(
            "objective_not_held",
            "your objective does not hold as the game stands",
            IllegalAction(
                "objective_no_longer_held", "your objective no longer holds: a move came first"
            ),
        )


def _check_timing(state: GameState, player: str) -> None:
    if state.phase in BEFORE_PLAY:
        raise IllegalAction("objective_too_early", "an objective is claimed from the first turn on")
    if state.rules.objective_timing != "turn_end":
        return  # "any": at any moment of play, whoever's turn it is
    if (state.acting or state.current) != player:
        raise IllegalAction(
            "objective_not_now", "an objective is claimed at the end of your own turn"
        )
    try:  # wherever the turn could end: claiming then ends it with the goal met
        check_can_move_on(state)
    except IllegalAction as e:
        raise IllegalAction(
            "objective_not_now", f"an objective is claimed as you end your turn: {e.message}"
        ) from None


def claim(state: GameState, player: str, objective: str) -> list[Event]:
    """``player`` shows its objective (checked): it wins, and the game is over."""
    check_claim(state, player, objective)
    achieved_id = in_force(state, player).id
    state.winner = player
    state.phase = "over"
    state.attack = None
    state.move_in = None
    return [ObjectiveAchieved(player, objective, achieved_id), GameWon(player, "objective")]


def owed(state: GameState, seat: str) -> Action | None:
    """The claim ``seat`` makes by itself now: its objective's, when it may be claimed. A
    seat's own projection knows that objective, which is all this needs."""
    objective = state.objectives.get(seat)
    if objective is None or seat in state.eliminated or state.phase == "over":
        return None
    try:
        check_claim(state, seat, objective)
    except IllegalAction:
        return None
    return ClaimObjective(objective)


def _whole_continents(state: GameState, player: str) -> set[str]:
    held = state.held.get(player, {})
    return {c.id for c in state.board.continents.values() if all(t in held for t in c.territories)}


def _strong_territories(state: GameState, player: str, armies_each: int) -> int:
    armies = state.armies
    return sum(1 for t in state.held.get(player, {}) if armies[t] >= armies_each)


MODE = ModeRules(
    name="objectives",
    applies=lambda rules: rules.victory == "objective",
    checks={ClaimObjective: lambda s, p, a: check_claim(s, p, a.objective)},
    effects={ClaimObjective: lambda s, rng, p, a, h: claim(s, p, a.objective)},
    # Its check says when (out of turn too, under "any"), whoever the game waits for.
    anytime=(ClaimObjective,),
    chance={ClaimObjective: lambda s, a: False},
    secret_deal=deal,
    owed=owed,
)
