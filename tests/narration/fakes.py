"""Test doubles for the real-time runner: a clock that never waits, an output that records."""

from __future__ import annotations

from loupgarou.narration import Cue


class FakeClock:
    """Time moves only when someone sleeps; every sleep is recorded."""

    def __init__(self, start: float = 1000.0, interrupt_after: int | None = None) -> None:
        self.start = start
        self.time = start
        self.sleeps: list[float] = []
        self.interrupt_after = interrupt_after

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        assert seconds > 0
        if self.interrupt_after is not None and len(self.sleeps) >= self.interrupt_after:
            raise KeyboardInterrupt
        self.sleeps.append(seconds)
        self.time += seconds

    @property
    def elapsed(self) -> float:
        return self.time - self.start


class RecordingOutput:
    """Remembers when (on the fake clock) each cue was shown, and every countdown tick."""

    def __init__(self, clock: FakeClock, lag: float = 0.0) -> None:
        self.clock = clock
        self.lag = lag
        """Simulated time each cue takes to show (a slow terminal or speech)."""
        self.shown: list[tuple[float, float, Cue]] = []
        self.ticks: list[tuple[float, float]] = []
        self.closed = False

    def cue(self, at: float, cue: Cue) -> None:
        self.shown.append((self.clock.elapsed, at, cue))
        self.clock.time += self.lag

    def tick(self, left: float) -> None:
        self.ticks.append((self.clock.elapsed, left))

    def close(self) -> None:
        self.closed = True


class RecordingSpeaker:
    def __init__(self) -> None:
        self.said: list[str] = []
        self.stopped = False
        self.closed = False

    def say(self, text: str) -> None:
        self.said.append(text)

    def stop(self) -> None:
        self.stopped = True

    def close(self) -> None:
        self.closed = True
