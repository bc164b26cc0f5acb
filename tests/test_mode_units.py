"""A mode is one unit: a new one is written as a file of its own plus its entry in the
engine's registry (its import and its line in rules/modes.py), and is then played by the
host, the clients and the bots over sockets, and verified, with nothing else touched.

The mode is a toy, "a card every turn": the player whose turn starts draws a card. It is
written into a copy of the tree, which a game then runs from in processes of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tree_copy import copy_of_the_tree

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


def test_a_mode_written_as_its_own_file_and_one_registry_entry_plays_over_sockets(
    tmp_path: Path,
) -> None:
    tree = copy_of_the_tree(tmp_path / "tree")
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
    assert added == ["from . import cardeveryturn", "    cardeveryturn.MODE,"]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    run = subprocess.run(
        [sys.executable, "-c", GAME, str(tmp_path / "game.rec")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = dict(line.split(" ", 1) for line in run.stdout.splitlines())
    assert lines["from"].startswith(str(tree)), lines["from"]  # the copy, not this tree
    turns, draws = (int(n) for n in lines["turns"].split()[::2])
    assert turns > 10 and draws == turns, lines["turns"]
    assert "None)" in lines["outcomes"] and "'host'" not in lines["outcomes"], lines["outcomes"]
    assert lines["verified"].startswith("True"), lines["verified"]
