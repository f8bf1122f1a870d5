"""The narration package is data and pure functions: it never reaches up into the CLI."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import loupgarou.narration

PACKAGE = Path(loupgarou.narration.__file__).parent
IMPORT_CLI = re.compile(r"^\s*(from|import)\s+loupgarou\.cli\b", re.MULTILINE)
IMPORT_IO = re.compile(r"^\s*(from|import)\s+(time|subprocess|shutil)\b", re.MULTILINE)


def test_no_narration_module_imports_the_cli() -> None:
    for module in PACKAGE.glob("*.py"):
        source = module.read_text(encoding="utf-8")
        assert not IMPORT_CLI.search(source), module.name
        assert not IMPORT_IO.search(source), module.name


def test_importing_narration_loads_no_cli_module() -> None:
    probe = (
        "import sys, loupgarou.narration; "
        "print(sorted(m for m in sys.modules if m.startswith('loupgarou.cli')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_every_narration_module_states_its_contract() -> None:
    for module in PACKAGE.glob("*.py"):
        source = module.read_text(encoding="utf-8")
        assert source.startswith('"""'), module.name
