"""The turn's keys on the game screen: each asks the turn (``player_turn.Turn``) for its
moves and sends them, and a key that does nothing says why (``Turn.hint``). The game screen
holds one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rich.text import Text
from textual import _time

from risk_lan.rules import Action, Capitulate, Game, SetAutoDefend, TradeCards
from risk_lan.tui.screens.star_trade_screen import StarTradeScreen
from risk_lan.tui.table.game_app import GameApp
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.turnlogic import modeapps
from risk_lan.tui.turnlogic.key_intents import (
    CLOSED_KEYS,
    TURN_ACTIONS,
    WATCHING_KEYS,
    turn_action_open,
)
from risk_lan.tui.turnlogic.player_turn import Turn
from risk_lan.tui.turnlogic.turn_hints import why_watching
from risk_lan.tui.widgets.keys_line import key_label


def key_clock() -> float:
    """Now, on the clock Textual stamps each key press with (a key's ``time``): Textual's
    own, which is not the same clock on every system."""
    return _time.get_time()


class KeyedScreen(Protocol):
    """What the turn's keys need of the game screen."""

    seat: str
    lang: str
    turn: Turn
    answered: bool  # moves sent since the last view
    stopped: bool
    taken_over: bool
    expelled: dict[str, str]
    connected: bool  # the client reaches the host

    @property
    def game_app(self) -> GameApp: ...

    def send(self, actions: list[Action]) -> None: ...

    def redraw(self) -> None: ...

    def write_log(self, text: Text) -> None: ...

    def has_class(self, *class_names: str) -> bool: ...

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None: ...


def _star_trade(screen: KeyedScreen, game: Game, send: Callable[[list[Action]], None]) -> None:
    """Rulebook 004: the player picks the cards; the screen shows what they give."""

    def chosen(trade: TradeCards | None) -> None:
        send([trade] if trade is not None else [])

    screen.game_app.push_screen(StarTradeScreen(game, screen.seat, screen.lang), chosen)


# The screens a mode's trade key opens, by the name its unit gives them.
TRADE_SCREENS: dict[str, Callable[[KeyedScreen, Game, Callable[[list[Action]], None]], None]] = {
    "star_trade": _star_trade,
}


class TurnKeys:
    """The turn's keys of one game screen; ``keys`` maps each key to its turn actions."""

    def __init__(self, screen: KeyedScreen, keys: dict[str, list[str]]) -> None:
        self.screen = screen
        self.keys = keys
        # When a view from the host last changed the step shown (on key_clock): a turn key
        # pressed before then was meant for the step before, which the player saw.
        self.step_changed_at = float("-inf")

    def view_loaded(self, before: tuple[str, frozenset[str]]) -> None:
        """A view from the host was loaded over the step ``before`` (its name and keys)."""
        step = self.turn.step()
        if (step.name, step.keys) != before:
            self.step_changed_at = key_clock()

    def typed_ahead(self, key: str, pressed: float) -> bool:
        """Whether ``key``, pressed at ``pressed``, is a turn key typed ahead of the step now
        shown (a bot's attack came in between, say): it is dropped, and the Now panel says
        so, rather than act on a step the player had not seen."""
        screen = self.screen
        # A key that plays nothing now anyway (a bot plays the seat, say) says why instead.
        locked = screen.stopped or screen.taken_over or screen.seat in screen.expelled
        if locked or self.turn.watching:
            return False
        if key not in self.keys or pressed >= self.step_changed_at:
            return False
        self.turn.hint = ("key_typed_ahead", {"pressed": key_label(key, self.screen.lang)})
        return True

    @property
    def turn(self) -> Turn:
        return self.screen.turn

    def send(self, actions: list[Action]) -> None:
        self.screen.send(actions)

    def redraw(self) -> None:
        self.screen.redraw()

    def locked(self) -> bool:
        """Whether turn actions are closed now; if so, the log (or, to a spectator, the Now
        panel) says why."""
        screen = self.screen
        key = "stopped_refused" if screen.stopped else "taken_refused" if screen.taken_over else ""
        if screen.seat in screen.expelled:
            key = "key_expelled"  # not stopped for the others, and no bot to take it back from
        if key:
            screen.write_log(Text(f"✗ {say(screen.lang, key)}", style="bold red"))
        elif self.turn.watching:
            self.turn.hint = (why_watching(self.turn), {})
            self.redraw()
            return True
        return bool(key)

    def offline(self) -> bool:
        """Whether the host is out of reach, so that a key that would send a move sends
        nothing and keeps what the player staged; if so, the log says why."""
        if self.screen.connected:
            return False
        refused = say(self.screen.lang, "host_gone_refused")
        self.screen.write_log(Text(f"✗ {refused}", style="bold red"))
        self.redraw()
        return True

    def open(self, action: str) -> bool | None:
        """Whether the binding of the turn action ``action`` runs now (None: greyed out)."""
        screen = self.screen
        compact = screen.has_class("-compact")  # only the keys that act: the footer is short
        return turn_action_open(self.turn, action, screen.stopped, screen.taken_over, compact)

    def say_why(self, key: str) -> bool:
        """A key whose binding does not run now (greyed out, or hidden) says why in the Now
        panel; False if the key runs."""
        screen = self.screen
        # The key's binding that counts now: the first one not hidden (F3, F4 and F8 have one
        # for rulebook 004's «risques calculés» and one for the other rules).
        bound = self.keys.get(key, [])
        action = next((a for a in bound if screen.check_action(a, ()) is not False), None)
        if action is None and bound:
            action = bound[0]  # all hidden: the key's first meaning says why
        closed = CLOSED_KEYS.get(key)
        if self.turn.watching and (action is not None or key in WATCHING_KEYS):
            self.turn.hint = (why_watching(self.turn), {})
        elif self.turn.step().name == "over" and (action is not None or key in WATCHING_KEYS):
            self.turn.hint = ("pick_over", {})  # F7's standing defence too: nothing to defend
        elif action is not None and not screen.check_action(action, ()):
            self.turn.hint = self.turn.why_not(TURN_ACTIONS[action])
        elif closed is not None and not screen.check_action(closed[0], closed[1]):
            gone = closed[0] == "reclaim" and screen.seat in screen.expelled
            self.turn.hint = ("key_expelled" if gone else closed[2], {})
            if gone:  # said in the log too: the Now panel may have no game to show
                screen.write_log(Text(f"✗ {say(screen.lang, 'key_expelled')}"))
        else:
            return False
        return True

    def attack_once(self) -> None:
        if not self.locked() and not self.offline():
            self.turn.hint = None
            self.send(self.turn.attack(blitz=False))

    def blitz(self) -> None:
        if not self.locked() and not self.offline():
            self.turn.hint = None
            self.send(self.turn.attack(blitz=True))

    def end(self) -> None:
        if not self.locked() and not self.offline():
            self.turn.hint = None
            self.send(self.turn.end())

    def trade(self) -> None:
        if self.locked() or self.offline():
            return
        self.turn.hint = None
        game = self.turn.game
        opened = modeapps.trade_screen(game) if game is not None else None
        if game is not None and opened is not None:
            TRADE_SCREENS[opened](self.screen, game, self.send)
            return
        self.send(self.turn.trade())

    def confirm(self) -> None:
        if self.locked() or self.offline():
            return
        self.turn.hint = None
        kept = dict(self.turn.kept)
        self.send(self.turn.confirm())
        for name, value in self.turn.kept.items():
            if kept.get(name) != value:
                # Kept with the seat (a seal's nonce): an app that comes back still opens it.
                self.screen.game_app.keep_secret(name, value)

    def auto_defend(self) -> None:
        """Switch the standing defence: always the most dice, or being asked each time."""
        game = self.turn.game
        if self.locked() or self.offline() or game is None or self.screen.answered:
            return  # the switch shown is the one before the move on its way: wait for it
        standing = game.state.auto_defend.get(self.screen.seat)
        most = game.rules.defender_max_dice
        moves: list[Action] = [SetAutoDefend(None if standing else most)]
        if not standing and self.turn.step().name == "defend":
            # The standing answer is for attacks to come; this one is answered the same way.
            self.turn.amount = None
            moves += self.turn.confirm()
        self.send(moves)

    def lay(self) -> None:
        """Rulebook 004: lay the territory's card for +2, or not (a switch, shown in Now)."""
        if not self.locked():
            self.turn.hint = None
            self.turn.lay = not self.turn.lay
            self.redraw()

    def support(self) -> None:
        """«Risques calculés et soutien»: send the support, or not."""
        if not self.locked():
            self.turn.hint = None
            self.turn.support = not self.turn.support
            self.redraw()

    def capitulate(self) -> None:
        if not self.locked() and not self.offline():
            self.turn.hint = None
            self.send([Capitulate()] if "capitulate" in self.turn.step().keys else [])

    def plan_setup(self) -> None:
        if self.locked():
            return
        self.turn.hint = None
        self.send(self.turn.plan_setup())

    def undo(self) -> None:
        if self.locked():
            return
        self.turn.hint = None
        self.turn.undo()
        self.redraw()

    def cancel(self) -> None:
        if self.locked():
            return
        self.turn.hint = None
        self.turn.cancel()
        self.redraw()

    def amount(self, by: int) -> None:
        if self.locked():
            return
        self.turn.hint = None
        self.turn.change_amount(by)
        self.redraw()

    def amount_edge(self, most: int) -> None:
        if self.locked():
            return
        self.turn.hint = None
        self.turn.amount_to_edge(bool(most))
        self.redraw()

    def dice(self, dice: int) -> None:
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
