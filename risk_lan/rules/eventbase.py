"""The base of every event: a record that converts to a msgpack-friendly dict with a ``type``
key, and that hides what a viewer may not see (``seen_by``)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(slots=True)
class Event:
    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for name in _field_names(type(self)):
            data[name] = _plain(getattr(self, name))
        return data

    def seen_by(self, viewer: str | None) -> Event:
        """This event as ``viewer`` may see it (``None``: a spectator who sees no secret)."""
        return self


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    # dataclasses.fields() is slow to call per event, and a blitz makes a hundred events.
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
