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
from risk_lan.rules.actions import GiveCard
from risk_lan.rules.cards import is_joker, symbol
from risk_lan.rules.events import TurnStarted
from risk_lan.rules.projection import conceal
from risk_lan.rules.sealing import Sealer, slot_of
from risk_lan.rules.seatview import TurnStart, seat_view
from risk_lan.seeded import SeededSource


def play_sealed(
    whole: Game, sealed: Game, cards: dict[str, str], rng: random.Random, steps: int
) -> int:
    bots = {p: ClassicBot() for p in whole.state.players}
    for p in whole.state.players:
        if rng.random() < 0.5:
            for game in (whole, sealed):
                game.apply(p, SetAutoDefend(whole.rules.defender_max_dice))
    played = 0
    starts = {p: TurnStart(p) for p in whole.state.players}  # what each seat's client keeps
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
        sealed_events = apply_sealed(sealed, player, action, cards, seed, played)
        for seat, start in starts.items():
            start.moved(sealed.state.hands, [e.seen_by(seat).to_dict() for e in sealed_events])
        assert [unsealed(e.to_dict(), cards) for e in sealed_events] == [
            e.to_dict() for e in events
        ], f"move {played} ({player}: {action}): the sealed game's events differ"
        mine, theirs = whole_form(sealed.state, cards), whole.state.to_dict()
        # Whether a trade is owed as a turn starts hangs on the hand: the holder's own fact,
        # which its seat's view works out from the cards it knows.
        mine["start_trade_due"] = theirs["start_trade_due"]
        current = sealed.state.current
        known = known_to(sealed.state, current, cards)
        owes = seat_view(sealed.state, current, known, starts[current]).start_trade_due
        assert owes == theirs["start_trade_due"], (
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


def test_a_card_drawn_as_the_turn_starts_and_given_away_leaves_the_trade_owed() -> None:
    """Active independents, a card drawn at each turn's start, a trade owed at 5 cards, sets
    of one of each kind: p0's turn starts with infantry, infantry, cavalry, cavalry, artillery
    (a set: a trade owed), draws a cavalry and gives it to an independent. The hand the turn
    started with is no longer the hand less its last card plus the card given (that would be
    two infantry and three cavalry, no set): only what p0's client kept as the turn started
    says the trade is still owed, as the whole state does."""
    rules = RULESETS["two-player-active"].with_options(
        card_draw="turn_start", forced_trade_at=5, sets="one_each_or_joker"
    )
    game, _ = Game.new(["p0", "p1"], SeededSource(4), rules)
    bots = {p: ClassicBot() for p in game.state.players}
    start = TurnStart("p0")
    board = game.state.board
    by_kind: dict[str, list[str]] = {}
    for card in game.state.deck:
        if not is_joker(card):
            by_kind.setdefault(symbol(board, card), []).append(card)
    kinds = sorted(by_kind)  # artillery, cavalry, infantry
    hand = [by_kind[kinds[2]][0], by_kind[kinds[2]][1], by_kind[kinds[1]][0]]
    hand += [by_kind[kinds[1]][1], by_kind[kinds[0]][0]]
    drawn = by_kind[kinds[1]][2]
    for _ in range(400):
        player = game.waiting_for()
        assert player is not None
        if player == "p1" and game.state.current == "p1":
            state = game.state
            state.deck = [c for c in state.deck if c not in [*hand, drawn]] + [drawn]
            state.hands["p0"] = list(hand)
        events = game.apply(player, bots[player].choose(game, player))
        start.moved(game.state.hands, [e.seen_by("p0").to_dict() for e in events])
        started = any(isinstance(e, TurnStarted) and e.player == "p0" for e in events)
        if started and game.state.hands["p0"][-1] == drawn:
            break
    else:
        raise AssertionError("p0's turn never started with the hand set for it")
    assert game.state.start_trade_due
    gifts = [GiveCard(n, drawn) for n in game.state.neutrals]
    gift = next(a for a in gifts if a in game.legal_actions("p0"))
    game.apply("p0", gift)
    assert game.state.start_trade_due, "the whole state: still owed, 5 cards and a set"
    assert seat_view(game.state, "p0", {}, start).start_trade_due
    assert not seat_view(game.state, "p0", {}).start_trade_due  # the rebuild cannot tell
