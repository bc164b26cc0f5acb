"""The paces at which the app shows the others' moves (Ctrl+T, ``--pace``), in moves a second:
here alone, so that the command line offers them without loading the app."""

from __future__ import annotations

PACES = (0, 1, 2, 4)  # 0: as they come, nothing held
DEFAULT_PACE = 2
