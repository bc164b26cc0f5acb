"""The game engine's front door: :class:`Game`.

A game is its state plus a source of randomness. ``apply`` checks an action and, if the rules
allow it, changes the state and returns the events that happened; otherwise it raises
:class:`IllegalAction` and changes nothing. No I/O, no clock, no randomness of its own.
"""

from __future__ import annotations

from typing import Any

from . import chance, combat, manoeuvre, modes, setup, turn, turnflow
from .actions import (
    Action,
    Attack,
    Defend,
    EndTurn,
    Fortify,
    MoveIn,
    Place,
    SetAutoDefend,
    TradeCards,
    check_fields,
)
from .board import Board, classic_board
from .events import AutoDefendSet, Event
from .illegal import IllegalAction
from .legal import legal_actions, waiting_for
from .modeunit import Check, Effect
from .presets import ruleset
from .randomness import NeedsChance, NoChance, RandomSource
from .ruleset import RuleSet
from .sealing import Sealer
from .state import GameState

# The phases in which only some actions fit, with the hint given for any other: the plain
# ones, then those the modes add (a mode may also fit its own actions into a plain phase).
_PHASE_HINTS = {
    "claim": "claim an empty territory",
    "setup": "place a starting army",
    "defend": "the defender chooses its dice",
    "move_in": "choose how many armies move in",
    **{phase: hint for phase, (hint, _) in modes.PHASES.items()},
}
_FITS: dict[str, tuple[type[Action], ...]] = {
    "claim": (Place,),
    "setup": (Place,),
    "defend": (Defend,),
    "move_in": (MoveIn,),
    **{phase: fits for phase, (_, fits) in modes.PHASES.items()},
}
for _phase, _more in modes.FITS.items():
    _FITS[_phase] = (*_FITS[_phase], *_more)


class Game:
    """A game of Risk under one rule set. See docs/engine.md for a walk-through."""

    __slots__ = ("source", "state")

    def __init__(self, state: GameState, source: RandomSource | None = None) -> None:
        self.state = state
        self.source = source

    @classmethod
    def new(
        cls,
        players: list[str],
        source: RandomSource,
        rules: RuleSet | str = "classic",
        board: Board | None = None,
        colours: dict[str, str] | None = None,
    ) -> tuple[Game, list[Event]]:
        """Start a game: players in seat order (play goes to the left, i.e. down the list),
        with their colours (default: red, blue, green, yellow, black, white by seat).
        Returns the game and the opening events (the roll for who places first, the deal)."""
        rule_set = ruleset(rules) if isinstance(rules, str) else rules
        state = GameState(board or classic_board(), rule_set, list(players))
        if colours is not None:
            if set(colours) != set(players) or len(set(colours.values())) != len(players):
                raise ValueError("each player needs a colour of its own")
            state.colours = dict(colours)
        state.sealing = isinstance(source, Sealer)  # before the setup deals anything
        events = setup.start(state, source)
        return cls(state, source), events

    # ----- what is going on ---------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self.state.board

    @property
    def rules(self) -> RuleSet:
        return self.state.rules

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def current_player(self) -> str:
        """Whose turn it is (during setup: who places next)."""
        return self.state.current

    @property
    def winner(self) -> str | None:
        return self.state.winner

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"

    def waiting_for(self) -> str | None:
        """The player the game waits for: the defender while dice are chosen, otherwise the
        current player; None when the game is over."""
        return waiting_for(self.state)

    def owner(self, territory: str) -> str | None:
        return self.state.owner[territory]

    def armies(self, territory: str) -> int:
        return self.state.armies[territory]

    def hand(self, player: str) -> list[str]:
        return list(self.state.hands[player])

    def territories_of(self, player: str) -> list[str]:
        return self.state.territories_of(player)

    def income(self, player: str) -> int:
        """What ``player`` would receive from territories and continents now (no cards)."""
        territory_armies, bonus, _ = turn.income(self.state, player)
        return territory_armies + bonus

    def must_trade(self) -> bool:
        return turn.must_trade(self.state)

    def set_value(self, cards: tuple[str, ...] | list[str]) -> int:
        """What three cards would be worth if traded now (0 when they are not a set)."""
        return turn.set_value(self.state, cards)

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Every action ``player`` (default: the one the game waits for) may take now."""
        who = player if player is not None else self.waiting_for()
        return legal_actions(self.state, who) if who is not None else []

    # ----- acting -------------------------------------------------------------------------

    def check(self, player: str, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``player`` may take ``action`` now."""
        self._check(player, action, modes.in_play(self.state.rules))

    def _check(self, player: str, action: Action, hooks: modes.InPlay) -> None:
        s = self.state
        check_fields(action)
        if s.phase == "over":
            raise IllegalAction("game_over", f"the game is over; {s.winner} won")
        if player not in s.hands:
            raise IllegalAction("unknown_player", f"{player!r} is not playing")
        if player in s.eliminated:
            raise IllegalAction("eliminated", f"{player} has been eliminated")
        if isinstance(action, SetAutoDefend):
            most = s.rules.defender_max_dice
            if action.dice is not None and not 1 <= action.dice <= most:
                raise IllegalAction("bad_dice", f"defend with 1 to {most} dice")
            return
        kind = type(action)
        if kind in modes.ANYTIME:  # whoever the game waits for: its own check says when
            _CHECKS[kind](s, player, action)
            return
        phase = s.phase
        expected = waiting_for(s)
        if player != expected:
            raise IllegalAction("not_your_turn", f"waiting for {expected}")
        refusal = hooks.refused.get(kind)
        if refusal is not None:
            raise refusal()
        fits = _FITS.get(phase)
        if fits is not None and not isinstance(action, fits):
            raise IllegalAction("wrong_phase", f"now: {_PHASE_HINTS[phase]}")
        if hooks.guards:
            for guard in hooks.guards:
                guard(s, action)
        _CHECKS[kind](s, player, action)

    def apply(self, player: str, action: Action, checked: bool = False) -> list[Event]:
        """Apply ``player``'s action and return what happened; refused actions raise
        :class:`IllegalAction` and leave the game unchanged. ``checked``: the caller has
        just checked it (``check``) on this very state, or knows it legal (a search playing
        moves it took from ``legal_actions`` or a bot), and no rule is checked again: an
        illegal action applied so leaves the state broken."""
        s = self.state
        hooks = modes.in_play(s.rules)
        if not checked:
            self._check(player, action, hooks)
        if self.source is None:
            raise RuntimeError("this game has no random source")
        # A game of the plain rules has no hooks: it pays no loop for them.
        if hooks.befores:
            for before in hooks.befores:
                before(s, action)
        events = _APPLY[type(action)](s, self.source, player, action, hooks)
        if hooks.turn_due:
            for due in hooks.turn_due:
                first = due(s)
                if first is not None:
                    events.extend(setup.deal_pile(s, self.source))
                    events.extend(turnflow.begin_turn(s, self.source, first))
        if hooks.afters:
            for after, ends_turn in hooks.afters:
                if after is not None:
                    events.extend(after(s, self.source, player, action, events))
                if ends_turn is not None and ends_turn(s, action):
                    events.extend(turnflow.end_turn(s, self.source, player))
        return events

    def needs_chance(self, player: str, action: Action) -> bool:
        """Whether applying ``player``'s ``action``, checked legal now (``check``), would roll
        dice or shuffle (the host publishes such a move with a roll of the fair dice). Most
        are known from the rules alone (``chance``); the others are played on a copy with a
        source that refuses."""
        known = chance.by_rule(self.state, player, action)
        if known is not None:
            return known
        trial = Game(self.state.copy(), NoChance())
        try:
            trial.apply(player, action, checked=True)
        except NeedsChance:
            return True
        return False

    # ----- copies and views -----------------------------------------------------------------

    def view(self, player: str | None) -> dict[str, Any]:
        """The state as ``player`` may see it (see ``GameState.view_for``)."""
        return self.state.view_for(player)

    def to_dict(self) -> dict[str, Any]:
        return self.state.to_dict()

    @classmethod
    def from_dict(
        cls, data: dict[str, Any], source: RandomSource | None = None, board: Board | None = None
    ) -> Game:
        return cls(GameState.from_dict(data, board), source)

    def copy(self, source: RandomSource | None = None) -> Game:
        """A game on a copy of the state, which shares nothing that changes with this one.
        It draws from ``source``, else from this game's own source: a search that plays on
        a copy gives it dice of its own, so that the game's next rolls stay the game's."""
        return Game(self.state.copy(), source if source is not None else self.source)


def _check_place(s: GameState, player: str, action: Place) -> None:
    if s.phase in ("claim", "setup"):
        setup.check_setup_place(s, player, action.territory, action.count)
    elif s.phase == "reinforce":
        turn.check_reinforce(s, player, action.territory, action.count, modes.placed_for(s, player))
    else:
        raise IllegalAction("wrong_phase", "armies are placed before attacking")


def _check_defend(s: GameState, player: str, action: Defend) -> None:
    if s.phase != "defend":
        raise IllegalAction("wrong_phase", "no attack is waiting for its defence")
    combat.check_defend(s, player, action.dice)


def _check_move_in(s: GameState, player: str, action: MoveIn) -> None:
    if s.phase != "move_in":
        raise IllegalAction("wrong_phase", "there is no conquest to move into")
    combat.check_move_in(s, action.count)


# Each check raises IllegalAction or returns (what it returns is not used).
_CHECKS: dict[type, Check] = {
    Place: _check_place,
    TradeCards: lambda s, p, a: turn.check_trade(s, p, a.cards, a.bonus_territory),
    Attack: lambda s, p, a: combat.check_attack(
        s, p, a.source, a.target, a.dice, a.stop_at, modes.in_play(s.rules).attacking_armies
    ),
    Defend: _check_defend,
    MoveIn: _check_move_in,
    Fortify: lambda s, p, a: manoeuvre.check_fortify(s, p, a.source, a.target, a.count),
    EndTurn: lambda s, p, a: turn.check_can_move_on(s),
    **modes.CHECKS,
}


def _apply_place(s: GameState, rng: RandomSource, player: str, a: Place) -> list[Event]:
    if s.phase in ("claim", "setup"):
        return setup.setup_place(s, rng, player, a.territory, a.count)
    return turn.reinforce(s, player, a.territory, a.count, modes.placed_for(s, player))


def _apply_auto_defend(s: GameState, player: str, a: SetAutoDefend) -> list[Event]:
    s.auto_defend[player] = a.dice
    return [AutoDefendSet(player, a.dice)]


_APPLY: dict[type, Effect] = {
    Place: lambda s, rng, p, a, h: _apply_place(s, rng, p, a),
    TradeCards: lambda s, rng, p, a, h: turn.trade(s, p, a.cards, a.bonus_territory),
    Attack: lambda s, rng, p, a, h: combat.declare(
        s, rng, p, a.source, a.target, a.dice, a.stop_at, h
    ),
    Defend: lambda s, rng, p, a, h: combat.defend(s, rng, p, a.dice, h),
    MoveIn: lambda s, rng, p, a, h: combat.move_in(s, p, a.count),
    Fortify: lambda s, rng, p, a, h: manoeuvre.fortify(s, rng, p, a.source, a.target, a.count),
    EndTurn: lambda s, rng, p, a, h: turnflow.end_turn(s, rng, p),
    SetAutoDefend: lambda s, rng, p, a, h: _apply_auto_defend(s, p, a),
    **modes.EFFECTS,
}
