"""The garbage collector of a server process that holds many rooms.

Contract: :meth:`Collector.start` (on the server's event loop) moves, every
``freeze_every`` seconds, whatever has lived that long out of the cyclic garbage
collector's sight (``gc.freeze``, which costs nothing however many objects there are),
and every ``full_every`` seconds lets it look at everything once (``gc.unfreeze`` then
``gc.collect``), so that cycles among long-lived objects are still reclaimed.
:meth:`Collector.stop` cancels both and gives every object back to the collector.

Why: reference counting frees nearly everything a server makes; the collector is only
there for reference cycles, and CPython's collects a generation by visiting every
container object in it.  With a thousand rooms of ten phones (about half a GiB of
states, events and connections) a full collection stopped the loop for most of a
second, every few seconds under load: the load bench's p99 latency was 3.1 s with the
collector as it comes, 80 ms with none (docs/server.md).  With this policy the
collections in between see only the last second's objects, and the hourly full one is
the only long pause.  Young cycles (an exception and its traceback, a finished task)
are collected as before.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Final

log = logging.getLogger("loupgarou.server")

FREEZE_EVERY: Final = 0.25
"""Seconds: objects older than this are left out of the collections in between."""

YOUNG_THRESHOLD: Final = 10_000
"""Allocations between two collections of the youngest objects (CPython's default: 700):
each young object is looked at fewer times before it is frozen."""

FULL_EVERY: Final = 3600.0
"""Seconds between the full collections that also see the long-lived objects."""


class Collector:
    """When the cyclic garbage collector looks at what (see the module docstring)."""

    def __init__(self, freeze_every: float = FREEZE_EVERY, full_every: float = FULL_EVERY) -> None:
        self.freeze_every = freeze_every
        self.full_every = full_every
        self.timers: list[asyncio.TimerHandle] = []
        self.full_collections = 0
        self.thresholds: tuple[int, int, int] = gc.get_threshold()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.thresholds = gc.get_threshold()
        gc.set_threshold(YOUNG_THRESHOLD, *self.thresholds[1:])
        gc.freeze()  # what the server loaded to start (its rooms, rebuilt from their logs)
        self.timers = [
            loop.call_later(self.freeze_every, self._freeze, loop),
            loop.call_later(self.full_every, self._full, loop),
        ]

    def stop(self) -> None:
        for timer in self.timers:
            timer.cancel()
        self.timers = []
        gc.unfreeze()
        gc.set_threshold(*self.thresholds)

    def _freeze(self, loop: asyncio.AbstractEventLoop) -> None:
        gc.freeze()
        self.timers[0] = loop.call_later(self.freeze_every, self._freeze, loop)

    def _full(self, loop: asyncio.AbstractEventLoop) -> None:
        began = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.full_collections += 1
        log.info(
            "full garbage collection: %d objects freed in %.0f ms",
            found,
            (time.perf_counter() - began) * 1000,
        )
        self.timers[1] = loop.call_later(self.full_every, self._full, loop)
