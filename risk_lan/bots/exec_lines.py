"""The JSON lines an outside bot program reads and writes (docs/bots.md says them exactly):
a ``hello`` when it starts, a ``decide`` line per decision with the seat's view and its legal
actions folded small, and an ``over`` line at the end; the program answers each ``decide``
with one line, ``{"seq": N, "action": {...}}``. Actions keep the engine's dict form
(``Action.to_dict`` / ``action_from_dict``), so what the program reads it can echo back."""

from __future__ import annotations

import json
from typing import Any

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
        "legal": fold([a.to_dict() for a in actions]),
    }


def over(game: Game, seat: str) -> dict[str, Any]:
    """The last line: who won (None for a game stopped before its end)."""
    return {"type": "over", "seat": seat, "winner": game.winner, "view": game.view(seat)}


def encode(line: dict[str, Any]) -> str:
    return json.dumps(line, separators=(",", ":"), ensure_ascii=False)


# ----- folding: many actions that differ only in a number become one entry with a range ------


def fold(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Fold the actions' dicts, losing none: entries equal but for one whole-number field
    become one entry whose field is ``{"min": a, "max": b}`` (each number from a to b), then
    entries equal but for one text field become one whose field is ``{"one_of": [...]}``.
    Fields are folded one after the other, each only among entries equal in all the rest,
    so an entry stands for every action got by picking one value in each of its folds."""
    for kind in (int, str):
        names: list[str] = []
        for entry in entries:
            names.extend(
                k for k, v in entry.items() if type(v) is kind and k != "type" and k not in names
            )
        for name in names:
            entries = _fold_field(entries, name, kind)
    return entries


def _fold_field(entries: list[dict[str, Any]], name: str, kind: type) -> list[dict[str, Any]]:
    out: list[list[dict[str, Any]]] = []  # folded in place: where the first of each fold was
    # By the rest of the entry: its place in ``out``, the first such entry, the values.
    groups: dict[str, tuple[list[dict[str, Any]], dict[str, Any], list[Any]]] = {}
    for entry in entries:
        value = entry.get(name)
        if type(value) is not kind:
            out.append([entry])
            continue
        key = json.dumps({k: v for k, v in entry.items() if k != name}, sort_keys=True)
        if key not in groups:
            groups[key] = ([], entry, [])
            out.append(groups[key][0])
        if value not in groups[key][2]:
            groups[key][2].append(value)
    for place, first, values in groups.values():
        merged = _runs(sorted(values)) if kind is int else [_one_of(values)]
        place.extend({**first, name: value} for value in merged)
    return [entry for folded in out for entry in folded]


def _one_of(values: list[str]) -> str | dict[str, list[str]]:
    return values[0] if len(values) == 1 else {"one_of": values}


def _runs(values: list[int]) -> list[int | dict[str, int]]:
    """Sorted numbers as runs: a lone number stays itself, a run of them is a range."""
    runs: list[int | dict[str, int]] = []
    start = previous = values[0]
    for v in [*values[1:], None]:
        if v is not None and v == previous + 1:
            previous = v
            continue
        runs.append(start if start == previous else {"min": start, "max": previous})
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
