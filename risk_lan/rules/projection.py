"""What each peer may know of a game: the hidden facts, declared once, and a state's projection
for a seat or a spectator, in the one form every peer reaches.

A peer never holds the whole state. Its game holds what it may not see as placeholders
(``HIDDEN``), and every public outcome must come out the same on that projection as on the
whole state, so that each peer works out every public move by itself. Where a rule needs a
hidden fact, either its holder names it in an act it signs (a trade, a card laid, a mission
claimed), or a shuffle decided it and the end of the game checks it with the host's secret.
``HIDDEN_FACTS`` says which, fact by fact; ``tests/test_projection.py`` plays random legal
moves of every preset on the whole state and on each peer's projection and requires the same
public events and public state.

Two secrets never enter the state before their holder's act: a headquarters chosen (the
state holds only its seal, a hash; the choice and its nonce are the player's until it opens
them) and whether a defender holds the attacked territory's card under a standing answer
(laid, if held, by the defender's own answer: ``calculated.card_unknown``).

The projection is canonical, so that a peer that watched from the first move and one that
arrived from a view stand on equal states: another player's hand is its cards laid face up,
in the order laid, then placeholders; another's missions keep their rank's place, the claimed
and shown ones named.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .actions import Action, Answer, ClaimMission, ClaimObjective, Commit, GiveCard, TradeCards
from .canonical import public_hand, public_missions
from .missioncards import RANKS, missions
from .sealing import slot_of
from .state import HIDDEN, GameState


@dataclass(frozen=True, slots=True)
class HiddenFact:
    """A field of the state some peers may not see: who sees it, what of it is public, and how
    what a rule needs of it becomes public."""

    field: str
    seen_by: str
    public: str
    made_public: str


HIDDEN_FACTS = (
    HiddenFact(
        "hands",
        "its holder and its teammates (a team shares one hand)",
        "how many cards; under rulebook 004, the cards laid face up",
        "the holder names the cards in the act it signs (a trade, a card laid on a commitment"
        " or an answer, a card given to an independent); a card drawn, taken after a retreat"
        " or handed over at an elimination came from the shuffled pile, checked at the end",
    ),
    HiddenFact(
        "start_trade_due",
        "the player whose turn it is and its teammates",
        "nothing: false in every other view",
        "whether a set is owed hangs on the hand; the player's acts show it kept the rule,"
        " which the end's replay checks on the true hands",
    ),
    HiddenFact(
        "deck",
        "nobody",
        "how many cards",
        "its order is the host's shuffle, checked at the end with the host's secret",
    ),
    HiddenFact(
        "reward",
        "nobody",
        "how many cards (rulebook 004: set aside for whoever takes the neutral's last territory)",
        "dealt by the host's shuffle, checked at the end",
    ),
    HiddenFact(
        "objectives",
        "its holder, and everyone once the game is over",
        "nothing, until its holder claims it",
        "made public: named by its holder in the claim it signs (a win by an objective is"
        " that claim); which card was dealt is the host's shuffle, checked at the end",
    ),
    HiddenFact(
        "missions",
        "its holder, and everyone once the game is over",
        "the missions claimed, and the fourth shown after three claims",
        "the holder names a mission in the claim it signs; the fourth shown is the deal's,"
        " the host's shuffle, checked at the end",
    ),
)


class HiddenPile(list[str]):
    """The draw pile as a peer sees it: its cards are unknown, so taking out a named card (a
    headquarters card leaves the pile) takes out an unknown one."""

    def remove(self, card: str) -> None:
        super().remove(card if card in self else HIDDEN)


def _unknown(cards: list[str]) -> list[str]:
    """Cards nobody may see, as a peer holds them: placeholders, a sealed card its token."""
    return [c if slot_of(c) is not None else HIDDEN for c in cards]


def sees_hand(state: GameState, viewer: str | None, player: str) -> bool:
    if viewer is None:
        return False
    if player == viewer:
        return True
    team = state.teams.get(viewer)
    return team is not None and state.teams.get(player) == team


def conceal(state: GameState, viewer: str | None) -> GameState:
    """Turn ``state`` (in place) into ``viewer``'s projection: every fact ``viewer`` may not
    see a placeholder, in the canonical form. ``None`` is a spectator. Returns ``state``."""
    sealed_game = state.sealing or state.sealed
    if not sealed_game:  # in a sealed game every hand is public: tokens and cards shown
        for player, hand in state.hands.items():
            if not sees_hand(state, viewer, player):
                state.hands[player] = public_hand(state, player, hand)
    if not (state.sealed or state.sealing) and not sees_hand(state, viewer, state.current):
        state.start_trade_due = False  # a sealed state's, every peer read from cards shown
    # A sealed game's pile is public: its cards in order before the first shuffle, then tokens.
    state.deck = HiddenPile(state.deck if state.sealing else _unknown(state.deck))
    state.reward = _unknown(state.reward)
    if state.phase != "over":
        for player, objective in state.objectives.items():
            if player != viewer and (objective is None or slot_of(objective) is None):
                state.objectives[player] = None
        for player, cards in state.missions.items():
            if player != viewer and cards is not None:
                state.missions[player] = public_missions(state, player, cards)
    return state


def project(state: GameState, viewer: str | None) -> GameState:
    """A copy of ``state`` as ``viewer`` may know it (see ``conceal``)."""
    return conceal(state.copy(), viewer)


def public_form(state: GameState) -> dict[str, Any]:
    """What every peer, a spectator included, knows of ``state``: equal for two states on
    which every peer agrees."""
    return project(state, None).to_dict()


class Named(NamedTuple):
    """What an act names of its signer's secrets: cards, a mission, an objective."""

    cards: tuple[str, ...] = ()
    mission: str | None = None
    objective: str | None = None


def named_in(state: GameState, action: Action) -> Named:
    """The cards, the mission and the objective an act names, which its signer makes public
    by sending it."""
    if isinstance(action, TradeCards):
        return Named(tuple(action.cards))
    if isinstance(action, GiveCard):
        return Named((action.card,))
    if isinstance(action, Commit) and action.lay:
        return Named((action.source,))
    if isinstance(action, Answer) and action.lay and state.attack is not None:
        return Named((state.attack.target,))
    if isinstance(action, ClaimMission):
        return Named(mission=action.mission)
    if isinstance(action, ClaimObjective):
        return Named(objective=action.objective)
    return Named()


class NamedUnheld(ValueError):
    """An act names more cards than its signer could hold."""


def reveal_named(
    state: GameState, seat: str, action: Action, opened: Mapping[str, str] | None = None
) -> None:
    """Put what ``seat``'s act names into the projection, in place of placeholders: the
    cards it names into its hand, a mission it claims into its rank's place, an objective it
    claims into its place. ``opened`` are the sealed cards the act opens (token → card, each
    proven by its holder): those go in their tokens' places. The engine's own checks then
    judge the act as on the whole state."""
    if opened:
        _open(state, seat, opened)
    cards, mission, objective = named_in(state, action)
    hand = state.hands.get(seat)
    if cards and hand is not None:
        named = [c for c in cards if c not in hand]
        if len(named) > hand.count(HIDDEN):
            raise NamedUnheld(f"{seat} names cards it cannot hold ({len(hand)} held)")
        for card in named:
            hand[hand.index(HIDDEN)] = card
    held = state.missions.get(seat)
    if mission is not None and held is not None and mission not in held:
        claimed = missions().get(mission)
        if claimed is not None:
            rank = RANKS.index(claimed.rank)
            if rank < len(held) and held[rank] == HIDDEN:
                held[rank] = mission
    if objective is not None and seat in state.objectives and state.objectives[seat] is None:
        state.objectives[seat] = objective


def _open(state: GameState, seat: str, opened: Mapping[str, str]) -> None:
    for sealed, card in opened.items():
        if slot_of(sealed) is None:
            raise NamedUnheld(f"{seat} opens {sealed!r}, which is no sealed card")
        for cards in (state.hands.get(seat), state.missions.get(seat)):
            if cards is not None and sealed in cards:
                cards[cards.index(sealed)] = card
                break
        else:
            if state.objectives.get(seat) != sealed:
                raise NamedUnheld(f"{seat} opens {sealed}, which it does not hold")
            state.objectives[seat] = card


def sealed_of(state: GameState, seat: str) -> list[str]:
    """The tokens of the sealed cards ``seat`` holds: its hand's, its missions', its
    objective's."""
    own = [*state.hands.get(seat, ()), *(state.missions.get(seat) or ())]
    objective = state.objectives.get(seat)
    if objective is not None:
        own.append(objective)
    return [c for c in own if slot_of(c) is not None]


def opened_by(
    state: GameState, seat: str, action: Action, known: Mapping[str, str]
) -> dict[str, str]:
    """The sealed cards ``seat``'s act must open for every peer to judge it (token → card),
    from what ``seat`` knows of its own (``known``: token → card): each card the act names
    that it holds sealed, the mission it claims and, with its third claim, the mission left,
    which the rules then show."""
    cards, mission, objective = named_in(state, action)
    wanted = [*cards, *(name for name in (mission, objective) if name is not None)]
    own = sealed_of(state, seat)
    opened: dict[str, str] = {}
    for name in wanted:
        if name in state.hands.get(seat, ()) or name in (state.missions.get(seat) or ()):
            continue
        found = next((t for t in own if known.get(t) == name and t not in opened), None)
        if found is not None:
            opened[found] = name
    held = state.missions.get(seat) or []
    if mission is not None and len(held) == len(RANKS):
        claims = len(state.claimed.get(seat, ())) + 1
        left = [t for t in held if slot_of(t) is not None and t not in opened]
        if claims == len(RANKS) - 1 and len(left) == 1 and left[0] in known:
            opened[left[0]] = known[left[0]]
    return opened
