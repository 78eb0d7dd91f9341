"""`write_atomically`: the old file stays whole when a write fails (encounters and autosaves)."""

from __future__ import annotations

from pathlib import Path

import pytest

from orcus_desktop.model.atomic_file import write_atomically


def test_writes_the_text(tmp_path: Path) -> None:
    target = tmp_path / "fight.json"
    write_atomically(target, "new ✓\n")
    assert target.read_text(encoding="utf-8") == "new ✓\n"
    assert [p.name for p in tmp_path.iterdir()] == ["fight.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "fight.json"
    target.write_text("old\n", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        write_atomically(target, "half \udcff written")  # a lone surrogate cannot be encoded
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["fight.json"]
