"""Issue 30 item 3's limits on the façade: at most two base classes and 60 public names.

A GM action is a use case handed to `GameSession.run`, not one more method; the façade grows
only where it adds behaviour (undo, opening, the end of a turn, 003-46's Forced switch).
"""

from __future__ import annotations

from orcus_desktop.controller.session import GameSession

MAX_BASES = 2
MAX_PUBLIC_NAMES = 60


def test_the_facade_has_at_most_two_base_classes() -> None:
    assert len(GameSession.__bases__) <= MAX_BASES, GameSession.__bases__


def test_the_facade_has_at_most_sixty_public_names() -> None:
    names = [n for n in dir(GameSession) if not n.startswith("_")]
    assert len(names) <= MAX_PUBLIC_NAMES, f"{len(names)} public names: {names}"


def test_the_runner_and_the_asker_are_the_facade() -> None:
    """The UI, the CLI and the tools reach every use case and question through these."""
    names = set(dir(GameSession))
    assert {"run", "by", "ask", "operation_done", "undo", "redo"} <= names
