"""A player's device without a browser: the page's WebSocket, read on a thread of its own.

For tests whose thread must keep Qt's event loop turning while pictures arrive.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future

import aiohttp
from yarl import URL

OPEN_TIMEOUT_S = 10.0


class SocketWatcher:
    """Opens `url`'s socket (as the page does, with `view`) and keeps every message it gets.

    `messages` grows on the watcher's thread; `close` ends it (bounded wait).
    """

    def __init__(self, url: str, view: str | None = None) -> None:
        address = URL(url + "ws").with_scheme("ws")
        self._address = address.with_query(view=view) if view is not None else address
        self.messages: list[bytes | str] = []
        self.closed_by_server = threading.Event()
        self._opened: Future[None] = Future()
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._run, name="test-socket", daemon=True)
        self._thread.start()
        self._opened.result(OPEN_TIMEOUT_S)

    def pictures(self) -> list[bytes]:
        return [m for m in list(self.messages) if isinstance(m, bytes)]

    def texts(self) -> list[str]:
        return [m for m in list(self.messages) if isinstance(m, str)]

    def close(self) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        self._thread.join(OPEN_TIMEOUT_S)

    def _run(self) -> None:
        asyncio.run(self._watch())

    async def _watch(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        try:
            async with (
                aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None)) as client,
                client.ws_connect(
                    self._address, timeout=aiohttp.ClientWSTimeout(ws_close=2)
                ) as ws,
            ):
                self._opened.set_result(None)
                stop = asyncio.ensure_future(self._stop.wait())
                while not self._stop.is_set():
                    receive = asyncio.ensure_future(ws.receive())
                    done, _ = await asyncio.wait(
                        {receive, stop}, timeout=60, return_when=asyncio.FIRST_COMPLETED
                    )
                    if receive not in done:
                        receive.cancel()
                        break
                    message = receive.result()
                    if message.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
                        self.messages.append(message.data)
                    else:
                        self.closed_by_server.set()
                        break
                stop.cancel()
        except BaseException as exc:
            if not self._opened.done():
                self._opened.set_exception(exc)
