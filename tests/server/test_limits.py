"""Rate limits: counted in the process on one server, in Redis for a cluster, so that an
address guessing room codes gets the same ten tries a minute however many processes
stand behind the load balancer; while Redis is away each process counts on its own.
The Redis tests use the machine's Redis (skipped, saying why, without it; they fail
instead under ``LOUPGAROU_REQUIRE_SERVICES=1``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from loupgarou.server.limits import SharedWindow, Window
from tests.server.services import redis_prefix


def run(body: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """``body`` on a loop of its own, in a thread: the browser tests keep one running in
    the main thread during a whole run."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, body()).result()


def test_a_window_forgets_what_left_it() -> None:
    now = [0.0]
    window = Window(60.0, 3, clock=lambda: now[0])

    async def body() -> None:
        assert [await window.allow("1.2.3.4") for _ in range(4)] == [True] * 3 + [False]
        assert await window.allow("5.6.7.8")  # each address has its own count
        now[0] = 59.9
        assert not await window.allow("1.2.3.4", count=False)
        now[0] = 60.0
        assert await window.allow("1.2.3.4")

    run(body)


def test_processes_of_a_cluster_share_one_count() -> None:
    from redis import asyncio as aioredis

    with redis_prefix() as (url, prefix):

        async def body() -> None:
            clients = [aioredis.Redis.from_url(url) for _ in range(3)]
            try:
                # Three processes, one limit of 10 for the same address.
                windows = [SharedWindow(c, f"{prefix}:rate:codes", 60.0, 10) for c in clients]
                answers = [await windows[i % 3].allow("1.2.3.4") for i in range(15)]
                assert answers == [True] * 10 + [False] * 5
                # Asking without counting does not use a try; another address has its own.
                assert not await windows[0].allow("1.2.3.4", count=False)
                assert await windows[1].allow("5.6.7.8")
                # Another limit's name is another count.
                other = SharedWindow(clients[2], f"{prefix}:rate:creations", 60.0, 10)
                assert await other.allow("1.2.3.4")
                # While Redis is away, a process counts on its own: it neither lets every
                # try through nor refuses everyone.
                away = SharedWindow(clients[0], f"{prefix}:rate:codes", 60.0, 2, up=lambda: False)
                assert [await away.allow("1.2.3.4") for _ in range(3)] == [True, True, False]
            finally:
                for c in clients:
                    await c.aclose()

        run(body)


def test_a_failing_redis_falls_back_to_the_process() -> None:
    from redis import asyncio as aioredis

    async def body() -> None:
        dead = aioredis.Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.2)
        try:
            window = SharedWindow(dead, "nowhere:rate:codes", 60.0, 2)
            assert [await window.allow("1.2.3.4") for _ in range(3)] == [True, True, False]
        finally:
            await dead.aclose()

    run(body)
