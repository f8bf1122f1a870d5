"""Errors and warnings with stable codes.

Every error the product raises on bad input is a :class:`LoupGarouError`: it
carries a ``code`` that a program can match on (dotted, stable across
releases, listed in ``docs/errors.md``) and a ``message`` a person can act on.
Raising one never leaves a half-applied change behind: the engine validates
before it changes anything.
"""

from __future__ import annotations

from dataclasses import dataclass


class LoupGarouError(Exception):
    """Base of every error the product reports to a user."""

    kind = "error"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple[type[LoupGarouError], tuple[str, str]]:
        # Rebuilt from code and message: an error raised in a worker process reaches the
        # parent (pickled) as the same error, not as a TypeError.
        return (type(self), (self.code, self.message))

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

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}
