"""Every error code the source can raise is documented in docs/errors.md, and every code
a device can be sent (the server's errors, the lobby's problems and warnings, the
engine's verdict on a table) has the pages' own words in French and in English."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile(
    r"^(setup|action|script|record|chance|narration|narrate|tournament|bots|agent|play|limit"
    r"|proto|auth|room|lobby|settings|name|task|say|ready|serve|server)\.[a-z_0-9]+$"
)

FILES = (".html", ".js", ".css", ".json", ".svg")
"""File names the pattern would take for codes (``room.html``)."""


def codes_in_source(under: str = "") -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "src" / "loupgarou" / under).rglob("*.py"):
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


def codes_a_device_can_receive() -> set[str]:
    """What the room layer and the server raise or list, every verdict of the engine on a
    table (``setup.*``: a lobby shows it as a problem or warning, a refused setting sends
    it), every refusal of a move (``action.*``: a phone's choice or statement passes
    through the engine), and the server codes of docs/errors.md (but ``serve.*``, said to
    the person who starts the server, on a terminal)."""
    codes = codes_in_source("session") | codes_in_source("server")
    codes |= {c for c in codes_in_source() if c.startswith(("setup.", "action."))}
    documented = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    server = documented[documented.index("## The server") :]
    codes |= set(re.findall(r"^\| `([a-z_]+\.[a-z_0-9]+)`", server, re.MULTILINE))
    return {c for c in codes if not c.startswith("serve.")}


def page_texts(lang: str) -> dict[str, str]:
    path = ROOT / "src" / "loupgarou" / "web" / "i18n" / f"{lang}.json"
    texts: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return texts


def test_every_code_a_device_receives_has_the_pages_words() -> None:
    codes = codes_a_device_can_receive()
    for lang in ("fr", "en"):
        texts = page_texts(lang)
        missing = sorted(c for c in codes if f"err.{c}" not in texts)
        assert not missing, f"add err.<code> to web/i18n/{lang}.json for: {missing}"


def test_the_device_scan_finds_the_lobby_and_the_engine() -> None:
    assert {
        "lobby.seats_empty",
        "lobby.seats_unnamed",
        "setup.too_few_players",
        "setup.insomniac_alone",
        "room.mode",
        "auth.kicked",
        "action.not_your_turn",
    } <= codes_a_device_can_receive()
