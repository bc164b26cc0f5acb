"""The text map's geometry: which territory each character cell shows, where labels go, and
which sea cells carry a sea line, for a map of any size. Pure data, no drawing: the map
widget colours it.

A layout file (``data/<board>_layout.toml``) places each territory in a design space; the
land of a territory is the cells nearer to it than to any other, up to a reach, so the
continents take their shape from where their territories sit.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from risk_lan.rules import Board

ROW_WEIGHT = 2.0  # a terminal cell is about twice as tall as it is wide
# A sea line's mark by its slope: across, down, and the two diagonals.
SEA_LINES = {"across": "╌", "down": "┆", "falling": "╲", "rising": "╱"}
EDGE_WEST, EDGE_SOUTH = "▏", "▁"  # a border between two territories, thin, inside a cell
WRAP_WEST, WRAP_EAST = "◂", "▸"  # a sea line that leaves the map and comes back at the far side


@dataclass(frozen=True)
class TerritorySpot:
    """Where a territory sits on the layout's grid, and its labels: short names and
    three-letter codes, in each language."""

    x: float
    y: float
    short_en: str
    short_fr: str
    code_en: str
    code_fr: str


@dataclass(frozen=True)
class Layout:
    board: str
    width: int
    height: int
    reach: float
    places: dict[str, TerritorySpot]


@dataclass
class Grid:
    """A layout drawn at ``width`` x ``height`` cells."""

    width: int
    height: int
    land: list[list[str | None]]  # the territory of each cell, None for the sea
    labels: dict[str, tuple[int, int]]  # the left cell of each territory's name line
    sea: dict[tuple[int, int], str]  # sea cells that carry a sea line, and the mark to draw
    marks: dict[tuple[int, int], str]  # drawn over land or sea: where a line wraps round
    # Labels too big for this size (they would overlap): each on one row, a code and the
    # armies, instead of a short name over the armies.
    compact: bool
    # Land cells on a border with another territory, and the thin line to draw in them: on
    # the cell's west side, or along its bottom.
    edges: dict[tuple[int, int], str]

    @property
    def label_width(self) -> int:
        return COMPACT_WIDTH if self.compact else LABEL_WIDTH

    @property
    def label_rows(self) -> int:
        return 1 if self.compact else 2

    def at(self, x: int, y: int) -> str | None:
        """The territory whose land or label is at cell (x, y), if any."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        for territory, (lx, ly) in self.labels.items():
            if ly <= y < ly + self.label_rows and lx <= x < lx + self.label_width:
                return territory
        return self.land[y][x]


LABEL_WIDTH = 8  # a short name over the owner and armies
COMPACT_WIDTH = 7  # a code, the owner and armies on one row


@cache
def layout(board: str) -> Layout:
    source = resources.files("risk_lan.tui").joinpath("data", f"{board}_layout.toml")
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    meta = data["map"]
    places = {
        t: TerritorySpot(
            float(p["x"]), float(p["y"]), p["short_en"], p["short_fr"], p["code_en"], p["code_fr"]
        )
        for t, p in data["territories"].items()
    }
    return Layout(meta["board"], int(meta["width"]), int(meta["height"]), meta["reach"], places)


def draw(board: Board, width: int, height: int) -> Grid:
    """The grid of ``board``'s layout at this size (cached per size)."""
    return _draw(board.id, board, width, height)


@cache
def _draw(board_id: str, board: Board, width: int, height: int) -> Grid:
    lay = layout(board_id)
    sx, sy = width / lay.width, height / lay.height
    land: list[list[str | None]] = [[None] * width for _ in range(height)]
    best = [[math.inf] * width for _ in range(height)]
    reach_x = lay.reach * sx
    reach_y = lay.reach / ROW_WEIGHT * sy
    centres: dict[str, tuple[float, float]] = {}
    for territory, p in lay.places.items():
        cx, cy = p.x * sx, p.y * sy
        centres[territory] = (cx, cy)
        for y in range(max(0, int(cy - reach_y)), min(height, int(cy + reach_y) + 2)):
            dy = (y - cy) / reach_y
            for x in range(max(0, int(cx - reach_x)), min(width, int(cx + reach_x) + 2)):
                dx = (x - cx) / reach_x
                d = dx * dx + dy * dy
                if d <= 1.0 and d < best[y][x]:
                    best[y][x] = d
                    land[y][x] = territory
    compact = _overlap(_place_labels(centres, width, height, LABEL_WIDTH, 2), LABEL_WIDTH, 2)
    if compact:
        labels = _nudged(_place_labels(centres, width, height, COMPACT_WIDTH, 1), width)
    else:
        labels = _place_labels(centres, width, height, LABEL_WIDTH, 2)
    sea: dict[tuple[int, int], str] = {}
    marks: dict[tuple[int, int], str] = {}
    edges: dict[tuple[int, int], str] = {}
    for y in range(height):
        for x in range(width):
            here = land[y][x]
            if here is None:
                continue
            if y + 1 < height and land[y + 1][x] not in (None, here):
                edges[(x, y)] = EDGE_SOUTH
            if x > 0 and land[y][x - 1] not in (None, here):
                edges[(x, y)] = EDGE_WEST  # a cell with both keeps the west line
    for border in board.borders:
        if border.kind != "sea":
            continue
        a, b = centres[border.first], centres[border.second]
        if abs(a[0] - b[0]) > width / 2:
            # The link across the Pacific: drawn from each end out to its edge of the map.
            west, east = (a, b) if a[0] < b[0] else (b, a)
            _line(sea, land, west, (0, west[1]), width, height)
            _line(sea, land, east, (width - 1, east[1]), width, height)
            # Marked on the row under each end's label, at the edge of the map.
            marks[(0, min(height - 1, round(west[1]) + 1))] = WRAP_WEST
            marks[(width - 1, min(height - 1, round(east[1]) + 1))] = WRAP_EAST
        else:
            _line(sea, land, a, b, width, height)
    return Grid(width, height, land, labels, sea, marks, compact, edges)


def _place_labels(
    centres: dict[str, tuple[float, float]], width: int, height: int, wide: int, rows: int
) -> dict[str, tuple[int, int]]:
    """Each label's top left cell: centred on its territory, its last row on the centre."""
    return {
        t: (min(max(0, round(cx - wide / 2)), width - wide), min(max(0, round(cy) - rows + 1),
                                                                 height - rows))
        for t, (cx, cy) in centres.items()
    }  # fmt: skip


def _nudged(labels: dict[str, tuple[int, int]], width: int) -> dict[str, tuple[int, int]]:
    """One-row labels moved apart along their row until a blank cell parts each from the
    next (two labels that touch read as one): each pushed right of the one before it, then,
    where that ran past the map's edge, pulled back left from the edge."""
    placed = dict(labels)
    spaced = COMPACT_WIDTH + 1  # a label and the blank cell after it
    for y in sorted({ly for _, ly in placed.values()}):
        row = [t for _, t in sorted((lx, t) for t, (lx, ly) in placed.items() if ly == y)]
        xs = [placed[t][0] for t in row]
        for i in range(1, len(xs)):
            xs[i] = max(xs[i], xs[i - 1] + spaced)
        xs[-1] = min(xs[-1], width - COMPACT_WIDTH)
        for i in range(len(xs) - 2, -1, -1):
            xs[i] = max(0, min(xs[i], xs[i + 1] - spaced))
        placed.update({t: (x, y) for t, x in zip(row, xs, strict=True)})
    return placed


def _overlap(labels: dict[str, tuple[int, int]], wide: int, rows: int) -> bool:
    spots = list(labels.values())
    return any(
        abs(ax - bx) < wide and abs(ay - by) < rows
        for i, (ax, ay) in enumerate(spots)
        for bx, by in spots[i + 1 :]
    )


def _line(
    sea: dict[tuple[int, int], str],
    land: list[list[str | None]],
    a: tuple[float, float],
    b: tuple[float, float],
    width: int,
    height: int,
) -> None:
    dx, dy = b[0] - a[0], (b[1] - a[1]) * ROW_WEIGHT
    steps = max(1, int(max(abs(dx), abs(dy))))
    if abs(dx) >= 2 * abs(dy):
        mark = SEA_LINES["across"]
    elif abs(dy) >= 2 * abs(dx):
        mark = SEA_LINES["down"]
    else:
        mark = SEA_LINES["falling" if (dx > 0) == (dy > 0) else "rising"]
    for i in range(steps + 1):
        x = round(a[0] + (b[0] - a[0]) * i / steps)
        y = round(a[1] + (b[1] - a[1]) * i / steps)
        if 0 <= x < width and 0 <= y < height and land[y][x] is None:
            sea[(x, y)] = mark
