"""The app showing a seat's view of a sealed game (``rules.seatview``): another player's
cards are tokens, and so is a card of its own still on its way (dealt, not learnt yet). The
hand panel shows the cards the seat knows and says how many are on their way; the players
panel counts every card."""

from __future__ import annotations

import random

import pytest
from sealed_helpers import SealingSource, apply_sealed, known_to
from test_tui_snapshots import PLAYERS, ScreenApp
from tui_helpers import screen_text

from risk_lan.bots import ClassicBot
from risk_lan.rules import Game, GameState, classic_board, objectives, teams
from risk_lan.rules.sealing import is_hidden, slot_of
from risk_lan.rules.seatview import seat_view
from risk_lan.seeded import SeededSource
from risk_lan.tui.app import RiskApp
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.turnlogic.objective_lines import objective_lines

SEATS = [p["seat"] for p in PLAYERS]


def sealed_mid_turn(seed: int = 11) -> tuple[GameState, dict[str, str]]:
    """A sealed classic game played by bots (mirrored on the whole game, which draws the
    same cards) until ann (p1) attacks in a turn of round 3 or later holding 2 cards or more;
    the sealed state, and every token's card."""
    cards: dict[str, str] = {}
    whole, _ = Game.new(SEATS, SeededSource(seed), "classic")
    sealed, _ = Game.new(SEATS, SealingSource(seed, cards), "classic")
    bots = {p: ClassicBot() for p in SEATS}
    rng = random.Random(seed)
    for n in range(5000):
        who = whole.waiting_for()
        assert who is not None, "the game ended before ann's turn came"
        s = sealed.state
        if who == "p1" and s.phase == "attack" and s.round >= 3 and len(s.hands["p1"]) >= 2:
            return s, cards
        action = bots[who].choose(whole, who)
        roll = rng.randrange(1 << 30)
        whole.source = SeededSource(roll)
        whole.apply(who, action)
        apply_sealed(sealed, who, action, cards, roll, n)
    raise AssertionError("no such turn in 5000 moves")


def waiting_view() -> tuple[dict, list[str]]:
    """ann's view, her newest card still on its way: the view, and the cards she knows."""
    state, cards = sealed_mid_turn()
    known = known_to(state, "p1", cards)
    coming = state.hands["p1"][-1]
    assert slot_of(coming) is not None
    del known[coming]
    view = seat_view(state, "p1", known)
    assert [c for c in view.hands["p1"] if is_hidden(c)] == [coming]
    for seat in ("p2", "p3"):  # the others' cards: tokens all
        assert all(slot_of(c) is not None for c in view.hands[seat])
    mine = [c for c in view.hands["p1"] if not is_hidden(c)]
    return view.to_dict(), mine


def on_screen(view: dict, lang: str = "en") -> ScreenApp:
    async def show(app: RiskApp) -> None:
        screen = GameScreen("p1", PLAYERS, lang)
        app.game_screen = screen
        await app.push_screen(screen)
        screen.take_update({"view": view, "events": [], "n": 1, "waiting": "p1", "away": []})

    return ScreenApp(show, lang)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("lang", "words"), [("en", "1 card on its way to you"), ("fr", "1 carte en chemin vers vous")]
)
async def test_the_hand_panel_says_a_card_is_on_its_way(lang: str, words: str) -> None:
    view, mine = waiting_view()
    app = on_screen(view, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hand = screen_text(app, "hand")
        assert words in hand
        assert "?" not in hand, hand  # no token, nor a card shown as unknown
        board = classic_board()
        for card in mine:
            assert board.name(card, lang)[:10] in hand
        # The players panel counts every card held, those nobody here can read included.
        players = screen_text(app, "players")
        state = GameState.from_view(view)
        for seat in SEATS:
            counts = say(
                lang,
                "counts_hand",
                held=teams.controlled_count(state, seat),
                armies=teams.army_total(state, seat),
                hand=len(view["hands"][seat]),
            )
            assert counts in players, (seat, counts, players)


def test_the_game_screen_of_a_seat_waiting_for_a_card(snap_compare) -> None:
    view, _ = waiting_view()
    assert snap_compare(on_screen(view), terminal_size=(120, 40))


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Your objective card is on its way to you."),
        ("fr", "Votre carte objectif est en chemin vers vous."),
    ],
)
def test_the_secret_panel_says_the_objective_is_on_its_way(lang: str, words: str) -> None:
    cards: dict[str, str] = {}
    sealed, _ = Game.new(SEATS, SealingSource(3, cards), "secret-mission")
    token = sealed.state.objectives["p1"]
    assert token is not None and slot_of(token) is not None
    waiting = objective_lines(Game(seat_view(sealed.state, "p1", {})), "p1", {}, lang).plain
    assert words in waiting and "?" not in waiting
    known = seat_view(sealed.state, "p1", {token: cards[token]})
    shown = objective_lines(Game(known), "p1", {}, lang).plain
    assert objectives.objectives()[cards[token]].text(lang) in shown and words not in shown
