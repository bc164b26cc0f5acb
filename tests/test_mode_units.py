"""A mode is one unit: a new one is written as a file of its own plus its entry in the
engine's registry (its import and its line in rules/modes.py), and is then played by the
host, the clients and the bots over sockets, and verified, with nothing else touched. Its
app part is one more file plus its entry in the app's registry (turnlogic/modeapps.py), and
its help a page of its own: the app then shows its note, its title and its help.

The mode is a toy, "a card every turn": the player whose turn starts draws a card. It is
written into a copy of the tree, which a game then runs from in processes of its own."""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys
from pathlib import Path

from tree_copy import ROOT, copy_of_the_tree

TOY = '''"""A card every turn: whoever's turn starts draws a card (a toy mode)."""

from __future__ import annotations

from .actions import Action
from .events import Event, TurnStarted
from .modeunit import ModeRules
from .randomness import RandomSource
from .ruleset import RuleSet
from .state import GameState
from .turn import draw_card

CARD_EVERY_TURN = RuleSet(name="card-every-turn", title="A card every turn")


def _draw_at_turn_start(
    state: GameState, source: RandomSource, player: str, action: Action, events: list[Event]
) -> list[Event]:
    drawn: list[Event] = []
    for event in list(events):
        if isinstance(event, TurnStarted):
            drawn.extend(draw_card(state, source, event.player))
    return drawn


MODE = ModeRules(
    name="card-every-turn",
    applies=lambda rules: rules.name == "card-every-turn",
    presets=(CARD_EVERY_TURN,),
    after=_draw_at_turn_start,
    unforeseen=lambda state, ends: True,  # a draw may shuffle the discards: try the move
)
'''

GAME = """
import asyncio, sys
import risk_lan
print("from", risk_lan.__file__)
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import Game, ruleset
from risk_lan.rules.events import CardDrawn, TurnStarted
from risk_lan.seeded import SeededSource

# The engine alone: every turn that starts with cards in the deck starts with a draw.
game, _ = Game.new(["a", "b", "c"], SeededSource(3), ruleset("card-every-turn"))
bot, turns, draws = ClassicBot(), 0, 0
while not game.is_over and turns < 60:
    player = game.waiting_for()
    events = game.apply(player, bot.choose(game, player))
    for i, e in enumerate(events):
        if isinstance(e, TurnStarted):
            turns += 1
            draws += any(isinstance(d, CardDrawn) and d.player == e.player for d in events[i:])
print("turns", turns, "draws", draws)

async def play(record):
    host = Host(HostConfig(seats=3, bots=1, mode="card-every-turn", record=record))
    port = await host.serve("127.0.0.1", 0)
    clients = [Client(f"c{i}", ClassicBot()) for i in range(2)]
    try:
        return await asyncio.wait_for(
            asyncio.gather(*(c.run("127.0.0.1", port) for c in clients)), 120
        )
    finally:
        await host.close()

outcomes = asyncio.run(play(sys.argv[1]))
print("outcomes", [(o.winner, o.error) for o in outcomes])
verdict = verify_record(sys.argv[1])
print("verified", verdict.ok, verdict.winner, verdict.message)
"""


TOY_APP = '''"""A card every turn in the app: the Now panel's note and the preset's French title (a
toy mode)."""

from __future__ import annotations

from risk_lan.tui.turnlogic.modeapp import ModeApp

NOTE = {
    "en": "A card is drawn at the start of every turn.",
    "fr": "Une carte est tirée au début de chaque tour.",
}

APP = ModeApp(
    name="card-every-turn",
    applies=lambda rules: rules.name == "card-every-turn",
    # Asked in every game: the note checks the rule it tells of.
    notes=lambda turn, step, lang, name: (
        NOTE[lang] if turn.game is not None and APP.applies(turn.game.rules) else ""
    ),
    titles={"card-every-turn": {"fr": "Une carte à chaque tour"}},
)
'''

HELP = {
    "en": "## This game: a card every turn\n\nWhoever's turn starts draws a card.\n",
    "fr": "## Cette partie : une carte à chaque tour\n\nQui commence son tour tire une carte.\n",
}

# The app, in French, hosting a game of the toy mode against two bots: the seats screen's
# title, the Now panel once the game is on, and the help's page (F1).
APP_RUN = """
import asyncio
import risk_lan
print("from", risk_lan.__file__)
from textual.app import ScreenStackError
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.tui.app import LocalHost, RiskApp
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.screens.help_screen import HelpScreen, help_text
from risk_lan.tui.screens.seats_screen import SeatsScreen

async def until(pilot, condition, timeout=60.0):
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        try:
            value = condition()
        except ScreenStackError:
            value = None
        if value:
            return value
        await pilot.pause(0.05)
    raise AssertionError(f"timed out: {condition}")

def shows(screen, selector):
    return str(screen.query_one(selector).render())

async def main():
    config = HostConfig(seats=3, bots=2, mode="card-every-turn")
    app = RiskApp(name="ann", lang="fr", local=LocalHost(config))
    async with app.run_test(size=(120, 40)) as pilot:
        seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen)
                            and app.screen.lobby and app.screen)
        await until(pilot, lambda: "ann" in shows(seats, "#seats"))
        print("seats", repr(shows(seats, "#seats").splitlines()[0]))
        await pilot.press("r")
        game = await until(pilot, lambda: isinstance(app.screen, GameScreen)
                           and app.screen.turn.game is not None and app.screen)
        await until(pilot, lambda: "carte" in shows(game, "#now"))
        print("now", repr(shows(game, "#now")))
        await pilot.press("f1")
        helped = await until(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen)
        print("help", repr(help_text(helped.lang, helped.mode).splitlines()[0]))

asyncio.run(main())
"""


def write_the_toy(tree: Path, with_app: bool = False) -> list[str]:
    """Write the toy mode into ``tree``: its engine unit and registry entry, and (with
    ``with_app``) its app unit, registry entry and help pages; returns the lines added to
    the registries."""
    registry = tree / "risk_lan" / "rules" / "modes.py"
    before = registry.read_text(encoding="utf-8")
    (tree / "risk_lan" / "rules" / "cardeveryturn.py").write_text(TOY, encoding="utf-8")
    after = before.replace(
        "from . import ", "from . import cardeveryturn\nfrom . import ", 1
    ).replace(
        "MODES: tuple[ModeRules, ...] = (\n",
        "MODES: tuple[ModeRules, ...] = (\n    cardeveryturn.MODE,\n",
        1,
    )
    registry.write_text(after, encoding="utf-8")
    added = [line for line in after.splitlines() if line not in before.splitlines()]
    if not with_app:
        return added
    turnlogic = tree / "risk_lan" / "tui" / "turnlogic"
    (turnlogic / "cardeveryturn_lines.py").write_text(TOY_APP, encoding="utf-8")
    apps = turnlogic / "modeapps.py"
    before = apps.read_text(encoding="utf-8")
    after = before.replace(
        "from risk_lan.tui.turnlogic import (\n",
        "from risk_lan.tui.turnlogic import (\n    cardeveryturn_lines,\n",
        1,
    ).replace(
        "MODE_APPS: tuple[ModeApp, ...] = (\n",
        "MODE_APPS: tuple[ModeApp, ...] = (\n    cardeveryturn_lines.APP,\n",
        1,
    )
    apps.write_text(after, encoding="utf-8")
    added += [line for line in after.splitlines() if line not in before.splitlines()]
    for lang, page in HELP.items():
        path = tree / "risk_lan" / "tui" / "data" / "modes" / f"card-every-turn.{lang}.md"
        path.write_text(page, encoding="utf-8")
    return added


def changed_files(tree: Path) -> list[str]:
    """The files of ``tree``'s risk_lan/ and protocol/ that are new or differ from this
    tree's, by path."""
    found = []
    for part in ("risk_lan", "protocol"):
        for path in sorted((tree / part).rglob("*")):
            if path.is_dir() or "__pycache__" in path.parts:
                continue
            mine = ROOT / path.relative_to(tree)
            if not mine.is_file() or not filecmp.cmp(path, mine, shallow=False):
                found.append(str(path.relative_to(tree)))
    return found


def said_in_the_copy(tree: Path, work: Path, script: str, *args: str) -> dict[str, str]:
    """Run ``script`` on the tree copy (from ``work``, so that this tree is not the one found),
    and read the lines it prints, "key value" each; it must have run from the copy."""
    run = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=work,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = dict(line.split(" ", 1) for line in run.stdout.splitlines())
    assert lines["from"].startswith(str(tree)), lines["from"]  # the copy, not this tree
    return lines


def test_a_mode_written_as_its_own_file_and_one_registry_entry_plays_over_sockets(
    tmp_path: Path,
) -> None:
    tree = copy_of_the_tree(tmp_path / "tree")
    added = write_the_toy(tree)
    assert added == ["from . import cardeveryturn", "    cardeveryturn.MODE,"]
    assert changed_files(tree) == ["risk_lan/rules/cardeveryturn.py", "risk_lan/rules/modes.py"]
    lines = said_in_the_copy(tree, tmp_path, GAME, str(tmp_path / "game.rec"))
    turns, draws = (int(n) for n in lines["turns"].split()[::2])
    assert turns > 10 and draws == turns, lines["turns"]
    assert "None)" in lines["outcomes"] and "'host'" not in lines["outcomes"], lines["outcomes"]
    assert lines["verified"].startswith("True"), lines["verified"]


def test_a_mode_s_app_part_is_its_own_file_and_one_registry_entry(tmp_path: Path) -> None:
    tree = copy_of_the_tree(tmp_path / "tree")
    added = write_the_toy(tree, with_app=True)
    assert added == [
        "from . import cardeveryturn",
        "    cardeveryturn.MODE,",
        "    cardeveryturn_lines,",
        "    cardeveryturn_lines.APP,",
    ]
    # Everything the mode touched: its own files and the two registries, nothing shared.
    touched = changed_files(tree)
    print("the toy mode touched", touched)
    assert touched == [
        "risk_lan/rules/cardeveryturn.py",
        "risk_lan/rules/modes.py",
        "risk_lan/tui/data/modes/card-every-turn.en.md",
        "risk_lan/tui/data/modes/card-every-turn.fr.md",
        "risk_lan/tui/turnlogic/cardeveryturn_lines.py",
        "risk_lan/tui/turnlogic/modeapps.py",
    ]
    lines = said_in_the_copy(tree, tmp_path, APP_RUN)
    assert "Une carte à chaque tour" in lines["seats"], lines["seats"]  # its unit's title
    assert "Une carte est tirée au début de chaque tour." in lines["now"], lines["now"]
    assert lines["help"] == repr("## Cette partie : une carte à chaque tour"), lines["help"]

    # Without its registry line the unit is not asked: the rule set's own (English) title.
    apps = tree / "risk_lan" / "tui" / "turnlogic" / "modeapps.py"
    text = apps.read_text(encoding="utf-8")
    apps.write_text(text.replace("    cardeveryturn_lines.APP,\n", ""), encoding="utf-8")
    asked = "from risk_lan.tui.turnlogic import modeapps\nprint(modeapps.mode_title(*sys.argv[1:]))"
    run = subprocess.run(
        [sys.executable, "-c", f"import sys\n{asked}", "card-every-turn", "fr"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.stdout.strip() == "A card every turn", run.stdout + run.stderr
