"""A bug in a command reaches the user as a plain message, never a traceback."""

from __future__ import annotations

import argparse

import pytest

from loupgarou.cli import listing
from loupgarou.cli.main import main


def test_an_unexpected_exception_is_reported_as_an_internal_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("LOUPGAROU_DEBUG")

    def broken(args: argparse.Namespace) -> int:
        raise KeyError("votes")

    monkeypatch.setattr(listing, "run_scenarios", broken)
    assert main(["scenarios"]) == 70
    err = capsys.readouterr().err
    assert err.startswith("error [internal]: KeyError") and "Traceback" not in err


def test_with_debug_set_the_traceback_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(args: argparse.Namespace) -> int:
        raise KeyError("votes")

    monkeypatch.setattr(listing, "run_scenarios", broken)
    with pytest.raises(KeyError):
        main(["scenarios"])
