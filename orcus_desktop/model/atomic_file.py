"""Writing a file so that a crash or a full disk never leaves half of it in place of the old."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(target: Path, content: str | bytes) -> None:
    """Write `content` (text as UTF-8) to `target`: a temporary file beside it, fsync, rename.

    The rename is atomic on one file system, so readers see the old file or the new one, never
    a mix; the temporary file is removed if anything fails.
    """
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        data = content.encode("utf-8") if isinstance(content, str) else content
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, target)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
