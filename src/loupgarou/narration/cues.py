"""Cues: the unit of the narrator's script, and pure helpers to read a script's timing.

Contract: a script is a ``tuple[Cue, ...]`` in the order the narrator says
them.  ``Cue.seconds`` is the time from the start of that cue to the start of
the next one (the last cue has 0), so a cue's start time is the sum of the
durations before it.  Nothing here performs I/O or reads a clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum


class CueKind(StrEnum):
    """What a cue does at the table."""

    NOTE = "note"
    """A notice read before the night (e.g. that the deck was drawn at random)."""
    NIGHTFALL = "nightfall"
    """Everyone closes their eyes."""
    WAKE = "wake"
    """A role call opens: the called role opens its eyes."""
    ACTION = "action"
    """What the awake role may or must do."""
    SLEEP = "sleep"
    """The role call closes: the called role closes its eyes."""
    DAWN = "dawn"
    """Everyone opens their eyes."""
    DISCUSSION = "discussion"
    """The day's discussion starts; its duration is announced."""
    COUNTDOWN = "countdown"
    """Time left in the discussion."""
    VOTE = "vote"
    """The call to vote: get ready, 3, 2, 1, vote."""
    REVEAL = "reveal"
    """The cards are turned face up (the last cue)."""
    ELECTION = "election"
    """Thiercelieux: the village is asked to choose its Captain."""
    ANNOUNCE = "announce"
    """Thiercelieux and Lupus: news the game master announces (deaths, votes, the verdict)."""
    DEFENCE = "defence"
    """Lupus: a suspect speaks in their defence."""


ROLE_CALL_KINDS = frozenset({CueKind.WAKE, CueKind.ACTION, CueKind.SLEEP})
"""The kinds of cue that make up one role call (one step of the call list)."""


@dataclass(frozen=True, slots=True)
class Cue:
    """One thing the narrator says, and how long until the next cue.

    ``step`` is the call-list step of a role call (``"werewolves"``,
    ``"doppelganger_minion"`` ...), or the phase of any other cue (``"night"``,
    ``"day"``, ``"vote"``).  ``key`` is the locale key the text came from.
    """

    kind: CueKind
    step: str
    key: str
    text: str
    seconds: float


def timeline(cues: Iterable[Cue]) -> tuple[tuple[float, Cue], ...]:
    """Each cue with its start time, in seconds from the start of the script."""
    out: list[tuple[float, Cue]] = []
    at = 0.0
    for cue in cues:
        out.append((at, cue))
        at += cue.seconds
    return tuple(out)


def total_seconds(cues: Iterable[Cue]) -> float:
    """How long the whole script lasts."""
    return sum(cue.seconds for cue in cues)


def call_durations(cues: Iterable[Cue]) -> dict[str, float]:
    """Total length of each role call, by step, in call order."""
    out: dict[str, float] = {}
    for cue in cues:
        if cue.kind in ROLE_CALL_KINDS:
            out[cue.step] = out.get(cue.step, 0.0) + cue.seconds
    return out


def clock_time(seconds: float, *, tenths: bool = False) -> str:
    """``m:ss`` (or ``h:mm:ss``) for a time offset, to the second or to the tenth."""
    scale = 10 if tenths else 1
    whole, fraction = divmod(round(seconds * scale), scale)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
    return f"{text}.{fraction}" if tenths else text


def script_lines(cues: Sequence[Cue]) -> list[str]:
    """The whole script as lines of text, each cue with its start time and duration (what
    ``narrate --dry-run`` prints)."""
    times = timeline(cues)
    tenths = any(not float(at).is_integer() for at, _ in times)
    width = 8 if tenths else 6
    return [
        f"{clock_time(at, tenths=tenths):>{width}}  {cue.seconds:>4g}s  {cue.text}"
        for at, cue in times
    ]
