"""Game scripts and the adjudicator: "given these cards and these choices, who won?".

A *script* (JSON or YAML, ``format: loupgarou-script``, see
``docs/script-format.md``) fixes a table, its chance outcomes and the ordered
decisions of a game.  :func:`load_script` reads and checks one;
:func:`adjudicate` plays it through the engine and returns a
:class:`~loupgarou.scripting.verdict.Verdict` (text with
:func:`~loupgarou.scripting.text.render`, JSON with ``Verdict.to_json``,
documented in ``docs/adjudicate-json.md``).  Only :mod:`.loader` reads files.
"""

from __future__ import annotations

from pathlib import Path

from loupgarou.scripting.adjudicator import Played, adjudicate, play
from loupgarou.scripting.loader import parse_text, read_script_file
from loupgarou.scripting.model import SCRIPT_FORMAT, SCRIPT_VERSION, Script, Step
from loupgarou.scripting.parse import parse_script
from loupgarou.scripting.text import render
from loupgarou.scripting.verdict import VERDICT_FORMAT, VERDICT_VERSION, Verdict


def load_script(path: str | Path) -> Script:
    """Read and check the script in ``path`` (raises :class:`ScriptError`)."""
    return parse_script(read_script_file(path), str(path))


__all__ = [
    "SCRIPT_FORMAT",
    "SCRIPT_VERSION",
    "VERDICT_FORMAT",
    "VERDICT_VERSION",
    "Played",
    "Script",
    "Step",
    "Verdict",
    "adjudicate",
    "load_script",
    "parse_script",
    "parse_text",
    "play",
    "read_script_file",
    "render",
]
