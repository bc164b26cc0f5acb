"""How ``GameState`` declares its fields, each once (``state.FIELDS``), and the methods that go
through every field, written out from that declaration.

A ``Field`` has a name, its value in a new game, and a ``Kind``: how a copy holds it and how
the dict form writes it and reads it back. From the fields come the slots, the setting of a
new game's fields, ``copy``, ``to_dict`` and the reading of a dict form. Those methods are
written out as source (as dataclasses writes its own): plain attribute access costs a third
less than a loop of getattr and setattr over the fields, and a host copies the state for
every move it publishes (to try it) and writes it out for every update.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple


class Kind(NamedTuple):
    """How a field's value is held. ``copy`` makes a copy that shares nothing mutable with it;
    ``dump`` makes its dict form (plain data, msgpack-friendly); ``load`` reads the dict form
    back, given the game's board. None for any of them: the value itself, which is never
    changed in place."""

    copy: Callable[[Any], Any] | None
    dump: Callable[[Any], Any] | None
    load: Callable[[Any, Any], Any] | None


def _dicts(value: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {k: dict(v) for k, v in value.items()}


def _lists(value: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {k: list(v) for k, v in value.items()}


VALUE = Kind(None, None, None)  # a number, a text, a flag or None
LIST = Kind(list, list, lambda value, board: list(value))
MAP = Kind(dict, dict, lambda value, board: dict(value))
MAP_OF_MAPS = Kind(_dicts, _dicts, lambda value, board: _dicts(value))
MAP_OF_LISTS = Kind(_lists, _lists, lambda value, board: _lists(value))


def by_territory(convert: Callable[[Any], Any] | None = None) -> Kind:
    """A map from every territory of the board, read back in the board's order (each value
    through ``convert``)."""
    if convert is None:
        return Kind(dict, dict, lambda value, board: {t: value[t] for t in board.territory_ids})
    return Kind(
        dict, dict, lambda value, board: {t: convert(value[t]) for t in board.territory_ids}
    )


def pending(cls: Any) -> Kind:
    """A pending step (a slotted dataclass) or None; in the dict form, a map of its fields."""

    def dump(value: Any) -> dict[str, Any] | None:
        return None if value is None else {k: getattr(value, k) for k in cls.__slots__}

    return Kind(
        lambda value: None if value is None else cls(**dump(value)),
        dump,
        lambda value, board: cls(**value) if value else None,
    )


class _Given:
    def __repr__(self) -> str:
        return "GIVEN"


GIVEN: Any = _Given()  # a field's value in a new game is an argument of the constructor


class Field(NamedTuple):
    name: str
    kind: Kind
    # Its value in a new game: a constant, or made from the board and the players by a
    # function; GIVEN: an argument of the constructor.
    start: Any
    optional: bool = False  # may be absent from a dict (an older save): its new value then
    saved: bool = True  # in the dict form; if not, the state rebuilds it once loaded
    # Written just after it in the dict form, worked out from it (a public count of secrets).
    derived: tuple[str, Callable[[Any], Any]] | None = None


class Methods(NamedTuple):
    start: Callable[[Any, Any, list[str]], None]  # (state, board, players)
    copy: Callable[[Any], Any]
    to_dict: Callable[[Any], dict[str, Any]]
    load: Callable[[Any, dict[str, Any], Any], None]  # (state, data, board)


def methods(fields: tuple[Field, ...], version: int) -> Methods:
    """The methods of a class with these fields (``version`` opens its dict form)."""
    env: dict[str, Any] = {"new": object.__new__, "VERSION": version}
    start, copy, dump, load = [], ["c = new(type(self))"], ["return {", "'version': VERSION,"], []
    for f in fields:
        name, kind = f.name, f.kind
        env |= {f"start_{name}": f.start, f"copy_{name}": kind.copy, f"dump_{name}": kind.dump}
        env |= {f"load_{name}": kind.load, f"derive_{name}": f.derived and f.derived[1]}
        if f.start is not GIVEN:
            made = f"start_{name}(board, players)" if callable(f.start) else f"start_{name}"
            start.append(f"self.{name} = {made}")
        copy.append(f"c.{name} = " + (f"copy_{name}(self.{name})" if kind.copy else f"self.{name}"))
        if not f.saved:
            continue
        dump.append(
            f"'{name}': " + (f"dump_{name}(self.{name})," if kind.dump else f"self.{name},")
        )
        if f.derived:
            dump.append(f"'{f.derived[0]}': derive_{name}(self.{name}),")
        if f.start is not GIVEN:
            value = f"load_{name}(data['{name}'], board)" if kind.load else f"data['{name}']"
            load.append(
                f"if '{name}' in data: s.{name} = {value}" if f.optional else f"s.{name} = {value}"
            )
    return Methods(
        _written("start", "self, board, players", start, env, "Set every field of a new game."),
        _written("copy", "self", [*copy, "return c"], env, "A copy sharing nothing mutable."),
        _written(
            "to_dict",
            "self",
            [*dump, "}"],
            env,
            "The whole state as plain data (msgpack-friendly).",
        ),
        _written("load", "s, data, board", load, env, "Read every field of a dict form back."),
    )


def _written(name: str, params: str, lines: list[str], env: dict[str, Any], doc: str) -> Any:
    exec(f"def {name}({params}):\n" + "".join(f"    {line}\n" for line in lines), env)
    function = env[name]
    function.__doc__ = doc
    return function
