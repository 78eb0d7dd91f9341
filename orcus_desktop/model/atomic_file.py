"""Writing a file so that a crash or a full disk never leaves half of it in place of the old.

The new text goes to a temporary file beside the target (`.NAME.XXXXXXXX.orcus-tmp`), is
flushed to disk, then renamed over the target. A failed write removes its temporary file; one
left by a killed process is swept at the next save of that file (`sweep_temp_files`) and at
startup. A saved file keeps its permissions, and a symbolic link is saved through: the file it
points to is replaced, the link stays.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from pathlib import Path

TEMP_SUFFIX = ".orcus-tmp"
_DEFAULT_MODE = 0o666


def write_atomically(target: Path, content: str | bytes) -> None:
    r"""Write `content` (text as UTF-8) to `target`: a temporary file beside it, fsync, rename.

    The rename is atomic on one file system, so readers see the old file or the new one, never
    a mix; the temporary file is removed if anything fails. Characters UTF-8 cannot encode (a
    lone surrogate) are written as `\uXXXX` escapes, which in JSON text read back as the same
    character, so no text makes a file unsaveable.

    Raises:
        OSError: the folder is missing or read-only, the disk is full...; `target` is as it was.
    """
    real = Path(os.path.realpath(target))  # a symbolic link is saved through, not replaced
    sweep_temp_files(real)
    mode = _mode_for(real)
    payload = (
        content.encode("utf-8", errors="backslashreplace") if isinstance(content, str) else content
    )
    fd, temp_name = tempfile.mkstemp(
        prefix=f".{_temp_stem(real.name)}.", suffix=TEMP_SUFFIX, dir=real.parent
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp_name, mode)
        os.replace(temp_name, real)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    _sync_folder(real.parent)


def sweep_temp_files(target: Path) -> int:
    """Remove temporary files an interrupted save of `target` left beside it; how many.

    Matches only this program's names for that target: `.NAME.XXXXXXXX.orcus-tmp`, and the
    `.NAME.XXXXXXXX` of earlier versions. A folder that cannot be listed is left alone.
    """
    stem = re.escape(_temp_stem(target.name))
    pattern = re.compile(rf"^\.{stem}\.[a-z0-9_]{{8}}({re.escape(TEMP_SUFFIX)})?$")
    removed = 0
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return 0
    for entry in entries:
        if pattern.match(entry.name) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed += 1
    return removed


_NAME_BYTES = 255
"""The longest file name most file systems take, in bytes (ext4, NTFS in UTF-16 units, APFS)."""
_TEMP_EXTRA = len(".") + len(".") + 8 + len(TEMP_SUFFIX)


def _temp_stem(name: str) -> str:
    """The target's name as its temporary file's names hold it: cut so they stay a legal name.

    Issue 29: a 236-character name plus ".", "." + 8 random characters and ".orcus-tmp"
    passed the 255-byte limit, and the file could be neither saved nor imported.
    """
    room = _NAME_BYTES - _TEMP_EXTRA
    encoded = os.fsencode(name)
    if len(encoded) <= room:
        return name
    return encoded[:room].decode("utf-8", "ignore") or "x"


def describe_write_error(exc: OSError) -> str:
    """What went wrong with a save, in the GM's words (one line)."""
    reasons = {
        errno.ENOSPC: "the disk is full",
        getattr(errno, "EDQUOT", -1): "the disk quota is used up",
        errno.EROFS: "the disk is read-only",
        errno.EACCES: "the folder is read-only (no permission to write there)",
        errno.EPERM: "the folder is read-only (no permission to write there)",
        errno.ENOENT: "the folder no longer exists",
        errno.ENOTDIR: "the folder no longer exists",
    }
    reason = reasons.get(exc.errno or 0) or exc.strerror or str(exc)
    return f"{reason}; nothing was changed, and the last saved file is as it was"


def _mode_for(target: Path) -> int:
    """The permissions to give the new file: the old file's, or the default for new files."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return _DEFAULT_MODE & ~_umask()


def _umask() -> int:
    # Reading the umask without setting it (os.umask would race with other threads).
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    return 0o022


def _sync_folder(folder: Path) -> None:
    """Flush the rename itself to disk where the platform allows it (POSIX)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
