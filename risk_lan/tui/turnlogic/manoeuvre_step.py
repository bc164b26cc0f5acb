"""The manoeuvre's step (``player_turn.Turn.step``), and how many armies a move takes by
default (a move-in, a manoeuvre)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from risk_lan.rules import Fortify, Game
from risk_lan.tui.turnlogic.turn_step import Step

if TYPE_CHECKING:
    from risk_lan.tui.turnlogic.player_turn import Turn


def fortify_step(turn: Turn, fortifies: list[Fortify]) -> Step:
    sources = frozenset(a.source for a in fortifies)
    if turn.source not in sources:
        # Nothing chosen yet, or a choice left from the attacks (the step changed under it
        # when the last attack became impossible).
        turn.source = turn.target = None
        return Step("fortify", sources, keys=frozenset({"end"}))
    moves = [a for a in fortifies if a.source == turn.source]
    targets = frozenset(a.target for a in moves)
    if turn.target not in targets:
        turn.target = None
    keys = {"end", "cancel"} | ({"confirm"} if turn.target in targets else set())
    most = max((a.count for a in moves if a.target == turn.target), default=1)
    return Step(
        "fortify",
        targets,
        amount=turn.amount_or(keeping(turn.game, turn.seat, turn.source, 1, most), most),
        amount_range=(1, most),
        keys=frozenset(keys),
    )


def keeping(game: Game | None, seat: str, source: str | None, low: int, high: int) -> int:
    """All that may go from a territory with no enemy beside it, but only half from one on a
    front, which the most would strip."""
    if game is None or source is None or not on_a_front(game, seat, source):
        return high
    return max(low, (low + high + 1) // 2)


def on_a_front(game: Game, seat: str, territory: str) -> bool:
    s = game.state
    team = s.teams.get(seat)
    for other in game.board.neighbours[territory]:
        owner = s.owner.get(other)
        if owner != seat and (team is None or s.teams.get(owner or "") != team):
            return True
    return False
