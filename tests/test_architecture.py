"""The import contract and the code's hygiene, checked on every run."""

from __future__ import annotations

import ast
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
