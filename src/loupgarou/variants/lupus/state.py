"""The immutable state of a Lupus in Tabula game.

Cards are identified by their index in ``deck`` (card ids).  ``cards[seat]`` is
the card id dealt to ``seat``; it is a permutation of the ids and never changes
(cards are never created, lost or exchanged in this family).  ``roles[seat]``
is the seat's *effective* role: its card's role, or what a Mythomaniac became.

The game is a sequence of *steps* (``step``, public): each night's calls (see
:func:`loupgarou.variants.lupus.night.call_list`), then ``dawn``, then the
day's ``stage1``, ``defence`` and ``stage2``, then ``night`` again.  ``queue``
holds the steps still to come.  A step waits for the seats in ``actors`` that
have no answer yet in ``answers``; ``stage1`` asks them one at a time, in
order, every other step all at once.  A chance draw is due while ``tied``
(the pack's vote needs a tie settled) or ``dying`` (several died in the night:
who gets the Welcome card) is non-empty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from loupgarou.core.outcome import Outcome
from loupgarou.variants.lupus.roles import Role

NONE = -1
"""No seat (no answer yet, no victim, nobody holds the Welcome card ...)."""
PASSED = -2
"""The answer of a seat that declined its (optional) decision."""
RESTED = -3
"""The answer of a suspect who ended their defence."""


@dataclass(frozen=True, slots=True)
class Options:
    """The table's options, resolved (see ``OPTIONS`` in the variant for their meaning)."""

    discussion_minutes: float = 3.0
    deadly_owl: str = "auto"
    deadly_owl_from: int = 21


class State(NamedTuple):
    """The whole truth of a game (never shown as such: see ``Lupus.public``).

    A named tuple, like the other families' states: immutable and cheap to
    rebuild with ``_replace`` at every step.
    """

    n: int
    deck: tuple[Role, ...]
    options: Options
    phase: str = "deal"
    """'deal', 'night', 'day' or 'over'."""
    night: int = 0
    """The number of the current (or last) night."""
    day: int = 0
    """The number of the current (or last) day; day k follows night k."""
    step: str = ""
    queue: tuple[str, ...] = ()
    cards: tuple[int, ...] = ()
    roles: tuple[Role, ...] = ()
    alive: tuple[bool, ...] = ()
    actors: tuple[int, ...] = ()
    answers: tuple[int, ...] = ()
    tied: tuple[int, ...] = ()
    """The pack's tied targets, waiting for a ``tiebreak`` draw."""
    seen: tuple[int, ...] = ()
    """Tonight: the seats a Seer pointed at."""
    protected: int = NONE
    """Tonight: the Bodyguard's protégé."""
    victim: int = NONE
    """Tonight: the pack's victim."""
    pick: int = NONE
    """The Owl's pick of the last night (it names a suspect the next day)."""
    dying: tuple[int, ...] = ()
    """The night's dead, waiting for a ``welcome_card`` draw (two or more)."""
    holder: int = NONE
    """The seat holding the Welcome card."""
    order: tuple[int, ...] = ()
    """Today's stage 1 calling order."""
    ballots: tuple[int, ...] = ()
    """Today's stage 1 ballots, per seat (``NONE``: not voted yet)."""
    suspects: tuple[int, ...] = ()
    last_lynched: int = NONE
    outcome: Outcome | None = None

    def living(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if self.alive[s])

    def ghosts(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if not self.alive[s])

    def holders(self, role: Role) -> tuple[int, ...]:
        """The living seats whose effective role is ``role``, in seat order."""
        return tuple(s for s in range(self.n) if self.alive[s] and self.roles[s] is role)

    def card(self, seat: int) -> Role:
        """The role printed on the card dealt to ``seat``."""
        return self.deck[self.cards[seat]]

    @property
    def start(self) -> int:
        """Where counting starts today: the seat after the Welcome-card holder, or seat 0."""
        return 0 if self.holder == NONE else (self.holder + 1) % self.n


def from_start(start: int, n: int) -> tuple[int, ...]:
    """Every seat, clockwise, beginning with ``start``."""
    return tuple((start + k) % n for k in range(n))


def first_clockwise(start: int, candidates: Sequence[int], n: int) -> int:
    """The first of ``candidates`` met going clockwise from ``start`` (``start`` included).

    Like ``min(candidates, key=lambda c: (c - start) % n)`` (the first of equals wins;
    no candidates is a ``ValueError``), without a call per candidate.
    """
    best, distance = NONE, n
    for c in candidates:
        d = (c - start) % n
        if d < distance:
            best, distance = c, d
    if distance == n:
        raise ValueError("first_clockwise() of no candidates")
    return best
