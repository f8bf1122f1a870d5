"""Timings that leave room for the voice: every spoken line fits the cue it belongs to.

Contract: :func:`fit_timing` is pure.  Given a way to build a script from a
:class:`Timing` and a way to measure how long a text takes to say (seconds), it returns
the timing lengthened just enough that each cue lasts at least as long as its text
takes to say, plus a breath.  Role calls stay all of one length: the call's length is
raised for the longest line of any call (so the equal-length promise holds: the timing of
the night still tells nothing of who holds what).  Other cues have their own durations
(nightfall, dawn, the note, the announcements ...), each raised for its own longest line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final

from loupgarou.narration.cues import Cue, CueKind
from loupgarou.narration.script import WAKE_SHARE, Timing

BREATH: Final = 0.3
"""Seconds of silence kept after each spoken line."""

_OWN_FIELD: Final = {
    CueKind.NOTE: "note_seconds",
    CueKind.NIGHTFALL: "nightfall_seconds",
    CueKind.DAWN: "dawn_seconds",
    CueKind.ANNOUNCE: "announce_seconds",
}
"""Cues whose duration is one field of the timing, whatever the line."""


def fit_timing(
    build: Callable[[Timing], Sequence[Cue]],
    timing: Timing,
    seconds_to_say: Callable[[str], float],
) -> Timing:
    """``timing``, lengthened where a line of ``build(timing)`` takes longer to say."""
    step = timing.step_seconds
    fields: dict[str, float] = {}
    for cue in build(timing):
        need = seconds_to_say(cue.text) + BREATH
        if need <= cue.seconds:
            continue
        if cue.kind in (CueKind.WAKE, CueKind.SLEEP):
            step = max(step, need / WAKE_SHARE)
        elif cue.kind is CueKind.ACTION:
            step = max(step, need / (1 - 2 * WAKE_SHARE))
        elif cue.kind in _OWN_FIELD:
            name = _OWN_FIELD[cue.kind]
            fields[name] = max(fields.get(name, getattr(timing, name)), need)
    rounded = {k: math.ceil(v * 2) / 2 for k, v in fields.items()}
    return replace(timing, step_seconds=math.ceil(step * 2) / 2, **rounded)


def overruns(
    cues: Sequence[Cue], seconds_to_say: Callable[[str], float]
) -> list[tuple[Cue, float]]:
    """The cues whose line takes longer to say than the cue lasts, with that time."""
    out = []
    for cue in cues:
        said = seconds_to_say(cue.text)
        if said > cue.seconds and cue.seconds > 0:
            out.append((cue, said))
    return out
