"""The players' web server, from a player's device (issue 32, items 1, 6 and 8).

Every test binds 127.0.0.1 and a free port; every loop of requests is bounded in count and time.
"""

from __future__ import annotations

import asyncio
import random
import socket
import threading
from collections.abc import Iterator

import aiohttp
import pytest
from yarl import URL

from orcus_desktop.ui.share.page import page_assets
from orcus_desktop.ui.share.server import KEY_BYTES, RateLimit, ShareServer
from orcus_desktop.ui.share.wire import PARTY_VIEW, Hero

TIMEOUT = aiohttp.ClientTimeout(total=10)
PICTURE = b"\x89PNG\r\n\x1a\n-the-party-s-picture"


@pytest.fixture
def server() -> Iterator[ShareServer]:
    serving = ShareServer("127.0.0.1", 0, page_assets())
    serving.start()
    yield serving
    serving.stop()


def base(server: ShareServer) -> str:
    return f"http://127.0.0.1:{server.port}"


async def fetch(url: str | URL, method: str = "GET") -> tuple[int, bytes, dict[str, str]]:
    async with (
        aiohttp.ClientSession(timeout=TIMEOUT) as client,
        client.request(method, url, allow_redirects=False) as response,
    ):
        return response.status, await response.read(), dict(response.headers)


def test_each_sharing_has_a_fresh_random_key_of_at_least_128_bits() -> None:
    keys = {ShareServer("127.0.0.1", 0, {}).key for _ in range(5)}
    assert len(keys) == 5
    assert KEY_BYTES * 8 >= 128
    assert all(len(k) >= 22 for k in keys)  # 128 bits as URL-safe base64 is 22 characters


def test_the_address_serves_the_page_and_its_own_files(server: ShareServer) -> None:
    assert server.url == f"{base(server)}/{server.key}/"
    status, body, headers = asyncio.run(fetch(server.url))
    assert status == 200
    assert b'<script src="player.js">' in body
    assert headers["Cache-Control"] == "no-store"
    assert "default-src 'none'" in headers["Content-Security-Policy"]  # nothing from elsewhere
    for name in ("player.js", "player.css"):
        status, body, _ = asyncio.run(fetch(server.url + name))
        assert status == 200
        assert body == page_assets()[name].body


@pytest.mark.parametrize(
    "path",
    ["/", "/index.html", "/player.js", "/{wrong}/", "/{wrong}/player.js", "/{short}/", "/ws"],
)
def test_a_wrong_or_missing_key_is_refused_with_no_detail(server: ShareServer, path: str) -> None:
    wrong = ("B" if server.key[0] == "A" else "A") + server.key[1:]
    url = base(server) + path.format(wrong=wrong, short=server.key[:-1])
    status, body, _ = asyncio.run(fetch(url))
    assert (status, body) == (403, b"")


def test_nothing_else_is_served_under_the_key(server: ShareServer) -> None:
    key = server.key
    for path in (f"/{key}/index.html", f"/{key}/share/", f"/{key}/a/b", f"/{key}/..%2Fdemo.json"):
        status, body, _ = asyncio.run(fetch(URL(base(server) + path, encoded=True)))
        assert (status, body) == (404, b""), path
    # No path outside the page's files, however it is spelled: only names held in memory.
    outside = URL(f"{base(server)}/{key}/../../etc/passwd", encoded=True)
    status, body, _ = asyncio.run(fetch(outside))
    assert status in (403, 404)
    assert body == b""


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_the_server_accepts_no_writes(server: ShareServer, method: str) -> None:
    status, body, _ = asyncio.run(fetch(server.url, method))
    assert (status, body) == (405, b"")


def test_a_client_asking_too_often_is_turned_away() -> None:
    serving = ShareServer("127.0.0.1", 0, page_assets(), rate=RateLimit(per_second=5, burst=10))
    serving.start()
    try:

        async def hammer() -> list[int]:
            statuses = []
            async with aiohttp.ClientSession(timeout=TIMEOUT) as client:
                for _ in range(40):  # bounded: 40 requests, a few seconds at most
                    async with client.get(serving.url + "player.css") as response:
                        statuses.append(response.status)
                        assert response.status != 429 or await response.read() == b""
            return statuses

        statuses = asyncio.run(asyncio.wait_for(hammer(), 20))
    finally:
        serving.stop()
    assert statuses[:10] == [200] * 10
    assert statuses.count(429) >= 20


def test_the_rate_limit_refills_with_time() -> None:
    limit = RateLimit(per_second=2, burst=2)
    assert [limit.allow("a", 0.0) for _ in range(3)] == [True, True, False]
    assert limit.allow("b", 0.0)  # each client has its own
    assert limit.allow("a", 0.5)
    assert not limit.allow("a", 0.5)


def test_the_rate_limit_forgets_refilled_clients_without_changing_an_answer() -> None:
    """An evening of devices joining and leaving (or a scan of the network) keeps a bounded
    memory, and forgetting a client whose bucket refilled answers exactly as remembering it."""
    rng = random.Random(7)
    bounded = RateLimit(per_second=2, burst=3, remembered=8)
    unbounded = RateLimit(per_second=2, burst=3, remembered=1_000_000)
    now = 0.0
    for _ in range(20_000):
        now += rng.choice((0.0, 0.01, 0.2, 1.0))
        client = f"10.0.0.{rng.randrange(40)}" if rng.random() < 0.7 else f"scan-{now}"
        assert bounded.allow(client, now) == unbounded.allow(client, now)
    assert bounded.clients_remembered <= 40 + 1
    assert unbounded.clients_remembered > 1_000


async def watch(
    url: str, view: str | None, messages: int, send: str | None = None
) -> list[bytes | str]:
    """Open the socket a page opens and read `messages` messages (bounded in time)."""
    address = URL(url + "ws").with_scheme("ws")
    if view is not None:
        address = address.with_query(view=view)
    got: list[bytes | str] = []
    async with (
        aiohttp.ClientSession(timeout=TIMEOUT) as client,
        client.ws_connect(address) as ws,
    ):
        if send is not None:
            await ws.send_str(send)
        while len(got) < messages:
            message = await ws.receive(timeout=10)
            if message.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
                got.append(message.data)
            else:
                break
    return got


def test_a_device_gets_the_heroes_it_may_pick_then_the_latest_picture(
    server: ShareServer,
) -> None:
    server.publish(PARTY_VIEW, b"old picture")
    server.publish(PARTY_VIEW, PICTURE)
    server.set_heroes([Hero("tok3n", "Brakka")])
    got = asyncio.run(watch(server.url, None, 2))
    assert got == ['{"heroes": [{"token": "tok3n", "name": "Brakka"}]}', PICTURE]


def test_a_hero_view_is_sent_only_to_the_devices_that_picked_it(server: ShareServer) -> None:
    server.set_heroes([Hero("tok3n", "Brakka")])
    server.publish(PARTY_VIEW, PICTURE)
    server.publish("tok3n", b"what Brakka sees")
    assert asyncio.run(watch(server.url, "tok3n", 2))[1] == b"what Brakka sees"
    # A hero that is not offered (a made-up or an old token): the party's view.
    assert asyncio.run(watch(server.url, "made-up", 2))[1] == PICTURE


def test_what_a_browser_sends_changes_nothing(server: ShareServer) -> None:
    server.publish(PARTY_VIEW, PICTURE)
    got = asyncio.run(watch(server.url, None, 2, send='{"move": "rat", "to": [1, 1]}'))
    assert got[1] == PICTURE


def test_the_gm_side_is_told_which_views_are_watched() -> None:
    seen: list[frozenset[str]] = []
    changed = threading.Event()

    def on_views(views: frozenset[str]) -> None:
        seen.append(views)
        changed.set()

    serving = ShareServer("127.0.0.1", 0, page_assets(), on_views=on_views)
    serving.start()
    try:
        serving.set_heroes([Hero("tok3n", "Brakka")])
        serving.publish("tok3n", PICTURE)
        asyncio.run(watch(serving.url, "tok3n", 2))
    finally:
        serving.stop()
    assert frozenset({"tok3n"}) in seen
    assert seen[-1] == frozenset()  # the device left: nothing is watched


def test_stopping_drops_every_connection_and_closes_the_port() -> None:
    serving = ShareServer("127.0.0.1", 0, page_assets())
    serving.start()
    serving.publish(PARTY_VIEW, PICTURE)

    async def watch_until_closed() -> aiohttp.WSMsgType:
        address = URL(serving.url + "ws").with_scheme("ws")
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as client,
            client.ws_connect(address) as ws,
        ):
            for _ in range(2):
                await ws.receive(timeout=10)
            await asyncio.get_running_loop().run_in_executor(None, serving.stop)
            return (await ws.receive(timeout=10)).type

    closed = asyncio.run(watch_until_closed())
    assert closed in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    with (
        pytest.raises(ConnectionRefusedError),
        socket.create_connection(("127.0.0.1", serving.port), 2),
    ):
        pass


def test_an_address_already_taken_is_reported() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        serving = ShareServer("127.0.0.1", taken.getsockname()[1], page_assets())
        with pytest.raises(OSError, match=r"(?i)address already in use"):
            serving.start()


def test_a_device_gets_its_views_initiative_strip_as_text(server: ShareServer) -> None:
    server.publish(PARTY_VIEW, PICTURE)
    server.publish_strip(PARTY_VIEW, "Round 1 · Now: Brakka · Next: GW1")
    got = asyncio.run(watch(server.url, None, 3))
    assert got[1:] == ['{"strip": "Round 1 \\u00b7 Now: Brakka \\u00b7 Next: GW1"}', PICTURE]


def test_a_hero_view_nobody_follows_any_more_is_forgotten(server: ShareServer) -> None:
    server.set_heroes([Hero("tok3n", "Brakka")])
    server.publish("tok3n", b"what Brakka saw")
    asyncio.run(watch(server.url, "tok3n", 2))
    # The next device to follow her waits for a fresh picture rather than an old one.
    server.publish(PARTY_VIEW, PICTURE)
    got = asyncio.run(watch(server.url, "tok3n", 1))
    assert got == ['{"heroes": [{"token": "tok3n", "name": "Brakka"}]}']
