"""Reading a script's timing: start times, totals, clock display."""

from __future__ import annotations

from loupgarou.narration import Cue, CueKind, call_durations, clock_time, timeline, total_seconds

CUES = (
    Cue(CueKind.NIGHTFALL, "night", "night.fall", "Close your eyes.", 5),
    Cue(CueKind.WAKE, "seer", "step.seer.wake", "Seer, wake.", 1.5),
    Cue(CueKind.ACTION, "seer", "step.seer.action", "Look.", 4.5),
    Cue(CueKind.SLEEP, "seer", "step.seer.sleep", "Seer, sleep.", 1.5),
    Cue(CueKind.REVEAL, "end", "end.reveal", "Reveal.", 0),
)


def test_each_cue_starts_when_the_previous_ones_are_over() -> None:
    assert [at for at, _ in timeline(CUES)] == [0, 5, 6.5, 11, 12.5]
    assert total_seconds(CUES) == 12.5


def test_a_role_call_adds_up_its_three_cues() -> None:
    assert call_durations(CUES) == {"seer": 7.5}


def test_clock_times_read_like_a_stopwatch() -> None:
    assert clock_time(0) == "0:00"
    assert clock_time(361) == "6:01"
    assert clock_time(3725) == "1:02:05"
    assert clock_time(6.5, tenths=True) == "0:06.5"
    assert clock_time(59.96, tenths=True) == "1:00.0"
