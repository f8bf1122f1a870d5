"""The immutable state of a One Night game.

Cards are identified by their index in ``deck`` (card ids), so a card keeps its
identity as it travels: the Doppelgänger's copied role is attached to the
Doppelgänger *card* (``copies[card]``), and ``cards`` is always a permutation
of the card ids (cards are never created or lost).  Positions ``0..n-1`` are
the players' seats, ``n..n+2`` the centre slots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

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
    minion_alone_dead: str = "nobody"
    tanner_and_minion: str = "tanner"
    large_table: bool = False


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

    # Hot-path copies: ``_replace`` with keywords costs several times these.  Each copies
    # the fields into a list, sets the changed ones and builds the state with
    # ``tuple.__new__`` (skipping the named tuple's Python-level constructor): two
    # allocations, where slicing and unpacking (``(*self[:i], x, *self[i + 1:])``) take
    # five.

    def dealt_as(self, dealt: tuple[int, ...]) -> State:
        """The night's first state: card ``dealt[p]`` at position ``p``, nothing copied,
        the rest as a fresh state has it."""
        return _new(
            State, (*self[:_PHASE], "night", dealt, dealt, (None,) * len(dealt), *_FRESH_TAIL)
        )

    def with_copies(self, copies: tuple[Role | None, ...]) -> State:
        fields = list(self)
        fields[_COPIES] = copies
        return _new(State, fields)

    def with_cards(self, cards: tuple[int, ...]) -> State:
        fields = list(self)
        fields[_CARDS] = cards
        return _new(State, fields)

    def at(self, agenda: tuple[Task, ...], step: str) -> State:
        """The state with the night's remaining ``agenda`` at call ``step``."""
        fields = list(self)
        fields[_AGENDA] = agenda
        fields[_STEP] = step
        return _new(State, fields)

    def with_votes(self, votes: tuple[int, ...]) -> State:
        fields = list(self)
        fields[_VOTES] = votes
        return _new(State, fields)

    def moved_on(
        self, phase: Phase, agenda: tuple[Task, ...], step: str, votes: tuple[int, ...]
    ) -> State:
        """The state in ``phase`` with this night ``agenda``, call ``step`` and ``votes``."""
        fields = list(self)
        fields[_PHASE] = phase
        fields[_AGENDA] = agenda
        fields[_STEP] = step
        fields[_VOTES] = votes
        return _new(State, fields)

    def finished(self, dead: tuple[int, ...], outcome: Outcome) -> State:
        """The state once the game is over (``phase`` 'over')."""
        fields = list(self)
        fields[_PHASE] = "over"
        fields[_DEAD] = dead
        fields[_OUTCOME] = outcome
        return _new(State, fields)


_new: Final = tuple.__new__
_PHASE: Final = State._fields.index("phase")
_CARDS: Final = State._fields.index("cards")
_COPIES: Final = State._fields.index("copies")
_AGENDA: Final = State._fields.index("agenda")
_STEP: Final = State._fields.index("step")
_VOTES: Final = State._fields.index("votes")
_DEAD: Final = State._fields.index("dead")
_OUTCOME: Final = State._fields.index("outcome")
_FRESH_TAIL: Final = tuple(State._field_defaults[f] for f in State._fields[_AGENDA:])
assert State._fields[_PHASE:_AGENDA] == ("phase", "dealt", "cards", "copies")
