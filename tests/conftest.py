"""Shared test settings: a bug in a command shows its traceback in the tests, and the
report's last line says which build of loupgarou ran (``make test`` runs both)."""

from __future__ import annotations

import pytest

from tests.builds import COMPILED, WHERE


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Said at the end, where ``-q`` still shows it."""
    build = "compiled (mypyc)" if COMPILED else "interpreted (pure Python)"
    terminalreporter.write_line(f"loupgarou: the {build} build, from {WHERE}")


@pytest.fixture(autouse=True)
def _show_internal_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOUPGAROU_DEBUG", "1")
