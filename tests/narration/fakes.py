"""Test doubles for the real-time runners: a clock that never waits, an output that records,
and :func:`play_at_table`, which plays a whole game master's game with scripted answers
through the terminal's driver (:func:`loupgarou.cli.table_driver.drive`)."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from loupgarou.cli.table_driver import drive
from loupgarou.engine.match import Match
from loupgarou.narration import Cue
from loupgarou.tablemaster import TableMaster


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


class TableRecorder(RecordingOutput):
    """Also records the game master's notes for the narrator (never spoken)."""

    def __init__(self, clock: FakeClock, lag: float = 0.0) -> None:
        super().__init__(clock, lag)
        self.notes: list[str] = []
        self.lines: list[str] = []
        """Everything shown, in order: cue texts, ``» note`` and ``? question answer``."""

    def cue(self, at: float, cue: Cue) -> None:
        self.lines.append(cue.text)
        super().cue(at, cue)

    def note(self, text: str) -> None:
        self.notes.append(text)
        self.lines.append(f"» {text}")

    @property
    def texts(self) -> list[str]:
        return [cue.text for _, _, cue in self.shown]


class ScriptedPrompter:
    """Answers the game master's questions from a list; records every question asked.

    ``think`` is how long (on the fake clock) each answer takes to type.
    """

    def __init__(
        self,
        answers: list[str],
        output: TableRecorder | None = None,
        clock: FakeClock | None = None,
        think: float = 0.0,
    ) -> None:
        self.answers = list(answers)
        self.output = output
        self.clock = clock
        self.think = think
        self.asked: list[str] = []

    def ask(self, question: str) -> str:
        if not self.answers:
            raise EOFError
        answer = self.answers.pop(0)
        self.asked.append(question)
        if self.output is not None:
            self.output.lines.append(f"? {question} {answer}")
        if self.clock is not None:
            self.clock.time += self.think
        return answer


@dataclass
class Game:
    match: Match
    out: TableRecorder
    prompter: ScriptedPrompter
    speaker: RecordingSpeaker
    clock: FakeClock


def play_at_table(master: TableMaster, answers: list[str], think: float) -> Game:
    """Play ``master``'s whole game in the terminal's driver, on a fake clock, with the
    scripted ``answers`` (each typed after ``think`` seconds), and check that every answer
    was used."""
    clock = FakeClock()
    out = TableRecorder(clock)
    prompter = ScriptedPrompter(answers, out, clock, think)
    speaker = RecordingSpeaker()
    match = drive(master, clock=clock, output=out, prompter=prompter, speaker=speaker)
    assert prompter.answers == [], "every scripted answer is used"
    return Game(match, out, prompter, speaker, clock)


def typed(monkeypatch: pytest.MonkeyPatch, answers: Sequence[str]) -> None:
    """The narrator's answers, as if piped into the command."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{a}\n" for a in answers)))
