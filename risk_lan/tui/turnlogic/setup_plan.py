"""The setup done for the player: the claims, or the starting armies, the bot would choose,
staged on the map for the player to change, then played by themselves at each of the
player's setup steps once confirmed. Without any drawing.

A claim plan lists territories in the order the player wants them; at each claim the first
one still free is taken, and the bot's choice when none is. A placement plan has one entry
per army; each setup step places the next ones. The neutral army's placements, when the
player owes one, are the bot's choice at that moment.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from risk_lan.bots import ClassicBot
from risk_lan.rules import Action, Game, GameState, Place
from risk_lan.rules.setup import placing_neutral, step_left


def free_territories(s: GameState) -> list[str]:
    return [t for t, owner in s.owner.items() if owner is None]


@dataclass
class SetupPlan:
    seat: str
    kind: str  # "claim" or "setup": the phase it is for
    picks: list[str] = field(default_factory=list)
    confirmed: bool = False
    played: Any = None  # the setup step the plan last played a move at

    @classmethod
    def of_bot(cls, game: Game, seat: str) -> SetupPlan:
        """What the bot would choose for the rest of ``seat``'s claims or starting armies,
        as if nobody else played meanwhile."""
        s = game.state
        board = game.board
        trial = GameState.from_view(s.view_for(seat), board)
        trial.current = seat
        trial.neutral_due = []
        bot = ClassicBot()
        picks: list[str] = []
        if s.phase == "claim":
            players = [p for p in s.players if s.setup_left.get(p, 0) > 0] or [seat]
            wanted = math.ceil(len(free_territories(s)) / len(players))
            for _ in range(wanted):
                if not free_territories(trial):
                    break
                territory = bot.choose(Game(trial), seat).territory  # type: ignore[attr-defined]
                trial.take(territory, seat)
                trial.armies[territory] = 1
                picks.append(territory)
            return cls(seat, "claim", picks)
        trial.neutrals = []  # the player's own armies only: the neutral's come as they are due
        return cls(seat, "setup", spread(Game(trial), seat, s.setup_left.get(seat, 0)))

    def staged(self, s: GameState) -> dict[str, int]:
        """The armies the plan puts on each territory, to be shown on the map."""
        shown: dict[str, int] = {}
        # Armies placed by hand meanwhile: the plan places no more than are left.
        picks = self.picks if self.kind == "claim" else self.picks[: s.setup_left.get(self.seat, 0)]
        for territory in picks:
            if self.kind == "claim" and s.owner.get(territory) is not None:
                continue  # taken by someone else meanwhile: skipped when its turn comes
            shown[territory] = shown.get(territory, 0) + 1
        return shown

    def change(self, s: GameState, territory: str) -> str | None:
        """The player picked ``territory`` while the plan is staged: a claim plan takes it in
        or out; a placement plan adds one army there. Returns why nothing changed, if so."""
        if self.kind == "claim":
            if territory in self.picks:
                self.picks.remove(territory)
                return None
            if s.owner.get(territory) is not None:
                return "plan_taken"
            self.picks.append(territory)
            return None
        if s.owner.get(territory) != self.seat:
            return "plan_not_yours"
        if len(self.picks) >= s.setup_left.get(self.seat, 0):
            return "plan_full"
        self.picks.append(territory)
        return None

    def take_back(self) -> bool:
        if not self.picks:
            return False
        self.picks.pop()
        return True

    def moves(self, game: Game) -> list[Action]:
        """The moves the confirmed plan plays now, at most once per setup step."""
        s = game.state
        if not self.confirmed or s.phase not in ("claim", "setup"):
            return []
        if game.waiting_for() != self.seat:
            return []
        step = (s.phase, s.current, tuple(sorted(s.setup_left.items())), s.pool, len(s.neutral_due))
        if step == self.played:
            return []  # already played at this step: the view has not caught up yet
        self.played = step
        if s.phase == "claim":
            free = [t for t in self.picks if s.owner.get(t) is None]
            if free:
                self.picks.remove(free[0])
                return [Place(free[0])]
            return [ClassicBot().choose(game, self.seat)]
        if placing_neutral(s):
            return [ClassicBot().choose(game, self.seat)]
        if self.kind != "setup" or not self.picks:
            return []  # the claims' plan ends with the claims, and a short plan by hand
        first = self.picks[0]
        count = 1
        most = step_left(s)
        while count < min(most, len(self.picks)) and self.picks[count] == first:
            count += 1
        del self.picks[:count]
        return [Place(first, count)]

    def carried_on(self, game: Game) -> SetupPlan | None:
        """The plan after a new view: the same until its phase is over; then, after claims
        it played, the starting armies staged for the player to look at and confirm."""
        phase = game.state.phase
        if phase == self.kind:
            return self
        if self.confirmed and self.kind == "claim" and phase == "setup":
            armies = SetupPlan.of_bot(game, self.seat)
            armies.confirmed = True  # F8 let the plan finish the setup: the armies too
            return armies
        return None


def spread(game: Game, seat: str, count: int) -> list[str]:
    """Where ``count`` starting armies go: on the borders of the continent the player holds
    most of, each army where the enemies next door outnumber the player's armies most, so
    that the borders grow together instead of one pile."""
    s = game.state
    allowed = [a.territory for a in game.legal_actions(seat) if isinstance(a, Place)]
    allowed = list(dict.fromkeys(allowed)) or s.territories_of(seat)
    team = {p for p in s.players if p == seat or (seat in s.teams and
            s.teams.get(p) == s.teams[seat])}  # fmt: skip

    def threat(t: str) -> int:
        return sum(s.armies[n] for n in game.board.neighbours[t] if s.owner[n] not in team)

    def share(territories: tuple[str, ...], bonus: int) -> float:
        mine = sum(1 for t in territories if t in allowed)
        return mine / len(territories) + bonus / (len(territories) * 10)

    continents = sorted(
        game.board.continents.values(), key=lambda c: -share(c.territories, c.bonus)
    )
    fronts: list[str] = []
    for continent in continents:
        fronts = [t for t in allowed if t in continent.territories and threat(t)]
        if fronts:
            break
    fronts = fronts or [t for t in allowed if threat(t)] or allowed
    placed = dict.fromkeys(fronts, 0)
    picks = []
    for _ in range(count):
        needy = max(fronts, key=lambda t: threat(t) - s.armies[t] - placed[t])
        placed[needy] += 1
        picks.append(needy)
    return picks


def plan_keys(plan: SetupPlan | None, phase: str) -> frozenset[str]:
    """During the claims and the placing of starting armies, F8 lets a plan finish them; a
    running plan is shortened (Backspace) or stopped (Esc)."""
    if phase not in ("claim", "setup"):
        return frozenset()
    if plan is None:
        return frozenset({"plan"})
    return frozenset({"plan", "cancel"} | ({"undo"} if plan.picks else set()))
