"""The modes of play the app knows, registered here once: one line per mode, whose steps,
keys and words live in its own modules (see ``modeapp.ModeApp``). The shared turn code asks
these, never a mode by name.

The order is the order in which they are asked: the first mode with words for a step says it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from risk_lan.rules import Game, GameState, ruleset
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.texts.mode_texts import PLAIN_TITLES_FR
from risk_lan.tui.turnlogic import (
    ally_lines,
    capital_lines,
    independents_lines,
    mission_lines,
    objective_lines,
    revised_lines,
    star_cards,
)
from risk_lan.tui.turnlogic.modeapp import ModeApp, ModeKey, ModeSecret, Namer, PickWhy, Why

if TYPE_CHECKING:
    from risk_lan.rules import Action
    from risk_lan.tui.turnlogic.player_turn import Turn
    from risk_lan.tui.turnlogic.turn_step import Step

MODE_APPS: tuple[ModeApp, ...] = (
    ally_lines.APP,
    independents_lines.APP,
    mission_lines.APP,
    objective_lines.APP,
    capital_lines.APP,
    revised_lines.APP,
    star_cards.APP,
)

# The game screen's keys that open a mode's screen, by binding id, with the mode they belong to.
MODE_KEYS: dict[str, tuple[ModeApp, ModeKey]] = {
    key: (mode, opened) for mode in MODE_APPS for key, opened in mode.keys.items()
}

# The presets' titles in each language that the modes bring, by preset.
TITLES: dict[str, dict[str, str]] = {
    preset: dict(by_lang) for mode in MODE_APPS for preset, by_lang in mode.titles.items()
}


def playing(game: Game | None) -> tuple[ModeApp, ...]:
    """The modes ``game`` plays, in registry order."""
    if game is None:
        return ()
    return tuple(m for m in MODE_APPS if m.applies(game.rules))


def own_step(turn: Turn, phase: str) -> Step | None:
    """The step a mode in play offers at ``phase``, where it plays its own way."""
    for mode in playing(turn.game):
        step = mode.own_step(turn, phase) if mode.own_step else None
        if step is not None:
            return step
    return None


def step_keys(turn: Turn, step: Step) -> frozenset[str]:
    """The turn keys the modes in play add to the shared ``step`` (none, mostly)."""
    keys: frozenset[str] = frozenset()
    for mode in playing(turn.game):
        if mode.step_keys is not None:
            keys |= mode.step_keys(turn, step)
    return keys


def play(turn: Turn, step: Step) -> list[Action] | None:
    """The moves that confirm ``step`` where a mode in play plays it its own way."""
    for mode in playing(turn.game):
        moves = mode.play(turn, step) if mode.play else None
        if moves is not None:
            return moves
    return None


def pick(turn: Turn, step: Step, territory: str) -> list[Action] | None:
    """The moves a pick makes at ``step`` where a mode in play plays it its own way."""
    for mode in playing(turn.game):
        moves = mode.pick(turn, step, territory) if mode.pick else None
        if moves is not None:
            return moves
    return None


def opening(turn: Turn) -> list[Action]:
    """The moves the modes in play send by themselves now that the view asks for them."""
    return [a for m in playing(turn.game) if m.opening is not None for a in m.opening(turn)]


def steer(turn: Turn) -> bool:
    """Let the modes in play set the source and target after a view; whether one holds them."""
    held = False
    for mode in playing(turn.game):
        held = (mode.steer(turn) if mode.steer else False) or held
    return held


def end(turn: Turn) -> list[Action] | None:
    """The moves the end key makes where a mode in play ends its own way."""
    for mode in playing(turn.game):
        moves = mode.end(turn) if mode.end else None
        if moves is not None:
            return moves
    return None


def standing(game: Game, neutral: str, seat: str, names: dict[str, str], lang: str) -> str:
    """Where ``neutral`` stands as seen from ``seat``, by the first mode in play that says;
    "" for nothing to say."""
    for mode in playing(game):
        where = mode.standing(game.state, neutral, seat, names, lang) if mode.standing else ""
        if where:
            return where
    return ""


def attacker(game: Game) -> ModeApp | None:
    """The mode in play that attacks its own way (None: the plain attack and blitz)."""
    return next((m for m in playing(game) if m.attack is not None), None)


def now_line(turn: Turn, step: Step, names: dict[str, str], lang: str, name: Namer) -> str | None:
    """The first of the modes in play's words for ``step``; None: the usual words."""
    for mode in playing(turn.game):
        line = mode.now_line(turn, step, names, lang, name) if mode.now_line else None
        if line is not None:
            return line
    return None


def won_how(game: Game | None, winner: str, names: dict[str, str], lang: str) -> str | None:
    """How ``winner`` won, in the words of the first mode in play that says so."""
    for mode in playing(game):
        line = mode.won_how(game, winner, names, lang) if game and mode.won_how else None
        if line is not None:
            return line
    return None


def notes(turn: Turn, step: Step, lang: str, name: Namer) -> str:
    """The lines every mode puts under the Now panel's sentence, one under the other."""
    found = [m.notes(turn, step, lang, name) for m in MODE_APPS if m.notes is not None]
    return "\n".join(n for n in found if n)


def pick_hint(turn: Turn, step: Step) -> str | None:
    """Why a pick does nothing at a step a mode in play plays its own way (a text's key)."""
    for mode in playing(turn.game):
        why = mode.pick_hint(turn, step) if mode.pick_hint else None
        if why is not None:
            return why
    return None


def pick_why(turn: Turn, step: Step, territory: str) -> PickWhy | None:
    """Why picking ``territory`` does nothing, by the first mode in play that says so before
    any other reason (a text's key and its fields)."""
    for mode in playing(turn.game):
        why = mode.pick_why(turn, step, territory) if mode.pick_why else None
        if why is not None:
            return why
    return None


def neutral_name(s: GameState, neutral: str, lang: str) -> str:
    """ "neutral army", "the ally", "independent 2": as the log names them (the kind is the
    mode's, ``ModeApp.neutral_kind``)."""
    kinds = [m.neutral_kind for m in MODE_APPS if m.neutral_kind and m.applies(s.rules)]
    kind = say(lang, kinds[0] if kinds else "neutral")
    if len(s.neutrals) == 1:
        return kind
    return f"{kind} {s.neutrals.index(neutral) + 1}"


def waiting(turn: Turn) -> str | None:
    """Why the player waits in its own turn, by the first mode in play that says so."""
    for mode in playing(turn.game):
        why = mode.waiting(turn) if mode.waiting else None
        if why is not None:
            return why
    return None


def step_why(turn: Turn, step: Step) -> Why | None:
    """Why a turn key does nothing at a step a mode in play plays its own way."""
    for mode in playing(turn.game):
        why = mode.step_why(turn, step) if mode.step_why else None
        if why is not None:
            return why
    return None


def key_hint(turn: Turn, step: Step, key: str) -> Why | None:
    """Why a mode's key does nothing now: a key of the mode's own in any game, or one it
    answers for while in play; None when no mode has a word for it."""
    live = playing(turn.game)
    for mode in MODE_APPS:
        asked = key in mode.turn_keys or (mode in live and key in mode.answers)
        why = mode.key_hint(turn, step, key) if asked and mode.key_hint else None
        if why is not None:
            return why
    return None


def key_open(turn: Turn, action: str, offered: bool) -> tuple[bool | None] | None:
    """Whether a mode decides if the binding of ``action`` runs: a key of a mode not in play
    is hidden, a key a mode in play answers for is its to open. The answer in a one-tuple;
    None when no mode decides."""
    live = playing(turn.game)
    for mode in MODE_APPS:
        if action in mode.turn_keys and mode not in live:
            return (False,)
        if mode in live and action in mode.answers and mode.key_open is not None:
            return (mode.key_open(turn, action, offered),)
    return None


def auto_key(game: Game) -> str:
    """The text that tells of a standing automatic defence in ``game``."""
    for mode in playing(game):
        if mode.auto_key is not None:
            return mode.auto_key
    return "auto_on"


def card_line(game: Game) -> Callable[[Game, str, str, str], str] | None:
    """How a mode in play shows a card of the hand in a line (None: the usual way)."""
    return next((m.card_line for m in playing(game) if m.card_line is not None), None)


def trade_screen(game: Game) -> str | None:
    """The name of the screen the trade key opens in ``game`` (None: it trades at once)."""
    return next((m.trade_screen for m in playing(game) if m.trade_screen is not None), None)


def key_opens(key: str, game: Game | None, seat: str) -> str | None:
    """The name of the screen a mode's key (by its binding id) opens for ``seat`` now; None:
    it opens none."""
    found = MODE_KEYS.get(key)
    if found is None or game is None:
        return None
    mode, opened = found
    if not mode.applies(game.rules) or not opened.opens(game, seat):
        return None
    return opened.screen


def key_names(lang: str) -> dict[str, str]:
    """The modes' keys' labels in ``lang``, by binding id (for the footer)."""
    return {
        key: opened.label[lang] for key, (_, opened) in MODE_KEYS.items() if lang in opened.label
    }


def secret(game: Game) -> ModeSecret | None:
    """The secret of the mode in play that ``game`` holds, for the secret panel (None: the
    game has no secret to show)."""
    return next((m.secret for m in playing(game) if m.secret and m.secret.held(game)), None)


def mode_title(mode: str, lang: str = "en") -> str:
    """The rule set's title in ``lang``, as the lobby, the seats screen and the saved games
    show it: the title its mode brings, or a plain preset's; a rule set this app does not
    know (a newer host's) by its name, which is all there is."""
    title = TITLES.get(mode, {}).get(lang) or (PLAIN_TITLES_FR.get(mode) if lang == "fr" else None)
    if title:
        return title
    try:
        return ruleset(mode).title or mode
    except ValueError:
        return mode
