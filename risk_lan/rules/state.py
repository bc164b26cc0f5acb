"""The game state: plain data, its dict form, what one player may see, and its invariants.

Each field of ``GameState`` is declared in ``statefields.FIELDS``: its value in a new game,
and its ``Kind``, which says how a copy holds it and how the dict form writes it and reads it
back. The slots, the constructor, ``to_dict``, the loading and ``copy`` all follow from that
table. The class body gives each field its type, for the type checker (a test keeps the two
in step).
"""

from __future__ import annotations

import sys
from typing import Any

from .board import Board, builtin_board
from .canonical import public_hand, public_missions
from .invariants import check_invariants
from .ruleset import RuleSet
from .sealing import slot_of
from .statefields import FIELDS, methods

# The placeholder and the phases, declared with the fields that hold them, and imported from here.
from .statefields import HIDDEN as HIDDEN
from .statefields import PHASES as PHASES
from .statefields import TRADE_WINDOWS as TRADE_WINDOWS

# The pending steps, declared with the fields that hold them, and imported from here.
from .statefields import PendingAttack as PendingAttack
from .statefields import PendingMoveIn as PendingMoveIn

STATE_VERSION = 1
# What one player's view may show that another's does not (``GameState.view_for``).
OWN_VIEW_KEYS = ("hands", "objectives", "missions", "start_trade_due")


_METHODS = methods(FIELDS, STATE_VERSION)


class GameState:
    """Everything about a game in progress. Territory, player and card ids are strings.

    ``owner[t]`` is the player (or neutral army) holding territory ``t``; ``armies[t]`` its
    armies. ``mixed[t]``, used by team rules only, splits a territory's armies between
    teammates (player -> armies); a territory absent from it holds only its owner's armies,
    and the owner of a mixed territory is the teammate holding most armies there (see
    ``teams``). ``teams`` maps each player to its team (1 or 2) under team rules.
    ``neutrals`` are armies that own territories without being players. Every field is in
    ``FIELDS``.
    """

    __slots__ = tuple(f.name for f in FIELDS)

    # Each field's type, in the order of FIELDS, where each is explained. Annotations without
    # a value make no class attribute, so they stand beside the slots.
    board: Board
    rules: RuleSet
    players: list[str]
    neutrals: list[str]
    neutral_due: list[str]
    owner: dict[str, str | None]  # None: not yet claimed
    armies: dict[str, int]
    mixed: dict[str, dict[str, int]]
    held: dict[str, dict[str, None]]
    hands: dict[str, list[str]]
    deck: list[str]
    discard: list[str]
    sealed: int
    sealing: bool
    trades: int
    phase: str
    current: str
    first_player: str
    setup_left: dict[str, int]
    pool: int
    turn: int
    round: int
    conquered: bool
    engaged: dict[str, int]
    trade_window: str
    start_trade_due: bool
    attack: PendingAttack | None
    move_in: PendingMoveIn | None
    auto_defend: dict[str, int | None]
    eliminated: list[str]
    eliminated_by: dict[str, str]
    colours: dict[str, str]
    objectives: dict[str, str | None]  # None: another's, in a player's view
    capital_seals: dict[str, str]
    capitals: dict[str, str]
    teams: dict[str, int]
    missions: dict[str, list[str]]
    claimed: dict[str, list[str]]
    shown: dict[str, str]
    conquests: int
    claim_window: str
    claimed_turn: bool
    ally_stage: str
    acting: str | None
    gained: int
    status: dict[str, str]
    given: dict[str, list[str]]
    given_turn: dict[str, int]
    reinforced: list[str]
    placing_for: str | None
    influence_open: bool
    offensive: list[str]
    moved: list[str]
    attacks_begun: bool
    reward: list[str]
    laid: dict[str, list[str]]
    fought: list[str]
    support: list[str]
    points: int
    bound_pools: dict[str, int]
    winner: str | None

    def __init__(self, board: Board, rules: RuleSet, players: list[str]) -> None:
        if not players:
            raise ValueError("a game needs players")
        players = [sys.intern(p) if isinstance(p, str) else p for p in players]
        self.board, self.rules, self.players = board, rules, players
        _METHODS.start(self, board, players)

    # ----- queries -------------------------------------------------------------------

    def alive(self, player: str) -> bool:
        return player in self.hands and player not in self.eliminated

    def count(self, owner: str) -> int:
        """How many territories ``owner`` holds."""
        held = self.held.get(owner)
        return len(held) if held else 0

    def territories_of(self, owner: str) -> list[str]:
        """``owner``'s territories, in board order."""
        held = self.held.get(owner)
        return sorted(held, key=self.board.position.__getitem__) if held else []

    def take(self, territory: str, new_owner: str) -> None:
        """Hand ``territory`` to ``new_owner`` (armies are the caller's business)."""
        old = self.owner[territory]
        if old is not None:
            del self.held[old][territory]
            if not self.held[old]:
                del self.held[old]
        self.owner[territory] = new_owner
        self.held.setdefault(new_owner, {})[territory] = None

    def next_player(self, player: str) -> str:
        """The next player to the left who is still in the game."""
        seats = self.players
        i = seats.index(player)
        for step in range(1, len(seats) + 1):
            candidate = seats[(i + step) % len(seats)]
            if candidate not in self.eliminated:
                return candidate
        return player

    def connected(self, owner: str, source: str, target: str) -> bool:
        """Whether a chain of ``owner``'s territories (and its teammates') joins source to
        target."""
        team = self.teams.get(owner)
        friendly = {p for p, t in self.teams.items() if t == team} if team else {owner}
        own = self.owner
        neighbours = self.board.neighbours
        seen = {source}
        stack = [source]
        while stack:
            for other in neighbours[stack.pop()]:
                if other == target:
                    return True
                if other not in seen and own[other] in friendly:
                    seen.add(other)
                    stack.append(other)
        return False

    def recount(self) -> None:
        """Rebuild ``held`` from ``owner`` (after setting owners directly)."""
        self.held = {}
        for t, o in self.owner.items():
            if o is not None:
                self.held.setdefault(o, {})[t] = None

    # ----- dict form -----------------------------------------------------------------

    # The whole state as plain data (msgpack-friendly; ids are strings), written out from
    # FIELDS, as are copy() and the setting and reading of every field.
    to_dict = _METHODS.to_dict

    def public_view(self) -> dict[str, Any]:
        """The state as a spectator sees it (``view_for(None)``): no hand, nor the draw
        pile's order, nor (until the game is over) any objective."""
        data = self.to_dict()
        if self.sealing or self.sealed:
            # Sealed cards (``sealing``): the state holds no secret, only tokens, which are
            # public (a trade it says is owed, it read from cards shown); the pile before its
            # first shuffle is the deck's cards in order.
            data["deck"] = [
                c if self.sealing or slot_of(c) is not None else HIDDEN for c in self.deck
            ]
            return data
        data["start_trade_due"] = False  # the current player's own fact: it hangs on the hand
        data["hands"] = dict.fromkeys(data["hands"])
        data["deck"] = None
        data["reward"] = [HIDDEN] * len(self.reward)
        if self.phase != "over":  # at the end, every objective (and mission) is shown
            data["objectives"] = dict.fromkeys(data["objectives"])
            data["missions"] = dict.fromkeys(data["missions"])
        return data

    def view_for(self, viewer: str | None, public: dict[str, Any] | None = None) -> dict[str, Any]:
        """The state as ``viewer`` may see it: other hands are hidden (their sizes stay) but
        for its teammates' (a team shares one hand), the draw pile's order is hidden, and so
        are the others' objectives until the game is over. ``None`` is a spectator who sees
        no hand.

        ``public`` is this state's ``public_view()``, given to make the views of several
        players of one state: each view then shares with it all but its ``OWN_VIEW_KEYS``
        (and must not be changed)."""
        view = dict(public) if public is not None else self.public_view()
        team = self.teams.get(viewer) if viewer is not None else None
        if viewer == self.current or (team is not None and self.teams.get(self.current) == team):
            view["start_trade_due"] = self.start_trade_due
        if self.sealing or self.sealed:
            # Every peer holds the same sealed state; each knows its own cards, and works out
            # from them whether its turn's start owes a trade (``seatview``).
            return view
        view["hands"] = {
            p: (
                list(h) if p == viewer or (team is not None and self.teams.get(p) == team) else None
            )
            for p, h in self.hands.items()
        }
        if self.phase != "over" and viewer in self.objectives:
            view["objectives"] = {
                p: (o if p == viewer else None) for p, o in self.objectives.items()
            }
        if self.phase != "over" and viewer in self.missions:
            view["missions"] = {
                p: (list(m) if p == viewer else None) for p, m in self.missions.items()
            }
        return view

    @classmethod
    def from_dict(cls, data: dict[str, Any], board: Board | None = None) -> GameState:
        """Rebuild a full state (not a view) and check its invariants."""
        if data.get("deck") is None:
            raise ValueError("a player's view cannot be loaded as a full state")
        s = cls._load(data, board)
        check_invariants(s)
        return s

    @classmethod
    def from_view(cls, view: dict[str, Any], board: Board | None = None) -> GameState:
        """A state to read from a player's view: hidden cards (other hands, the deck) are
        placeholders, so it answers every question the player may ask, and no other. It is
        not a full state: its invariants do not hold and it must not be played on."""
        data = dict(view)
        if view.get("sealing") or view.get("sealed"):
            return cls._load(data, board)  # a sealed game's view is the whole sealed state
        unseen = [p for p, cards in view["hands"].items() if cards is None]
        data["hands"] = {
            p: cards if cards is not None else [HIDDEN] * view["hand_sizes"][p]
            for p, cards in view["hands"].items()
        }
        data["deck"] = [HIDDEN] * view["deck_size"]
        others = [p for p, cards in (view.get("missions") or {}).items() if cards is None]
        if others:
            data["missions"] = {
                p: cards if cards is not None else [HIDDEN] * 4
                for p, cards in view["missions"].items()
            }
        s = cls._load(data, board)
        # The public part of what the view leaves out (cards laid face up, missions claimed
        # or shown) put back in the one form every peer holds (``projection``).
        for p in unseen:
            s.hands[p] = public_hand(s, p, s.hands[p])
        for p in others:
            s.missions[p] = public_missions(s, p, s.missions[p])
        return s

    @classmethod
    def _load(cls, data: dict[str, Any], board: Board | None) -> GameState:
        if data.get("version") != STATE_VERSION:
            raise ValueError(f"unsupported state version {data.get('version')!r}")
        board = board or builtin_board(data["board"])
        if board.id != data["board"]:
            raise ValueError(f"state is for board {data['board']!r}, not {board.id!r}")
        s = cls(board, RuleSet.from_dict(data["rules"]), list(data["players"]))
        _METHODS.load(s, data, board)
        s.recount()
        return s

    copy = _METHODS.copy  # a state that shares nothing mutable with this one


# The neutral army's id (two-player games): it owns territories without being a player.
NEUTRAL = "neutral"


def neutral_ids(count: int) -> list[str]:
    """The ids of ``count`` neutral armies: ``neutral``, then ``neutral_2`` …"""
    return [NEUTRAL if i == 0 else f"{NEUTRAL}_{i + 1}" for i in range(count)]
