"""The fields of ``GameState``, each declared once (``FIELDS``), and the methods that go through
every field, written out from that declaration.

A ``Field`` has a name, its value in a new game, and a ``Kind``: how a copy holds it and how
the dict form writes it and reads it back. From the fields come the slots, the setting of a
new game's fields, ``copy``, ``to_dict`` and the reading of a dict form. Those methods are
written out as source (as dataclasses writes its own): plain attribute access costs a third
less than a loop of getattr and setattr over the fields, and a host copies the state for
every move it publishes (to try it) and writes it out for every update. Each field's type is
written in ``GameState``'s body, where the type checker reads it; a test keeps the two lists
in step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .board import Board
from .ruleset import RuleSet

if TYPE_CHECKING:
    from .state import GameState  # which is made from this table


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


class Kind(NamedTuple):
    """How a field's value is held. ``copy`` makes a copy that shares nothing mutable with it;
    ``dump`` makes its dict form (plain data, msgpack-friendly); ``load`` reads the dict form
    back, given the game's board. None for any of them: the value itself, which is never
    changed in place."""

    copy: Callable[[Any], Any] | None
    dump: Callable[[Any], Any] | None
    load: Callable[[Any, Board], Any] | None


def _dicts(value: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {k: dict(v) for k, v in value.items()}


def _lists(value: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {k: list(v) for k, v in value.items()}


VALUE = Kind(None, None, None)  # a number, a text, a flag or None
LIST = Kind(list, list, lambda value, board: list(value))
MAP = Kind(dict, dict, lambda value, board: dict(value))
MAP_OF_MAPS = Kind(_dicts, _dicts, lambda value, board: _dicts(value))
MAP_OF_LISTS = Kind(_lists, _lists, lambda value, board: _lists(value))


def by_territory(convert: Callable[[Any], Any] | None = None) -> Kind:
    """A map from every territory of the board, read back in the board's order (each value
    through ``convert``)."""
    if convert is None:
        return Kind(dict, dict, lambda value, board: {t: value[t] for t in board.territory_ids})
    return Kind(
        dict, dict, lambda value, board: {t: convert(value[t]) for t in board.territory_ids}
    )


def pending(cls: type[Any]) -> Kind:
    """A pending step (a slotted dataclass) or None; in the dict form, a map of its fields."""

    def fields(value: Any) -> dict[str, Any]:
        return {k: getattr(value, k) for k in cls.__slots__}

    return Kind(
        lambda value: None if value is None else cls(**fields(value)),
        lambda value: None if value is None else fields(value),
        lambda value, board: cls(**value) if value else None,
    )


class _Given:
    def __repr__(self) -> str:
        return "GIVEN"


GIVEN: Any = _Given()  # a field's value in a new game is an argument of the constructor


class Field(NamedTuple):
    name: str
    kind: Kind
    # Its value in a new game: a constant, or made from the board and the players by a
    # function; GIVEN: an argument of the constructor.
    start: Any
    optional: bool = False  # may be absent from a dict (an older save): its new value then
    saved: bool = True  # in the dict form; if not, the state rebuilds it once loaded
    # Written just after it in the dict form, worked out from it (a public count of secrets).
    derived: tuple[str, Callable[[Any], Any]] | None = None
    # Left out of the dict form while it holds its start value (a constant): a field one kind
    # of game alone uses, so that the others' dicts, saves and views stay as they were.
    dropped_at_start: bool = False


class Methods(NamedTuple):
    start: Callable[[GameState, Board, list[str]], None]
    copy: Callable[[GameState], GameState]
    to_dict: Callable[[GameState], dict[str, Any]]
    load: Callable[[GameState, dict[str, Any], Board], None]  # (state, data, board)


def methods(fields: tuple[Field, ...], version: int) -> Methods:
    """The methods of a class with these fields (``version`` opens its dict form)."""
    env: dict[str, Any] = {"new": object.__new__, "VERSION": version}
    start, copy, dump, load = [], ["c = new(type(self))"], ["d = {", "'version': VERSION,"], []
    drop = []
    for f in fields:
        name, kind = f.name, f.kind
        env |= {f"start_{name}": f.start, f"copy_{name}": kind.copy, f"dump_{name}": kind.dump}
        env |= {f"load_{name}": kind.load, f"derive_{name}": f.derived and f.derived[1]}
        if f.start is not GIVEN:
            made = f"start_{name}(board, players)" if callable(f.start) else f"start_{name}"
            start.append(f"self.{name} = {made}")
        copy.append(f"c.{name} = " + (f"copy_{name}(self.{name})" if kind.copy else f"self.{name}"))
        if not f.saved:
            continue
        dump.append(
            f"'{name}': " + (f"dump_{name}(self.{name})," if kind.dump else f"self.{name},")
        )
        if f.derived:
            dump.append(f"'{f.derived[0]}': derive_{name}(self.{name}),")
        if f.dropped_at_start:
            drop.append(f"if self.{name} == start_{name}: del d['{name}']")
        if f.start is not GIVEN:
            value = f"load_{name}(data['{name}'], board)" if kind.load else f"data['{name}']"
            load.append(
                f"if '{name}' in data: s.{name} = {value}" if f.optional else f"s.{name} = {value}"
            )
    return Methods(
        _written("start", "self, board, players", start, env, "Set every field of a new game."),
        _written("copy", "self", [*copy, "return c"], env, "A copy sharing nothing mutable."),
        _written(
            "to_dict",
            "self",
            [*dump, "}", *drop, "return d"],
            env,
            "The whole state as plain data (msgpack-friendly).",
        ),
        _written("load", "s, data, board", load, env, "Read every field of a dict form back."),
    )


def _written(name: str, params: str, lines: list[str], env: dict[str, Any], doc: str) -> Any:
    exec(f"def {name}({params}):\n" + "".join(f"    {line}\n" for line in lines), env)
    function = env[name]
    function.__doc__ = doc
    return function


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


# The state's fields, grouped by the mode of play that uses them (a mode's fields are left at
# their default outside it). They stay here, not in each mode's module: a mode's module reads
# GameState, which is made from this table, so the table cannot import the modes. The groups'
# order below is the order of the dict form (saves and views depend on it).

# Every game's fields.
_PLAY = (
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
    # How many slots of sealed cards were dealt (``sealing``): the next token's number.
    Field("sealed", VALUE, 0, optional=True),
    # Whether the game deals its hidden cards sealed (a game between peers, ``sealing``): its
    # state holds no secret, so its pile before the first shuffle (the deck's cards in
    # order) is public, as is every token.
    Field("sealing", VALUE, False, optional=True, dropped_at_start=True),
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
)
# Secret objectives (``objectives.py``).
_OBJECTIVES = (Field("objectives", MAP, _empty_map, optional=True),)  # secret: see view_for
# Headquarters (``capitals.py``).
_CAPITALS = (
    Field("capital_seals", MAP, _empty_map, optional=True),  # player -> sealed headquarters
    Field("capitals", MAP, _empty_map, optional=True),  # player -> headquarters, once opened
)
# Team rules (an option, ``teams.py``).
_TEAMS = (Field("teams", MAP, _empty_map, optional=True),)  # player -> team (1 or 2)
_MISSIONS = (
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
)
_ALLIED = (
    # 000-A's ally (``neutral_play`` "ally"): the part of the turn ("own", the player whose
    # turn it is plays; "ally", the opponent places the ally's share and may counter-attack;
    # "again", the player plays on; "": no ally in play), who acts in it when that is not the
    # player whose turn it is, and the armies that player gained this turn (the ally gets half).
    Field("ally_stage", VALUE, "", optional=True),
    Field("acting", VALUE, None, optional=True),
    Field("gained", VALUE, 0, optional=True),
)
_INDEPENDENTS = (
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
)
_REWARD = (
    # Rulebook 004: the cards set aside for whoever takes the neutral's last territory (hidden in
    # every view).
    Field("reward", LIST, _empty_list, optional=True),
)
_CALCULATED = (
    # Rulebook 004's combat: each player's cards laid face up for +2 (public), and the
    # territories rolled on this turn (no capitulation after the first roll).
    Field("laid", MAP_OF_LISTS, _empty_map, optional=True),
    Field("fought", LIST, _empty_list, optional=True),
    # The territories sending 1 army each in support of the attack waiting for its answer.
    Field("support", LIST, _empty_list, optional=True),
)
_REVISED = (
    # Rulebook 004's end-of-turn movement: the points left.
    Field("points", VALUE, 0, optional=True),
    # Rulebook 004: the parts of ``pool`` that may go only in certain places: a continent's bonus
    # (key: the continent), a traded card's +1 (key: the card's territory).
    Field("bound_pools", MAP, _empty_map, optional=True),
)
_END = (Field("winner", VALUE, None),)

# Every field of the state, in the order of its dict form.
FIELDS = (
    *_PLAY,
    *_OBJECTIVES,
    *_CAPITALS,
    *_TEAMS,
    *_MISSIONS,
    *_ALLIED,
    *_INDEPENDENTS,
    *_REWARD,
    *_CALCULATED,
    *_REVISED,
    *_END,
)


# The seat colours, in seat order unless a game is given others (COLOURS in the host).
SEAT_COLOURS = ("red", "blue", "green", "yellow", "black", "white")


def _default_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
