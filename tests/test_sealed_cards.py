"""The game every peer plays when no one may see a hidden card: each hidden card is a sealed
card's token (``risk_lan.rules.sealing``), the same on every peer, and a rule that needs a
hidden card has it from its holder's act, which opens it (``projection.opened_by``,
``reveal_named``).

Random legal moves of every preset, under random options, are played on the whole state and
on the sealed one, whose tokens stand for cards dealt in the same order: the sealed game,
with every token read back as its card, must be the whole game, event for event and field
for field, after every move. The engine may read no token's card by itself.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from sealed_helpers import SealingSource, apply_sealed, known_to, unsealed, whole_form
from test_projection import A_TABLE, rules_for

from risk_lan.bots import ClassicBot
from risk_lan.rules import RULESETS, Game, GameState, SetAutoDefend
from risk_lan.rules.events import CardDrawn, CardGiven, TurnStarted
from risk_lan.rules.projection import conceal
from risk_lan.rules.sealing import Sealer, slot_of
from risk_lan.rules.seatview import seat_view
from risk_lan.seeded import SeededSource


def drawn_then_given(events: list, untold: set[str] | bool) -> set[str] | bool:
    """The cards the current turn's start drew (``set``), or True once one of them was given
    to an independent in that turn: what a seat's view cannot tell apart."""
    for e in events:
        if isinstance(e, TurnStarted):
            untold = set()
        elif isinstance(e, CardDrawn) and isinstance(untold, set) and e.card is not None:
            untold.add(e.card)
        elif isinstance(e, CardGiven) and isinstance(untold, set) and e.card in untold:
            untold = True
    return untold


def play_sealed(
    whole: Game, sealed: Game, cards: dict[str, str], rng: random.Random, steps: int
) -> int:
    bots = {p: ClassicBot() for p in whole.state.players}
    for p in whole.state.players:
        if rng.random() < 0.5:
            for game in (whole, sealed):
                game.apply(p, SetAutoDefend(whole.rules.defender_max_dice))
    played = 0
    untold: set[str] | bool = set()  # the cards this turn's start drew; True once one is given
    for _ in range(steps):
        if whole.is_over:
            break
        player = whole.waiting_for()
        assert player is not None and sealed.waiting_for() == player
        if whole.phase in ("capital", "capital_reveal") or rng.random() < 0.7:
            action = bots[player].choose(whole, player)
        else:
            action = rng.choice(whole.legal_actions(player))
        seed = rng.randrange(1 << 30)
        whole.source = SeededSource(seed)
        events = whole.apply(player, action)
        played += 1
        untold = drawn_then_given(events, untold)
        sealed_events = apply_sealed(sealed, player, action, cards, seed, played)
        assert [unsealed(e.to_dict(), cards) for e in sealed_events] == [
            e.to_dict() for e in events
        ], f"move {played} ({player}: {action}): the sealed game's events differ"
        mine, theirs = whole_form(sealed.state, cards), whole.state.to_dict()
        # Whether a trade is owed as a turn starts hangs on the hand: the holder's own fact,
        # which its seat's view works out from the cards it knows.
        mine["start_trade_due"] = theirs["start_trade_due"]
        current = sealed.state.current
        known = known_to(sealed.state, current, cards)
        owes = seat_view(sealed.state, current, known).start_trade_due
        # The one case a seat's view cannot tell (seatview.py): a card its turn's start drew,
        # given to an independent in that turn. Its client will keep the fact as the turn
        # starts (issue 27's next steps); until then the case is left out here, and only it.
        assert owes == theirs["start_trade_due"] or untold is True, (
            f"after move {played} ({player}: {action}) {current}'s view says a trade is owed:"
            f" {owes}, the whole state: {theirs['start_trade_due']}"
        )
        assert mine == theirs, (
            next(
                f"{k}: sealed {mine[k]!r}, whole {theirs[k]!r}"
                for k in theirs
                if mine[k] != theirs[k]
            )
            + f" after move {played} ({player}: {action})"
        )
        # Every peer, a spectator included, holds this very state: nothing in it is secret
        # (the pile before its first shuffle is the deck's cards in the board's order).
        own = sealed.state.to_dict()
        seen = conceal(sealed.state.copy(), None).to_dict()
        arrived = GameState.from_view(sealed.state.view_for(rng.choice([None, player]))).to_dict()
        if not any(slot_of(c) is not None for c in own["deck"]):
            seen["deck"] = arrived["deck"] = own["deck"]
        assert arrived == own, f"a peer arriving after move {played} stands elsewhere: " + next(
            f"{k}: {arrived.get(k)!r} for {own[k]!r}" for k in own if arrived.get(k) != own[k]
        )
        assert seen == own, next(
            f"a spectator's projection hides {k} after move {played}: {seen[k]} for {own[k]}"
            for k in own
            if seen[k] != own[k]
        )
    return played


def test_a_sealing_source_is_a_sealer_and_plain_sources_are_not() -> None:
    assert isinstance(SealingSource(1, {}), Sealer)
    assert not isinstance(SeededSource(1), Sealer)


@pytest.mark.parametrize("preset", sorted(RULESETS))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**A_TABLE)
def test_the_sealed_game_is_the_whole_game(preset, seed, players, options, revised) -> None:
    rules = rules_for(preset, options, revised)
    players = min(max(players, rules.min_players), rules.max_players)
    seats = [f"p{i}" for i in range(players)]
    cards: dict[str, str] = {}
    whole, _ = Game.new(seats, SeededSource(seed), rules)
    sealed, _ = Game.new(seats, SealingSource(seed, cards), rules)
    assert whole_form(sealed.state, cards) == whole.state.to_dict()
    play_sealed(whole, sealed, cards, random.Random(seed), steps=600)
    assert len(cards) >= 44 - players, "the pile was never dealt sealed"
