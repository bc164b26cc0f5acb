"""Events: what happened, in order, as the engine applied an action.

Events are records: nothing changes them after the engine makes them (they are not frozen
only because frozen dataclasses are several times slower to build, and a game makes many).

Each event converts to a msgpack-friendly dict with a ``type`` key. Events that carry a secret
(a drawn card, captured cards) are redacted by :meth:`Event.seen_by` for other viewers.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar


@dataclass(slots=True)
class Event:
    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for name in _field_names(type(self)):
            data[name] = _plain(getattr(self, name))
        return data

    def seen_by(self, viewer: str | None) -> Event:
        """This event as ``viewer`` may see it (``None``: a spectator who sees no secret)."""
        return self


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    # dataclasses.fields() is slow to call per event, and a blitz makes a hundred events.
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


@dataclass(slots=True)
class OrderRolled(Event):
    """Each player rolled one die (ties among the highest roll again). ``purpose`` is
    ``first_placer``, ``first_taker`` (the deal by dice) or ``first_turn``; ``rolls`` lists
    each round of rolls."""

    type: ClassVar[str] = "order_rolled"
    purpose: str
    rolls: tuple[dict[str, int], ...]
    winner: str


@dataclass(slots=True)
class DealRolled(Event):
    """000-B's deal by dice: each player's die in turn, as (player, points), from the first;
    each took that many territories from the shuffled pile (the last taker what was left)."""

    type: ClassVar[str] = "deal_rolled"
    rolls: tuple[tuple[str, int], ...]


@dataclass(slots=True)
class TerritoriesDealt(Event):
    type: ClassVar[str] = "territories_dealt"
    owners: dict[str, str]


@dataclass(slots=True)
class Placed(Event):
    """Armies put on a territory. ``reason``: ``claim``, ``setup``, ``reinforcement`` or
    ``card_bonus``."""

    type: ClassVar[str] = "placed"
    player: str
    territory: str
    count: int
    reason: str


@dataclass(slots=True)
class SetupFinished(Event):
    type: ClassVar[str] = "setup_finished"
    first_player: str


@dataclass(slots=True)
class DeckShuffled(Event):
    """The draw pile was formed or re-formed from the discards; its order stays secret."""

    type: ClassVar[str] = "deck_shuffled"
    cards: int


@dataclass(slots=True)
class TurnStarted(Event):
    """``income`` = max(min_income, territories // divisor) + continent bonuses."""

    type: ClassVar[str] = "turn_started"
    player: str
    turn: int
    round: int
    territories: int
    territory_armies: int
    continents: tuple[str, ...]
    continent_armies: int
    income: int


@dataclass(slots=True)
class CardsTraded(Event):
    type: ClassVar[str] = "cards_traded"
    player: str
    cards: tuple[str, ...]
    armies: int
    set_number: int


@dataclass(slots=True)
class AttackDeclared(Event):
    type: ClassVar[str] = "attack_declared"
    player: str
    source: str
    target: str
    dice: int
    stop_at: int | None
    defender: str


@dataclass(slots=True)
class DefenceChosen(Event):
    type: ClassVar[str] = "defence_chosen"
    player: str
    dice: int
    standing: bool


@dataclass(slots=True)
class BattleRolled(Event):
    """One roll of the dice. Dice are listed highest first."""

    type: ClassVar[str] = "battle"
    source: str
    target: str
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_losses: int
    defender_losses: int
    source_armies: int
    target_armies: int


@dataclass(slots=True)
class AttackStopped(Event):
    """A blitz ended without conquest because the stop rule or the source's armies said so."""

    type: ClassVar[str] = "attack_stopped"
    source: str
    target: str


@dataclass(slots=True)
class Conquered(Event):
    """``armies`` moved in at once: those that rolled in the last battle."""

    type: ClassVar[str] = "conquered"
    player: str
    territory: str
    previous_owner: str
    armies: int


@dataclass(slots=True)
class MovedIn(Event):
    type: ClassVar[str] = "moved_in"
    player: str
    source: str
    target: str
    total: int


@dataclass(slots=True)
class PlayerEliminated(Event):
    """``cards`` goes only to the two players concerned; others see how many."""

    type: ClassVar[str] = "player_eliminated"
    player: str
    by: str
    cards: tuple[str, ...] | None
    card_count: int

    def seen_by(self, viewer: str | None) -> Event:
        if viewer in (self.player, self.by):
            return self
        return replace(self, cards=None)


@dataclass(slots=True)
class Fortified(Event):
    type: ClassVar[str] = "fortified"
    player: str
    source: str
    target: str
    count: int


@dataclass(slots=True)
class CardDrawn(Event):
    """``card`` is None for everyone but the drawer."""

    type: ClassVar[str] = "card_drawn"
    player: str
    card: str | None

    def seen_by(self, viewer: str | None) -> Event:
        return self if viewer == self.player else replace(self, card=None)


@dataclass(slots=True)
class NoCardLeft(Event):
    """A card was due but the draw pile and the discards are both empty."""

    type: ClassVar[str] = "no_card_left"
    player: str


@dataclass(slots=True)
class HandPassed(Event):
    """Team rules: at the end of ``player``'s turn the team's ``count`` cards went to ``to``,
    the teammate who plays next."""

    type: ClassVar[str] = "hand_passed"
    player: str
    to: str
    count: int


@dataclass(slots=True)
class TurnEnded(Event):
    type: ClassVar[str] = "turn_ended"
    player: str


@dataclass(slots=True)
class AutoDefendSet(Event):
    type: ClassVar[str] = "auto_defend_set"
    player: str
    dice: int | None


@dataclass(slots=True)
class MissionsDealt(Event):
    """Risk Mission: each player sees only its own four cards; the others' are None."""

    type: ClassVar[str] = "missions_dealt"
    missions: dict[str, tuple[str, ...] | None]

    def seen_by(self, viewer: str | None) -> Event:
        return replace(
            self, missions={p: (m if p == viewer else None) for p, m in self.missions.items()}
        )


@dataclass(slots=True)
class MissionClaimed(Event):
    """A player claimed one of its missions, shown to all (``count``: its claims so far)."""

    type: ClassVar[str] = "mission_claimed"
    player: str
    mission: str
    count: int


@dataclass(slots=True)
class MissionShown(Event):
    """After three claims, a player's fourth mission is shown to all (001 «Risk MISSION»)."""

    type: ClassVar[str] = "mission_shown"
    player: str
    mission: str


@dataclass(slots=True)
class ObjectivesDealt(Event):
    """Each player sees only its own objective; the others' are None."""

    type: ClassVar[str] = "objectives_dealt"
    objectives: dict[str, str | None]

    def seen_by(self, viewer: str | None) -> Event:
        return replace(
            self, objectives={p: (o if p == viewer else None) for p, o in self.objectives.items()}
        )


@dataclass(slots=True)
class ObjectiveAchieved(Event):
    """The winner shows its objective card (``achieved`` differs from ``objective`` when the
    card fell back to another, such as 24 territories)."""

    type: ClassVar[str] = "objective_achieved"
    player: str
    objective: str
    achieved: str


@dataclass(slots=True)
class CapitalSealed(Event):
    type: ClassVar[str] = "capital_sealed"
    player: str
    seal: str


@dataclass(slots=True)
class CapitalRevealed(Event):
    """The player's headquarters, opened: its card leaves the deck for good."""

    type: ClassVar[str] = "capital_revealed"
    player: str
    territory: str
    nonce: str


@dataclass(slots=True)
class CapitalAbandoned(Event):
    """A seal left unopened: chance picked the player's headquarters, ``territory``."""

    type: ClassVar[str] = "capital_abandoned"
    player: str
    territory: str


@dataclass(slots=True)
class AllyPart(Event):
    """000-A's ally: ``player`` plays the next part of the turn. ``part`` "ally": the opponent
    takes the ally, with ``armies`` (its share) to place, and may counter-attack; "passed":
    the ally has nothing to place and no attack to make, so the part is passed over; "again":
    the player whose turn it is plays on."""

    type: ClassVar[str] = "ally_part"
    player: str
    part: str
    ally: str
    armies: int


@dataclass(slots=True)
class AllyDestroyed(Event):
    """000-A's ally lost its last territory, to ``player``: turns are plain from now on."""

    type: ClassVar[str] = "ally_destroyed"
    ally: str
    player: str


@dataclass(slots=True)
class GameWon(Event):
    type: ClassVar[str] = "game_won"
    winner: str
    reason: str


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        OrderRolled,
        DealRolled,
        TerritoriesDealt,
        Placed,
        SetupFinished,
        DeckShuffled,
        TurnStarted,
        CardsTraded,
        AttackDeclared,
        DefenceChosen,
        BattleRolled,
        AttackStopped,
        Conquered,
        MovedIn,
        PlayerEliminated,
        Fortified,
        CardDrawn,
        NoCardLeft,
        HandPassed,
        TurnEnded,
        AutoDefendSet,
        ObjectivesDealt,
        ObjectiveAchieved,
        MissionsDealt,
        MissionClaimed,
        MissionShown,
        CapitalSealed,
        CapitalRevealed,
        CapitalAbandoned,
        AllyPart,
        AllyDestroyed,
        GameWon,
    )
}
