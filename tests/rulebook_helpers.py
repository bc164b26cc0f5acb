"""Helpers for the rulebook tests: build a mid-game position, roll scripted dice, expect refusals.

A position is a three-player game (ann, bob, cat; ann plays first) whose board, hands and turn
state are written directly, keeping all 44 cards accounted for so the invariants hold.
"""

from __future__ import annotations

from collections.abc import Iterable

from risk_lan.rules import (
    Action,
    Attack,
    Defend,
    EndTurn,
    Game,
    GameState,
    IllegalAction,
    RuleSet,
    ScriptedSource,
    TradeCards,
    check_invariants,
    classic_board,
)
from risk_lan.rules.events import BattleRolled, CardsTraded, Event, TurnStarted

PLAYERS = ("ann", "bob", "cat")
BOARD = classic_board()
JOKERS = ("joker_1", "joker_2")


def with_symbol(symbol: str) -> list[str]:
    """The territory cards showing ``symbol`` (infantry, cavalry or artillery), in board order."""
    return [t for t in BOARD.territory_ids if BOARD.territories[t].card == symbol]


INFANTRY = with_symbol("infantry")
CAVALRY = with_symbol("cavalry")
ARTILLERY = with_symbol("artillery")


def one_each(i: int) -> tuple[str, str, str]:
    """The ``i``-th infantry, cavalry and artillery cards: a set under every rule set."""
    return INFANTRY[i], CAVALRY[i], ARTILLERY[i]


def position(
    owners: dict[str, str],
    armies: dict[str, int] | None = None,
    *,
    rules: RuleSet | str = "classic",
    rest: str | Iterable[str] = "cat",
    hands: dict[str, list[str]] | None = None,
    phase: str = "attack",
    current: str = "ann",
    trades: int = 0,
    pool: int = 0,
    trade_window: str = "none",
) -> Game:
    """A game in the middle of ``current``'s turn (by default in the attack phase, reinforcements
    placed). ``owners`` names some owners; the other territories go to ``rest`` (one player, or
    several in turn). Armies default to 1. Cards not in ``hands`` form the draw pile."""
    # ann rolls highest; then sixes, for a deal by dice (000-B), which the position replaces.
    game, _ = Game.new(list(PLAYERS), ScriptedSource([6, 1, 1] + [6] * 7), rules=rules)
    write_position(game.state, owners, armies, rest=rest, hands=hands, phase=phase,
                   current=current, pool=pool)  # fmt: skip
    game.state.trades, game.state.trade_window = trades, trade_window
    game.source = ScriptedSource()
    check_invariants(game.state)
    return game


def write_position(
    s: GameState,
    owners: dict[str, str],
    armies: dict[str, int] | None = None,
    *,
    rest: str | Iterable[str],
    hands: dict[str, list[str]] | None = None,
    phase: str,
    current: str,
    pool: int = 0,
) -> None:
    """Write owners, armies, hands and the turn into ``s`` (first turn of the first round):
    ``owners`` names some owners, the other territories go to ``rest`` (one player, or
    several in turn); armies default to 1; cards not in ``hands`` form the draw pile."""
    fillers = [rest] if isinstance(rest, str) else list(rest)
    others = [t for t in BOARD.territory_ids if t not in owners]
    for i, t in enumerate(others):
        s.owner[t] = fillers[i % len(fillers)]
    for t, player in owners.items():
        s.owner[t] = player
    for t in BOARD.territory_ids:
        s.armies[t] = (armies or {}).get(t, 1)
    s.recount()
    s.hands = {p: list((hands or {}).get(p, [])) for p in s.players}
    held = {c for hand in s.hands.values() for c in hand}
    s.deck = [c for c in [*BOARD.territory_ids, *JOKERS] if c not in held]
    s.discard = []
    s.phase, s.current, s.first_player = phase, current, s.players[0]
    s.turn = s.round = 1
    s.pool = pool


def begin(game: Game, player: str) -> TurnStarted:
    """Let the player seated before ``player`` end a turn without conquest, so that ``player``'s
    turn starts the way the engine starts every turn; returns its TurnStarted event."""
    s = game.state
    before = PLAYERS[PLAYERS.index(player) - 1]
    s.current, s.phase, s.trade_window, s.pool, s.conquered = before, "attack", "none", 0, False
    events = act(game, before, EndTurn())
    [started] = of_type(events, TurnStarted)
    return started


def act(game: Game, player: str, action: Action) -> list[Event]:
    """Apply an action the rules allow, then check the state is still consistent."""
    events = game.apply(player, action)
    check_invariants(game.state)
    return events


def trade(game: Game, player: str, cards: Iterable[str], bonus: str | None = None) -> int:
    """Trade a set; return the armies it gave (checking the pool grew by as much)."""
    pool = game.state.pool
    [traded] = of_type(act(game, player, TradeCards(tuple(cards), bonus)), CardsTraded)
    assert game.state.pool == pool + traded.armies
    return traded.armies


def of_type(events: list[Event], kind: type[Event]) -> list:
    return [e for e in events if isinstance(e, kind)]


def roll(
    game: Game, source: str, target: str, attacker: Iterable[int], defender: Iterable[int]
) -> list[Event]:
    """One battle: the current player attacks with len(attacker) dice and the defender answers
    with len(defender) dice; the scripted source hands out the attacker's dice first."""
    attacker, defender = list(attacker), list(defender)
    events = act(game, game.current_player, Attack(source, target, len(attacker)))
    game.source.add_dice(*attacker, *defender)  # type: ignore[union-attr]
    return events + act(game, game.waiting_for(), Defend(len(defender)))


def battle(events: list[Event]) -> BattleRolled:
    [rolled] = of_type(events, BattleRolled)
    return rolled


def refused(game: Game, player: str, action: Action) -> str:
    """Assert that ``action`` is refused and changes nothing; return the refusal code."""
    before = game.to_dict()
    try:
        game.apply(player, action)
    except IllegalAction as refusal:
        assert game.to_dict() == before, "a refused action changed the state"
        return refusal.code
    raise AssertionError(f"{action} was accepted")


def accepted(game: Game, player: str, action: Action) -> bool:
    """Whether ``action`` is accepted, tried on a copy of the game (the original is untouched);
    any dice it needs are 3s."""
    trial = Game(game.state.copy(), ScriptedSource([3] * 6))
    try:
        trial.apply(player, action)
    except IllegalAction:
        return False
    return True
