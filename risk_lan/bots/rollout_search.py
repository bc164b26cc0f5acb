"""The hard bot's look ahead: each candidate turn plan played out on many states drawn from
the bot's own view (``rules.determinize``), the rest of its turn by the plan and each
opponent's next turn by the normal bot, with dice of its own; the plan with the best mean
value of the position reached wins.

Every plan meets the same drawn states and the same dice (common random numbers), so the
plans are compared on equal luck. The work stops at a deadline (``time.perf_counter``) or
after a fixed number of rounds, for tests that must not hang on the clock.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from random import Random

from risk_lan.bots.classic_bot import ClassicBot
from risk_lan.bots.position_value import position_value
from risk_lan.bots.turn_plans import Plan
from risk_lan.rules import Game
from risk_lan.rules.determinize import determinize
from risk_lan.rules.modes import in_play, owed
from risk_lan.rules.state import GameState
from risk_lan.seeded import SeededSource

# A safety net: a turn of this many actions is a bot stuck, scored where it stands.
MAX_ACTIONS = 600
LAPS_AT_TWO = 2


@dataclass
class Outcome:
    """What the search found: the plans' total values and how many rollouts each had."""

    plans: list[Plan]
    totals: list[float] = field(default_factory=list)
    rounds: int = 0

    def mean(self, i: int) -> float:
        return self.totals[i] / self.rounds if self.rounds else 0.0

    def best(self) -> int:
        return max(range(len(self.plans)), key=lambda i: (self.mean(i), -i))


def search(
    view: GameState,
    player: str,
    plans: list[Plan],
    rng: Random,
    deadline: float | None,
    rounds: int | None,
) -> Outcome:
    """Play each plan on drawn states until ``deadline`` (a ``perf_counter`` time) or for
    ``rounds`` rounds (whichever is given). With no round done by the deadline, every
    plan's mean is 0 and the first (the normal bot's own aim) is chosen."""
    out = Outcome(plans, [0.0] * len(plans))
    opponents = ClassicBot(None)
    while True:
        drawn = determinize(view, SeededSource(rng.getrandbits(64)))
        dice = rng.getrandbits(64)
        values = []
        for plan in plans:
            values.append(rollout(drawn, player, ClassicBot(None, plan), opponents, dice))
            if rounds is None and _late(deadline):
                # A round cut short is dropped: the plans are compared on equal luck only.
                return out
        out.totals = [t + v for t, v in zip(out.totals, values, strict=True)]
        out.rounds += 1
        if rounds is not None and out.rounds >= rounds:
            return out
        if rounds is None and _late(deadline):
            return out


def _late(deadline: float | None) -> bool:
    return deadline is None or time.perf_counter() >= deadline


def laps(s: GameState) -> int:
    """How many times the turn comes back to the player before a rollout stops: at a table of
    two, a second round shows what the first one's gains were worth."""
    return LAPS_AT_TWO if sum(1 for p in s.players if s.alive(p)) <= 2 else 1


def rollout(
    drawn: GameState, player: str, policy: ClassicBot, opponents: ClassicBot, dice: int
) -> float:
    """The value for ``player`` after the rest of its turn by ``policy`` and every other
    player's next turn by ``opponents`` (at a table of two, a round more, its own turn then
    played as the normal bot plays it)."""
    game = Game(drawn.copy(), SeededSource(dice))
    s = game.state
    left_me = False
    back = first = laps(s)
    owing = bool(in_play(s.rules).owed)
    for _ in range(MAX_ACTIONS):
        if s.phase == "over" or not s.alive(player):
            break
        if s.current != player:
            left_me = True
        elif left_me:
            back -= 1
            left_me = False
            if back == 0:
                break
        who = game.waiting_for()
        if who is None:
            break
        bot = policy if who == player and s.current == player and back == first else opponents
        # Unchecked: the normal bot's moves are legal by construction (every preset's games
        # apply them checked in the tests), and the check is a sixth of a rollout's time.
        game.apply(who, bot.choose(game, who), checked=True)
        if owing:
            _claims_owed(game)
        s = game.state
    return position_value(s, player)


def _claims_owed(game: Game) -> None:
    """The acts each seat's client would make by itself after the move (an objective's
    claim), so that a rollout ends where a game would, a goal met being won."""
    s = game.state
    for seat in s.players:
        for action in owed(s, seat):
            if s.phase != "over":
                game.apply(seat, action, checked=True)
