"""Every error code the source can raise is documented in docs/errors.md."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile(
    r"^(setup|action|script|record|chance|narration|narrate|tournament|bots|agent|play|limit"
    r"|proto|auth|room|lobby|settings|name|task|say|ready|serve|server)\.[a-z_0-9]+$"
)

FILES = (".html", ".js", ".css", ".json", ".svg")
"""File names the pattern would take for codes (``room.html``)."""


def codes_in_source() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "src" / "loupgarou").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            value = node.value if isinstance(node, ast.Constant) else None
            if isinstance(value, str) and CODE.match(value) and not value.endswith(FILES):
                found.add(value)
    return found


def test_every_error_code_in_the_source_is_documented() -> None:
    documented = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    missing = sorted(c for c in codes_in_source() if f"`{c}`" not in documented)
    assert not missing, f"add these codes to docs/errors.md: {missing}"


def test_the_scan_finds_codes() -> None:
    assert {"action.illegal", "setup.card_count", "record.version"} <= codes_in_source()
