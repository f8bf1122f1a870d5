"""The immutable state of a One Night game.

Cards are identified by their index in ``deck`` (card ids), so a card keeps its
identity as it travels: the Doppelgänger's copied role is attached to the
Doppelgänger *card* (``copies[card]``), and ``cards`` is always a permutation
of the card ids (cards are never created or lost).  Positions ``0..n-1`` are
the players' seats, ``n..n+2`` the centre slots.
"""

from __future__ import annotations

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


class Options(NamedTuple):
    """The table's options (see ``OneNight.options``).  A named tuple, hashed in C: the
    night-opening memo's key holds it, and a frozen dataclass's ``__hash__`` is Python
    code (about 3,000 instructions a look-up in the compiled build)."""

    lone_wolf_peek: bool
    deck_draw: str
    edition: str
    minion_alone_dead: str = "nobody"
    tanner_and_minion: str = "tanner"
    large_table: bool = False


class State:
    """One moment of a One Night game: immutable (its fields are ``Final``; the compiled
    build refuses any assignment at run time), compared and hashed by its fields, as the
    named tuple it was.

    A plain class rather than a named tuple: the rules copy the state about a dozen times
    a game, and in the compiled build a named tuple's copy (``list(state)``, a field
    changed, ``tuple.__new__``) and its methods go through Python's calling convention,
    about 2,500 instructions each, where this class's copies and reads are native (see
    ``docs/performance.md``).
    """

    __slots__ = (
        "agenda",
        "cards",
        "copies",
        "dead",
        "dealt",
        "deck",
        "n",
        "options",
        "outcome",
        "phase",
        "step",
        "votes",
    )

    n: Final[int]
    deck: Final[tuple[Role, ...]]
    options: Final[Options]
    phase: Final[Phase]
    dealt: Final[tuple[int, ...]]
    cards: Final[tuple[int, ...]]
    copies: Final[tuple[Role | None, ...]]
    agenda: Final[tuple[Task, ...]]
    step: Final[str]
    votes: Final[tuple[int, ...]]
    dead: Final[tuple[int, ...]]
    outcome: Final[Outcome | None]

    def __init__(  # noqa: PLR0917 - the state's twelve fields, in order
        self,
        n: int,
        deck: tuple[Role, ...],
        options: Options,
        phase: Phase,
        dealt: tuple[int, ...] = (),
        cards: tuple[int, ...] = (),
        copies: tuple[Role | None, ...] = (),
        agenda: tuple[Task, ...] = (),
        step: str = "",
        votes: tuple[int, ...] = (),
        dead: tuple[int, ...] = (),
        outcome: Outcome | None = None,
    ) -> None:
        self.n = n
        self.deck = deck
        self.options = options
        self.phase = phase
        self.dealt = dealt
        self.cards = cards
        self.copies = copies
        self.agenda = agenda
        self.step = step
        self.votes = votes
        self.dead = dead
        self.outcome = outcome

    def _fields(self) -> tuple[object, ...]:
        return (
            self.n,
            self.deck,
            self.options,
            self.phase,
            self.dealt,
            self.cards,
            self.copies,
            self.agenda,
            self.step,
            self.votes,
            self.dead,
            self.outcome,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        pairs = zip(_FIELDS, self._fields(), strict=True)
        return "State(" + ", ".join(f"{k}={v!r}" for k, v in pairs) + ")"

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

    # The copies: each builds a new state with the changed fields, the others shared.

    def with_deck(self, deck: tuple[Role, ...]) -> State:
        """A drawn deck, ready to deal."""
        return State(self.n, deck, self.options, "deal")

    def dealt_as(self, dealt: tuple[int, ...]) -> State:
        """The night's first state: card ``dealt[p]`` at position ``p``, nothing copied,
        the rest as a fresh state has it."""
        return State(self.n, self.deck, self.options, "night", dealt, dealt, (None,) * len(dealt))

    def with_copies(self, copies: tuple[Role | None, ...]) -> State:
        return State(
            self.n,
            self.deck,
            self.options,
            self.phase,
            self.dealt,
            self.cards,
            copies,
            self.agenda,
            self.step,
            self.votes,
            self.dead,
            self.outcome,
        )

    def with_cards(self, cards: tuple[int, ...]) -> State:
        return State(
            self.n,
            self.deck,
            self.options,
            self.phase,
            self.dealt,
            cards,
            self.copies,
            self.agenda,
            self.step,
            self.votes,
            self.dead,
            self.outcome,
        )

    def at(self, agenda: tuple[Task, ...], step: str) -> State:
        """The state with the night's remaining ``agenda`` at call ``step``."""
        return State(
            self.n,
            self.deck,
            self.options,
            self.phase,
            self.dealt,
            self.cards,
            self.copies,
            agenda,
            step,
            self.votes,
            self.dead,
            self.outcome,
        )

    def with_votes(self, votes: tuple[int, ...]) -> State:
        return State(
            self.n,
            self.deck,
            self.options,
            self.phase,
            self.dealt,
            self.cards,
            self.copies,
            self.agenda,
            self.step,
            votes,
            self.dead,
            self.outcome,
        )

    def moved_on(
        self, phase: Phase, agenda: tuple[Task, ...], step: str, votes: tuple[int, ...]
    ) -> State:
        """The state in ``phase`` with this night ``agenda``, call ``step`` and ``votes``."""
        return State(
            self.n,
            self.deck,
            self.options,
            phase,
            self.dealt,
            self.cards,
            self.copies,
            agenda,
            step,
            votes,
            self.dead,
            self.outcome,
        )

    def finished(self, dead: tuple[int, ...], outcome: Outcome) -> State:
        """The state once the game is over (``phase`` 'over')."""
        return State(
            self.n,
            self.deck,
            self.options,
            "over",
            self.dealt,
            self.cards,
            self.copies,
            self.agenda,
            self.step,
            self.votes,
            dead,
            outcome,
        )


_FIELDS: Final = (
    "n",
    "deck",
    "options",
    "phase",
    "dealt",
    "cards",
    "copies",
    "agenda",
    "step",
    "votes",
    "dead",
    "outcome",
)
"""The fields in order (the constructor's, ``repr``'s)."""
