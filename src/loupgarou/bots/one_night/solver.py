"""The One Night solver: who ends the night as what, from one seat's point of view.

Given a deck, a seat's own knowledge (:class:`~.knowledge.NightKnowledge`) and the
public claims made so far, :meth:`Solver.posterior` returns, for every position
(seats, then the three centre slots), the probability of each effective role at
dawn and of each dealt role, over the worlds consistent with what the seat knows.

**The model** (exact: every probability is a finite sum over worlds):

- A world is a deal and every night choice.  Deals are equally likely.  Each
  night decision of another seat is drawn uniformly from its legal options (the
  options the rules offer; the seat's own choices are the ones it made).
- A world is consistent with the seat's knowledge when the seat would have been
  dealt the same card and told exactly the same things during the night.
- Claims are weighed, not trusted.  A seat that, in that world, believes it ends
  the night on the village side is *honest*: each part of its last claim (role,
  action, sightings) is true in that world, or the world is impossible (an honest
  seat's action is still drawn from the prior, so a claimed action weighs
  ``1/options``).  A seat that believes it is on the werewolf side or the Tanner
  (by its card, what it robbed, copied or saw as the Insomniac) *lies*: its claim
  is drawn from a lie distribution that does not depend on the world, weighing
  ``1/R`` for the role (``R`` distinct roles in the deck), ``1/options`` for an
  action and ``1/R`` per sighting.  A silent seat tells nothing.
- If no world at all fits (say a person on the village side lied), the solver
  answers again with every claim weighed (an honest seat's false claim costs a
  factor ``EPSILON`` times the lie weight) and marks the answer ``lenient``.

**Exactness.**  Decks without a Doppelgänger are summed by the fast path of
:mod:`.fast` (the same model, organised around what such a deck allows); decks with one
Doppelgänger card by :mod:`.doppel` (lenient answers included: the copy as the outer
choice, each claim weighed as soon as the copy allows); the others, and the remaining
lenient answers, by the general enumeration below.  :meth:`Solver.vote` gives
what a vote reads and, for a seat whose claim says exactly what it knows, answers from
one enumeration shared by the whole table (:class:`.fast.VoteTable`, made by the fast
path or by :mod:`.doppel_vote`).  Every cache is
a bounded memo of a pure function.  The general enumeration prunes only worlds of
weight zero: the seat's own card and actions are fixed, facts it saw pin
cards of the deal, a seat whose card cannot make it lie must hold the role it
claimed, an honest seat's claimed action is the only one it can have taken, and
choices that change nothing anyone can observe (a Werewolf's peek, an unclaimed
Seer's look) are summed in closed form.  When the enumeration would visit more
than ``budget`` choices (ten players with hardly any claims), it stops and the
solver estimates instead: whole worlds are drawn by sequential importance
sampling (each position's card among those it may hold, each choice among
those the enumeration would branch over), and the answer carries
``exact=False`` and ``error``, the largest standard error of its
probabilities.  A sample is trusted only when enough draws carry it
(:data:`MIN_ESS`); otherwise, or when no draw fits, the same question is asked
:data:`WIDEN` times wider (an exact walk within that many times the budget, unless
the first ran out too early to hope, :data:`WIDER_WALK_FROM`; then that many times as
many draws), and a sample that still too few draws carry is the
answer with ``error`` 1.0: every question's work is bounded.
"""

from __future__ import annotations

import math
import random
import threading
from collections import Counter, OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from loupgarou.core.draws import below
from loupgarou.variants.one_night.night import ACTIVE_COPIES, call_list
from loupgarou.variants.one_night.roles import Role

from .doppel import DoppelBudget, DoppelDeck
from .doppel import solve as doppel_solve
from .doppel_vote import doppel_shareable
from .doppel_vote import spectator_view as doppel_view
from .doppel_vote import vote_table as doppel_vote_table
from .encoded import (
    COPY_V,
    LOOKC_V,
    LOOKP_V,
    PASS_V,
    PEEK_V,
    ROB_V,
    SWAP_V,
    TAKE_V,
    EAction,
    arrangements,
    as_action,
    options,
    own_action,
)
from .fast import (
    FastBudget,
    FastDeck,
    VoteTable,
    shareable,
    spectator_view,
    vote_table,
)
from .fast import Result as FastResult
from .fast import solve as fast_solve
from .knowledge import (
    CARD,
    CENTRE,
    COPIED,
    DECLINED,
    DG,
    DRUNK,
    INSOM,
    LIAR_ROLES,
    MASON,
    MASONS,
    MINION,
    OWN,
    ROBBED,
    ROBBER,
    ROLES,
    SEER,
    SHOWN,
    SWAPPED,
    TANNER,
    TM,
    TOOK,
    WOLF,
    WOLVES,
    ClaimKey,
    NightKnowledge,
    Obs,
    compatible,
    known_role,
    truthful,
)
from .meter import Meter

CENTRE_SLOTS: Final = 3
EPSILON: Final = 0.01
"""Lenient mode: how much less likely an honest seat's false claim is than a liar's."""
DEFAULT_BUDGET: Final = 40_000
"""Choices the exact enumeration may branch over before the solver samples instead."""

PAUSE: Final = 512
"""Units of work between two pauses of the general enumeration (:mod:`.meter`): as
:data:`.doppel.PAUSE`, whose units are alike."""
UNBOUNDED: Final = 1 << 62
"""A budget the enumeration never reaches: the answer is exact."""
SAMPLES: Final = 2000
"""Worlds drawn when sampling."""
MIN_ESS: Final = 20.0
"""A sampled answer is trusted only when its draws weigh as much as this many equal ones
(Kish's effective sample size, ``(sum w)^2 / sum w^2``).  Below it a few draws carry the
whole answer, and its standard error is no guide: measured on vote situations from five
to eight players sampled on purpose, draws worth fewer than five missed the exact answer
by 0.47 at the median (up to 0.95) while stating errors several times smaller.  Such an
answer is not given as it is: the question is asked again, :data:`WIDEN` times wider."""
WIDEN: Final = 8
"""How much further the solver goes when a sample is not trusted: an exact walk within
this many times the budget, then, past it, this many times as many draws.  A sample that
still too few draws carry is the answer, with ``error`` 1.0 (nothing bounds how far off
it is).  So every question costs a bounded amount of work.  (With an unbounded exact walk
instead, a bot's vote took from 30 s to 3 minutes, compiled, at a ten-player *Revenants*
table where seven seats had not claimed; with this bound, a few seconds: 3.5 s the worst
of 20 such votes in session 15, on a slow day; 4.2 s in session 16,
on a day when the floor ran at half that speed.)"""
WIDER_WALK_FROM: Final = 0.25
"""On a deck with one Doppelgänger card, a question asked :data:`WIDEN` times wider
walks again only if its first walk had come at least this far (its
:attr:`~.doppel.DoppelBudget.progress`) when it ran out; below, it goes straight to the
wider sample.  A vote table is walked again wider on the same condition.  Measured on
tables where some seats never claim (docs/bots.md, session 18): each of the 40 wider
walks whose first walk ran out below it ran out too, and such walks were most of a
vote's time; the nearest to finish had run out at 0.298.  Where the wider walk would
have run out, the answer is the same (the same draws); where it would have finished,
the answer is a sample instead of the exact one."""
FLAGGED_ERROR: Final = 1.0
"""The ``error`` of an answer sampled past :data:`WIDEN` that too few draws carry."""
FAST_FACTOR: Final = 25
"""The fast path (:mod:`.fast`) may do this many times ``budget`` units of its own work
(seat cards tried, nights, choices): each costs far less than one of the general
enumeration."""

UNCERTAIN: Final = frozenset({WOLF, MINION, TANNER, ROBBER, INSOM, DG})
"""Cards whose holder may end the night with a reason to lie."""
_ACT_KIND: Final = {SEER: "seer", ROBBER: "robber", TM: "troublemaker", DRUNK: "drunk"}
_ACTIVE: Final = frozenset(ROLES.index(r) for r in ACTIVE_COPIES)
_MAY_LIE_AFTER_COPY: Final = LIAR_ROLES | {ROBBER, INSOM}
"""Copies after which a Doppelgänger may end the night with a reason to lie."""
NROLES: Final = len(ROLES)
DOPPEL_FACTOR: Final = 25
"""The Doppelgänger's path (:mod:`.doppel`) may do this many times ``budget`` units of
work (nights and choices): it weighs each claim as soon as the copy allows, so its
units cover far fewer dead ends than the general enumeration's."""


@dataclass(frozen=True, slots=True)
class Posterior:
    """The solver's answer for one seat.

    ``final[p][r]``: probability that position ``p`` (seats ``0..n-1``, centre
    ``n..n+2``) holds effective role number ``r`` at dawn; ``dealt[p][r]`` the
    same for the deal.  ``no_wolf``: probability that no player ends as a
    Werewolf.  ``exact`` is False when sampled, and ``error`` is then the largest
    standard error.  ``lenient``: no world fitted every claim (see the module).
    """

    n: int
    final: tuple[tuple[float, ...], ...]
    dealt: tuple[tuple[float, ...], ...]
    no_wolf: float
    worlds: int
    exact: bool = True
    error: float = 0.0
    lenient: bool = False

    def p(self, position: int, role: Role | int) -> float:
        r = role if isinstance(role, int) else ROLES.index(role)
        return self.final[position][r]

    def wolf(self, seat: int) -> float:
        return self.final[seat][WOLF]

    def wolf_side(self, seat: int) -> float:
        row = self.final[seat]
        return row[WOLF] + row[MINION]

    def tanner(self, seat: int) -> float:
        return self.final[seat][TANNER]

    def as_dict(self) -> dict[str, object]:
        def table(rows: tuple[tuple[float, ...], ...]) -> list[dict[str, float]]:
            return [{ROLES[r].value: round(v, 6) for r, v in enumerate(row) if v} for row in rows]

        return {
            "players": self.n,
            "final": table(self.final),
            "dealt": table(self.dealt),
            "no_werewolf": round(self.no_wolf, 6),
            "worlds": self.worlds,
            "exact": self.exact,
            "error": self.error,
            "lenient": self.lenient,
        }


class Vote:
    """What the sensible bot's vote reads: for every seat, the probability that it ends the
    night as a Werewolf (``p_wolf``) or as the Tanner (``p_tanner``), and that no player
    ends as a Werewolf (``no_wolf``).  The same numbers as the full :class:`Posterior`.

    Immutable (``Final`` fields).  A plain class rather than a frozen dataclass: every
    village seat gets one at every vote, and the compiled build builds a plain class
    natively but a frozen dataclass through ``object.__setattr__``, field by field."""

    __slots__ = ("error", "exact", "lenient", "n", "no_wolf", "p_tanner", "p_wolf")

    n: Final[int]
    p_wolf: Final[tuple[float, ...]]
    p_tanner: Final[tuple[float, ...]]
    no_wolf: Final[float]
    exact: Final[bool]
    error: Final[float]
    lenient: Final[bool]

    def __init__(  # noqa: PLR0917 - the fields, in order, as the dataclass had them
        self,
        n: int,
        p_wolf: tuple[float, ...],
        p_tanner: tuple[float, ...],
        no_wolf: float,
        exact: bool = True,
        error: float = 0.0,
        lenient: bool = False,
    ) -> None:
        self.n = n
        self.p_wolf = p_wolf
        self.p_tanner = p_tanner
        self.no_wolf = no_wolf
        self.exact = exact
        self.error = error
        self.lenient = lenient

    def _fields(self) -> tuple[object, ...]:
        return (
            self.n,
            self.p_wolf,
            self.p_tanner,
            self.no_wolf,
            self.exact,
            self.error,
            self.lenient,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Vote):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        names = ("n", "p_wolf", "p_tanner", "no_wolf", "exact", "error", "lenient")
        inner = ", ".join(f"{k}={v!r}" for k, v in zip(names, self._fields(), strict=True))
        return f"Vote({inner})"

    def wolf(self, seat: int) -> float:
        return self.p_wolf[seat]

    def tanner(self, seat: int) -> float:
        return self.p_tanner[seat]

    @staticmethod
    def of(post: Posterior) -> Vote:
        seats = range(post.n)
        return Vote(
            post.n,
            tuple(post.final[s][WOLF] for s in seats),
            tuple(post.final[s][TANNER] for s in seats),
            post.no_wolf,
            post.exact,
            post.error,
            post.lenient,
        )


class _LRU:
    """A bounded memo of a pure function's answers (least recently used out first), safe
    to share between threads: each of its steps takes its lock (a look-up and the move to
    the end that follows it are two steps, and a key evicted between them would vanish).

    It holds its ``OrderedDict`` rather than being one: mypyc's compiled build cannot
    extend ``OrderedDict`` with attributes of its own."""

    __slots__ = ("_items", "_lock", "size")

    def __init__(self, size: int) -> None:
        self._items: OrderedDict[tuple[object, ...], object] = OrderedDict()
        self._lock = threading.Lock()
        self.size = size

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def look(self, key: tuple[object, ...]) -> object | None:
        with self._lock:
            items = self._items
            hit = items.get(key)
            if hit is not None:
                items.move_to_end(key)
            return hit

    def keep(self, key: tuple[object, ...], value: object) -> None:
        with self._lock:
            items = self._items
            items[key] = value
            if len(items) > self.size:
                items.popitem(last=False)


POSTERIOR_CACHE: Final = 4096
"""Answers :meth:`Solver.posterior` keeps (per solver)."""
TABLE_CACHE: Final = 64
"""Vote tables (one per set of claims, so one per game at the vote) kept per solver."""
_NO_TABLE: Final = object()


class _Budget(Exception):
    """The exact enumeration would be too long: sample instead."""


def _option_count(kind: str, n: int) -> int:
    return len(options(kind, n, 0))


# Tasks of a night, per deal: (kind, seat).
T_DG, T_DGMIN, T_WOLVES, T_MINION, T_MASONS, T_SEER, T_ROBBER, T_TM, T_DRUNK, T_INSOM, T_DGINS = (
    range(11)
)
_STEP_TASK: Final = {
    "doppelganger": T_DG,
    "doppelganger_minion": T_DGMIN,
    "werewolves": T_WOLVES,
    "minion": T_MINION,
    "masons": T_MASONS,
    "seer": T_SEER,
    "robber": T_ROBBER,
    "troublemaker": T_TM,
    "drunk": T_DRUNK,
    "insomniac": T_INSOM,
    "doppelganger_insomniac": T_DGINS,
}
_HOLDER: Final = {T_DG: DG, T_MINION: MINION, T_SEER: SEER, T_ROBBER: ROBBER, T_TM: TM}
_HOLDER.update({T_DRUNK: DRUNK, T_INSOM: INSOM})


class Solver:
    """Exact posteriors for one deck and table size (build with :func:`solver_for`).

    Threads may share one (a server's bots think on several, and share the vote tables
    and answers their rooms have in common).  Each question walks with objects of its
    own; what the solver keeps between questions is memos of pure functions: the two
    bounded ones (:class:`_LRU`) lock, and the others (its ``_truths``, its decks' seat
    and lazy memos, ``_last``) are read and written a step at a time, where a race costs
    at most working an answer out twice.  Keep it so: no state of a question on the
    solver.  (``tests/bots/test_one_night_cache.py`` asks from several threads at once.)
    """

    def __init__(self, deck: Sequence[int], n: int, lone_wolf_peek: bool = True) -> None:
        self.n = n
        self.size = n + CENTRE_SLOTS
        self.peek = lone_wolf_peek
        counts = Counter(deck)
        # Tokens: a role number for every card but the Doppelgänger cards, which get
        # token 0 (DG) and then NROLES, NROLES+1 ... so that each carries its own copy.
        tokens: dict[int, int] = {}
        self.printed: list[int] = list(range(NROLES))
        for role, k in sorted(counts.items()):
            if role == DG:
                tokens[DG] = 1
                for extra in range(1, k):
                    tokens[NROLES + extra - 1] = 1
                    self.printed.append(DG)
            else:
                tokens[role] = k
        self.tokens = tokens
        self.has_dg = DG in counts
        self.steps = tuple(_STEP_TASK[s] for s in call_list(tuple(ROLES[r] for r in deck)))
        self.distinct = len(counts)
        self.options = {
            (kind, s): options(kind, n, s)
            for kind in ("copy", "seer", "robber", "troublemaker", "drunk", "lone_wolf")
            for s in range(n)
        }
        self.actions = {a: as_action(a) for opts in self.options.values() for a in opts}
        self.counts = {
            kind: _option_count(kind, n)
            for kind in ("copy", "seer", "robber", "troublemaker", "drunk", "lone_wolf")
        }
        self._truths: dict[tuple[int, int, tuple[Obs, ...]], tuple[bool, ClaimKey]] = {}
        self.fast = FastDeck(counts, n, lone_wolf_peek)
        self.doppel = DoppelDeck(counts, n, lone_wolf_peek)
        self.min_ess = MIN_ESS
        """The effective sample size below which a sampled answer is not trusted."""
        self.widen = WIDEN
        """:data:`WIDEN`, for this solver."""
        self.wider_from = WIDER_WALK_FROM
        """:data:`WIDER_WALK_FROM`, for this solver (0.0: always walk again)."""
        self._cache = _LRU(POSTERIOR_CACHE)
        self._tables = _LRU(TABLE_CACHE)
        self._last: tuple[dict[int, ClaimKey], int, VoteTable | None] | None = None
        """The last vote table asked for, with its claims and budget: the seats of one
        table ask for the same one in turn (it saves building the memo's key)."""

    def clear_caches(self) -> None:
        """Forget every kept answer and intermediate result (the next call is cold)."""
        self._cache.clear()
        self._tables.clear()
        self._last = None
        self._truths.clear()
        self.fast.clear_caches()
        self.doppel.clear_caches()

    # --- the lie distribution ---------------------------------------------------------------

    def lie_weight(self, claim: ClaimKey) -> float:
        """How likely a liar is to say exactly ``claim`` (see the module docstring)."""
        w = 1.0 / self.distinct if claim.role != -1 else 1.0
        if claim.did is not None:
            w /= self.counts.get(_KIND_OF_VERB.get(claim.did.kind, "seer"), 4)
        for _ in claim.saw:
            w /= self.distinct
        return w

    # --- the public entry point ------------------------------------------------------------

    def posterior(
        self,
        knowledge: NightKnowledge | None,
        claims: Mapping[int, ClaimKey],
        *,
        budget: int = DEFAULT_BUDGET,
        seed: int = 0,
        samples: int = 0,
    ) -> Posterior:
        """Probabilities for the seat of ``knowledge`` (None: a spectator who knows nothing)
        given each seat's last claim."""
        return self._posterior(knowledge, claims, budget, seed, samples, walked=False)

    def _posterior(
        self,
        knowledge: NightKnowledge | None,
        claims: Mapping[int, ClaimKey],
        budget: int,
        seed: int,
        samples: int,
        *,
        walked: bool,
        fallback: bool = True,
        widened: bool = False,
    ) -> Posterior:
        """:meth:`posterior`; ``walked``: the caller's own exact walk of these worlds (a
        spectator's view: the same worlds, fewer of them, the same budget) has just run
        past ``budget``, so the exact walk would too: it samples at once, which gives the
        same answer without walking to the budget a second time.  Without ``fallback``, a
        sample that cannot be trusted raises :class:`_Untrusted` (the caller has a cheaper
        exact walk) instead of being asked again wider here; ``widened``: this is the wider
        question (:data:`WIDEN`), whose untrusted sample is the answer, flagged."""
        me = -1 if knowledge is None else knowledge.seat
        useful = tuple(sorted((s, c) for s, c in claims.items() if s != me))
        samples = samples or SAMPLES
        key = (knowledge, useful, budget, seed, samples, widened)
        hit = self._cache.look(key)
        if isinstance(hit, Posterior):
            return hit
        result = None
        for lenient in (False, True):  # lenient: no world fits every claim, weigh them all
            result = self._solve(
                knowledge,
                dict(useful),
                budget,
                seed,
                samples,
                lenient=lenient,
                sample_now=walked and not lenient,
                fallback=fallback,
                widened=widened,
            )
            if result is not None:
                break
        if result is None:  # not even the seat's own knowledge fits the rules
            raise ValueError("no deal of this deck is consistent with this seat's knowledge")
        self._cache.keep(key, result)
        return result

    def vote(
        self,
        knowledge: NightKnowledge,
        claims: Mapping[int, ClaimKey],
        *,
        budget: int = DEFAULT_BUDGET,
        seed: int = 0,
        samples: int = 0,
    ) -> Vote:
        """What a vote needs from :meth:`posterior` (the same numbers), for the seat of
        ``knowledge`` given every seat's last claim, its own included.

        When the seat is honest and claimed exactly what it knows (as the sensible bot
        does), the answer comes from one enumeration shared by every such seat of the
        table (:class:`~.fast.VoteTable`, kept per set of claims, made by the fast path
        or, on a deck with one Doppelgänger card, by :mod:`.doppel_vote`); otherwise from
        :meth:`posterior`.  Which way is a function of the arguments alone.
        """
        seat = knowledge.seat
        own = claims.get(seat)
        if shareable(self.fast, knowledge, own) or doppel_shareable(self.doppel, knowledge, own):
            table = self.vote_table(claims, budget)
            if table is not None:
                got = table.for_seat(seat)
                if got is not None:
                    wolf, tanner, no_wolf = got  # unpacked: ``*got`` is a generic call
                    return Vote(self.n, wolf, tanner, no_wolf)
        post = self.posterior(knowledge, claims, budget=budget, seed=seed, samples=samples)
        return Vote.of(post)

    def spectator(
        self,
        claims: Mapping[int, ClaimKey],
        named: frozenset[int] = frozenset(),
        *,
        budget: int = DEFAULT_BUDGET,
        samples: int = 0,
    ) -> Vote:
        """What a vote reads (as :meth:`vote`) for a spectator who knows nothing but
        ``claims``; ``named``: the seats the claims name.  Exact through the vote table of
        ``claims`` when every seat claims or is named, or :func:`.fast.spectator_view` or
        :func:`.doppel_vote.spectator_view` (the seats nobody names dealt as a multiset),
        when the deck allows it within ``budget``; otherwise :meth:`posterior` with no
        knowledge (the same numbers, or sampled past the budget, with the error stated).
        A sample too few draws carry is not the answer: the question is asked again
        :data:`WIDEN` times wider, its view walked first."""
        return self._spectator(claims, named, budget, samples or SAMPLES, widened=False)

    def _spectator(
        self,
        claims: Mapping[int, ClaimKey],
        named: frozenset[int],
        budget: int,
        samples: int,
        *,
        widened: bool,
    ) -> Vote:
        """:meth:`spectator`; ``widened``: as :meth:`_posterior`'s."""
        no_free = all(s in claims or s in named for s in range(self.n))
        walked = False  # a view's exact walk ran past the budget (see :meth:`_posterior`)
        if (self.fast.ok or self.doppel.ok) and no_free:
            # No seat is free: the same walk as the vote table of these claims, which the
            # village's seats ask for too (kept: the pack's vote and theirs share it).
            table = self.vote_table(claims, budget)
            got = None if table is None else table.everyone()
            if got is not None:
                return Vote(self.n, *got)
        if self.fast.ok:
            lies = {s: self.lie_weight(c) for s, c in claims.items()}
            try:
                got = spectator_view(self.fast, claims, lies, budget * FAST_FACTOR, named)
            except FastBudget:
                got, walked = None, True
            if got is not None:
                return Vote(self.n, *got)
        elif self.doppel.ok and not no_free:  # (with none free: the table's walk again)
            lies = {s: self.lie_weight(c) for s, c in claims.items()}
            allowed = self._allowed(None, claims, lenient=False)
            try:
                got = (
                    None
                    if allowed is None
                    else doppel_view(self.doppel, claims, lies, allowed, budget * DOPPEL_FACTOR)
                )
            except DoppelBudget:
                got, walked = None, True
            if got is not None:
                return Vote(self.n, *got)
        try:
            post = self._posterior(
                None, claims, budget, 0, samples, walked=walked, fallback=False, widened=widened
            )
        except _Untrusted:
            # Too few draws carry the sampled answer: wider, the view's own walk first (it
            # costs far less than the posterior's: Revenants at eight players, unbounded, a
            # second against a minute, compiled).
            wide = self.widen
            return self._spectator(claims, named, budget * wide, samples * wide, widened=True)
        return Vote.of(post)

    def vote_table(self, claims: Mapping[int, ClaimKey], budget: int) -> VoteTable | None:
        """The shared enumeration of ``claims`` (None: not exact within ``budget``)."""
        last = self._last
        if last is not None and last[1] == budget and last[0] == claims:
            return last[2]
        key = (tuple(sorted(claims.items())), budget)
        hit = self._tables.look(key)
        if hit is not None:
            table = hit if isinstance(hit, VoteTable) else None
        else:
            table = self._build_table(claims, budget)
            self._tables.keep(key, _NO_TABLE if table is None else table)
        self._last = (dict(claims), budget, table)
        return table

    def _build_table(self, claims: Mapping[int, ClaimKey], budget: int) -> VoteTable | None:
        """One walk of the worlds weighed by every claim, by the fast path or the
        Doppelgänger's (None: neither applies, or not within ``budget``).

        On the Doppelgänger's path a walk that runs out is walked again :data:`WIDEN`
        times wider, unless it ran out too early to hope (:data:`WIDER_WALK_FROM`): the
        table answers every honest seat of the table at once, where each of them would
        otherwise walk its own question, and most often again wider (measured at tables
        where a seat or more never claims, docs/bots.md, session 18)."""
        lies = {s: self.lie_weight(c) for s, c in claims.items()}
        if self.fast.ok:
            try:
                return vote_table(self.fast, claims, lies, budget * FAST_FACTOR)
            except FastBudget:
                return None
        if not self.doppel.ok:
            return None
        allowed = self._allowed(None, claims, lenient=False)
        if allowed is None:
            return None
        limit = budget * DOPPEL_FACTOR
        try:
            return doppel_vote_table(self.doppel, claims, lies, allowed, limit)
        except DoppelBudget as e:
            if e.progress < self.wider_from:
                return None
        try:
            return doppel_vote_table(self.doppel, claims, lies, allowed, limit * self.widen)
        except DoppelBudget:
            return None

    # --- enumeration -----------------------------------------------------------------------

    def _allowed(
        self, knowledge: NightKnowledge | None, claims: Mapping[int, ClaimKey], lenient: bool
    ) -> list[frozenset[int]] | None:
        """Per position, the tokens its dealt card may be (None: no deal fits)."""
        every = frozenset(self.tokens)
        allowed = [every] * self.size
        dg_tokens = frozenset(t for t in every if self.printed[t] == DG)

        def only(p: int, toks: frozenset[int]) -> None:
            allowed[p] = allowed[p] & toks

        if not lenient:
            for s, claim in claims.items():
                if claim.role == -1:
                    continue
                ok = frozenset(t for t in every if self.printed[t] in UNCERTAIN)
                if claim.role >= 0:
                    ok |= frozenset(t for t in every if self.printed[t] == claim.role)
                only(s, ok)
        if knowledge is not None:
            me, n = knowledge.seat, self.n
            mine = frozenset(t for t in every if self.printed[t] == knowledge.dealt)
            if knowledge.dealt == DG:
                mine = frozenset({DG}) & every  # the Doppelgänger cards are interchangeable
            only(me, mine)
            seats = range(n)
            for o in knowledge.obs:
                kind = o[0]
                if kind in (WOLVES, SHOWN, MASONS):
                    role = MASON if kind == MASONS else WOLF
                    exact_wolves = kind == SHOWN and knowledge.dealt == DG
                    listed = {int(x) for x in o[1:]}
                    role_tok = frozenset({role}) & every
                    for s in seats:
                        if s in listed:
                            if self.has_dg and not exact_wolves:
                                only(s, role_tok | dg_tokens)
                            else:
                                only(s, role_tok)
                        else:
                            only(s, every - role_tok)
                elif kind == COPIED:
                    # Step 1: nothing has moved yet.
                    only(int(o[1]), self._printed_tokens(int(o[2]), every))
                elif not self.has_dg and kind in (CARD, ROBBED):
                    only(int(o[1]), self._printed_tokens(int(o[2]), every))
                elif not self.has_dg and kind == CENTRE:
                    only(n + int(o[1]), self._printed_tokens(int(o[2]), every))
        if any(not a for a in allowed):
            return None
        return allowed

    def _printed_tokens(self, role: int, every: frozenset[int]) -> frozenset[int]:
        return frozenset(t for t in every if self.printed[t] == role)

    def _solve(
        self,
        knowledge: NightKnowledge | None,
        claims: dict[int, ClaimKey],
        budget: int,
        seed: int,
        samples: int,
        *,
        lenient: bool,
        sample_now: bool = False,
        fallback: bool = True,
        widened: bool = False,
    ) -> Posterior | None:
        """One answer, strict or ``lenient`` (None: no world fits).  Past ``budget`` it is
        sampled; a sample that cannot be trusted (no draw fitted, which proves nothing:
        seen with a Doppelgänger at nine players; or too few carry it, :data:`MIN_ESS`) is
        replaced by the answer to the same question :data:`WIDEN` times wider (budget and
        draws; its exact walk left out when the Doppelgänger's first walk ran out too early
        to hope, :data:`WIDER_WALK_FROM`), or without ``fallback`` raises
        :class:`_Untrusted`.  ``widened``: this is
        that wider question; its untrusted sample is the answer, its ``error``
        :data:`FLAGGED_ERROR` (None when no draw fitted: the caller weighs the claims
        leniently)."""
        if not lenient and self.fast.ok and not sample_now:
            lies = {s: self.lie_weight(c) for s, c in claims.items()}
            try:
                got = fast_solve(self.fast, knowledge, claims, lies, budget * FAST_FACTOR)
            except FastBudget:
                got = None
                sample_now = True
            if got is not None:
                return self._answer(got, lenient)
        allowed = self._allowed(knowledge, claims, lenient)
        if allowed is None:
            return None
        hopeless = False  # the first walk ran out too early for a wider one to finish
        if self.doppel.ok and not sample_now:
            lies = {s: self.lie_weight(c) for s, c in claims.items()}
            try:
                sums = doppel_solve(
                    self.doppel, knowledge, claims, lies, lenient, allowed, budget * DOPPEL_FACTOR
                )
            except DoppelBudget as e:
                sample_now = True
                hopeless = e.progress < self.wider_from
            else:
                return self._from_sums(sums, lenient)
        run = _Run(self, knowledge, claims, lenient, budget)
        every = frozenset(self.tokens)
        # Centre cards nobody's knowledge pins are dealt lazily, when first read or moved.
        lazy = [p for p in range(self.n, self.size) if allowed[p] == every]
        order = sorted(
            (p for p in range(self.size) if p not in lazy), key=lambda p: (len(allowed[p]), p)
        )
        run.lazy = lazy
        try:
            if sample_now:  # the fast path already found the exact sum too long
                raise _Budget
            run.deals(order, allowed)
            exact, error = True, 0.0
            final, dealt, total = run.final, run.dealt, run.total
        except _Budget:
            final, dealt, total, error, ess = _sample(self, run, order, allowed, seed, samples)
            if ess < self.min_ess or total <= 0.0:  # no draw fitted, or too few carry it
                if not widened:
                    if not fallback:
                        raise _Untrusted from None
                    wide = self.widen
                    return self._solve(
                        knowledge,
                        claims,
                        budget * wide,
                        seed,
                        samples * wide,
                        lenient=lenient,
                        sample_now=hopeless,
                        widened=True,
                    )
                error = FLAGGED_ERROR  # (or, with no draw fitted, None below)
            exact = False
        if total <= 0.0:
            return None
        inv = 1.0 / total
        n = self.n
        final_p = tuple(tuple(v * inv for v in row) for row in final)
        no_wolf = 1.0 - _any_wolf(run, inv) if exact else max(0.0, 1.0 - run.any_wolf_est)
        return Posterior(
            n,
            final_p,
            tuple(tuple(v * inv for v in row) for row in dealt),
            min(1.0, max(0.0, no_wolf)) if n else 0.0,
            run.worlds,
            exact,
            error,
            lenient,
        )

    def _from_sums(
        self,
        sums: tuple[list[list[float]], list[list[float]], float, float, int],
        lenient: bool,
    ) -> Posterior | None:
        """The posterior from :func:`.doppel.solve`'s sums (None: no world fits)."""
        final, dealt, total, wolf_mass, worlds = sums
        if total <= 0.0:
            return None
        inv = 1.0 / total
        no_wolf = 1.0 - wolf_mass * inv
        return Posterior(
            self.n,
            tuple(tuple(v * inv for v in row) for row in final),
            tuple(tuple(v * inv for v in row) for row in dealt),
            min(1.0, max(0.0, no_wolf)) if self.n else 0.0,
            worlds,
            True,
            0.0,
            lenient,
        )

    def _answer(self, got: FastResult, lenient: bool) -> Posterior | None:
        """The posterior from the fast path's tables (None: no world fits)."""
        final, dealt, total, wolf, leaves = got
        if total <= 0.0:
            return None
        return Posterior(
            self.n,
            final,
            dealt,
            min(1.0, max(0.0, 1.0 - wolf)) if self.n else 0.0,
            leaves,
            True,
            0.0,
            lenient,
        )


class _Untrusted(Exception):
    """A sampled answer that cannot be trusted (:meth:`Solver._solve`)."""


def _any_wolf(run: _Run, inv: float) -> float:
    return run.wolf_mass * inv


_KIND_OF_VERB: Final = {
    "copy": "copy",
    "look": "seer",
    "peek": "lone_wolf",
    "rob": "robber",
    "swap": "troublemaker",
    "take": "drunk",
    "pass": "lone_wolf",
}


class _Run(Meter):
    """One enumeration: accumulates weights over worlds."""

    def __init__(
        self,
        solver: Solver,
        knowledge: NightKnowledge | None,
        claims: dict[int, ClaimKey],
        lenient: bool,
        budget: int,
    ) -> None:
        self.s = solver
        self.n = solver.n
        self.me = -1 if knowledge is None else knowledge.seat
        self.my_obs: tuple[Obs, ...] = () if knowledge is None else knowledge.obs
        self.claims = claims
        self.claim_items = tuple(claims.items())
        self.lenient = lenient
        super().__init__(budget, PAUSE)
        self.worlds = 0
        size = solver.size
        self.final = [[0.0] * NROLES for _ in range(size)]
        self.dealt = [[0.0] * NROLES for _ in range(size)]
        self.total = 0.0
        self.wolf_mass = 0.0
        self.any_wolf_est = 0.0
        # per-deal scratch
        self.deal: list[int] = [0] * size
        self.cards: list[int] = [0] * size
        self.copies: list[int] = [-1] * len(solver.printed)
        self.obs: list[list[Obs]] = [[] for _ in range(solver.n)]
        self.lie = {s: solver.lie_weight(c) for s, c in claims.items()}
        self.claimants = tuple(sorted(claims))
        self.tasks: list[tuple[int, int]] = []
        self.settle: list[list[int]] = []
        self.plans: dict[tuple[int, ...], tuple[list[tuple[int, int]], list[list[int]]]] = {}
        self.lazy: list[int] = []
        self.rem: dict[int, int] = {}
        self.k = 0
        self.rng: random.Random | None = None
        """Set when sampling: each decision then follows one drawn choice."""

    # --- deals ----------------------------------------------------------------------------

    def deals(self, order: list[int], allowed: list[frozenset[int]]) -> None:
        counts = dict(self.s.tokens)
        deal = self.deal
        size = len(order)

        def place(i: int) -> None:
            if i == size:
                self.night(counts, arrangements(counts))
                return
            p = order[i]
            for tok in allowed[p]:
                k = counts.get(tok, 0)
                if k:
                    counts[tok] = k - 1
                    deal[p] = tok
                    place(i + 1)
                    counts[tok] = k

        place(0)

    def night(self, left: dict[int, int], weight: float) -> None:
        """Sum every night of the current deal; ``left`` are the cards of the lazy centre
        slots, and ``weight`` the number of ways to deal them."""
        self.work += 1
        if self.work > self.limit and self.spent():
            raise _Budget
        deal = self.deal
        for p in self.lazy:
            deal[p] = -1
        self.cards[:] = deal
        self.rem = dict(left)
        self.k = len(self.lazy)
        if self.s.has_dg:
            copies = self.copies
            for i in range(len(copies)):
                copies[i] = -1
        for o in self.obs:
            o.clear()
        key = tuple(deal[: self.n])
        plan = self.plans.get(key)
        if plan is None:
            plan = self.plans[key] = self.plan(key)
        self.tasks, self.settle = plan
        self.task(0, weight)

    def reveal(  # noqa: PLR0917
        self, pos: int, kind: str, seat: int, a: EAction, i: int, w: float, step: str
    ) -> None:
        """Deal the lazy centre slot ``pos`` every possible way, then apply ``a``."""
        rem = self.rem
        k = self.k
        cards = self.cards
        deal = self.deal
        if self.rng is not None:
            x = below(self.rng, k)
            for t, m in sorted(rem.items()):
                if x < m:
                    items = [(t, m, 1.0)]
                    break
                x -= m
        else:
            items = [(t, m, m / k) for t, m in rem.items() if m]
        for t, m, share in items:
            rem[t] = m - 1
            self.k = k - 1
            cards[pos] = deal[pos] = t
            self.apply(kind, seat, a, i, w * share, step)
            cards[pos] = deal[pos] = -1
            rem[t] = m
            self.k = k

    def plan(self, seats: tuple[int, ...]) -> tuple[list[tuple[int, int]], list[list[int]]]:
        """The night's tasks for the cards dealt to the seats, and when to weigh each claim."""
        n = self.n
        printed = self.s.printed
        tasks: list[tuple[int, int]] = []
        for step in self.s.steps:
            holder = _HOLDER.get(step)
            if holder is None:
                tasks.append((step, -1))
            else:
                tasks.extend((step, p) for p in range(n) if printed[seats[p]] == holder)
        # Each claimant's claim is weighed as soon as its night knowledge is complete:
        # after the last task that may tell it anything (its card decides which).
        settle: list[list[int]] = [[] for _ in range(len(tasks) + 1)]
        for seat in self.claimants:
            role = printed[seats[seat]]
            last = -1
            for i, (kind, who) in enumerate(tasks):
                if who == seat or (
                    who < 0
                    and (
                        (kind == T_WOLVES and role in (WOLF, DG))
                        or (kind == T_MASONS and role in (MASON, DG))
                        or (kind in (T_DGMIN, T_DGINS) and role == DG)
                    )
                ):
                    last = i
            settle[last + 1].append(seat)
        return tasks, settle

    # --- helpers --------------------------------------------------------------------------

    def push(self, seat: int, item: Obs) -> bool:
        """Tell ``seat`` something; False if it contradicts what the solving seat knows."""
        lst = self.obs[seat]
        lst.append(item)
        if seat == self.me:
            k = len(lst) - 1
            mine = self.my_obs
            if k >= len(mine) or mine[k] != item:
                return False
        return True

    def eff(self, tok: int) -> int:
        if self.s.printed[tok] == DG:
            c = self.copies[tok]
            return DG if c < 0 else c
        return tok

    def copied(self, seat: int) -> int:
        tok = self.deal[seat]
        return self.copies[tok] if self.s.printed[tok] == DG else -1

    def awake_as(self, role: int) -> tuple[int, ...]:
        printed = self.s.printed
        deal = self.deal
        return tuple(p for p in range(self.n) if printed[deal[p]] == role or self.copied(p) == role)

    def candidates(
        self, kind: str, seat: int, honest_if_claimed: bool
    ) -> tuple[tuple[EAction, ...], float]:
        """The choices to enumerate for another seat's decision, and each one's prior.

        Only choices that can give the seat's claim a positive weight are kept: an
        honest seat did what it says, and a seat that claims a role it was not dealt
        must end the night with a reason to lie (a Robber who took a werewolf-side or
        Tanner card, a Doppelgänger who copied one or a role that may still get one).
        """
        opts = self.s.options[(kind, seat)]
        prior = 1.0 / len(opts)
        claim = self.claims.get(seat)
        if claim is None or self.lenient:
            return opts, prior
        printed = self.s.printed
        role_ok = claim.role in (-1, printed[self.deal[seat]])
        did = claim.did
        acts = self.s.actions
        if honest_if_claimed:
            if not role_ok:
                return (), prior
            if did is None:
                return opts, prior
            return tuple(a for a in opts if acts[a] == did), prior
        cards = self.cards
        if kind == "robber":
            liar = tuple(a for a in opts if a[0] == ROB_V and printed[cards[a[1]]] in LIAR_ROLES)
            if not role_ok:
                return liar, prior
            if did is None:
                return opts, prior
            return tuple(a for a in opts if acts[a] == did or a in liar), prior
        if kind == "copy" and not role_ok:
            return tuple(a for a in opts if printed[cards[a[1]]] in _MAY_LIE_AFTER_COPY), prior
        return opts, prior

    # --- the night, task by task ------------------------------------------------------------

    def factor(self, seat: int) -> float:
        """The weight of ``seat``'s claim given what it knows in this world."""
        s = self.s
        dealt = s.printed[self.deal[seat]]
        key = (seat, dealt, tuple(self.obs[seat]))
        info = s._truths.get(key)
        if info is None:
            o = key[2]
            info = (known_role(dealt, o) in LIAR_ROLES, truthful(seat, dealt, o))
            s._truths[key] = info
        if info[0]:
            return self.lie[seat]
        if compatible(self.claims[seat], info[1]):
            return 1.0
        return EPSILON * self.lie[seat] if self.lenient else 0.0

    def task(self, i: int, w: float) -> None:
        tasks = self.tasks
        for seat in self.settle[i]:
            f = self.factor(seat)
            if f == 0.0:
                return
            w *= f
        if i == len(tasks):
            self.leaf(w)
            return
        kind, seat = tasks[i]
        s = self.s
        n = self.n
        obs = self.obs
        me = self.me
        cards = self.cards
        printed = s.printed
        if kind == T_WOLVES:
            wolves = self.awake_as(WOLF)
            item: Obs = (WOLVES, *wolves)
            ok = True
            pushed = []
            for wseat in wolves:
                pushed.append(wseat)
                if not self.push(wseat, item):
                    ok = False
                    break
            if ok:
                if len(wolves) == 1 and s.peek:
                    self.decide("lone_wolf", wolves[0], i, w, "werewolves")
                else:
                    self.task(i + 1, w)
            for wseat in pushed:
                obs[wseat].pop()
            return
        if kind == T_MINION:
            item = (SHOWN, *self.awake_as(WOLF))
            if self.push(seat, item):
                self.task(i + 1, w)
            obs[seat].pop()
            return
        if kind == T_DGMIN:
            wolves = tuple(p for p in range(n) if printed[self.deal[p]] == WOLF)
            item = (SHOWN, *wolves)
            self.group(i, w, [p for p in range(n) if self.copied(p) == MINION], item)
            return
        if kind == T_MASONS:
            masons = self.awake_as(MASON)
            self.group(i, w, list(masons), (MASONS, *masons))
            return
        if kind == T_INSOM:
            if self.push(seat, (OWN, printed[cards[seat]])):
                self.task(i + 1, w)
            obs[seat].pop()
            return
        if kind == T_DGINS:
            targets = [p for p in range(n) if self.copied(p) == INSOM]
            pushed = []
            ok = True
            for p in targets:
                pushed.append(p)
                if not self.push(p, (OWN, printed[cards[p]])):
                    ok = False
                    break
            if ok:
                self.task(i + 1, w)
            for p in pushed:
                obs[p].pop()
            return
        if kind == T_DG:
            self.decide("copy", seat, i, w, "doppelganger")
            return
        step = {T_SEER: "seer", T_ROBBER: "robber", T_TM: "troublemaker", T_DRUNK: "drunk"}[kind]
        if kind == T_SEER and seat != me and seat not in self.claims:
            # An unclaimed Seer's look changes nothing anyone else can observe.
            self.task(i + 1, w)
            return
        self.decide(step, seat, i, w, step)

    def group(self, i: int, w: float, seats: list[int], item: Obs) -> None:
        pushed = []
        ok = True
        for p in seats:
            pushed.append(p)
            if not self.push(p, item):
                ok = False
                break
        if ok:
            self.task(i + 1, w)
        for p in pushed:
            self.obs[p].pop()

    def decide(self, kind: str, seat: int, i: int, w: float, step: str) -> None:
        """Branch over ``seat``'s choices at this decision, then go on from task ``i + 1``."""
        if seat == self.me:
            mine = own_action(kind, self.my_obs, len(self.obs[self.me]))
            if mine is None or mine not in self.s.options[(kind, seat)]:
                return
            self.apply(kind, seat, mine, i, w, step)
            return
        if kind == "lone_wolf":
            # What a Werewolf peeks at changes nothing anyone else can observe, and a
            # Werewolf's claim weighs the same whatever it saw.
            self.task(i + 1, w)
            return
        honest = kind in ("seer", "troublemaker", "drunk")
        opts, prior = self.candidates(kind, seat, honest)
        if not opts:
            return
        self.work += len(opts)
        if self.work > self.limit and self.spent():
            raise _Budget
        if self.rng is not None:  # sampling: follow one choice, weighted to stay unbiased
            pick = opts[below(self.rng, len(opts))]
            self.apply(kind, seat, pick, i, w * prior * len(opts), step)
            return
        w2 = w * prior
        for a in opts:
            self.apply(kind, seat, a, i, w2, step)

    def apply(self, kind: str, seat: int, a: EAction, i: int, w: float, step: str) -> None:  # noqa: PLR0917
        cards = self.cards
        obs = self.obs
        printed = self.s.printed
        n = self.n
        v = a[0]
        if v == PASS_V:
            if self.push(seat, (DECLINED, step)):
                self.task(i + 1, w)
            obs[seat].pop()
            return
        if v == COPY_V:
            t = a[1]
            seen = printed[cards[t]]
            tok = self.deal[seat]
            self.copies[tok] = seen
            if self.push(seat, (COPIED, t, seen)):
                if seen in _ACTIVE:
                    self.decide(_ACT_KIND[seen], seat, i, w, "doppelganger")
                else:
                    self.task(i + 1, w)
            obs[seat].pop()
            self.copies[tok] = -1
            return
        if v == LOOKP_V:
            t = a[1]
            if self.push(seat, (CARD, t, printed[cards[t]])):
                self.task(i + 1, w)
            obs[seat].pop()
            return
        if v in (LOOKC_V, PEEK_V, TAKE_V):
            for c in a[1:]:
                if cards[n + c] < 0:
                    self.reveal(n + c, kind, seat, a, i, w, step)
                    return
        if v == LOOKC_V:
            x, y = a[1], a[2]
            if self.push(seat, (CENTRE, x, printed[cards[n + x]])):
                if self.push(seat, (CENTRE, y, printed[cards[n + y]])):
                    self.task(i + 1, w)
                obs[seat].pop()
            obs[seat].pop()
            return
        if v == PEEK_V:
            c = a[1]
            if self.push(seat, (CENTRE, c, printed[cards[n + c]])):
                self.task(i + 1, w)
            obs[seat].pop()
            return
        if v == ROB_V:
            t = a[1]
            cards[seat], cards[t] = cards[t], cards[seat]
            if self.push(seat, (ROBBED, t, printed[cards[seat]])):
                self.task(i + 1, w)
            obs[seat].pop()
            cards[seat], cards[t] = cards[t], cards[seat]
            return
        if v == SWAP_V:
            x, y = a[1], a[2]
            cards[x], cards[y] = cards[y], cards[x]
            if self.push(seat, (SWAPPED, x, y)):
                self.task(i + 1, w)
            obs[seat].pop()
            cards[x], cards[y] = cards[y], cards[x]
            return
        c = n + a[1]  # take
        cards[seat], cards[c] = cards[c], cards[seat]
        if self.push(seat, (TOOK, a[1])):
            self.task(i + 1, w)
        obs[seat].pop()
        cards[seat], cards[c] = cards[c], cards[seat]

    # --- a finished night -----------------------------------------------------------------

    def leaf(self, w: float) -> None:
        self.worlds += 1
        if self.me >= 0 and len(self.obs[self.me]) != len(self.my_obs):
            return
        if w == 0.0:
            return
        self.total += w
        final = self.final
        dealt = self.dealt
        cards = self.cards
        deal = self.deal
        printed = self.s.printed
        n = self.n
        wolf = False
        for p in range(len(cards)):
            tok = cards[p]
            if tok < 0:  # a centre card never read: the cards left, in proportion
                for t, m in self.rem.items():
                    if m:
                        share = w * m / self.k
                        final[p][self.eff(t)] += share
                        dealt[p][printed[t]] += share
                continue
            r = self.eff(tok)
            final[p][r] += w
            if r == WOLF and p < n:
                wolf = True
            dealt[p][printed[deal[p]]] += w
        if wolf:
            self.wolf_mass += w


Draw = tuple[float, float, list[tuple[int, float]], float]
"""A sampled draw that fitted: its importance weight ``iw``, its worlds' weight ``w``, its
nonzero sums ``(index, value)`` and its weight with a Werewolf among the players."""


def ratio_error(rows: list[Draw], sums: list[float], total: float, sq: float, m: int) -> float:
    """The largest standard error of the ratio estimates ``sums[k] / total`` over ``m``
    draws (those not in ``rows`` fitted nothing and count as 0; ``sq``: the sum of
    ``(iw * w) ** 2`` over ``rows``), each estimate with a positive value.

    The variance sums, over the draws ``r``, ``(iw_r (d_rk - est_k w_r))^2``.  A draw
    whose sum ``d_rk`` is 0 adds ``est_k^2 (iw_r w_r)^2``: those are summed at once, as
    ``sq`` less the draws with a nonzero sum, so that a draw costs its few nonzero sums,
    not one term per estimate."""
    est = [v / total for v in sums]
    players = len(sums)
    acc = [0.0] * players
    cover = [0.0] * players  # per estimate, (iw w)^2 summed over the draws with a sum there
    for iw, w, entries, _ in rows:
        for k, v in entries:
            if k < players:
                acc[k] += (iw * (v - est[k] * w)) ** 2
                cover[k] += (iw * w) ** 2
    mean_w = total / m
    error = 0.0
    for k in range(players):
        if est[k] > 0.0:
            var = acc[k] + est[k] * est[k] * max(0.0, sq - cover[k])
            error = max(error, math.sqrt(var / (m * (m - 1))) / mean_w)
    return error


def _sample(  # noqa: PLR0917
    solver: Solver,
    run: _Run,
    order: list[int],
    allowed: list[frozenset[int]],
    seed: int,
    samples: int,
) -> tuple[list[list[float]], list[list[float]], float, float, float]:
    """Sequential importance sampling of worlds.

    Each position, in ``order``, draws its card among those it may hold (in
    proportion to the copies left); the deal's importance weight is the product of
    the numbers of cards it could draw from, which makes the estimate unbiased for
    the uniform deal.  Then each decision follows one of the choices the exact
    enumeration would branch over, drawn uniformly, its weight multiplied by their
    number.  Returns the (unnormalised) estimates, the largest standard error of the
    probabilities of each seat's effective role, and the draws' effective sample size
    (:data:`MIN_ESS`; 0 when none fitted).
    """
    rng = random.Random(seed)
    size = solver.size
    run.budget = UNBOUNDED  # a draw follows one world: no budget (the meter still pauses)
    run.rng = rng
    # Each draw's night is summed into empty tables (the exact walk may have left partial
    # sums in the run's), read back as its nonzero entries, and emptied again: a draw
    # touches a few dozen of the 2 * size * NROLES entries.
    final_t = run.final = [[0.0] * NROLES for _ in range(size)]
    dealt_t = run.dealt = [[0.0] * NROLES for _ in range(size)]
    rows: list[Draw] = []
    may_hold = [sorted(allowed[p]) for p in order]  # (in the order a draw tries them)
    for _ in range(samples):
        counts = dict(solver.tokens)
        iw = 1.0
        for p, cards in zip(order, may_hold, strict=True):
            choices = [(t, counts[t]) for t in cards if counts.get(t, 0)]
            total = sum(k for _, k in choices)
            if not total:
                iw = 0.0
                break
            iw *= total
            x = below(rng, total)
            for t, k in choices:
                if x < k:
                    run.deal[p] = t
                    counts[t] = k - 1
                    break
                x -= k
        if iw == 0.0:
            continue
        run.total = run.wolf_mass = 0.0
        # The lazy centre slots take the cards left uniformly: in card-id terms every
        # partial deal leaves the same number of ways to finish it, so no extra weight.
        run.night(counts, 1.0)
        if run.total == 0.0:
            continue  # no world of this draw fits: it adds nothing to any sum below
        entries: list[tuple[int, float]] = []
        for base, tables in ((0, final_t), (size * NROLES, dealt_t)):
            for p, row in enumerate(tables):
                for r, v in enumerate(row):
                    if v:
                        entries.append((base + p * NROLES + r, v))
                        row[r] = 0.0
        rows.append((iw, run.total, entries, run.wolf_mass))
    flat = [0.0] * (2 * size * NROLES)
    num_total = 0.0
    wolf = 0.0
    for iw, w, entries, wm in rows:
        num_total += iw * w
        wolf += iw * wm
        for k, v in entries:
            flat[k] += iw * v
    final = [flat[p * NROLES : (p + 1) * NROLES] for p in range(size)]
    dealt = [flat[(size + p) * NROLES : (size + p + 1) * NROLES] for p in range(size)]
    if num_total <= 0.0:
        return final, dealt, 0.0, 1.0, 0.0
    run.any_wolf_est = wolf / num_total
    sq = sum((iw * w) ** 2 for iw, w, _, _ in rows)
    ess = num_total * num_total / sq
    error = ratio_error(rows, flat[: solver.n * NROLES], num_total, sq, samples)
    return final, dealt, num_total, error, ess


@lru_cache(maxsize=128)
def solver_for(deck: tuple[int, ...], n: int, lone_wolf_peek: bool = True) -> Solver:
    """The shared solver of a deck (role numbers, any order) and table size.  Threads may
    share it (a server's bots think on several): see :class:`Solver`."""
    return Solver(tuple(sorted(deck)), n, lone_wolf_peek)


def role_numbers(deck: Sequence[Role | str]) -> tuple[int, ...]:
    return tuple(sorted(ROLES.index(Role(str(r))) for r in deck))


__all__ = [
    "DEFAULT_BUDGET",
    "EPSILON",
    "Posterior",
    "Solver",
    "Vote",
    "role_numbers",
    "solver_for",
]
