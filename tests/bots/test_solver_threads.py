"""A long solver question lets the process's other threads run (:mod:`loupgarou.bots.one_night.meter`).

The server's bots think in a thread of their own, beside the event loop that serves every
room.  Compiled, a walk never ran CPython's bytecode loop, where the interpreter lock
changes hands, so the loop waited for the whole question (hundreds of milliseconds at a
ten-player table, seconds at a silent one).  Here an event loop ticks every 2 ms while a
thread asks a *Revenants* question at ten players that takes most of a second compiled
(exact walks past their budgets, then samples); the loop must never wait long.  The test
runs on both builds; the compiled one is the one it guards.
"""

from __future__ import annotations

import asyncio
import threading
import time

from loupgarou.bots.one_night.knowledge import (
    HUNTER,
    SEER,
    VILLAGER,
    WOLF,
    ClaimKey,
    NightKnowledge,
)
from loupgarou.bots.one_night.solver import Solver, role_numbers
from loupgarou.core.actions import Action
from loupgarou.variants.one_night.scenarios import find_scenario

TICK = 0.002
LONGEST_WAIT = 0.1
"""The longest the loop may go without a turn (CPython's switch interval is 5 ms; the
rest is room for a busy machine).  Without the pauses it was the whole question."""


def a_silent_table_question() -> float:
    """Ask one long question (a villager's, two claims heard at a ten-player *Revenants*
    table); its duration in seconds."""
    solver = Solver(role_numbers(find_scenario("revenants").deck_for(10)), 10)
    # Its first walk runs out early, so the solver would skip the wider walk (session 18):
    # walk it anyway, for a question long enough to show a stalled loop.
    solver.wider_from = 0.0
    knowledge = NightKnowledge(0, VILLAGER, ())
    claims = {
        1: ClaimKey(SEER, Action("look", (2,), ()), frozenset({(WOLF, 2, -1)})),
        3: ClaimKey(HUNTER, None, frozenset()),
    }
    start = time.perf_counter()
    solver.posterior(knowledge, claims, budget=16_000, samples=200)
    return time.perf_counter() - start


def test_an_event_loop_keeps_ticking_while_a_bot_thinks() -> None:
    took: list[float] = []
    thinker = threading.Thread(target=lambda: took.append(a_silent_table_question()))

    async def tick() -> float:
        longest = 0.0
        thinker.start()
        while thinker.is_alive():
            before = time.perf_counter()
            await asyncio.sleep(TICK)
            longest = max(longest, time.perf_counter() - before - TICK)
        return longest

    longest = asyncio.run(tick())
    thinker.join()
    assert took, "the question failed"
    # The premise: the question lasts long enough for a stalled loop to show.
    assert took[0] > 2 * LONGEST_WAIT, f"the question took only {took[0] * 1000:.0f} ms"
    assert longest < LONGEST_WAIT, (
        f"the event loop waited {longest * 1000:.0f} ms for its turn "
        f"while the question took {took[0] * 1000:.0f} ms"
    )
