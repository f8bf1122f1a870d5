"""Fixtures shared by the narration tests."""

from __future__ import annotations

import pytest

from loupgarou.cli import narrate
from tests.narration.fakes import FakeClock


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """Real-time runs use a fake clock: they finish at once."""
    fake = FakeClock()
    monkeypatch.setattr(narrate, "make_clock", lambda: fake)
    return fake
