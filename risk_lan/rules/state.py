"""The game state: plain data, its dict form, what one player may see, and its invariants.

Each field of ``GameState`` is declared once, in ``FIELDS``: its value in a new game, and its
``Kind``, which says how a copy holds it and how the dict form writes it and reads it back.
The slots, the constructor, ``to_dict``, the loading and ``copy`` all follow from that table
(``statefields``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

from .board import Board, builtin_board
from .ruleset import RuleSet
from .statefields import (
    GIVEN,
    LIST,
    MAP,
    MAP_OF_LISTS,
    MAP_OF_MAPS,
    VALUE,
    Field,
    Kind,
    by_territory,
    methods,
    pending,
)

STATE_VERSION = 1
HIDDEN = "?"  # a card a player's view does not show
# What one player's view may show that another's does not (``GameState.view_for``).
OWN_VIEW_KEYS = ("hands", "objectives", "missions", "start_trade_due")

PHASES = (
    "claim",
    "setup",
    "capital",
    "capital_reveal",
    "reinforce",
    "attack",
    "defend",
    "move_in",
    "fortify",
    "over",
)
TRADE_WINDOWS = ("none", "turn_start", "elimination_forced", "elimination_optional")


@dataclass(slots=True)
class PendingAttack:
    """An attack declared and not yet rolled (waiting for the defender's dice)."""

    source: str
    target: str
    dice: int
    stop_at: int | None
    defender: str


@dataclass(slots=True)
class PendingMoveIn:
    """A conquest whose move-in is still to choose: the total moved is in [minimum, maximum]."""

    source: str
    target: str
    minimum: int
    maximum: int


def _empty_list(board: Board, players: list[str]) -> list[Any]:
    return []


def _empty_map(board: Board, players: list[str]) -> dict[str, Any]:
    return {}


# Every field of the state, in the order of its dict form.
FIELDS = (
    Field("board", Kind(None, lambda board: board.id, None), GIVEN),
    Field(
        "rules", Kind(None, RuleSet.to_dict, lambda rules, board: RuleSet.from_dict(rules)), GIVEN
    ),
    Field("players", LIST, GIVEN),
    # Armies that own territories without being players.
    Field("neutrals", LIST, _empty_list),
    # The neutral armies still to place one army each at this step of the setup.
    Field("neutral_due", LIST, _empty_list, optional=True),
    # The player (or neutral army) holding each territory.
    Field("owner", by_territory(), lambda board, players: dict.fromkeys(board.territory_ids)),
    Field(
        "armies", by_territory(int), lambda board, players: dict.fromkeys(board.territory_ids, 0)
    ),
    # Team rules only: a territory's armies split between teammates (player -> armies); a
    # territory absent from it holds only its owner's armies.
    Field("mixed", MAP_OF_MAPS, _empty_map),
    # Each owner's territories, as an insertion-ordered set (dict keys), kept in step with
    # ``owner``: counting and listing holdings is on every hot path.
    Field("held", MAP_OF_MAPS, _empty_map, saved=False),
    Field(
        "hands",
        MAP_OF_LISTS,
        lambda board, players: {p: [] for p in players},
        derived=("hand_sizes", lambda hands: {p: len(h) for p, h in hands.items()}),
    ),
    # The draw pile: its top is the end of the list.
    Field("deck", LIST, _empty_list, derived=("deck_size", len)),
    Field("discard", LIST, _empty_list),
    Field("trades", VALUE, 0),
    Field("phase", VALUE, "claim"),
    Field("current", VALUE, lambda board, players: players[0]),
    Field("first_player", VALUE, lambda board, players: players[0]),
    Field("setup_left", MAP, lambda board, players: dict.fromkeys(players, 0)),
    Field("pool", VALUE, 0),
    Field("turn", VALUE, 0),
    Field("round", VALUE, 0),
    Field("conquered", VALUE, False),
    Field("engaged", MAP, _empty_map),
    Field("trade_window", VALUE, "none"),
    Field("start_trade_due", VALUE, False),
    Field("attack", pending(PendingAttack), None),
    Field("move_in", pending(PendingMoveIn), None),
    Field("auto_defend", MAP, lambda board, players: dict.fromkeys(players)),
    Field("eliminated", LIST, _empty_list),
    # Who eliminated whom (objectives need it).
    Field("eliminated_by", MAP, _empty_map, optional=True),
    # Each player's colour; "destroy colour X" objectives name colours, not seats.
    Field(
        "colours",
        MAP,
        lambda board, players: {p: _default_colour(i) for i, p in enumerate(players)},
        optional=True,
    ),
    Field("objectives", MAP, _empty_map, optional=True),  # secret: see view_for
    Field("capital_seals", MAP, _empty_map, optional=True),  # player -> sealed headquarters
    Field("capitals", MAP, _empty_map, optional=True),  # player -> headquarters, once opened
    Field("teams", MAP, _empty_map, optional=True),  # player -> team (1 or 2), team rules
    # Risk Mission (``missions``): each player's four cards, rank by rank (secret: see
    # view_for); those claimed (public), the fourth shown after three claims, the territories
    # conquered this turn, which claim window is open now ("", "turn_start" or
    # "after_conquest"), and whether the player whose turn it is has claimed this turn.
    Field("missions", MAP_OF_LISTS, _empty_map, optional=True),
    Field("claimed", MAP_OF_LISTS, _empty_map, optional=True),
    Field("shown", MAP, _empty_map, optional=True),
    Field("conquests", VALUE, 0, optional=True),
    Field("claim_window", VALUE, "", optional=True),
    Field("claimed_turn", VALUE, False, optional=True),
    # 000-A's ally (``neutral_play`` "ally"): the part of the turn ("own", the player whose
    # turn it is plays; "ally", the opponent places the ally's share and may counter-attack;
    # "again", the player plays on; "": no ally in play), who acts in it when that is not the
    # player whose turn it is, and the armies that player gained this turn (the ally gets half).
    Field("ally_stage", VALUE, "", optional=True),
    Field("acting", VALUE, None, optional=True),
    Field("gained", VALUE, 0, optional=True),
    # Active independents (``neutral_play`` "active"): each independent's status (the seat it
    # is allied to, or "" while neutral); the cards given to each (shown to all: every peer
    # checks the move that names one); how many each got this turn; the allies reinforced
    # this turn; whose armies are being placed now when not the player's (an ally's die);
    # whether cards may still be given (the start of the turn); the offensive under way
    # against or with an independent (source, target, the attacking and attacked owners),
    # whose drift roll comes when it ends; and who has made its manoeuvre this turn.
    Field("status", MAP, _empty_map, optional=True),
    Field("given", MAP_OF_LISTS, _empty_map, optional=True),
    Field("given_turn", MAP, _empty_map, optional=True),
    Field("reinforced", LIST, _empty_list, optional=True),
    Field("placing_for", VALUE, None, optional=True),
    Field("influence_open", VALUE, False, optional=True),
    Field("offensive", LIST, _empty_list, optional=True),
    Field("moved", LIST, _empty_list, optional=True),
    Field("attacks_begun", VALUE, False, optional=True),
    # Seed 004: the cards set aside for whoever takes the neutral's last territory (hidden in
    # every view).
    Field("reward", LIST, _empty_list, optional=True),
    # Seed 004's combat: each player's cards laid face up for +2 (public), and the
    # territories rolled on this turn (no capitulation after the first roll).
    Field("laid", MAP_OF_LISTS, _empty_map, optional=True),
    Field("fought", LIST, _empty_list, optional=True),
    # The territories sending 1 army each in support of the attack waiting for its answer.
    Field("support", LIST, _empty_list, optional=True),
    # Seed 004's end-of-turn movement: the points left.
    Field("points", VALUE, 0, optional=True),
    # Seed 004: the parts of ``pool`` that may go only in certain places: a continent's bonus
    # (key: the continent), a traded card's +1 (key: the card's territory).
    Field("bound_pools", MAP, _empty_map, optional=True),
    Field("winner", VALUE, None),
)


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
        held = self.held.get(owner, {})
        return [t for t in self.board.territory_ids if t in held]

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
        data["hands"] = dict.fromkeys(data["hands"])
        data["deck"] = None
        data["reward"] = [HIDDEN] * len(self.reward)
        data["start_trade_due"] = False  # the current player's own fact: it hangs on the hand
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
        from .invariants import check_invariants  # which reads GameState: imported late

        check_invariants(s)
        return s

    @classmethod
    def from_view(cls, view: dict[str, Any], board: Board | None = None) -> GameState:
        """A state to read from a player's view: hidden cards (other hands, the deck) are
        placeholders, so it answers every question the player may ask, and no other. It is
        not a full state: its invariants do not hold and it must not be played on."""
        from .projection import public_hand, public_missions  # which reads GameState

        data = dict(view)
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
            s.hands[p] = public_hand(s, p, view["hand_sizes"][p])
        for p in others:
            s.missions[p] = public_missions(s, p, 4)
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


# The seat colours, in seat order unless a game is given others (COLOURS in the host).
SEAT_COLOURS = ("red", "blue", "green", "yellow", "black", "white")


def _default_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
