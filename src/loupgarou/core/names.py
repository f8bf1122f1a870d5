"""Player names: what a name may hold, checked once wherever names enter.

A name is printed in terminals, narrated aloud, written to records and shown to other
programs, so it must be plain text on one line: not empty, at most :data:`MAX_NAME`
characters, and none of the characters that change how the rest of a line reads or
prints: control characters (``NUL``, newlines, tabs, the escape that starts a terminal
escape sequence), format characters (the bidirectional overrides and isolates, zero-width
characters), line and paragraph separators, surrogates, private-use and unassigned code
points.  Spaces inside a name are fine; spaces around it are not part of it.

:func:`name_problem` says what is wrong with a name (None: nothing);
:func:`check_names` raises :class:`SetupError` ``setup.bad_name``.  Both are standard
library only and cheap: a name already accepted is remembered (a simulation builds
thousands of games with the same names).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Final

from loupgarou.core.errors import SetupError

MAX_NAME: Final = 64
"""The longest name, in characters."""

REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode general categories a name may not hold (see the module docstring)."""

_ACCEPTED: set[str] = set()
"""Names already found good (bounded: cleared when it grows past 4096)."""
_TABLES: set[tuple[str, ...]] = set()
"""Tables of names already found good (bounded like :data:`_ACCEPTED`): one look-up a game
where each name's cost about 250 instructions compiled."""


def name_problem(name: object) -> str | None:
    """What is wrong with ``name`` as a player's name, in words, or None."""
    if not isinstance(name, str):
        return f"a name is text, not {type(name).__name__}"
    if name in _ACCEPTED:
        return None
    if not name.strip():
        return "a name cannot be empty"
    if name != name.strip():
        return f"the name {name!r} has spaces around it"
    if len(name) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters, not {len(name)}"
    for ch in name:
        if unicodedata.category(ch) in REFUSED_CATEGORIES:
            return (
                f"the name {name!a} holds the character U+{ord(ch):04X} "
                f"({unicodedata.name(ch, 'a control or format character')}); "
                "a name is plain text on one line"
            )
    if len(_ACCEPTED) > 4096:
        _ACCEPTED.clear()
    _ACCEPTED.add(name)
    return None


def check_names(names: Iterable[object]) -> None:
    """Refuse (``setup.bad_name``) the first name that :func:`name_problem` refuses."""
    table = names if type(names) is tuple and all(type(n) is str for n in names) else None
    if table is not None and table in _TABLES:
        return
    for i, name in enumerate(names):
        problem = name_problem(name)
        if problem is not None:
            raise SetupError("setup.bad_name", f"player {i + 1}: {problem}")
    if table is not None:
        if len(_TABLES) > 4096:
            _TABLES.clear()
        _TABLES.add(table)
