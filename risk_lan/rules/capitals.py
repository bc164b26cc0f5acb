"""Capital Risk (RULES.md 2.13, rulebook 003 «JEU 4»): headquarters chosen secretly, then held.

After setup each player, in turn, seals its choice of headquarters (:func:`seal`, a hash of
the player, the territory and a random nonce the player keeps); once every choice is sealed,
each is opened in turn and checked against its seal. So no one, not even the host that runs
the engine, can choose after seeing another's choice. A headquarters' territory card leaves
the deck: it stays with the territory, held by whoever holds the territory.

A player wins by holding its own headquarters and every other one (or, with the shorter
goal, 2 others with 4 players and 3 with 5). A seal that cannot be opened (a bot took the
seat over, and the nonce left with its player) is left: the game's chance then picks that
player's headquarters among its territories.
"""

from __future__ import annotations

import hashlib
import re

from .actions import AbandonCapital, Action, RevealCapital, SealCapital
from .events import CapitalAbandoned, CapitalRevealed, CapitalSealed, Event, GameWon
from .illegal import IllegalAction
from .modeunit import BEFORE_PLAY, ModeRules
from .randomness import RandomSource
from .state import GameState

SEAL = re.compile(r"[0-9a-f]{64}")
MAX_NONCE = 64
_DOMAIN = b"risk-lan capital v1\0"


def seal(player: str, territory: str, nonce: str) -> str:
    """The seal of ``player``'s choice of ``territory``; ``nonce`` must be secret and random
    (at least 16 random bytes, say as hex), or the few territories a player holds could be
    tried one by one against the seal."""
    data = _DOMAIN + "\0".join((player, territory, nonce)).encode()
    return hashlib.sha256(data).hexdigest()


def choosing(state: GameState) -> bool:
    return state.phase in ("capital", "capital_reveal")


def begin(state: GameState) -> bool:
    """Setup is done: every player seals a choice, from the first player on (the first turn
    waits until all are open)."""
    state.phase = "capital"
    state.current = state.first_player
    return True


def check_seal(state: GameState, player: str, sealed: str) -> None:
    if state.phase != "capital":
        raise IllegalAction("wrong_phase", "headquarters are sealed after setup")
    if not SEAL.fullmatch(sealed):
        raise IllegalAction("malformed", "a seal is 64 lowercase hex digits")


def check_reveal(state: GameState, player: str, territory: str, nonce: str) -> None:
    if state.phase != "capital_reveal":
        raise IllegalAction("wrong_phase", "headquarters are opened once all are sealed")
    if territory not in state.owner:
        raise IllegalAction("unknown_territory", f"no territory called {territory!r}")
    if len(nonce) > MAX_NONCE:
        raise IllegalAction("malformed", f"a nonce is at most {MAX_NONCE} characters")
    if seal(player, territory, nonce) != state.capital_seals.get(player):
        raise IllegalAction("bad_seal", "this is not the choice that was sealed")
    if state.owner[territory] != player:
        # Owners cannot change while choices are made: a sealed choice of someone else's
        # territory can never be opened.
        raise IllegalAction("not_owner", f"{territory} is not yours")


def apply_seal(state: GameState, player: str, sealed: str) -> list[Event]:
    state.capital_seals[player] = sealed
    events: list[Event] = [CapitalSealed(player, sealed)]
    waiting = [p for p in _from_first(state) if p not in state.capital_seals]
    if waiting:
        state.current = waiting[0]
    else:
        state.phase = "capital_reveal"
        state.current = state.first_player
    return events


def check_abandon(state: GameState, player: str) -> None:
    if state.phase != "capital_reveal":
        raise IllegalAction("wrong_phase", "a seal is left unopened when seals are opened")


def apply_reveal(
    state: GameState, source: RandomSource, player: str, territory: str, nonce: str
) -> list[Event]:
    state.capitals[player] = territory
    state.deck.remove(territory)  # the headquarters card leaves the deck for good
    return _opened(state, CapitalRevealed(player, territory, nonce))


def apply_abandon(state: GameState, source: RandomSource, player: str) -> list[Event]:
    """A seal left unopened: the chance the game draws from picks the headquarters among the
    player's territories, so leaving a seal unopened chooses nothing and spares no one."""
    owned = state.territories_of(player)
    territory = owned[source.permutation(len(owned))[0]]
    state.capitals[player] = territory
    state.deck.remove(territory)
    return _opened(state, CapitalAbandoned(player, territory))


def _opened(state: GameState, event: Event) -> list[Event]:
    waiting = [p for p in _from_first(state) if p not in state.capitals]
    if waiting:
        state.current = waiting[0]
    return [event]


def _turn_due(state: GameState) -> str | None:
    """The first turn begins once every headquarters is open."""
    if state.phase != "capital_reveal" or any(p not in state.capitals for p in state.players):
        return None
    return state.first_player


def goal(state: GameState) -> int:
    """How many other headquarters a player must hold (with its own) to win."""
    others = len(state.players) - 1
    if state.rules.capital_goal == "shorter" and len(state.players) >= 4:
        return min(others, len(state.players) - 2)  # 4 players: 2; 5 players: 3 (003 «JEU 4»)
    return others


def held_by(state: GameState, player: str) -> list[str]:
    """The other players' headquarters ``player`` holds now."""
    return [t for p, t in state.capitals.items() if p != player and state.owner[t] == player]


def check(state: GameState) -> list[Event]:
    """End the game if a player holds its own headquarters and enough others: the player
    whose turn it is first, then the others in turn."""
    if len(state.capitals) != len(state.players):
        return []
    need = goal(state)
    for player in _from(state, state.current):
        if player in state.eliminated or state.owner[state.capitals[player]] != player:
            continue
        if len(held_by(state, player)) >= need:
            state.winner = player
            state.phase = "over"
            state.attack = None
            state.move_in = None
            return [GameWon(player, "capitals")]
    return []


def _from_first(state: GameState) -> list[str]:
    return _from(state, state.first_player)


def _from(state: GameState, first: str) -> list[str]:
    seats = state.players
    i = seats.index(first)
    return seats[i:] + seats[:i]


def _after(
    state: GameState, source: RandomSource, player: str, action: Action, events: list[Event]
) -> list[Event]:
    # Headquarters are checked from the first turn on.
    return check(state) if state.phase not in BEFORE_PLAY else []


MODE = ModeRules(
    name="capitals",
    applies=lambda rules: rules.victory == "capitals",
    checks={
        SealCapital: lambda s, p, a: check_seal(s, p, a.seal),
        RevealCapital: lambda s, p, a: check_reveal(s, p, a.territory, a.nonce),
        AbandonCapital: lambda s, p, a: check_abandon(s, p),
    },
    effects={
        SealCapital: lambda s, rng, p, a, h: apply_seal(s, p, a.seal),
        RevealCapital: lambda s, rng, p, a, h: apply_reveal(s, rng, p, a.territory, a.nonce),
        AbandonCapital: lambda s, rng, p, a, h: apply_abandon(s, rng, p),
    },
    after=_after,
    phases={
        "capital": ("seal your choice of headquarters", (SealCapital,)),
        "capital_reveal": (
            "open your sealed choice of headquarters",
            (RevealCapital, AbandonCapital),
        ),
    },
    at_setup_end=begin,
    turn_due=_turn_due,
    chance={SealCapital: lambda s, a: False},
    # Sealing and opening are the player's secret: only leaving the seal unopened is listed.
    steps={"capital_reveal": lambda s, player: [AbandonCapital()]},
)
