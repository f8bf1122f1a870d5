"""Actions and decisions.

An :class:`Action` is what a seat chooses: a verb and its targets (seats and/or
centre slots).  A :class:`Decision` is what the rules ask of one seat right
now: the complete tuple of legal actions, whether the seat may decline, and
the action the game master takes for a seat that does not answer in time.

The options of a decision are the single source of legality: the engine
accepts an action only if it is one of them; bots, CLI and UI draw from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NamedTuple

from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON, as_int


class Action(NamedTuple):
    """A choice: ``kind`` plus target seats (``players``) and centre slots (``centre``).

    A named tuple: immutable and typed like a frozen dataclass, but hashed and
    compared in C, which matters because every submitted action is looked up
    among the legal options.
    """

    kind: str
    players: tuple[int, ...] = ()
    centre: tuple[int, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        return action_json(self)

    @staticmethod
    def from_json(obj: Mapping[str, JSON]) -> Action:
        return action_from_json(obj)

    def describe(self) -> str:
        parts = [self.kind]
        if self.players:
            parts.append("players " + ", ".join(str(p) for p in self.players))
        if self.centre:
            parts.append("centre " + ", ".join(str(c) for c in self.centre))
        return " ".join(parts)


_new: Final = tuple.__new__
"""Builds an :class:`Action` without the named tuple's Python-level ``__new__`` (the same
value; it matters in the compiled build, where that ``__new__`` is the slow part)."""

# The two conversions are functions, which the methods call: the compiled build calls a
# function directly, where a named tuple's method is called as Python's.


def action_json(action: Action) -> dict[str, JSON]:
    """:meth:`Action.to_json`."""
    out: dict[str, JSON] = {"kind": action.kind}
    if action.players:
        out["players"] = list(action.players)
    if action.centre:
        out["centre"] = list(action.centre)
    return out


def action_from_json(obj: Mapping[str, JSON]) -> Action:
    """:meth:`Action.from_json`: an action from its JSON (:class:`ScriptError` if malformed)."""
    try:
        # A dict's own look-ups (the compiled build calls a Mapping's get as a method).
        d: dict[str, JSON] = obj if isinstance(obj, dict) else dict(obj)
        kind = d["kind"]
        players = tuple([as_int(p) for p in d.get("players", ())])
        centre = tuple([as_int(c) for c in d.get("centre", ())])
    except (KeyError, TypeError, ValueError) as exc:
        raise ScriptError(
            "script.bad_action",
            f"an action needs a 'kind' and integer 'players'/'centre' lists, got {obj!r}",
        ) from exc
    if not isinstance(kind, str):
        raise ScriptError("script.bad_action", f"action kind must be text, got {kind!r}")
    return _new(Action, (kind, players, centre))


PASS: Final = Action("pass")
"""The action that declines an optional decision."""


class Decision:
    """What one seat must decide now.

    ``kind`` names the decision (``"seer"``, ``"vote"`` ...); ``options`` lists
    every legal action; ``optional`` is true when :data:`PASS` is among them;
    ``default`` is what happens if the seat does not answer in time.

    Immutable (its fields are ``Final``; the compiled build refuses any assignment at run
    time), compared and hashed by its fields, as the frozen dataclass it was.  A plain
    class because the rules build many: a frozen dataclass's generated ``__init__`` sets
    each field through ``object.__setattr__``, Python code even in the compiled build
    (see ``docs/compiled-build.md``), and a vote on a big table builds a ballot for each
    voter whenever the living players are a new set.
    """

    __slots__ = ("_index", "default", "kind", "optional", "options", "seat")

    seat: Final[int]
    kind: Final[str]
    options: Final[tuple[Action, ...]]
    default: Final[Action]
    optional: Final[bool]
    _index: frozenset[Action] | None
    """The options as a set, built by :meth:`allows` when first needed."""

    def __init__(
        self,
        seat: int,
        kind: str,
        options: tuple[Action, ...],
        default: Action,
        optional: bool = False,
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.options = options
        self.default = default
        self.optional = optional
        self._index = None

    def _fields(self) -> tuple[int, str, tuple[Action, ...], Action, bool]:
        return (self.seat, self.kind, self.options, self.default, self.optional)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Decision(seat={self.seat!r}, kind={self.kind!r}, options={self.options!r}, "
            f"default={self.default!r}, optional={self.optional!r})"
        )

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is one of the options (a set of them is built on first use
        and kept: the engine asks this only of an answer that is not one of the options'
        own objects, see ``Match.submit``)."""
        index = self._index
        if index is None:
            index = self._index = frozenset(self.options)
        return action in index

    def to_json(self) -> dict[str, JSON]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "optional": self.optional,
            "default": self.default.to_json(),
            "options": [a.to_json() for a in self.options],
        }
