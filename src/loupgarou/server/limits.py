"""Rate limits: how often one address may do a thing (create rooms, try room codes).

Contract: a limit counts each key's events (a key is a client's address) over a sliding
window of ``seconds``; ``await allow(key)`` says whether one more is allowed and counts
it (``count=False`` only asks).  :class:`Window` counts in this process.
:class:`SharedWindow` counts in Redis for every process of a cluster, so that an address
cannot multiply its tries by the number of processes behind the load balancer; while
Redis is away it counts in its own process instead (never refusing everyone, never
letting everyone through).  The processes' clocks are assumed to agree to well under a
window (NTP), since each stamps its own events.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Final

_SLIDE: Final = """
local now = tonumber(ARGV[1])
local span = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - span)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
if ARGV[4] == '1' then
  redis.call('ZADD', KEYS[1], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[1], math.ceil(span * 1000))
end
return 1
"""
"""One sliding-window check, atomic in Redis: forget what left the window, refuse at the
limit, else count this event (a sorted set of time stamps that expires with its window)."""


class Window:
    """Counts events per key over a sliding window of ``seconds``, in this process."""

    def __init__(
        self, seconds: float, limit: int, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.seconds = seconds
        self.limit = limit
        self.clock = clock
        self.hits: dict[str, deque[float]] = {}

    async def allow(self, key: str, *, count: bool = True) -> bool:
        return self.check(key, self.clock(), count=count)

    def check(self, key: str, now: float, *, count: bool = True) -> bool:
        hits = self.hits.setdefault(key, deque())
        while hits and hits[0] <= now - self.seconds:
            hits.popleft()
        if len(hits) >= self.limit:
            return False
        if count:
            hits.append(now)
        if len(self.hits) > 100_000:  # forget quiet keys so memory stays bounded
            for k in [k for k, v in self.hits.items() if not v]:
                del self.hits[k]
        return True


class SharedWindow(Window):
    """A :class:`Window` kept in Redis under ``{name}:{key}``, shared by every process that
    uses the same name; in this process while ``up()`` says Redis is away or a call fails."""

    def __init__(
        self,
        redis: Any,
        name: str,
        seconds: float,
        limit: int,
        *,
        up: Callable[[], bool] = lambda: True,
    ) -> None:
        from redis.exceptions import RedisError  # the ``scale`` extra: only a cluster has it

        super().__init__(seconds, limit)
        self.name = name
        self.up = up
        self.slide = redis.register_script(_SLIDE)
        self.failures: tuple[type[Exception], ...] = (RedisError, OSError)

    async def allow(self, key: str, *, count: bool = True) -> bool:
        if self.up():
            now = time.time()
            stamp = f"{now:.6f}:{secrets.token_hex(4)}"
            try:
                answer = await self.slide(
                    keys=[f"{self.name}:{key}"],
                    args=[repr(now), repr(self.seconds), self.limit, int(count), stamp],
                )
            except self.failures:
                pass
            else:
                return bool(answer)
        return await super().allow(key, count=count)
