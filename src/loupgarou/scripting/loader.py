"""Reading a game script from a file or a text.

Contract: :func:`read_script_file` returns the document a file holds (a
mapping, not yet checked against the format), or raises :class:`ScriptError`
with one of the codes ``script.not_found``, ``script.unreadable``,
``script.syntax`` or ``script.empty``.  A file ending in ``.json`` is read as
JSON; anything else as YAML (``yaml.safe_load``, which also reads JSON).
This is the only module of the package that touches the file system.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON


def read_script_file(path: str | Path) -> JSON:
    """Read and decode ``path``; see the module docstring for the errors."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise ScriptError("script.not_found", f"there is no script file '{p}'") from exc
    except IsADirectoryError as exc:
        raise ScriptError("script.unreadable", f"'{p}' is a folder, not a script file") from exc
    except UnicodeDecodeError as exc:
        raise ScriptError(
            "script.unreadable", f"'{p}' is not UTF-8 text (byte {exc.start} cannot be read)"
        ) from exc
    except OSError as exc:
        raise ScriptError("script.unreadable", f"cannot read '{p}': {exc.strerror}") from exc
    return parse_text(text, str(p), as_json=p.suffix.lower() == ".json")


def parse_text(text: str, source: str, *, as_json: bool = False) -> JSON:
    """Decode a script's text (JSON if ``as_json``, else YAML)."""
    if not text.strip():
        raise ScriptError("script.empty", f"'{source}' is empty")
    if as_json:
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScriptError(
                "script.syntax",
                f"'{source}' is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
            ) from exc
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        where = ""
        if exc.problem_mark is not None:
            mark = exc.problem_mark
            where = f" at line {mark.line + 1}, column {mark.column + 1}"
        problem = exc.problem or exc.context or "cannot be parsed"
        raise ScriptError(
            "script.syntax", f"'{source}' is not valid YAML: {problem}{where}"
        ) from exc
    except yaml.YAMLError as exc:
        raise ScriptError("script.syntax", f"'{source}' is not valid YAML: {exc}") from exc
