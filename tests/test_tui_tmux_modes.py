"""Modes' own steps in the real app, in a real terminal (tmux): ``risk-lan play --mode
conquete`` deals the territories by dice and opens the player's turn with a card; the
deuxième règle opens it with a card for each territory beyond a multiple of four; 000-A's
world conquest deals the territories and no objective; Risk Mission lists the player's four
missions, one of each rank, on Ctrl+K; 000-A's ally is handed over, placed by the opponent
and handed back; an offensive on an active independent ends with its drift die."""

from __future__ import annotations

import re
import time

import pytest
import test_tui_tmux as tmux

pytestmark = tmux.pytestmark


@pytest.fixture
def terminal():
    term = tmux.Terminal()
    yield term
    term.stop()


def whole_log(terminal: tmux.Terminal) -> str:
    """The whole log (Ctrl+L), page by page from its start (Home), on one string."""

    def page() -> str:
        return "\n".join(line.strip("│ ") for line in terminal.screen())

    def settled() -> str:
        """The screen once drawn whole: the same twice in a row."""
        shown = page()
        while (again := page()) != shown:
            shown = again
            time.sleep(0.1)
        return shown

    def press(key: str, before: str) -> str | None:
        """The page after ``key``; None if it changed nothing for a while (a busy app
        redraws late, so one look is not enough)."""
        terminal.keys(key)
        deadline = time.monotonic() + 1.5
        while page() == before and time.monotonic() < deadline:
            time.sleep(0.1)
        after = settled()
        return None if after == before else after

    terminal.keys("C-l")
    tmux.wait_for(lambda: "The whole log" in page(), 10, "the whole log")
    # Home twice: on a loaded machine the first may be taken while the log still grows below.
    press("Home", settled())
    pages = [press("Home", settled()) or settled()]
    for _ in range(40):
        turned = press("PageDown", pages[-1])
        if turned is None:
            break
        pages.append(turned)
    terminal.keys("Escape", pause=0.3)
    return " ".join("\n".join(pages).split())


def hand(terminal: tmux.Terminal) -> list[str]:
    """The cards the hand panel lists: its lines that begin with a card's symbol (the sets
    it may trade follow, as "F5: … → N armies")."""

    def panel() -> tuple[list[str], int] | None:
        # A notice (a toast) may lie over the panel's title for a few seconds.
        lines = [line[85:] for line in terminal.screen()]
        title = next((i for i, line in enumerate(lines) if " Your cards▔" in line), None)
        return None if title is None else (lines, title)

    lines, start = tmux.wait_for(panel, 15, "the hand panel", terminal)
    cards = []
    for line in lines[start + 1 : start + 5]:
        text = line.strip(" ▏")
        if not text or text[0] not in "♟♞♜★":
            break
        cards.append(text)
    return cards


def test_conquete_deals_by_dice_and_opens_the_turn_with_a_card(terminal) -> None:
    terminal.start(f"{tmux.COMMAND} play --bots 2 --mode conquete --name tester")
    tmux.wait_for(lambda: "Place your reinforcements" in terminal.now(), 120, "a turn", terminal)
    # No claim, no placement: the first thing the player does is its turn, a card in hand.
    assert len(hand(terminal)) == 1, terminal.screen()
    log = whole_log(terminal)
    assert re.search(r"The deal by dice: (\w[\w-]* \d, )+\w[\w-]* \d\. ✓ verified", log), log
    assert "tester draws a card" in log


def test_conquete_2_gives_armies_and_cards_by_territories(terminal) -> None:
    terminal.start(f"{tmux.COMMAND} play --bots 2 --mode conquete-2 --name tester")
    tmux.wait_for(lambda: "Place your reinforcements" in terminal.now(), 120, "a turn", terminal)
    log = whole_log(terminal)
    turns = re.findall(r"tester holds (\d+) territories and receives (\d+) arm\w+( \(c)?", log)
    held, armies, continents = turns[-1]
    held, armies = int(held), int(armies)
    if not continents:
        assert armies == held // 4
    assert len(hand(terminal)) == held % 4, (held, terminal.screen())


def test_old_world_deals_the_territories_and_deals_no_objective(terminal) -> None:
    terminal.start(f"{tmux.COMMAND} play --bots 2 --mode old-world --name tester")
    # Dealt, jokers in: no claim, straight to placing the starting armies one at a time.
    tmux.wait_for(lambda: "Place one army" in terminal.now(), 60, "the placement", terminal)
    screen = "\n".join(terminal.screen())
    assert "Claim" not in terminal.now() and "Secret objective" not in screen
    assert "Territories dealt" in whole_log(terminal)


def test_risk_mission_lists_the_four_missions_on_ctrl_k(terminal) -> None:
    terminal.start(f"{tmux.COMMAND} play --bots 2 --mode risk-mission --name tester --pace 0")
    tmux.setup_by_plan(terminal)
    screen = "\n".join(terminal.screen())
    assert "Missions 0 of 4 claimed." in screen or "Missions 1 of 4 claimed." in screen
    terminal.keys("C-k", pause=0.8)
    shown = "\n".join(terminal.screen())
    assert "Your missions" in shown
    for rank in ("Captain:", "Major:", "Colonel:", "General:"):  # in English, on this screen
        assert rank in shown, shown
    terminal.keys("Escape", pause=0.5)
    assert "Your missions" not in "\n".join(terminal.screen())


def test_the_ally_is_handed_over_placed_and_handed_back(terminal) -> None:
    """000-A's ally: the player ends the first part of its turn, the bot plays the ally,
    the player plays on; in the bot's turn the player places the ally's share on the ally's
    territories (its own refused, with why) and hands the turn back."""
    terminal.start(f"{tmux.COMMAND} play --bots 1 --mode two-player-ally --name tester --pace 0")
    tmux.wait_for(lambda: "Place one army" in terminal.now(), 60, "the placement", terminal)
    terminal.keys("F8")  # the plan places the starting armies
    seen_own = seen_ally = False
    for _ in range(4):  # a few turns each, whoever plays first
        now = tmux.wait_for(
            lambda: next((t for t in [terminal.now()] if "Place your" in t or "You play the"
                          in t), ""),
            120, "the player's part of a turn", terminal,
        )  # fmt: skip
        owners = terminal.owners()
        if "You play the ally" in now:
            seen_ally = True
            mine = next(t for t, (letter, _) in owners.items() if letter == "R")
            terminal.type_name(mine)
            terminal.keys("Enter")
            tmux.wait_for(lambda: "not the ally's" in terminal.now(), 10, "why not", terminal)
            ally = next(t for t, (letter, _) in owners.items() if letter == "N")
            left = int(now.split("territories, ")[1].split()[0])
            terminal.type_name(ally)
            terminal.keys(*["+"] * (left - 1), "Enter")
            tmux.wait_for(lambda: "All placed" in terminal.now(), 10, "staged", terminal)
            terminal.keys("F6")
            tmux.wait_for(lambda: "ally" in terminal.now() and "F4" in terminal.now(), 10,
                          "the counter-attack step", terminal)  # fmt: skip
            # The log's last lines tell of it.
            tmux.wait_for(lambda: "tester takes the ally" in "\n".join(terminal.screen()), 10,
                          "the log", terminal)  # fmt: skip
            terminal.keys("F4")
            tmux.wait_for(lambda: "You play the ally" not in terminal.now(), 10, "", terminal)
            continue
        if "Place your reinforcements" in now:
            pool = int(now.split("Place your reinforcements: ")[1].split()[0])
            mine = next(t for t, (letter, _) in owners.items() if letter == "R")
            terminal.type_name(mine)
            terminal.keys(*["+"] * (pool - 1), "Enter")
            tmux.wait_for(lambda: "All placed" in terminal.now(), 10, "staged", terminal)
            terminal.keys("F6")
            tmux.wait_for(lambda: "end this part" in terminal.now(), 10, "part 1", terminal)
            terminal.keys("F4")  # the bot plays the ally, then the turn comes back
            tmux.wait_for(lambda: "You play on" in terminal.now() or "Manoeuvre" in
                          terminal.now(), 60, "part 3", terminal)  # fmt: skip
            seen_own = True
            terminal.keys("F4")
            # F4 taken before looking on: part 3's own words ("attacks or a move") say "move
            # armies" too, and a look at them waited for a manoeuvre the turn had ended before.
            tmux.wait_for(lambda: "You play on" not in terminal.now(), 10, "F4", terminal)
            if "Manoeuvre" in terminal.now():
                terminal.keys("F4")
            tmux.wait_for(lambda: "Place your" not in terminal.now(), 10, "", terminal)
        if seen_own and seen_ally:
            break
    assert seen_own and seen_ally


def test_an_offensive_on_an_independent_ends_with_its_drift_die(terminal) -> None:
    """Rulebook 002's active independents: Ctrl+G lists where each stands; an attack on one is
    an offensive that F4 stops (or its fall ends), and the drift die is rolled then."""
    terminal.start(f"{tmux.COMMAND} play --bots 1 --mode two-player-active --name tester --pace 0")
    tmux.wait_for(
        lambda: "Place 3 armies on one or more" in terminal.now(), 60, "the setup", terminal
    )
    terminal.keys("F8")  # the plan places the starting armies
    now = tmux.wait_for(lambda: next((t for t in [terminal.now()] if "Place your" in t), ""),
                        120, "the player's turn", terminal)  # fmt: skip
    assert "Ctrl+G" in now
    terminal.keys("C-g", pause=0.8)
    listed = "\n".join(terminal.screen())
    for n in (1, 2):
        assert re.search(rf"independent {n}: (neutral|your ally|bot-1's ally), ", listed), listed
    terminal.keys("Escape", pause=0.5)
    owners = terminal.owners()
    front = next(t for t, (letter, _) in owners.items() if letter == "R"
                 and any(owners[n][0] in "NM" for n in tmux.BOARD.neighbours[t]))  # fmt: skip
    target = next(n for n in tmux.BOARD.neighbours[front] if owners[n][0] in "NM")
    pool = int(now.split("Place your reinforcements: ")[1].split()[0])
    terminal.type_name(front)
    terminal.keys(*["+"] * (pool - 1), "Enter")
    tmux.wait_for(lambda: "All placed" in terminal.now(), 10, "staged", terminal)
    terminal.keys("F6")
    tmux.wait_for(lambda: "Attack" in terminal.now(), 10, "the attack step", terminal)
    terminal.type_name(front)
    terminal.keys("Enter")
    terminal.type_name(target)
    terminal.keys("Enter")
    tmux.wait_for(lambda: "F2 attack once" in terminal.now(), 10, "the attack", terminal)
    terminal.keys("F2")
    now = tmux.wait_for(
        # A conquest whose move-in is forced (all but one army) goes straight on to the
        # next attack, so the drift die in the log also ends the wait.
        lambda: next((t for t in ["\n".join(terminal.screen())]
                      if "Offensive from" in t or "Conquered" in t or "Attack:" in t
                      or "Drift die" in t), ""), 30, "the battle", terminal,
    )  # fmt: skip
    print(now)  # shown when the test fails
    if "Offensive from" in now:
        # The panel on one line: its words wrap anywhere.
        assert "a die for independent" in terminal.now(), terminal.now()
        terminal.keys("F4")  # stop it: the drift die is rolled
    elif "Conquered" in now:
        terminal.keys("F6")
    # The log's last lines, on the screen.
    log = tmux.wait_for(
        lambda: next((t for t in ["\n".join(terminal.screen())] if "Drift die" in t), ""),
        20, "the drift die", terminal,
    )  # fmt: skip
    assert re.search(r"Drift die for independent \d: \d\. It (is now|stays) ", log), log
