"""Pointer tools change the document only through `GameSession`'s public methods.

The import-linter contract in pyproject.toml keeps the tools from importing the engine or the
undo history; this test keeps them from reaching the same things through the session object.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import orcus_desktop.controller.tools as tools_package

TOOL_MODULES = sorted(Path(tools_package.__file__).parent.glob("*.py"))
INTERNALS = {"engine", "history", "document"}
"""Session attributes that are its machinery: the rules engine, the undo stack, the document."""


def _session_expr(node: ast.expr) -> bool:
    """`session`, `self._session` or `self.session`: what a tool holds the session as."""
    if isinstance(node, ast.Name):
        return node.id == "session"
    return isinstance(node, ast.Attribute) and node.attr in ("_session", "session")


@pytest.mark.parametrize("path", TOOL_MODULES, ids=lambda p: p.name)
def test_tools_use_only_public_session_methods(path: Path) -> None:
    reached = [
        f"{path.name}:{node.lineno} session.{node.attr}"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute)
        and _session_expr(node.value)
        and (node.attr in INTERNALS or node.attr.startswith("_"))
    ]
    assert reached == []


def test_the_check_sees_every_tool_module() -> None:
    names = {p.name for p in TOOL_MODULES}
    assert {"pointer.py", "move_tool.py", "targeting_tool.py", "forced_move_tool.py"} <= names
