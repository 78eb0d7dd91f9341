"""Reading a file the GM names, bounded: only a regular file, never more than a cap (issue 29).

A FIFO, a device or a link to one is refused at once, without waiting for a writer (the file is
opened non-blocking, then checked on the open handle, so a file swapped in between cannot slip
by); a file over the cap is refused after reading one byte past it, whatever its size claims
(`/dev/zero` claims 0 bytes). Every reader of encounters, maps and creature libraries goes
through `read_capped`.
"""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path
from typing import Final

_NON_BLOCKING = getattr(os, "O_NONBLOCK", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_NOT_REGULAR: Final = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


class UnreadableFileError(ValueError):
    """A file that cannot be read as asked; the message is one line naming the file."""


def read_capped(path: str | os.PathLike[str], max_bytes: int, kind: str) -> bytes:
    """The bytes of the regular file at `path`, at most `max_bytes` of them.

    Args:
        path: the file.
        max_bytes: the most it may hold.
        kind: what the file should be, for the message ("an encounter file", "a map file").

    Raises:
        UnreadableFileError: missing, a folder, not a regular file, unreadable, or larger
            than `max_bytes` ("NAME: ..." in one line).
    """
    file = Path(path)
    with open_regular(file, kind) as handle:
        try:
            data = handle.read(max_bytes + 1)
        except OSError as exc:
            raise UnreadableFileError(_problem(file, exc, kind)) from None
    if len(data) > max_bytes:
        raise UnreadableFileError(
            f"{file.name}: too large for {kind} (more than {_size(max_bytes)})"
        )
    return data


def open_regular(file: Path, kind: str) -> io.BufferedReader:
    """`file` opened for reading in binary, once it is known to be a regular file.

    Raises:
        UnreadableFileError: as `read_capped`.
    """
    try:
        fd = os.open(file, os.O_RDONLY | _NON_BLOCKING | _BINARY)
    except OSError as exc:
        raise UnreadableFileError(_problem(file, exc, kind)) from None
    except ValueError as exc:  # a path with a NUL character, for example
        raise UnreadableFileError(f"{file}: not a usable file name ({exc})") from None
    try:
        mode = os.fstat(fd).st_mode
        what = next((name for test, name in _NOT_REGULAR if test(mode)), None)
        if what is not None or not stat.S_ISREG(mode):
            raise UnreadableFileError(f"{file}: is {what or 'not a regular file'}, not {kind}")
        if _NON_BLOCKING and hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _problem(file: Path, exc: OSError, kind: str) -> str:
    if isinstance(exc, FileNotFoundError):
        return f"{file}: no such file"
    if isinstance(exc, IsADirectoryError):
        return f"{file}: is a folder, not {kind}"
    return f"{file}: cannot be read ({exc.strerror or exc})"


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n} bytes"
