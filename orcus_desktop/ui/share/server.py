"""The players' web server: the Player view's pictures for browsers on the table's network.

Qt-free (the pictures come in as finished PNG bytes); it runs its own asyncio loop on a thread
of its own, so no request ever waits on the GM's window, nor the window on a request.

What it serves, and nothing else (issue 32, docs/sharing.md):

- `/KEY/`: the page, `/KEY/player.js`, `/KEY/player.css`: the app's own assets, held in memory
  (no file is looked up by a request's path, so no path outside them can be named).
- `/KEY/ws?view=V`: a WebSocket that receives the latest picture of view V (the party's, or a
  hero's when the GM lets devices pick one) as a binary message, and as text messages the list
  of heroes a device may pick and V's initiative strip (the line the Player view shows above
  its map). Nothing a browser sends on it is read: the players write nothing.

`KEY` is a fresh random key (`secrets.token_urlsafe`, 144 bits) each time sharing starts. A wrong
or missing key is answered 403 with an empty body, the bare address too; a method other than GET
405, a right key with an unknown name 404, a client asking too often 429 (`RateLimit`); every
refusal has an empty body.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from aiohttp import WSMsgType, web

from orcus_desktop.ui.share.wire import PARTY_VIEW, Asset, Hero

KEY_BYTES = 18
"""The key's randomness: 144 bits (issue 32 asks for 128 at least), 24 URL-safe characters."""

START_TIMEOUT_S = 10.0
STOP_TIMEOUT_S = 5.0
MAX_SOCKETS = 32
"""Devices watching at once; one more is refused (a table has a handful)."""

SECURITY_HEADERS: Final = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
}


@dataclass(slots=True)
class RateLimit:
    """A token bucket per client address: `burst` requests at once, `per_second` after that.

    A refused request costs nothing more; the key cannot be guessed at speed (144 bits anyway).
    """

    per_second: float = 20.0
    burst: float = 60.0
    remembered: int = 256
    """Clients kept before those whose bucket has refilled are forgotten (as good as new)."""
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def allow(self, client: str, now: float) -> bool:
        if client not in self._buckets and len(self._buckets) >= self.remembered:
            self._forget_refilled(now)
        tokens, then = self._buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.per_second)
        if tokens < 1.0:
            self._buckets[client] = (tokens, now)
            return False
        self._buckets[client] = (tokens - 1.0, now)
        return True

    def _forget_refilled(self, now: float) -> None:
        """Drop the clients whose bucket is full again (a new one's is full: the same answers).

        An evening of phones joining and leaving, or a scan of the network, must not grow the
        server's memory without end.
        """
        self._buckets = {
            client: (tokens, then)
            for client, (tokens, then) in self._buckets.items()
            if tokens + (now - then) * self.per_second < self.burst
        }

    @property
    def clients_remembered(self) -> int:
        """How many clients' buckets are kept now."""
        return len(self._buckets)


class _Watcher:
    """One open WebSocket, and the latest picture and text messages not yet sent to it.

    A device that cannot keep up gets the newest picture, never a queue of old ones; of the
    text messages, the newest of each kind (the heroes it may pick, the initiative strip).
    """

    def __init__(self, socket: web.WebSocketResponse, view: str) -> None:
        self.socket = socket
        self.view = view
        self.picture: bytes | None = None
        self.texts: dict[str, str] = {}
        self.wake = asyncio.Event()

    def offer(self, picture: bytes) -> None:
        self.picture = picture
        self.wake.set()

    def offer_text(self, kind: str, message: str) -> None:
        self.texts[kind] = message
        self.wake.set()


class ShareServer:
    """Serves the Player view's pictures to the players' browsers, read-only.

    Args:
        host: the address to bind (the GM's pick; tests use 127.0.0.1).
        port: the port; 0 lets the system pick a free one.
        assets: the page's files by name ("" is the page itself).
        on_views: called on the server's thread with the set of views some device watches
            now, whenever it changes (the GM's side renders only those).
        rate: the per-client request limit.

    Attributes:
        key: this sharing's random key (a new server, a new key).
    """

    def __init__(
        self,
        host: str,
        port: int,
        assets: Mapping[str, Asset],
        *,
        on_views: Callable[[frozenset[str]], None] | None = None,
        rate: RateLimit | None = None,
    ) -> None:
        self.key = secrets.token_urlsafe(KEY_BYTES)
        self._host = host
        self._port = port
        self._assets = dict(assets)
        self._on_views = on_views
        self._rate = rate if rate is not None else RateLimit()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._watchers: set[_Watcher] = set()
        self._frames: dict[str, bytes] = {}
        self._strips: dict[str, str] = {}
        self._heroes: tuple[Hero, ...] = ()
        self._heroes_message = self._heroes_json()
        self._stopped = False

    # --- the GM's side (any thread) -----------------------------------------------------
    def start(self) -> None:
        """Bind and serve; returns once the port is open. Raises OSError if it cannot bind."""
        started = threading.Event()
        failure: list[BaseException] = []
        loop = self._loop = asyncio.new_event_loop()

        def run() -> None:
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self._open())
            except BaseException as exc:  # reported to start()'s caller, on its thread
                failure.append(exc)
                started.set()
                loop.run_until_complete(self._close())
                loop.close()
                return
            started.set()
            loop.run_forever()
            loop.run_until_complete(self._close())
            loop.close()

        self._thread = threading.Thread(target=run, name="orcus-share-server", daemon=True)
        self._thread.start()
        if not started.wait(START_TIMEOUT_S):
            raise OSError("the players' server did not start in time")
        if failure:
            self._thread.join(STOP_TIMEOUT_S)
            exc = failure[0]
            raise exc if isinstance(exc, OSError) else OSError(str(exc))

    @property
    def port(self) -> int:
        """The port served (the system's pick when 0 was asked)."""
        return self._port

    @property
    def host(self) -> str:
        return self._host

    @property
    def url(self) -> str:
        """The whole address a player's browser opens."""
        host = f"[{self._host}]" if ":" in self._host else self._host
        return f"http://{host}:{self._port}/{self.key}/"

    def publish(self, view: str, picture: bytes) -> None:
        """Send `picture` (PNG bytes) to every device watching `view`, and keep it for new ones."""
        self._call(self._publish, view, picture)

    def publish_strip(self, view: str, text: str) -> None:
        """Send the initiative strip's line of `view` ("" when there is none), and keep it."""
        self._call(self._publish_strip, view, text)

    def set_heroes(self, heroes: Sequence[Hero]) -> None:
        """The heroes a device may pick now (none: devices show the party's view only)."""
        self._call(self._set_heroes, tuple(heroes))

    def stop(self) -> None:
        """Close every connection and the port; a second call does nothing."""
        if self._stopped or self._thread is None or self._loop is None:
            return
        self._stopped = True
        if not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):  # closed in between: nothing to stop
                self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(STOP_TIMEOUT_S)

    def _call(self, function: Callable[..., None], *args: object) -> None:
        loop = self._loop
        if not self._stopped and loop is not None and loop.is_running():
            with contextlib.suppress(RuntimeError):  # stopping on another thread just now
                loop.call_soon_threadsafe(function, *args)

    # --- the server's thread ------------------------------------------------------------
    async def _open(self) -> None:
        app = web.Application(middlewares=[self._guard], client_max_size=1024)
        app.router.add_route("*", "/{path:.*}", self._route)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=1.0
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self._host, self._port)
        await site.start()
        sockets = [s for s in self._runner.addresses if isinstance(s, tuple)]
        if sockets:
            self._port = int(sockets[0][1])

    async def _close(self) -> None:
        for watcher in list(self._watchers):
            watcher.wake.set()
            with contextlib.suppress(Exception):
                await watcher.socket.close(code=1001, message=b"")
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if not self._rate.allow(request.remote or "", time.monotonic()):
            return _refused(429)
        if request.method not in ("GET", "HEAD"):
            return _refused(405)
        parts = request.path.split("/")
        if len(parts) < 2 or not secrets.compare_digest(parts[1].encode(), self.key.encode()):
            return _refused(403)
        response = await handler(request)
        if not isinstance(response, web.WebSocketResponse):
            response.headers.update(SECURITY_HEADERS)
        return response

    async def _route(self, request: web.Request) -> web.StreamResponse:
        parts = request.path.split("/")
        if len(parts) == 2:  # /KEY without the slash: the page's own names resolve under /KEY/
            raise web.HTTPFound(f"/{self.key}/")
        if len(parts) != 3:
            return _refused(404)
        name = parts[2]
        if name == "ws":
            return await self._watch(request)
        asset = self._assets.get(name)
        if asset is None:
            return _refused(404)
        return web.Response(body=asset.body, headers={"Content-Type": asset.content_type})

    async def _watch(self, request: web.Request) -> web.StreamResponse:
        if len(self._watchers) >= MAX_SOCKETS:
            return _refused(503)
        socket = web.WebSocketResponse(heartbeat=20.0, max_msg_size=1024, compress=False)
        await socket.prepare(request)
        watcher = _Watcher(socket, self._view_named(request.query.get("view", "")))
        self._watchers.add(watcher)
        self._views_changed()
        watcher.offer_text("heroes", self._heroes_message)
        self._offer_view(watcher)
        sender = asyncio.ensure_future(self._send_loop(watcher))
        try:
            # Read only to notice the close: whatever a browser sends is dropped (read-only).
            async for message in socket:
                if message.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                    break
        finally:
            self._watchers.discard(watcher)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
            if watcher.view not in self._views() and watcher.view != PARTY_VIEW:
                self._forget(watcher.view)  # rendered anew when a device follows it again
            self._views_changed()
        return socket

    async def _send_loop(self, watcher: _Watcher) -> None:
        while not watcher.socket.closed:
            await watcher.wake.wait()
            watcher.wake.clear()
            texts, watcher.texts = watcher.texts, {}
            picture, watcher.picture = watcher.picture, None
            try:
                for text in texts.values():
                    if not watcher.socket.closed:
                        await watcher.socket.send_str(text)
                if picture is not None and not watcher.socket.closed:
                    await watcher.socket.send_bytes(picture)
            except (ConnectionError, RuntimeError):
                return

    def _view_named(self, view: str) -> str:
        return view if any(h.token == view for h in self._heroes) else PARTY_VIEW

    def _views(self) -> frozenset[str]:
        return frozenset(w.view for w in self._watchers)

    def _views_changed(self) -> None:
        if self._on_views is not None:
            self._on_views(self._views())

    def _publish(self, view: str, picture: bytes) -> None:
        self._frames[view] = picture
        for watcher in self._watchers:
            if watcher.view == view:
                watcher.offer(picture)

    def _publish_strip(self, view: str, text: str) -> None:
        message = json.dumps({"strip": text})
        self._strips[view] = message
        for watcher in self._watchers:
            if watcher.view == view:
                watcher.offer_text("strip", message)

    def _offer_view(self, watcher: _Watcher) -> None:
        """Give `watcher` what its view shows now (its strip, its picture), if known."""
        strip = self._strips.get(watcher.view)
        if strip is not None:
            watcher.offer_text("strip", strip)
        picture = self._frames.get(watcher.view)
        if picture is not None:
            watcher.offer(picture)

    def _forget(self, view: str) -> None:
        self._frames.pop(view, None)
        self._strips.pop(view, None)

    def _set_heroes(self, heroes: tuple[Hero, ...]) -> None:
        self._heroes = heroes
        self._heroes_message = self._heroes_json()
        tokens = {h.token for h in heroes}
        for view in {*self._frames, *self._strips}:
            if view != PARTY_VIEW and view not in tokens:
                self._forget(view)
        for watcher in list(self._watchers):
            watcher.offer_text("heroes", self._heroes_message)
            if watcher.view != PARTY_VIEW and watcher.view not in tokens:
                # No longer allowed to follow that hero: the device goes back to the party.
                watcher.view = PARTY_VIEW
                self._offer_view(watcher)
        self._views_changed()

    def _heroes_json(self) -> str:
        return json.dumps({"heroes": [{"token": h.token, "name": h.name} for h in self._heroes]})


def _refused(status: int) -> web.Response:
    """A refusal with no detail: the status alone, an empty body."""
    return web.Response(status=status, body=b"", headers={"Cache-Control": "no-store"})
