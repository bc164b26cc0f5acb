"""The players panel under team rules: the shared territories listed in the lines left,
those that do not fit counted, so that nothing is cut off."""

from __future__ import annotations

from risk_lan.rules import Game
from risk_lan.seeded import SeededSource
from risk_lan.tui.widgets.panels import _shared

PLAYERS = [{"seat": p, "name": p, "colour": c} for p, c in
           (("p1", "red"), ("p2", "blue"), ("p3", "green"), ("p4", "yellow"))]  # fmt: skip


def test_shared_territories_fit_the_lines_left() -> None:
    game, _ = Game.new([p["seat"] for p in PLAYERS], SeededSource("shared"), "team")
    s = game.state
    for t in ("alaska", "peru", "china", "india", "japan"):
        s.mixed[t] = {"p1": 2, "p3": 1}
    lines = _shared(game, PLAYERS, "en", room=4).plain.splitlines()
    assert lines[0] == "Shared territories" and len(lines) == 4
    assert lines[-1] == "  … 3 more, marked with & on the map"
    assert len(_shared(game, PLAYERS, "en").plain.splitlines()) == 6  # room enough: all
    french = _shared(game, PLAYERS, "fr", room=5).plain.splitlines()[-1]
    assert french == "  … et 2 autres, marqués d'un & sur la carte"
