"""What the game screen's keys mean for the turn, without any drawing: the step under which
each turn action is offered, the table's keys hidden when they cannot be used, and whether a
turn action's binding is open now, greyed out, or hidden."""

from __future__ import annotations

from collections.abc import Iterable

from risk_lan.tui.turnlogic import modeapps
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

# The table's keys that are hidden when they cannot be used: each with its action, the
# action's parameters and why, when pressed (the modes' keys as their units say).
CLOSED_KEYS: dict[str, tuple[str, tuple[object, ...], str]] = {
    "f9": ("reclaim", (), "key_no_reclaim"),
    "f10": ("pause_clock", (), "key_no_clock"),
    "space": ("show_held", (), "key_nothing_held"),  # nothing held at the player's pace
    **{
        opened.key: ("mode_key", (key,), opened.closed)
        for key, (_, opened) in modeapps.MODE_KEYS.items()
    },
}

# Keys that, to a spectator, say why it plays nothing although no turn action is theirs.
WATCHING_KEYS = ("f7", *(opened.key for _, opened in modeapps.MODE_KEYS.values()))


def turn_keys(bindings: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """Each key of a turn action to its actions, from the bindings' (keys, action) pairs: a
    key pressed whose action is greyed out says why."""
    keys: dict[str, list[str]] = {}
    for key_list, action in bindings:
        if action in TURN_ACTIONS:
            for key in key_list.split(","):
                keys.setdefault(key, []).append(action)
    return keys


def _out_of_turns(turn: Turn) -> bool:
    """Whether no turn is played now: before the first one (the claims, the starting armies,
    a mode's own setup) or after the end. There, a turn action the step does not offer has
    nothing it could ever do, so the footer does not offer it, greyed or not."""
    game = turn.game
    return game is not None and (game.state.turn == 0 or game.state.phase == "over")


def turn_action_open(
    turn: Turn, action: str, stopped: bool, taken_over: bool, compact: bool = False
) -> bool | None:
    """Whether the binding of ``action`` runs now (True), is greyed out (None: pressed, it
    says why) or hidden (False); True for an action that is not the turn's. In the compact
    layout a key is hidden rather than greyed out: the footer has room for the keys that
    act, not for all of them."""
    if (turn.watching or turn.step().name == "over") and (
        action in TURN_ACTIONS or action == "auto_defend"
    ):
        return False  # hidden: nothing to play (a key pressed says why)
    needed = TURN_ACTIONS.get(action)
    if needed is None:
        return True
    offered = needed in turn.step().keys
    if action == "plan_setup":
        return offered and not stopped  # shown during the setup only (False: hidden)
    decided = modeapps.key_open(turn, action, offered)  # a mode's own keys, and those it takes
    if decided is not None:
        return decided[0]
    if not offered and _out_of_turns(turn):
        return False  # hidden: no turn is played now (a key pressed says why)
    if stopped or taken_over:
        return True  # open, to say why nothing is played
    if offered:
        return True
    return False if compact else None  # None: shown greyed out
