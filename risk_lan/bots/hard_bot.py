"""The hard bot: the normal bot's play, steered each turn by a look ahead.

At the start of each of its turns it takes its seat's view of the game, draws the hidden
facts at random many times over (``rules.determinize``: it never reads them), plays each
candidate turn plan (``turn_plans``) ahead on those states, the rest of its turn and every
opponent's next turn, and follows the plan whose positions came out best
(``rollout_search``). Steps outside its turn (the starting armies, a headquarters, its
defence) are the normal bot's. Its thinking is held to a budget per whole turn (``think``,
seconds), or for tests to a fixed number of rounds (``rollouts``), which needs no clock.

After each choice it holds ``reason``: why, for the larger decisions (the plan chosen as a
turn begins, each attack with its chance to take the territory), None for the small ones.
"""

from __future__ import annotations

import time
from random import Random

from risk_lan.bots.base import Reason
from risk_lan.bots.battle_odds import conquest_chance, one_battle_chance
from risk_lan.bots.classic_bot import ClassicBot
from risk_lan.bots.rollout_search import search
from risk_lan.bots.turn_plans import Plan, candidate_plans
from risk_lan.rules import Action, Attack, Game
from risk_lan.rules.state import GameState
from risk_lan.rules.teams import armies_of

# Seconds of thinking per whole turn when none is asked for (the cap: 1.5 s, median).
DEFAULT_THINK = 1.0
# The share of a turn's budget spent on the plan as the turn begins; the rest of the turn's
# choices follow the plan and take little.
PLAN_SHARE = 0.85
# The steps before the first turn, played as the normal bot plays them.
BEFORE_PLAY = frozenset({"claim", "setup", "capital", "capital_reveal"})


class HardBot:
    name = "hard"

    def __init__(
        self, seed: int | str | None = None, think: float | None = None, rollouts: int | None = None
    ) -> None:
        self.seed = seed
        self.think = DEFAULT_THINK if think is None else think
        self.rollouts = rollouts
        self.reason: Reason | None = None
        self._normal = ClassicBot(seed)
        self._turn: tuple[int, str] | None = None
        self._policy: ClassicBot | None = None
        # Each plan weighed as its last turn began, with its mean value.
        self.weighed: list[tuple[Plan, float]] = []
        # Seconds spent choosing, by turn (its own turns only): what the budget bounds.
        self.thinking: dict[int, float] = {}

    def opening(self, game: Game, player: str) -> list[Action]:
        return self._normal.opening(game, player)

    def choose(self, game: Game, player: str) -> Action:
        started = time.perf_counter()
        self.reason = None
        s = game.state
        if s.current != player or s.phase in BEFORE_PLAY:
            return self._normal.choose(game, player)
        if self._turn != (s.turn, player) or self._policy is None:
            plan = self._plan(s, player, started)
            self._policy = ClassicBot(None, plan)
            self._turn = (s.turn, player)
            self.reason = plan.describe(s, player)
        action = self._policy.choose(game, player)
        if isinstance(action, Attack) and self.reason is None:
            self.reason = _attack_reason(s, player, action)
        self.thinking[s.turn] = self.thinking.get(s.turn, 0.0) + time.perf_counter() - started
        return action

    def _plan(self, s: GameState, player: str, started: float) -> Plan:
        """The plan to follow this turn, found by playing each candidate ahead on states drawn
        from ``player``'s view only."""
        view = GameState.from_view(s.view_for(player), s.board)
        plans = candidate_plans(view, player)
        if len(plans) == 1:
            return plans[0]
        # Seeded by the turn, so that the same view gives the same plan whatever came before.
        rng = Random(f"hard:{self.seed}:{player}:{s.turn}")
        deadline = started + self.think * PLAN_SHARE
        outcome = search(view, player, plans, rng, deadline, self.rollouts)
        self.weighed = [(plan, outcome.mean(i)) for i, plan in enumerate(plans)]
        return plans[outcome.best()]


def _attack_reason(s: GameState, player: str, attack: Attack) -> Reason:
    rules = s.rules
    mine, theirs = armies_of(s, attack.source, player), s.armies[attack.target]
    most = min(rules.attacker_max_dice, attack.dice)
    if attack.stop_at is None:
        chance = one_battle_chance(mine, theirs, most, rules.defender_max_dice)
    else:
        chance = conquest_chance(mine, theirs, attack.stop_at, most, rules.defender_max_dice)
    # Never "100%" nor "0%" for what may still go either way.
    percent = min(99, max(1, round(100 * chance))) if 0 < chance < 1 else round(100 * chance)
    return Reason("attacks", attack.target, chance=percent)
