"""The Textual app players see (``risk-lan play``, ``join``, ``host`` and ``replay``)."""

from __future__ import annotations

from typing import Any


def run_app(lang: str | None = None, **options: Any) -> int:
    """Run the app until the player quits; the exit status of the command."""
    from risk_lan.tui.app import RiskApp
    from risk_lan.tui.texts.catalogue import language

    app = RiskApp(lang=language(lang), **options)
    try:
        result = app.run()  # (a SIGTERM stops it as Ctrl+Q does: RiskApp.on_mount)
    finally:
        # However the app stopped (quit, an interrupt, a fault of its own), once it has left
        # the terminal: the command that takes the game it hosted up again.
        note = app.resume_note()
        if note:
            print(note, flush=True)
    return result if isinstance(result, int) else 0


def run_replay(path: str, lang: str | None = None, turn: int | None = None) -> int:
    """Verify the record at ``path``, say so, and play it back in the app; 1 if it does not
    verify (nothing is played back then)."""
    from risk_lan.net.record.playback import load
    from risk_lan.tui.replay_app import ReplayApp
    from risk_lan.tui.texts.catalogue import language

    playback = load(path)
    if not playback.verdict.ok or not playback.frames:
        blame = f"; it blames {playback.verdict.culprit}" if playback.verdict.culprit else ""
        print(f"risk-lan: record does not verify: {playback.verdict.message}{blame}")
        return 1
    print(f"risk-lan: {playback.verdict.message}; transcript {playback.verdict.transcript}")
    ReplayApp(playback, language(lang), turn).run()
    return 0
