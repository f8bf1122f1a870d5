"""The random bot: any family, uniform over the legal options, silent.

It is the baseline every strength measurement compares against: it never
reads its view beyond its own decision, never talks, and picks each decision's
option uniformly with its injected generator.
"""

from __future__ import annotations

import random

from loupgarou.core.actions import Action, Decision
from loupgarou.core.statements import Statement
from loupgarou.engine.views import SeatView


class RandomBot:
    """Chooses uniformly among ``decision.options``; says nothing."""

    __slots__ = ("rng", "seat")

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, view: SeatView, decision: Decision) -> Action:
        options = decision.options
        return options[self.rng.randrange(len(options))]

    def speak(self, view: SeatView) -> Statement | None:
        return None
