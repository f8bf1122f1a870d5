"""Entry point of the ``loupgarou`` command.

Each sub-command lives in its own module that exposes ``register(subparsers)``
(adds its parser, with ``func`` set to a handler taking the parsed arguments
and returning an exit code).  Any :class:`LoupGarouError` is printed as
``error [code]: message`` (or as JSON with ``--json``) with exit code 2; an
unexpected exception (a bug) as ``error [internal]`` with exit code 70: never a
traceback, unless ``LOUPGAROU_DEBUG`` is set.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from loupgarou import __version__, build_description
from loupgarou.cli import (
    adjudicate,
    listing,
    narrate,
    play,
    rules,
    serve,
    simulate,
    themes,
    tournament,
)
from loupgarou.core.errors import LoupGarouError, ScriptError

COMMANDS = (serve, narrate, adjudicate, listing, rules, themes, tournament, simulate, play)


class Parser(argparse.ArgumentParser):
    """An argument parser whose every complaint (an unknown flag, a missing argument, a
    value out of its bounds: :mod:`loupgarou.cli.bounds`) is a :class:`ScriptError`
    ``script.bad_argument`` of one line, reported as every other error (as JSON with
    ``--json``), instead of argparse's usage text."""

    def error(self, message: str) -> NoReturn:
        line = " ".join(message.split())
        raise ScriptError("script.bad_argument", f"{self.prog}: {line} (see {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="loupgarou",
        description="A game master for Werewolf games: One Night, Thiercelieux, Lupus in Tabula.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"loupgarou {__version__}: {build_description()}",
        help="show the version and which build runs (compiled or interpreted), and exit",
    )
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=Parser
    )
    for module in COMMANDS:
        module.register(sub)
    return parser


def report(exc: LoupGarouError, as_json: bool) -> int:
    """Print an error for a person (standard error) or a program (JSON on standard output)."""
    if as_json:
        print(json.dumps({"error": exc.to_json()}, ensure_ascii=False, indent=2))
    else:
        print(f"error [{exc.code}]: {exc.message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(words)
    except LoupGarouError as exc:
        return report(exc, "--json" in words)
    try:
        code: int = args.func(args)
    except LoupGarouError as exc:
        return report(exc, getattr(args, "json", False))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except Exception as exc:  # a bug: say so plainly, keep the traceback for developers
        if os.environ.get("LOUPGAROU_DEBUG"):
            raise
        print(
            f"error [internal]: {type(exc).__name__}: {exc}. This is a bug in loupgarou; "
            "please report it with the command you ran (LOUPGAROU_DEBUG=1 shows the details).",
            file=sys.stderr,
        )
        return 70
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
