"""The easy level: the normal bot's play with blunders a newcomer can see and punish.

It plays every mode as the normal bot does (the normal bot chooses first, mode moves and all)
and then, now and then, plays worse on purpose, only where the rules leave it free to:

- it puts its reinforcements on a territory drawn at random, most often one with no enemy
  next to it, instead of massing them on its front, so its borders stay thin;
- it seldom fortifies its front from the quiet territories behind it;
- it sometimes attacks at poor odds, and breaks off a run of good attacks halfway, so a
  continent within its reach is not always taken.

Once it holds three quarters of the map it blunders no more, so that a game it has won
ends. Every change is a move the engine accepts (``Game.check``); when none is, the normal
move is played. It is seeded, so a game with the same seeds plays the same."""

from __future__ import annotations

import random

from risk_lan.bots.classic_bot import ClassicBot
from risk_lan.rules import Action, Attack, EndTurn, Fortify, Game, IllegalAction, Place

# How often each blunder is made, when the game leaves room for it (tuned against the
# issue's ladder: easy beats three random bots, and loses clearly to normal).
# (100 games each, seats rotated: easy won 100 of 100 against three random bots, normal 69
# of 100 against three easy ones.) The placements weaken it most; the blunders in attack
# make games longer more than they make it weaker, so they are rare.
SPREAD = 1.0  # a reinforcement placed on a territory at random
SHARE = 1.0  # that share of what the normal bot would have placed on its front
INTERIOR = 0.8  # that territory one with no enemy next to it, where the armies are idle
SKIP_FORTIFY = 0.9  # the front left unfortified
POOR_ATTACK = 0.05  # with no good attack left, one at poor odds rather than stopping
BREAK_OFF = 0.05  # a good attack given up, and the turn with it


class EasyBot:
    name = "easy"

    def __init__(self, seed: int | str | None = None, think: float | None = None) -> None:
        # ``think`` is accepted so every level is made the same way; the easy bot does not
        # think ahead.
        self._normal = ClassicBot(seed)
        self._random = random.Random(f"easy:{seed}")

    def opening(self, game: Game, player: str) -> list[Action]:
        return self._normal.opening(game, player)

    def choose(self, game: Game, player: str) -> Action:
        action = self._normal.choose(game, player)
        blunder = self._blunder(game, player, action)
        if blunder is not None and _legal(game, player, blunder):
            return blunder
        return action

    def _blunder(self, game: Game, player: str, action: Action) -> Action | None:
        """A worse move in place of the normal bot's ``action``, or None to keep it."""
        r = self._random
        phase = game.phase
        if 4 * len(game.territories_of(player)) > 3 * len(game.state.board.territory_ids):
            # Holding three quarters of the map, it plays the game out: armies spread thin
            # could never break the last big stacks, and the game would stall.
            return None
        if phase == "reinforce" and isinstance(action, Place) and r.random() < SPREAD:
            return self._spread(game, player, action)
        if phase not in ("attack", "fortify"):
            return None
        if isinstance(action, Attack) and r.random() < BREAK_OFF:
            return EndTurn()
        if isinstance(action, Fortify) and r.random() < SKIP_FORTIFY:
            return EndTurn()
        if isinstance(action, (Fortify, EndTurn)) and r.random() < POOR_ATTACK:
            return self._poor_attack(game, player)
        return None

    def _spread(self, game: Game, player: str, action: Place) -> Action | None:
        """A share of what the normal bot would place, on a territory drawn at random among
        those the rules let it place on (an interior one, as often as not)."""
        spots = sorted(
            {a.territory for a in game.legal_actions(player) if isinstance(a, Place)}
            - {action.territory}
        )
        if not spots:
            return None
        s = game.state
        quiet = [t for t in spots if all(s.owner[n] == player for n in s.board.neighbours[t])]
        if quiet and self._random.random() < INTERIOR:
            spots = quiet
        return Place(self._random.choice(spots), max(1, round(action.count * SHARE)))

    def _poor_attack(self, game: Game, player: str) -> Action | None:
        """An attack with fewer armies than the defenders hold, drawn at random."""
        s = game.state
        poor = [
            a
            for a in game.legal_actions(player)
            if isinstance(a, Attack) and s.armies[a.source] - 1 < s.armies[a.target]
        ]
        return self._random.choice(poor) if poor else None


def _legal(game: Game, player: str, action: Action) -> bool:
    try:
        game.check(player, action)
    except IllegalAction:
        return False
    return True
