"""The immutable state of a One Night game.

Cards are identified by their index in ``deck`` (card ids), so a card keeps its
identity as it travels: the Doppelgänger's copied role is attached to the
Doppelgänger *card* (``copies[card]``), and ``cards`` is always a permutation
of the card ids (cards are never created or lost).  Positions ``0..n-1`` are
the players' seats, ``n..n+2`` the centre slots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from loupgarou.core.outcome import Outcome
from loupgarou.variants.one_night.roles import Role

Phase = str
"""'deck' (a drawn deck is pending), 'deal', 'night', 'day' or 'over'."""


class Task(NamedTuple):
    """One item of the night agenda.

    ``kind`` is a night step name for a public call (``call=True``), or the
    name of a task for ``seat``: a decision (``doppelganger``, ``seer`` ...) or
    an automatic reveal (``werewolves``, ``masons``, ``insomniac`` ...).
    """

    kind: str
    seat: int = -1
    call: bool = False


@dataclass(frozen=True, slots=True)
class Options:
    lone_wolf_peek: bool
    deck_draw: str
    edition: str


class State(NamedTuple):
    """A named tuple rather than a dataclass: it is rebuilt at every step of the hot
    loop, and ``_replace`` costs a fifth of ``dataclasses.replace``."""

    n: int
    deck: tuple[Role, ...]
    options: Options
    phase: Phase
    dealt: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    copies: tuple[Role | None, ...] = ()
    agenda: tuple[Task, ...] = ()
    step: str = ""
    votes: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    outcome: Outcome | None = None

    def effective(self, card: int) -> Role:
        """The role a card stands for: its printed role, or what the Doppelgänger copied."""
        role = self.deck[card]
        if role is Role.DOPPELGANGER:
            return self.copies[card] or Role.DOPPELGANGER
        return role

    def dealt_role(self, seat: int) -> Role:
        return self.deck[self.dealt[seat]]

    def card_at(self, position: int) -> Role:
        return self.deck[self.cards[position]]

    # Hot-path copies: ``_replace`` with keywords costs several times these slices, and
    # ``tuple.__new__`` skips the named tuple's Python-level constructor.

    def with_cards(self, cards: tuple[int, ...]) -> State:
        return _new(State, (*self[:_CARDS], cards, *self[_CARDS + 1 :]))

    def at(self, agenda: tuple[Task, ...], step: str) -> State:
        """The state with the night's remaining ``agenda`` at call ``step``."""
        return _new(State, (*self[:_AGENDA], agenda, step, *self[_AGENDA + 2 :]))

    def with_votes(self, votes: tuple[int, ...]) -> State:
        return _new(State, (*self[:_VOTES], votes, *self[_VOTES + 1 :]))

    def moved_on(
        self, phase: Phase, agenda: tuple[Task, ...], step: str, votes: tuple[int, ...]
    ) -> State:
        """The state in ``phase`` with this night ``agenda``, call ``step`` and ``votes``."""
        return _new(
            State,
            (
                *self[:_PHASE],
                phase,
                *self[_PHASE + 1 : _AGENDA],
                agenda,
                step,
                votes,
                *self[_VOTES + 1 :],
            ),
        )

    def finished(self, dead: tuple[int, ...], outcome: Outcome) -> State:
        """The state once the game is over (``phase`` 'over')."""
        return _new(State, (*self[:_PHASE], "over", *self[_PHASE + 1 : _DEAD], dead, outcome))


_new = tuple.__new__
_PHASE = State._fields.index("phase")
_CARDS = State._fields.index("cards")
_AGENDA = State._fields.index("agenda")
_VOTES = State._fields.index("votes")
_DEAD = State._fields.index("dead")
assert State._fields[_AGENDA + 1 : _VOTES + 1] == ("step", "votes")
assert State._fields[_DEAD:] == ("dead", "outcome")
