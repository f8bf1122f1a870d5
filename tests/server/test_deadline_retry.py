"""A deadline that falls due while the store fails is tried again, waiting longer each
time (a second, then twice as long, at most a minute), until it is stored; then the room
goes on as if nothing had happened.  Before, the room waited for its next input: at a
table whose every seat waits for the clock, for ever.  In a hub in this process whose
event loop is a stand-in that the test moves on by hand."""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import pytest

from loupgarou.server.hub import RETRY_MOST, Hub, token_hash
from loupgarou.server.storage import SqliteStorage, StorageError

PLAYERS = 5


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


@dataclass
class Timer:
    when: float
    callback: Any
    args: tuple[Any, ...]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


class Timers:
    """The few things of an event loop the hub uses: its timers, and its threads for the
    bots' thoughts (each kept until the test runs it)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.timers: list[Timer] = []
        self.thoughts: list[tuple[Future[Any], Any, tuple[Any, ...]]] = []

    def run_in_executor(self, _executor: object, work: Any, *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.thoughts.append((future, work, args))
        return future

    def think(self) -> None:
        """Have the one bot asked give its answer (it comes back to the hub at once)."""
        assert len(self.thoughts) == 1, self.thoughts
        future, work, args = self.thoughts.pop()
        future.set_result(work(*args))

    def call_later(self, delay: float, callback: Any, *args: Any) -> Timer:
        timer = Timer(self.clock.t + delay, callback, args)
        self.timers.append(timer)
        return timer

    def next(self) -> Timer:
        """The first timer still set."""
        live = [t for t in self.timers if not t.cancelled]
        assert live, "no timer is set"
        return min(live, key=lambda t: t.when)

    def set(self) -> list[str]:
        """The names of the timers still set, first first."""
        live = sorted((t for t in self.timers if not t.cancelled), key=lambda t: t.when)
        return [t.callback.__name__ for t in live]

    def run_next(self) -> float:
        """Move the clock to the timer and run it; the wait it was set for."""
        timer = self.next()
        timer.cancelled = True
        waited = timer.when - self.clock.t
        self.clock.t = max(self.clock.t, timer.when)
        timer.callback(*timer.args)
        return waited


class Runaway(BaseException):
    """Raised through everything (not an ``Exception``): the same write tried on and on."""


class FailingStore(SqliteStorage):
    """SQLite whose appends fail while :attr:`down` (only those of the kinds in
    :attr:`only`, when it is set)."""

    down = False
    only: frozenset[str] = frozenset()
    failed = 0

    def append(self, code: str, seq: int, entry: Mapping[str, Any]) -> None:
        if self.down and (not self.only or entry.get("t") in self.only):
            self.failed += 1
            if self.failed > 50:
                raise Runaway
            raise StorageError("the disk is full")
        super().append(code, seq, entry)


def a_night_of_people() -> tuple[Hub, Any, Clock, Timers, FailingStore]:
    """Five people at One Night, the night begun: every seat has a task with a deadline."""
    clock = Clock()
    store = FailingStore(":memory:")
    hub = Hub(store, clock=clock)
    code, host = hub.create({"family": "one-night", "players": PLAYERS}, "P0")
    live = hub.rooms[code]
    for seat in range(1, PLAYERS):
        hub.submit(live, {"t": "join", "name": f"P{seat}", "token": token_hash(f"t{seat}")})
    hub.submit(live, {"t": "lobby", "op": "start", "seed": 4, "by": token_hash(host)})
    timers = Timers(clock)
    hub.loop = timers  # type: ignore[assignment]
    hub._schedule(live)
    return hub, live, clock, timers, store


def test_a_deadline_that_could_not_be_stored_is_tried_again_ever_more_slowly(
    caplog: pytest.LogCaptureFixture,
) -> None:
    _, live, clock, timers, store = a_night_of_people()
    deadline = live.room.next_deadline()
    assert deadline is not None and timers.next().when == deadline
    seq, revision = live.seq, live.room.revision

    store.down = True
    timers.run_next()  # the deadline falls: its tick cannot be stored
    waits = [timers.run_next() for _ in range(8)]
    assert waits == [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, RETRY_MOST, RETRY_MOST]
    assert live.seq == seq and live.room.revision == revision  # nothing of it kept
    assert "trying again in 60 s" in caplog.text
    live.failures = 5000  # a day and more of failures: still a minute apart
    assert timers.run_next() == RETRY_MOST
    assert timers.next().when == clock.t + RETRY_MOST

    store.down = False
    assert timers.run_next() == RETRY_MOST
    assert live.seq == seq + 1  # the tick is stored, and the room goes on
    assert live.room.next_deadline() != deadline
    assert live.failures == 0
    assert timers.next().when == live.room.next_deadline()  # the next deadline, as usual


def test_an_input_stored_meanwhile_lets_the_deadline_be_tried_at_once() -> None:
    hub, live, clock, timers, store = a_night_of_people()
    store.down = True
    timers.run_next()
    timers.run_next()
    assert timers.next().when == clock.t + 2.0  # the second wait
    store.down = False
    game = live.room.game
    assert game is not None
    hub.submit(live, {"t": "watch", "name": "Zoe", "token": token_hash("z")})  # stored
    assert live.failures == 0
    assert timers.next().when == clock.t  # the deadline, due, is tried at once
    seq = live.seq
    timers.run_next()
    assert live.seq == seq + 1


def test_a_bots_answer_that_could_not_be_stored_is_asked_again_ever_more_slowly(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Asked again at once, a bot would answer and fail as fast as it thinks, for as long
    as the store is down (and log a traceback each time)."""
    clock = Clock()
    store = FailingStore(":memory:")
    hub = Hub(store, clock=clock)
    calls = {"call": 600}  # the call's deadline falls long after what the test does
    code, host = hub.create({"family": "one-night", "players": PLAYERS, "timers": calls}, "P0")
    live = hub.rooms[code]
    for seat in range(1, PLAYERS):
        entry = {"t": "lobby", "op": "bot", "seat": seat, "level": "random"}
        hub.submit(live, {**entry, "by": token_hash(host)})
    hub.submit(live, {"t": "lobby", "op": "start", "seed": 4, "by": token_hash(host)})
    timers = Timers(clock)
    hub.loop = timers  # type: ignore[assignment]
    hub._schedule(live)
    while not timers.thoughts:  # the night's calls, until one asks a bot
        timers.run_next()
    seq = live.seq

    store.down = True
    timers.think()  # its answer cannot be stored
    assert not timers.thoughts and timers.set()[0] == "_bots_later"
    waits = []
    for _ in range(4):
        waits.append(timers.run_next())
        timers.think()  # asked again, and the store still down
    assert waits == [1.0, 2.0, 4.0, 8.0]
    assert live.seq == seq
    assert caplog.text.count("a bot's answer could not be stored") == 5

    store.down = False
    assert timers.run_next() == 16.0
    timers.think()
    assert live.seq == seq + 1 and live.failures == 0  # stored, and the night goes on


def test_without_an_event_loop_a_bot_whose_answer_fails_is_not_asked_on_and_on() -> None:
    """The hub without a loop (as tests and tools use it) has its bots think at once; a bot
    answer the store refuses was asked for again and again, for ever."""
    store = FailingStore(":memory:")
    hub = Hub(store, clock=Clock())
    code, host = hub.create({"family": "thiercelieux", "players": 8}, "P0")
    live = hub.rooms[code]
    for seat in range(1, 8):
        entry = {"t": "lobby", "op": "bot", "seat": seat, "level": "random"}
        hub.submit(live, {**entry, "by": token_hash(host)})
    store.down, store.only = True, frozenset({"bot"})
    hub.submit(live, {"t": "lobby", "op": "start", "seed": 4, "by": token_hash(host)})
    assert store.failed == 1 and live.failures == 1  # stored the start, then waits
