"""Boards as data: the map file format, its loader and its validation.

A map file (TOML) has a ``[map]`` table (id, names, number of jokers), ``[[continents]]``
(id, names, bonus), ``[[territories]]`` (id, continent, names, the French name's article,
card symbol, neighbours) and ``sea_lines``, the borders that cross water. Every map goes
through :func:`load_board_data`, which refuses an inconsistent map with a :class:`MapError`
naming the problem.
"""

from __future__ import annotations

import sys
import tomllib
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

CARD_SYMBOLS = ("infantry", "cavalry", "artillery")
FRENCH_ARTICLES = ("le", "la", "l'", "les", "")


class MapError(ValueError):
    """A map file that cannot be played on; the message says what is wrong and where."""


@dataclass(frozen=True, slots=True)
class Continent:
    id: str
    name_en: str
    name_fr: str
    bonus: int
    territories: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Territory:
    id: str
    continent: str
    name_en: str
    name_fr: str
    card: str
    neighbours: tuple[str, ...]
    # The French definite article of the name ("le" Brésil, "l'" Égypte, "" Madagascar).
    article_fr: str = ""


@dataclass(frozen=True, slots=True)
class Border:
    first: str
    second: str
    kind: str


class Board:
    """An immutable, validated map. Territory order is the order of the file."""

    __slots__ = (
        "_kinds",
        "_neighbour_sets",
        "borders",
        "continents",
        "id",
        "jokers",
        "name_en",
        "name_fr",
        "neighbours",
        "position",
        "territories",
        "territory_ids",
    )

    def __init__(
        self,
        id: str,
        name_en: str,
        name_fr: str,
        jokers: int,
        continents: dict[str, Continent],
        territories: dict[str, Territory],
        borders: tuple[Border, ...],
    ) -> None:
        self.id = id
        self.name_en = name_en
        self.name_fr = name_fr
        self.jokers = jokers
        self.continents = continents
        self.territories = territories
        self.borders = borders
        self.territory_ids = tuple(territories)
        # Each territory's place in the file's order: sorting by it puts a player's
        # territories in board order faster than walking the whole board.
        self.position = {t: i for i, t in enumerate(self.territory_ids)}
        self.neighbours: dict[str, tuple[str, ...]] = {
            t.id: t.neighbours for t in territories.values()
        }
        self._kinds = {frozenset((b.first, b.second)): b.kind for b in borders}
        self._neighbour_sets = {t: frozenset(n) for t, n in self.neighbours.items()}

    def adjacent(self, a: str, b: str) -> bool:
        near = self._neighbour_sets.get(a)
        return near is not None and b in near

    def border_kind(self, a: str, b: str) -> str:
        """``"land"`` or ``"sea"``; raises ``KeyError`` when a and b are not adjacent."""
        return self._kinds[frozenset((a, b))]

    def name(self, territory_id: str, lang: str = "en") -> str:
        t = self.territories[territory_id]
        return t.name_fr if lang == "fr" else t.name_en

    def __repr__(self) -> str:
        return (
            f"<Board {self.id}: {len(self.territories)} territories, {len(self.borders)} borders>"
        )


def _require(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in table:
        raise MapError(f"{where}: missing field {key!r}")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise MapError(f"{where}: field {key!r} must be {kind.__name__}, got {value!r}")
    return value


def load_board_data(data: dict[str, Any]) -> Board:
    """Build and validate a board from the parsed contents of a map file: a stage for each
    part of the file, in the order its errors are reported."""
    head = _require(data, "map", dict, "map file")
    map_id = _require(head, "id", str, "[map]")
    jokers = head.get("jokers", 0)
    if not isinstance(jokers, int) or isinstance(jokers, bool) or jokers < 0:
        raise MapError(f"[map]: jokers must be a whole number >= 0, got {jokers!r}")

    continents_raw = _require(data, "continents", list, "map file")
    territories_raw = _require(data, "territories", list, "map file")
    if not territories_raw:
        raise MapError("map file: no territories")
    continent_info = _read_continents(continents_raw)
    territory_info = _read_territories(territories_raw, continent_info)
    members: dict[str, list[str]] = {cid: [] for cid in continent_info}
    for tid, t in territory_info.items():
        members[t["continent"]].append(tid)
    for cid, ids in members.items():
        if not ids:
            raise MapError(f"continent {cid!r}: has no territories")
    raw_neighbours: dict[str, list[str]] = {
        tid: t["neighbours"] for tid, t in territory_info.items()
    }
    _check_borders(raw_neighbours)
    sea = _read_sea_lines(data.get("sea_lines", []), raw_neighbours)
    _check_connected(raw_neighbours)
    return _built(head, map_id, jokers, continent_info, territory_info, members, sea)


def _read_continents(continents_raw: list[Any]) -> dict[str, dict[str, Any]]:
    continent_info: dict[str, dict[str, Any]] = {}
    for i, c in enumerate(continents_raw):
        where = f"continent #{i + 1}"
        if not isinstance(c, dict):
            raise MapError(f"{where}: must be a table, got {c!r}")
        cid = _require(c, "id", str, where)
        where = f"continent {cid!r}"
        if cid in continent_info:
            raise MapError(f"{where}: defined twice")
        bonus = _require(c, "bonus", int, where)
        if bonus < 0:
            raise MapError(f"{where}: bonus must be >= 0")
        continent_info[cid] = c
    return continent_info


def _read_territories(
    territories_raw: list[Any], continent_info: dict[str, dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    territory_info: dict[str, dict[str, Any]] = {}
    for i, t in enumerate(territories_raw):
        if not isinstance(t, dict):
            raise MapError(f"territory #{i + 1}: must be a table, got {t!r}")
        tid = _require(t, "id", str, f"territory #{i + 1}")
        if tid in territory_info:
            raise MapError(f"territory {tid!r}: defined twice")
        _check_territory(t, f"territory {tid!r}", continent_info)
        territory_info[tid] = t
    return territory_info


def _check_territory(
    t: dict[str, Any], where: str, continent_info: dict[str, dict[str, Any]]
) -> None:
    continent = _require(t, "continent", str, where)
    if continent not in continent_info:
        raise MapError(f"{where}: unknown continent {continent!r}")
    card = _require(t, "card", str, where)
    if card not in CARD_SYMBOLS:
        raise MapError(f"{where}: card symbol must be one of {CARD_SYMBOLS}, got {card!r}")
    if t.get("article_fr", "") not in FRENCH_ARTICLES:
        raise MapError(f"{where}: article_fr must be one of {FRENCH_ARTICLES}")
    neighbours = _require(t, "neighbours", list, where)
    if not all(isinstance(n, str) for n in neighbours):
        raise MapError(f"{where}: neighbours must be territory ids, got {neighbours!r}")
    if len(set(neighbours)) != len(neighbours):
        raise MapError(f"{where}: a neighbour is listed twice")


def _check_borders(raw_neighbours: dict[str, list[str]]) -> None:
    """Every border names a territory, not the one it leaves, and runs both ways."""
    for tid, neighbours in raw_neighbours.items():
        for other in neighbours:
            if other == tid:
                raise MapError(f"territory {tid!r}: borders itself")
            if other not in raw_neighbours:
                raise MapError(f"territory {tid!r}: unknown neighbour {other!r}")
            if tid not in raw_neighbours[other]:
                raise MapError(
                    f"one-way border: {tid!r} lists {other!r} as a neighbour "
                    f"but {other!r} does not list {tid!r}"
                )


def _read_sea_lines(sea_lines: Any, raw_neighbours: dict[str, list[str]]) -> set[frozenset[str]]:
    if not isinstance(sea_lines, list):
        raise MapError(f"map file: sea_lines must be a list of pairs, got {sea_lines!r}")
    sea: set[frozenset[str]] = set()
    for i, line in enumerate(sea_lines):
        if not (
            isinstance(line, list) and len(line) == 2 and all(isinstance(x, str) for x in line)
        ):
            raise MapError(f"sea line #{i + 1}: must be a pair of territory ids, got {line!r}")
        a, b = line
        for x in (a, b):
            if x not in raw_neighbours:
                raise MapError(f"sea line {a!r}–{b!r}: unknown territory {x!r}")
        if b not in raw_neighbours[a]:
            raise MapError(f"sea line {a!r}–{b!r}: the two territories do not border each other")
        sea.add(frozenset((a, b)))
    return sea


def _built(
    head: dict[str, Any],
    map_id: str,
    jokers: int,
    continent_info: dict[str, dict[str, Any]],
    territory_info: dict[str, dict[str, Any]],
    members: dict[str, list[str]],
    sea: set[frozenset[str]],
) -> Board:
    """The board of a map file that has passed every check."""
    borders: list[Border] = []
    seen: set[frozenset[str]] = set()
    for tid, t in territory_info.items():
        for other in t["neighbours"]:
            key = frozenset((tid, other))
            if key not in seen:
                seen.add(key)
                borders.append(Border(tid, other, "sea" if key in sea else "land"))

    # Interned ids make every dict lookup and comparison on the hot paths an identity check.
    neighbours = {
        sys.intern(t): tuple(sys.intern(n) for n in info["neighbours"])
        for t, info in territory_info.items()
    }
    members = {sys.intern(c): [sys.intern(t) for t in ts] for c, ts in members.items()}
    borders = [Border(sys.intern(b.first), sys.intern(b.second), b.kind) for b in borders]
    continents = {
        cid: Continent(
            id=cid,
            name_en=str(c.get("name_en", cid)),
            name_fr=str(c.get("name_fr", c.get("name_en", cid))),
            bonus=c["bonus"],
            territories=tuple(members[cid]),
        )
        for cid, c in ((sys.intern(k), v) for k, v in continent_info.items())
    }
    territories = {
        tid: Territory(
            id=tid,
            continent=sys.intern(t["continent"]),
            name_en=str(t.get("name_en", tid)),
            name_fr=str(t.get("name_fr", t.get("name_en", tid))),
            card=t["card"],
            neighbours=neighbours[tid],
            article_fr=t.get("article_fr", ""),
        )
        for tid, t in ((sys.intern(k), v) for k, v in territory_info.items())
    }
    return Board(
        id=map_id,
        name_en=str(head.get("name_en", map_id)),
        name_fr=str(head.get("name_fr", head.get("name_en", map_id))),
        jokers=jokers,
        continents=continents,
        territories=territories,
        borders=tuple(borders),
    )


def _check_connected(neighbours: dict[str, list[str]]) -> None:
    start = next(iter(neighbours))
    reached = {start}
    queue = deque([start])
    while queue:
        for other in neighbours[queue.popleft()]:
            if other not in reached:
                reached.add(other)
                queue.append(other)
    if len(reached) != len(neighbours):
        cut_off = sorted(set(neighbours) - reached)
        raise MapError(f"disconnected board: cannot reach {', '.join(cut_off)} from {start!r}")


def load_board(path: str | Path) -> Board:
    """Load and validate a map file."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise MapError(f"{path.name}: not valid TOML: {e}") from e
    return load_board_data(data)


@cache
def builtin_board(board_id: str = "classic") -> Board:
    """A map shipped with risk-lan, by id (``classic``)."""
    name = f"{board_id}.toml"
    files = resources.files("risk_lan.rules") / "data"
    if not board_id.isidentifier() or not (files / name).is_file():
        raise MapError(f"no built-in map called {board_id!r}")
    with (files / name).open("rb") as f:
        return load_board_data(tomllib.load(f))


def classic_board() -> Board:
    """The standard 42-territory world map."""
    return builtin_board("classic")
