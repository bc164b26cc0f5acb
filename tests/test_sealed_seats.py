"""Bots that play a sealed game from their seat's own view (``rules.seatview``): the sealed
state every peer holds, with the cards their seat knows put in.

For every preset a game of bots is played on the whole state, and the same game on the
sealed state where each bot chooses from its seat's view (its known cards from the oracle
source of ``sealed_helpers``). The easy and normal bots read nothing their seat may not see,
so the two games are the same move for move; the hard bot samples what it cannot see, so
its choices may differ, but each must be legal on the whole state.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from sealed_helpers import SealingSource, apply_sealed, known_to, whole_form

from risk_lan.bots import HardBot, capitals_play, make_bot
from risk_lan.rules import RULESETS, Action, Game, GameState
from risk_lan.rules.cards import deck_cards
from risk_lan.rules.determinize import determinize
from risk_lan.rules.legal import legal_actions
from risk_lan.rules.missioncards import RANKS, missions
from risk_lan.rules.modes import in_play, owed
from risk_lan.rules.projection import sees_hand
from risk_lan.rules.sealing import is_hidden
from risk_lan.rules.seatview import TurnStart, seat_view
from risk_lan.seeded import SeededSource

MAX_MOVES = 1500  # long enough for every step of a turn, trades and eliminations


class Table:
    """A game played twice in step: on the whole state and on the sealed one."""

    def __init__(self, preset: str, seed: int, players: int) -> None:
        rules = RULESETS[preset]
        players = min(max(players, rules.min_players), rules.max_players)
        self.seats = [f"p{i}" for i in range(players)]
        self.cards: dict[str, str] = {}
        self.whole, _ = Game.new(self.seats, SeededSource(seed), rules)
        self.sealed, _ = Game.new(self.seats, SealingSource(seed, self.cards), rules)
        self.rng = random.Random(seed)
        self.moves = 0
        self.starts = {p: TurnStart(p) for p in self.seats}  # what each seat's client keeps

    def view(self, seat: str) -> GameState:
        state = self.sealed.state
        return seat_view(state, seat, known_to(state, seat, self.cards), self.starts[seat])

    def play(self, seat: str, action: Action) -> None:
        """``action`` on both games, checked (an illegal one raises on the whole state)."""
        seed = self.rng.randrange(1 << 30)
        self.whole.source = SeededSource(seed)
        self.whole.apply(seat, action)
        self.moves += 1
        events = apply_sealed(self.sealed, seat, action, self.cards, seed, self.moves)
        for p, start in self.starts.items():
            start.moved(self.sealed.state.hands, [e.seen_by(p).to_dict() for e in events])

    def claims(self) -> None:
        """The acts each seat's client makes by itself after a move (an objective's claim,
        ``simulate.owed_acts``), found on its seat's view: the same as on the whole state."""
        seats = self.seats
        start = seats.index(self.whole.state.current)
        for i in range(len(seats)):
            if self.whole.is_over:
                return
            seat = seats[(start + i) % len(seats)]
            acts = owed(self.view(seat), seat)
            assert acts == owed(self.whole.state, seat), f"{seat}'s claims after {self.moves}"
            for action in acts:
                self.play(seat, action)

    def same(self) -> None:
        mine, theirs = whole_form(self.sealed.state, self.cards), self.whole.state.to_dict()
        mine["start_trade_due"] = theirs["start_trade_due"]  # the sealed state leaves it out
        assert mine == theirs, next(k for k in theirs if mine[k] != theirs[k])


def _choose_on_views(table: Table, level: str) -> None:
    """Both games to their end (or MAX_MOVES), each seat's bot choosing on the whole state and
    its twin on the seat's view: the same choice, from the same legal actions."""
    whole, seats = table.whole, table.seats
    on_whole = {p: make_bot(level, f"whole:{p}") for p in seats}
    on_view = {p: make_bot(level, f"whole:{p}") for p in seats}
    for p in seats:
        opening = on_whole[p].opening(Game(whole.state.copy()), p)
        assert on_view[p].opening(Game(table.view(p)), p) == opening
        for action in opening:
            table.play(p, action)
    owing = bool(in_play(whole.rules).owed)
    while not whole.is_over and table.moves < MAX_MOVES:
        player = whole.waiting_for()
        assert player is not None and table.sealed.waiting_for() == player
        view = table.view(player)
        if sees_hand(view, player, view.current):
            assert view.start_trade_due == whole.state.start_trade_due, table.moves
        assert legal_actions(view, player) == whole.legal_actions(player), table.moves
        # Each bot is handed a state of its own each move, as a client's bot is.
        action = on_whole[player].choose(Game(whole.state.copy()), player)
        chosen = on_view[player].choose(Game(view), player)
        assert chosen == action, f"move {table.moves}: {player} chose {chosen} for {action}"
        table.play(player, action)
        if owing:
            table.claims()
    table.same()


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("preset", sorted(RULESETS))
def test_bots_on_their_seat_views_play_the_whole_game(
    preset: str, level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A headquarters is sealed with a random nonce: one nonce for both twins, so that their
    # seals are the same exactly when they choose the same territory.
    monkeypatch.setattr(capitals_play, "secrets", SimpleNamespace(token_hex=lambda n: "ab" * n))
    table = Table(preset, seed=7, players=4)
    _choose_on_views(table, level)
    assert whole_ended_or_capped(table)
    assert table.cards, "nothing was dealt sealed"


def whole_ended_or_capped(table: Table) -> bool:
    return table.whole.is_over or table.moves >= MAX_MOVES


def _hard_on_views(table: Table, rollouts: int) -> None:
    """The hard bot, choosing from its seat's view (it draws what it cannot see), plays both
    games: each choice checked on the whole state."""
    whole, seats = table.whole, table.seats
    bots = {p: HardBot(f"hard:{p}", rollouts=rollouts) for p in seats}
    for p in seats:
        for action in bots[p].opening(Game(table.view(p)), p):
            table.play(p, action)
    owing = bool(in_play(whole.rules).owed)
    while not whole.is_over and table.moves < MAX_MOVES:
        player = whole.waiting_for()
        assert player is not None
        # One bot object per seat all game long, as a client keeps its seat's bot.
        table.play(player, bots[player].choose(Game(table.view(player)), player))
        if owing:
            table.claims()
    table.same()


@pytest.mark.parametrize("preset", sorted(RULESETS))
def test_the_hard_bot_plays_a_sealed_game_from_its_seat_views(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(preset, seed=5, players=3)
    _hard_on_views(table, rollouts=1)
    assert whole_ended_or_capped(table)


@pytest.mark.parametrize("preset", ["classic", "revised", "two-player-independents", "team"])
def test_a_bot_chooses_while_a_card_is_on_its_way_to_it(preset: str) -> None:
    """A card drawn is a token in its holder's hand until the deck's protocol has it learnt:
    a bot asked to choose meanwhile reads no token, and chooses a move its view allows."""
    table = Table(preset, seed=3, players=4)
    bot = make_bot("normal", "waiting")
    waited = 0
    while not table.whole.is_over and table.moves < MAX_MOVES:
        player = table.whole.waiting_for()
        assert player is not None
        state = table.sealed.state
        known = known_to(state, player, table.cards)
        newest = next((c for c in reversed(state.hands[player]) if c in known), None)
        if newest is not None:
            del known[newest]  # the last card it drew is still on its way
            waiting = seat_view(state, player, known)
            assert newest in waiting.hands[player]
            assert bot.choose(Game(waiting), player) in legal_actions(waiting, player)
            waited += 1
        table.play(player, bot.choose(Game(table.view(player)), player))
    assert waited > 20


@pytest.mark.parametrize("preset", ["classic", "risk-mission", "secret-mission", "revised"])
def test_the_determinizer_draws_a_seat_views_tokens_among_the_cards_unseen(preset: str) -> None:
    """What the hard bot samples: every token (another's card, the pile's, one of its own on
    its way) drawn among the cards seen nowhere, every card it knows kept in its place."""
    table = Table(preset, seed=9, players=4)
    bot = make_bot("normal", "draws")
    checked = 0
    while not table.whole.is_over and table.moves < 400:
        player = table.whole.waiting_for()
        assert player is not None
        view = table.view(player)
        if table.moves % 25 == 0 and view.sealed:
            drawn = determinize(view, SeededSource(table.moves))
            _drawn_consistently(view, drawn)
            checked += 1
        table.play(player, bot.choose(Game(view), player))
    assert checked >= 5


def _drawn_consistently(view: GameState, drawn: GameState) -> None:
    for before, after in [
        *((view.hands[p], drawn.hands[p]) for p in view.players),
        *((view.missions[p], drawn.missions[p]) for p in view.missions),
        (view.deck, drawn.deck),
        (view.reward, drawn.reward),
    ]:
        assert len(after) == len(before)
        for was, now in zip(before, after, strict=True):
            assert not is_hidden(now)
            assert now == was or is_hidden(was)  # what it knows stays in its place
    # Every card of the deck once, wherever it is.
    placed = [c for p in drawn.players for c in drawn.hands[p]]
    placed += [*drawn.deck, *drawn.discard, *drawn.reward]
    placed += [t for t in drawn.capitals.values() if t]
    placed += [c for cards in drawn.given.values() for c in cards]
    assert sorted(placed) == sorted(deck_cards(drawn.board))
    # The objectives and each rank's missions dealt once each, the seat's own kept.
    held = [o for o in drawn.objectives.values() if o is not None]
    assert len(set(held)) == len(held) and not any(is_hidden(o) for o in held)
    for rank in range(len(RANKS)):
        dealt = [m[rank] for m in drawn.missions.values() if len(m) > rank]
        assert len(set(dealt)) == len(dealt)
        assert all(missions()[m].rank == RANKS[rank] for m in dealt)
    for p, objective in view.objectives.items():
        if objective is not None and not is_hidden(objective):
            assert drawn.objectives[p] == objective
