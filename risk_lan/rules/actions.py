"""Actions: what a player asks the engine to do. Plain, hashable, and convertible to dicts.

Actions are values: equal when their fields are equal, hashable, and never changed once
made (not frozen only because frozen dataclasses are several times slower to build).

Every action converts to a msgpack-friendly dict with a ``type`` key and back; a dict that
does not describe an action is refused with ``IllegalAction("malformed", …)``.

An action has one canonical form, ``to_dict()``'s, in which it is signed and published:
every field present (a default too), each of its exact type, and a trade's cards sorted by
card id (``TradeCards`` sorts them however they are given). ``action_from_wire`` takes an
action from a peer only in that form: a form that differs is refused (``not_canonical``),
never rewritten, since the move published must be the very action the player signed.
"""

from __future__ import annotations

import unicodedata
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from .illegal import IllegalAction


@dataclass(slots=True, unsafe_hash=True)
class Action:
    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(slots=True, unsafe_hash=True)
class Place(Action):
    """Put armies on a territory: a claim or a starting army during setup, or reinforcements."""

    type: ClassVar[str] = "place"
    territory: str
    count: int = 1


@dataclass(slots=True, unsafe_hash=True)
class TradeCards(Action):
    """Trade three cards for armies. ``bonus_territory`` names where a once-per-set territory
    bonus goes; it is required exactly when the rule set gives one and a card of the set shows
    a territory the player holds."""

    type: ClassVar[str] = "trade"
    cards: tuple[str, ...]
    bonus_territory: str | None = None

    def __post_init__(self) -> None:
        # A set is the same set in any order: its canonical order, sorted by card id, makes
        # equal trades compare equal and sign the same.
        if type(self.cards) in (tuple, list) and all(type(c) is str for c in self.cards):
            self.cards = tuple(sorted(self.cards))


@dataclass(slots=True, unsafe_hash=True)
class Attack(Action):
    """Attack ``target`` from ``source`` rolling up to ``dice`` dice.

    With ``stop_at`` None it is one battle. Otherwise it is a blitz: battles repeat until the
    target falls or the source is down to ``stop_at`` armies (at least 1).
    """

    type: ClassVar[str] = "attack"
    source: str
    target: str
    dice: int
    stop_at: int | None = None


@dataclass(slots=True, unsafe_hash=True)
class Defend(Action):
    """The defender's dice for the declared attack (for a blitz: for each of its battles)."""

    type: ClassVar[str] = "defend"
    dice: int


@dataclass(slots=True, unsafe_hash=True)
class MoveIn(Action):
    """After a conquest: how many armies, in all, move into the conquered territory."""

    type: ClassVar[str] = "move_in"
    count: int


@dataclass(slots=True, unsafe_hash=True)
class Fortify(Action):
    """The end-of-turn move of ``count`` armies from ``source`` to ``target``."""

    type: ClassVar[str] = "fortify"
    source: str
    target: str
    count: int


@dataclass(slots=True, unsafe_hash=True)
class EndTurn(Action):
    """End the turn (skipping whatever optional step is left)."""

    type: ClassVar[str] = "end_turn"


@dataclass(slots=True, unsafe_hash=True)
class SetAutoDefend(Action):
    """A standing answer to attacks on this player: always defend with up to ``dice`` dice,
    or ``None`` to be asked each time. Any player may send it at any time."""

    type: ClassVar[str] = "auto_defend"
    dice: int | None


@dataclass(slots=True, unsafe_hash=True)
class ClaimMission(Action):
    """Risk Mission: claim one of one's missions, whose condition holds now, in its window
    (a mission claimed as the turn ends ends the turn)."""

    type: ClassVar[str] = "claim_mission"
    mission: str


@dataclass(slots=True, unsafe_hash=True)
class ClaimObjective(Action):
    """Secret objectives: show one's objective (the card dealt, by its id), which holds now,
    and win. Under 000-A's and 003's rules at any moment of play, out of turn too; under
    004's as one ends one's own turn (the claim ends it, with the game)."""

    type: ClassVar[str] = "claim_objective"
    objective: str


@dataclass(slots=True, unsafe_hash=True)
class SealCapital(Action):
    """Capital rules: the player's sealed choice of headquarters, ``seal`` being
    ``capitals.seal(player, territory, nonce)`` (64 hex digits). Nobody, the host included,
    learns the choice before every player has sealed one."""

    type: ClassVar[str] = "seal_capital"
    seal: str


@dataclass(slots=True, unsafe_hash=True)
class RevealCapital(Action):
    """Capital rules: open the sealed choice, once every player has sealed one."""

    type: ClassVar[str] = "reveal_capital"
    territory: str
    nonce: str


@dataclass(slots=True, unsafe_hash=True)
class AbandonCapital(Action):
    """Capital rules: leave one's seal unopened (a bot that took over the seat cannot open
    it). Chance then picks the player's headquarters among its territories."""

    type: ClassVar[str] = "abandon_capital"


@dataclass(slots=True, unsafe_hash=True)
class GiveCard(Action):
    """Active independents (rulebook 002 «Étape 1»): at the start of the turn, give a territory
    card to an independent, whose status moves one position towards the giver."""

    type: ClassVar[str] = "give_card"
    independent: str
    card: str


@dataclass(slots=True, unsafe_hash=True)
class ReinforceAlly(Action):
    """Active independents (002 «Étape 3»): roll one die for an ally, and place that many of
    its armies on its territories."""

    type: ClassVar[str] = "reinforce_ally"
    independent: str


@dataclass(slots=True, unsafe_hash=True)
class EndOffensive(Action):
    """Active independents (001 «4. Combat»): stop the offensive against or with an
    independent; its status drift is rolled now."""

    type: ClassVar[str] = "end_offensive"


@dataclass(slots=True, unsafe_hash=True)
class Commit(Action):
    """Rulebook 004 «RISQUES CALCULÉS»: attack ``target`` from ``source`` with ``armies``
    committed; ``lay`` lays the source's card face up for +2 (it stays laid)."""

    type: ClassVar[str] = "commit"
    source: str
    target: str
    armies: int
    lay: bool = False
    # «RISQUES CALCULÉS et SOUTIEN»: territories of the attacker's beside the target, each
    # sending 1 army in support (sorted, as a trade's cards are).
    support: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if type(self.support) in (tuple, list) and all(type(t) is str for t in self.support):
            self.support = tuple(sorted(self.support))


@dataclass(slots=True, unsafe_hash=True)
class Answer(Action):
    """Rulebook 004: the defender's commitment to the attack waiting for it; ``lay`` lays the
    attacked territory's card face up for +2."""

    type: ClassVar[str] = "answer"
    armies: int
    lay: bool = False


@dataclass(slots=True, unsafe_hash=True)
class Retreat(Action):
    """Rulebook 004: instead of answering, the defender moves all its armies to ``territory``,
    one of its own joined to the attacked one by land."""

    type: ClassVar[str] = "retreat"
    territory: str


@dataclass(slots=True, unsafe_hash=True)
class Capitulate(Action):
    """Rulebook 004: before the first roll on it, the defender gives the territory up."""

    type: ClassVar[str] = "capitulate"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (
        Place,
        TradeCards,
        Attack,
        Defend,
        MoveIn,
        Fortify,
        EndTurn,
        SetAutoDefend,
        ClaimMission,
        ClaimObjective,
        SealCapital,
        RevealCapital,
        AbandonCapital,
        GiveCard,
        ReinforceAlly,
        EndOffensive,
        Commit,
        Answer,
        Retreat,
        Capitulate,
    )
}


def _is_cards(v: object) -> bool:
    return type(v) is tuple and all(type(c) is str for c in v)


# One test per action type, written out because it runs on every action the engine is given.
_FIELDS_OK: dict[type[Action], Any] = {
    Place: lambda a: type(a.territory) is str and type(a.count) is int,
    TradeCards: lambda a: (
        _is_cards(a.cards) and (a.bonus_territory is None or type(a.bonus_territory) is str)
    ),
    Attack: lambda a: (
        type(a.source) is str
        and type(a.target) is str
        and type(a.dice) is int
        and (a.stop_at is None or type(a.stop_at) is int)
    ),
    Defend: lambda a: type(a.dice) is int,
    MoveIn: lambda a: type(a.count) is int,
    Fortify: lambda a: type(a.source) is str and type(a.target) is str and type(a.count) is int,
    EndTurn: lambda a: True,
    SetAutoDefend: lambda a: a.dice is None or type(a.dice) is int,
    ClaimMission: lambda a: type(a.mission) is str,
    ClaimObjective: lambda a: type(a.objective) is str,
    SealCapital: lambda a: type(a.seal) is str,
    RevealCapital: lambda a: type(a.territory) is str and type(a.nonce) is str,
    AbandonCapital: lambda a: True,
    GiveCard: lambda a: type(a.independent) is str and type(a.card) is str,
    ReinforceAlly: lambda a: type(a.independent) is str,
    EndOffensive: lambda a: True,
    Commit: lambda a: (
        type(a.source) is str
        and type(a.target) is str
        and type(a.armies) is int
        and type(a.lay) is bool
        and _is_cards(a.support)
    ),
    Answer: lambda a: type(a.armies) is int and type(a.lay) is bool,
    Retreat: lambda a: type(a.territory) is str,
    Capitulate: lambda a: True,
}


def check_fields(action: Action) -> None:
    """Refuse an action whose fields have the wrong types (built by hand or decoded)."""
    test = _FIELDS_OK.get(type(action))
    if test is None:
        raise IllegalAction("malformed", "not an action")
    if not test(action):
        raise IllegalAction("malformed", f"{action.type}: a field has the wrong type")


def _action_class(data: Any) -> type[Action]:
    if not isinstance(data, dict):
        raise IllegalAction("malformed", "an action must be a map with a 'type'")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalAction("malformed", f"unknown action type {kind!r}")
    return cls


def action_from_dict(data: Any) -> Action:
    """Rebuild an action from its dict form, refusing anything malformed."""
    cls = _action_class(data)
    kind = cls.type
    names = {f.name for f in fields(cls)}
    extra = set(data) - names - {"type"}
    if extra:
        raise IllegalAction("malformed", f"{kind}: unexpected fields {sorted(map(str, extra))}")
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is MISSING:
                raise IllegalAction("malformed", f"{kind}: missing field {f.name!r}")
            continue
        value = data[f.name]
        values[f.name] = tuple(value) if isinstance(value, list) else value
    action = cls(**values)
    check_fields(action)
    return action


WIRE_TEXT = 64  # characters of a text field from a peer (an id, a seal, a nonce)
WIRE_LIST = 10  # texts of a list from a peer: a trade of stars gives up to 10 cards


def _wire_text(v: object) -> bool:
    return (
        type(v) is str
        and 0 < len(v) <= WIRE_TEXT
        and (v.isprintable() or not any(unicodedata.category(c)[0] == "C" for c in v))
    )


def _wire_int(v: object) -> bool:
    return type(v) is int and -(2**31) <= v <= 2**31


# What each field may hold on the wire, by its declared type.
_WIRE_CHECKS: dict[str, Any] = {
    "str": _wire_text,
    "int": _wire_int,
    "str | None": lambda v: v is None or _wire_text(v),
    "int | None": lambda v: v is None or _wire_int(v),
    "tuple[str, ...]": lambda v: (
        type(v) is list and len(v) <= WIRE_LIST and all(map(_wire_text, v))
    ),
    "bool": lambda v: type(v) is bool,
}
# Each action's fields and their checks (a field of a type without a check fails here, at
# import, rather than on the first action a peer sends).
_WIRE_FIELDS = {
    cls: [(f.name, _WIRE_CHECKS[str(f.type)]) for f in fields(cls)] for cls in ACTION_TYPES.values()
}


def action_from_wire(data: Any) -> Action:
    """The action a peer sent, taken only in its canonical form (see the module's doc): the
    action's type and exactly its fields, each of its type (texts of at most 64 characters
    without control characters), or ``IllegalAction("malformed")``; a well-formed action not
    written as ``to_dict()`` writes it is ``IllegalAction("not_canonical")``."""
    cls = _action_class(data)
    kind = cls.type
    checks = _WIRE_FIELDS[cls]
    if data.keys() != {"type", *(name for name, _ in checks)}:
        names = ", ".join(["type", *(name for name, _ in checks)])
        raise IllegalAction("malformed", f"{kind} has exactly the fields {names}")
    for name, check in checks:
        if not check(data[name]):
            raise IllegalAction("malformed", f"{kind}: field {name!r} is not valid")
    action = action_from_dict(data)
    if action.to_dict() != data:
        raise IllegalAction(
            "not_canonical",
            f"{kind} is not in its canonical form: a trade lists its cards sorted by card id",
        )
    return action
