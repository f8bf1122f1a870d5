"""What one seat may know: its view.

A :class:`SeatView` is assembled from an allow-list: the family's public
fields, the events whose audience includes the seat, the seat's own pending
decision, and the outcome once the game is over.  Nothing is removed from the
full state to make it; it never holds the state.  Bots get exactly this.
"""

from __future__ import annotations

from typing import Final

from loupgarou.core.actions import Decision
from loupgarou.core.events import JSON, Event
from loupgarou.core.outcome import Outcome


class SeatView:
    """One seat's view (immutable: its fields are ``Final``; the compiled build refuses
    any assignment at run time).

    A plain class rather than a frozen dataclass: bots get a view at every decision,
    and a frozen dataclass's generated ``__init__`` sets each field through
    ``object.__setattr__``, which cost a compiled sensible One Night game a twentieth
    of its time.  Equality compares every field, as a dataclass's would.
    """

    __slots__ = ("decision", "events", "family", "outcome", "players", "public", "seat")

    seat: Final[int]
    players: Final[tuple[str, ...]]
    family: Final[str]
    public: Final[dict[str, JSON]]
    events: Final[tuple[Event, ...]]
    decision: Final[Decision | None]
    outcome: Final[Outcome | None]

    def __init__(  # noqa: PLR0917 - the view's seven fields, in order
        self,
        seat: int,
        players: tuple[str, ...],
        family: str,
        public: dict[str, JSON],
        events: tuple[Event, ...],
        decision: Decision | None,
        outcome: Outcome | None,
    ) -> None:
        self.seat = seat
        self.players = players
        self.family = family
        self.public = public
        self.events = events
        self.decision = decision
        self.outcome = outcome

    def _fields(self) -> tuple[object, ...]:
        return (
            self.seat,
            self.players,
            self.family,
            self.public,
            self.events,
            self.decision,
            self.outcome,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # it holds a dict, as the dataclass did

    def __repr__(self) -> str:
        names = ("seat", "players", "family", "public", "events", "decision", "outcome")
        inner = ", ".join(f"{k}={v!r}" for k, v in zip(names, self._fields(), strict=True))
        return f"SeatView({inner})"

    def to_json(self) -> dict[str, JSON]:
        return {
            "seat": self.seat,
            "players": list(self.players),
            "family": self.family,
            "public": self.public,
            "events": [e.to_json() for e in self.events],
            "decision": None if self.decision is None else self.decision.to_json(),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }
