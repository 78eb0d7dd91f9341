"""`write_atomically`: the old file stays whole when a write fails (encounters and autosaves)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from orcus_desktop.model.atomic_file import write_atomically


def test_writes_the_text(tmp_path: Path) -> None:
    target = tmp_path / "fight.json"
    write_atomically(target, "new ✓\n")
    assert target.read_text(encoding="utf-8") == "new ✓\n"
    assert [p.name for p in tmp_path.iterdir()] == ["fight.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "fight.json"
    target.write_text("old\n", encoding="utf-8")

    def disk_full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("orcus_desktop.model.atomic_file.os.fsync", disk_full)
    with pytest.raises(OSError, match="No space"):
        write_atomically(target, "half written")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["fight.json"]
