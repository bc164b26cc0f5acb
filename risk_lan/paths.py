"""Where risk-lan keeps its files on the player's machine: the games a host keeps to resume
them, the seats an app holds to take them back, and the hosts' error logs."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """$XDG_DATA_HOME/risk-lan, else ~/.local/share/risk-lan."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "risk-lan"


def saves_dir() -> Path:
    return data_dir() / "games"


def seats_dir() -> Path:
    return data_dir() / "seats"


def logs_dir() -> Path:
    return data_dir() / "logs"
