"""The server's pacing of the garbage collector (loupgarou.server.memory): long-lived
objects are kept out of the frequent collections, yet a cycle among them is reclaimed by
the next full collection, and stopping gives the collector back as it was."""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import weakref

from loupgarou.server.memory import YOUNG_THRESHOLD, Collector


class Node:
    """Something that can sit in a reference cycle."""

    def __init__(self) -> None:
        self.other: Node | None = None


def test_what_lived_long_is_frozen_and_a_full_collection_still_reclaims_its_cycles() -> None:
    before = gc.get_threshold()

    async def scenario() -> tuple[int, bool, bool, int]:
        collector = Collector(freeze_every=0.01, full_every=0.2)
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: only the collector can free it
        gone = weakref.ref(a)
        collector.start(asyncio.get_running_loop())
        frozen = gc.get_freeze_count()
        del a, b
        gc.collect()  # the frequent collections do not see a frozen cycle
        kept_while_frozen = gone() is not None
        await asyncio.sleep(0.35)  # past the full collection
        freed_by_the_full_one = gone() is None
        threshold = gc.get_threshold()[0]
        collector.stop()
        return frozen, kept_while_frozen, freed_by_the_full_one, threshold

    # in a thread of its own: the browser tests' Playwright keeps an event loop running in
    # the main thread for the whole session, and asyncio.run refuses to nest in it
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        frozen, kept, freed, threshold = pool.submit(asyncio.run, scenario()).result()
    assert frozen > 0
    assert kept, "a frozen cycle was collected by an ordinary collection"
    assert freed, "the full collection did not reclaim the cycle"
    assert threshold == YOUNG_THRESHOLD
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
