"""The fields of each message as docs/protocol.md's tables give them: the type written after
each field's name, and which fields the doc lets a sender leave out ("?T or left out")."""

from __future__ import annotations

import re
from pathlib import Path

LEFT_OUT = "or left out"


def fields_cell(row: str) -> str:
    """The Fields cell of a row of the doc's message tables (Type | Signed | Fields | When)."""
    return row.split("|")[3]


def field_types(row: str, names: list[str]) -> dict[str, str]:
    """Each field's type as the row writes it after the field's first mention in its Fields
    cell, up to the next comma or field ("" when it names no type, as `game` often)."""
    cell = fields_cell(row)
    types = {}
    for name in names:
        found = re.search(rf"`{re.escape(name)}`([^,`]*)", cell)
        types[name] = found.group(1).strip() if found else "(not in the Fields cell)"
    return types


def optional(written: str) -> bool:
    return written.startswith("?")


def may_be_left_out(written: str) -> bool:
    return optional(written) and LEFT_OUT in written


def left_out_fields(rows: dict[str, str], schemas: dict[str, dict]) -> dict[str, set[str]]:
    """By message type, the fields the doc lets a sender leave out."""
    found = {}
    for kind, schema in schemas.items():
        if kind in rows:
            types = field_types(rows[kind], list(schema))
            found[kind] = {name for name, written in types.items() if may_be_left_out(written)}
    return found


DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"


def message_rows(text: str) -> dict[str, str]:
    """The rows of the tables of the doc's "Messages" section, by message type."""
    section = text.split("\n## Messages\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        found = re.match(r"\| `([^`]+)` \| (yes|no) \|", line)
        if found:
            rows[found.group(1)] = line
    return rows


def documented_left_out(schemas: dict[str, dict]) -> dict[str, set[str]]:
    """By message type, the fields protocol.md lets a sender leave out."""
    return left_out_fields(message_rows(DOC.read_text(encoding="utf-8")), schemas)


def missing_fields(message: dict, schemas: dict[str, dict], left_out: dict[str, set[str]]) -> set:
    """The fields of ``message`` (and, for a signed one, of its body) that the doc says are
    always there and that it lacks, as "type.field"."""
    kind = message.get("type")
    if kind == "signed":
        return missing_fields(message["body"], schemas, left_out)
    schema = schemas.get(kind, {})
    return {f"{kind}.{name}" for name in set(schema) - set(message) - left_out.get(kind, set())}
