"""The events of the modes beyond world conquest: secret objectives, Risk Mission's
missions, Capital rules' headquarters, 000-A's ally and the active independents."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from .eventbase import Event


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
class Committed(Event):
    """Rulebook 004 «RISQUES CALCULÉS»: the attacker commits ``armies`` from ``source`` on
    ``target`` (``bonus``: +2 for the source's card laid face up), and 1 army from each of
    ``support``'s territories; ``defender`` answers."""

    type: ClassVar[str] = "committed"
    player: str
    source: str
    target: str
    armies: int
    bonus: int
    defender: str
    support: tuple[str, ...] = ()


@dataclass(slots=True)
class Answered(Event):
    """Rulebook 004: the defender's commitment (``bonus`` 2 for the attacked territory's card
    laid); ``auto`` when its standing answer gave it (all its armies, and its card)."""

    type: ClassVar[str] = "answered"
    player: str
    armies: int
    bonus: int
    auto: bool


@dataclass(slots=True)
class CalculatedBattle(Event):
    """Rulebook 004: both sides' two dice, their totals (dice, armies committed and card bonus),
    what each lost, and the armies left on each side."""

    type: ClassVar[str] = "calculated_battle"
    source: str
    target: str
    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_total: int
    defender_total: int
    attacker_losses: int
    defender_losses: int
    attacker_left: int
    defender_left: int


@dataclass(slots=True)
class Retreated(Event):
    """Rulebook 004: the defender moved all its ``armies`` from ``territory`` to ``to``."""

    type: ClassVar[str] = "retreated"
    player: str
    territory: str
    to: str
    armies: int


@dataclass(slots=True)
class Capitulated(Event):
    """Rulebook 004: the defender took its ``armies`` off ``territory``, back to its reserve."""

    type: ClassVar[str] = "capitulated"
    player: str
    territory: str
    armies: int


@dataclass(slots=True)
class CardTaken(Event):
    """Rulebook 004: after a retreat, ``player`` took a card at random from ``loser``: shown to
    those two only (None for the others)."""

    type: ClassVar[str] = "card_taken"
    player: str
    loser: str
    card: str | None

    def seen_by(self, viewer: str | None) -> Event:
        return self if viewer in (self.player, self.loser) else replace(self, card=None)


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
class CardGiven(Event):
    """Active independents: ``player`` gave ``card`` to ``independent``, whose status is now
    ``status`` (a seat it is allied to, or "" for neutral)."""

    type: ClassVar[str] = "card_given"
    player: str
    independent: str
    card: str
    status: str


@dataclass(slots=True)
class AllyReinforced(Event):
    """Active independents: ``player`` rolled ``die`` for its ally ``independent``: that many
    of the ally's armies are to place on its territories."""

    type: ClassVar[str] = "ally_reinforced"
    player: str
    independent: str
    die: int


@dataclass(slots=True)
class StatusDrifted(Event):
    """Active independents: an offensive against or with ``independent`` ended; ``player``
    rolled ``die`` (1 to 4 moves the status one step away from ``player``): now ``status``."""

    type: ClassVar[str] = "status_drifted"
    player: str
    independent: str
    die: int
    status: str
    previous: str


@dataclass(slots=True)
class IndependentDestroyed(Event):
    """Active independents: ``player`` took the independent's last territory, and the cards
    given to it."""

    type: ClassVar[str] = "independent_destroyed"
    independent: str
    player: str
    cards: tuple[str, ...]
