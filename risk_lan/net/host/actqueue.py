"""A seat's act as the game takes it in: held to the game's pace.

A move the game waits for from that seat is taken whenever it comes, as long as the seat has
no more than IN_FLIGHT acts waiting (a client sends one at a time, each once the one before
is made), so a player or a bot playing as fast as the host answers is never held back. Every
other act (one out of turn, a standing defence, one refused as malformed) spends the seat's
allowance (``allowance``). A seat over it is refused (``too_fast``) until it has waited."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import Any

from risk_lan.net.host.allowance import IN_FLIGHT
from risk_lan.net.host.seating import Seat
from risk_lan.rules import Action, Game, IllegalAction
from risk_lan.rules.actions import SetAutoDefend, action_from_wire

# (seat, action, its act's envelope, whether it was checked legal as it arrived)
Act = tuple[str, Action, dict[str, Any], bool]


class ActQueue(asyncio.Queue[Act]):
    """The acts waiting for the game loop, counted by seat."""

    def _init(self, maxsize: int) -> None:
        super()._init(maxsize)
        self.by_seat: Counter[str] = Counter()

    def _put(self, item: Act) -> None:
        super()._put(item)
        self.by_seat[item[0]] += 1

    def _get(self) -> Act:
        item = super()._get()
        self.by_seat[item[0]] -= 1
        return item


def check_act(game: Game, seat: str, action: Action) -> None:
    """The engine's check, and one of the host's own: a move must change something (a
    standing defence set to what it is already would be a move of nothing)."""
    game.check(seat, action)
    if isinstance(action, SetAutoDefend) and game.state.auto_defend.get(seat) == action.dice:
        raise IllegalAction("no_change", "your standing defence is already set to that")


def judged(
    s: Seat,
    data: Any,
    game: Game | None,
    by_bot: bool,
    acts: ActQueue,
    now: float,
    opened: Callable[[Action], Game] | None = None,
) -> tuple[Action, bool]:
    """The action of an act as it arrives, refused (``IllegalAction``) if it is not in its
    canonical form, if the seat has too many acts waiting or has spent its allowance (see
    above), or if it is sent out of turn and not legal as the game stands: a move sent out
    of turn is refused now, not held until the turn comes round. The game loop checks it
    again when its turn comes (an objective's claim out of turn is taken then, in order).
    Returns the action and whether it was checked legal as it arrived. ``opened`` gives
    the game to check it on, in a sealed game: with the cards it opens in their places."""
    try:
        action = action_from_wire(data)
    except IllegalAction:
        _spend(s, now)
        raise
    if acts.by_seat[s.id] >= IN_FLIGHT:
        raise IllegalAction("too_fast", "wait for the move you sent to be made first")
    if (
        game is not None
        and not by_bot
        and s.id == game.waiting_for()
        and not isinstance(action, SetAutoDefend)
    ):
        return action, False  # a move the game waits for: at the game's own pace
    _spend(s, now)
    if game is None:
        raise IllegalAction("not_started", "the game is still being set up")
    if by_bot:
        raise IllegalAction("taken_over", "a bot plays this seat until you take it back")
    check_act(opened(action) if opened is not None else game, s.id, action)
    return action, True


def refusal_when_taken(error: IllegalAction, checked_on_arrival: bool) -> IllegalAction:
    """The refusal of an act as the game loop takes it: an act legal as it arrived, which a
    move made meanwhile made illegal, is told so in its own words where the rules give them
    (``IllegalAction.moved_on``): the game changed, its sender asked for nothing false."""
    if checked_on_arrival and error.moved_on is not None:
        return error.moved_on
    return error


def _spend(s: Seat, now: float) -> None:
    if not s.acts.take(now):
        raise IllegalAction(
            "too_fast", "too many moves the game did not take, too fast: wait a moment"
        )
