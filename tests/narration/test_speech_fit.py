"""Spoken lines fit their cues: under --speak every call is lengthened (all alike) until
the voice says each line within its time; espeak-ng's own failures are reported."""

from __future__ import annotations

import io
import os
import shutil
import stat
from pathlib import Path

import pytest

from loupgarou.cli.narrate_runtime import Espeak, seconds_to_say
from loupgarou.narration import Timing, build_script, load_locale
from loupgarou.narration.cues import ROLE_CALL_KINDS, CueKind
from loupgarou.narration.fit import BREATH, fit_timing, overruns
from loupgarou.narration.thiercelieux import night_script
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.thiercelieux.roles import Role as TRole

DECK = (Role.WEREWOLF, Role.WEREWOLF, Role.SEER, Role.ROBBER, Role.TROUBLEMAKER, Role.VILLAGER)


def slow_voice(text: str) -> float:
    """A voice that says 8 characters a second."""
    return len(text) / 8


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_slow_voice_gets_longer_calls_all_of_one_length(lang: str) -> None:
    locale = load_locale(lang)

    def build(t: Timing) -> tuple:  # type: ignore[type-arg]
        return build_script(DECK, locale, timing=t)

    before = build(Timing())
    assert overruns(before, slow_voice), "the test voice is slow enough to overrun"
    fitted = fit_timing(build, Timing(), slow_voice)
    cues = build(fitted)
    calls = [c for c in cues if c.kind in ROLE_CALL_KINDS]
    for cue in calls + [c for c in cues if c.kind in (CueKind.NIGHTFALL, CueKind.DAWN)]:
        assert slow_voice(cue.text) + BREATH <= cue.seconds + 1e-9, cue
    lengths = {sum(c.seconds for c in calls if c.step == step) for step in {c.step for c in calls}}
    assert len(lengths) == 1, "every call lasts the same"
    assert fitted.step_seconds > Timing().step_seconds


def test_a_quick_voice_changes_nothing() -> None:
    locale = load_locale("en")
    fitted = fit_timing(lambda t: build_script(DECK, locale, timing=t), Timing(), lambda _t: 0.5)
    assert fitted == Timing()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_espeak_ng_says_every_line_of_a_fitted_night_within_its_cue(lang: str) -> None:
    program = shutil.which("espeak-ng")
    if program is None:
        if os.environ.get("LOUPGAROU_REQUIRE_ESPEAK"):
            pytest.fail("espeak-ng is required here (LOUPGAROU_REQUIRE_ESPEAK) but not installed")
        pytest.skip("espeak-ng is not installed (apt-get install espeak-ng)")
    locale = load_locale(lang, "thiercelieux")
    measure = seconds_to_say(program, locale.voice)
    deck = (TRole.WEREWOLF, TRole.WEREWOLF, TRole.SEER, TRole.WITCH, TRole.CUPID, TRole.VILLAGER)

    def build(t: Timing) -> tuple:  # type: ignore[type-arg]
        return night_script(deck, 1, locale, timing=t)

    fitted = fit_timing(build, Timing(step_seconds=8), measure)
    assert not overruns(build(fitted), measure)


def test_espeak_failing_is_reported_once(tmp_path: Path) -> None:
    fake = tmp_path / "espeak-ng"
    fake.write_text("#!/bin/sh\necho 'no audio device found' >&2\nexit 1\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    err = io.StringIO()
    speaker = Espeak(str(fake), load_locale("en"), err)
    speaker.say("Night falls.")
    speaker.say("Everyone, close your eyes.")
    speaker.say("Seer, open your eyes.")
    speaker.close()
    lines = [line for line in err.getvalue().splitlines() if line]
    assert len(lines) == 1 and "no audio device found" in lines[0]
