"""A real browser for the sharing tests and benchmarks: Debian's chromium driven by Playwright.

Playwright comes from PyPI (the dev extra); the browser is the system's `chromium` package
(`packaging/bootstrap.sh test` installs it), never one Playwright downloads. Every launch gets
a fresh profile folder and no network but the loopback address the test serves on.

`BrowserThread` runs the browser on a thread of its own: Playwright's calls block, and the
test's thread must keep Qt's event loop turning (the pictures are rendered there).
"""

from __future__ import annotations

import os
import queue
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Response, ViewportSize, WebSocket

T = TypeVar("T")

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PHONE: ViewportSize = {"width": 390, "height": 844}
"""A phone's viewport in CSS pixels (portrait)."""
DESKTOP: ViewportSize = {"width": 1024, "height": 768}


def chromium_path() -> str | None:
    """The system's Chromium, if installed (Debian's package names it `chromium`)."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def chromium_or_skip() -> str:
    """The Chromium to drive; a test that needs it is skipped, saying why, when it is missing.

    On CI it fails instead: the bootstrap installs chromium and Playwright, so their absence
    there is a set-up bug.
    """
    missing = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing = "Playwright is not installed (pip install -e '.[dev]')"
    path = chromium_path()
    if path is None:
        missing = missing or "Chromium is not installed (apt-get install chromium)"
    if missing is not None:
        if os.environ.get("CI") and sys.platform.startswith("linux"):
            pytest.fail(f"{missing}: packaging/bootstrap.sh test installs it")
        pytest.skip(f"needs a real browser: {missing}")
    assert path is not None
    return path


@contextmanager
def chromium(
    profile: Path, viewport: ViewportSize | None = None, *, has_touch: bool = False
) -> Iterator[BrowserContext]:
    """A fresh headless Chromium (its own profile folder) as a Playwright browser context.

    With `has_touch` the pages have a touchscreen (a phone's, a tablet's).
    """
    from playwright.sync_api import sync_playwright

    executable = chromium_or_skip()
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=executable,
            args=CHROMIUM_ARGS,
            headless=True,
            viewport=viewport or DESKTOP,
            has_touch=has_touch,
            timeout=30_000,
        )
        try:
            yield context
        finally:
            context.close()


FRAMES_SHOWN = "Number(document.body.dataset.frames || 0)"
"""How many pictures the page has put on screen (player.js counts them)."""


def wait_for_frames(page: Page, at_least: int, timeout_s: float = 30.0) -> int:
    """Wait until the page has shown `at_least` pictures; returns when the last one was shown
    (the page's clock, ms since the epoch).

    Polled from here (bounded): the page's policy forbids the eval a page-side wait would use.
    """
    deadline = time.monotonic() + timeout_s
    while True:
        frames, shown_at = page.evaluate(
            f"[{FRAMES_SHOWN}, Number(document.body.dataset.shownAt || 0)]"
        )
        if frames >= at_least:
            return int(shown_at)
        if time.monotonic() > deadline:
            raise TimeoutError(f"the page showed {frames} pictures, not {at_least}")
        page.wait_for_timeout(5)


@dataclass
class Received:
    """Every byte a page received: each response's body and each WebSocket message."""

    responses: list[Response] = field(default_factory=list)
    socket_messages: list[bytes | str] = field(default_factory=list)
    bodies: list[tuple[str, str, bytes]] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on("response", self._on_response)
        page.on("websocket", self._on_socket)

    def _on_response(self, response: Response) -> None:
        self.responses.append(response)

    def _on_socket(self, socket: WebSocket) -> None:
        socket.on("framereceived", self._on_message)

    def _on_message(self, message: bytes | str) -> None:
        self.socket_messages.append(message)

    def collect(self) -> None:
        """Read the bodies of the responses so far (call on the browser's thread)."""
        for response in self.responses[len(self.bodies) :]:
            try:
                body = response.body()
            except Exception:  # a redirect or a socket upgrade has no body to read
                body = b""
            content_type = response.headers.get("content-type", "")
            self.bodies.append((response.url, content_type, body))

    def texts(self) -> list[str]:
        """Everything received that is text (pages, scripts, styles, socket text messages)."""
        texts = [
            body.decode("utf-8", "replace")
            for _url, _kind, body in self.bodies
            if not body.startswith(PNG_SIGNATURE)
        ]
        texts += [m for m in self.socket_messages if isinstance(m, str)]
        return texts

    def urls(self) -> list[str]:
        return [url for url, _kind, _body in self.bodies]

    def pictures(self) -> list[bytes]:
        """The binary socket messages (the PNG pictures of the map), then any other PNG body."""
        pictures = [m for m in self.socket_messages if isinstance(m, bytes)]
        pictures += [b for _u, _k, b in self.bodies if b.startswith(PNG_SIGNATURE)]
        return pictures

    def socket_pictures(self) -> list[bytes]:
        """The pictures sent over the socket, in order."""
        return [m for m in self.socket_messages if isinstance(m, bytes)]


class BrowserThread:
    """A Chromium on its own thread; `call` runs a function there and returns a Future.

    The function gets the browser context. The thread ends with `close` (bounded wait).
    """

    def __init__(
        self, profile: Path, viewport: ViewportSize | None = None, *, has_touch: bool = False
    ) -> None:
        chromium_or_skip()
        self._tasks: queue.Queue[tuple[Callable[[BrowserContext], Any], Future[Any]] | None] = (
            queue.Queue()
        )
        self._ready: Future[None] = Future()
        self._thread = threading.Thread(
            target=self._run,
            args=(profile, viewport, has_touch),
            name="test-chromium",
            daemon=True,
        )
        self._thread.start()
        self._ready.result(timeout=60)

    def call(self, function: Callable[[BrowserContext], T]) -> Future[T]:
        future: Future[T] = Future()
        self._tasks.put((function, future))
        return future

    def close(self) -> None:
        self._tasks.put(None)
        self._thread.join(30)

    def _run(self, profile: Path, viewport: ViewportSize | None, has_touch: bool) -> None:
        try:
            with chromium(profile, viewport, has_touch=has_touch) as context:
                self._ready.set_result(None)
                idle_until = time.monotonic() + IDLE_LIMIT_S
                while time.monotonic() < idle_until:
                    try:
                        task = self._tasks.get_nowait()
                    except queue.Empty:
                        _pump(context)  # Playwright hands over events only inside its calls
                        continue
                    if task is None:
                        return
                    function, future = task
                    try:
                        future.set_result(function(context))
                    except BaseException as exc:
                        future.set_exception(exc)
                    idle_until = time.monotonic() + IDLE_LIMIT_S
        except BaseException as exc:
            if not self._ready.done():
                self._ready.set_exception(exc)


IDLE_LIMIT_S = 600.0
"""A browser thread given nothing to do for this long ends (a test that forgot `close`)."""


def _pump(context: BrowserContext) -> None:
    """Let Playwright deliver the pages' events (responses, socket messages) for a moment."""
    pages = context.pages
    if pages:
        pages[0].wait_for_timeout(PUMP_MS)
    else:
        time.sleep(PUMP_MS / 1000)


PUMP_MS = 10
