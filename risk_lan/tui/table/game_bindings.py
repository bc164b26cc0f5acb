"""The game screen's key bindings, each with an id that names it in tests and the palette
(a mode's own keys bound from the modes' registry, each under the id its unit gives it);
and, from them, the keys of the turn actions (a key pressed whose action is greyed out says
why)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.binding import Binding, BindingType

from risk_lan.tui.turnlogic import modeapps
from risk_lan.tui.turnlogic.key_intents import turn_keys

GAME_BINDINGS: list[BindingType] = [
    Binding("f2", "attack_once", "Attack", id="turn.attack"),
    Binding("f3", "blitz", "Blitz", id="turn.blitz"),
    Binding("f4", "end", "End", id="turn.end"),
    Binding("f5", "trade", "Trade", id="turn.trade"),
    Binding("f6", "confirm", "Confirm", id="turn.confirm"),
    Binding("backspace", "undo", "Undo", id="turn.undo"),
    Binding("f7", "auto_defend", "Defence", id="turn.auto_defend"),
    Binding("f8", "plan_setup", "Plan setup", id="turn.plan"),
    # Rulebook 004's «risques calculés» has no blitz, no setup plan and, while answering, no
    # end of attacks: their keys lay a card, send support, capitulate (each binding of a
    # key is shown and runs only where its rules are played).
    Binding("f3", "lay", "Lay card", id="turn.lay"),
    Binding("f8", "support", "Support", id="turn.support"),
    Binding("f4", "capitulate", "Capitulate", id="turn.capitulate"),
    Binding("escape", "cancel", "Cancel", show=False, id="turn.cancel"),
    Binding("plus,equals_sign", "amount(1)", "+1", show=False, id="turn.more"),
    Binding("minus", "amount(-1)", "-1", show=False, id="turn.less"),
    Binding("home", "amount_edge(0)", "Fewest", show=False, id="turn.fewest"),
    Binding("end", "amount_edge(1)", "Most", show=False, id="turn.most"),
    Binding("tab", "chat", "Chat", id="game.chat"),
    Binding("ctrl+l", "show_log", "Log", show=False, id="game.log"),  # the whole log
    # The others' moves at a pace (named with the pace it sets now), and, while some are held,
    # the key that skips to the present.
    Binding("ctrl+t", "pace", "Pace", id="game.pace"),
    Binding("space", "show_held", "Skip to now", id="game.show_held"),
    Binding("f9", "reclaim", "Take my seat back", id="game.reclaim"),
    Binding("f10", "pause_clock", "Clock", id="game.pause"),  # the host's player's
    # The command that takes the game up again (to a joined player: who alone can).
    Binding("ctrl+o", "resume_command", "Resume command", show=False, id="game.resume"),
    # The modes' keys that open their screens (Risk Mission's Ctrl+K, the active
    # independents' Ctrl+G), all through the one action that asks the mode.
    *(
        Binding(opened.key, f"mode_key({key!r})", opened.label["en"], id=key)
        for key, (_, opened) in modeapps.MODE_KEYS.items()
    ),
    Binding("1", "dice(1)", show=False, id="turn.dice1"),
    Binding("2", "dice(2)", show=False, id="turn.dice2"),
    Binding("3", "dice(3)", show=False, id="turn.dice3"),
]

# The keys of the turn actions, each to its actions.
TURN_KEYS = turn_keys((b.key, b.action) for b in GAME_BINDINGS if isinstance(b, Binding))


def change_binding(node: Any, binding_id: str, **changes: Any) -> None:
    """Change ``node``'s binding ``binding_id`` in its own copy of its bindings: its name in
    the footer (a name that says a setting, the pace Ctrl+T sets), or whether the footer
    shows it (the key works either way)."""
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [replace(b, **changes) if b.id == binding_id else b for b in bindings]
