"""What the ``adjudicate`` tests of the three families share: writing a script to a file,
running the command, and the keys version 1 of its JSON promises (docs/adjudicate-json.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from loupgarou.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

VERDICT_KEYS = [
    "format",
    "version",
    "status",
    "script",
    "players",
    "deck",
    "options",
    "warnings",
    "steps",
    "rejected",
    "timeline",
    "learned",
    "result",
    "state",
]
"""The top-level keys of every verdict, in order; the multi-night families add ``story``."""

RESULT_KEYS = {"cards", "centre", "doppelganger", "deaths", "winners", "teams", "reasons"}
"""The keys of a verdict's ``result``, the same in every family."""


def write(tmp_path: Path, doc: Any, name: str = "game.yaml") -> str:
    """``doc`` saved as a script file (JSON for a ``.json`` name, else YAML); its path."""
    path = tmp_path / name
    if name.endswith(".json"):
        path.write_text(json.dumps(doc), encoding="utf-8")
    else:
        path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return str(path)


def verdict(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    """``loupgarou adjudicate --json ARGS``: the exit code and the parsed verdict."""
    code = main(["adjudicate", "--json", *args])
    return code, json.loads(capsys.readouterr().out)


def text(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """``loupgarou adjudicate ARGS``: the exit code and the printed report."""
    code = main(["adjudicate", *args])
    return code, capsys.readouterr().out
