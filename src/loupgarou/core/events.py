"""Events and their audience.

An :class:`Event` is one fact that happened in a game.  It always says who may
know it (its :class:`Audience`): everyone at the table, a set of seats, or the
moderator alone (an empty seat set).  What a player knows is exactly the events
whose audience includes their seat; nothing else is ever shown to them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

JSON = Any
"""A value made of dicts, lists/tuples, str, int, float, bool and None."""


def as_int(value: JSON) -> int:
    """``int(value)`` for a number read from JSON: an int as it is, anything else through
    ``int`` (the compiled build calls ``int`` as a Python type, several hundred
    instructions; the hot readers of events call this instead)."""
    if type(value) is int:
        return value
    return int(value)


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may learn an event: everyone, or exactly ``seats``."""

    everyone: bool
    seats: frozenset[int]

    @staticmethod
    def of(seats: Iterable[int]) -> Audience:
        return Audience(False, frozenset(seats))

    def includes(self, seat: int) -> bool:
        return self.everyone or seat in self.seats

    def to_json(self) -> JSON:
        if self.everyone:
            return "everyone"
        if not self.seats:
            return "moderator"
        return sorted(self.seats)

    @staticmethod
    def from_json(value: JSON) -> Audience:
        if value == "everyone":
            return EVERYONE
        if value == "moderator":
            return MODERATOR
        return Audience.of(int(v) for v in value)


EVERYONE: Final = Audience(True, frozenset())
MODERATOR: Final = Audience(False, frozenset())


class Event:
    """A fact with its audience.  ``data`` holds JSON-compatible values only.

    Immutable (``Final`` fields), compared by its fields, shown and unpacked (``kind,
    audience, data``) as the named tuple it was; a plain class because games build
    dozens: the compiled build built the named tuple through ``tuple.__new__`` called as
    Python's, where this class's constructor is a native call (see
    ``docs/performance.md``).
    """

    __slots__ = ("audience", "data", "kind")

    kind: Final[str]
    audience: Final[Audience]
    data: Final[Mapping[str, JSON]]

    def __init__(self, kind: str, audience: Audience, data: Mapping[str, JSON]) -> None:
        self.kind = kind
        self.audience = audience
        self.data = data

    def __iter__(self) -> Iterator[Any]:
        return iter((self.kind, self.audience, self.data))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (
            self.kind == other.kind and self.audience == other.audience and self.data == other.data
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.audience, self.data))

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, audience={self.audience!r}, data={self.data!r})"

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "audience": self.audience.to_json(), "data": _plain(self.data)}

    @staticmethod
    def from_json(obj: Mapping[str, JSON]) -> Event:
        return Event(str(obj["kind"]), Audience.from_json(obj["audience"]), dict(obj["data"]))


def plain(value: JSON) -> JSON:
    """A value as JSON reads it back: tuples become lists, keys text (so that an event
    survives a JSON round trip unchanged)."""
    return _plain(value)


def _plain(value: JSON) -> JSON:
    """Tuples become lists so that an event survives a JSON round trip unchanged."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


# The helpers below build events.  Their positional-only parameters have names no event's
# data uses (``_kind`` ...): a data key may then be any word, ``seat`` and ``kind`` included,
# in the compiled build too (mypyc binds a keyword argument to a positional-only parameter of
# the same name).


def public(_kind: str, /, **data: JSON) -> Event:
    return Event(_kind, EVERYONE, data)


def public_data(_kind: str, data: dict[str, JSON], /) -> Event:
    """:func:`public` with the data already in a dict (nothing to collect: cheaper where
    the data is built anyway, as a statement's)."""
    return Event(_kind, EVERYONE, data)


def private(_to: Iterable[int], _kind: str, /, **data: JSON) -> Event:
    return Event(_kind, Audience.of(_to), data)


_ONLY: Final = tuple(Audience(False, frozenset((seat,))) for seat in range(64))
"""The one-seat audiences of the first 64 seats, shared (a tuple read where an
``lru_cache`` look-up cost about 300 instructions an event)."""


def only(seat: int) -> Audience:
    """The audience made of one seat (shared up to seat 63: audiences are immutable)."""
    if 0 <= seat < 64:
        return _ONLY[seat]
    return Audience(False, frozenset((seat,)))


def told(_seat: int, _kind: str, /, **data: JSON) -> Event:
    """An event for one seat alone."""
    return Event(_kind, only(_seat), data)


def secret(_kind: str, /, **data: JSON) -> Event:
    """An event for the moderator (and the record) only."""
    return Event(_kind, MODERATOR, data)
