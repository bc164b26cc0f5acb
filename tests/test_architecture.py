"""The import contract and the code's hygiene, checked on every run."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tree_copy import copy_of_the_tree

ROOT = Path(__file__).resolve().parent.parent


def _cycles(root: Path) -> list[list[str]]:
    """The import cycles among the project's modules under ``root``: each strongly connected
    set of modules of more than one, found with grimp (import-linter's graph). Imports under
    ``if TYPE_CHECKING:`` are left out: they are annotations, never run."""
    script = (
        "import grimp, json\n"
        "g = grimp.build_graph('risk_lan', 'protocol', exclude_type_checking_imports=True,"
        " cache_dir=None)\n"
        "print(json.dumps({m: sorted(g.find_modules_directly_imported_by(m) & g.modules)"
        " for m in g.modules}))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    graph: dict[str, list[str]] = json.loads(out.stdout)
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:  # Tarjan's strongly connected components
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in graph[module]:
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            part = stack[stack.index(module) :]
            del stack[stack.index(module) :]
            if len(part) > 1:
                found.append(sorted(part))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return found


def test_no_modules_import_each_other_in_a_circle() -> None:
    assert _cycles(ROOT) == []


def test_the_circle_check_sees_a_planted_circle(tmp_path: Path) -> None:
    copy_of_the_tree(tmp_path)
    board = tmp_path / "risk_lan" / "rules" / "board.py"
    board.write_text(board.read_text() + "\n\ndef _back():\n    from . import state  # noqa\n")
    (circle,) = _cycles(tmp_path)
    assert {"risk_lan.rules.board", "risk_lan.rules.state"} <= set(circle)


def _units(root: Path, package: str, marker: str) -> set[str]:
    """The modules of ``package`` (a folder of risk_lan) that define a mode's unit."""
    folder = root / "risk_lan" / package
    return {
        f"risk_lan.{package}.{path.stem}"
        for path in folder.glob("*.py")
        if marker in path.read_text()
    }


def _shared_modules_importing_a_mode(root: Path, package: str) -> dict[str, list[str]]:
    """The modules of ``package`` (rules or bots), other than the modes' own and their
    registry, that import a mode's module (one defining its ``MODE = ModeRules(...)`` or
    ``PLAY = ModePlay(...)``), with what they import."""
    units = _units(root, "rules", "MODE = ModeRules(") | _units(root, "bots", "= ModePlay(")
    script = (
        "import grimp, json\n"
        "g = grimp.build_graph('risk_lan', cache_dir=None)\n"
        f"print(json.dumps({{m: sorted(g.find_modules_directly_imported_by(m))"
        f" for m in g.modules if m.startswith('risk_lan.{package}.')}}))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    graph: dict[str, list[str]] = json.loads(out.stdout)
    registries = {"risk_lan.rules.modes", "risk_lan.bots.modeplays"}
    shared = set(graph) - units - registries
    found = {m: sorted(set(graph[m]) & units) for m in sorted(shared)}
    return {m: names for m, names in found.items() if names}


@pytest.mark.parametrize("package", ["rules", "bots"])
def test_only_the_registry_imports_a_modes_module(package: str) -> None:
    """A mode reaches the shared engine and bots through its hooks, registered in
    rules/modes.py and bots/modeplays.py, never by a shared module calling it by name."""
    assert _shared_modules_importing_a_mode(ROOT, package) == {}


def test_the_mode_import_check_sees_a_planted_one(tmp_path: Path) -> None:
    copy_of_the_tree(tmp_path)
    combat = tmp_path / "risk_lan" / "rules" / "combat.py"
    combat.write_text(combat.read_text() + "\n\nfrom . import allied  # noqa\n")
    bot = tmp_path / "risk_lan" / "bots" / "random_bot.py"
    bot.write_text(bot.read_text() + "\n\nfrom risk_lan.bots import ally_play  # noqa\n")
    found = _shared_modules_importing_a_mode(tmp_path, "rules")
    assert found == {"risk_lan.rules.combat": ["risk_lan.rules.allied"]}
    found = _shared_modules_importing_a_mode(tmp_path, "bots")
    assert found == {"risk_lan.bots.random_bot": ["risk_lan.bots.ally_play"]}


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """import-linter on the contracts of pyproject.toml, for the packages under ``root``."""
    tool = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    if not Path(tool).exists():
        pytest.fail("import-linter is not installed: install the test extras")
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [tool, "--no-cache", "--config", str(root / "pyproject.toml")],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )


def test_import_linter_keeps_every_contract() -> None:
    result = _lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_linter_sees_planted_violations(tmp_path: Path) -> None:
    """The violations the old check let through: a relative import out of the engine, the
    engine reaching for the wire, and a bot reaching for the app."""
    copy_of_the_tree(tmp_path)
    board = tmp_path / "risk_lan" / "rules" / "board.py"
    board.write_text(board.read_text() + "\nfrom ..paths import data_dir  # noqa\n")
    turn = tmp_path / "risk_lan" / "rules" / "turn.py"
    turn.write_text(turn.read_text() + "\n\ndef _wire():\n    import protocol.messages  # noqa\n")
    bot = tmp_path / "risk_lan" / "bots" / "random_bot.py"
    bot.write_text(bot.read_text() + "\nfrom risk_lan.tui import texts  # noqa\n")
    # The layers: the network reaching up for the command line, and two siblings of one layer.
    wire = tmp_path / "risk_lan" / "net" / "connection.py"
    wire.write_text(wire.read_text() + "\nfrom risk_lan.cli import main  # noqa\n")
    narrate = tmp_path / "risk_lan" / "narrate.py"
    narrate.write_text(narrate.read_text() + "\nfrom risk_lan import simulate  # noqa\n")
    result = _lint_imports(tmp_path)
    assert result.returncode != 0
    for found in (
        "risk_lan.rules.board -> risk_lan.paths",
        "risk_lan.rules.turn -> protocol.messages",
        "risk_lan.bots.random_bot -> risk_lan.tui.texts",
        "risk_lan.net.connection -> risk_lan.cli",
        "risk_lan.narrate -> risk_lan.simulate",
    ):
        assert found in result.stdout, result.stdout


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.fail("ruff is not installed: install the test extras (pip install -e '.[test]')")
    result = subprocess.run(
        [ruff, "check", "risk_lan", "protocol", "tests", "bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _ruff(root: Path, *paths: str) -> subprocess.CompletedProcess[str]:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.fail("ruff is not installed: install the test extras (pip install -e '.[test]')")
    return subprocess.run(
        [ruff, "check", "--no-cache", "--output-format", "concise", *paths],
        cwd=root,
        capture_output=True,
        text=True,
    )


def _branching(name: str, branches: int) -> str:
    """A function of cyclomatic complexity ``branches + 1``."""
    body = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(branches))
    return f"def {name}(x: int) -> int:\n{body}    return -1\n"


def test_no_function_is_over_the_complexity_budget(tmp_path: Path) -> None:
    """The budget that replaced the cap on a file's lines: ruff's C901 at 15 (run with the
    rest of ruff by test_ruff_is_clean) flags a function past it in every package, and lets
    one at 15 through."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for part in ("rules", "bots", "net", "tui"):
        (tmp_path / "risk_lan" / part).mkdir(parents=True)
        planted = _branching("at_budget", 14) + "\n\n" + _branching("over_budget", 15)
        (tmp_path / "risk_lan" / part / "planted.py").write_text(planted)
    (tmp_path / "cli.py").write_text(_branching("over_budget", 15))
    result = _ruff(tmp_path, ".")
    flagged = sorted(line.split(":")[0] for line in result.stdout.splitlines() if "C901" in line)
    assert flagged == [
        "cli.py",
        "risk_lan/bots/planted.py",
        "risk_lan/net/planted.py",
        "risk_lan/rules/planted.py",
        "risk_lan/tui/planted.py",
    ], result.stdout + result.stderr
    assert "over_budget` is too complex (16 > 15)" in result.stdout
    assert "at_budget" not in result.stdout


def test_import_linter_keeps_textual_out_of_the_turn_logic_and_the_texts(tmp_path: Path) -> None:
    """The app's drawing-free folders: a step reaching for a widget, a catalogue for a screen."""
    copy_of_the_tree(tmp_path)
    plan = tmp_path / "risk_lan" / "tui" / "turnlogic" / "plan_line.py"
    plan.write_text(plan.read_text() + "\nfrom textual.widget import Widget  # noqa\n")
    words = tmp_path / "risk_lan" / "tui" / "texts" / "watch_texts.py"
    words.write_text(words.read_text() + "\nfrom ..screens import log_screen  # noqa\n")
    result = _lint_imports(tmp_path)
    assert result.returncode != 0
    for found in (
        "risk_lan.tui.turnlogic.plan_line -> textual (",
        "risk_lan.tui.texts.watch_texts -> risk_lan.tui.screens.log_screen",
    ):
        assert found in result.stdout, result.stdout


@pytest.mark.parametrize("command", ["simulate", "host", "play"])
def test_every_command_names_a_rule_set_its_mode(command: str) -> None:
    """One word for a rule set: ``--mode`` on every command that takes one, ``--rules`` its
    alias."""
    from risk_lan.cli import build_parser

    parser = build_parser()
    assert parser.parse_args([command]).mode == "classic"
    assert parser.parse_args([command, "--mode", "revised"]).mode == "revised"
    assert parser.parse_args([command, "--rules", "team"]).mode == "team"


def test_no_two_modules_share_a_name() -> None:
    """A module's name says what it holds, once in the project: two ``turn.py`` had readers
    open the wrong one."""
    seen: dict[str, list[str]] = {}
    for package in ("risk_lan", "protocol"):
        for path in (ROOT / package).rglob("*.py"):
            if path.name != "__init__.py":
                seen.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    assert {name: paths for name, paths in seen.items() if len(paths) > 1} == {}
