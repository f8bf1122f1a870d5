"""The real-time side of ``loupgarou narrate``: the clock, the terminal, the voice, the prompter.

Contract: :func:`run` plays a narrator's script (a sequence of cues) against a
:class:`Clock`, an :class:`Output` and an optional :class:`Speaker`: each cue is shown
(and spoken) when it is due, with a live countdown of the discussion on a terminal.  The
collaborators here are the real ones (:class:`SystemClock`, :class:`TerminalOutput`,
:class:`Espeak` found by :func:`find_speaker`, :class:`TerminalPrompter` for the game
master's questions; :mod:`loupgarou.cli.table_driver` runs a table game master with
them); tests pass fakes instead and run instantly.
"""

from __future__ import annotations

import math
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Protocol, TextIO

from loupgarou.narration import (
    Cue,
    CueKind,
    Locale,
    clock_time,
    timeline,
    total_seconds,
)

ESPEAK = "espeak-ng"
TICKING = frozenset({CueKind.DISCUSSION, CueKind.COUNTDOWN})
"""Cues during which the terminal shows the discussion's time left, second by second."""


# --- the real-time runner's collaborators --------------------------------------------------


class Clock(Protocol):
    """Monotonic time in seconds, and a way to wait."""

    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class Speaker(Protocol):
    def say(self, text: str) -> None: ...

    def stop(self) -> None:
        """Cut any speech short (on Ctrl-C)."""

    def close(self) -> None:
        """Let the last text finish."""


class Silent:
    """A :class:`Speaker` that says nothing."""

    def say(self, text: str) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


class SystemClock:
    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


class Output(Protocol):
    """Where the runner shows the cues."""

    def cue(self, at: float, cue: Cue) -> None: ...

    def tick(self, left: float) -> None:
        """The discussion has ``left`` seconds to go."""

    def close(self) -> None: ...


class TerminalOutput:
    """Prints each cue on its own line; ``live`` adds a self-erasing countdown line."""

    def __init__(self, stream: TextIO, *, live: bool) -> None:
        self.stream = stream
        self.live = live
        self._ticking = False

    def cue(self, at: float, cue: Cue) -> None:
        self._erase()
        print(f"[{clock_time(at)}] {cue.text}", file=self.stream, flush=True)

    def tick(self, left: float) -> None:
        if self.live:
            self.stream.write(f"\r    {clock_time(left)} ")
            self.stream.flush()
            self._ticking = True

    def note(self, text: str) -> None:
        """For the game master's narrator only: marked, never read aloud."""
        self._erase()
        print(f"    » {text}", file=self.stream, flush=True)

    def close(self) -> None:
        self._erase()

    def _erase(self) -> None:
        if self._ticking:
            self.stream.write("\r\033[K")
            self._ticking = False


class Espeak:
    """Speaks through ``espeak-ng``, one text after the other (never two at once), in the
    ``locale``'s voice; if it cannot run, says so on ``err`` in the locale's words."""

    def __init__(self, program: str, locale: Locale, err: TextIO) -> None:
        self.program = program
        self.locale = locale
        self.voice = locale.voice
        self.err = err
        self._proc: subprocess.Popen[bytes] | None = None
        self._broken = False

    def say(self, text: str) -> None:
        if self._broken:
            return
        self.close()
        try:
            self._proc = subprocess.Popen(
                [self.program, "-v", self.voice, text],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
        except OSError as exc:
            self._broken = True
            text = self.locale.text("cli.speak_broken", path=self.program, reason=exc)
            print(text, file=self.err)

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            self._proc.wait()
        self._proc = None

    def close(self) -> None:
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        _out, err = proc.communicate()
        if proc.returncode not in (0, -15) and not self._broken:
            # espeak-ng could not speak (no audio device, an unknown voice ...): say why,
            # once, and stay silent after that rather than fail line after line
            self._broken = True
            reason = err.decode(errors="replace").strip().splitlines()
            detail = reason[-1] if reason else f"exit code {proc.returncode}"
            print(
                self.locale.text("cli.speak_broken", path=self.program, reason=detail),
                file=self.err,
            )


def seconds_to_say(program: str, voice: str) -> Callable[[str], float]:
    """How long ``espeak-ng`` takes to say a text in ``voice``, measured by having it write
    the speech to a WAV file (no sound is played); remembered per text."""
    import tempfile
    import wave

    known: dict[str, float] = {}

    def measure(text: str) -> float:
        if text in known:
            return known[text]
        if not text.strip():
            return 0.0
        with tempfile.NamedTemporaryFile(suffix=".wav") as out:
            done = subprocess.run(
                [program, "-v", voice, "-w", out.name, text],
                capture_output=True,
                check=False,
                timeout=30,
            )
            if done.returncode != 0:
                raise OSError(done.stderr.decode(errors="replace").strip() or "espeak-ng failed")
            with wave.open(out.name) as w:
                seconds: float = w.getnframes() / float(w.getframerate())
        known[text] = seconds
        return seconds

    return measure


def find_speaker(locale: Locale, err: TextIO) -> Speaker:
    """``espeak-ng`` speaking ``locale``'s language when it is installed; otherwise print
    how to get it (in that language) and stay silent."""
    program = shutil.which(ESPEAK)
    if program is None:
        print(locale.text("cli.speak_missing", name=ESPEAK), file=err)
        return Silent()
    return Espeak(program, locale, err)


class TerminalPrompter:
    """Asks the narrator at the terminal.  When the answers come from a pipe or a file
    (not a terminal), each answer is echoed after its question, so the output reads
    like the session it was."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.echo = not stdin.isatty()

    def ask(self, question: str) -> str:
        prompt = f"  ? {question} "
        if not self.echo and self.stdin is sys.stdin and self.stdout is sys.stdout:
            return input(prompt)  # a terminal: line editing; EOFError on Ctrl-D
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            raise EOFError
        answer = line.rstrip("\r\n")
        if self.echo:
            self.stdout.write(f"{answer}\n")
        return answer


def _wait_until(clock: Clock, moment: float) -> None:
    delay = moment - clock.now()
    if delay > 0:
        clock.sleep(delay)


_EPSILON = 1e-6


def _count_down(clock: Clock, output: Output, vote_at: float, left: float, until: float) -> None:
    """Tick from ``left`` seconds before the vote (due at ``vote_at``) down to ``until``,
    once per whole second."""
    while left > until + _EPSILON:
        output.tick(left)
        left = max(until, math.ceil(left - _EPSILON) - 1.0)
        _wait_until(clock, vote_at - left)


def run(cues: Sequence[Cue], clock: Clock, output: Output, speaker: Speaker | None = None) -> None:
    """Play ``cues`` in real time: each cue when it is due, on an absolute schedule.

    Waiting is measured from the start, so slow output or speech never makes
    the schedule drift.  During the discussion, ``output.tick`` is called
    every second with the time left before the vote.
    """
    speaker = speaker or Silent()
    start = clock.now()
    day_end = next((at for at, cue in timeline(cues) if cue.kind is CueKind.VOTE), None)
    for at, cue in timeline(cues):
        _wait_until(clock, start + at)
        output.cue(at, cue)
        speaker.say(cue.text)
        if cue.kind in TICKING and day_end is not None:
            left = day_end - at
            _count_down(clock, output, start + day_end, left, left - cue.seconds)
    _wait_until(clock, start + total_seconds(cues))
    output.close()
    speaker.close()
