"""The line of keys at the bottom of every pop-up: each key the pop-up answers, named in the
player's language, with what it does, and what Ctrl+Q does from there."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from rich.text import Text
from textual.widgets import Static

from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.texts.key_texts import KEY_LABELS, KEY_SIGNS


@runtime_checkable
class QuitSaying(Protocol):
    """An app that says what Ctrl+Q does from where the player is (the catalogue's key)."""

    def quit_meaning(self) -> str: ...


def key_label(key: str, lang: str) -> str:
    """A key as a player reads it: "Ctrl+Q", "F5", "Esc" ("Échap"), "←", "Y"."""
    if key.startswith("ctrl+"):
        return "Ctrl+" + key_label(key.removeprefix("ctrl+"), lang)
    named = KEY_LABELS.get(lang, KEY_LABELS["en"]).get(key) or KEY_SIGNS.get(key)
    if named is not None:
        return named
    return key.upper()  # a letter, or an F-key


class KeysLine(Static):
    """The pop-up's keys: first those it answers without a binding of its own (``extra``:
    each keys, comma-separated, with the catalogue's key of what they do), then its bindings,
    keys of one meaning together, then Ctrl+Q."""

    DEFAULT_CLASSES = "keys-line"

    def __init__(self, lang: str, extra: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__()
        self.lang = lang
        self.extra = list(extra)

    def on_mount(self) -> None:
        self.update(Text(self.line()))

    def line(self) -> str:
        lang = self.lang
        parts = [(keys.split(","), say(lang, what)) for keys, what in self.extra]
        by_meaning: dict[str, list[str]] = {}
        for key, bindings in self.screen._bindings.key_to_bindings.items():
            for binding in bindings:
                # The app's own bindings have ids; Textual's screen-wide ones (Tab between
                # fields, copying) are not this pop-up's to name.
                if binding.id and binding.description and key != "ctrl+q":
                    by_meaning.setdefault(binding.description, []).append(key)
        parts += [(keys, what[:1].lower() + what[1:]) for what, keys in by_meaning.items()]
        app = self.app
        quitting = app.quit_meaning() if isinstance(app, QuitSaying) else "key_quit"
        parts.append((["ctrl+q"], say(lang, quitting)))
        named = [
            say(lang, "key_named", keys=", ".join(key_label(k, lang) for k in keys), what=what)
            for keys, what in parts
        ]
        return "    ".join(named)
