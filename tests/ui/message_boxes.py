"""Message boxes a window part shows, answered at once (a test has no one to click)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox


def caught_warnings(monkeypatch: pytest.MonkeyPatch, module: str) -> list[str]:
    """The texts of the warning boxes `module` (e.g. ``orcus_desktop.ui.file_actions``) shows
    from now on, in order; each is answered OK at once.
    """
    said: list[str] = []

    def warning(_parent: object, _title: str, text: str, *_args: object) -> object:
        said.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(f"{module}.QMessageBox.warning", warning)
    return said


def answer_questions(
    monkeypatch: pytest.MonkeyPatch, module: str, answer: QMessageBox.StandardButton
) -> None:
    """From now on `module`'s question boxes are answered `answer` at once, as by the GM."""
    monkeypatch.setattr(f"{module}.QMessageBox.question", lambda *_args, **_kwargs: answer)
