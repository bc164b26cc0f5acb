"""Events: what happened, in order, as the engine applied an action.

Events are records: nothing changes them after the engine makes them (they are not frozen
only because frozen dataclasses are several times slower to build, and a game makes many).

Each event converts to a msgpack-friendly dict with a ``type`` key. Events that carry a secret
(a drawn card, captured cards) are redacted by :meth:`Event.seen_by` for other viewers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from .eventbase import Event
from .modeevents import (
    AllyDestroyed,
    AllyPart,
    AllyReinforced,
    Answered,
    CalculatedBattle,
    CapitalAbandoned,
    CapitalRevealed,
    CapitalSealed,
    Capitulated,
    CardGiven,
    CardTaken,
    Committed,
    IndependentDestroyed,
    MissionClaimed,
    MissionsDealt,
    MissionShown,
    ObjectiveAchieved,
    ObjectivesDealt,
    Retreated,
    StatusDrifted,
)


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
class BesideBonus(Event):
    """004: for each traded territory named, 1 more army to place beside it by land."""

    type: ClassVar[str] = "beside_bonus"
    player: str
    territories: tuple[str, ...]


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
class GameWon(Event):
    type: ClassVar[str] = "game_won"
    winner: str
    reason: str


@dataclass(slots=True)
class RewardSetAside(Event):
    """Rulebook 004: ``count`` cards set aside face down for whoever takes the neutral's last
    territory."""

    type: ClassVar[str] = "reward_set_aside"
    count: int


@dataclass(slots=True)
class RewardTaken(Event):
    """Rulebook 004: ``player`` took the neutral's last territory, and the cards set aside: shown
    to that player only (None for the others, who see ``count``)."""

    type: ClassVar[str] = "reward_taken"
    player: str
    cards: tuple[str, ...] | None
    count: int

    def seen_by(self, viewer: str | None) -> Event:
        return self if viewer == self.player else replace(self, cards=None)


@dataclass(slots=True)
class ArmiesLost(Event):
    """Reinforcements that fit on none of the player's territories under the cap on armies
    (rulebook 004: 12 a territory) are lost."""

    type: ClassVar[str] = "armies_lost"
    player: str
    count: int


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
        BesideBonus,
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
        CardGiven,
        AllyReinforced,
        StatusDrifted,
        IndependentDestroyed,
        ArmiesLost,
        Committed,
        Answered,
        CalculatedBattle,
        Retreated,
        Capitulated,
        CardTaken,
        RewardSetAside,
        RewardTaken,
        GameWon,
    )
}
