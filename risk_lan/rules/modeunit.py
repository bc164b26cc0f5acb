"""What a mode of play gives the engine: :class:`ModeRules`, one per mode, defined in the
mode's own module next to its rules and listed once in ``modes.py``.

A mode is data, not a subclass: its name, when it is in play, the actions it adds, and the
hooks the engine runs around every action of a game under it. Hooks a mode does not need stay
None.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .actions import Action, Attack, Commit
from .events import Event
from .illegal import IllegalAction
from .randomness import RandomSource
from .ruleset import RuleSet
from .state import GameState

# A territory was taken from a force (its id) by a player: what follows, under a mode.
AtConquest = Callable[[GameState, str, str], list[Event]]


class EffectHooks(Protocol):
    """What an action's effect is handed of the modes in play: the hooks that run where a
    shared step it takes (a conquest) runs them."""

    @property
    def at_attack(self) -> tuple[Callable[[GameState, str, str], None], ...]: ...

    @property
    def at_conquest(self) -> tuple[AtConquest, ...]: ...


# An action's check raises IllegalAction or returns (what it returns is not used); its effect
# changes the state and says what happened. Both take the action of their own type.
Check = Callable[[GameState, str, Any], object]
Effect = Callable[[GameState, RandomSource, str, Any, EffectHooks], list[Event]]
After = Callable[[GameState, RandomSource, str, Action, list[Event]], list[Event]]
# An action refused outright: the refusal to raise, made anew each time.
Refusal = Callable[[], IllegalAction]

# The phases before the first turn (and the end), in which no goal is checked yet.
BEFORE_PLAY = frozenset({"claim", "setup", "capital", "capital_reveal", "over"})


class TurnLists(Protocol):
    """The blocks a mode's own turn is listed from (``choices.py``)."""

    def plain_turn(self, state: GameState, player: str) -> list[Action]: ...

    def places(self, state: GameState, where: list[str], most: int) -> list[Action]: ...

    def trades(self, state: GameState, player: str) -> list[Action]: ...

    def attacks(self, state: GameState, player: str, owned: list[str]) -> list[Attack | Commit]: ...

    def component(self, state: GameState, start: str, mine: set[str]) -> set[str]: ...

    def trade_open(self, state: GameState) -> bool: ...

    def must_trade(self, state: GameState) -> bool: ...


# The armies a player attacks with from a source on a target, given its own armies there,
# where a mode has it command another force (None: it does not).
AttackingArmies = Callable[[GameState, str, str, str, int], int | None]
# Whether an action, legal now, needs chance (None: the rules alone cannot say).
Chance = Callable[[GameState, Any], bool | None]

# A mode's own attacks from one territory on a neighbour, given the armies there.
Attacks = Callable[[GameState, str, str, str, int], list[Attack | Commit]]


@dataclass(frozen=True, slots=True)
class Manoeuvre:
    """A mode whose manoeuvres are its own: one for each force it moves (not one a turn).

    ``check``: refuses a further manoeuvre of the force this turn. ``record``: the force's
    manoeuvre is done."""

    check: Callable[[GameState, str], None]
    record: Callable[[GameState, str], None]


@dataclass(frozen=True, slots=True)
class TurnParts:
    """A mode whose turn has parts played by turns (000-A's ally): ``midway`` says a part
    other than the last is being played, which ending the turn only ends (``next_part``:
    the events of moving on to the next part), and in which no manoeuvre is made
    (``refusal``)."""

    midway: Callable[[GameState], bool]
    next_part: Callable[[GameState, str], list[Event]]
    refusal: Refusal


@dataclass(frozen=True, slots=True)
class ModeRules:
    """One mode's part in the engine.

    ``presets``: the rule sets the mode brings, by name (a new mode's preset lives with it).
    ``applies``: whether a game under these rules plays the mode (worked out once per rule set).
    ``checks``/``effects``: the mode's own actions, by type.
    ``refuses``: the actions refused outright under a rule set, each with the refusal it
    raises (made anew each time); asked of every mode, in play or not, so a mode may refuse
    its actions outside its rules (and the plain ones it replaces under them).
    ``guard``: a further check of any action, after the phase, while the mode is in play.
    ``before``: what an action changes before it is applied, while the mode is in play.
    ``after``: the events that follow an applied action, while the mode is in play (handed the
    events so far, those of the modes before it included).
    ``turn``: the legal actions of a turn step, when the mode's turn is its own (None: the
    plain turn's, or another mode's).
    ``phases``: the phases the mode adds, each with the hint a player gets when acting out of
    it and the actions that fit it; ``fits``: the mode's further actions that fit a shared
    phase. Both hold whatever the rules (a phase occurs only under its mode).
    ``at_neutrals``: the neutral armies are set up, while the mode is in play.
    ``at_setup_end``: the setup is over; True when the mode holds the first turn back (it
    starts the turn itself later).
    ``attacks``: the attacks listed from a territory on a neighbour, in place of the plain
    ones (the first mode in play with this hook has them).
    ``defences``: the defender's choices listed, in place of the plain dice.
    ``manoeuvre``: the manoeuvres are the mode's own, one per force.
    ``unforeseen``: whether the rules alone cannot say if an action needs chance now
    (``ends``: the action ends the turn).
    ``at_attack``: an attack by dice is declared from a territory on another.
    ``at_turn_start``: a turn begins (its income is counted already).
    ``turn_parts``: the mode's turn has parts, each ended like a turn.
    ``at_turn_over``: a player's turn has ended; the events that end the game there (none:
    the next turn begins).
    ``ends_turn``: the mode's action, applied (its after-hook included), ends the turn.
    ``turn_due``: after an action, the player whose turn begins now (the first turn, which
    the mode held back at the end of the setup; None: not yet).
    ``places_for``: the force whose armies a player places now, when not their own.
    ``commands``: the other forces whose armies a player moves now.
    ``secret_deal``: the secret cards dealt before the territories, from the first player.
    ``attacking_armies``: the armies a player attacks with from a territory of a force it
    commands (raising where that force may not attack the target); None: not such a force.
    ``moves_for``: whether a player moves the armies of another force now.
    ``at_conquest``: a player took a territory from a force (the events that follow).
    ``chance``: whether the mode's own actions need chance, known from the rules (None: not
    known without playing it), by type; whatever the rules, like ``checks``.
    ``steps``: the legal actions listed at the mode's own phases outside a turn, by phase
    (a phase not listed lists nothing, like a secret the player alone may act on).
    ``anytime``: the mode's actions a seat may take whoever the game waits for and in any
    phase, their own checks saying when (a claim out of turn).
    ``owed``: the act a seat makes by itself the moment it is legal (None: none now), as the
    rules have a player show a card once it holds; judged on whatever state it is handed, a
    seat's own projection included. Its client (a bot's player, the host for its bots, the
    offline game for every seat) asks after every move it sees, and sends it once.
    """

    name: str
    applies: Callable[[RuleSet], bool]
    presets: tuple[RuleSet, ...] = ()
    checks: Mapping[type[Action], Check] = field(default_factory=dict)
    effects: Mapping[type[Action], Effect] = field(default_factory=dict)
    refuses: Callable[[RuleSet], Mapping[type[Action], Refusal]] | None = None
    guard: Callable[[GameState, Action], None] | None = None
    before: Callable[[GameState, Action], None] | None = None
    after: After | None = None
    turn: Callable[[GameState, str, TurnLists], list[Action] | None] | None = None
    phases: Mapping[str, tuple[str, tuple[type[Action], ...]]] = field(default_factory=dict)
    fits: Mapping[str, tuple[type[Action], ...]] = field(default_factory=dict)
    at_neutrals: Callable[[GameState], None] | None = None
    at_setup_end: Callable[[GameState], bool] | None = None
    attacks: Attacks | None = None
    defences: Callable[[GameState, str], list[Action]] | None = None
    manoeuvre: Manoeuvre | None = None
    unforeseen: Callable[[GameState, bool], bool] | None = None
    at_attack: Callable[[GameState, str, str], None] | None = None
    at_turn_start: Callable[[GameState], None] | None = None
    turn_parts: TurnParts | None = None
    at_turn_over: Callable[[GameState, str], list[Event]] | None = None
    ends_turn: Callable[[GameState, Action], bool] | None = None
    turn_due: Callable[[GameState], str | None] | None = None
    places_for: Callable[[GameState, str], str | None] | None = None
    commands: Callable[[GameState, str], tuple[str, ...]] | None = None
    secret_deal: Callable[[GameState, RandomSource, str], Event] | None = None
    attacking_armies: AttackingArmies | None = None
    moves_for: Callable[[GameState, str, str], bool] | None = None
    at_conquest: AtConquest | None = None
    chance: Mapping[type[Action], Chance] = field(default_factory=dict)
    steps: Mapping[str, Callable[[GameState, str], list[Action]]] = field(default_factory=dict)
    anytime: tuple[type[Action], ...] = ()
    owed: Callable[[GameState, str], Action | None] | None = None
