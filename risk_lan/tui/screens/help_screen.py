"""The help over any screen: what the mode being played changes, the game and the keys.

The game's help is in parts, each opened by a line ``<!-- part: NAME -->`` (``<!-- part -->``
for what every mode keeps); a mode's page says first what its game is, then may bring parts
of its own, each put in place of the game's part of that name, and drop others with a line
``<!-- drops: NAME NAME -->``: so that no sentence of the classic game contradicts the mode's
rules where they differ."""

from __future__ import annotations

import re
from importlib import resources
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from risk_lan.tui.texts.catalogue import translate_bindings
from risk_lan.tui.widgets.keys_line import KeysLine


def lobby_help(lang: str) -> str:
    """The help before a game: how to join one, or host one, and the table before it starts."""
    data = resources.files("risk_lan.tui").joinpath("data")
    return data.joinpath(f"lobby_help_{'fr' if lang == 'fr' else 'en'}.md").read_text(
        encoding="utf-8"
    )


_MARK = re.compile(r"^<!-- (part|drops)(?:: *([^>]*?))? *-->\n?", re.MULTILINE)
_ITEM = re.compile(r"^(\d+)\. ")


def help_text(lang: str, mode: str | None = None) -> str:
    """The help: what the mode being played changes first (when it has its own page), then
    the game and the keys, with the mode's parts in place of the game's and without those
    it drops."""
    data = resources.files("risk_lan.tui").joinpath("data")
    name = "help_fr.md" if lang == "fr" else "help_en.md"
    general = _parts(data.joinpath(name).read_text(encoding="utf-8"))
    page = data.joinpath("modes", f"{mode}.{'fr' if lang == 'fr' else 'en'}.md")
    if not mode or not page.is_file():
        return "".join(text for _, text in general)
    own = _parts(page.read_text(encoding="utf-8"))
    drops = {word for part, text in own if part == "drops" for word in text.split()}
    instead = {part: text for part, text in own if part not in ("", "drops")}
    # A part dropped leaves the blank line it ended with, which ends a list or a paragraph.
    kept = [
        "\n" if part in drops and text.endswith("\n\n") else "" if part in drops
        else instead.get(part, text)
        for part, text in general
    ]  # fmt: skip
    text = "".join(text for part, text in own if part == "") + "\n" + "".join(kept)
    return _numbered(re.sub(r"\n{3,}", "\n\n", text))


def _parts(text: str) -> list[tuple[str, str]]:
    """``text`` cut at its marks, as (the part's name, or "" for the unnamed, its text); a
    ``drops`` mark is a part named "drops" whose text is the names it drops."""
    parts: list[tuple[str, str]] = []
    name, start = "", 0
    for mark in _MARK.finditer(text):
        parts.append((name, text[start : mark.start()]))
        kind, names = mark.group(1), mark.group(2) or ""
        if kind == "drops":
            parts.append(("drops", names))
            name = ""
        else:
            name = names.strip()
        start = mark.end()
    parts.append((name, text[start:]))
    return [(name, text) for name, text in parts if text or name == "drops"]


def _numbered(text: str) -> str:
    """The numbered lists of ``text`` numbered from 1 again, where a part was dropped."""
    lines, n = [], 0
    for line in text.split("\n"):
        item = _ITEM.match(line)
        if item:
            n += 1
            line = f"{n}. {line[item.end() :]}"
        elif not line.startswith("   "):
            n = 0  # (an item's own lines are indented; anything else ends the list)
        lines.append(line)
    return "\n".join(lines)


class HelpScreen(ModalScreen[None]):
    """The rules of the game being played and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,question_mark,q", "dismiss", "Close", id="help.close"),
    ]

    def __init__(self, lang: str, mode: str | None = None, before_game: bool = False) -> None:
        super().__init__()
        self.lang = lang
        self.mode = mode
        # Before a game (the lobby, the seats): how to join one, not the game's rules.
        self.text = lobby_help(lang) if before_game else help_text(lang, mode)
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            with VerticalScroll(id="help-scroll"):
                yield Markdown(self.text)
            yield KeysLine(self.lang, [("up,down,pageup,pagedown", "key_scroll")])
