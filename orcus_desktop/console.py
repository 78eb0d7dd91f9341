"""The command line's output streams: a reader that stops reading ends the command quietly.

`orcus-desktop rules show orcus | head -c 10` closes the pipe after ten bytes; the app's next
write, or Python's flush of stdout at exit, then fails with BrokenPipeError (on Windows an
OSError, EINVAL). `exits_quietly_on_closed_pipe` wraps the entry point: it flushes the streams
before returning (so the failure happens while it is watching, not in the interpreter's
shutdown), points the closed streams at the null device so nothing is printed about it, and
returns EXIT_CLOSED_PIPE, as a shell reports for a program a closed pipe stopped.
"""

from __future__ import annotations

import errno
import functools
import os
import sys
from collections.abc import Callable
from typing import ParamSpec, TextIO

P = ParamSpec("P")

EXIT_CLOSED_PIPE = 141  # 128 + SIGPIPE


def exits_quietly_on_closed_pipe(entry: Callable[P, int]) -> Callable[P, int]:
    """`entry`, returning EXIT_CLOSED_PIPE without a word when its output's reader has gone."""

    @functools.wraps(entry)
    def run(*args: P.args, **kwargs: P.kwargs) -> int:
        try:
            try:
                return entry(*args, **kwargs)
            finally:  # --help and --version leave through SystemExit: flush them here too
                _flush(sys.stdout)
                _flush(sys.stderr)
        except OSError as exc:
            if not is_closed_pipe(exc):
                raise
            _discard_output()
            return EXIT_CLOSED_PIPE

    return run


def is_closed_pipe(exc: OSError) -> bool:
    """Whether a write failed because the reading end of the pipe was closed."""
    if isinstance(exc, BrokenPipeError):
        return True
    # Windows reports a write to a closed pipe as EINVAL.
    return sys.platform == "win32" and exc.errno == errno.EINVAL


def _flush(stream: TextIO | None) -> None:
    # A windowed build on Windows has no streams at all. A packaged app's multiprocessing
    # helper (the resource tracker of the art cache's process, R-262) enters through `main`
    # too and closes stdout before it exits: nothing is left to flush there.
    if stream is not None and not stream.closed:
        stream.flush()


def _discard_output() -> None:
    """Point stdout and stderr at the null device: what is still buffered goes nowhere, quietly."""
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is None:
                continue
            try:
                os.dup2(null, stream.fileno())
            except (OSError, ValueError):  # no file descriptor (a test's capture): nothing to do
                continue
    finally:
        os.close(null)
