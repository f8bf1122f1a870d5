"""``loupgarou adjudicate SCRIPT``: play a game script and say who won.

Exit codes: 0 when every step was accepted (the game may be unfinished),
1 when a step was refused (the verdict says which and why), 2 for a script
that cannot be read or set up (printed by ``cli/main.py`` as
``error [code]: message``).  ``--json`` prints the verdict document of
``docs/adjudicate-json.md``; ``--record FILE`` also writes the game record.
``--lang fr`` tells the game and writes the report in French, ``--theme`` renames the
roles (as ``narrate`` does); codes, kinds and data stay the same.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from loupgarou.cli.files import check_writable, same_file, usable_name, write_atomically
from loupgarou.core.errors import ScriptError
from loupgarou.engine.record import to_record
from loupgarou.narration.locale import LANGUAGES
from loupgarou.scripting import parse_script, play, read_script_file, render
from loupgarou.scripting.loader import read_script_stream
from loupgarou.scripting.speech import speech_for


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "adjudicate",
        help="play a game script (JSON or YAML) and tell who won, and why",
        description=(
            "Play a game script through the rules and report every step, what each player "
            "learned, the deaths and the winners (or where the game stopped). "
            "Exit code 0: every step accepted; 1: a step was refused; 2: a bad script."
        ),
    )
    p.add_argument(
        "script", help="the script file (.json, .yaml or .yml); '-' reads standard input"
    )
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.add_argument("--record", metavar="FILE", help="also write the game record to FILE")
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        default="en",
        help="the language of the verdict's sentences and of the report (default: en)",
    )
    p.add_argument(
        "--theme",
        metavar="NAME_OR_FILE",
        help="a theme that renames the roles in the verdict (see loupgarou themes)",
    )
    p.set_defaults(func=run)


def _load(source: str) -> Any:
    if source == "-":
        return parse_script(read_script_stream(sys.stdin), "<stdin>")
    return parse_script(read_script_file(source), source)


def run(args: argparse.Namespace) -> int:
    if args.record:
        check_output(args.record, args.script)  # before anything is played
    script = _load(args.script)
    speech = speech_for(script.family, args.lang, args.theme)
    result = play(script, speech)
    verdict = result.verdict
    if args.record:
        write_atomically(
            args.record,
            json.dumps(to_record(result.match), ensure_ascii=False, indent=2) + "\n",
            what="the record",
            inputs=[args.script],
        )
    if args.json:
        print(json.dumps(verdict.to_json(), ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(render(verdict, speech))
    return verdict.exit_code


def check_output(record: str, script: str) -> None:
    """Refuse, before the script is played, a record that would overwrite the script."""
    usable_name(record, "the record")
    usable_name(script, "the script", "script.not_found")
    if script != "-" and same_file(Path(record), Path(script)):
        raise ScriptError(
            "script.overwrites_input",
            f"the record would overwrite the input '{script}': give another file name",
        )
    check_writable(record, "the record")
