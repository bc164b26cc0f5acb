"""The Textual app players see (``risk-lan play``, ``join`` and ``host``)."""

from __future__ import annotations

from typing import Any


def run_app(lang: str | None = None, **options: Any) -> int:
    """Run the app until the player quits; the exit status of the command."""
    from risk_lan.tui.app import RiskApp
    from risk_lan.tui.texts import language

    app = RiskApp(lang=language(lang), **options)
    result = app.run()
    return result if isinstance(result, int) else 0
