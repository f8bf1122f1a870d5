"""What a rules family must provide to the engine.

A family is a module-level object implementing :class:`Variant`.  Its methods
are pure functions of an immutable state: they never perform I/O and never
draw at random (they return a :class:`ChanceRequest` instead).  The engine in
``loupgarou.engine`` is the only caller that strings them together.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol, TypeVar

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.errors import SetupError, SetupWarning
from loupgarou.core.events import JSON, Event
from loupgarou.core.outcome import Outcome
from loupgarou.core.statements import Statement

R = TypeVar("R")


_KIND_WORDS: dict[type, str] = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "text",
}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A table option: its name, default, allowed values and meaning.

    A number option (``kind`` ``int`` or ``float``) must be finite and may have
    bounds: ``low`` (excluded when ``low_open``) and ``high``, both included
    otherwise.
    """

    name: str
    default: JSON
    help: str
    choices: tuple[JSON, ...] = ()
    kind: type = bool
    low: float | None = None
    high: float | None = None
    low_open: bool = False

    def check(self, value: JSON) -> JSON:
        if self.kind is float and type(value) is int:
            value = float(value)
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise SetupError(
                "setup.bad_option",
                f"option '{self.name}' must be one of {allowed}; got {value!r}",
                {"option": self.name},
            )
        if type(value) is not self.kind:
            raise SetupError(
                "setup.bad_option",
                f"option '{self.name}' takes {_KIND_WORDS.get(self.kind, self.kind.__name__)}; "
                f"got {value!r}",
                {"option": self.name},
            )
        if isinstance(value, int | float) and self.kind in (int, float) and not self._within(value):
            raise SetupError(
                "setup.bad_option",
                f"option '{self.name}' must be {self.range_text()}; got {value!r}",
                {"option": self.name},
            )
        return value

    def _within(self, value: float) -> bool:
        if not math.isfinite(value):
            return False
        low, high = self.low, self.high
        if low is not None and (value < low or (self.low_open and value == low)):
            return False
        return high is None or value <= high

    def range_text(self) -> str:
        """The values a number option takes, in words ('from 0 to 1', 'more than 0' ...)."""
        low, high = self.low, self.high
        if low is None and high is None:
            return "a finite number"
        if low is None:
            return f"at most {high:g}"
        if high is None:
            return f"more than {low:g}" if self.low_open else f"at least {low:g}"
        if self.low_open:
            return f"more than {low:g} and at most {high:g}"
        return f"from {low:g} to {high:g}"


def resolve_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, JSON], preset: Mapping[str, JSON]
) -> dict[str, JSON]:
    """Defaults, then ``preset`` (an edition's defaults), then what the table chose."""
    known = {s.name: s for s in specs}
    for name in given:
        if name not in known:
            raise SetupError(
                "setup.unknown_option",
                f"unknown option '{name}'; known options: {', '.join(sorted(known))}",
                {"option": name},
            )
    out: dict[str, JSON] = {}
    for spec in specs:
        value = given.get(spec.name, preset.get(spec.name, spec.default))
        out[spec.name] = spec.check(value)
    return out


def parse_cards(
    names: Iterable[object], parse: Callable[[str], R | None], known: Iterable[R], family: str
) -> tuple[R, ...]:
    """The roles a deck's card names designate, or :class:`SetupError` naming the bad one.

    ``parse`` maps a (case-insensitive, English or French) name to a family's role.
    """
    roles: list[R] = []
    for name in names:
        role = parse(name) if isinstance(name, str) else None
        if role is None:
            choices = ", ".join(str(r) for r in known)
            raise SetupError(
                "setup.unknown_role",
                f"{name!r} is not a {family} role; known: {choices}",
                {"card": name},
            )
        roles.append(role)
    return tuple(roles)


class GameConfig(NamedTuple):
    """A table before the deal: family, player names clockwise, deck, options.

    A named tuple (immutable and typed) because every game starts by building one.
    """

    family: str
    players: tuple[str, ...]
    deck: tuple[str, ...]
    options: Mapping[str, JSON] = MappingProxyType({})

    def to_json(self) -> dict[str, JSON]:
        return {
            "family": self.family,
            "players": list(self.players),
            "deck": list(self.deck),
            "options": dict(self.options),
        }


class Variant(Protocol):
    """The hooks a family implements.  ``S`` is the family's immutable state."""

    name: str
    aliases: tuple[str, ...]
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    victim_call: str | None
    """The night call at which the pack agrees on a victim (the ``step`` of its
    ``night_step`` event), or None when the family has none (One Night): a room of phones
    gives that call a clock of its own (docs/protocol.md, *Room settings*)."""

    def setup(self, config: GameConfig) -> tuple[Any, tuple[SetupWarning, ...]]:
        """Validate ``config`` and return the initial state, or raise SetupError."""
        ...

    def chance_request(self, state: Any) -> ChanceRequest | None: ...

    def apply_chance(self, state: Any, value: JSON) -> tuple[Any, tuple[Event, ...]]: ...

    def decisions(self, state: Any) -> tuple[Decision, ...]:
        """Every decision pending now, one per seat at most."""
        ...

    def apply(self, state: Any, seat: int, action: Action) -> tuple[Any, tuple[Event, ...]]:
        """Apply an action already checked against :meth:`decisions`."""
        ...

    def may_speak(self, state: Any, seat: int) -> bool: ...

    def speak(
        self, state: Any, seat: int, statement: Statement
    ) -> tuple[Any, tuple[Event, ...]]: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def public(self, state: Any) -> dict[str, JSON]:
        """What every seat may see of the state: an allow-list, never the state minus secrets."""
        ...

    def night_calls(self, state: Any) -> tuple[str, ...]:
        """The public calls of the night under way, in order (the ``step`` of each of its
        ``night_step`` events, those still to come included); empty outside a night.
        Public: they follow from the deck and the night's number alone."""
        ...
