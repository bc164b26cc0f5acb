"""A copy of the project's source tree, for the tests that plant a violation in it and see the
check that guards it (import contracts, circles, the type checker, the complexity budget)
report it."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def copy_of_the_tree(into: Path) -> Path:
    """``risk_lan/``, ``protocol/`` and pyproject.toml copied into ``into``; returns it."""
    for part in ("risk_lan", "protocol"):
        shutil.copytree(ROOT / part, into / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", into / "pyproject.toml")
    return into
