"""The world map widget: every territory with its owner and armies, the sea lines, and what
the current step lets the player pick.

Drawn with Textual's line API from a ``map_layout.Grid``; a territory's land is tinted with
its owner's colour, and its label shows a short name over the owner's letter and the army
count, so players are told apart without colour too.
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from risk_lan.rules import Board
from risk_lan.tui.widgets.map_layout import COMPACT_WIDTH, LABEL_WIDTH, Grid, draw, layout
from risk_lan.tui.widgets.move_marks import ARROW, ShownMove, arrow_cells, caption_rows

# colour -> (letter, land tint, label text colour); the letter is what colour-blind players read
PALETTE = {
    "red": ("R", "#5f1a1a", "#ff8787"),
    "blue": ("B", "#1a2a6a", "#87afff"),
    "green": ("G", "#1a4d1a", "#87d787"),
    "yellow": ("Y", "#5a5010", "#ffff87"),
    "black": ("K", "#303030", "#d0d0d0"),
    "white": ("W", "#8a8a8a", "#ffffff"),
    "neutral": ("N", "#4a3520", "#d7af87"),
    "neutral_2": ("M", "#3d2a4d", "#d7afff"),  # a second neutral army (independents, 002)
}
UNOWNED = ("·", "#1c1c1c", "#808080")
SEA = Style(color="#5f87d7", bold=True)
EDGE = "#0a0a0a"  # the thin line between two territories, over either's tint
TEAM_MARKS = "¹²³⁴⁵⁶"  # after the owner's letter: its team's number (team rules)
MARK = Style(color="#5fafff", bold=True)
CAPITAL = "♛"  # a headquarters, after its owner's letter
SHARED = "&"  # teammates' armies together (team rules), after the holder's letter
TYPE_AHEAD_PAUSE = 1.0  # seconds without a key after which typing starts a new name
ECHO = Style(color="#000000", bgcolor="#ffd75f", bold=True)
ECHO_MISS = Style(color="#ffffff", bgcolor="#af0000", bold=True)
ECHO_NONE = ("no territory by that name", "aucun territoire de ce nom")
# The cursor: its label in black on white, between two pointers, seen at any size and in any
# owner's colour.
CURSOR = Style(color="#000000", bgcolor="#ffffff", bold=True)
POINTERS = ("▶", "◀")


@dataclass
class MapState:
    """What the map shows; the game screen makes a new one for each change."""

    owner: dict[str, str | None] = field(default_factory=dict)
    armies: dict[str, int] = field(default_factory=dict)
    colours: dict[str, str] = field(default_factory=dict)  # player -> colour name
    selected: str | None = None
    choices: frozenset[str] = frozenset()  # what the current step lets the player pick
    chosen: str | None = None  # a first pick, such as the source of an attack
    target: str | None = None  # a second pick: the target of an attack or of a manoeuvre
    staged: dict[str, int] = field(default_factory=dict)  # placements not yet confirmed
    capitals: frozenset[str] = frozenset()  # headquarters (Capital rules), marked ♛
    shared: frozenset[str] = frozenset()  # armies of several teammates (team rules), marked &
    teams: dict[str, int] = field(default_factory=dict)  # player -> team (team rules)
    shown: ShownMove | None = None  # another player's move being shown, at the player's pace
    lang: str = "en"


class WorldMap(Widget, can_focus=True):
    """The map. Arrow keys move the selection to a neighbouring territory, typing jumps to a
    territory by name, Enter or a click picks one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "step(0, -1)", "North", show=False, id="map.north"),
        Binding("down", "step(0, 1)", "South", show=False, id="map.south"),
        Binding("left", "step(-1, 0)", "West", show=False, id="map.west"),
        Binding("right", "step(1, 0)", "East", show=False, id="map.east"),
        Binding("enter", "pick", "Pick", show=False, id="map.pick"),
    ]

    class Moved(Message):
        """The cursor moved to another territory (arrows, a typed name, a click)."""

        def __init__(self, territory: str) -> None:
            super().__init__()
            self.territory = territory

    class Picked(Message):
        """The player picked a territory (Enter on the selection, or a click)."""

        def __init__(self, territory: str) -> None:
            super().__init__()
            self.territory = territory

    def __init__(
        self, board: Board, on_pick: Callable[[str], None] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.board = board
        # Who takes a pick at once, in the binding that makes it (a Picked message would
        # reach the screen after a key typed right after Enter: F3 must find the target
        # picked); with no one, a Picked message says it.
        self.on_pick = on_pick
        self.state = MapState(selected=board.territory_ids[0])
        self._lines: list[Strip] = []
        self._row_looks: list[
            tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]] | None
        ] = []  # what each drawn row was drawn from
        self._typed = ""
        self._typed_at = 0.0
        # When each key came, for the type-ahead pause: a test hands in a clock it moves.
        self.clock: Callable[[], float] = time.monotonic
        self._echo: list[tuple[str, Style]] = []  # what was typed, shown on the bottom row
        self._caption: list[list[tuple[str, Style]]] = []  # the shown move's words, at the bottom

    # ----- state --------------------------------------------------------------------------

    def show(self, state: MapState) -> None:
        """Draw ``state`` (keeping the selection when the new state has none). When what may
        be picked changes and the cursor is on none of it, nor on the chosen source, it goes
        to the nearest territory that may be: one key picks it."""
        if state.selected is None:
            state.selected = self.state.selected
        before = self.state.shown
        here = state.selected
        if (
            state.choices != self.state.choices
            and state.choices
            and here not in state.choices
            and here != state.chosen
        ):
            state.selected = self.nearest(here, state.choices)
        self.state = state
        if state.shown != before:
            self._show_caption()
        self._repaint_changed_rows()
        if state.selected != here and state.selected is not None:
            self.post_message(self.Moved(state.selected))

    def select(self, territory: str) -> None:
        if territory != self.state.selected:
            self.state.selected = territory
            self._repaint_changed_rows()
            self.post_message(self.Moved(territory))

    def nearest(self, here: str | None, among: frozenset[str]) -> str:
        """The territory of ``among`` nearest to ``here`` on the map (round the Pacific
        too), the board's first in a tie."""
        places = layout(self.board.id).places
        width = layout(self.board.id).width
        ordered = [t for t in self.board.territory_ids if t in among]
        if here is None:
            return ordered[0]
        origin = places[here]

        def distance(t: str) -> float:
            dx = abs(places[t].x - origin.x)
            dx = min(dx, width - dx)
            dy = (places[t].y - origin.y) * 2
            return float(dx * dx + dy * dy)

        return min(ordered, key=distance)

    # ----- drawing ------------------------------------------------------------------------
    # A row of the map depends only on the tints of the territories whose land lies in it and
    # on the labels in it, so an update redraws, and asks Textual to repaint, only the rows
    # where these changed: a move changes two or three labels, a few rows out of fifty.

    def on_resize(self) -> None:
        self._lines = []
        self._row_looks = []
        self._show_caption()  # wrapped again at the new width
        self.refresh()  # drawn again at the new size now, not at the next change

    def render_line(self, y: int) -> Strip:
        if not self._lines:
            self._draw()
        line = self._lines[y] if y < len(self._lines) else Strip.blank(self.size.width)
        below = self.size.height - y  # rows from the bottom, this one included
        if 0 < below <= len(self._caption):
            caption = self._caption[len(self._caption) - below]
            line = _strip(caption + _cells(line)[len(caption) :])
        if self._echo and y == self.size.height - 1:
            line = _strip(self._echo + _cells(line)[len(self._echo) :])
        return line

    def _repaint_changed_rows(self) -> None:
        if not self._lines:
            self.refresh()
            return
        width = self.size.width
        for y in self._draw():
            self.refresh(Region(0, y, width, 1))

    def _draw(self) -> list[int]:
        """Bring the drawn rows up to date with the state; return the rows that changed."""
        width, height = self.size.width, self.size.height
        if width < LABEL_WIDTH or height < 2:
            self._lines, self._row_looks = [], []
            return []
        grid = draw(self.board, width, height)
        rows = _row_territories(self.board, width, height)
        looks = {t: self._look(t, grid.compact) for t in self.board.territory_ids}
        arrow = arrow_cells(grid, self.state.shown)
        if len(self._lines) != height:
            self._lines = [Strip.blank(width)] * height
            self._row_looks = [None] * height
        changed = []
        for y, (lands, labels) in enumerate(rows):
            marks = tuple((x, m) for (x, my), m in arrow.items() if my == y)
            row_looks = (tuple(looks[t][0] for t in lands), tuple(looks[t] for t in labels), marks)
            if row_looks != self._row_looks[y]:
                self._lines[y] = self._row(grid, y, looks, marks)
                self._row_looks[y] = row_looks
                changed.append(y)
        return changed

    def _look(self, t: str, compact: bool = False) -> tuple[str, str, Style]:
        """Everything a territory's cells show: its land's tint, its label and the label's
        style. A compact label is one row: a code, then the owner's letter and the armies
        (with what is staged added, after a +)."""
        state = self.state
        letter, tint, ink = self._marks(t)
        place = layout(self.board.id).places[t]
        fr = state.lang == "fr"
        armies = state.armies.get(t, 0)
        staged = state.staged.get(t, 0)
        mark = CAPITAL if t in state.capitals else SHARED if t in state.shared else ""
        team = state.teams.get(state.owner.get(t) or "")
        if team is not None and 1 <= team <= len(TEAM_MARKS):
            letter += TEAM_MARKS[team - 1]
        if compact:
            code = place.code_fr if fr else place.code_en
            sep = "+" if staged else mark or " "
            value = f"{letter}{armies + staged:>2}"  # never cut: the code gives way first
            label = f"{code}{sep}"[: max(0, COMPACT_WIDTH - len(value))] + value
            return tint, label.ljust(COMPACT_WIDTH), self._label_style(t, ink, tint)
        name = place.short_fr if fr else place.short_en
        value = f"{letter}{mark}{armies:>3}" + (f"+{staged}" if staged else "")
        label = name[:LABEL_WIDTH].ljust(LABEL_WIDTH) + value[:LABEL_WIDTH].ljust(LABEL_WIDTH)
        return tint, label, self._label_style(t, ink, tint)

    def _label_style(self, t: str, ink: str, tint: str) -> Style:
        state = self.state
        style = Style(color=ink, bgcolor=tint, bold=True)
        if t in state.choices:
            style += Style(underline=True, color="#ffff00")
        if t == state.chosen:
            style += Style(color="#000000", bgcolor="#ffaf00")
        if t == state.target:
            style += Style(color="#ffffff", bgcolor="#d70000")
        lit = state.shown.label_style(t) if state.shown is not None else None
        if lit is not None:
            style += lit
        if t == state.selected:
            # On a pick, the pick's colours stay: the pointers beside it show the cursor.
            picked = t in (state.chosen, state.target)
            style += Style(underline=True) if picked else CURSOR
        return style

    def _marks(self, territory: str) -> tuple[str, str, str]:
        owner = self.state.owner.get(territory)
        if owner is None:
            return UNOWNED
        # A neutral army has no colour of a player's: its id names its own look.
        return PALETTE.get(self.state.colours.get(owner, owner), PALETTE["neutral"])

    def _row(
        self,
        grid: Grid,
        y: int,
        looks: dict[str, tuple[str, str, Style]],
        arrow: tuple[tuple[int, str], ...] = (),
    ) -> Strip:
        blank = Style()
        row: list[tuple[str, Style]] = []
        for x, t in enumerate(grid.land[y]):
            if t is None:
                mark = grid.sea.get((x, y))
                row.append((mark, SEA) if mark else (" ", blank))
            else:
                edge = grid.edges.get((x, y))
                tint = looks[t][0]
                row.append((edge, _edge_style(tint)) if edge else (" ", _land_style(tint)))
        for (x, my), mark in grid.marks.items():
            if my == y:
                row[x] = (mark, MARK)
        for x, mark in arrow:
            under = grid.land[y][x]
            row[x] = (mark, ARROW if under is None else ARROW + _land_style(looks[under][0]))
        wide = grid.label_width
        cursor = grid.labels.get(self.state.selected or "")
        if cursor is not None and cursor[1] <= y < cursor[1] + grid.label_rows:
            # Beside the cursor's label; a neighbour's label drawn next covers them, never
            # the other way round.
            lx = cursor[0]
            for x, pointer in ((lx - 1, POINTERS[0]), (lx + wide, POINTERS[1])):
                if 0 <= x < len(row):
                    row[x] = (pointer, CURSOR)
        for t, (lx, ly) in grid.labels.items():
            if ly <= y < ly + grid.label_rows:
                _, label, style = looks[t]
                part = label[(y - ly) * wide : (y - ly + 1) * wide]
                for i, ch in enumerate(part):
                    row[lx + i] = (ch, style)
        return _strip(row)

    # ----- input --------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        grid = draw(self.board, self.size.width, self.size.height)
        territory = grid.at(event.x, event.y)
        if territory is not None:
            self.select(territory)
            self._picked(territory)

    def action_pick(self) -> None:
        if self.state.selected is not None:
            self._picked(self.state.selected)

    def _picked(self, territory: str) -> None:
        if self.on_pick is not None:
            self.on_pick(territory)
        else:
            self.post_message(self.Picked(territory))

    def action_step(self, dx: int, dy: int) -> None:
        """Move to the neighbour that lies most nearly in the direction (dx, dy)."""
        here = self.state.selected
        if here is None:
            self.select(self.board.territory_ids[0])
            return
        places = layout(self.board.id).places
        width = layout(self.board.id).width
        origin = places[here]
        best, best_score = None, 0.0
        for other in self.board.neighbours[here]:
            ox = places[other].x - origin.x
            if abs(ox) > width / 2:  # across the Pacific: the map wraps round
                ox -= width if ox > 0 else -width
            oy = (places[other].y - origin.y) * 2
            length = (ox * ox + oy * oy) ** 0.5 or 1.0
            score = (ox * dx + oy * dy) / length  # the cosine of the angle to the direction
            if score > best_score:
                best, best_score = other, score
        if best is not None:
            self.select(best)

    def on_key(self, event: events.Key) -> None:
        if event.character is None or not event.character.isprintable() or event.character == " ":
            return
        now = self.clock()
        if now - self._typed_at > TYPE_AHEAD_PAUSE:
            self._typed = ""  # a new name
        if event.character in "+-=?" or (event.character.isdigit() and not self._typed):
            return  # amounts and dice, not a name
        self._typed_at = now
        self._typed += event.character.lower()
        matches = self.find_all(self._typed)
        if matches:
            self.select(matches[0])
        self._show_echo(self._typed, matches)
        self.set_timer(TYPE_AHEAD_PAUSE * 2, self._end_echo)
        event.stop()

    def find(self, typed: str) -> str | None:
        matches = self.find_all(typed)
        return matches[0] if matches else None

    def find_all(self, typed: str) -> list[str]:
        compact = draw(self.board, max(self.size.width, 8), max(self.size.height, 2)).compact
        return matches(self.board, typed, self.state.lang, compact)

    def _show_echo(self, typed: str, matches: list[str]) -> None:
        """The typed letters, on the map's bottom row, with where they lead."""
        lang = self.state.lang
        if matches:
            where = self.board.name(matches[0], lang)
            more = f" (1/{len(matches)})" if len(matches) > 1 else ""
            text, style = f" ⌨ {typed} → {where}{more} ", ECHO
        else:
            text, style = f" ⌨ {typed} → {ECHO_NONE[lang == 'fr']} ", ECHO_MISS
        self._echo = [(ch, style) for ch in text[: self.size.width]]
        self.refresh(Region(0, self.size.height - 1, self.size.width, 1))

    def _show_caption(self) -> None:
        """The shown move's words on the map's bottom rows (under the echo of a name typed)."""
        width, height = self.size.width, self.size.height
        before = len(self._caption)
        shown = self.state.shown
        self._caption = caption_rows(shown.caption, width) if shown is not None else []
        rows = max(before, len(self._caption))
        if rows:
            self.refresh(Region(0, height - rows, width, rows))

    def _end_echo(self) -> None:
        if self._echo and self.clock() - self._typed_at >= TYPE_AHEAD_PAUSE:
            self._echo = []
            self.refresh(Region(0, self.size.height - 1, self.size.width, 1))


def matches(board: Board, typed: str, lang: str, compact: bool = False) -> list[str]:
    """The territories whose names start with ``typed`` (without spaces, dots or accents),
    best first: the map's labels (its codes when ``compact``), then the full names in the
    map's language, then in the other, then any word of a name."""
    typed = _plain(typed)
    if not typed:
        return []
    places = layout(board.id).places
    fr = lang == "fr"
    found: list[str] = []

    def label(t: str) -> str:
        p = places[t]
        if compact:
            return p.code_fr if fr else p.code_en
        return p.short_fr if fr else p.short_en

    tiers: tuple[Callable[[str], list[str]], ...] = (
        lambda t: [label(t)],
        lambda t: [board.name(t, "fr" if fr else "en")],
        lambda t: [board.name(t, "en" if fr else "fr")],
        lambda t: [w for n in (board.name(t, "en"), board.name(t, "fr"))
                   for w in n.replace("-", " ").split()],
    )  # fmt: skip
    for names_of in tiers:
        for t in board.territory_ids:
            if t not in found and any(_plain(n).startswith(typed) for n in names_of(t)):
                found.append(t)
    return found


@cache
def _land_style(tint: str) -> Style:
    return Style(bgcolor=tint)


@cache
def _edge_style(tint: str) -> Style:
    return Style(color=EDGE, bgcolor=tint)


@cache
def _row_territories(
    board: Board, width: int, height: int
) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """For each row of the map at this size, the territories whose land lies in it (which
    show only their tint there) and those whose label does."""
    grid = draw(board, width, height)
    lands: list[set[str]] = [set() for _ in range(height)]
    labels: list[set[str]] = [set() for _ in range(height)]
    for y, land in enumerate(grid.land):
        lands[y].update(t for t in land if t is not None)
    for t, (_, ly) in grid.labels.items():
        for y in range(ly, min(height, ly + grid.label_rows)):
            labels[y].add(t)
    return [(tuple(sorted(lands[y])), tuple(sorted(labels[y]))) for y in range(height)]


def _plain(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.lower())
    return "".join(c for c in decomposed if c.isalnum())


def _cells(line: Strip) -> list[tuple[str, Style]]:
    return [(ch, seg.style or Style()) for seg in line for ch in seg.text]


def _strip(row: list[tuple[str, Style]]) -> Strip:
    segments = []
    text, style = "", None
    for ch, st in row:
        if st is style:
            text += ch
        else:
            if text:
                segments.append(Segment(text, style))
            text, style = ch, st
    if text:
        segments.append(Segment(text, style))
    return Strip(segments, len(row))
