"""The summary of the others' turns that opens the player's turn (turn_summary.py), checked
against a whole seeded bot game: every territory taken from the player is named, and every
player's counts are the ones before and after."""

from __future__ import annotations

from risk_lan.bots import ClassicBot
from risk_lan.rules import Game
from risk_lan.seeded import SeededSource
from risk_lan.tui.turnlogic.turn_summary import SinceLastTurn, signed, standings

NAMES = {"p1": "ann", "p2": "bob", "p3": "cat"}


def test_each_summary_tells_what_happened_since_the_players_last_turn() -> None:
    game, events = Game.new(["p1", "p2", "p3"], SeededSource("since"), "classic")
    bots = {p: ClassicBot() for p in NAMES}
    for p, bot in bots.items():
        for action in bot.opening(game, p):
            game.apply(p, action)
    since = SinceLastTurn("p1")
    summaries = 0
    taken: list[str] = []  # what others took from p1 since its last turn, from the events
    before = None
    while not game.is_over and game.state.turn < 60:
        seen = [e.seen_by("p1").to_dict() for e in events]
        for e in seen:
            if e["type"] == "turn_started" and e["player"] != "p1" and before is None:
                before = standings(game.state)
            if e["type"] == "conquered" and e["previous_owner"] == "p1":
                taken.append(e["territory"])
        if since.take(game.state, seen):
            lines = since.lines(game.state, NAMES, "en")
            # p1 plays second: its first summary comes before its first turn.
            first = summaries == 0 and game.state.round == 1
            assert lines[0] == ("Before your first turn:" if first else "Since your last turn:")
            text = "\n".join(lines)
            for t in taken:
                assert game.board.name(t) in text
            now = standings(game.state)
            for p in ("p2", "p3"):
                if p not in game.state.eliminated and before is not None:
                    d = now[p].territories - before[p].territories
                    assert f"{NAMES[p]}: {now[p].territories} " in text
                    assert f"({signed(d)})" in text
            summaries += 1
            taken, before = [], None
        who = game.waiting_for()
        events = game.apply(who, bots[who].choose(game, who))
    assert summaries >= 5  # p1 plays 6 turns before it is eliminated at turn 18


def test_the_summary_agrees_in_french() -> None:
    game, _ = Game.new(["p1", "p2", "p3"], SeededSource("since"), "classic")
    since = SinceLastTurn("p1")
    since.take(game.state, [{"type": "turn_started", "player": "p2"}])
    since.take(game.state, [{"type": "conquered", "player": "p2", "territory": "egypt",
                             "previous_owner": "p1", "armies": 3},
                            {"type": "cards_traded", "player": "p2", "cards": [], "armies": 1,
                             "set_number": 1}])  # fmt: skip
    assert since.take(game.state, [{"type": "turn_started", "player": "p1"}])
    lines = since.lines(game.state, NAMES, "fr")
    assert lines[1] == "bob vous a pris l'Égypte."
    assert "A échangé une série contre 1 régiment." in lines[3] and lines[3].startswith("bob")
