"""A bot with a personality: the ways a player sets from the app, drawn at random for a seat,
so that bot tables over the network meet them too (`risk-lan join --bot --personality SEED`,
tests/chaos.py). The standing answer is set the way F7 sets it, by the same act; a player who
attacks one battle at a time instead of blitzing sends the same attack without its stop; a
whim is any legal move, as a player may make one the bot would not (a capitulation, a
retreat, support sent or not, a card laid, a trade of other stars)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from risk_lan.bots.classic_bot import ClassicBot
from risk_lan.bots.random_bot import RandomBot
from risk_lan.rules import Action, Attack, Game, SetAutoDefend

# Phases whose choice is the bot's own secret to keep (a sealed headquarters): no whim there.
SEALED = ("capital", "capital_reveal")
TURN = ("reinforce", "attack", "fortify")


@dataclass(frozen=True)
class Personality:
    standing: bool  # F7 at the start: every attack answered at once, the most it may
    switches: float  # the chance, at each of its moves in its own turn, of pressing F7 again
    battles: float  # the chance that an attack is one battle rather than a blitz
    whims: float  # the chance that a move is any legal one instead of the bot's

    @classmethod
    def drawn(cls, seed: int | str) -> Personality:
        r = random.Random(f"personality:{seed}")
        return cls(
            standing=r.random() < 0.5,
            switches=r.choice((0.0, 0.0, 0.02)),
            battles=r.choice((0.0, 0.0, 0.5, 1.0)),
            whims=r.choice((0.0, 0.03, 0.1)),
        )

    def describe(self) -> str:
        return (
            f"standing answer {'set' if self.standing else 'not set'} at the start, "
            f"switched at {self.switches:.0%} of its moves; "
            f"{self.battles:.0%} of attacks one battle at a time; "
            f"{self.whims:.0%} of moves any legal one"
        )


class PersonalBot:
    """The classic bot, played with ``personality``."""

    name = "normal"

    def __init__(self, personality: Personality, seed: int | str | None = None) -> None:
        self.personality = personality
        self._bot = ClassicBot(seed)
        self._wild = RandomBot(f"wild:{seed}")
        self._random = random.Random(f"moves:{seed}")

    def opening(self, game: Game, player: str) -> list[Action]:
        # What F7 would make of the seat's standing answer; nothing if it is that already (a
        # restarted program finds its seat as it left it).
        wanted = game.rules.defender_max_dice if self.personality.standing else None
        if game.state.auto_defend.get(player) == wanted:
            return []
        return [SetAutoDefend(wanted)]

    def choose(self, game: Game, player: str) -> Action:
        p, r, s = self.personality, self._random, game.state
        if s.phase in TURN and s.current == player and r.random() < p.switches:
            most = game.rules.defender_max_dice
            return SetAutoDefend(None if s.auto_defend.get(player) else most)
        if s.phase not in SEALED and r.random() < p.whims:
            return self._wild.choose(game, player)
        action = self._bot.choose(game, player)
        if isinstance(action, Attack) and action.stop_at is not None and r.random() < p.battles:
            return Attack(action.source, action.target, action.dice)
        return action
