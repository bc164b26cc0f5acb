"""The player's side of a turn, without any drawing: what the current step lets the player
pick, what a pick or a key does, and the moves that result.

Everything offered comes from the engine's own list of legal actions on the player's view,
so the screen never offers a move the host would refuse. Placements of reinforcements are
staged here and can be taken back until the player confirms them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from risk_lan.rules import (
    Action,
    Attack,
    Commit,
    Defend,
    EndTurn,
    Fortify,
    Game,
    GameState,
    MoveIn,
    Place,
    TradeCards,
)
from risk_lan.rules.modes import commanded, midway
from risk_lan.rules.teams import armies_of
from risk_lan.tui.turnlogic import modeapps, revised_steps
from risk_lan.tui.turnlogic.manoeuvre_step import fortify_step, keeping
from risk_lan.tui.turnlogic.setup_plan import SetupPlan, plan_keys
from risk_lan.tui.turnlogic.turn_hints import why_key, why_pick
from risk_lan.tui.turnlogic.turn_step import Step


@dataclass
class Turn:
    """The player's state of mind during its turn: staged placements, a chosen source,
    the dice and amounts it picked. Rebuilt from scratch at each new turn."""

    seat: str
    game: Game | None = None
    staged: list[tuple[str, int]] = field(default_factory=list)
    source: str | None = None  # the chosen source of an attack or a fortification
    target: str | None = None  # the chosen target of an attack
    dice: int | None = None  # None: as many as allowed
    amount: int | None = None
    fortifying: bool = False  # the player ended its attacks and is choosing a fortification
    # Rulebook 004: lay the territory's card for +2, and send the support, when they may be.
    lay: bool = True
    support: bool = True
    # What a mode keeps that only this seat knows, by name, kept with the seat by the app
    # (Capital rules: the headquarters chosen and its seal's nonce, until the seal opens).
    kept: dict[str, Any] = field(default_factory=dict)
    turn_key: tuple[Any, ...] = ()
    # Why the last pick or key did nothing (a text's key and its fields), until the next.
    hint: tuple[str, dict[str, Any]] | None = None
    # The claims or starting armies staged by F8 (then played by themselves once confirmed).
    plan: SetupPlan | None = None
    _legal: list[Action] | None = None
    # Rulebook 004: the room left on each territory, for the placements staged (found once for
    # them: every key's check reads the step).
    room: tuple[tuple[tuple[str, int], ...], dict[str, int]] | None = None
    recorded: bool = False  # a recorded game played back: nobody is waited for

    # ----- the view -----------------------------------------------------------------------

    def load(self, view: dict[str, Any]) -> None:
        """Take in a new view from the host. A new turn, or a new step of it, clears what was
        chosen for the step before."""
        self.game = Game(GameState.from_view(view))
        self._legal = None
        self.room = None
        s = self.game.state
        # The pool is left out: a trade raises it, and the placements staged before stay.
        key = (s.turn, s.current, s.acting, midway(s), s.phase, s.attack is not None,
               s.move_in is not None)  # fmt: skip
        if key != self.turn_key:
            # A new turn, or a new part of one (000-A's ally): the attacks may begin again.
            if key[:4] != self.turn_key[:4]:
                self.fortifying = False
            self.turn_key = key
            self.staged.clear()
            self.amount = None
            self.hint = None
        # Under team rules a source may be a territory a teammate holds, with armies of ours.
        forces = commanded(s, self.seat)
        mine = self.source is None or armies_of(s, self.source, self.seat)
        if not mine and s.owner.get(self.source or "") not in forces:
            self.source = self.target = None
        if self.plan is not None:
            self.plan = self.plan.carried_on(self.game)
        held = modeapps.steer(self)  # (the active independents' offensive, attacked on)
        if self.target is not None and s.owner.get(self.target) in forces and not held:
            if s.phase in ("move_in", "attack") and not self.fortifying:
                # Conquered: the natural place to attack from next (dropped by ``step`` if
                # it cannot attack once the armies have moved in).
                self.source = self.target
            self.target = None

    @property
    def legal(self) -> list[Action]:
        """The player's legal actions in the latest view (found once a view: with big armies
        the list of attacks is long, and every key binding's check reads it)."""
        if self.game is None:
            return []
        if self._legal is None:
            self._legal = [a for a in self.game.legal_actions(self.seat) if a.type != "auto_defend"]
        return self._legal

    @property
    def watching(self) -> bool:
        """A spectator's screen, or a player's out of the game: nothing to play."""
        s = self.game.state if self.game is not None else None
        return s is not None and (self.seat not in s.players or self.seat in s.eliminated)

    @property
    def my_turn(self) -> bool:
        return self.game is not None and self.game.waiting_for() == self.seat

    def staged_total(self) -> int:
        return sum(n for _, n in self.staged)

    def trades(self) -> list[tuple[TradeCards, int]]:
        """Every set the player may trade now, with its value, the most valuable first."""
        assert self.game is not None
        sets = [a for a in self.legal if isinstance(a, TradeCards)]
        valued = [(a, self.game.set_value(a.cards)) for a in sets]
        return sorted(valued, key=lambda pair: -pair[1])

    # ----- the step -----------------------------------------------------------------------

    def step(self) -> Step:
        game = self.game
        if game is None:
            return Step("waiting")
        s = game.state
        if s.phase == "over":
            return Step("over")
        if self.watching:
            return Step("watching")
        if not self.my_turn:
            return Step("waiting", keys=plan_keys(self.plan, s.phase))
        asked = self._asked_step(game)
        if asked is not None:
            return asked
        legal = self.legal
        trades = (
            frozenset({"trade"}) if any(isinstance(a, TradeCards) for a in legal) else frozenset()
        )
        if game.must_trade():
            return Step("trade", keys=trades)
        if s.phase == "reinforce" and s.pool > 0:
            return self._place_step(game, trades)
        step = self._attack_step(game)
        added = modeapps.step_keys(self, step)  # (the active independents: an ally's die)
        return replace(step, keys=step.keys | added) if added - step.keys else step

    def _asked_step(self, game: Game) -> Step | None:
        """The step of a phase that asks one thing of the player (a claim or a setup army,
        a mode's own, a defence, the armies to move in); None in the turn's own phases."""
        s = game.state
        legal = self.legal
        if s.phase in ("claim", "setup"):
            choices = frozenset(a.territory for a in legal if isinstance(a, Place))
            return Step(s.phase, choices, keys=plan_keys(self.plan, s.phase))
        own = modeapps.own_step(self, s.phase)
        if own is not None:
            return own
        if s.phase == "defend":
            most = max(a.dice for a in legal if isinstance(a, Defend))
            return Step(
                "defend",
                amount=self.amount_or(most),
                amount_range=(1, most),
                keys=frozenset({"confirm"}),
            )
        if s.phase == "move_in":
            counts = [a.count for a in legal if isinstance(a, MoveIn)]
            low, high = min(counts), max(counts)
            source = s.move_in.source if s.move_in else None
            return Step(
                "move_in",
                amount=self.amount_or(keeping(game, self.seat, source, low, high)),
                amount_range=(low, high),
                keys=frozenset({"confirm", "end"}),  # F4: moved in, and the attacks ended
            )
        return None

    def _place_step(self, game: Game, trades: frozenset[str]) -> Step:
        """Placing the reinforcements, staged until confirmed."""
        s = game.state
        left = s.pool - self.staged_total()
        owned = frozenset(a.territory for a in self.legal if isinstance(a, Place))
        if revised_steps.bounded(game):  # under the cap, bound bonuses where they may go
            owned = frozenset(revised_steps.room_left(self))
        keys = trades | ({"undo"} if self.staged else set()) | ({"confirm"} if not left else set())
        return Step(
            "place",
            owned if left else frozenset(),
            amount=self.amount_or(1, left),
            amount_range=(1, max(1, left)),
            keys=frozenset(keys),
        )

    def _attack_step(self, game: Game) -> Step:
        """Attacking: a source, then a target and the dice; or the manoeuvre, once the
        attacks are over."""
        legal = self.legal
        fortifies = [a for a in legal if isinstance(a, Fortify)]
        attacks: list[Attack | Commit] = [a for a in legal if isinstance(a, (Attack, Commit))]
        if self.fortifying or game.state.phase == "fortify" or not attacks:
            return fortify_step(self, fortifies)
        if self.source is None:
            return Step("attack", frozenset(a.source for a in attacks), keys=frozenset({"end"}))
        targets = frozenset(a.target for a in attacks if a.source == self.source)
        if self.target not in targets:
            self.target = None  # taken, or out of reach now that the source is weaker
        if not targets:
            self.source = None
            return Step("attack", frozenset(a.source for a in attacks), keys=frozenset({"end"}))
        keys = {"end", "cancel"}
        if self.target is not None:
            mode = modeapps.attacker(game)
            keys |= mode.attack_keys(self) if mode and mode.attack_keys else {"attack", "blitz"}
        most = max((_strength(a) for a in attacks if a.source == self.source), default=1)
        return Step(
            "attack", targets, amount=self._dice(most), amount_range=(1, most), keys=frozenset(keys)
        )

    def amount_or(self, default: int, most: int | None = None) -> int:
        if self.amount is None:
            return default
        return self.amount if most is None else min(self.amount, most)

    def _dice(self, most: int) -> int:
        return most if self.dice is None else min(self.dice, most)

    # ----- what the player does -----------------------------------------------------------

    def pick(self, territory: str) -> list[Action]:
        """The player picked ``territory`` on the map; returns the moves to send now. A pick
        that does nothing says why (``hint``)."""
        self.hint = None
        plan = self.plan
        if plan is not None and self.game is not None:
            why = plan.change(self.game.state, territory)  # a running plan takes the picks
            self.hint = (why, {"territory": territory}) if why else None
            return []
        step = self.step()
        done = self._go_ahead(step, territory)
        if done is not None:
            return done
        if step.name in ("attack", "fortify") and self.source is not None:
            if territory == self.source:
                self.source = self.target = None  # picked again: let go
                return []
            if territory not in step.choices and territory in self._sources(step.name):
                self.source, self.target = territory, None  # another place to go from
                return []
        if territory not in step.choices:
            self.hint = why_pick(self, step, territory)
            return []
        if step.name in ("claim", "setup"):
            return [Place(territory)]
        own = modeapps.pick(self, step, territory)  # (Capital rules: the headquarters)
        if own is not None:
            return own
        if step.name == "place":
            count = min(step.amount or 1, step.amount_range[1] if step.amount_range else 1)
            if self.game is not None and revised_steps.bounded(self.game):
                count = revised_steps.fit(self, territory, count)  # what fits, and why not more
            self.staged.append((territory, count))
            self.amount = None
            return []
        if self.source is None and step.name != "defend":
            self.source, self.target = territory, None
        else:
            self.target = territory  # under rulebook 004, a defender's picked retreat
        return []

    def _go_ahead(self, step: Step, territory: str) -> list[Action] | None:
        """A pick where the step waits only for its key does what the key does, so that
        Enter (or a click) carries a turn through: the placements all staged are confirmed
        (and the territory, if it is the player's, is where the attacks start from); the
        armies are moved in; the defence is rolled; the target picked again is attacked
        once, or the manoeuvre picked again is made. None for any other pick."""
        if step.name == "place" and "confirm" in step.keys and not step.choices:
            moves = self.confirm()
            if self.game is not None and armies_of(self.game.state, territory, self.seat):
                self.source, self.target = territory, None
            return moves
        if step.name == "move_in" or (step.name == "defend" and not step.choices):
            return self.confirm()  # (a defence with a retreat to pick takes the pick)
        if territory != self.target:
            return None
        if step.name == "attack" and "attack" in step.keys:
            return self.attack(blitz=False)
        if step.name == "fortify" and "confirm" in step.keys:
            return self.confirm()
        return None

    def _sources(self, step: str) -> set[str]:
        kind = (Attack, Commit) if step == "attack" else Fortify
        return {a.source for a in self.legal if isinstance(a, kind)}

    def why_not(self, key: str) -> tuple[str, dict[str, Any]] | None:
        """Why the turn key ``key`` (attack, blitz, end, trade, confirm, undo, cancel) does
        nothing now, as a text's key and fields; None if it does something."""
        return why_key(self, key)

    def plan_setup(self) -> list[Action]:
        """Let the plan finish the setup: what the bot would do for the rest of the claims,
        then the starting armies spread on the borders, played by themselves (and shown on
        the map, where picks change them). Returns the moves to send now."""
        if "plan" not in self.step().keys or self.game is None:
            self.hint = ("key_plan_setup_only", {})
            return []
        self.plan = SetupPlan.of_bot(self.game, self.seat)
        self.plan.confirmed = True
        return self.plan_moves()

    def plan_moves(self) -> list[Action]:
        """The moves a confirmed plan plays now (none when it has nothing to play)."""
        if self.plan is None or self.game is None:
            return []
        return self.plan.moves(self.game)

    def cancel(self) -> None:
        if self.plan is not None:
            self.plan = None
        elif self.target is not None:
            self.target = None
        else:
            self.source = None

    def undo(self) -> None:
        """Take back the last placement not yet confirmed (or the plan's last pick)."""
        if self.plan is not None:
            self.plan.take_back()
        elif self.staged:
            self.staged.pop()

    def change_amount(self, by: int) -> None:
        step = self.step()
        if step.amount is None or step.amount_range is None:
            self.hint = ("key_no_amount", {})
            return
        low, high = step.amount_range
        if step.name == "attack":
            self.dice = max(low, min(high, step.amount + by))
        else:
            self.amount = max(low, min(high, step.amount + by))

    def set_dice(self, dice: int) -> None:
        self.dice = dice

    def amount_to_edge(self, most: bool) -> None:
        """Set the amount (or the dice) to the fewest or to the most allowed."""
        step = self.step()
        if step.amount is None or step.amount_range is None:
            self.hint = ("key_no_amount", {})
            return
        value = step.amount_range[1] if most else step.amount_range[0]
        if step.name == "attack":
            self.dice = value
        else:
            self.amount = value

    def confirm(self) -> list[Action]:
        step = self.step()
        if "confirm" not in step.keys:
            return []
        if step.name == "place":
            merged: dict[str, int] = {}
            for territory, n in self.staged:
                merged[territory] = merged.get(territory, 0) + n
            self.staged.clear()
            return [Place(t, n) for t, n in merged.items()]
        if step.name == "move_in":
            return [MoveIn(step.amount or 0)]
        own = modeapps.play(self, step)
        if own is not None:
            return own
        if step.name == "defend":
            return [Defend(step.amount or 1)]
        if step.name == "fortify" and self.source and self.target:
            move = Fortify(self.source, self.target, step.amount or 1)
            self.source = self.target = None
            return [move]
        return []

    def openings(self) -> list[Action]:
        """The moves the modes send by themselves once the game asks for them (Capital
        rules: the sealed headquarters opened)."""
        return modeapps.opening(self)

    def attack(self, blitz: bool) -> list[Action]:
        step = self.step()
        if step.name != "attack" or self.source is None or self.target is None:
            return []
        mode = modeapps.attacker(self.game) if self.game is not None else None
        if mode is not None and mode.attack is not None:
            return mode.attack(self, step) or []
        return [Attack(self.source, self.target, step.amount or 1, 1 if blitz else None)]

    def trade(self, index: int = 0) -> list[Action]:
        trades = self.trades()
        return [trades[index][0]] if 0 <= index < len(trades) else []

    def end(self) -> list[Action]:
        """End the attacks (on to the fortification), or end the turn."""
        step = self.step()
        if "end" not in step.keys:
            return []
        if step.name == "move_in":
            # The armies move in as the step says, and the attacks end there: the territory
            # just taken, where the next attack would start, is where the manoeuvre starts
            # from, if it may (``load`` makes it the source).
            self.fortifying = True
            return self.confirm()
        self.source = self.target = None
        own = modeapps.end(self)  # (the active independents' offensive stopped)
        if own is not None:
            return own
        if step.name == "attack":
            self.fortifying = True
            if self.step().choices:
                return []
        self.source = self.target = None
        return [EndTurn()]


def _strength(action: Attack | Commit) -> int:
    """What the attack step's amount counts: dice, or (rulebook 004) the armies committed."""
    return action.dice if isinstance(action, Attack) else action.armies
