"""The game state: plain data, its dict form, what one player may see, and its invariants."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

from .board import Board, builtin_board
from .ruleset import RuleSet

STATE_VERSION = 1
HIDDEN = "?"  # a card a player's view does not show

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


class GameState:
    """Everything about a game in progress. Territory, player and card ids are strings.

    ``owner[t]`` is the player (or neutral army) holding territory ``t``; ``armies[t]`` its
    armies. ``mixed[t]``, used by team rules only, splits a territory's armies between
    teammates (player -> armies); a territory absent from it holds only its owner's armies,
    and the owner of a mixed territory is the teammate holding most armies there (see
    ``teams``). ``teams`` maps each player to its team (1 or 2) under team rules.
    ``neutrals`` are armies that own territories without being players.
    """

    __slots__ = (
        "armies",
        "attack",
        "auto_defend",
        "board",
        "capital_seals",
        "capitals",
        "colours",
        "conquered",
        "current",
        "deck",
        "discard",
        "eliminated",
        "eliminated_by",
        "engaged",
        "first_player",
        "hands",
        "held",
        "mixed",
        "move_in",
        "neutral_due",
        "neutrals",
        "objectives",
        "owner",
        "phase",
        "players",
        "pool",
        "round",
        "rules",
        "setup_left",
        "start_trade_due",
        "teams",
        "trade_window",
        "trades",
        "turn",
        "winner",
    )

    def __init__(self, board: Board, rules: RuleSet, players: list[str]) -> None:
        self.board = board
        self.rules = rules
        if not players:
            raise ValueError("a game needs players")
        players = [sys.intern(p) if isinstance(p, str) else p for p in players]
        self.players = players
        self.neutrals: list[str] = []
        # The neutral armies still to place one army each at this step of the setup.
        self.neutral_due: list[str] = []
        self.owner: dict[str, str | None] = dict.fromkeys(board.territory_ids)
        self.armies: dict[str, int] = dict.fromkeys(board.territory_ids, 0)
        self.mixed: dict[str, dict[str, int]] = {}
        # Each owner's territories, as an insertion-ordered set (dict keys), kept in step
        # with ``owner``: counting and listing holdings is on every hot path.
        self.held: dict[str, dict[str, None]] = {}
        self.hands: dict[str, list[str]] = {p: [] for p in players}
        self.deck: list[str] = []  # the top of the pile is the end of the list
        self.discard: list[str] = []
        self.trades = 0
        self.phase = "claim"
        self.current = players[0]
        self.first_player = players[0]
        self.setup_left: dict[str, int] = dict.fromkeys(players, 0)
        self.pool = 0
        self.turn = 0
        self.round = 0
        self.conquered = False
        self.engaged: dict[str, int] = {}
        self.trade_window = "none"
        self.start_trade_due = False
        self.attack: PendingAttack | None = None
        self.move_in: PendingMoveIn | None = None
        self.auto_defend: dict[str, int | None] = dict.fromkeys(players)
        self.eliminated: list[str] = []
        self.eliminated_by: dict[str, str] = {}  # who eliminated whom (objectives need it)
        # Each player's colour; "destroy colour X" objectives name colours, not seats.
        self.colours: dict[str, str] = {p: _default_colour(i) for i, p in enumerate(players)}
        self.objectives: dict[str, str | None] = {}  # secret: see view_for
        self.capital_seals: dict[str, str] = {}  # player -> sealed choice of headquarters
        self.capitals: dict[str, str] = {}  # player -> headquarters, once opened
        self.teams: dict[str, int] = {}
        self.winner: str | None = None

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

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain data (msgpack-friendly; ids are strings)."""
        return {
            "version": STATE_VERSION,
            "board": self.board.id,
            "rules": self.rules.to_dict(),
            "players": list(self.players),
            "neutrals": list(self.neutrals),
            "neutral_due": list(self.neutral_due),
            "owner": dict(self.owner),
            "armies": dict(self.armies),
            "mixed": {t: dict(m) for t, m in self.mixed.items()},
            "hands": {p: list(h) for p, h in self.hands.items()},
            "hand_sizes": {p: len(h) for p, h in self.hands.items()},
            "deck": list(self.deck),
            "deck_size": len(self.deck),
            "discard": list(self.discard),
            "trades": self.trades,
            "phase": self.phase,
            "current": self.current,
            "first_player": self.first_player,
            "setup_left": dict(self.setup_left),
            "pool": self.pool,
            "turn": self.turn,
            "round": self.round,
            "conquered": self.conquered,
            "engaged": dict(self.engaged),
            "trade_window": self.trade_window,
            "start_trade_due": self.start_trade_due,
            "attack": None
            if self.attack is None
            else {
                "source": self.attack.source,
                "target": self.attack.target,
                "dice": self.attack.dice,
                "stop_at": self.attack.stop_at,
                "defender": self.attack.defender,
            },
            "move_in": None
            if self.move_in is None
            else {
                "source": self.move_in.source,
                "target": self.move_in.target,
                "minimum": self.move_in.minimum,
                "maximum": self.move_in.maximum,
            },
            "auto_defend": dict(self.auto_defend),
            "eliminated": list(self.eliminated),
            "eliminated_by": dict(self.eliminated_by),
            "colours": dict(self.colours),
            "objectives": dict(self.objectives),
            "capital_seals": dict(self.capital_seals),
            "capitals": dict(self.capitals),
            "teams": dict(self.teams),
            "winner": self.winner,
        }

    def view_for(self, viewer: str | None) -> dict[str, Any]:
        """The state as ``viewer`` may see it: other hands are hidden (their sizes stay) but
        for its teammates' (a team shares one hand), the draw pile's order is hidden, and so
        are the others' objectives until the game is over. ``None`` is a spectator who sees
        no hand."""
        data = self.to_dict()
        team = self.teams.get(viewer) if viewer is not None else None
        data["hands"] = {
            p: (h if p == viewer or (team is not None and self.teams.get(p) == team) else None)
            for p, h in data["hands"].items()
        }
        data["deck"] = None
        if self.phase != "over":  # at the end, every objective is shown
            data["objectives"] = {
                p: (o if p == viewer else None) for p, o in data["objectives"].items()
            }
        return data

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
        data = dict(view)
        data["hands"] = {
            p: cards if cards is not None else [HIDDEN] * view["hand_sizes"][p]
            for p, cards in view["hands"].items()
        }
        data["deck"] = [HIDDEN] * view["deck_size"]
        return cls._load(data, board)

    @classmethod
    def _load(cls, data: dict[str, Any], board: Board | None) -> GameState:
        if data.get("version") != STATE_VERSION:
            raise ValueError(f"unsupported state version {data.get('version')!r}")
        board = board or builtin_board(data["board"])
        if board.id != data["board"]:
            raise ValueError(f"state is for board {data['board']!r}, not {board.id!r}")
        s = cls(board, RuleSet.from_dict(data["rules"]), list(data["players"]))
        s.neutrals = list(data["neutrals"])
        s.neutral_due = list(data.get("neutral_due", []))
        s.owner = {t: data["owner"][t] for t in board.territory_ids}
        s.armies = {t: int(data["armies"][t]) for t in board.territory_ids}
        s.mixed = {t: dict(m) for t, m in data["mixed"].items()}
        s.hands = {p: list(h) for p, h in data["hands"].items()}
        s.deck = list(data["deck"])
        s.discard = list(data["discard"])
        for name in _PLAIN_FIELDS:
            setattr(s, name, data[name])
        s.setup_left = dict(data["setup_left"])
        s.engaged = dict(data["engaged"])
        s.attack = PendingAttack(**data["attack"]) if data["attack"] else None
        s.move_in = PendingMoveIn(**data["move_in"]) if data["move_in"] else None
        s.auto_defend = dict(data["auto_defend"])
        s.eliminated = list(data["eliminated"])
        s.eliminated_by = dict(data.get("eliminated_by", {}))
        if "colours" in data:
            s.colours = dict(data["colours"])
        s.objectives = dict(data.get("objectives", {}))
        s.capital_seals = dict(data.get("capital_seals", {}))
        s.capitals = dict(data.get("capitals", {}))
        s.teams = dict(data.get("teams", {}))
        s.recount()
        return s

    def copy(self) -> GameState:
        c = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(c, name, getattr(self, name))
        c.players = list(self.players)
        c.neutrals = list(self.neutrals)
        c.neutral_due = list(self.neutral_due)
        c.owner = dict(self.owner)
        c.armies = dict(self.armies)
        c.mixed = {t: dict(m) for t, m in self.mixed.items()}
        c.held = {o: dict(ts) for o, ts in self.held.items()}
        c.hands = {p: list(h) for p, h in self.hands.items()}
        c.deck = list(self.deck)
        c.discard = list(self.discard)
        c.setup_left = dict(self.setup_left)
        c.engaged = dict(self.engaged)
        c.auto_defend = dict(self.auto_defend)
        c.eliminated = list(self.eliminated)
        c.eliminated_by = dict(self.eliminated_by)
        c.colours = dict(self.colours)
        c.objectives = dict(self.objectives)
        c.capital_seals = dict(self.capital_seals)
        c.capitals = dict(self.capitals)
        c.teams = dict(self.teams)
        if self.attack is not None:
            c.attack = PendingAttack(
                **{k: getattr(self.attack, k) for k in PendingAttack.__slots__}
            )
        if self.move_in is not None:
            c.move_in = PendingMoveIn(
                **{k: getattr(self.move_in, k) for k in PendingMoveIn.__slots__}
            )
        return c


# The neutral army's id (two-player games): it owns territories without being a player.
NEUTRAL = "neutral"


def neutral_ids(count: int) -> list[str]:
    """The ids of ``count`` neutral armies: ``neutral``, then ``neutral_2`` …"""
    return [NEUTRAL if i == 0 else f"{NEUTRAL}_{i + 1}" for i in range(count)]


# The seat colours, in seat order unless a game is given others (COLOURS in the host).
SEAT_COLOURS = ("red", "blue", "green", "yellow", "black", "white")


def _default_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


_PLAIN_FIELDS = (
    "trades",
    "phase",
    "current",
    "first_player",
    "pool",
    "turn",
    "round",
    "conquered",
    "trade_window",
    "start_trade_due",
    "winner",
)
