"""Bounds for the numbers a command line takes: argument types for ``argparse``.

Every numeric flag of every command is read by one of these types, so that a value out
of its bounds (``--games 100000000000``, ``--agent-timeout nan``, ``--workers -1``) is
refused before anything runs, with a one-line message that names the bounds; the
command line then exits with code 2 (``script.bad_argument``, as JSON with ``--json``:
see :class:`loupgarou.cli.main.Parser`).  The bounds themselves are named here, once.

Usage::

    parser.add_argument("--games", type=whole(1, MAX_GAMES), default=1000)
    parser.add_argument("--agent-timeout", type=seconds(MAX_AGENT_SECONDS), default=5.0)
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Final

from loupgarou.core.errors import ScriptError

MAX_GAMES: Final = 1_000_000
"""``simulate --games``: a million games keep their results in about 1 GB at most."""

MAX_WORKERS: Final = 64
"""``simulate --workers``: worker processes (0 means one per CPU)."""

MAX_PLAYERS: Final = 100
"""``--players``, ``--seat``: far above any family's table (each family checks its own)."""

MAX_SEED: Final = 2**63 - 1
"""``--seed``: a seed is a whole number from ``-MAX_SEED`` to ``MAX_SEED``."""

MAX_AGENT_SECONDS: Final = 3600.0
"""``--agent-timeout``: an hour per answer at most."""

MAX_STEP_SECONDS: Final = 3600.0
"""A role call or a defence, in seconds (``narrate --step-seconds``, ``--defence-seconds``)."""

MAX_MINUTES: Final = 7 * 24 * 60.0
"""A discussion or an election, in minutes (``narrate --discussion-minutes`` ...): a week,
as a server's timers (a slow game)."""

MAX_TARGET: Final = 1000
"""``tournament --target`` points, and ``--lives``."""

MAX_DIGITS: Final = 30
"""A number written with more characters than this is refused before it is converted."""


def whole(low: int, high: int, *, code: str = "", flag: str = "") -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high``.  With ``code`` (and the
    ``flag``'s name), a bad value is that error code rather than ``script.bad_argument``
    (for flags that had their own code before the bounds: ``--games``, ``--workers``)."""

    def read(text: str) -> int:
        raw = text.strip().replace("_", "")
        try:
            if len(raw) > MAX_DIGITS:
                raise ValueError
            value = int(raw)
            if not low <= value <= high:
                raise ValueError
        except ValueError:
            problem = f"must be a whole number from {low:,} to {high:,}, not {_shown(text)}"
            if code:
                raise ScriptError(code, f"argument {flag}: {problem}") from None
            raise argparse.ArgumentTypeError(problem) from None
        return value

    read.__name__ = "whole number"
    return read


def seconds(high: float, *, low: float = 0.0, unit: str = "seconds") -> Callable[[str], float]:
    """An argument type: a finite number above ``low`` and at most ``high`` (``nan``,
    ``inf`` and ``1e308`` are refused)."""

    def read(text: str) -> float:
        try:
            if len(text.strip()) > MAX_DIGITS:
                raise ValueError
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not low < value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a number of {unit} above {low:g} and at most {high:g}, not {_shown(text)}"
            )
        return value

    read.__name__ = "number"
    return read


def _shown(text: str) -> str:
    """The value as given, cut short and quoted, for a message."""
    cut = text if len(text) <= 40 else text[:37] + "..."
    return repr(cut)
