"""Shared test settings: a bug in a command shows its traceback in the tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _show_internal_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOUPGAROU_DEBUG", "1")
