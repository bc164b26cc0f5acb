"""Every error code the code base can send or raise, found in its source: what
docs/protocol.md's list of error codes must equal."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


# ----- the error codes the code can send or raise ------------------------------------------

ERROR_CLASSES = ("ProtocolError", "IllegalAction")


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _relayed(node: ast.AST) -> bool:
    """``e.code`` or ``message["code"]``: a code caught or received, sent on as it is."""
    if isinstance(node, ast.Attribute):
        return node.attr == "code"
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "code"
    return False


def _functions(tree: ast.AST) -> dict[int, ast.FunctionDef | ast.AsyncFunctionDef]:
    """The innermost function around each node, by the node's id."""
    around: dict[int, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    for function in functions:  # outer ones first: inner ones overwrite them
        for node in ast.walk(function):
            around[id(node)] = function
    return around


def _params(function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> list[str]:
    if function is None:
        return []
    return [a.arg for a in function.args.args if a.arg not in ("self", "cls")]


def _literals(node: ast.AST, function: ast.AST | None) -> set[str] | None:
    """The codes ``node`` can be: a literal, a conditional between such, or a local name
    only ever assigned such; None when it is something else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        body, orelse = _literals(node.body, function), _literals(node.orelse, function)
        return None if body is None or orelse is None else body | orelse
    if isinstance(node, ast.Name) and function is not None:
        values: set[str] = set()
        assigned = [
            n.value
            for n in ast.walk(function)
            if isinstance(n, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == node.id for t in n.targets)
        ]
        for value in assigned:
            found = _literals(value, function)
            if found is None:
                return None
            values |= found
        return values or None
    return None


def collect_codes(sources: dict[str, str]) -> tuple[set[str], list[str]]:
    """Every error code in ``sources`` (path -> Python source): the first argument of each
    ``ProtocolError``/``IllegalAction``, the ``code`` of each ``error`` message, and the code
    given to each function that sends (or builds) an ``error`` message with a code it is
    passed, however many such functions it goes through. Returns the codes and the places
    where a code is neither a literal (or a choice between literals) nor one relayed as
    received."""
    trees = {path: ast.parse(text) for path, text in sources.items()}
    around = {path: _functions(tree) for path, tree in trees.items()}
    # Where each function that takes a code puts it: (position, parameter name).
    helpers: dict[str, tuple[int, str]] = dict.fromkeys(ERROR_CLASSES, (0, "code"))
    # Each place a code comes from: (path, line, the code's node, the function around it).
    sites: list[tuple[str, int, ast.expr | None, Any]] = []
    calls = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            function = around[path].get(id(node))
            if isinstance(node, ast.Call):
                calls.append((path, node, function))
            if not isinstance(node, ast.Dict):
                continue
            keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
            values = dict(zip(keys, node.values, strict=True))
            kind = values.get("type")
            if isinstance(kind, ast.Constant) and kind.value == "error" and "code" in values:
                code = values["code"]
                sites.append((path, code.lineno, code, function))
                if isinstance(code, ast.Name) and code.id in _params(function):
                    helpers[function.name] = (_params(function).index(code.id), code.id)
    changed = True
    while changed:  # a function passing its code parameter on to a helper is one too
        changed = False
        for _, node, function in calls:
            code = _code_argument(node, helpers)
            if (
                isinstance(code, ast.Name)
                and code.id in _params(function)
                and function.name not in helpers
            ):
                helpers[function.name] = (_params(function).index(code.id), code.id)
                changed = True
    sites += [
        (path, node.lineno, _code_argument(node, helpers), function)
        for path, node, function in calls
        if _name(node.func) in helpers
    ]
    codes: set[str] = set()
    problems: list[str] = []
    for path, line, code, function in sites:
        if code is not None and _relayed(code):
            continue
        own = helpers.get(function.name) if function is not None else None
        if isinstance(code, ast.Name) and own is not None and code.id == own[1]:
            continue  # a helper handing its own code on: counted where it is called
        found = _literals(code, function) if code is not None else None
        if found is None:
            where = ast.unparse(code) if code is not None else "nothing"
            problems.append(f"{path}:{line}: a code given as {where}")
        else:
            codes |= found
    return codes, problems


def _code_argument(node: ast.Call, helpers: dict[str, tuple[int, str]]) -> ast.expr | None:
    name = _name(node.func)
    if name not in helpers:
        return None
    index, param = helpers[name]
    if len(node.args) > index:
        return node.args[index]
    return next((k.value for k in node.keywords if k.arg == param), None)


def code_sources() -> dict[str, str]:
    paths = sorted((ROOT / "protocol").rglob("*.py")) + sorted((ROOT / "risk_lan").rglob("*.py"))
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in paths}
