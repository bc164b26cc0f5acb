"""A player's turn outside combat: income, card trades, placing, fortifying, ending the turn."""

from __future__ import annotations

from . import revised, stars
from .cards import (
    FIXED_TABLES,
    escalating_value,
    fixed_value,
    is_joker,
    is_set,
    star_trades,
    symbol,
    valid_sets,
)
from .events import (
    ArmiesLost,
    CardDrawn,
    CardsTraded,
    DeckShuffled,
    Event,
    NoCardLeft,
    Placed,
)
from .illegal import IllegalAction
from .randomness import RandomSource
from .sealing import dealt, is_hidden, named
from .state import GameState
from .teams import (
    add_armies,
    continents_of,
    controlled_count,
    placeable,
)

# ----- income -----------------------------------------------------------------------------


def income(state: GameState, player: str) -> tuple[int, int, tuple[str, ...]]:
    """(territory armies, continent armies, continents held) for ``player`` now."""
    if not state.alive(player):
        return 0, 0, ()
    rules = state.rules
    held = controlled_count(state, player)
    if rules.income_table == "revised":
        territory_armies = revised.territory_income(held)
    else:
        territory_armies = max(rules.min_income, held // rules.income_divisor)
    continents = continents_of(state, player)
    bonus = sum(state.board.continents[c].bonus for c in continents)
    return territory_armies, bonus, continents


# ----- cards ------------------------------------------------------------------------------


def _table(state: GameState) -> dict[str, int] | None:
    return FIXED_TABLES.get(state.rules.trade_values)


def has_set(state: GameState, player: str) -> bool:
    return bool(sets_in_hand(state, player))


def sets_in_hand(state: GameState, player: str) -> list[tuple[str, ...]]:
    """Every set ``player`` may trade, as sorted card tuples (of stars: those among the
    hand's first 10 cards), of the cards this state knows (a seat's view of a sealed game
    may hold a card of its own not learnt yet: ``sealing``)."""
    hand = named(state.hands[player])
    if state.rules.trade_values == "stars":
        return star_trades(hand, state.board)
    return valid_sets(hand, state.board, _table(state), state.rules.sets)


def set_value(state: GameState, cards: tuple[str, ...] | list[str]) -> int:
    """What these cards are worth if traded now (0: not a set)."""
    board = state.board
    if any(not is_joker(c) and c not in board.territories for c in cards):
        return 0
    if state.rules.trade_values == "stars":
        return stars.value(board, cards)
    syms = [symbol(board, c) for c in cards]
    table = _table(state)
    if table is not None:
        return fixed_value(table, syms) if len(syms) == 3 else 0
    if not is_set(syms, state.rules.sets):
        return 0
    return escalating_value(state.trades, state.rules.escalation, state.rules.escalation_step)


def must_trade(state: GameState) -> bool:
    """Whether the current player has to trade before doing anything else."""
    if state.phase != "reinforce":
        return False
    if state.trade_window == "turn_start":
        return state.start_trade_due
    if state.trade_window == "elimination_forced":
        return len(state.hands[state.current]) > 4 and holds_set(state, state.current)
    return False


def holds_set(state: GameState, player: str) -> bool:
    """Whether ``player`` holds a set, as far as this state knows: on another peer's
    projection its hand is hidden, and what it owes is its own fact (``projection``): its
    acts were judged on its true hand by the host, and the end's replay judges them again."""
    return not any(is_hidden(c) for c in state.hands[player]) and has_set(state, player)


def trade_owed_at_start(state: GameState, player: str) -> bool:
    """Whether ``player``, its turn starting with the hand it holds, must trade a set before
    anything else: it holds the rules' forced number of cards or more, a set among them."""
    due = state.rules.forced_trade_at
    return due is not None and len(state.hands[player]) >= due and holds_set(state, player)


def trade_open(state: GameState) -> bool:
    """Whether the current player may trade a set now."""
    if state.phase != "reinforce":
        return False
    if state.trade_window == "elimination_forced":
        return len(state.hands[state.current]) > 4
    return state.trade_window in ("turn_start", "elimination_optional")


def bonus_candidates(state: GameState, player: str, cards: tuple[str, ...]) -> list[str]:
    return [c for c in cards if not is_joker(c) and state.owner.get(c) == player]


def check_trade(state: GameState, player: str, cards: tuple[str, ...], bonus: str | None) -> int:
    """Validate a trade; returns its value."""
    if not trade_open(state) and state.rules.trade_values == "stars":
        raise IllegalAction("no_trade_now", "cards are traded once a turn, at its start")
    if not trade_open(state):
        raise IllegalAction(
            "no_trade_now",
            "cards can only be traded at the start of your turn "
            "or right after eliminating a player",
        )
    if state.rules.trade_values == "stars":
        return stars.check(state, player, cards, bonus)
    lone_joker = state.rules.sets == "one_each_or_joker" and len(cards) == 1
    if not lone_joker and (len(cards) != 3 or len(set(cards)) != 3):
        lone = state.rules.sets != "standard"
        what = "three different cards, or a joker alone" if lone else "three different cards"
        raise IllegalAction("invalid_set", f"a set is {what}")
    hand = state.hands[player]
    missing = [c for c in cards if c not in hand]
    if missing:
        raise IllegalAction("not_in_hand", f"you do not hold {', '.join(missing)}")
    value = set_value(state, cards)
    if not value:
        raise IllegalAction("invalid_set", "these cards are not a set")
    candidates = bonus_candidates(state, player, cards)
    if state.rules.territory_bonus == "once_per_set" and candidates:
        if bonus not in candidates:
            raise IllegalAction(
                "bonus_territory",
                f"choose where the +{state.rules.territory_bonus_armies} go: "
                f"one of {', '.join(candidates)}",
            )
    elif bonus is not None:
        raise IllegalAction("bonus_territory", "this trade gives no territory bonus to place")
    return value


def trade(state: GameState, player: str, cards: tuple[str, ...], bonus: str | None) -> list[Event]:
    """A trade checked already (``check_trade``, by the engine's check or its caller's):
    what a legal set is worth, without checking it again (a search applies its own moves
    unchecked)."""
    value = set_value(state, cards)
    hand = state.hands[player]
    laid = state.laid.get(player, [])
    for c in cards:
        hand.remove(c)
        if c in laid:
            laid.remove(c)  # 004: a card laid face up is discarded with its bonus
    state.discard.extend(cards)
    state.trades += 1
    state.pool += value
    state.start_trade_due = False
    events: list[Event] = [CardsTraded(player, tuple(cards), value, state.trades)]
    if state.rules.trade_values == "stars":
        state.trade_window = "none"  # one trade a turn (docs/rules.md, decision 38)
        state.gained += value
        events.extend(stars.territory_bonuses(state, player, cards))
        events.extend(revised.shed(state, player, placeable(state, player)))
        return events
    extra = state.rules.territory_bonus_armies
    kind = state.rules.territory_bonus
    targets = bonus_candidates(state, player, cards) if kind == "per_card" else []
    if kind == "once_per_set" and bonus is not None:
        targets = [bonus]
    spilt = 0
    for t in targets:
        fits = min(extra, revised.room(state, t))  # past the cap, a bonus army is lost
        spilt += extra - fits
        if fits:
            add_armies(state, t, player, fits)
            events.append(Placed(player, t, fits, "card_bonus"))
    if spilt:
        events.append(ArmiesLost(player, spilt))
    state.gained += value + extra * len(targets) - spilt
    events.extend(revised.shed(state, player, placeable(state, player)))
    return events


def draw_shuffles(state: GameState, draws: int = 1) -> bool:
    """Of ``draws`` cards drawn now, one comes from a deck shuffled anew from the discards
    (nothing is discarded meanwhile)."""
    return draws > len(state.deck) and bool(state.discard)


def draw_card(state: GameState, source: RandomSource, player: str) -> list[Event]:
    events: list[Event] = []
    if not state.deck and state.discard:
        state.deck = dealt(state, source, state.discard)
        state.discard = []
        events.append(DeckShuffled(len(state.deck)))
    if not state.deck:
        return [NoCardLeft(player)]
    card = state.deck.pop()
    state.hands[player].append(card)
    events.append(CardDrawn(player, card))
    return events


# ----- placing, fortifying, ending ------------------------------------------------------


def check_reinforce(
    state: GameState, player: str, territory: str, count: int, force: str | None
) -> None:
    """``force``: whose armies ``player`` places now, when not their own (a mode's)."""
    if must_trade(state):
        raise IllegalAction("must_trade", "you hold too many cards: trade a set first")
    if state.pool <= 0:
        raise IllegalAction("nothing_to_place", "you have no armies left to place")
    if territory not in state.owner:
        raise IllegalAction("unknown_territory", f"no territory called {territory!r}")
    if force is not None:
        if state.owner[territory] != force:
            raise IllegalAction("not_ally", f"{territory} is not the ally's: place its armies")
    elif state.owner[territory] != player and not state.teams:
        raise IllegalAction("not_owner", f"{territory} is not yours")
    if state.teams and territory not in placeable(state, player):
        raise IllegalAction(
            "not_controlled", f"you do not control {territory}: reinforce where you hold most"
        )
    if not 1 <= count <= state.pool:
        raise IllegalAction("bad_count", f"place between 1 and {state.pool} armies")
    fits = revised.room(state, territory)
    if count > fits:
        raise IllegalAction(
            "army_cap", f"{territory} holds {state.rules.army_cap} armies at most: {fits} more fit"
        )
    here = revised.placeable_here(state, player, territory)
    if count > here:
        raise IllegalAction(
            "bound_bonus",
            f"only {here} may go on {territory}: the others are bonuses bound elsewhere, a"
            " continent's in it or joined to it by yours, a traded card's beside its territory",
        )


def reinforce(
    state: GameState, player: str, territory: str, count: int, force: str | None
) -> list[Event]:
    """``force``: whose armies ``player`` places, when not their own (a mode's)."""
    placed = force or player
    revised.spend(state, player, territory, count)  # before: it counts the room left there
    add_armies(state, territory, placed, count)
    state.pool -= count
    if not state.pool:
        state.bound_pools = {}
    return [Placed(player, territory, count, "reinforcement" if placed == player else "ally")]


def check_can_move_on(state: GameState) -> None:
    """Placing is done and no trade is owed, so the player may attack, fortify or end."""
    if state.phase == "reinforce":
        if must_trade(state):
            raise IllegalAction("must_trade", "you hold too many cards: trade a set first")
        if state.pool > 0:
            raise IllegalAction(
                "armies_to_place", f"place your {state.pool} remaining armies first"
            )
    elif state.phase not in ("attack", "fortify"):
        raise IllegalAction("wrong_phase", f"not possible during {state.phase}")


def leave_attack(state: GameState, source: RandomSource) -> list[Event]:
    """The attack phase is over: the card is drawn now under the 'after_attack' rule."""
    state.trade_window = "none"
    if state.rules.card_draw == "after_attack" and state.conquered:
        return draw_card(state, source, state.current)
    return []
