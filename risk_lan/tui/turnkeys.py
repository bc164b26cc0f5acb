"""The turn's keys on the game screen: each asks the turn (``turn.Turn``) for its moves and
sends them, and a key that does nothing says why (``Turn.hint``). Part of ``GameScreen``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from risk_lan.rules import Action, SetAutoDefend
from risk_lan.tui.turn import Turn


class TurnKeys:
    # GameScreen's (annotations only).
    turn: Turn
    seat: str
    answered: bool
    app: Any

    if TYPE_CHECKING:

        def locked(self) -> bool: ...

        def send(self, actions: list[Action]) -> None: ...

        def redraw(self) -> None: ...

    def action_attack_once(self) -> None:
        if not self.locked():
            self.turn.hint = None
            self.send(self.turn.attack(blitz=False))

    def action_blitz(self) -> None:
        if not self.locked():
            self.turn.hint = None
            self.send(self.turn.attack(blitz=True))

    def action_end(self) -> None:
        if not self.locked():
            self.turn.hint = None
            self.send(self.turn.end())

    def action_trade(self) -> None:
        if not self.locked():
            self.turn.hint = None
            self.send(self.turn.trade())

    def action_confirm(self) -> None:
        if self.locked():
            return
        self.turn.hint = None
        sealed = self.turn.capital
        self.send(self.turn.confirm())
        if self.turn.capital != sealed and self.turn.capital is not None:
            # The seal's nonce is kept with the seat: an app that comes back still opens it.
            self.app.keep_secret("capital", list(self.turn.capital))

    def action_auto_defend(self) -> None:
        """Switch the standing defence: always the most dice, or being asked each time."""
        game = self.turn.game
        if self.locked() or game is None or self.answered:
            return  # the switch shown is the one before the move on its way: wait for it
        standing = game.state.auto_defend.get(self.seat)
        most = game.rules.defender_max_dice
        moves: list[Action] = [SetAutoDefend(None if standing else most)]
        if not standing and self.turn.step().name == "defend":
            # The standing answer is for attacks to come; this one is answered the same way.
            self.turn.amount = None
            moves += self.turn.confirm()
        self.send(moves)

    def action_plan_setup(self) -> None:
        if self.locked():
            return
        self.turn.hint = None
        self.turn.plan_setup()
        self.redraw()

    def action_undo(self) -> None:
        if self.locked():
            return
        self.turn.hint = None
        self.turn.undo()
        self.redraw()

    def action_cancel(self) -> None:
        if self.locked():
            return
        self.turn.hint = None
        self.turn.cancel()
        self.redraw()

    def action_amount(self, by: int) -> None:
        if self.locked():
            return
        self.turn.hint = None
        self.turn.change_amount(by)
        self.redraw()

    def action_amount_edge(self, most: int) -> None:
        if self.locked():
            return
        self.turn.hint = None
        self.turn.amount_to_edge(bool(most))
        self.redraw()

    def action_dice(self, dice: int) -> None:
        if self.locked():
            return
        self.turn.hint = None
        step = self.turn.step()
        if step.name not in ("attack", "defend") or step.amount_range is None:
            self.turn.hint = ("key_no_amount", {})
        elif dice > step.amount_range[1]:
            self.turn.hint = ("key_too_many_dice", {"dice": dice, "most": step.amount_range[1]})
        elif step.name == "defend":
            self.turn.amount = dice  # the defence's dice, confirmed with F6
        else:
            self.turn.set_dice(dice)
        self.redraw()
