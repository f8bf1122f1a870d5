"""The immutable state of a Thiercelieux game, and the agenda it runs on.

Cards are identified by their index in ``deck`` (card ids).  ``cards`` maps a
position to the card id it holds and is always a permutation of the ids
(cards are never created or lost): positions ``0..n-1`` are the players' seats,
``n`` and ``n+1`` the Thief's two set-aside cards (only with a Thief in the
deck).  A seat's role is the role of the card it holds now; only the Thief
changes cards, on night 1, before anybody else acts.

The game runs on an *agenda*: a queue of :class:`Task`.  A task is a public
night call, an automatic step, a decision (one seat, or several seats at once
for a vote), or a chance draw; :mod:`loupgarou.variants.thiercelieux.agenda`
runs automatic tasks until a decision or a draw is due, and each task appends
what follows it, so the agenda never runs dry before the game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import JSON, Event
from loupgarou.core.outcome import Outcome
from loupgarou.variants.thiercelieux.roles import Role

NONE = -1
"""No seat (no answer yet, no victim, no Captain ...)."""
NO_VICTIM = -2
"""A Werewolf's ballot for no victim."""


class Task(NamedTuple):
    """One item of the agenda.

    ``kind`` names the task (``call`` for a public night call named by ``arg``);
    ``seat`` is the seat it concerns, if one; ``seats`` a set of seats it works
    on (the awake pack, the candidates of a vote ...); ``arg`` a further name
    (which vote a ballot is for ...).
    """

    kind: str
    seat: int = NONE
    seats: tuple[int, ...] = ()
    arg: str = ""


@dataclass(frozen=True, slots=True)
class Options:
    """The table's options, resolved (see ``VARIANT.options`` for their meaning)."""

    captain: bool = True
    captain_mode: str = "elected"
    captain_vote: str = "double"
    reveal_on_death: bool = True
    hunter_on_any_death: bool = False
    witch_self_poison: bool = False
    little_girl_catch_chance: float = 0.2
    lovers_vote_together: bool = False
    wolves_win_at_parity: bool = False
    lynch_second_tie: str = "nobody"


class State(NamedTuple):
    """The whole truth of a game (never shown as such: see ``Thiercelieux.public``).

    A named tuple, like the One Night state: immutable, and cheap to rebuild
    with ``_replace`` at every step.
    """

    n: int
    deck: tuple[Role, ...]
    options: Options
    phase: str = "deal"
    """'deal', 'night', 'day' or 'over'."""
    number: int = 0
    """The number of the current night; day k follows night k."""
    step: str = ""
    """Public: the current night call, or the day's step."""
    cards: tuple[int, ...] = ()
    alive: tuple[bool, ...] = ()
    lovers: tuple[int, ...] = ()
    """() or the two Lovers, in seat order."""
    captain: int = NONE
    heal_used: bool = False
    poison_used: bool = False
    agenda: tuple[Task, ...] = ()
    answers: tuple[int, ...] = ()
    """Per seat, its answer to the current simultaneous task (``NONE``: not yet).
    Wake: 1 awake, 0 asleep; ballots: a seat or ``NO_VICTIM``; spying: 1 or 0."""
    awake: tuple[int, ...] = ()
    """Tonight's awake Werewolves."""
    spy: int = NONE
    """The Little Girl, if she spies tonight."""
    victim: int = NONE
    """Tonight's victim designated by the pack."""
    caught: int = NONE
    """The Little Girl, if she was caught tonight (she dies instead of the victim)."""
    healed: bool = False
    poisoned: int = NONE
    deaths: tuple[tuple[int, str], ...] = ()
    """Every death so far, in order: (seat, cause); causes joined by '+'."""
    outcome: Outcome | None = None

    def role(self, seat: int) -> Role:
        """The role of the card at ``seat`` (or at a set-aside position) now."""
        return self.deck[self.cards[seat]]

    def role_name(self, seat: int) -> str:
        """``self.role(seat).value``, without the enum's slow ``value`` property."""
        return ROLE_NAME[self.deck[self.cards[seat]]]

    def living(self) -> tuple[int, ...]:
        """The living seats, in seat order (shared between states: see :data:`_LIVING`)."""
        alive = self.alive
        found = _LIVING.get(alive)
        if found is None:
            found = tuple(s for s, up in enumerate(alive) if up)
            remember(_LIVING, alive, found)
        return found

    def holder(self, role: Role) -> int:
        """The living seat holding ``role`` (a unique role), or ``NONE``."""
        deck, cards, alive = self.deck, self.cards, self.alive
        for s in range(self.n):
            if alive[s] and deck[cards[s]] is role:
                return s
        return NONE

    def living_wolves(self) -> tuple[int, ...]:
        deck, cards, alive = self.deck, self.cards, self.alive
        return tuple(s for s in range(self.n) if alive[s] and deck[cards[s]] is _WEREWOLF)

    def partner(self, seat: int) -> int:
        """The other Lover, if ``seat`` is a Lover, else ``NONE``."""
        if seat in self.lovers:
            a, b = self.lovers
            return b if seat == a else a
        return NONE

    @property
    def set_aside(self) -> int:
        """How many cards are set aside (2 with a Thief in the deck, else 0)."""
        return len(self.deck) - self.n


ROLE_NAME: dict[Role, str] = {r: r.value for r in Role}
"""Each role's name (plain text, as events carry it)."""

_WEREWOLF = Role.WEREWOLF
"""A plain global: reading an enum member through its class is slow in the hot loops."""

_AGENDA = State._fields.index("agenda")
_ANSWERS = State._fields.index("answers")
_STEP = State._fields.index("step")


def with_agenda(state: State, agenda: tuple[Task, ...]) -> State:
    """``state._replace(agenda=agenda)``, about three times as fast (the hot path)."""
    values = list(state)
    values[_AGENDA] = agenda
    return State._make(values)


def with_step(state: State, step: str) -> State:
    """``state._replace(step=step)``, about three times as fast (the hot path)."""
    values = list(state)
    values[_STEP] = step
    return State._make(values)


def with_answers(state: State, answers: tuple[int, ...]) -> State:
    """``state._replace(answers=answers)``, about three times as fast (the hot path)."""
    values = list(state)
    values[_ANSWERS] = answers
    return State._make(values)


_LIVING: dict[tuple[bool, ...], tuple[int, ...]] = {}
"""The living seats for each ``alive`` pattern met so far."""

CACHE_LIMIT = 4_096
"""The most entries a memo keeps (it starts again empty beyond, so memory stays bounded)."""

K = TypeVar("K")
V = TypeVar("V")


def remember(memo: dict[K, V], key: K, value: V) -> V:
    """Store ``value`` under ``key`` in a bounded memo, and return it.

    The rules memoise values that depend only on their key (the living seats of an
    ``alive`` pattern, a decision built from its seat and its candidates): the same
    immutable object is returned each time, which also lets a :class:`Decision`
    keep its index of options from one game to the next.  Memos are caches, never
    state: clearing one changes nothing but speed.
    """
    if len(memo) >= CACHE_LIMIT:
        memo.clear()
    memo[key] = value
    return value


VOTE_FOR: tuple[Action, ...] = tuple(Action("vote", (t,)) for t in range(64))
"""``VOTE_FOR[t]`` is ``Action("vote", (t,))``, shared by every decision (40 seats at most)."""


def clockwise(seat: int, candidates: Sequence[int], n: int) -> int:
    """The first of ``candidates`` met going clockwise after ``seat`` (``seat`` itself last)."""
    return min(candidates, key=lambda c: (c - seat - 1) % n)


Events = list[Event]
Follow = list[Task]
Step = tuple[State, Events, Follow]
"""What a task returns: the new state, its events, and the tasks that follow it
(run before the rest of the agenda)."""

Auto = Callable[[State, Task], Step]
"""An automatic task.  The runner keeps the agenda apart while it runs (the state's
``agenda`` is then out of date): a task never reads it, and returns what follows it."""
Pending = Callable[[State, Task], tuple[Decision, ...]]
"""The decisions a decision task waits for (an empty tuple: nobody can decide, skip it)."""
Act = Callable[[State, Task, int, Action], tuple[State, Events, Follow | None]]
"""Apply one legal answer to a decision task; ``None`` for what follows: the task
still waits for other seats."""
Request = Callable[[State, Task], ChanceRequest]
Resolve = Callable[[State, Task, JSON], Step]
"""Apply a checked chance outcome (like an automatic task, without reading the agenda)."""
