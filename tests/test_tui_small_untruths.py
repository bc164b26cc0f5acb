"""The small untruths of issue 25, each held by a test against a real host on 127.0.0.1:
keys the footer offers only where they can act, a first turn not called "since your last
turn", and log lines that say what happened (a forced move-in, why a blitz stopped)."""

from __future__ import annotations

import itertools

import pytest
from tui_helpers import (
    pick,
    scenario_app,
    scenario_host,
    screen_text,
    set_position,
    started,
    until,
)

from risk_lan.tui.paces import DEFAULT_PACE
from risk_lan.tui.texts.catalogue import say

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)


def as_dealt(state) -> None:
    """The game as the host opened it: claims first, as in the classic rules."""


def shown_actions(screen) -> set[str]:
    """The actions of the bindings the footer shows now."""
    return {b.binding.action for b in screen.active_bindings.values() if b.binding.show}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_footer_offers_no_attack_blitz_or_trade_during_the_claims(lang: str) -> None:
    host = scenario_host(as_dealt, bots=2)
    app = scenario_app(host, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.turn.step().name == "claim", timeout=30)
        offered = shown_actions(screen)
        assert "plan_setup" in offered
        assert not offered & {"attack_once", "blitz", "trade", "end", "confirm"}
        # Pressed anyway, a hidden key still says why it does nothing.
        await pilot.press("f2")
        assert say(lang, "key_setup")[:40] in screen_text(app, "now").replace("\n", " ")


def one_blitz_from_the_end(s) -> None:
    """ann holds every territory but Kamchatka (bob's) and Japan (cat's), one army each, with
    40 armies next to each: two blitzes win the game."""
    set_position(s, {"kamchatka": "p2", "japan": "p3"}, {"alaska": 40, "mongolia": 40},
                 rest="p1")  # fmt: skip
    s.auto_defend["p1"] = 3  # a standing defence, said in the Now panel with its key (F7)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_after_the_end_no_key_of_a_turn_is_offered(lang: str) -> None:
    host = scenario_host(one_blitz_from_the_end, bots=2)
    app = scenario_app(host, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        assert "F7" in screen_text(app, "now")  # the standing defence, during the game
        await pick(pilot, "alaska", "kamchatka")
        await pilot.press("f3")
        await until(pilot, lambda: screen.turn.step().name == "move_in")
        await pilot.press("f6")
        await until(pilot, lambda: screen.turn.step().name == "attack")
        await pick(pilot, "mongolia", "japan")
        await pilot.press("f3")
        await until(pilot, lambda: screen.turn.step().name == "over")
        assert "F7" not in screen_text(app, "now")
        assert say(lang, "over") in screen_text(app, "now")
        for action in ("auto_defend", "attack_once", "blitz", "end", "trade", "confirm"):
            assert screen.check_action(action, ()) is False, action
        # Pressed anyway (under the end's screen, closed), F7 says why it does nothing.
        app.pop_screen()
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("f7")
        assert screen.turn.hint == ("pick_over", {})


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_blitz_logs_how_it_ended_a_forced_move_in_included(lang: str) -> None:
    """Alaska's 4 armies blitz Kamchatka's 1: either the conquest moves the armies that
    rolled in with no choice left (all that could go), and the log says so; or Alaska runs
    down to its last army, and the log says that is why the blitz stopped (not that ann
    chose to stop)."""
    from risk_lan.logtexts import LOG_TEXTS
    from risk_lan.wording import place, wording

    host = scenario_host(
        lambda s: set_position(s, {"alaska": "p1"}, {"alaska": 4, "kamchatka": 1}, rest="p2")
    )
    app = scenario_app(host, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pick(pilot, "alaska", "kamchatka")
        await pilot.press("f3")
        game = host.match.game
        await until(pilot, lambda: game.state.armies["alaska"] == 1)
        alaska, kamchatka = (place(game.board, t, lang) for t in ("alaska", "kamchatka"))
        text = LOG_TEXTS[lang]
        if game.state.owner["kamchatka"] == "p1":
            armies = game.state.armies["kamchatka"]
            line = wording(text["conquered_moved"], lang, player="ann", territory=kamchatka,
                           previous=screen.names["p2"], armies=armies)  # fmt: skip
        else:
            line = wording(text["stopped_out"], lang, player="ann", source=alaska,
                           target=kamchatka)  # fmt: skip
        log = lambda: " ".join(screen_text(app, "log").split())  # noqa: E731 (the wrapped lines)
        await until(pilot, lambda: line.strip() in log())
        assert screen.turn.step().name in ("attack", "fortify")  # no move-in was asked


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "  ann's blitz from Alaska on Kamchatka stops where ann set it: 2 armies left in"
               " Alaska."),
        ("fr", "  Le blitz d'ann de l'Alaska sur le Kamchatka s'arrête où ann l'a fixé :"
               " l'Alaska garde 2 régiments."),
    ],
)  # fmt: skip
async def test_a_blitz_stopped_by_its_stop_rule_says_so_and_names_its_source(
    lang: str, said: str
) -> None:
    """A bot's blitz that stops at the armies it chose to keep says so, from where: two such
    stops on one target, from two sources, no longer read as one line logged twice."""
    from rulebook_helpers import act, position

    from risk_lan.narrate import narrate
    from risk_lan.rules import Attack
    from risk_lan.rules.events import AttackStopped

    game = position({"alaska": "ann"}, {"alaska": 4, "kamchatka": 30}, rest="bob")
    game.state.auto_defend["bob"] = 2
    game.source.add_dice(1, 1, 1, 6, 6)  # two armies lost: down to the 2 it keeps
    events = act(game, "ann", Attack("alaska", "kamchatka", 3, stop_at=2))
    [stopped] = [e for e in events if isinstance(e, AttackStopped)]
    assert narrate(game, stopped, lang) == said


def bob_plays_first(s) -> None:
    """The first round, bob's turn (he plays first), then cat's, then ann's first."""
    set_position(s, {}, rest=("p1", "p2", "p3"), current="p2")
    s.first_player = "p2"
    s.auto_defend["p1"] = 3  # no defence asked of ann on the way


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_first_turn_is_not_said_to_follow_a_last_one(lang: str) -> None:
    host = scenario_host(bob_plays_first, bots=2)
    app = scenario_app(host, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.turn.game.state.current == "p1", timeout=60)
        assert screen.turn.game.state.round == 1
        await until(pilot, lambda: say(lang, "since_first_title") in screen_text(app, "log"))
        assert say(lang, "since_title") not in screen_text(app, "log")


@pytest.mark.parametrize(
    ("lang", "player", "bot", "game"),
    [("en", "player", "bot-1", "player's game"), ("fr", "joueur", "robot-1", "Partie de joueur")],
)
async def test_play_names_the_player_and_the_bots_in_the_apps_language(
    lang: str, player: str, bot: str, game: str
) -> None:
    """``risk-lan play --lang fr`` with no ``--name``: a French table of a "joueur" and
    "robot-1"…, not of a "player" and "bot-1"."""
    from dataclasses import replace

    from risk_lan.cli import build_parser, play_config, player_name
    from risk_lan.tui.app import LocalHost, RiskApp

    args = build_parser().parse_args(["play", "--lang", lang])
    config = replace(play_config(args), save_in=None)  # nothing kept of a test's game
    assert config.name == game
    app = RiskApp(name=player_name(args), lang=lang, local=LocalHost(config), auto_ready=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        assert screen.names["p1"] == player and screen.names["p2"] == bot
        await until(pilot, lambda: bot in screen_text(app, "players"))
        assert player in screen_text(app, "players")


@pytest.mark.parametrize(
    ("lang", "turn", "draws"), [("en", "Turn", "draws a card."), ("fr", "Tour", "pioche une carte")]
)
async def test_only_what_a_shuffle_decided_is_checked_when_the_game_ends(
    lang: str, turn: str, draws: str
) -> None:
    """La Conquête du Monde opens each turn with a card drawn: the shuffle's, taken on the
    host's word until the end, and its line says so. The turn's header, told in the same
    update, is no roll and no draw, and does not."""
    import re

    host = scenario_host(as_dealt, mode="conquete")
    app = scenario_app(host, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        later = say(lang, "checked_at_end")
        log = lambda: " ".join(screen_text(app, "log").split())  # noqa: E731 (lines unwrapped)
        await until(pilot, lambda: f"— {turn} " in log() and draws in log(), timeout=60)
        text = log()
        headers = list(re.finditer(f"— {turn} [^.]*\\.", text))
        assert headers
        for header in headers:
            assert not text[header.end() :].lstrip().startswith(later), header.group()
        assert re.search(f"{draws}[^.]*\\.? +{re.escape(later)}", text), text


def ann_attacks_with_a_set_in_hand(s) -> None:
    """ann's reinforcements, a set of cards to trade (F5), Alaska next to bob's Kamchatka."""
    from rulebook_helpers import one_each

    set_position(s, {"alaska": "p1", "alberta": "p1"}, {"alaska": 9}, rest="p2",
                 phase="reinforce", pool=3, hands={"p1": list(one_each(0))})  # fmt: skip


def footer_keys(screen) -> list:
    """The keys the footer shows, each asserted on screen whole: left of the command
    palette's key, docked on the right over whatever reaches it (not shown in the compact
    layout: the help names Ctrl+P)."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    footer = screen.query_one(Footer)
    keys = list(footer.query(FooterKey))
    right = min([k.region.x for k in keys if k.has_class("-command-palette")],
                default=footer.region.right)  # fmt: skip
    shown = [(k.key_display, k.description) for k in keys]
    for key in keys:
        if not key.has_class("-command-palette"):
            assert key.region.width and key.region.right <= right, (key.description, shown)
    return [k.action for k in keys]


@pytest.mark.parametrize(("lang", "you"), [("en", "(you)"), ("fr", "(vous)")])
async def test_at_100x30_nothing_the_footer_or_the_players_say_is_cut(lang: str, you: str) -> None:
    """The smallest terminal the app plays in: the player's own line says "(you)" whole,
    not "(y", and every key the footer offers is on screen whole, not "f8 Pla"."""
    host = scenario_host(ann_attacks_with_a_set_in_hand)
    app = scenario_app(host, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.has_class("-compact"))
        await until(pilot, lambda: "trade" in screen.turn.step().keys)
        assert any(you in line for line in screen_text(app, "players").splitlines())
        await pilot.pause()
        assert {"trade", "help"} <= set(footer_keys(screen))
        await pilot.press("f5")
        await until(pilot, lambda: not screen.turn.game.state.hands["p1"])
        await pick(pilot, "alaska")
        await pilot.press("end", "enter", "f6")
        await until(pilot, lambda: screen.turn.step().name == "attack")
        await pick(pilot, "alaska", "kamchatka")
        await pilot.pause()
        assert {"attack_once", "blitz", "end", "help"} <= set(footer_keys(screen))


async def test_compact_map_labels_never_touch() -> None:
    """At every size that draws one-row labels (100x30 leaves the map 70x23), two labels on
    a row keep a blank cell between them: "ONT · 0QUE · 0" read as one label."""
    from risk_lan.rules import classic_board
    from risk_lan.tui.widgets.map_layout import COMPACT_WIDTH, draw

    board = classic_board()
    drawn = 0
    for width in range(56, 100):
        for height in range(16, 34):
            grid = draw(board, width, height)
            if not grid.compact:
                continue
            drawn += 1
            rows: dict[int, list[int]] = {}
            for lx, ly in grid.labels.values():
                assert 0 <= lx <= width - COMPACT_WIDTH, (width, height)
                rows.setdefault(ly, []).append(lx)
            for y, xs in rows.items():
                xs.sort()
                gaps = [b - a for a, b in itertools.pairwise(xs)]
                assert all(gap > COMPACT_WIDTH for gap in gaps), (width, height, y, xs)
    assert drawn > 100


def a_bot_one_attack_from_winning(s) -> None:
    """bob (a bot, p2) plays now with 40 armies next to cat's last territory (Japan, 1 army)
    and ann's (Kamchatka, 3): he takes Japan first (the weaker), then wins the game on
    Kamchatka, where ann's defence is waited on."""
    set_position(s, {"kamchatka": "p1", "japan": "p3"},
                 {"alaska": 40, "mongolia": 40, "kamchatka": 3}, rest="p2",
                 current="p2")  # fmt: skip


@pytest.mark.parametrize("lang", ["en"])
async def test_once_the_game_is_won_no_one_is_said_to_be_waited_on(lang: str) -> None:
    # At the pace the app opens with, alone against bots (``risk-lan play``: no clock).
    host = scenario_host(a_bot_one_attack_from_winning, bots=2, absent_after=None)
    app = scenario_app(host, lang=lang, pace=DEFAULT_PACE)
    waiting_for_her = say(lang, "wait_you_move", waited="").split(":")[0].strip()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: waiting_for_her in screen_text(app, "status"), timeout=30)
        while not app.over:  # she answers each battle with her dice
            if screen.turn.step().name == "defend" and not screen.answered:
                await pilot.press("f6")
            await pilot.pause(0.05)
        app.pop_screen()
        await until(pilot, lambda: app.screen is screen)
        screen.refresh_status()
        assert waiting_for_her not in screen_text(app, "status")
        assert screen_text(app, "status").split()[-1] == say(lang, "connected")
