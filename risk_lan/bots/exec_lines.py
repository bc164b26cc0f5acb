"""The JSON lines an outside bot program reads and writes (docs/bots.md says them exactly):
a ``hello`` when it starts, a ``decide`` line per decision with the seat's view and its legal
actions folded small, and an ``over`` line at the end; the program answers each ``decide``
with one line, ``{"seq": N, "action": {...}}``. Actions keep the engine's dict form
(``Action.to_dict`` / ``action_from_dict``), so what the program reads it can echo back."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any, NamedTuple

from risk_lan.rules import Action, Game, IllegalAction, action_from_dict

# The version of these lines (not of the network protocol): a program can refuse a version
# it does not know.
LINES_VERSION = 1
# Standing answers are the client's business, not a decision the program is asked for.
NOT_ASKED = frozenset({"auto_defend"})


def hello(game: Game, seat: str) -> dict[str, Any]:
    """The first line: who the program plays, under which rules, on which map."""
    board = game.board
    return {
        "type": "hello",
        "version": LINES_VERSION,
        "seat": seat,
        "rules": game.rules.name,
        "players": list(game.state.players),
        "board": {
            "id": board.id,
            "continents": {
                c.id: {"bonus": c.bonus, "territories": list(c.territories)}
                for c in board.continents.values()
            },
            "territories": {
                t.id: {"continent": t.continent, "neighbours": list(t.neighbours)}
                for t in board.territories.values()
            },
        },
    }


def legal(game: Game, seat: str) -> list[Action]:
    """The actions the program may choose from now."""
    return [a for a in game.legal_actions(seat) if a.type not in NOT_ASKED]


def decide(
    game: Game, seat: str, seq: int, deadline: float, actions: list[Action]
) -> dict[str, Any]:
    """A decision's line: the seat's view, its legal actions folded, the seconds it has."""
    return {
        "type": "decide",
        "seq": seq,
        "seat": seat,
        "deadline": deadline,
        "view": game.view(seat),
        "legal": fold(actions),
    }


def over(game: Game, seat: str) -> dict[str, Any]:
    """The last line: who won (None for a game stopped before its end)."""
    return {"type": "over", "seat": seat, "winner": game.winner, "view": game.view(seat)}


def encode(line: dict[str, Any]) -> str:
    return json.dumps(line, separators=(",", ":"), ensure_ascii=False)


# ----- folding: many actions that differ only in a number become one entry with a range ------


class _Range(NamedTuple):
    min: int
    max: int


class _OneOf(NamedTuple):
    values: tuple[str, ...]


def fold(actions: list[Action]) -> list[dict[str, Any]]:
    """The actions' dicts folded, losing none: actions equal but for one whole-number field
    become one entry whose field is ``{"min": a, "max": b}`` (each number from a to b), then
    entries equal but for one text field become one whose field is ``{"one_of": [...]}``.
    Fields are folded one after the other, each only among entries equal in all the rest,
    so an entry stands for every action got by picking one value in each of its folds.
    Actions are folded by type, the types in the order they come."""
    by_type: dict[type[Action], list[tuple[Any, ...]]] = {}
    for a in actions:
        by_type.setdefault(type(a), []).append(_values(a))
    out: list[dict[str, Any]] = []
    for cls, rows in by_type.items():
        names = [f.name for f in fields(cls)]
        for kind in (int, str):
            seen = [{row[i] for row in rows if type(row[i]) is kind} for i in range(len(names))]
            # The field of most values first: the list is then short for the others (a
            # blitz's stops before its dice); in any order, an entry stands for the same
            # actions.
            for i in sorted(range(len(names)), key=lambda i: -len(seen[i])):
                if seen[i]:
                    rows = _fold_field(rows, i, kind)
        out.extend(
            {"type": cls.type, **dict(zip(names, map(_json, row), strict=True))} for row in rows
        )
    return out


def _values(action: Action) -> tuple[Any, ...]:
    return tuple(getattr(action, f.name) for f in fields(action))


def _json(value: Any) -> Any:
    if isinstance(value, _Range):
        return {"min": value.min, "max": value.max}
    if isinstance(value, _OneOf):
        return {"one_of": list(value.values)}
    return list(value) if isinstance(value, tuple) else value


def _fold_field(rows: list[tuple[Any, ...]], i: int, kind: type) -> list[tuple[Any, ...]]:
    out: list[list[tuple[Any, ...]]] = []  # folded in place: where the first of each fold was
    # By the rest of the row: its place in ``out``, the values of field ``i``.
    groups: dict[tuple[Any, ...], tuple[list[tuple[Any, ...]], dict[Any, None]]] = {}
    for row in rows:
        value = row[i]
        if type(value) is not kind:
            out.append([row])
            continue
        key = row[:i] + row[i + 1 :]
        group = groups.get(key)
        if group is None:
            group = groups[key] = ([], {})
            out.append(group[0])
        group[1][value] = None  # an ordered set
    for key, (place, values) in groups.items():
        merged = _runs(sorted(values)) if kind is int else [_one_of(list(values))]
        place.extend((*key[:i], value, *key[i:]) for value in merged)
    return [row for folded in out for row in folded]


def _one_of(values: list[str]) -> str | _OneOf:
    return values[0] if len(values) == 1 else _OneOf(tuple(values))


def _runs(values: list[int]) -> list[int | _Range]:
    """Sorted numbers as runs: a lone number stays itself, a run of them is a range."""
    runs: list[int | _Range] = []
    start = previous = values[0]
    for v in [*values[1:], None]:
        if v is not None and v == previous + 1:
            previous = v
            continue
        runs.append(start if start == previous else _Range(start, previous))
        if v is not None:
            start = previous = v
    return runs


# ----- the program's answer ---------------------------------------------------------------


class BadAnswer(Exception):
    """An answer the program should not have given, said in a sentence."""


class StaleAnswer(Exception):
    """An answer to an earlier decision, come too late: passed over."""


def answer(line: str, seq: int, actions: list[Action]) -> Action:
    """The action the program chose for decision ``seq`` from ``actions``, or ``BadAnswer``
    saying what is wrong with its line."""
    try:
        data = json.loads(line)
    except ValueError:
        raise BadAnswer(f"it wrote a line that is not JSON: {_short(line)}") from None
    if not isinstance(data, dict):
        raise BadAnswer(f"it wrote JSON that is not an object: {_short(line)}")
    given = data.get("seq")
    if type(given) is int and given < seq:
        raise StaleAnswer(f"it answered decision {given} late: {_short(line)}")
    if given != seq:
        raise BadAnswer(f"its answer has seq {data.get('seq')!r}, not {seq}: {_short(line)}")
    try:
        action = action_from_dict(data.get("action"))
    except IllegalAction as e:
        raise BadAnswer(f"its answer is not an action ({e.message}): {_short(line)}") from None
    if action not in actions:
        raise BadAnswer(f"it chose a move that is not legal now: {_short(line)}")
    return action


def _short(line: str, most: int = 120) -> str:
    line = line.strip()
    return repr(line if len(line) <= most else line[:most] + "…")
