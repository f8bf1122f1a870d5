"""Shared test settings: a bug in a command shows its traceback in the tests, and the
report's header says which build of loupgarou ran (``make test`` runs both)."""

from __future__ import annotations

import pytest

from tests.builds import COMPILED, WHERE


def pytest_report_header() -> str:
    build = "compiled (mypyc)" if COMPILED else "interpreted (pure Python)"
    return f"loupgarou: the {build} build, from {WHERE}"


@pytest.fixture(autouse=True)
def _show_internal_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOUPGAROU_DEBUG", "1")
