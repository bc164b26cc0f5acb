"""What a mode of play gives the app: :class:`ModeApp`, one per mode, defined in the mode's
own module next to its lines and listed once in ``modeapps.py`` (the engine's side is
``rules/modeunit.py``).

A mode is data, not a subclass: its name, when it is in play, and the hooks the shared turn
code asks. Hooks a mode does not need stay None. No Textual here: a key that opens a screen
names it, and the screen layer maps the name to the screen (``table/mode_keys.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.text import Text

from risk_lan.rules import Game, GameState, RuleSet
from risk_lan.wording import PlaceName

if TYPE_CHECKING:
    from risk_lan.rules import Action
    from risk_lan.tui.turnlogic.player_turn import Turn
    from risk_lan.tui.turnlogic.turn_step import Step

Namer = Callable[[str | None], PlaceName]  # a territory's name, "?" for none
Why = tuple[str, dict[str, str]]  # a text's key and its fields
PickWhy = tuple[str, dict[str, str | None]]  # the same, with the source picked (if any)
NowLine = Callable[["Turn", "Step", dict[str, str], str, Namer], str | None]
Notes = Callable[["Turn", "Step", str, Namer], str]
PickHint = Callable[["Turn", "Step"], str | None]
KeyHint = Callable[["Turn", "Step", str], Why | None]
KeyOpen = Callable[["Turn", str, bool], bool | None]
OwnStep = Callable[["Turn", str], "Step | None"]
Moves = Callable[["Turn", "Step"], "list[Action] | None"]


@dataclass(frozen=True, slots=True)
class ModeKey:
    """A key of the mode's own that opens a screen: the key (Textual's name of it), its label
    in the footer by language, the screen's name (which the screen layer maps to the
    screen), whether it opens for ``seat`` now in a game the mode plays, and the text that
    says why it does nothing when pressed where it does not (hidden, out of the mode).
    The screen layer binds it under the id the mode gives it (``ModeApp.keys``)."""

    key: str
    label: Mapping[str, str]
    screen: str
    opens: Callable[[Game, str], bool]
    closed: str


@dataclass(frozen=True, slots=True)
class ModeSecret:
    """What the mode keeps secret for each seat, in the secret panel: whether the game has
    such secrets at all (the panel shows only then), and the panel's lines for ``seat``
    (a spectator's included)."""

    held: Callable[[Game], bool]
    lines: Callable[[Game, str, dict[str, str], str], Text]


@dataclass(frozen=True, slots=True)
class ModeApp:
    """One mode's part in the app.

    ``applies``: whether a game under these rules plays the mode.
    ``own_step``: the step the mode offers at a phase it plays its own way (None elsewhere);
    ``play``: the moves that confirm such a step, or a shared step the mode added the confirm
    key to (``step_keys``) (None: the usual ones).
    ``attack_keys``: the keys of an attack once its target is picked, when the mode attacks
    its own way; ``attack``: the moves of that attack.
    ``now_line``: the Now panel's sentence for the mode's own steps (None: the usual words
    are true as they are); asked in registry order while the mode is in play, the first
    answer wins.
    ``notes``: lines under the Now panel's sentence; asked in every game, since each note
    checks the rule it tells of ("" for none).
    ``pick``: the moves a pick on the map makes at a step the mode plays its own way (None:
    the usual pick); ``opening``: the moves the app sends by itself once the view asks for
    them (a sealed headquarters opened when the game asks); both may keep what only the
    seat knows in ``Turn.kept``, which the app keeps with the seat.
    ``steer``: the mode's say over the chosen source and target once a view is taken in
    (the active independents' offensive, attacked on until it stops); True while it holds
    them, so that a conquest does not move the source on.
    ``end``: the moves the end key makes where the mode ends its own way (None: the usual
    end of the attacks or the turn).
    ``pick_hint``: why picking a territory does nothing at a step the mode plays its own way;
    ``neutral_kind``: the text that names the neutral forces under the mode ("the ally",
    "independent"; numbered when there are several).
    ``waiting``: why the player waits in its own turn, where the mode has another act in
    it (a text's key; None: it does not now).
    ``step_why``: why a turn key does nothing at a step the mode plays its own way (None:
    not such a step).
    ``pick_why``: why picking this territory does nothing, asked before any other reason
    (a text's key and fields; the offensive's one target, the ally's armies only).
    ``step_keys``: the turn keys a mode adds to a shared step, where it has a move of its own
    for them then (the active independents' F6, an ally's die while the attacks are to
    come); ``play`` makes their moves.
    ``turn_keys``: the turn keys only this mode offers (hidden in games without it);
    ``key_open``: whether a turn key the mode answers for (``answers``) runs now (True), is
    greyed out (None) or hidden (False), while the mode is in play;
    ``key_hint``: why such a key does nothing now (asked of the mode's own keys in every
    game, and of those it answers for while in play).
    ``standing``: where a neutral army stands, as seen from a seat, in the players panel
    (state, neutral, seat, names, language; "" for nothing to say).
    ``card_line``: a card of the hand panel in a line, where the mode shows cards its own way;
    ``trade_screen``: the name of the screen the trade key opens to pick the cards (None:
    the first trade offered is made).
    ``auto_key``: the text that tells of the standing automatic defence under the mode.
    ``keys``: the game screen's keys that open the mode's own screens, by binding id.
    ``secret``: the mode's secret for each seat, shown in the secret panel.
    ``titles``: the titles of the presets the mode brings, by preset and language (the
    plain presets of no mode are titled in ``texts/mode_texts.py``).
    ``texts``: the mode's catalogue of words, in English and French.
    ``won_how``: the game-over screen's line on how the winner won under the mode (game,
    winner, names, language; None: nothing to add).
    """

    name: str
    applies: Callable[[RuleSet], bool]
    own_step: OwnStep | None = None
    play: Moves | None = None
    attack_keys: Callable[[Turn], set[str]] | None = None
    attack: Moves | None = None
    now_line: NowLine | None = None
    notes: Notes | None = None
    pick: Callable[[Turn, Step, str], list[Action] | None] | None = None
    opening: Callable[[Turn], list[Action]] | None = None
    steer: Callable[[Turn], bool] | None = None
    end: Callable[[Turn], list[Action] | None] | None = None
    pick_hint: PickHint | None = None
    pick_why: Callable[[Turn, Step, str], PickWhy | None] | None = None
    waiting: Callable[[Turn], str | None] | None = None
    neutral_kind: str | None = None
    turn_keys: frozenset[str] = frozenset()
    step_keys: Callable[[Turn, Step], frozenset[str]] | None = None
    step_why: Callable[[Turn, Step], Why | None] | None = None
    answers: frozenset[str] = frozenset()
    key_open: KeyOpen | None = None
    key_hint: KeyHint | None = None
    standing: Callable[[GameState, str, str, dict[str, str], str], str] | None = None
    card_line: Callable[[Game, str, str, str], str] | None = None
    trade_screen: str | None = None
    auto_key: str | None = None
    keys: Mapping[str, ModeKey] = field(default_factory=dict)
    secret: ModeSecret | None = None
    titles: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    texts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    won_how: Callable[[Game, str, dict[str, str], str], str | None] | None = None
