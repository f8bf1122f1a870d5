"""Reading a game script from a file or a text.

Contract: :func:`read_script_file` returns the document a file holds (a
mapping, not yet checked against the format), or raises :class:`ScriptError`
with one of the codes ``script.not_found``, ``script.unreadable``,
``script.syntax`` or ``script.empty``; or, past the limits of
:mod:`loupgarou.core.limits`, ``script.too_large`` (checked before the file is read)
or ``script.too_deep``.  A file ending in ``.json`` is read as
JSON; anything else as YAML (``yaml.safe_load``, which also reads JSON).
This is the only module of the package that touches the file system.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TextIO

import yaml

from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON
from loupgarou.core.limits import MAX_DEPTH, MAX_SCRIPT_BYTES, check_shape, check_size


def read_script_file(path: str | Path) -> JSON:
    """Read and decode ``path``; see the module docstring for the errors."""
    p = Path(path)
    if "\x00" in str(p):
        raise ScriptError(
            "script.not_found", f"there is no script file {str(p)!a} (a NUL character)"
        )
    try:
        if p.is_file():
            check_size(p.stat().st_size, MAX_SCRIPT_BYTES, f"the script '{p}'")
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


def read_script_stream(stream: TextIO, source: str = "<stdin>") -> JSON:
    """Read and decode a script from ``stream`` (standard input), no more than
    :data:`MAX_SCRIPT_BYTES` of it."""
    try:
        text = stream.read(MAX_SCRIPT_BYTES + 1)
    except UnicodeDecodeError as exc:
        raise ScriptError("script.unreadable", f"'{source}' is not UTF-8 text") from exc
    check_size(len(text.encode("utf-8")), MAX_SCRIPT_BYTES, f"the script on '{source}'")
    return parse_text(text, source)


def parse_text(text: str, source: str, *, as_json: bool = False) -> JSON:
    """Decode a script's text (JSON if ``as_json``, else YAML), within the limits of
    :mod:`loupgarou.core.limits` (size, depth, values)."""
    check_size(len(text.encode("utf-8")), MAX_SCRIPT_BYTES, f"the script '{source}'")
    document = _decode(text, source, as_json=as_json)
    check_shape(document, f"the script '{source}'")
    return document


def _decode(text: str, source: str, *, as_json: bool) -> JSON:
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
        except RecursionError as exc:
            raise ScriptError(
                "script.too_deep", f"'{source}' nests lists or mappings more than {MAX_DEPTH} deep"
            ) from exc
        except ValueError as exc:  # a number of more than 4300 digits
            raise ScriptError("script.syntax", f"'{source}' is not valid JSON: {exc}") from exc
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
    except RecursionError as exc:
        raise ScriptError(
            "script.too_deep", f"'{source}' nests lists or mappings more than {MAX_DEPTH} deep"
        ) from exc
    except (ValueError, TypeError, OverflowError) as exc:
        # yaml's constructors: a date or a number it cannot build, an unhashable key
        raise ScriptError("script.syntax", f"'{source}' is not valid YAML: {exc}") from exc
