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


def write_error_log(name: str, error: BaseException) -> Path | None:
    """Append ``error``'s trace to the log ``name``; its path, or None if it cannot be
    written (the caller still says what failed)."""
    import time
    import traceback

    path = logs_dir() / f"{name}.log"
    trace = "".join(traceback.format_exception(error))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a") as f:
            f.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')}\n{trace}\n")
    except OSError:
        return None
    return path
