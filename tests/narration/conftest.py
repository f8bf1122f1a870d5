"""Fixtures shared by the narration tests."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from typing import Any

import pytest

from loupgarou.cli import narrate
from tests.narration.fakes import FakeClock


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """Real-time runs use a fake clock: they finish at once."""
    fake = FakeClock()
    monkeypatch.setattr(narrate, "make_clock", lambda: fake)
    return fake


@pytest.fixture
def spoken(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """espeak-ng stood in for: the command lines ``narrate --speak`` starts, in order
    (each ends with the text said).  The voice is quick: every line fits its cue as it
    is (the fitting is tested in test_speech_fit)."""
    launched: list[list[str]] = []

    class FakeProcess:
        """A finished ``espeak-ng`` process."""

        returncode = 0

        def __init__(self, argv: Sequence[str], **_: Any) -> None:
            launched.append(list(argv))

        def poll(self) -> int:
            return 0

        def wait(self) -> int:
            return 0

        def communicate(self) -> tuple[bytes, bytes]:
            return b"", b""

    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/espeak-ng")
    monkeypatch.setattr(subprocess, "Popen", FakeProcess)
    monkeypatch.setattr(narrate, "seconds_to_say", lambda program, voice: lambda text: 0.1)
    return launched
