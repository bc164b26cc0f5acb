"""Risk Mission in the app, against a real host: the panel says a mission can be claimed,
Ctrl+K lists the four, and Enter on the one that can be claimed claims it."""

from __future__ import annotations

import pytest
from tui_helpers import scenario_app, scenario_host, screen_text, set_position, started, until

from risk_lan.rules.missions import RANKS, missions
from risk_lan.tui.screens.missions_screen import MissionsScreen

pytestmark = pytest.mark.asyncio

FOURTEEN = [
    "alaska", "northwest_territory", "greenland", "alberta", "ontario", "quebec",
    "western_united_states", "eastern_united_states", "central_america", "venezuela", "peru",
    "brazil", "argentina", "iceland",
]  # fmt: skip


def fourteen_at_the_start(s) -> None:
    """ann (p1) starts her turn holding 14 territories, with the Capitaine mission for it."""
    set_position(s, dict.fromkeys(FOURTEEN, "p1"), phase="reinforce", pool=3)
    cards = ["capitaine_territories_14"] + [
        next(c.id for c in missions().values() if c.rank == rank) for rank in RANKS[1:]
    ]
    s.missions = {"p1": cards, "p2": [], "p3": []}
    s.claimed = {"p1": [], "p2": [], "p3": []}
    s.claim_window, s.conquests, s.claimed_turn = "turn_start", 0, False


async def test_ctrl_k_lists_the_missions_and_enter_claims_the_one_that_can_be() -> None:
    host = scenario_host(fourteen_at_the_start, mode="risk-mission")
    app = scenario_app(host)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: "can be claimed now" in screen_text(app, "secret"))
        await pilot.press("ctrl+k")
        listing = await until(pilot, lambda: isinstance(app.screen, MissionsScreen) and app.screen)
        assert listing.query_one("#missions").option_count == 4
        await pilot.press("enter")
        await until(pilot, lambda: screen.turn.game.state.claimed.get("p1"))
        assert screen.turn.game.state.claimed["p1"] == ["capitaine_territories_14"]
        await until(pilot, lambda: "1 of 4 claimed" in screen_text(app, "secret"))
        assert "claims a mission (1 of 4)" in screen_text(app, "log")
        # One a turn: the list now offers none, and says so.
        await pilot.press("ctrl+k")
        listing = await until(pilot, lambda: isinstance(app.screen, MissionsScreen) and app.screen)
        assert "None of them can be claimed" in str(listing.query_one("#missions-hint").render())
    await host.close()


@pytest.mark.parametrize(
    ("lang", "label", "no_missions", "no_independents"),
    [
        ("en", "Independents", "This game has no missions.", "Ctrl+G is for the game with"),
        ("fr", "Indépendants", "Cette partie n'a pas de missions.", "Ctrl+G sert dans la partie"),
    ],
)
async def test_a_mode_s_keys_are_bound_from_its_unit_and_hidden_out_of_it(
    lang: str, label: str, no_missions: str, no_independents: str
) -> None:
    from risk_lan.tui.turnlogic.modeapps import MODE_KEYS

    host = scenario_host(fourteen_at_the_start, mode="risk-mission")
    app = scenario_app(host, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        # Each mode's key is bound under the id its unit gives, to the one mode_key action.
        bound = {b.id: b for bs in screen._bindings.key_to_bindings.values() for b in bs}
        assert {k: bound[k].key for k in MODE_KEYS} == {
            "game.missions": "ctrl+k",
            "game.independents": "ctrl+g",
        }
        assert bound["game.missions"].action == "mode_key('game.missions')"
        assert bound["game.independents"].description == label  # in the player's language
        # Risk Mission's key is open here; the active independents' is hidden, and says why.
        assert screen.check_action("mode_key", ("game.missions",)) is True
        assert screen.check_action("mode_key", ("game.independents",)) is False
        await pilot.press("ctrl+g")
        await until(pilot, lambda: no_independents in screen_text(app, "now"))
    await host.close()
    classic = scenario_host(lambda s: set_position(s, dict.fromkeys(FOURTEEN, "p1")))
    app = scenario_app(classic, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        assert screen.check_action("mode_key", ("game.missions",)) is False
        await pilot.press("ctrl+k")
        await until(pilot, lambda: no_missions in screen_text(app, "now"))
        assert not isinstance(app.screen, MissionsScreen)
    await classic.close()


@pytest.mark.parametrize(
    ("lang", "ranks", "foreign"),
    [
        ("en", ["Captain", "Major", "Colonel", "General"], ["Capitaine", "Général"]),
        ("fr", ["Capitaine", "Major", "Colonel", "Général"], ["Captain", "General"]),
    ],
)
async def test_the_ranks_are_said_in_the_players_language(
    lang: str, ranks: list[str], foreign: list[str]
) -> None:
    """Risk Mission's four ranks, on the list Ctrl+K opens, in English on an English screen
    (the rulebook's French names were shown there)."""
    host = scenario_host(fourteen_at_the_start, mode="risk-mission")
    app = scenario_app(host, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(app, pilot)
        await pilot.press("ctrl+k")
        listing = await until(pilot, lambda: isinstance(app.screen, MissionsScreen) and app.screen)
        options = listing.query_one("#missions")
        shown = " ".join(str(options.get_option_at_index(i).prompt) for i in range(4))
        assert all(f"{rank}:" in shown for rank in ranks), shown
        assert not any(word in shown for word in foreign), shown


def south_america_in_the_attacks(s) -> None:
    """ann (p1) holds South America in her attacks, with the Capitaine mission claimed as she
    ends her turn, which may be claimed now."""
    south = ["venezuela", "peru", "brazil", "argentina"]
    set_position(s, dict.fromkeys(south, "p1"), dict.fromkeys(south, 3), rest=("p2", "p3"))
    cards = ["capitaine_south_america"] + [
        next(c.id for c in missions().values() if c.rank == rank) for rank in RANKS[1:]
    ]
    s.missions = {"p1": cards, "p2": [], "p3": []}
    s.claimed = {"p1": [], "p2": [], "p3": []}
    s.claim_window, s.conquests, s.claimed_turn = "", 0, False


@pytest.mark.parametrize(
    ("lang", "now_says", "listed"),
    [
        ("en", "Claiming a mission now (Ctrl+K) ends your turn.", "that ends your turn"),
        (
            "fr",
            "Annoncer une mission maintenant (Ctrl+K) finit votre tour.",
            "cela finit votre tour",
        ),
    ],
)
async def test_a_claim_that_ends_the_turn_says_so_before(lang, now_says, listed) -> None:
    host = scenario_host(south_america_in_the_attacks, mode="risk-mission")
    app = scenario_app(host, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: now_says in " ".join(screen_text(app, "now").split()))
        await pilot.press("ctrl+k")
        listing = await until(pilot, lambda: isinstance(app.screen, MissionsScreen) and app.screen)
        first = listing.query_one("#missions").get_option_at_index(0)
        assert listed in str(first.prompt)
        turn = screen.turn.game.state.turn
        await pilot.press("enter")  # claimed: the turn ends, as it said
        await until(pilot, lambda: screen.turn.game.state.claimed.get("p1"))
        await until(pilot, lambda: screen.turn.game.state.turn > turn)
        await until(pilot, lambda: now_says not in " ".join(screen_text(app, "now").split()))
    await host.close()


async def test_a_claim_at_the_start_of_the_turn_says_nothing_of_its_end() -> None:
    host = scenario_host(fourteen_at_the_start, mode="risk-mission")
    app = scenario_app(host)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(app, pilot)
        await until(pilot, lambda: "can be claimed now" in screen_text(app, "secret"))
        assert "ends your turn" not in screen_text(app, "now")
        await pilot.press("ctrl+k")
        listing = await until(pilot, lambda: isinstance(app.screen, MissionsScreen) and app.screen)
        assert "ends your turn" not in str(
            listing.query_one("#missions").get_option_at_index(0).prompt
        )
    await host.close()
