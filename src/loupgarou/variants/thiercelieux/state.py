"""The immutable state of a Thiercelieux game, the agenda it runs on, and its working copy.

Cards are identified by their index in ``deck`` (card ids).  ``cards`` maps a
position to the card id it holds and is always a permutation of the ids
(cards are never created or lost): positions ``0..n-1`` are the players' seats,
``n`` and ``n+1`` the Thief's two set-aside cards (only with a Thief in the
deck).  A seat's role is the role of the card it holds now; only the Thief
changes cards, on night 1, before anybody else acts.

The game runs on an *agenda*: a queue of :class:`Task`.  A task is a public
night call, an automatic step, a decision (one seat, or several seats at once
for a vote), or a chance draw; what it does is its :class:`Does`, the rules'
functions for that kind of task.
:mod:`loupgarou.variants.thiercelieux.agenda` runs automatic tasks until a
decision or a draw is due, and each task puts what follows it in front of the
rest, so the agenda never runs dry before the game is over.

Speed.  The rules run a whole game of a few dozen inputs in well under a
millisecond, so the hot paths avoid building what they can share:

- a :class:`Plan` holds what the table's set-up fixes (the nights' task lists,
  the chance requests, the reset values), built once per set-up;
- a :class:`Seating` holds who holds which card, built at the deal (and again
  if the Thief swaps);
- the state keeps the decisions it waits for (``pending``) or the chance
  request it needs (``request``), computed once when the game reaches them;
- between two inputs the rules work on a :class:`Draft`, a private mutable
  copy of the state that is frozen into a new :class:`State` once, at the end
  (the state itself never changes); an answer to a vote that leaves others to
  answer makes the new state from the old one's fields (:func:`answered`);
- the agenda is kept as the runner's stack (``State.todo``, its head last),
  and each task carries what it does (no lookup by name);
- decisions, actions, tasks, requests and the recurring events are shared
  immutable objects, kept in bounded memos (:func:`remember`) or tables built
  on first use (:data:`DEALT`, :func:`voted` ...); events are built in place
  (``Event`` tuples) rather than through ``core.events``' keyword helpers.

Measured with the instructions CPython 3.11 executes (callgrind) for the
benchmark's games: a Python call costs a few hundred instructions (a list
comprehension is one, with its own frame), a tuple-subclass instance (an
event) one to five thousand to build, and reading a named tuple's field by
name about ten times a slot's (it is not specialised): the shapes above keep
these counts low.  The state is a plain class with ``Final`` fields (immutable;
built and read natively in the compiled build); the objects read on every input
(:class:`Task`, :class:`Does`, :class:`Plan`, :class:`Seating`, the
:class:`Draft`) have slots.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Final, TypeVar

from loupgarou.core.actions import Action, Decision
from loupgarou.core.chance import ChanceRequest
from loupgarou.core.events import EVERYONE, JSON, Audience, Event, only
from loupgarou.core.outcome import Outcome
from loupgarou.variants.thiercelieux.roles import Role

NONE: Final = -1
"""No seat (no answer yet, no victim, no Captain ...)."""
NO_VICTIM: Final = -2
"""A Werewolf's ballot for no victim."""

SEATS: Final = range(64)
"""Every position a table may have (62 seats and the Thief's two cards at most: see
``setup.MAX_PLAYERS``)."""

CACHE_LIMIT: Final = 1_024
"""The most entries a memo keeps (it starts again empty beyond, so memory stays bounded).
At 8 or 9 players the keys that repeat fit well within it; at 18, where the living seats
seldom repeat, a larger memo only spreads the rules' work over more memory: 4,096 made an
18-player decision about a fifth slower in CPU time (docs/performance.md, session 10)."""

K = TypeVar("K")
V = TypeVar("V")


def remember(memo: dict[K, V], key: K, value: V) -> V:
    """Store ``value`` under ``key`` in a bounded memo, and return it.

    The rules memoise values that depend only on their key (a decision built from
    its seat and the living seats, a vote's ballots, a recurring event ...): the same
    immutable object is returned each time, which also lets a :class:`Decision` keep
    its index of options from one game to the next.  Memos are caches, never state:
    clearing one changes nothing but speed.
    """
    if len(memo) >= CACHE_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def clockwise(seat: int, candidates: Sequence[int], n: int) -> int:
    """The first of ``candidates`` met going clockwise after ``seat`` (``seat`` itself last)."""
    # A plain loop, not ``min(candidates, key=lambda ...)``: the compiled build calls a
    # lambda through Python's calling convention, once a candidate, and a vote builds a
    # ballot for each voter, so that was n² such calls a vote (see docs/performance.md).
    best, gap = NONE, n
    for c in candidates:
        g = (c - seat - 1) % n
        if g < gap:
            best, gap = c, g
    if best == NONE:
        raise ValueError("clockwise() of no candidates")
    return best


# --- shared actions and events ------------------------------------------------------------------


def _targets(kind: str) -> tuple[Action, ...]:
    return tuple(Action(kind, (t,)) for t in SEATS)


VOTE_FOR: Final = _targets("vote")
"""``VOTE_FOR[t]`` is ``Action("vote", (t,))``, shared by every decision (62 seats at most)."""
LOOK_AT: Final = _targets("look")
SHOOT_AT: Final = _targets("shoot")
HEAL: Final = _targets("heal")
POISON: Final = _targets("poison")
NAME: Final = _targets("name")
"""The same for the Seer's look, the Hunter's shot, the Witch's potions, the Captain's heir."""


ONLY: Final[tuple[Audience, ...]] = tuple(only(seat) for seat in SEATS)
"""``ONLY[seat]`` is the audience of that seat alone (``core.events.only``), read without a call."""


_AUDIENCES: Final[dict[tuple[int, ...], Audience]] = {}


def audience_of(seats: tuple[int, ...]) -> Audience:
    """``Audience.of(seats)``, shared between events and games."""
    found = _AUDIENCES.get(seats)
    if found is None:
        found = remember(_AUDIENCES, seats, Audience.of(seats))
    return found


class Memo(dict[tuple[Any, ...], V]):
    """A bounded memo of immutable values built from their key: ``memo[a, b]`` is
    ``build(a, b)``, built the first time it is read and then shared by every game
    that reads it (it starts again empty beyond :data:`CACHE_LIMIT` entries)."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[..., V]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: tuple[Any, ...]) -> V:
        if len(self) >= CACHE_LIMIT:
            self.clear()
        value = self[key] = self.build(*key)
        return value


# Events are immutable facts (nobody writes to their ``data``), so the ones that recur
# identically are built once and shared between games: by seat in a tuple, by seat and
# role in :class:`RoleRows`, by voter and target in :func:`voted`, the others in a
# :class:`Memo` keyed by what they say.

WOKE: Final = tuple(Event("woke", ONLY[s], {}) for s in SEATS)
STAYED_ASLEEP: Final = tuple(Event("stayed_asleep", ONLY[s], {}) for s in SEATS)
LYNCHED: Final = tuple(Event("lynched", EVERYONE, {"seat": s}) for s in SEATS)
"""``WOKE[seat]`` ...: the events about one seat, shared."""


class RoleRows(dict[str, tuple[Event, ...]]):
    """Events about a seat and a role name, shared: ``table[role][seat]``; a role's row
    is built the first time it is read."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[int, str], Event]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, role: str) -> tuple[Event, ...]:
        row = self[role] = tuple(self.build(s, role) for s in SEATS)
        return row


DEALT: Final = RoleRows(lambda seat, role: Event("dealt", ONLY[seat], {"role": role}))
CARD_REVEALED: Final = RoleRows(
    lambda seat, role: Event("card_revealed", EVERYONE, {"seat": seat, "role": role})
)

_VOTED: Final[dict[str, list[Event | None]]] = {}


def voted_row(vote: str) -> list[Event | None]:
    """The ``voted`` events of the vote named ``vote``, at ``seat * 64 + target`` (each
    built when first needed; see :func:`voted`)."""
    row = _VOTED.get(vote)
    if row is None:
        row = _VOTED[vote] = [None] * (64 * 64)
    return row


def voted(row: list[Event | None], vote: str, seat: int, target: int) -> Event:
    """``seat``'s ballot for ``target`` in the vote ``vote`` (whose :func:`voted_row` is
    ``row``), told to ``seat``."""
    event = row[seat * 64 + target]
    if event is None:
        data: dict[str, JSON] = {"vote": vote, "seat": target}
        event = row[seat * 64 + target] = Event("voted", ONLY[seat], data)
    return event


_NUMBERED: Final = {"night_begins": "night", "day_begins": "day", "dusk": "day"}
_NUMBERED_ROWS: Final[dict[str, dict[int, Event]]] = {}


def numbered(kind: str, number: int) -> Event:
    """``night_begins`` (night ``number``), ``day_begins`` or ``dusk`` (day ``number``),
    shared: found by kind, then by number, as :func:`night_step` (bounded the same way)."""
    row = _NUMBERED_ROWS.get(kind)
    if row is None:
        row = _NUMBERED_ROWS[kind] = {}
    found = row.get(number)
    if found is None:
        found = row[number] = Event(kind, EVERYONE, {_NUMBERED[kind]: number})
    return found


_NIGHT_STEPS: Final[dict[str, dict[int, Event]]] = {}


def night_step(night: int, step: str) -> Event:
    """The public call of the step ``step`` of night ``night``, shared: found by step, then
    by night (a memo keyed by both built, hashed and compared a tuple: 590 instructions
    a call, about 380 this way).  A few steps, a few dozen nights at most: bounded."""
    row = _NIGHT_STEPS.get(step)
    if row is None:
        row = _NIGHT_STEPS[step] = {}
    found = row.get(night)
    if found is None:
        found = row[night] = Event("night_step", EVERYONE, {"night": night, "step": step})
    return found


DECLINED: Final[Memo[Event]] = Memo(
    lambda step, seat: Event("declined", ONLY[seat], {"step": step})
)
"""``DECLINED[step, seat]``: told to ``seat``, who let the step ``step`` pass."""
BY: Final[Memo[Event]] = Memo(
    lambda kind, seat, by: Event(kind, EVERYONE, {"seat": seat, "by": by})
)
"""``BY[kind, seat, by]``: the Captain ``by`` decides a lynch tie (``captain_decides``)
or names ``seat`` his successor (``captain_named``)."""


TIEBREAK: Final[tuple[ChanceRequest, ...]] = tuple(
    ChanceRequest("tiebreak", "choice", k) for k in SEATS
)
"""``TIEBREAK[k]`` draws one of ``k`` tied (the pack's, an election's, a lynch's)."""


# --- the agenda -----------------------------------------------------------------------------------


class Ballots:
    """The decisions of one day vote (its name and its candidates, on a table of ``n``).

    Each seat's ballot is built when first needed, and the tuple of the ballots of a
    set of voters is kept: one object serves every game that holds the same vote (see
    :func:`loupgarou.variants.thiercelieux.day.ballot_task`).  ``voted`` is the vote's
    :func:`voted_row`.  Not for the Lovers' common ballot: that one depends on the
    partner's answer.
    """

    __slots__ = (
        "by_seat",
        "by_voters",
        "candidates",
        "lynch",
        "n",
        "opens",
        "options",
        "vote",
        "voted",
    )

    def __init__(self, n: int, vote: str, candidates: tuple[int, ...]) -> None:
        self.n = n
        self.vote = vote
        self.candidates = candidates
        self.lynch = vote.startswith("lynch")
        self.by_seat: list[Decision | None] = [None] * n
        self.by_voters: dict[tuple[int, ...], tuple[Decision, ...]] = {}
        self.voted = voted_row(vote)
        self.opens = Event("vote_opens", EVERYONE, {"vote": vote, "candidates": list(candidates)})
        """The event that opens the vote (kept here: no memo of its own to look up)."""
        self.options = tuple([VOTE_FOR[t] for t in candidates])
        """A vote for each candidate, in order: every ballot's options are cut from it."""

    def ballot(self, seat: int) -> Decision:
        """``seat``'s ballot: any candidate (but themself in a lynch vote); by default the
        next candidate clockwise."""
        found = self.by_seat[seat]
        if found is None:
            targets, options = self.candidates, self.options
            if self.lynch and seat in targets:
                # Slices of the vote's shared tuples (copies in C), not a new tuple built
                # one candidate at a time: a vote builds a ballot for each voter.
                i = targets.index(seat)
                targets = targets[:i] + targets[i + 1 :]
                options = options[:i] + options[i + 1 :]
            default = VOTE_FOR[clockwise(seat, targets, self.n)]
            found = self.by_seat[seat] = Decision(seat, self.vote, options, default)
        return found

    def pending(self, voters: tuple[int, ...]) -> tuple[Decision, ...]:
        """The ballots of ``voters``, in their order."""
        found = self.by_voters.get(voters)
        if found is None:
            found = remember(self.by_voters, voters, tuple([self.ballot(v) for v in voters]))
        return found


def ballot_decision(n: int, vote: str, seat: int, targets: tuple[int, ...]) -> Decision:
    """A day ballot for one of ``targets``, by default the first of them clockwise."""
    options = tuple([VOTE_FOR[t] for t in targets])
    return Decision(seat, vote, options, VOTE_FOR[clockwise(seat, targets, n)])


AUTO: Final = 0
"""An automatic task: :meth:`Does.auto` runs at once."""
DECIDE: Final = 1
"""A decision task: :meth:`Does.pending`, then :meth:`Does.act` for each answer."""
DRAW: Final = 2
"""A chance task: :meth:`Does.request`, then :meth:`Does.resolve` with the outcome."""


class Does:
    """What a kind of task does: the rules for it, as the methods of a subclass per kind
    of task (each module defines its own at its end).

    ``kind`` says which methods it has: an automatic task (:data:`AUTO`) ``auto``; a
    decision task (:data:`DECIDE`) ``pending`` and ``act``, and ``vote`` for a
    simultaneous one (a vote, the Werewolves' waking); a chance task (:data:`DRAW`)
    ``request`` and ``resolve``.

    Methods, not the stored functions they were: the compiled build calls a method of a
    native class through its vtable, with native arguments, where each stored function
    was called through Python's calling convention (arguments boxed, packed and parsed
    again: about 130 calls a game, 17,000 instructions in all).
    """

    __slots__ = ("kind",)

    kind: Final[int]

    def __init__(self, kind: int) -> None:
        self.kind = kind

    def auto(self, d: Draft, task: Task) -> None:
        """Change the draft, add the events and queue what follows the task."""
        raise NotImplementedError

    def pending(self, d: Draft, task: Task) -> tuple[Decision, ...]:
        """The decisions the task waits for (an empty tuple: nobody can decide, skip it)."""
        raise NotImplementedError

    def act(self, d: Draft, task: Task, seat: int, action: Action) -> bool:
        """Apply one legal answer to the task (removed from the draft's agenda); true when
        the task is done (what follows it is queued), false when it still waits for
        other seats."""
        raise NotImplementedError

    def vote(self, task: Task, seat: int, action: Action) -> tuple[int, Event] | None:
        """For a simultaneous task: the answer an action records and its event, so that an
        answer leaving others to answer skips the draft (see :func:`answered`); ``None``
        when the task must take the general path."""
        return None

    def request(self, d: Draft, task: Task) -> ChanceRequest:
        """The chance outcome the task needs."""
        raise NotImplementedError

    def resolve(self, d: Draft, task: Task, value: JSON) -> None:
        """Apply a checked chance outcome to the task (removed from the draft's agenda)."""
        raise NotImplementedError


class Auto(Does):
    """An automatic task's :class:`Does` (its subclass defines ``auto``)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(AUTO)


class Decide(Does):
    """A decision task's :class:`Does` (its subclass defines ``pending``, ``act`` and
    perhaps ``vote``)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(DECIDE)


class Draw(Does):
    """A chance task's :class:`Does` (its subclass defines ``request`` and ``resolve``)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(DRAW)


@dataclass(frozen=True, slots=True)
class Task:
    """One item of the agenda.

    ``kind`` names the task (a night step's task is named after the step, which it
    announces first: ``arg``) and ``does`` is what it does; ``seat`` is the seat it
    concerns, if one; ``seats`` a set of seats it works on (the awake pack, the
    candidates of a vote ...); ``arg`` a further name (which vote a ballot is for
    ...); ``ballots`` the shared decisions of a ``ballot`` task's vote; ``audience``
    who learns the ballots of a ``hunt`` task (the awake pack).  Tasks are shared:
    the ones with a seat are built once per seat (:func:`seat_tasks`), the others
    once per set of seats (see where each is made).
    """

    kind: str
    does: Does = field(repr=False, compare=False)
    seat: int = NONE
    seats: tuple[int, ...] = ()
    arg: str = ""
    ballots: Ballots | None = None
    audience: Audience | None = None


def seat_tasks(kind: str, does: Does) -> tuple[Task, ...]:
    """``Task(kind, does, seat)`` for every seat (64 positions at most), built once and shared."""
    return tuple(Task(kind, does, seat) for seat in SEATS)


_TASKS: Final[dict[tuple[str, int, tuple[int, ...]], Task]] = {}


def shared_task(kind: str, does: Does, seat: int, seats: tuple[int, ...]) -> Task:
    """``Task(kind, does, seat, seats)``, shared between games (a tie's draw, the Captain's
    pick ...): a frozen dataclass sets each field through ``object.__setattr__``, which
    makes a new task cost as much as a dozen dictionary look-ups."""
    key = (kind, seat, seats)
    found = _TASKS.get(key)
    if found is None:
        found = remember(_TASKS, key, Task(kind, does, seat, seats))
    return found


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
    captain_outside_tie: str = "pick"
    witch_one_potion_per_night: bool = False
    thief_must_swap: bool = False
    pack_may_devour_werewolf: bool = True
    narrator_knows: str = "ballots"


@dataclass(frozen=True, slots=True, eq=False)
class Plan:
    """What the set-up fixes before the deal, worked out once per table and shared
    (see :func:`plan_of`).

    ``nights`` holds the agenda of night 1 and of every later night (see
    :func:`loupgarou.variants.thiercelieux.night.agenda`), each reversed for the
    runner's stack (``State.todo``); ``deal`` and ``little_girl`` the chance
    requests the table will make; ``no_answers``, ``all_alive`` and ``all_seats``
    the values a night, a vote or the deal start from; ``names`` and ``kinds``
    each card's role name and kind (see :func:`seating`: no enum is hashed on the
    hot path); ``double_vote`` whether the Captain's lynch ballot counts twice.
    """

    n: int
    deck: tuple[Role, ...]
    options: Options
    set_aside: int
    names: tuple[str, ...]
    kinds: tuple[int, ...]
    nights: tuple[tuple[Task, ...], tuple[Task, ...]]
    deal: ChanceRequest
    little_girl: ChanceRequest
    no_answers: tuple[int, ...]
    all_alive: tuple[bool, ...]
    all_seats: tuple[int, ...]
    double_vote: bool
    begins: Event
    """The deal's ``game_begins`` event, the same for every game of the table."""


def plan_of(
    n: int, deck: tuple[Role, ...], options: Options, nights: tuple[tuple[Task, ...], ...]
) -> Plan:
    """The :class:`Plan` of a table of ``n`` with this deck, these options and the agendas
    of its first and later nights (head first)."""
    return Plan(
        n=n,
        deck=deck,
        options=options,
        set_aside=len(deck) - n,
        names=tuple(ROLE_NAME[r] for r in deck),
        kinds=tuple(
            0 if r is Role.WEREWOLF else _UNIQUE.index(r) + 1 if r in _UNIQUE else 7 for r in deck
        ),
        nights=(nights[0][::-1], nights[1][::-1]),
        deal=ChanceRequest("deal", "permutation", len(deck)),
        little_girl=ChanceRequest(
            "little_girl_caught", "bernoulli", p=options.little_girl_catch_chance
        ),
        no_answers=(NONE,) * n,
        all_alive=(True,) * n,
        all_seats=tuple(range(n)),
        double_vote=options.captain_vote == "double",
        begins=Event("game_begins", EVERYONE, {"players": n, "deck": [ROLE_NAME[r] for r in deck]}),
    )


class Seating:
    """Who holds which card: the roles and role names by position (seats, then the
    set-aside cards), the seats holding a Werewolf card, and the seat holding each
    unique card, alive or dead (``NONE`` when the card is set aside or not in the deck).

    Immutable (``Final`` fields), compared and hashed by its fields, as the frozen
    dataclass it was; a plain class because the compiled build builds a frozen
    dataclass through its Python ``__init__``: with the starred call that gave it
    its holders, :func:`seating` took 19,800 instructions a deal, 5,800 now."""

    __slots__ = ("cupid", "girl", "hunter", "names", "roles", "seer", "thief", "witch", "wolves")

    roles: Final[tuple[Role, ...]]
    names: Final[tuple[str, ...]]
    wolves: Final[tuple[int, ...]]
    thief: Final[int]
    cupid: Final[int]
    seer: Final[int]
    witch: Final[int]
    hunter: Final[int]
    girl: Final[int]

    def __init__(  # noqa: PLR0917 - the seating's fields, in order
        self,
        roles: tuple[Role, ...] = (),
        names: tuple[str, ...] = (),
        wolves: tuple[int, ...] = (),
        thief: int = NONE,
        cupid: int = NONE,
        seer: int = NONE,
        witch: int = NONE,
        hunter: int = NONE,
        girl: int = NONE,
    ) -> None:
        self.roles = roles
        self.names = names
        self.wolves = wolves
        self.thief = thief
        self.cupid = cupid
        self.seer = seer
        self.witch = witch
        self.hunter = hunter
        self.girl = girl

    def values(self) -> tuple[object, ...]:
        """The fields, in order."""
        return (
            self.roles,
            self.names,
            self.wolves,
            self.thief,
            self.cupid,
            self.seer,
            self.witch,
            self.hunter,
            self.girl,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Seating):
            return NotImplemented
        return self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        names = ("roles", "names", "wolves", "thief", "cupid", "seer", "witch", "hunter", "girl")
        pairs = zip(names, self.values(), strict=True)
        return "Seating(" + ", ".join(f"{k}={v!r}" for k, v in pairs) + ")"


_UNIQUE: Final = (Role.THIEF, Role.CUPID, Role.SEER, Role.WITCH, Role.HUNTER, Role.LITTLE_GIRL)
"""The unique cards, in the order of :class:`Seating`'s fields (``Plan.kinds`` numbers
them from 1; 0 is a Werewolf card, 7 any other)."""


def seating(plan: Plan, cards: tuple[int, ...]) -> Seating:
    """The :class:`Seating` of ``cards`` (a deal, or the deal after the Thief's swap)."""
    kinds = plan.kinds
    holders = [NONE] * 8
    wolves = []
    for s in range(plan.n):
        kind = kinds[cards[s]]
        if kind:
            holders[kind] = s
        else:
            wolves.append(s)
    # ``itemgetter(*cards)``: one C call for the whole tuple (``map`` over a bound
    # ``__getitem__`` makes a slow wrapper call per card).
    pick = itemgetter(*cards)
    return Seating(
        pick(plan.deck),
        pick(plan.names),
        tuple(wolves),
        holders[1],
        holders[2],
        holders[3],
        holders[4],
        holders[5],
        holders[6],
    )


NO_SEATING: Final = Seating()
"""Before the deal."""


class State:
    """The whole truth of a game (never shown as such: see ``Thiercelieux.public``).

    Immutable (its fields are ``Final``; the compiled build refuses any assignment at
    run time), compared and hashed by its fields, and rebuilt once per input (see
    :class:`Draft` and :func:`answered`).  Some fields are derived from the others and
    kept so that they are worked out once: ``plan`` and ``seating`` (see their
    classes), ``up`` (the living seats), ``pending`` (the decisions the table waits
    for) and ``request`` (the chance outcome the game needs, if any).  The agenda is
    kept as the runner's stack, ``todo`` (its head last; :attr:`agenda` reads it head
    first).  ``answers`` is, per seat, its answer to the current simultaneous task
    (``NONE``: not yet; wake: 1 awake, 0 asleep; ballots: a seat or ``NO_VICTIM``;
    spying: 1 or 0).

    A plain class rather than the named tuple it was: in the compiled build a named
    tuple is built through ``tuple.__new__`` called as Python's, unpacked with a type
    check of every item and read by name through a descriptor, where this class is
    built by a native constructor and read by loads (see ``docs/performance.md``).
    """

    __slots__ = (
        "alive",
        "answers",
        "awake",
        "captain",
        "cards",
        "caught",
        "deaths",
        "heal_used",
        "healed",
        "lovers",
        "number",
        "outcome",
        "pending",
        "phase",
        "plan",
        "poison_used",
        "poisoned",
        "request",
        "seating",
        "spy",
        "step",
        "todo",
        "up",
        "victim",
    )

    plan: Final[Plan]
    phase: Final[str]
    """'deal', 'night', 'day' or 'over'."""
    number: Final[int]
    """The number of the current night; day k follows night k."""
    step: Final[str]
    """Public: the current night call, or the day's step."""
    cards: Final[tuple[int, ...]]
    alive: Final[tuple[bool, ...]]
    lovers: Final[tuple[int, ...]]
    """() or the two Lovers, in seat order."""
    captain: Final[int]
    heal_used: Final[bool]
    poison_used: Final[bool]
    awake: Final[tuple[int, ...]]
    """Tonight's awake Werewolves."""
    spy: Final[int]
    """The Little Girl, if she spies tonight."""
    victim: Final[int]
    """Tonight's victim designated by the pack."""
    caught: Final[int]
    """The Little Girl, if she was caught tonight (she dies instead of the victim)."""
    healed: Final[bool]
    poisoned: Final[int]
    deaths: Final[tuple[tuple[int, str], ...]]
    """Every death so far, in order: (seat, cause); causes joined by '+'."""
    outcome: Final[Outcome | None]
    seating: Final[Seating]
    up: Final[tuple[int, ...]]
    todo: Final[tuple[Task, ...]]
    """The agenda as a stack: its head last."""
    answers: Final[tuple[int, ...]]
    pending: Final[tuple[Decision, ...]]
    request: Final[ChanceRequest | None]

    def __init__(  # noqa: PLR0917 - the state's fields, in order
        self,
        plan: Plan,
        phase: str = "deal",
        number: int = 0,
        step: str = "",
        cards: tuple[int, ...] = (),
        alive: tuple[bool, ...] = (),
        lovers: tuple[int, ...] = (),
        captain: int = NONE,
        heal_used: bool = False,
        poison_used: bool = False,
        awake: tuple[int, ...] = (),
        spy: int = NONE,
        victim: int = NONE,
        caught: int = NONE,
        healed: bool = False,
        poisoned: int = NONE,
        deaths: tuple[tuple[int, str], ...] = (),
        outcome: Outcome | None = None,
        seating: Seating = NO_SEATING,
        up: tuple[int, ...] = (),
        todo: tuple[Task, ...] = (),
        answers: tuple[int, ...] = (),
        pending: tuple[Decision, ...] = (),
        request: ChanceRequest | None = None,
    ) -> None:
        self.plan = plan
        self.phase = phase
        self.number = number
        self.step = step
        self.cards = cards
        self.alive = alive
        self.lovers = lovers
        self.captain = captain
        self.heal_used = heal_used
        self.poison_used = poison_used
        self.awake = awake
        self.spy = spy
        self.victim = victim
        self.caught = caught
        self.healed = healed
        self.poisoned = poisoned
        self.deaths = deaths
        self.outcome = outcome
        self.seating = seating
        self.up = up
        self.todo = todo
        self.answers = answers
        self.pending = pending
        self.request = request

    def values(self) -> tuple[object, ...]:
        """The fields, in order (:data:`FIELDS`)."""
        return (
            self.plan,
            self.phase,
            self.number,
            self.step,
            self.cards,
            self.alive,
            self.lovers,
            self.captain,
            self.heal_used,
            self.poison_used,
            self.awake,
            self.spy,
            self.victim,
            self.caught,
            self.healed,
            self.poisoned,
            self.deaths,
            self.outcome,
            self.seating,
            self.up,
            self.todo,
            self.answers,
            self.pending,
            self.request,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        pairs = zip(FIELDS, self.values(), strict=True)
        return "State(" + ", ".join(f"{k}={v!r}" for k, v in pairs) + ")"

    def replace(self, **changes: Any) -> State:
        """A copy with ``changes`` (for tests and rare paths: the hot ones build the new
        state field by field)."""
        values: dict[str, Any] = dict(zip(FIELDS, self.values(), strict=True))
        values.update(changes)
        return State(**values)

    @property
    def n(self) -> int:
        """The number of players."""
        return self.plan.n

    @property
    def deck(self) -> tuple[Role, ...]:
        """The deck, in card-id order."""
        return self.plan.deck

    @property
    def options(self) -> Options:
        """The table's options."""
        return self.plan.options

    @property
    def agenda(self) -> tuple[Task, ...]:
        """The tasks still to run, in order: the head (a decision or a chance draw the
        game waits for) first."""
        return self.todo[::-1]

    def role(self, seat: int) -> Role:
        """The role of the card at ``seat`` (or at a set-aside position) now."""
        return self.deck[self.cards[seat]]

    def role_name(self, seat: int) -> str:
        """``self.role(seat).value``, without the enum's slow ``value`` property."""
        return ROLE_NAME[self.deck[self.cards[seat]]]

    def living(self) -> tuple[int, ...]:
        """The living seats, in seat order."""
        return self.up

    def holder(self, role: Role) -> int:
        """The living seat holding ``role`` (a unique role), or ``NONE``."""
        deck, cards, alive = self.deck, self.cards, self.alive
        for s in range(self.n):
            if alive[s] and deck[cards[s]] is role:
                return s
        return NONE

    def living_wolves(self) -> tuple[int, ...]:
        alive = self.alive
        return tuple(w for w in self.seating.wolves if alive[w])

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


ROLE_NAME: Final[dict[Role, str]] = {r: r.value for r in Role}
"""Each role's name (plain text, as events carry it)."""

FIELDS: Final = (
    "plan",
    "phase",
    "number",
    "step",
    "cards",
    "alive",
    "lovers",
    "captain",
    "heal_used",
    "poison_used",
    "awake",
    "spy",
    "victim",
    "caught",
    "healed",
    "poisoned",
    "deaths",
    "outcome",
    "seating",
    "up",
    "todo",
    "answers",
    "pending",
    "request",
)
"""The fields of :class:`State`, in the constructor's order."""


def answered(state: State, seat: int, value: int) -> State:
    """The state after ``seat`` answers ``value`` to the simultaneous task at the head of
    the agenda (a vote, the Werewolves' waking) when others still have to answer: their
    decisions do not change, so the pending ones are those but ``seat``'s.  (The last
    answer goes through the task's ``act``: see ``agenda.act``.)

    The common case of a vote, hence the new state built from the old one's fields
    without a draft.
    """
    pending = state.pending
    first = pending[0].seat == seat  # the usual order of answers
    rest = pending[1:] if first else tuple([p for p in pending if p.seat != seat])
    answers = list(state.answers)
    answers[seat] = value
    return State(
        state.plan,
        state.phase,
        state.number,
        state.step,
        state.cards,
        state.alive,
        state.lovers,
        state.captain,
        state.heal_used,
        state.poison_used,
        state.awake,
        state.spy,
        state.victim,
        state.caught,
        state.healed,
        state.poisoned,
        state.deaths,
        state.outcome,
        state.seating,
        state.up,
        state.todo,
        tuple(answers),
        rest,
        None,
    )


class Draft:
    """A private, mutable working copy of a :class:`State` while one input is applied.

    The rules' tasks read and write its fields (those of the state but the agenda and
    the chance request), append their events to ``events`` and put the tasks that
    follow them on ``work``, the agenda as a stack (its head last).  :meth:`freeze`
    makes the new immutable state once, at the end.  A draft never outlives the call
    that made it.
    """

    __slots__ = (*FIELDS[:20], "answers", "pending", "events", "work")

    plan: Plan
    phase: str
    number: int
    step: str
    cards: tuple[int, ...]
    alive: tuple[bool, ...]
    lovers: tuple[int, ...]
    captain: int
    heal_used: bool
    poison_used: bool
    awake: tuple[int, ...]
    spy: int
    victim: int
    caught: int
    healed: bool
    poisoned: int
    deaths: tuple[tuple[int, str], ...]
    outcome: Outcome | None
    seating: Seating
    up: tuple[int, ...]
    answers: tuple[int, ...]
    pending: tuple[Decision, ...]
    """What the state waited for (an answer to a simultaneous task checks it)."""
    events: list[Event]
    work: list[Task]

    def __init__(self, state: State) -> None:
        self.plan = state.plan
        self.phase = state.phase
        self.number = state.number
        self.step = state.step
        self.cards = state.cards
        self.alive = state.alive
        self.lovers = state.lovers
        self.captain = state.captain
        self.heal_used = state.heal_used
        self.poison_used = state.poison_used
        self.awake = state.awake
        self.spy = state.spy
        self.victim = state.victim
        self.caught = state.caught
        self.healed = state.healed
        self.poisoned = state.poisoned
        self.deaths = state.deaths
        self.outcome = state.outcome
        self.seating = state.seating
        self.up = state.up
        self.answers = state.answers
        self.pending = state.pending
        self.events = []
        self.work = list(state.todo)

    def freeze(self, pending: tuple[Decision, ...], request: ChanceRequest | None) -> State:
        """The new state: this draft's fields, its ``work`` as the agenda (none once the
        game is over), waiting for ``pending`` or for ``request``."""
        return State(
            self.plan,
            self.phase,
            self.number,
            self.step,
            self.cards,
            self.alive,
            self.lovers,
            self.captain,
            self.heal_used,
            self.poison_used,
            self.awake,
            self.spy,
            self.victim,
            self.caught,
            self.healed,
            self.poisoned,
            self.deaths,
            self.outcome,
            self.seating,
            self.up,
            () if self.outcome is not None else tuple(self.work),
            self.answers,
            pending,
            request,
        )

    def answer(self, seat: int, value: int) -> bool:
        """Record ``seat``'s answer to the current simultaneous task; true when others
        still have to answer (``pending`` is still what the state waited for)."""
        answers = list(self.answers)
        answers[seat] = value
        self.answers = tuple(answers)
        return len(self.pending) > 1

    def partner(self, seat: int) -> int:
        """The other Lover, if ``seat`` is a Lover, else ``NONE``."""
        if seat in self.lovers:
            a, b = self.lovers
            return b if seat == a else a
        return NONE
