"""What one seat may know: its view.

A :class:`SeatView` is assembled from an allow-list: the family's public
fields, the events whose audience includes the seat, the seat's own pending
decision, and the outcome once the game is over.  Nothing is removed from the
full state to make it; it never holds the state.  Bots get exactly this.
"""

from __future__ import annotations

from dataclasses import dataclass

from loupgarou.core.actions import Decision
from loupgarou.core.events import JSON, Event
from loupgarou.core.outcome import Outcome


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    players: tuple[str, ...]
    family: str
    public: dict[str, JSON]
    events: tuple[Event, ...]
    decision: Decision | None
    outcome: Outcome | None

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
