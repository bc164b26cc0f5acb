"""The documentation's example runs, and its lists match the code."""

from __future__ import annotations

import re
from pathlib import Path

from risk_lan.rules import ACTION_TYPES, EVENT_TYPES

DOCS = Path(__file__).resolve().parent.parent / "docs"
RULES_SRC = Path(__file__).resolve().parent.parent / "risk_lan" / "rules"


def test_the_engine_guide_example_runs(capsys) -> None:
    text = (DOCS / "engine.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/engine.md", "exec"), {})
    out = capsys.readouterr().out
    assert "receives" in out and "nothing_to_place" in out


def test_every_error_code_is_documented() -> None:
    raised = set()
    for path in RULES_SRC.glob("*.py"):
        raised.update(
            re.findall(r'IllegalAction\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8"))
        )
    documented = (DOCS / "engine.md").read_text(encoding="utf-8")
    assert raised, "no error codes found"
    assert sorted(c for c in raised if f"`{c}`" not in documented) == []


def test_every_action_and_event_type_is_documented() -> None:
    documented = (DOCS / "engine.md").read_text(encoding="utf-8")
    names = {cls.__name__ for cls in ACTION_TYPES.values()}
    assert sorted(n for n in names if f"`{n}`" not in documented) == []
    assert sorted(t for t in EVENT_TYPES if f"`{t}`" not in documented) == []


def test_every_preset_is_exported_and_named_in_the_engine_doc() -> None:
    """docs/engine.md and ``risk_lan.rules`` name every preset by its constant."""
    import risk_lan.rules as rules

    engine_doc = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text()
    for name, preset in rules.RULESETS.items():
        constant = name.upper().replace("-", "_")
        assert getattr(rules, constant, None) is preset and constant in rules.__all__, name
        assert f"`{constant}`" in engine_doc, constant


def test_every_source_file_the_docs_name_exists() -> None:
    """A renamed or moved module leaves no stale name in the docs: each ``name.py`` or
    ``folder/name.py`` they quote is a file of the tree (``xxx_screen.py``, a pattern, aside)."""
    root = Path(__file__).resolve().parent.parent
    files = [
        p.relative_to(root).as_posix()
        for folder in ("risk_lan", "protocol", "tests", "bench", "examples")
        for p in (root / folder).rglob("*.py")
    ]
    missing = []
    for doc in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        for name in set(re.findall(r"`([\w/.-]+\.py)`", doc.read_text(encoding="utf-8"))):
            if "xxx" not in name and not any(f == name or f.endswith("/" + name) for f in files):
                missing.append(f"{doc.name}: {name}")
    assert missing == []


def test_the_readme_asks_for_the_terminal_the_app_needs() -> None:
    """The size the README asks for is the one under which the app says the terminal is too
    small (it said 120x40 while the app plays at 100x30 and says so)."""
    from risk_lan.tui.screens.too_small_screen import MIN_HEIGHT, MIN_WIDTH

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    asked = re.findall(r"terminal of at least (\d+)x(\d+)", readme)
    assert asked == [(str(MIN_WIDTH), str(MIN_HEIGHT))]
