"""How a bot plays for a secret objective (rulebooks 000-B and 004): it aims at what its
objective asks it to take."""

from __future__ import annotations

from risk_lan.bots.modeplay import ModePlay
from risk_lan.rules import objectives
from risk_lan.rules.sealing import is_hidden
from risk_lan.rules.state import GameState


def _known(s: GameState, player: str) -> bool:
    """Whether the player's objective is known here (on its seat's view of a sealed game, a
    card not learnt yet stays a token: ``sealing``)."""
    objective = s.objectives.get(player)
    return objective is not None and not is_hidden(objective)


def _aims(s: GameState, player: str) -> frozenset[str] | None:
    """The player to destroy's territories, or the named continents' it does not hold yet
    (None: no objective that names territories)."""
    if not _known(s, player):
        return None
    card = objectives.in_force(s, player)
    if card.destroy is not None:
        target = objectives.player_of_colour(s, card.destroy)
        held = s.held.get(target, {}) if target else {}
        return frozenset(held) or None
    missing = [
        t
        for c in card.continents
        for t in s.board.continents[c].territories
        if s.owner[t] != player
    ]
    return frozenset(missing) or None


def _progress(s: GameState, player: str) -> float:
    """How much of its objective the player has: the share of each line of its progress
    (territories held of a named continent, whole continents beyond them, strong
    territories), a player to destroy counting down from the territories it held at most."""
    if not _known(s, player):
        return 0.0
    shares = []
    for what, have, need in objectives.progress(s, player):
        if what.startswith("destroy:"):
            shares.append(1.0 - min(1.0, have / DESTROY_SCALE))
        else:
            shares.append(min(1.0, have / need) if need else 1.0)
    return sum(shares) / len(shares) if shares else 0.0


# A player holding this many territories or more is as far from destroyed as counts.
DESTROY_SCALE = 12

PLAY = ModePlay(name="objectives", applies=objectives.MODE.applies, aims=_aims, progress=_progress)
