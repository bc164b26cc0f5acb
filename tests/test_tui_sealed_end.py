"""The app's side of a sealed game beyond its seat view (``test_tui_sealed_view.py``): a card
read between two updates shown at once, the words on whose computer reads which seat's cards
(the host's lobby, a joined app's lobby, every app's start), and the end: what the app's
client checked of the sealed deck, and every hand read once each party told its secret."""

from __future__ import annotations

import asyncio

import pytest
from sealed_helpers import SealingSource, known_to
from test_tui_sealed_view import sealed_mid_turn
from test_tui_snapshots import PLAYERS, ScreenApp
from tui_helpers import screen_text, until

from risk_lan.net.client import Client, Outcome
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.rules import Game, GameState, classic_board, objectives
from risk_lan.rules.sealing import is_hidden, slot_of
from risk_lan.rules.seatview import every_card_read, seat_view
from risk_lan.tui.app import RiskApp
from risk_lan.tui.screens.game_over_screen import GameOverScreen
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.screens.seats_screen import SeatsScreen
from risk_lan.tui.table.sealed_words import audit_line, lobby_line, seats_line
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.widgets.panels import card_label

SEATS = [p["seat"] for p in PLAYERS]


def test_every_card_read_puts_each_token_s_card_in_its_place() -> None:
    state, cards = sealed_mid_turn()
    opened = every_card_read(state, cards)
    for seat in SEATS:
        assert state.hands[seat] and all(slot_of(c) is not None for c in state.hands[seat])
        assert opened.hands[seat] == [cards[c] for c in state.hands[seat]]
    assert all(slot_of(c) is not None for c in state.hands["p1"])  # the state is left as it was
    dealt, _ = Game.new(SEATS, SealingSource(3, cards), "secret-mission")
    read = every_card_read(dealt.state, cards)
    assert all(read.objectives[s] in objectives.objectives() for s in SEATS)


@pytest.mark.asyncio
async def test_a_card_read_between_two_updates_is_shown_at_once() -> None:
    """The host's view holds the seat's newest card as a token; its client reads it later,
    with no update to come meanwhile: the hand panel shows it as soon as it is read."""
    state, cards = sealed_mid_turn()
    known = known_to(state, "p1", cards)
    coming = state.hands["p1"][-1]
    del known[coming]

    async def show(app: RiskApp) -> None:
        screen = GameScreen("p1", PLAYERS, "en")
        screen.seat_view = lambda view: seat_view(GameState.from_view(view), "p1", known).to_dict()
        app.game_screen = screen
        await app.push_screen(screen)
        view = state.to_dict()  # the host's: every card a token
        screen.take_update({"view": view, "events": [], "n": 1, "waiting": "p1", "away": []})

    app = ScreenApp(show)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        name = classic_board().name(cards[coming])[:10]
        hand = screen_text(app, "hand")
        assert "1 card on its way to you" in hand and name not in hand, hand
        known[coming] = cards[coming]
        assert app.game_screen is not None
        app.game_screen.cards_learnt()
        await pilot.pause()
        hand = screen_text(app, "hand")
        assert "on its way" not in hand and name in hand, hand


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_seats_line_names_the_host_s_bots_and_a_bot_anywhere(lang: str) -> None:
    seats = [*PLAYERS, {"seat": "p4", "name": "dan", "kind": "human", "level": "normal"}]
    line = seats_line(lang, seats)
    assert line == say(lang, "sealed_seats", bots="bob, cat")
    assert "dan" not in line and "risk-lan join --bot" in line  # dan's bot runs on dan's computer
    alone = seats_line(lang, [PLAYERS[0], seats[-1]])
    assert alone == say(lang, "sealed_seats_no_bot") and "risk-lan join --bot" in alone


@pytest.mark.asyncio
@pytest.mark.parametrize("sealed", [True, False])
async def test_the_host_s_lobby_says_whose_cards_its_computer_reads(sealed: bool) -> None:
    seats = [{**p, "ready": False} for p in PLAYERS]
    lobby = {"seats": seats, "total": 3, "mode": "classic", "state": "lobby", "owner": "p1"}

    async def show(app: RiskApp) -> None:
        screen = SeatsScreen("en")
        screen.sealed = sealed
        await app.push_screen(screen)
        screen.show_lobby(lobby, "p1")

    app = ScreenApp(show)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        seats = str(app.screen.query_one("#seats").render())
        line = say("en", "sealed_seats", bots="bob, cat")
        # (the panel wraps lines: compared word for word)
        assert (line.split() == seats.split()[-len(line.split()) :]) is sealed, seats


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_joined_lobby_names_the_host_s_bots_and_its_own_player(lang: str) -> None:
    seats = [{**p, "ready": False} for p in PLAYERS]  # ann (the host's player), bob, cat bots
    seats.append({"seat": "p4", "name": "dan", "kind": "human", "colour": "", "ready": False})
    lobby = {"seats": seats, "total": 4, "mode": "classic", "state": "lobby", "owner": "p1"}
    joined = lobby_line(lang, lobby, "p4", hosting=False)
    host_player = say(lang, "sealed_host_player", name="ann")
    only_you = say(lang, "sealed_only_you")  # the one other player is the host's
    assert joined == " ".join([say(lang, "sealed_seats", bots="bob, cat"), host_player, only_you])
    assert "ann" in host_player and "ann" not in say(lang, "sealed_seats", bots="bob, cat")
    # The host's own app, and the host's player's own seat, need no telling of it.
    assert lobby_line(lang, lobby, "p1", hosting=True) == seats_line(lang, seats, "p1", True)
    headless = lobby_line(lang, {**lobby, "owner": None}, "p4", hosting=False)
    assert headless == seats_line(lang, seats, "p4") and "ann" not in headless


@pytest.mark.asyncio
@pytest.mark.parametrize("sealed", [True, False])
async def test_a_joined_app_s_lobby_says_the_game_is_sealed_and_whose_cards_the_host_reads(
    sealed: bool,
) -> None:
    """Over TCP: a host with a bot, its own player ann (its ``owner``) seated; zoe's app
    joins from another computer and learns from the lobby alone that the cards are sealed."""
    host = Host(HostConfig(name="Friday", seats=3, bots=1, sealed=sealed))
    port = await host.serve("127.0.0.1", 0)
    owner = Client("ann", auto_ready=False)
    host.owner_key = owner.identity.public_key
    task = asyncio.create_task(owner.run("127.0.0.1", port))
    app = RiskApp(name="zoe", address=("127.0.0.1", port))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
            await until(pilot, lambda: "ann" in str(screen.query_one("#seats").render()))
            await until(pilot, lambda: "zoe (you)" in str(screen.query_one("#seats").render()))
            words = " ".join(str(screen.query_one("#seats").render()).split())
            line = " ".join(say("en", "sealed_seats", bots="bot-1").split())
            host_player = " ".join(say("en", "sealed_host_player", name="ann").split())
            only_you = " ".join(say("en", "sealed_only_you").split())
            assert (f"{line} {host_player} {only_you}" in words) is sealed, words
            assert ("Sealed cards" in words) is sealed, words
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await host.close()


def test_the_audit_says_what_this_client_checked() -> None:
    # 44 cards, 6 of them dealt again from a pile made anew: 50 deals, each its own token.
    cards = [*classic_board().territory_ids, "joker_1", "joker_2"]
    read = {f"?{n}": cards[n % 44] for n in range(50)}
    player = Outcome("p1", "conquest", "CODE", cards_read=read, own_checked=True)
    watcher = Outcome("p1", "conquest", "CODE", cards_read=read)
    own = say("en", "sealed_audit_own")
    assert audit_line("en", player) == say("en", "sealed_audit", count=44, total=50) + " " + own
    assert "every sealed card read, 44 cards in 50 deals" in audit_line("en", player)
    assert audit_line("en", watcher) == say("en", "sealed_audit", count=44, total=50)
    assert "44 cartes en 50 distributions" in audit_line("fr", watcher)
    assert say("fr", "sealed_audit_own") in audit_line("fr", player)
    assert audit_line("en", Outcome(error="host gone")) == say("en", "sealed_unopened")


def ended_game(lang: str = "en") -> GameOverScreen:
    """The end of a sealed secret-mission game as ann's app shows it: every hand and
    objective read."""
    state, cards = sealed_mid_turn()
    dealt, _ = Game.new(SEATS, SealingSource(5, cards), "secret-mission")
    state.objectives = dealt.state.objectives
    state.rules = dealt.state.rules
    read = every_card_read(state, cards)
    outcome = Outcome("p1", "objective", "TEST-CODE", cards_read=cards, own_checked=True)
    return GameOverScreen(
        "p1", None, Game(read), PLAYERS, 12, "TEST-CODE", lang, audit=audit_line(lang, outcome)
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_end_shows_the_audit_and_every_hand_read(lang: str) -> None:
    screen = ended_game(lang)
    assert screen.game is not None
    hands = screen.game.state.hands

    async def show(app: RiskApp) -> None:
        await app.push_screen(screen)

    app = ScreenApp(show, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = " ".join(str(app.screen.query_one("#over-box").render()).split())
        assert screen.audit is not None and " ".join(screen.audit.split()) in text
        assert screen.audit.startswith(say(lang, "sealed_audit", count=1, total=1)[:30])
        assert screen.audit.endswith(say(lang, "sealed_audit_own"))
        assert say(lang, "hands_at_end") in text
        for seat in SEATS:
            assert hands[seat] and not any(is_hidden(c) for c in hands[seat])
            for card in hands[seat]:
                assert card_label(screen.game, card, lang) in text, (card, text)
            objective = screen.game.state.objectives[seat]
            assert objective is not None
            assert objectives.objectives()[objective].text(lang) in text


def test_the_end_of_a_sealed_game(snap_compare) -> None:
    async def show(app: RiskApp) -> None:
        await app.push_screen(ended_game())

    assert snap_compare(ScreenApp(show), terminal_size=(120, 40))


def test_a_sealed_secret_mission_game_as_ann_s_app_shows_it(snap_compare) -> None:
    """ann's app mid-game: her objective and cards read, her newest card on its way, the
    others' cards only counted, and the start's words on whose computer reads which cards."""
    state, cards = sealed_mid_turn()
    dealt, _ = Game.new(SEATS, SealingSource(5, cards), "secret-mission")
    state.objectives, state.rules = dealt.state.objectives, dealt.state.rules
    known = known_to(state, "p1", cards)
    del known[state.hands["p1"][-1]]

    async def show(app: RiskApp) -> None:
        screen = GameScreen("p1", PLAYERS, "en")
        screen.seat_view = lambda view: seat_view(GameState.from_view(view), "p1", known).to_dict()
        screen.start_note = seats_line("en", PLAYERS)
        app.game_screen = screen
        await app.push_screen(screen)
        view = state.to_dict()
        screen.take_update({"view": view, "events": [], "n": 1, "waiting": "p1", "away": []})

    assert snap_compare(ScreenApp(show), terminal_size=(120, 40))
