"""A client's own working-out of the game: every public move played through the engine, from
the public state and the checked dice, to compare with what the host says happened.

A client does not know the hidden cards (the others' hands, the draw pile's order) nor the
others' objectives, and the shuffles need the host's secret, revealed only at the end. So
its game holds those as placeholders (``HIDDEN``), and a move whose public outcome came from
a shuffle (the deal, a headquarters chance picked) cannot be worked out now: the client takes
the host's view for it and checks it once the secret is out (``witness``). Everything else
(dice counts, losses, a blitz's stop, conquests, move-ins, eliminations, bonuses, whose turn
it is, every territory's armies) is worked out here and must match the host's word exactly.
"""

from __future__ import annotations

from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import DerivedSource
from risk_lan.rules import Action, Event, Game, GameState, IllegalAction
from risk_lan.rules.events import DeckShuffled
from risk_lan.rules.projection import HIDDEN_FACTS, NamedUnheld, conceal, reveal_named
from risk_lan.rules.sealing import Sealer
from risk_lan.rules.state import HIDDEN
from risk_lan.rules.statefields import FIELDS


class PublicSource:
    """The dice of a roll, from its seed; shuffles need the host's secret, so they come out in
    order and are counted, and what they decided is taken from the host until the end."""

    def __init__(self, seed: bytes | None) -> None:
        self._dice = DerivedSource(seed) if seed is not None else None
        self.shuffles = 0

    def dice(self, count: int, sides: int = 6) -> list[int]:
        if self._dice is None:
            raise ProtocolError("no_roll", "a move used the dice without a roll", "host")
        return self._dice.dice(count, sides)

    def permutation(self, n: int) -> list[int]:
        if self._dice is None:
            raise ProtocolError("no_roll", "a move shuffled without a roll", "host")
        self.shuffles += 1
        return list(range(n))


def masked(state: GameState) -> None:
    """Forget every card a client cannot know here: its game is the spectator's projection
    (``projection``), the one every peer holds, whenever it arrived; its own cards and secrets
    are the host's word, checked at the end."""
    conceal(state, None)


def play(game: Game, seat: str, action: Action, source: PublicSource, n: int) -> list[Event] | None:
    """Play a public move on the client's game. None when its outcome hangs on what a
    shuffle decided and the client cannot see (the fourth mission shown, say): the game is
    then the host's word from the next view on, until the end."""
    state = game.state
    try:
        reveal_named(state, seat, action)
    except NamedUnheld as e:
        raise ProtocolError("illegal_move", f"move {n}: {e}", "host") from None
    game.source = source
    try:
        events = game.apply(seat, action)
    except IllegalAction as e:
        raise ProtocolError(
            "illegal_move", f"move {n} was illegal ({e.code}: {e.message})", "host"
        ) from None
    except KeyError as e:
        if e.args != (HIDDEN,):
            raise
        return None  # the engine looked at a hidden card: the state is half-made, dropped
    masked(state)
    return events


def shuffled_outcome(source: PublicSource, events: list[Event]) -> bool:
    """Whether a shuffle decided something public: every shuffle but a draw pile made again
    from the discards (whose order stays hidden) did. A source that deals hidden cards
    sealed shuffles no pile (each is dealt, ``sealing``, though still told as shuffled), and
    draws its shuffles from the roll's seed alone (``DealingPublicSource``): none it counts
    is left to the host's word."""
    if isinstance(source, Sealer):
        return False
    reshuffles = sum(1 for e in events if type(e) is DeckShuffled)
    return source.shuffles > reshuffles


# Compared apart in view_mismatch: territories, shared armies, pending moves; the state's own
# description (board, rules, version) is checked when the view is loaded.
_COMPARED_APART = frozenset({"owner", "armies", "mixed", "attack", "move_in", "board", "rules"})
# The view's fields that are the same for every player and must follow from the moves: every
# field in the saved state but those compared apart and the hidden facts (``projection``),
# whose public part is compared as counts and laid cards.
_SAME_FIELDS = tuple(
    f.name
    for f in FIELDS
    if f.saved and f.name not in _COMPARED_APART and f.name not in {h.field for h in HIDDEN_FACTS}
)

# Fields a dict leaves out while they hold their start value: a view without one says so.
_DROPPED = {f.name: f.start for f in FIELDS if f.dropped_at_start}


def view_mismatch(state: GameState, view: dict[str, Any]) -> str | None:
    """What in the host's ``view`` differs from the client's own game, in words; None when
    every public part agrees."""
    if view.get("owner") != state.owner:
        return _first_difference("the owner of", state.owner, view.get("owner"))
    if view.get("armies") != state.armies:
        return _first_difference("the armies on", state.armies, view.get("armies"))
    if view.get("mixed") != state.mixed:
        return "the armies shared on a territory differ"
    sizes = {p: len(h) for p, h in state.hands.items()}
    if view.get("hand_sizes") != sizes:
        return _first_difference("the number of cards of", sizes, view.get("hand_sizes"))
    if view.get("deck_size") != len(state.deck):
        return f"the draw pile has {len(state.deck)} cards, the host says {view.get('deck_size')}"
    for name in _SAME_FIELDS:
        mine = getattr(state, name)
        theirs = view.get(name, _DROPPED.get(name))
        if theirs != mine:
            return f"{name.replace('_', ' ')} is {mine!r}, the host says {theirs!r}"
    for name, pending in (("attack", state.attack), ("move_in", state.move_in)):
        mine = None if pending is None else {k: getattr(pending, k) for k in pending.__slots__}
        if view.get(name) != mine:
            return f"the pending {name.replace('_', ' ')} is {mine}, the host says {view.get(name)}"
    return None


def _first_difference(what: str, mine: dict[str, Any], theirs: Any) -> str:
    if not isinstance(theirs, dict) or set(theirs) != set(mine):
        return f"{what} the territories differ in number or name"
    key = next(k for k in mine if mine[k] != theirs[k])
    return f"{what} {key} is {mine[key]!r}, the host says {theirs[key]!r}"


def events_mismatch(
    mine: list[Event], seat: str | None, theirs: list[dict[str, Any]], drawn: list[str]
) -> str | None:
    """What in the host's events differs from the client's own, as ``seat`` sees them; the
    client's own cards (unknown here) are added to ``drawn``, to check at the end."""
    if len(mine) != len(theirs):
        return f"{len(theirs)} events where the moves give {len(mine)}"
    for i, (event, given) in enumerate(zip(mine, theirs, strict=True)):
        expected = event.seen_by(seat).to_dict()
        if expected != given and (
            not isinstance(given, dict) or not _same_but_cards(expected, given)
        ):
            return _event_difference(i + 1, expected, given)
        # Every card the seat is shown is noted, also one its own working-out happened to
        # give right (a pile remade here from the discards): the end's check counts each.
        drawn.extend(named_cards(given))
    return None


def named_cards(event: dict[str, Any]) -> list[str]:
    """The cards an event, as one seat sees it, names as come to a hand: drawn, taken, set
    aside for a reward, or an eliminated player's."""
    kind = event.get("type")
    if kind in ("card_drawn", "card_taken"):
        card = event.get("card")
        return [card] if isinstance(card, str) else []
    if kind in ("player_eliminated", "reward_taken"):
        cards = event.get("cards")
        if isinstance(cards, list | tuple):
            return [c for c in cards if isinstance(c, str)]
    return []


def _event_difference(i: int, expected: dict[str, Any], given: Any) -> str:
    """The first field of event ``i`` that differs, in words (dice first: "dice: ...")."""
    kind = expected.get("type")
    if not isinstance(given, dict) or given.get("type") != kind:
        kind_given = given.get("type") if isinstance(given, dict) else given
        return f"event {i} is a {kind_given!r} where the moves give a {kind!r}"
    for key in ("attacker_dice", "defender_dice", "rolls"):
        if key in expected and expected[key] != given.get(key):
            shown = key.replace("_", " ")
            return f"dice: event {i}'s {shown} {given.get(key)!r}, the seed gives {expected[key]!r}"
    differing = next((k for k in expected if expected[k] != given.get(k)), None)
    if differing is None:
        return f"event {i} ({kind}) has fields the moves do not give"
    shown = differing.replace("_", " ")
    return (
        f"event {i} ({kind}): {shown} {given.get(differing)!r}, "
        f"the moves give {expected[differing]!r}"
    )


def _same_but_cards(expected: dict[str, Any], given: dict[str, Any]) -> bool:
    """Equal but where the client could not know a card."""
    if set(expected) != set(given):
        return False
    for key, value in expected.items():
        other = given[key]
        if value == other:
            continue
        # A card drawn comes from the hidden pile: even one remade from the discards here
        # holds them in an order only the host's secret gives.
        unknown = value == HIDDEN or (expected["type"] == "card_drawn" and key == "card")
        if unknown and isinstance(value, str) and isinstance(other, str):
            continue
        if (
            isinstance(value, list)
            and isinstance(other, list)
            and len(value) == len(other)
            and all(isinstance(c, str) for c in other)
            and _named_among([v for v in value if v != HIDDEN], other)
        ):
            # A hand handed over: the cards known here (laid face up, rulebook 004) are among
            # the host's, whose order here is only as the client learnt of them.
            continue
        return False
    return True


def _named_among(named: list[str], cards: list[str]) -> bool:
    rest = list(cards)
    for card in named:
        if card not in rest:
            return False
        rest.remove(card)
    return True
