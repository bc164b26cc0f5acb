"""A player that picks among its legal moves at random: the baseline other bots must beat.

It plays whole turns (it ends its turn half the time instead of attacking again), so games
with it finish when a real bot is at the table.
"""

from __future__ import annotations

import random

from risk_lan.bots.base import Sealed
from risk_lan.bots.modeplays import playing
from risk_lan.rules import Action, Attack, Commit, EndTurn, Fortify, Game, Place, TradeCards


class RandomBot:
    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)
        self._sealed: Sealed = {}

    def opening(self, game: Game, player: str) -> list[Action]:
        return []

    def choose(self, game: Game, player: str) -> Action:
        r = self._random
        for mode in playing(game.rules):
            if mode.secret is not None:
                # A secret choice (a sealed headquarters) is made at random like any other.
                secret = mode.secret(
                    game, player, self._sealed, lambda: r.choice(game.territories_of(player))
                )
                if secret is not None:
                    return secret
        actions = [a for a in game.legal_actions(player) if a.type != "auto_defend"]
        for mode in playing(game.rules):
            favoured = mode.random_move(actions, r) if mode.random_move is not None else None
            if favoured is not None:
                return favoured
        if game.phase == "reinforce" and game.state.pool > 0 and not game.must_trade():
            # One random territory takes a random share, so turns do not crawl army by army.
            trades = [a for a in actions if isinstance(a, TradeCards)]
            if trades and r.random() < 0.5:
                return r.choice(trades)
            # The legal placements, not the player's territories: the ally's share (000-A)
            # goes on the ally's.
            most: dict[str, int] = {}  # as many as fit there (rulebook 004's cap and bonuses)
            for a in actions:
                if isinstance(a, Place):
                    most[a.territory] = max(most.get(a.territory, 0), a.count)
            territory = r.choice(sorted(most))
            return Place(territory, r.randint(1, most[territory]))
        if game.phase in ("reinforce", "attack", "fortify") and not game.must_trade():
            if r.random() < 0.5:
                return EndTurn()
            attacks = [a for a in actions if isinstance(a, (Attack, Commit))]
            moves = [a for a in actions if isinstance(a, Fortify)]
            pool = attacks if attacks and r.random() < 0.8 else moves
            if pool:
                return r.choice(pool)
            return EndTurn()
        return r.choice(actions)
