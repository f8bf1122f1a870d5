"""Errors and warnings with stable codes.

Every error the product raises on bad input is a :class:`LoupGarouError`: it
carries a ``code`` that a program can match on (dotted, stable across
releases, listed in ``docs/errors.md``) and a ``message`` a person can act on.
An error may also carry ``data``: the numbers, roles and names its message speaks of,
so that a page can word it in its own language (the rules give codes and data, never
a translation).
Raising one never leaves a half-applied change behind: the engine validates
before it changes anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from loupgarou.core.events import JSON


class LoupGarouError(Exception):
    """Base of every error the product reports to a user."""

    kind = "error"

    def __init__(self, code: str, message: str, data: Mapping[str, JSON] | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.data: dict[str, JSON] = dict(data or {})
        """What the message speaks of (numbers, role keys, names), for a page's own words."""

    def __reduce__(self) -> tuple[type[LoupGarouError], tuple[Any, ...]]:
        # Rebuilt from code, message and data: an error raised in a worker process reaches
        # the parent (pickled) as the same error, not as a TypeError.
        return (type(self), (self.code, self.message, self.data))

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "code": self.code, "message": self.message}


class SetupError(LoupGarouError):
    """The table cannot be set up this way (deck, player count, options)."""

    kind = "setup"


class IllegalAction(LoupGarouError):
    """A decision that the rules do not allow at this moment."""

    kind = "action"


class ScriptError(LoupGarouError):
    """A game script (or a command line) is malformed."""

    kind = "script"


class RecordError(LoupGarouError):
    """A game record cannot be read or does not replay to what it claims."""

    kind = "record"


@dataclass(frozen=True, slots=True)
class SetupWarning:
    """Advice about a set-up that is legal but unusual."""

    code: str
    message: str
    data: Mapping[str, JSON] = field(default_factory=dict, compare=False)
    """What the message speaks of (numbers, role keys), for a page's own words; a record
    keeps only the code and message (:meth:`to_json`)."""

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}
