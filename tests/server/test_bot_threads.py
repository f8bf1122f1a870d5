"""The bots of a served room think one request at a time, on a pool of threads that every
room shares: a room whose bot thinks for a long time holds one thread, and the bots of
the other rooms go on answering.

A bot is held back here by a gate in the hub's ``_think`` (the server is not compiled, so
the patch reaches it in either build); how a compiled bot lets the other threads have the
interpreter while it thinks is tests/bots/test_solver_threads.py's business.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from loupgarou.server import hub as hub_module
from loupgarou.server.hub import Hub, LiveRoom, token_hash
from loupgarou.server.storage import SqliteStorage

SETTINGS = {
    "family": "lupus",
    "players": 9,
    "timers": {"call": 5, "discussion": 30, "vote": 20},
}
WAIT = 20.0
"""Seconds any step may take (it takes milliseconds)."""


class Clock:
    """The rooms' time, moved on by the test (each step past the next deadline)."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


class Thoughts:
    """What the patched ``_think`` saw, room by room (written from the bots' threads)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.gate = threading.Event()
        self.slow: set[str] = set()
        self.busy: Counter[str] = Counter()
        self.most_at_once: Counter[str] = Counter()
        self.answered: Counter[str] = Counter()
        self.most_open = 0
        """The most bot requests a room had open when one of them was sent to think."""

    def watch(self, hub: Hub, monkeypatch: pytest.MonkeyPatch) -> None:
        """Count the open requests each time the hub sends one to think (on the loop)."""
        send = hub._bots

        def watched(live: LiveRoom) -> None:
            idle = live.thinking is None
            send(live)
            if idle and live.thinking is not None:
                self.most_open = max(self.most_open, len(live.room.bot_requests()))

        monkeypatch.setattr(hub, "_bots", watched)

    def wrap(self, think: Callable[[LiveRoom, Any], dict[str, Any]]) -> Callable[..., Any]:
        def patched(live: LiveRoom, request: Any) -> dict[str, Any]:
            code = live.room.code
            with self.lock:
                self.busy[code] += 1
                self.most_at_once[code] = max(self.most_at_once[code], self.busy[code])
            try:
                if code in self.slow:
                    assert self.gate.wait(2 * WAIT), "the gate was never opened"
                return think(live, request)
            finally:
                with self.lock:
                    self.busy[code] -= 1
                    self.answered[code] += 1

        return patched


def on_a_loop_of_its_own(play: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``play`` on a new event loop in a thread of its own (this thread may already run
    one: Playwright's synchronous API leaves one running for the browser tests), and raise
    what it raised."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(play())
        except BaseException as exc:  # raised again below, in the test's thread
            failed.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


def answers_naming_no_task(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[str, int, str]]:
    """Make every bot's decision name a task that does not exist (a defect the room
    refuses); the count of thoughts per request (room, seat, key)."""
    asked: Counter[tuple[str, int, str]] = Counter()
    think = hub_module._think

    def wrong(live: LiveRoom, request: Any) -> dict[str, Any]:
        asked[(live.room.code, request.seat, request.key)] += 1
        entry = think(live, request)
        return {**entry, "task": "no-such-task"} if entry["t"] == "bot" else entry

    monkeypatch.setattr(hub_module, "_think", wrong)
    return asked


def a_room_of_bots(hub: Hub, seed: int, slow: Thoughts | None = None) -> LiveRoom:
    """A host at seat 0 (whose turns pass at their deadlines) and random bots in the other
    seats, started; ``slow``: its bots wait at the gate."""
    code, host = hub.create(SETTINGS, "Ann")
    live = hub.rooms[code]
    by = token_hash(host)
    for seat in range(1, int(str(SETTINGS["players"]))):
        hub.submit(live, {"t": "lobby", "op": "bot", "seat": seat, "level": "random", "by": by})
    if slow is not None:
        slow.slow.add(code)
    hub.submit(live, {"t": "lobby", "op": "start", "seed": seed, "by": by})
    return live


async def until(check: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + WAIT
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"not within {WAIT} s: {what}")
        await asyncio.sleep(0.005)


async def play_until(
    hub: Hub, clock: Clock, rooms: list[LiveRoom], done: Callable[[], bool], what: str
) -> None:
    """Move the rooms' time on, deadline by deadline, until ``done``."""
    end = time.monotonic() + WAIT
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"not within {WAIT} s: {what}")
        await asyncio.sleep(0.005)
        clock.t += 1.0
        for live in rooms:
            deadline = live.room.next_deadline()
            if deadline is not None and deadline <= clock.t:
                hub.submit(live, {"t": "tick"})


def test_a_room_whose_bot_thinks_long_holds_up_no_other_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = Thoughts()
    monkeypatch.setattr(hub_module, "_think", seen.wrap(hub_module._think))

    async def play() -> None:
        clock = Clock()
        hub = Hub(SqliteStorage(":memory:"), clock=clock)
        seen.watch(hub, monkeypatch)
        hub.start(asyncio.get_running_loop())
        slow = a_room_of_bots(hub, seed=1, slow=seen)
        others = [a_room_of_bots(hub, seed) for seed in (2, 3, 4)]
        try:
            # The slow room's first bot sits on its question; the other rooms' bots answer
            # question after question meanwhile (their time moves on, the slow room's not).
            await play_until(
                hub,
                clock,
                others,
                lambda: all(seen.answered[o.room.code] >= 5 for o in others),
                "the other rooms' bots answered five questions each",
            )
            assert seen.answered[slow.room.code] == 0
            assert slow.thinking is not None and seen.busy[slow.room.code] == 1
            seen.gate.set()
            await play_until(
                hub,
                clock,
                [slow, *others],
                lambda: seen.answered[slow.room.code] >= 5 and seen.most_open >= 2,
                "the slow room's bots answered five questions once the gate opened, and a "
                "room had several requests open at once",
            )
        finally:
            seen.gate.set()
            hub.rooms.clear()  # answers that come back now are dropped, and nothing is asked
            await asyncio.to_thread(hub.thinker.shutdown, True)
        # One request of a room at a time, though rooms had several open at once.
        assert seen.most_open >= 2
        assert set(seen.most_at_once.values()) == {1}

    on_a_loop_of_its_own(play)


def test_an_answer_the_room_refuses_is_not_asked_for_again_and_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bots whose answers name a task that does not exist (a defect) are refused; their
    requests, still open, are not thought about again, and their deadlines pass them."""
    asked = answers_naming_no_task(monkeypatch)

    async def play() -> None:
        clock = Clock()
        hub = Hub(SqliteStorage(":memory:"), clock=clock)
        hub.start(asyncio.get_running_loop())
        live = a_room_of_bots(hub, seed=1)
        try:
            await until(lambda: bool(asked), "the first bot was asked")
            await asyncio.sleep(0.3)  # time enough to ask the same bots hundreds of times
            assert set(asked.values()) == {1} and live.thinking is None
            still_open = {(r.seat, r.key) for r in live.room.bot_requests()}
            assert live.refused and live.refused <= still_open
            # Their deadlines answer them with the default; the next requests are asked,
            # each once.
            await play_until(hub, clock, [live], lambda: len(asked) >= 6, "six requests asked")
            assert set(asked.values()) == {1}
        finally:
            hub.rooms.clear()
            await asyncio.to_thread(hub.thinker.shutdown, True)

    on_a_loop_of_its_own(play)


def test_without_a_loop_a_refused_answer_is_asked_for_once_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hub without an event loop (as the other tests use it) has its bots think at
    once, and follows the same rule: a refused answer's request is not asked again."""
    asked = answers_naming_no_task(monkeypatch)
    started: list[LiveRoom] = []
    # On a thread, so that a hub asking the same bot again and again fails the test
    # instead of hanging it.
    thread = threading.Thread(
        target=lambda: started.append(a_room_of_bots(Hub(SqliteStorage(":memory:")), 1)),
        daemon=True,
    )
    thread.start()
    thread.join(WAIT)
    assert not thread.is_alive(), f"still asking: {asked.most_common(1)}"
    assert asked and set(asked.values()) == {1}
    live = started[0]
    assert live.refused and live.thinking is None
