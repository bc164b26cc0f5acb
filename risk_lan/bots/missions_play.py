"""How a bot plays Risk Mission: a mission is claimed the moment it may be; one claimed as the
turn ends stands in for the end of the turn (or the manoeuvre that ends it)."""

from __future__ import annotations

from risk_lan.bots.modeplay import ModePlay
from risk_lan.rules import Action, ClaimMission, EndTurn, Fortify, Game, missions

TURN = ("reinforce", "attack", "fortify")


def _claim(game: Game, player: str, action: Action) -> Action | None:
    """The claim that stands in for ``action``, if a mission may be claimed now."""
    if game.state.phase not in TURN:
        return None
    ending = isinstance(action, (EndTurn, Fortify))
    for mission in missions.claimable(game.state, player):
        if ending or missions.missions()[mission].window != "turn_end":
            return ClaimMission(mission)
    return None


PLAY = ModePlay(name="missions", applies=missions.MODE.applies, amend=_claim)
