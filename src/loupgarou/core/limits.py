"""Limits on what loupgarou reads from files: scripts, records, their size and shape.

A document past these limits is refused before any of it is played, with a code a
program can read (``docs/errors.md``) and the limit in the message; each limit is far
above any real game (a long Lupus in Tabula script of 18 players holds a few hundred
steps and a few dozen kilobytes).  Standard library only: the engine may use it too.
"""

from __future__ import annotations

from typing import Final

from loupgarou.core.errors import ScriptError

MAX_SCRIPT_BYTES: Final = 1 << 20
"""A game script's file size: 1 MiB."""

MAX_RECORD_BYTES: Final = 16 << 20
"""A game record's file size: 16 MiB (a record holds every event of its game)."""

MAX_STEPS: Final = 10_000
"""The steps of a game script."""

MAX_DEPTH: Final = 32
"""How deeply lists and mappings may nest in a script or a record (a script needs 5)."""

MAX_VALUES: Final = 600_000
"""How many values (lists, mappings, numbers, strings) a document may hold, counting a
YAML alias each time it is used (so that a few lines of aliases cannot expand to
billions of values)."""


def check_size(size: int, limit: int, what: str) -> None:
    """Refuse a file of ``size`` bytes above ``limit`` (``script.too_large``)."""
    if size > limit:
        raise ScriptError(
            "script.too_large",
            f"{what} is {size:,} bytes; the limit is {limit:,} bytes ({limit >> 20} MiB)",
        )


def check_shape(document: object, what: str) -> None:
    """Refuse a decoded document nested more than :data:`MAX_DEPTH` deep
    (``script.too_deep``) or holding more than :data:`MAX_VALUES` values
    (``script.too_large``).  Iterative: no recursion, whatever the document."""
    stack: list[tuple[object, int]] = [(document, 1)]
    seen = 0
    while stack:
        value, depth = stack.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise ScriptError(
                "script.too_large",
                f"{what} holds more than {MAX_VALUES:,} values (YAML aliases count each time "
                "they are used)",
            )
        if isinstance(value, dict):
            children: list[object] = [*value.keys(), *value.values()]
        elif isinstance(value, list | tuple):
            children = list(value)
        else:
            continue
        if depth >= MAX_DEPTH and children:
            raise ScriptError(
                "script.too_deep",
                f"{what} nests lists or mappings more than {MAX_DEPTH} deep",
            )
        stack.extend((child, depth + 1) for child in children)
