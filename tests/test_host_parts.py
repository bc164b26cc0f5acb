"""The host is made of parts handed their collaborators, not of classes mixed into one: its
package has no import circle (import-linter's layers contract in pyproject.toml, checked by
test_architecture.py), and a circle planted in a copy of the tree is reported."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import grimp
from test_architecture import ROOT, _lint_imports

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
    for part in ("risk_lan", "protocol"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    broadcaster = tmp_path / "risk_lan" / "net" / "host" / "broadcaster.py"
    broadcaster.write_text(
        broadcaster.read_text() + "\n\ndef _game():\n    from . import hostgame  # noqa\n"
    )
    result = _lint_imports(tmp_path)
    assert result.returncode != 0
    assert "risk_lan.net.host.broadcaster -> risk_lan.net.host.hostgame" in result.stdout, (
        result.stdout
    )
