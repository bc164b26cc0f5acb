"""The marks of another player's move on the map, while the player's screen shows it (at the
pace of ``table/pacing.py``): an arrow from the source's label to the target's, the two labels
lit (an attack in orange and red, a move in blue and green, a placement in green), and the
move in words, dice included, on the map's bottom rows.

Pure drawing data: the map widget lays these cells over its rows.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from risk_lan.tui.widgets.map_layout import Grid

KINDS = ("attack", "move", "place")
# The source's label and the target's, by the kind of move.
LIT = Style(color="#000000", bgcolor="#5fd787")  # where armies arrive
ATTACKER = Style(color="#000000", bgcolor="#ffaf00")
ATTACKED = Style(color="#ffffff", bgcolor="#d70000")
LABELS = {
    "attack": (ATTACKER, ATTACKED),
    "move": (Style(color="#000000", bgcolor="#87afff"), LIT),
    "place": (Style(), LIT),
}
ARROW = Style(color="#ffffff", bold=True)  # over the land's tint, or the sea
CAPTION = Style(color="#ffffff", bgcolor="#262626")
CAPTION_ROWS = 3  # at most: a longer caption is cut, the log has the whole of it
# The arrow's body by its slope, and its head by its direction.
BODY = {"across": "━", "down": "┃", "falling": "╲", "rising": "╱"}
HEADS = {
    (1, 0): "▶", (-1, 0): "◀", (0, 1): "▼", (0, -1): "▲",
    (1, 1): "◢", (-1, 1): "◣", (1, -1): "◥", (-1, -1): "◤",
}  # fmt: skip


@dataclass(frozen=True)
class ShownMove:
    """Another player's move as the map shows it: its kind (one of KINDS), where it comes
    from (none for a placement), where it goes, and its words (each a line of the log)."""

    kind: str
    source: str | None
    target: str
    caption: tuple[Text, ...] = ()

    def label_style(self, territory: str) -> Style | None:
        """How the move lights ``territory``'s label, if it is one of its ends."""
        source, target = LABELS[self.kind]
        if territory == self.target:
            return target
        return source if territory == self.source else None


def arrow_cells(grid: Grid, move: ShownMove | None) -> dict[tuple[int, int], str]:
    """The cells of the arrow from the move's source to its target, each with its mark; the
    arrow runs between the two labels and leaves every label readable. Across the map's
    edge (Alaska to Kamchatka) it leaves one side and comes in at the other."""
    if move is None or move.source is None:
        return {}
    spots = grid.labels
    if move.source not in spots or move.target not in spots:
        return {}
    wide, rows = grid.label_width, grid.label_rows
    ax, ay = spots[move.source][0] + wide / 2, spots[move.source][1] + (rows - 1) / 2
    bx, by = spots[move.target][0] + wide / 2, spots[move.target][1] + (rows - 1) / 2
    if abs(bx - ax) > grid.width / 2:
        bx += -grid.width if bx > ax else grid.width  # the short way, round the world
    dx, dy = bx - ax, by - ay
    steps = max(1, round(max(abs(dx), abs(dy))))
    labelled = {
        (lx + i, ly + j) for lx, ly in spots.values() for i in range(wide) for j in range(rows)
    }
    path: list[tuple[int, int]] = []  # along the arrow, before wrapping round the map
    for i in range(steps + 1):
        cell = (round(ax + dx * i / steps), round(ay + dy * i / steps))
        wrapped = (cell[0] % grid.width, cell[1])
        if 0 <= cell[1] < grid.height and wrapped not in labelled and cell not in path:
            path.append(cell)
    way = _way(dx, dy)
    if not path or way not in HEADS:
        return {}
    # Each cell's mark follows the arrow's step from it to the next: a staircase of lines.
    cells = {
        (x % grid.width, y): BODY[_slope(nx - x, ny - y)]
        for (x, y), (nx, ny) in itertools.pairwise(path)
    }
    head = path[-1]
    cells[(head[0] % grid.width, head[1])] = HEADS[way]
    return cells


def _slope(dx: int, dy: int) -> str:
    if not dy:
        return "across"
    if not dx:
        return "down"
    return "falling" if (dx > 0) == (dy > 0) else "rising"


def _way(dx: float, dy: float) -> tuple[int, int]:
    """The arrow's direction, one of eight: across or down where it goes more than twice as
    far one way as the other (a cell is about twice as tall as it is wide)."""
    tall = dy * 2
    right = (dx > 0) - (dx < 0)
    down = (dy > 0) - (dy < 0)
    if abs(dx) >= 2 * abs(tall):
        return right, 0
    if abs(tall) >= 2 * abs(dx):
        return 0, down
    return right, down


def caption_rows(lines: tuple[Text, ...], width: int) -> list[list[tuple[str, Style]]]:
    """The move's words as rows of cells, each line wrapped at the map's width, at most
    CAPTION_ROWS rows (the last cut with an ellipsis)."""
    room = max(1, width - 2)
    rows: list[list[tuple[str, Style]]] = []
    for line in lines:
        cells = _cells(line)
        while cells:
            rows.append([(" ", CAPTION), *cells[:room], (" ", CAPTION)])
            cells = cells[room:]
    if len(rows) > CAPTION_ROWS:
        rows = rows[:CAPTION_ROWS]
        rows[-1][-2] = ("…", CAPTION)
    return rows


def _cells(line: Text) -> list[tuple[str, Style]]:
    """Each character of ``line`` with its style over the caption's."""
    styles = [CAPTION] * len(line.plain)
    base = line.style if isinstance(line.style, Style) else Style.parse(str(line.style or ""))
    for i in range(len(styles)):
        styles[i] = CAPTION + base
    for span in line.spans:
        style = span.style if isinstance(span.style, Style) else Style.parse(str(span.style))
        for i in range(span.start, min(span.end, len(styles))):
            styles[i] = styles[i] + style + Style(bgcolor=CAPTION.bgcolor)
    return list(zip(line.plain, styles, strict=True))
