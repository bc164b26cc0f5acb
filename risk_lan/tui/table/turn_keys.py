"""The turn's keys on the game screen: each asks the turn (``turn.Turn``) for its moves and
sends them, and a key that does nothing says why (``Turn.hint``). Part of ``GameScreen``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from risk_lan.rules import Action, Capitulate, SetAutoDefend, TradeCards
from risk_lan.tui.screens.star_trade_screen import StarTradeScreen
from risk_lan.tui.turnlogic.player_turn import Turn

# The step names under which each turn action is offered (the rest are greyed out).
TURN_ACTIONS = {
    "attack_once": "attack",
    "blitz": "blitz",
    "end": "end",
    "trade": "trade",
    "confirm": "confirm",
    "undo": "undo",
    "cancel": "cancel",
    "plan_setup": "plan",
    "lay": "lay",
    "support": "support",
    "capitulate": "capitulate",
}


class TurnKeys:
    # GameScreen's (annotations only).
    turn: Turn
    seat: str
    lang: str
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
        if self.locked():
            return
        self.turn.hint = None
        game = self.turn.game
        if game is not None and game.rules.trade_values == "stars":
            # Seed 004: the player picks the cards; the screen shows what they give.
            def chosen(trade: TradeCards | None) -> None:
                self.send([trade] if trade is not None else [])

            self.app.push_screen(StarTradeScreen(game, self.seat, self.lang), chosen)
            return
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

    def action_lay(self) -> None:
        """Seed 004: lay the territory's card for +2, or not (a switch, shown in Now)."""
        if not self.locked():
            self.turn.hint = None
            self.turn.lay = not self.turn.lay
            self.redraw()

    def action_support(self) -> None:
        """«Risques calculés et soutien»: send the support, or not."""
        if not self.locked():
            self.turn.hint = None
            self.turn.support = not self.turn.support
            self.redraw()

    def action_capitulate(self) -> None:
        if not self.locked():
            self.turn.hint = None
            self.send([Capitulate()] if "capitulate" in self.turn.step().keys else [])

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

    def shared_key(self, action: str, offered: bool) -> bool | None:
        """The keys F3, F4 and F8 under seed 004's «risques calculés»: lay a card rather than
        blitz, capitulate (while answering) rather than end, send support rather than plan
        the setup (False: this binding of the key is hidden, the other one counts)."""
        step = self.turn.step().name
        game = self.turn.game
        if action == "blitz":
            return False
        if action == "end":
            return False if step == "defend" else (True if offered else None)
        if action == "capitulate":
            return (True if offered else None) if step == "defend" else False
        if action == "support" and (
            step in ("setup", "claim") or not game or not game.rules.support
        ):
            return False
        return True if offered else None
