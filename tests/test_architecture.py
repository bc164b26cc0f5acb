"""The import contract and the code's hygiene, checked on every run."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The engine is pure: no UI, no network, no event loop, no clock and no chance of its own.
# The protocol package is the wire: no UI, and no engine internals.
FORBIDDEN = {
    "risk_lan/rules": {
        "textual",
        "asyncio",
        "socket",
        "zeroconf",
        "random",
        "secrets",
        "time",
        "risk_lan.net",
        "risk_lan.tui",
        "risk_lan.bots",
        "msgpack",
    },
    # The wire knows nothing of the game it carries, nor of any part of risk_lan.
    "protocol": {"textual", "zeroconf", "asyncio", "socket", "risk_lan"},
    # Bots choose from the rules alone: no network, no screen.
    "risk_lan/bots": {
        "textual",
        "asyncio",
        "socket",
        "zeroconf",
        "msgpack",
        "protocol",
        "risk_lan.net",
        "risk_lan.tui",
    },
    # The host and the client run without a screen: the app is one more client.
    "risk_lan/net": {"textual", "risk_lan.tui"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _violations(package: str, banned: set[str]) -> list[str]:
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for name in _imports(path):
            for ban in banned:
                if name == ban or name.startswith(ban + "."):
                    found.append(f"{path.relative_to(ROOT)} imports {name}")
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_import_contract(package: str) -> None:
    assert _violations(package, FORBIDDEN[package]) == []


def test_the_contract_check_sees_a_violation(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import random\nfrom asyncio import sleep\nimport textual.app\n")
    assert _imports(bad) == {"random", "asyncio", "textual.app"}


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
    for part in ("risk_lan", "protocol"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    board = tmp_path / "risk_lan" / "rules" / "board.py"
    board.write_text(board.read_text() + "\nfrom ..paths import data_dir  # noqa\n")
    turn = tmp_path / "risk_lan" / "rules" / "turn.py"
    turn.write_text(turn.read_text() + "\n\ndef _wire():\n    import protocol.messages  # noqa\n")
    bot = tmp_path / "risk_lan" / "bots" / "random_bot.py"
    bot.write_text(bot.read_text() + "\nfrom risk_lan.tui import texts  # noqa\n")
    result = _lint_imports(tmp_path)
    assert result.returncode != 0
    for found in (
        "risk_lan.rules.board -> risk_lan.paths",
        "risk_lan.rules.turn -> protocol.messages",
        "risk_lan.bots.random_bot -> risk_lan.tui.texts",
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


def test_no_source_file_is_sprawling() -> None:
    long_files = [
        f"{p.relative_to(ROOT)}: {n} lines"
        for package in ("risk_lan", "protocol")
        for p in sorted((ROOT / package).rglob("*.py"))
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 420
    ]
    assert long_files == []


def test_import_linter_keeps_textual_out_of_the_turn_logic_and_the_texts(tmp_path: Path) -> None:
    """The app's drawing-free folders: a step reaching for a widget, a catalogue for a screen."""
    for part in ("risk_lan", "protocol"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
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
