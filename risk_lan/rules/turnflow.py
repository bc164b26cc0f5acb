"""A turn begins and ends: the round counted, the income paid, the cards drawn and passed,
and the hooks of the modes in play run at both ends (``modeunit.ModeRules``).

Apart from ``turn.py`` because the modes' own modules use that one (a card drawn, the turn's
checks), while this one asks the registry of modes.
"""

from __future__ import annotations

from .events import Event, TurnEnded, TurnStarted
from .modes import in_play
from .randomness import RandomSource
from .revised import shed
from .state import GameState
from .teams import controlled_count, pass_hand, placeable
from .turn import draw_card, income, leave_attack, trade_owed_at_start


def begin_turn(state: GameState, source: RandomSource, player: str) -> list[Event]:
    seats = state.players
    first = seats.index(state.first_player)
    if state.turn == 0:
        state.round = 1
    else:
        previous = (seats.index(state.current) - first) % len(seats)
        if (seats.index(player) - first) % len(seats) <= previous:
            state.round += 1
    state.turn += 1
    state.current = player
    state.conquered = False
    state.engaged.clear()
    state.fought = []
    territory_armies, bonus, continents = income(state, player)
    state.pool = territory_armies + bonus
    state.bound_pools = {}
    if state.rules.continent_placement:
        for c in continents:  # 004: each bonus goes in its continent or joined to it
            state.bound_pools[c] = state.board.continents[c].bonus
    state.acting = None
    state.gained = state.pool
    for at_start in in_play(state.rules).at_turn_start:
        at_start(state)
    state.phase = "reinforce"
    state.trade_window = "turn_start"
    state.start_trade_due = trade_owed_at_start(state, player)
    events: list[Event] = [
        TurnStarted(
            player,
            state.turn,
            state.round,
            controlled_count(state, player),
            territory_armies,
            continents,
            bonus,
            state.pool,
        )
    ]
    for _ in range(start_draws(state, player)):
        events.extend(draw_card(state, source, player))
    if state.rules.army_cap:  # 004: armies that fit nowhere are lost (none without a cap)
        events.extend(shed(state, player, placeable(state, player)))
    return events


def start_draws(state: GameState, player: str) -> int:
    """How many cards ``player``'s turn opens with (000-B: one; its deuxième règle: one for
    each territory beyond a multiple of the divisor); a draw finds no card when the pile and
    the discards are both out."""
    draws = state.rules.card_draw
    if draws == "turn_start":
        return 1
    if draws == "by_territories":
        return controlled_count(state, player) % state.rules.income_divisor
    return 0


def end_turn(
    state: GameState, source: RandomSource, player: str, leaving: bool = True
) -> list[Event]:
    """``player`` ends the turn (or, in a turn of parts, the part); ``leaving``: the attack
    is left now too (a fortification has left it already)."""
    hooks = in_play(state.rules)
    for parts in hooks.turn_parts:
        if parts.midway(state):
            return parts.next_part(state, player)
    events: list[Event] = []
    if leaving and state.phase != "fortify":
        events.extend(leave_attack(state, source))
    if state.rules.card_draw == "end_of_turn" and state.conquered:
        events.extend(draw_card(state, source, player))
    if state.teams:
        events.extend(pass_hand(state, player))
    state.trade_window = "none"
    events.append(TurnEnded(player))
    for at_over in hooks.at_turn_over:
        ended = at_over(state, player)
        if ended:
            return events + ended
    events.extend(begin_turn(state, source, state.next_player(player)))
    return events
