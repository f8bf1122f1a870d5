"""The bot protocol: what a bot receives, what it returns.

A bot sits in one seat of one game.  It receives exactly what a person in that
seat would see: the seat's :class:`~loupgarou.engine.SeatView` (built by the
engine from an allow-list: the public fields, the events whose audience holds
the seat, the seat's own pending decision, the outcome once the game is over)
and, when it must decide, that seat's :class:`~loupgarou.core.Decision`, whose
``options`` are the only legal answers.  It returns one of those options, or,
when the table talks, a :class:`~loupgarou.core.Statement` (or ``None`` to stay
silent).  It never receives the match or its state.

Randomness is injected: a bot gets its own ``random.Random`` when it is made
(:data:`BotFactory`), so that a seeded table replays exactly.

The views a seat receives only ever grow (a seat never un-learns an event), so
a bot may keep state between calls, built from the views alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from loupgarou.core.actions import Action, Decision
from loupgarou.core.errors import LoupGarouError
from loupgarou.core.statements import Statement
from loupgarou.engine.views import SeatView


class Bot(Protocol):
    """A player that is not a person at the table.

    Two methods are optional, and found on the bot's class: ``game_over(view)``, called
    once with the seat's final view, and ``close()``, called when the game ends, however
    it ends (an external agent stops its process there)."""

    def decide(self, view: SeatView, decision: Decision) -> Action:
        """Return one of ``decision.options`` (``view.decision`` is ``decision``)."""
        ...

    def speak(self, view: SeatView) -> Statement | None:
        """The table talks: say something (a claim, free text) or nothing."""
        ...


BotFactory = Callable[[int, random.Random], Bot]
"""Makes the bot of one seat, given the seat and the bot's own generator."""


class BotError(LoupGarouError):
    """A bot (or an external agent) broke the protocol."""

    kind = "bot"


def check_choice(seat: int, decision: Decision, action: object) -> Action:
    """``action`` if it is one of the decision's options, else :class:`BotError`."""
    if isinstance(action, Action) and decision.allows(action):
        return action
    raise BotError(
        "bots.illegal_choice",
        f"the bot in seat {seat + 1} answered {action!r}, which is not among the "
        f"{len(decision.options)} options of its '{decision.kind}' decision",
    )


class NoAnswer(Exception):
    """Raised by a bot that gives no usable answer (an external agent that timed out or
    answered wrongly): the table then applies the decision's timeout default."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
