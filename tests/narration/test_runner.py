"""The real-time runner, played instantly on a fake clock."""

from __future__ import annotations

import io
from itertools import pairwise

import pytest

from loupgarou.cli.narrate_runtime import TerminalOutput, run
from loupgarou.narration import CueKind, Timing, build_script, load_locale, timeline, total_seconds
from loupgarou.variants.one_night.roles import Role
from tests.narration.fakes import FakeClock, RecordingOutput, RecordingSpeaker

DECK = (Role.WEREWOLF, Role.WEREWOLF, Role.SEER, Role.ROBBER, Role.TROUBLEMAKER, Role.VILLAGER)
CUES = build_script(DECK, load_locale("en"), timing=Timing(discussion_seconds=90))


def test_each_cue_is_shown_exactly_when_it_is_due() -> None:
    clock = FakeClock()
    out = RecordingOutput(clock)
    run(CUES, clock, out)
    assert [(shown, at) for shown, at, _ in out.shown] == [(at, at) for at, _ in timeline(CUES)]
    assert [cue for _, _, cue in out.shown] == list(CUES)
    assert clock.elapsed == total_seconds(CUES)
    assert out.closed


def test_a_slow_terminal_never_makes_the_schedule_drift() -> None:
    clock = FakeClock()
    out = RecordingOutput(clock, lag=0.3)
    run(CUES, clock, out)
    for shown, at, _ in out.shown:
        assert at <= shown <= at + 0.3 + 1e-9
    assert clock.elapsed == pytest.approx(total_seconds(CUES) + 0.3)  # the last cue's lag


def test_the_discussion_counts_down_second_by_second() -> None:
    clock = FakeClock()
    out = RecordingOutput(clock)
    run(CUES, clock, out)
    lefts = [left for _, left in out.ticks]
    assert lefts == [float(n) for n in range(90, 0, -1)]
    day_start = next(at for at, c in timeline(CUES) if c.kind is CueKind.DISCUSSION)
    assert out.ticks[0][0] == day_start


def test_every_cue_is_spoken_in_order() -> None:
    clock = FakeClock()
    speaker = RecordingSpeaker()
    run(CUES, clock, RecordingOutput(clock), speaker)
    assert speaker.said == [c.text for c in CUES]
    assert speaker.closed


def test_the_terminal_shows_the_time_of_each_cue() -> None:
    stream = io.StringIO()
    run(CUES[:3], FakeClock(), TerminalOutput(stream, live=False))
    assert stream.getvalue().splitlines() == [
        "[0:00] Night falls on the village. Everyone, close your eyes.",
        "[0:05] Werewolves, open your eyes and look for one another.",
        "[0:07] Take note of everyone whose eyes are open. If you find yourself alone, "
        "you may look at one card in the centre.",
    ]


def test_a_live_terminal_erases_its_countdown_before_the_next_cue() -> None:
    stream = io.StringIO()
    day = [c for c in CUES if c.kind in (CueKind.DISCUSSION, CueKind.COUNTDOWN, CueKind.VOTE)]
    run(day, FakeClock(), TerminalOutput(stream, live=True))
    text = stream.getvalue()
    assert "\r    1:30 " in text and "\r    0:01 " in text
    assert "\r\x1b[K[1:30] Time is up." in text


def test_the_countdown_stays_on_whole_seconds_whatever_the_step_length() -> None:
    cues = build_script(
        DECK, load_locale("en"), timing=Timing(step_seconds=0.7, discussion_seconds=90)
    )
    clock = FakeClock()
    out = RecordingOutput(clock)
    run(cues, clock, out)
    lefts = [left for _, left in out.ticks]
    assert [round(left) for left in lefts] == list(range(90, 0, -1))
    assert all(a - b == pytest.approx(1) for a, b in pairwise(lefts))
