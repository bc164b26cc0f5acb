"""The host is made of parts handed their collaborators, not of classes mixed into one: its
package has no import circle (import-linter's layers contract in pyproject.toml, checked by
test_architecture.py), and a circle planted in a copy of the tree is reported. A move is
checked once on the host."""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter
from pathlib import Path
from typing import Any

import grimp
from test_architecture import _lint_imports
from test_net_cheating import run
from tree_copy import copy_of_the_tree

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.rules import Action, Game

PACKAGE = "risk_lan.net.host"


def test_no_two_parts_of_the_host_import_each_other_even_roundabout() -> None:
    graph = grimp.build_graph("risk_lan", "protocol")
    parts = sorted(m for m in graph.modules if m.startswith(PACKAGE + "."))
    assert len(parts) > 10, parts
    circles = [
        (a, b)
        for a, b in itertools.combinations(parts, 2)
        if graph.chain_exists(a, b) and graph.chain_exists(b, a)
    ]
    assert not circles, circles


def test_a_part_reaching_up_is_reported(tmp_path: Path) -> None:
    """The broadcaster reaching for the game that uses it: the circle the mixins had."""
    copy_of_the_tree(tmp_path)
    broadcaster = tmp_path / "risk_lan" / "net" / "host" / "broadcaster.py"
    broadcaster.write_text(
        broadcaster.read_text() + "\n\ndef _game():\n    from . import hostgame  # noqa\n"
    )
    result = _lint_imports(tmp_path)
    assert result.returncode != 0
    assert "risk_lan.net.host.broadcaster -> risk_lan.net.host.hostgame" in result.stdout, (
        result.stdout
    )


def test_every_move_is_checked_once_by_the_hosts_engine(monkeypatch) -> None:
    """Each move the host makes, a player's or a bot's, goes through the engine's check once,
    when its turn comes (a standing defence, sent whenever, is also checked on arrival, to
    refuse it at once). It used to be checked again by a trial on a copy and by the apply."""
    host = Host(HostConfig(seats=3, bots=1))
    checked: Counter[tuple[str, str]] = Counter()
    check = Game.check

    def counted(game: Game, player: str, action: Action) -> None:
        if host.match is not None and game is host.match.game:
            checked[(player, repr(action.to_dict()))] += 1
        check(game, player, action)

    monkeypatch.setattr(Game, "check", counted)
    clients = [Client("ann", ClassicBot()), Client("bob", ClassicBot())]
    outcomes = asyncio.run(run(host, clients))
    assert all(o is not None and o.winner for o in outcomes), outcomes
    assert host.match is not None
    moves: Counter[tuple[str, str]] = Counter()
    defences: set[tuple[str, str]] = set()
    for envelope in host.match.broadcaster.transcript_log:
        body: dict[str, Any] = envelope["body"]
        if body["type"] == "move" and body["action"]["type"] != "start_game":
            key = (body["seat"], repr(body["action"]))
            moves[key] += 1
            if body["action"]["type"] == "auto_defend" and body["request"] is not None:
                defences.add(key)
    assert sum(moves.values()) > 100
    keys = (set(moves) | set(checked)) - defences
    wrong = {k: (checked[k], moves[k]) for k in keys if checked[k] != moves[k]}
    assert not wrong, list(wrong.items())[:5]  # (checks, moves) of a move
