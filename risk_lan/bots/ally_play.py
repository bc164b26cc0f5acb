"""How a bot plays 000-A's ally in its opponent's turn: the share goes where the ally can
strike the player whose turn it is, and the ally counter-attacks where the odds are good."""

from __future__ import annotations

from risk_lan.bots.modeplay import Aims, ModePlay
from risk_lan.rules import Action, Attack, EndTurn, Game, Place, allied
from risk_lan.rules.allied import ally, commands_ally
from risk_lan.rules.state import GameState


def _move(game: Game, player: str, aims: Aims) -> Action | None:
    """The ally's move, when ``player`` commands it in the opponent's turn."""
    s = game.state
    if commands_ally(s, player) and s.phase in ("reinforce", "attack"):
        return ally_move(s, player, aims.margin)
    return None


def ally_move(s: GameState, player: str, margin: int) -> Action:
    force = ally(s)
    assert force is not None
    target_owner = s.current
    own, armies, neighbours = s.owner, s.armies, s.board.neighbours
    rounds = s.rules.protect_last_territory_rounds
    protected = rounds and s.round <= rounds and s.count(target_owner) == 1
    best: tuple[int, str, str] | None = None
    for src in s.territories_of(force):
        for tgt in neighbours[src]:
            if own[tgt] != target_owner or protected:
                continue
            score = armies[src] - armies[tgt]
            if best is None or score > best[0]:
                best = (score, src, tgt)
    if s.phase == "reinforce" and s.pool > 0:
        if best is not None:
            return Place(best[1], s.pool)
        return Place(s.territories_of(force)[0], s.pool)
    if (
        best is not None
        and armies[best[1]] >= 3
        and armies[best[1]] - 1 >= armies[best[2]] + margin
    ):
        dice = min(s.rules.attacker_max_dice, armies[best[1]] - 1)
        return Attack(best[1], best[2], dice, stop_at=2)
    return EndTurn()


PLAY = ModePlay(name="allied", applies=allied.MODE.applies, move=_move)
