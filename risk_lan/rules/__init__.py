"""The rules engine: a pure, deterministic Risk game (no I/O, no asyncio, no randomness).

Public API (see docs/engine.md)::

    from risk_lan.rules import Game, Attack, Place, ...
    game, events = Game.new(["ann", "bob", "cat"], source, rules="classic")
    events = game.apply("ann", Place("alaska"))
"""

from .actions import (
    ACTION_TYPES,
    AbandonCapital,
    Action,
    Answer,
    Attack,
    Capitulate,
    ClaimMission,
    Commit,
    Defend,
    EndOffensive,
    EndTurn,
    Fortify,
    GiveCard,
    MoveIn,
    Place,
    ReinforceAlly,
    Retreat,
    RevealCapital,
    SealCapital,
    SetAutoDefend,
    TradeCards,
    action_from_dict,
)
from .board import (
    Board,
    Border,
    Continent,
    MapError,
    Territory,
    classic_board,
    load_board,
    load_board_data,
)
from .engine import Game
from .errors import IllegalAction
from .events import EVENT_TYPES, Event
from .invariants import InvariantError, check_invariants
from .presets import (
    CAPITAL,
    CLASSIC,
    CLASSIC_2015,
    MISSION,
    REVISED,
    REVISED_OBJECTIVES,
    REVISED_SUPPORT,
    RULESETS,
    SECRET_MISSION,
    TEAM,
    TWO_PLAYER,
    TWO_PLAYER_ACTIVE,
    TWO_PLAYER_ALLY,
    TWO_PLAYER_INDEPENDENTS,
    ruleset,
)
from .randomness import RandomSource, ScriptedSource, SourceExhausted
from .ruleset import RuleSet
from .state import GameState

__all__ = [
    "ACTION_TYPES",
    "CAPITAL",
    "CLASSIC",
    "CLASSIC_2015",
    "EVENT_TYPES",
    "MISSION",
    "REVISED",
    "REVISED_OBJECTIVES",
    "REVISED_SUPPORT",
    "RULESETS",
    "SECRET_MISSION",
    "TEAM",
    "TWO_PLAYER",
    "TWO_PLAYER_ACTIVE",
    "TWO_PLAYER_ALLY",
    "TWO_PLAYER_INDEPENDENTS",
    "AbandonCapital",
    "Action",
    "Answer",
    "Attack",
    "Board",
    "Border",
    "Capitulate",
    "ClaimMission",
    "Commit",
    "Continent",
    "Defend",
    "EndOffensive",
    "EndTurn",
    "Event",
    "Fortify",
    "Game",
    "GameState",
    "GiveCard",
    "IllegalAction",
    "InvariantError",
    "MapError",
    "MoveIn",
    "Place",
    "RandomSource",
    "ReinforceAlly",
    "Retreat",
    "RevealCapital",
    "RuleSet",
    "ScriptedSource",
    "SealCapital",
    "SetAutoDefend",
    "SourceExhausted",
    "Territory",
    "TradeCards",
    "action_from_dict",
    "check_invariants",
    "classic_board",
    "load_board",
    "load_board_data",
    "ruleset",
]
