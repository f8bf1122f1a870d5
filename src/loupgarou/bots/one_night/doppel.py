"""The solver's exact path for decks with one Doppelgänger card.

The same model and the same sums as the general enumeration of :mod:`.solver` (see its
docstring), organised around what one Doppelgänger card allows.  With a single
Doppelgänger card a card is its role (no two cards need telling apart), and the night is
a fixed sequence of tasks once the deal and the Doppelgänger's copy are known: the copy
is the outer choice, and it decides the rest (a copied Seer, Robber, Troublemaker or
Drunk acts at once; a copied Minion sees the Werewolves dealt; a copied Werewolf or
Mason joins those steps; a copied Insomniac looks last).  So:

- Each claim is weighed as soon as its claimant's night is complete *given the copy*:
  the Doppelgänger's own claim right after its copy (and the copied action), unless it
  copied a Werewolf, a Mason, the Minion or the Insomniac, whose steps come later.  (The
  general enumeration, not knowing the copy in advance, weighs it at the end of the night.)
- The Doppelgänger's copy, when it claims, is enumerated only over the targets that can
  give its claim a positive weight: the one its claim names (or whose card its claimed
  sighting shows), and those whose card may leave it with a reason to lie.
- A claimed Robber's or Troublemaker's or Drunk's action, a claimed Seer's look, as in
  the general enumeration: an honest seat did what it says (and an honest Robber that
  names the card it took robbed it where it was).
- The players' cards are dealt seat by seat (most constrained seat first), the centre
  cards that nothing pins are dealt lazily when first read or moved, and each claimant's
  card is checked against the claim as soon as it is dealt when that card alone decides
  the weight (a Villager's or a Hunter's claim, a Troublemaker's or a Drunk's, a Mason's
  role).

- What the solving seat saw prunes before anything branches: a centre card it looked at
  (as the Seer, a lone Werewolf or a copy of either) is the card dealt there unless it
  saw the Doppelgänger card (only a copied Drunk moves a centre card before step 8, and
  it leaves that card there), so that slot is dealt with the others, that card alone.
- Before step 7 only the Doppelgänger's copied action moves cards.  So a player's card
  that an honest Seer's claim names, or that the solving seat saw as the Seer or took as
  the Robber, is the card dealt there unless the copy moved it: where it is not, the deal
  allows only the copy that can have (a copied Robber or Drunk at the Doppelgänger's own
  seat, a copied Troublemaker at another's: a mask of copies), and these cards are checked
  as soon as the copied action has played.
- A complete deal is checked before its night against what an honest Seer's claim names
  (the centre cards: the dealt ones; those of the lazy slots are kept out of the players'
  hands as soon as the claimant is dealt the Seer), what the Masons' claims name (which may fix the
  Doppelgänger's copy) and what an Insomniac's claim needs (a swap, when it must end with
  a liar's card: a seat that no swap can reach in any deal is never dealt the Insomniac);
  the claim of the Insomniac, and of a Doppelgänger that copied it, is weighed as soon as
  the last task that may move its card has played (the Doppelgänger's, the Robber's, the
  Troublemaker's: the Drunk moves only its own); a claimed centre look reveals only the
  cards it names, and the solving seat's own only the card it saw; the Drunk's new card
  stays unknown (nobody looks at the Drunk's seat after step 8).  The steps whose observations nobody reads are left out of the night: only the solving
  seat's and the claimants' are read, and a Werewolf's, the Minion's or a copy of either
  weighs the same whatever it saw.  The dealt cards are summed once a night, and the cards
  nobody read are shared out once per set of cards left.
- Seats that claimed the same role alone (or nothing), that no claim and nothing the
  solving seat knows names, are interchangeable (:func:`interchangeable`): each class is
  dealt as a multiset and each of its seats gets the mean of the class's sums.
- The liar cards (the Werewolves, the Minion, the Tanner) are dealt as one card,
  :data:`POOL`, in the worlds where nothing tells them apart (:func:`parts`: the solving
  seat's knowledge names none, and no claimant that names one in a sighting holds the
  Seer or the Doppelgänger card; the other worlds are walked apart): each is then each
  of their roles in proportion, and whether a Werewolf is among the players at dawn is
  a hypergeometric chance of how many pooled cards they hold (the one the Doppelgänger
  copied followed to dawn, :attr:`Walk.x_at`).
- The moves that end a night with nobody reading them, with no claim weighed after them,
  are summed in closed form (:meth:`Walk.leaf_mix`): a Robber's by a seat that neither
  claims nor solves, the Troublemaker's and the Drunk's by any seat but the solving one
  (a claimant's choices are those its claim names: its card settled its claim), and the
  Doppelgänger's Insomniac step when it copied another role.  Each choice only exchanges
  two cards, so where each position's card comes from is a mixture worked out once per
  set of such moves, and only the Drunk's exchange changes which cards the players hold
  at dawn.  The Drunk's task comes last (after the Insomniacs' looks, each at its own
  seat: the same nights in either order), so that it joins them more often.

:func:`solve` returns the unnormalised sums, or raises :class:`DoppelBudget` past its
work budget (the caller then samples, stating the error).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

from loupgarou.variants.one_night.night import ACTIVE_COPIES, call_list

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
from .fast import none_a_wolf, pool_orders
from .knowledge import (
    CARD,
    CENTRE,
    COPIED,
    DECLINED,
    DG,
    DRUNK,
    HUNTER,
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
    VILLAGER,
    WOLF,
    WOLVES,
    ClaimKey,
    NightKnowledge,
    Obs,
    compatible,
    known_role,
    named_seats,
    truthful,
)
from .meter import Meter

NROLES: Final = len(ROLES)
EPSILON: Final = 0.01
"""As :data:`.solver.EPSILON` (lenient mode: an honest seat's false claim)."""
_ACTIVE: Final = frozenset(ROLES.index(r) for r in ACTIVE_COPIES)
_ACT_KIND: Final = {SEER: "seer", ROBBER: "robber", TM: "troublemaker", DRUNK: "drunk"}
_MAY_LIE_AFTER_COPY: Final = LIAR_ROLES | {ROBBER, INSOM}
"""Copies after which a Doppelgänger may end the night with a reason to lie."""
_LATER: Final = frozenset({WOLF, MASON, MINION, INSOM})
"""Copies that wake the Doppelgänger again after step 1."""
_ANY_COPY: Final = (1 << NROLES) - 1
"""A mask of copies (bit ``r``: the Doppelgänger may copy role ``r``): every one."""
_HONEST_ALONE: Final = frozenset({VILLAGER, HUNTER, TM, DRUNK})
"""Cards whose holder's claim weighs 1 in every night where the card fits it (no reason
to lie; nothing seen; an honest Troublemaker or Drunk did what it says)."""
_MOVES_OWN: Final = 1 << ROBBER | 1 << DRUNK
"""The copies that change the Doppelgänger's own card at step 1."""
_MOVES_OTHERS: Final = 1 << TM
"""The copy that changes another player's card at step 1 (a copied Robber leaves the
Doppelgänger card at the seat it robs)."""
PAUSE: Final = 512
"""Units of work between two pauses (:mod:`.meter`): about a millisecond, compiled
(one to two µs a unit, measured on *Revenants* at ten players)."""


POOL: Final = TANNER
"""A posterior's pooled liar card (:func:`parts`).  It takes the Tanner's number: the
Tanner does nothing at night and gives its holder a reason to lie, as any pooled card
does, and a pooled deck holds no Tanner of its own (the deck's Tanner is pooled)."""


class DoppelBudget(Exception):
    """The enumeration would be longer than the budget allows.

    ``progress`` is how far it had come, roughly, from 0 to 1: :func:`solve` sets it to
    its first walk's :meth:`Walk.progress`, or 1.0 when that walk finished and a later one
    ran out (1.0 too where nobody works it out).  The solver reads it to judge whether the
    same question with :data:`~.solver.WIDEN` times the budget could be walked."""

    def __init__(self, progress: float = 1.0) -> None:
        super().__init__(progress)
        self.progress = progress


KINDS: Final = ("copy", "seer", "robber", "troublemaker", "drunk", "lone_wolf")


# Tasks of a night: (kind, seat).
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
_STEP_NAME: Final = {T_SEER: "seer", T_ROBBER: "robber", T_TM: "troublemaker", T_DRUNK: "drunk"}
_MIXED: Final = frozenset({T_ROBBER, T_TM, T_DRUNK})
"""The tasks whose moves :meth:`Walk.leaf_mix` sums in closed form when nobody reads them."""
_MOVES: Final = frozenset({T_DG, T_ROBBER, T_TM})
"""The tasks that may move a card an Insomniac sees (the Drunk moves only its own)."""


class DoppelDeck:
    """What this path needs about one deck and table size (built once per solver)."""

    def __init__(self, counts: Mapping[int, int], n: int, peek: bool = True) -> None:
        self.n = n
        self.size = n + 3
        self.peek = peek
        self.counts = {r: k for r, k in counts.items() if k}
        self.ok = self.counts.get(DG, 0) == 1 and all(
            self.counts.get(r, 0) <= 1 for r in (SEER, ROBBER, TM, DRUNK, INSOM, MINION)
        )
        """The path applies: exactly one Doppelgänger card, at most one card of each role
        that acts alone."""
        deck = tuple(ROLES[r] for r, k in sorted(self.counts.items()) for _ in range(k))
        steps = [_STEP_TASK[s] for s in call_list(deck)] if self.ok else []
        if T_DRUNK in steps:
            # The Drunk's exchange (its own seat's card with a centre card) and the
            # Insomniacs' looks (each at its own seat: never the Drunk's) give the same
            # nights in either order; last, it joins the moves nobody reads more often
            # (:meth:`Walk.leaf_mix`).
            steps.remove(T_DRUNK)
            steps.append(T_DRUNK)
        self.steps = tuple(steps)
        """The night's tasks in the order the walk plays them."""
        self.options = {(kind, s): options(kind, n, s) for kind in KINDS for s in range(n)}
        self.actions = {a: as_action(a) for opts in self.options.values() for a in opts}
        self.truths: dict[tuple[int, int, tuple[Obs, ...]], tuple[bool, ClaimKey]] = {}
        """(seat, dealt, observations) -> (whether it lies, its truthful claim)."""
        self.liars = tuple((r, k) for r, k in sorted(self.counts.items()) if r in LIAR_ROLES)
        """The deck's liar roles (the Werewolf, the Minion, the Tanner) with their copies."""
        self._pooled: DoppelDeck | None = None

    def pooled(self) -> DoppelDeck:
        """This deck with its liar cards dealt as one card, :data:`POOL` (:func:`parts`)."""
        if self._pooled is None:
            counts = {r: k for r, k in self.counts.items() if r not in LIAR_ROLES}
            counts[POOL] = sum(k for _, k in self.liars)
            self._pooled = DoppelDeck(counts, self.n, self.peek)
        return self._pooled

    def clear_caches(self) -> None:
        self.truths.clear()
        if self._pooled is not None:
            self._pooled.clear_caches()


_Plan = tuple[list[tuple[int, int]], list[list[int]], int, int, list[int], float, int, bool]
"""What :meth:`Walk.plan` works out for the players' cards of a deal."""
Sums = tuple[list[list[float]], list[list[float]], float, float, int]
"""(final, dealt, total, weight with a Werewolf among the players, worlds): unnormalised."""


def solve(  # noqa: PLR0917
    dd: DoppelDeck,
    knowledge: NightKnowledge | None,
    claims: dict[int, ClaimKey],
    lies: dict[int, float],
    lenient: bool,
    allowed: list[frozenset[int]],
    budget: int,
) -> Sums:
    """The exact sums for ``knowledge`` and ``claims`` (``lies``: each claim's lie weight;
    ``allowed``: per position, the cards it may have been dealt, as the general
    enumeration works them out), from the walks of :func:`parts`.  Raises
    :class:`DoppelBudget` past ``budget``."""
    final = [[0.0] * NROLES for _ in range(dd.size)]
    dealt = [[0.0] * NROLES for _ in range(dd.size)]
    total = wolf_mass = 0.0
    worlds = used = 0
    for j, part in enumerate(parts(dd, knowledge, claims, allowed, lenient)):
        classes = interchangeable(dd.n, knowledge, claims, part.allowed)
        w = Walk(
            part.deck,
            knowledge,
            claims,
            lies,
            lenient,
            budget - used,
            free=classes,
            pool=part.chances,
        )
        walk_part(w, part.allowed, j)
        used += w.work
        for into, sums in ((final, w.final), (dealt, w.dealt)):
            part.split(sums)
            share(sums, classes)
            for row, got in zip(into, sums, strict=True):
                for r, v in enumerate(got):
                    row[r] += v * part.ways
        total += w.total * part.ways
        wolf_mass += w.wolf_mass * part.ways
        worlds += w.worlds
    return final, dealt, total, wolf_mass, worlds


class Part:
    """One walk of a question (:func:`parts`): the deck it deals, what each position may be
    dealt, and with the liar cards pooled, their roles with their copies (``copies``), the
    worlds one pooled world stands for (``ways``: the orders of the roles over the pooled
    cards) and the chances :meth:`Walk.pooled_dawn` reads (``chances``, None: no pool)."""

    __slots__ = ("allowed", "chances", "copies", "deck", "ways")

    def __init__(
        self,
        deck: DoppelDeck,
        allowed: list[frozenset[int]],
        copies: tuple[tuple[int, int], ...] = (),
    ) -> None:
        self.deck = deck
        self.allowed = allowed
        self.copies = copies
        self.ways = pool_orders(copies)
        self.chances = none_a_wolf(copies) if copies else None

    def split(self, sums: list[list[float]]) -> None:
        """Share each position's weight of the pooled card out among the pooled roles, in
        proportion to their copies (nothing without a pool)."""
        copies = self.copies
        if not copies:
            return
        k = sum(m for _, m in copies)
        for row in sums:
            v = row[POOL]
            if v != 0.0:
                row[POOL] = 0.0
                for r, m in copies:
                    row[r] += v * m / k


_READERS: Final = frozenset({SEER, DG})
"""The cards whose holder may see a liar card and stay honest: the Seer, and the
Doppelgänger that copies it (:func:`parts`)."""


def parts(
    dd: DoppelDeck,
    knowledge: NightKnowledge | None,
    claims: Mapping[int, ClaimKey],
    allowed: list[frozenset[int]],
    lenient: bool,
) -> list[Part]:
    """The walks whose sums add up to a question's, with the liar cards dealt as one
    where nothing tells them apart (one walk of the deck as it is where that never holds).

    A liar card weighs its holder's claim the same whatever its role (the lie weight), and
    the night treats them alike where anyone reads it: a Robber that robs one, an
    Insomniac that ends with one, a Doppelgänger that copies one all lie, and what a
    Werewolf or the Minion sees nobody reads.  Only the solving seat's knowledge (its own
    card, what it saw) and an honest Seer's sighting (a dealt Seer's, or a copied one's)
    tell one role from another.  So when the solving seat holds no liar card and saw
    none, and every position may be dealt all of them or none (not lenient: an honest
    seat's false claim weighs by what it names), the worlds where no claimant that names
    a liar role in a sighting holds the Seer or the Doppelgänger card are walked with the
    liar cards as one, :data:`POOL`; the others, apart, one walk per such claimant (the
    first of them that holds one of those cards), each card dealt as it is.

    In the pooled walk a world stands for the same number of worlds whatever it is (the
    orders of the roles over the pooled cards, :attr:`Part.ways`), each pooled card is
    each role in proportion to its copies (:meth:`Part.split`), and the Werewolves among
    the players at dawn follow a hypergeometric law (:meth:`Walk.pooled_dawn`)."""
    whole = [Part(dd, allowed)]
    if lenient or len(dd.liars) < 2:
        return whole
    if knowledge is not None and _names_a_liar(knowledge):
        return whole
    liars = frozenset(r for r, _ in dd.liars)
    if any(a & liars and not liars <= a for a in allowed):
        return whole
    naming = [
        s
        for s in sorted(claims)
        if allowed[s] & _READERS and any(r in LIAR_ROLES for r, _, _ in claims[s].saw)
    ]
    out: list[Part] = []
    outside = [a - _READERS if p in naming else a for p, a in enumerate(allowed)]
    if all(outside):
        pooled = [(a - liars) | {POOL} if a & liars else a for a in outside]
        out.append(Part(dd.pooled(), pooled, dd.liars))
    for j, s in enumerate(naming):
        inside = list(allowed)
        for t in naming[:j]:
            inside[t] = inside[t] - _READERS
        inside[s] = inside[s] & _READERS
        if all(inside):
            out.append(Part(dd, inside))
    return out


def _names_a_liar(knowledge: NightKnowledge) -> bool:
    """Whether the seat holds a liar card or saw one (which then tells the roles apart)."""
    if knowledge.dealt in LIAR_ROLES:
        return True
    for o in knowledge.obs:
        kind = o[0]
        if kind in (WOLVES, SHOWN):
            return True
        if kind in (COPIED, CARD, ROBBED, CENTRE) and o[2] in LIAR_ROLES:
            return True
        if kind == OWN and o[1] in LIAR_ROLES:
            return True
    return False


def interchangeable(
    n: int,
    knowledge: NightKnowledge | None,
    claims: Mapping[int, ClaimKey],
    allowed: list[frozenset[int]],
) -> tuple[tuple[int, ...], ...]:
    """The seats that are interchangeable for a posterior, in classes of two or more: the
    same claim of a role alone (or silence), named by no claim and by nothing the solving
    seat knows, the same cards allowed.  A world and its reorderings of a class's cards
    weigh the same (the night treats seats alike but for their cards and what is said of
    them), so :class:`Walk` deals a class as a multiset and each seat of it gets the mean
    of the class's sums (:func:`share`)."""
    named = {s for c in claims.values() for s in named_seats(c)}
    if knowledge is not None:
        named.add(knowledge.seat)
        for o in knowledge.obs:
            if o[0] in (COPIED, CARD, ROBBED):
                named.add(int(o[1]))
            elif o[0] in (WOLVES, SHOWN, MASONS, SWAPPED):
                named.update(int(x) for x in o[1:])
    groups: dict[tuple[ClaimKey | None, frozenset[int]], list[int]] = {}
    for seat in range(n):
        c = claims.get(seat)
        if seat in named or (c is not None and (c.did is not None or c.saw)):
            continue
        groups.setdefault((c, allowed[seat]), []).append(seat)
    return tuple(tuple(g) for g in groups.values() if len(g) > 1)


def share(sums: list[list[float]], classes: tuple[tuple[int, ...], ...]) -> None:
    """Give each seat of each class the mean of the class's rows of ``sums``."""
    for c in classes:
        mean = [sum(sums[p][r] for p in c) / len(c) for r in range(len(sums[0]))]
        for p in c:
            sums[p] = list(mean)


def walk(w: Walk, allowed: list[frozenset[int]]) -> None:
    """Run ``w`` over every deal ``allowed`` permits: the centre slots that nothing pins
    dealt lazily, the other positions most constrained first."""
    dd = w.d
    every = frozenset(dd.counts)
    if w.my_obs:
        allowed = list(allowed)
        for o in w.my_obs:
            if o[0] == CENTRE and o[2] != DG:
                # The solving seat's own centre look (as the Seer, a lone Werewolf or a copy
                # of either): only a copied Drunk moves a centre card before step 8, and it
                # leaves the Doppelgänger card there, so a card other than that one is the
                # card dealt.
                slot = dd.n + int(o[1])
                allowed[slot] = allowed[slot] & {int(o[2])}
        if any(not a for a in allowed):
            return  # no deal fits: nothing to sum
    lazy = [p for p in range(dd.n, dd.size) if allowed[p] == every]
    order = sorted((p for p in range(dd.size) if p not in lazy), key=lambda p: (len(allowed[p]), p))
    w.lazy = lazy
    w.fixed = [p for p in range(dd.size) if p not in lazy]
    w.deals(order, allowed)


def walk_part(w: Walk, allowed: list[frozenset[int]], j: int) -> None:
    """:func:`walk` for the part ``j`` of a question (:func:`parts`); past the budget,
    :class:`DoppelBudget` says how far the question had come, for the solver to judge by:
    the first walk's own :meth:`Walk.progress` (with the liar cards pooled it is most of
    the work), or 1.0 (no judgement) when a later walk ran out."""
    try:
        walk(w, allowed)
    except DoppelBudget:
        raise DoppelBudget(w.progress() if j == 0 else 1.0) from None


class Walk(Meter):
    """One enumeration: accumulates weights over worlds.  Cards are role numbers (one
    Doppelgänger card: no two cards of one role need telling apart).

    :func:`walk` runs it.  What a world adds up to is the walk's to choose: a subclass
    overrides

    - :meth:`leaf`, called once per finished night with its weight ``w`` (the claims' and
      the choices' weights, the deal's number of arrangements of the cards nobody read,
      times :attr:`scale`): :attr:`cards` is where each card ends (-1: a card nobody
      read), :attr:`deal` where each was dealt (-1 likewise), :attr:`copy` what the
      Doppelgänger card copied, :attr:`obs` what each player was told, :attr:`rem` and
      :attr:`k` the cards nobody read and their number;
    - :meth:`flush`, called once after a deal's nights when some centre card was dealt
      lazily (the base shares out what :meth:`leaf` kept for the cards nobody read);
    - :meth:`leaf_mix`, called instead of :meth:`leaf` for all the nights that end with
      moves nobody reads (see the module docstring); a subclass that overrides
      :meth:`leaf` and not this sets :attr:`defers` False, and is then given every night.

    The seats of each class of ``free`` (seats that no claim and no knowledge tells apart:
    :func:`interchangeable`) are dealt as a multiset: in non-decreasing order of their
    cards, each deal weighed by its number of orders of those seats (:attr:`scale`), so
    their sums are those of the class's seats together (the caller gives each the mean).
    """

    def __init__(  # noqa: PLR0917
        self,
        dd: DoppelDeck,
        knowledge: NightKnowledge | None,
        claims: dict[int, ClaimKey],
        lies: dict[int, float],
        lenient: bool,
        budget: int,
        *,
        free: tuple[tuple[int, ...], ...] = (),
        pool: list[float] | None = None,
    ) -> None:
        self.d = dd
        self.pool_h: list[float] = [] if pool is None else pool
        """With the liar cards pooled (:func:`parts`; empty: not), per number of pooled
        cards among the players at dawn, the chance that none is a Werewolf."""
        self.x_at = -1
        """Where the pooled card the Doppelgänger copied is now (-1: it copied none, or no
        pool)."""
        self.free = tuple(c for c in free if len(c) > 1)
        self.after: list[int] = []
        """Per index of the dealing order: the seat of its class dealt last before it, when
        that index deals a free seat (-1 otherwise, or for the first of its class)."""
        self.scale = 1.0
        """The current deal's number of orders of the free seats (within each class)."""
        self.defers = True
        """Whether the moves that end a night unread are summed in closed form
        (:meth:`leaf_mix`); a subclass that overrides :meth:`leaf` alone sets it False."""
        self.defer_at = -1
        """This deal's index of the first of the moves that end its night unread (-1:
        none, or not :attr:`defers`)."""
        self.defer_dgins = False
        """Among them, the Doppelgänger's Insomniac step: a move nobody reads only if it
        copied another role."""
        self.mixes: dict[tuple[tuple[int, int], ...], _Mix] = {}
        """Those moves -> :meth:`mixture`."""
        self.n = dd.n
        self.me = -1 if knowledge is None else knowledge.seat
        self.my_obs: tuple[Obs, ...] = () if knowledge is None else knowledge.obs
        self.my_pins: list[tuple[int, int]] = []
        """The players' cards the solving seat saw at step 5 (as the Seer) or 6 (as the
        Robber), other than the Doppelgänger card: (seat, card)."""
        if knowledge is not None and knowledge.dealt in (SEER, ROBBER):
            for o in self.my_obs:
                if o[0] in (CARD, ROBBED) and o[2] != DG:
                    self.my_pins.append((int(o[1]), int(o[2])))
        self.claims = claims
        self.lenient = lenient
        super().__init__(budget, PAUSE)
        self.worlds = 0
        size = dd.size
        self.final = [[0.0] * NROLES for _ in range(size)]
        self.dealt = [[0.0] * NROLES for _ in range(size)]
        self.total = 0.0
        self.wolf_mass = 0.0
        self.deal: list[int] = [0] * size
        self.cards: list[int] = [0] * size
        self.copy = -1
        """What the Doppelgänger card copied (-1: nothing yet, or nobody holds it)."""
        self.obs: list[list[Obs]] = [[] for _ in range(dd.n)]
        self.lie = lies
        self.claimants = tuple(sorted(claims))
        self.tasks: list[tuple[int, int]] = []
        self.settle: list[list[int]] = []
        self.dg_when: list[int] = []
        """This deal's index of the task before which the Doppelgänger's claim is weighed,
        per copy (empty: no claimant holds the Doppelgänger card)."""
        self.dg_settle = -1
        """That index for the copy made (-1: not copied yet, or no claim to weigh)."""
        self.after_dg = -1
        """This deal's index of the task after the Doppelgänger's (-1: none)."""
        self.last_move = -1
        """This deal's index of the task after the last that may move a card an Insomniac
        (dealt or copied) sees (-1: no Insomniac's claim to check there)."""
        self.pins: list[tuple[int, int]] = []
        """This deal's players' cards that must be there after step 1 until step 6 (what an
        honest Seer claims it saw, what the solving seat saw as the Seer or the Robber):
        (seat, card).  Nothing but the Doppelgänger's copied action moves a card before
        step 7, so :meth:`task` checks them once it has played."""
        self.copy_mask = _ANY_COPY
        """This deal's copies that can fit (bit ``r``: role ``r``; see :meth:`night`)."""
        self.mine: dict[tuple[str, int], EAction] = {}
        """(decision, how much the solving seat was told) -> its choice there (``()``: none
        fits what it saw)."""
        self.cand: dict[
            tuple[str, int, int], tuple[tuple[EAction, ...], float, bool, frozenset[EAction]]
        ] = {}
        """(decision, seat, its card) -> :meth:`static_candidates`."""
        self.lazy: list[int] = []
        self.rem: dict[int, int] = {}
        """The cards of the lazy centre slots not read yet (counts per role)."""
        self.left: dict[int, int] = {}
        """The cards not dealt yet (counts per role)."""
        self.keep: dict[int, tuple[tuple[int, int], ...]] = {}
        """Per claimant that may be dealt the Seer (not lenient), the cards its claim names
        in the lazy centre slots (role, count): the deal keeps them for the centre."""
        self.kept: tuple[tuple[int, int], ...] = ()
        """The cards :meth:`place` keeps out of the players' hands for this deal."""
        self.order: list[int] = []
        width = 2 * dd.size + 1 + len(self.pool_h)
        self.acc = [0.0] * width
        """Weights :meth:`leaf` keeps for :meth:`flush`: per position, of the worlds where it
        holds a card nobody read at dawn; per position, where it was dealt one; of the
        worlds with no Werewolf among the players but a player holding a card nobody read;
        and with the liar cards pooled, of the worlds where a player holds a card nobody
        read, per number of pooled cards among the players (:meth:`pooled_dawn`)."""
        self.accs = [[0.0] * width for _ in range(3)]
        """:meth:`reveal`'s buffers for :attr:`acc`, per number of lazy slots left unread."""
        self.night_w = 0.0
        """The weight summed so far over the worlds of the current deal."""
        self.fixed: list[int] = []
        """The positions dealt before the night (every player, the centre slots pinned)."""
        self.options: list[list[int]] = []
        """Per position, the cards it may be dealt."""
        self.k = 0
        self.ins_swap = [
            not lenient
            and s in claims
            and (claims[s].role not in (-1, INSOM) or claims[s].did is not None)
            for s in range(dd.n)
        ]
        """Per seat: holding the Insomniac, its claim needs it to end with a liar's card."""
        if not any(self.ins_swap):
            self.ins_swap = []
        self.seer_at = -1
        """The claimant dealt the Seer in this deal (-1: none, or lenient)."""
        self.dg_at = -1
        """The player dealt the Doppelgänger card in this deal (-1: none)."""
        self.wolves: tuple[int, ...] = ()
        """The players dealt a Werewolf in this deal."""
        self.masons: tuple[int, ...] = ()
        """The players dealt a Mason in this deal."""
        self.ins_memo: dict[int, bool] = {}
        """(seat * NROLES + card) -> :meth:`ins_fits`."""
        self.ins_at = -1
        """The claimant dealt the Insomniac in this deal (-1: none, or lenient)."""
        self.must_copy = -1
        """The role the Doppelgänger must copy in this deal for the claims to fit (the
        Troublemaker, for the Insomniac's; a Mason, for a Mason's that names its seat); -1:
        any."""
        self.no_mason_copy = False
        """In this deal, a Mason's claim does not name the Doppelgänger's seat: it copied
        no Mason."""
        self.mason_claims: list[tuple[int, frozenset[int]]] = []
        """Per claimant that names other Masons: the seats it names (all of its sightings
        are Masons at players, or the seat cannot hold a Mason: :func:`_static_fit`)."""
        if not lenient:
            for s, c in sorted(claims.items()):
                if c.saw and _static_fit(c, MASON):
                    self.mason_claims.append((s, frozenset(seat for _, seat, _ in c.saw)))
        self.static: list[dict[int, bool]] = [{} for _ in range(dd.n)]
        """Per claimant, per card whose weight that card alone decides: whether it fits."""
        if not lenient:
            for s, c in claims.items():
                for r in (VILLAGER, HUNTER, TM, DRUNK, MASON):
                    self.static[s][r] = _static_fit(c, r)

    # --- deals ----------------------------------------------------------------------------

    def deals(self, order: list[int], allowed: list[frozenset[int]]) -> None:
        """Deal the positions of ``order`` every way their ``allowed`` cards permit (the
        centre slots left out are dealt lazily), and sum each deal's nights."""
        static = self.static
        options = [sorted(allowed[p]) for p in range(self.d.size)]
        for p in range(self.n):
            if static[p]:
                options[p] = [r for r in options[p] if static[p].get(r, True)]
        for p, needs_swap in enumerate(self.ins_swap):
            if needs_swap and INSOM in options[p] and not self.swap_may_reach(p, options):
                options[p].remove(INSOM)
        self.order = order
        self.options = options
        klass = {p: k for k, c in enumerate(self.free) for p in c}
        prev = [-1] * len(self.free)
        self.after = []
        for p in order:
            k = klass.get(p, -1)
            self.after.append(prev[k] if k >= 0 else -1)
            if k >= 0:
                prev[k] = p
        self.left = dict(self.d.counts)
        if not self.lenient:
            lazy = set(self.lazy)
            for s, c in self.claims.items():
                if SEER not in options[s]:
                    continue
                named: dict[int, int] = {}
                for role, seat, slot in c.saw:
                    if seat < 0 and 0 <= slot < 3 and role != DG and self.n + slot in lazy:
                        named[role] = named.get(role, 0) + 1
                if named:
                    self.keep[s] = tuple(named.items())
        self.place(0)

    def progress(self) -> float:
        """How far :meth:`deals` had come, roughly, when it stopped (during a night, every
        position of :attr:`order` dealt): the current deal's place among all the deals in
        this order, each position's card read as one digit of a fraction (its index among
        the cards that position may hold, in that base).

        It flatters the walk: the digits ignore the cards already dealt, and a deal's
        nights cost unequal work (measured on silent tables, session 17: a walk that
        finished with eight times the budget took 1.5 to 3.4 times the work this
        foretold)."""
        x = 0.0
        unit = 1.0
        deal = self.deal
        for p in self.order:
            opts = self.options[p]
            if not opts:
                break
            unit /= len(opts)
            tok = deal[p]
            if tok in opts:
                x += opts.index(tok) * unit
        return x

    def place(self, i: int) -> None:
        """Deal position ``order[i]`` each card it may hold, then the next, or the night
        once every position of ``order`` holds one."""
        order = self.order
        left = self.left
        if i == len(order):
            kept = self.kept
            for r, m in kept:
                left[r] += m
            self.night()
            for r, m in kept:
                left[r] -= m
            return
        p = order[i]
        deal = self.deal
        prev = self.after[i]
        low = deal[prev] if prev >= 0 else 0  # a free seat's card: not below its class's last
        for tok in self.options[p]:
            if tok < low:
                continue
            k = left.get(tok, 0)
            if k:
                left[tok] = k - 1
                deal[p] = tok
                keep = self.keep.get(p) if tok == SEER else None
                if keep is None:
                    self.place(i + 1)
                elif all(left.get(r, 0) >= m for r, m in keep):
                    # An honest Seer's claimed centre cards stay in the centre (as
                    # :meth:`seer_fits` requires of the whole deal): kept from the seats
                    # dealt after this one, given back for the night.
                    for r, m in keep:
                        left[r] -= m
                    self.kept = keep
                    self.place(i + 1)
                    self.kept = ()
                    for r, m in keep:
                        left[r] += m
                left[tok] = k

    def night(self) -> None:
        """Sum every night of the current deal; :attr:`left` holds the cards of the lazy
        centre slots."""
        self.work += 1
        if self.work > self.limit and self.spent():
            raise DoppelBudget
        deal = self.deal
        for p in self.lazy:
            deal[p] = -1
        left = self.left
        self.rem = left
        self.ins_at = -1
        self.seer_at = -1
        g = -1
        present = 0  # the roles dealt to players, the Doppelgänger card left out (a mask)
        wolves: list[int] = []
        masons: list[int] = []
        for p in range(self.n):
            r = deal[p]
            if r == DG:
                g = p
            else:
                present |= 1 << r
                if r == WOLF:
                    wolves.append(p)
                elif r == MASON:
                    masons.append(p)
        self.dg_at = g
        self.wolves = tuple(wolves)
        self.masons = tuple(masons)
        # The copies this deal allows: each card a Seer or the Robber must see where it
        # was not dealt needs the copy that can have moved it (see :meth:`need`).
        mask = _ANY_COPY
        pins = self.pins
        pins.clear()
        for q, r in self.my_pins:
            pins.append((q, r))
            mask &= self.need(q, r)
        if not self.lenient:
            for p in self.claimants:
                r = deal[p]
                if r == INSOM:
                    self.ins_at = p
                elif r == SEER:
                    self.seer_at = p
            if self.seer_at >= 0:
                fits = self.seer_fits()
                if fits < 0:
                    return
                mask &= fits
        self.must_copy = -1
        self.no_mason_copy = False
        if self.mason_claims and not self.masons_fit():
            return
        if self.ins_swap:
            ins = self.feasible_insomniac()
            if ins < 0:
                return
            if ins == 1:
                if self.must_copy not in (-1, TM):
                    return
                self.must_copy = TM
        if self.must_copy >= 0:
            mask &= 1 << self.must_copy
        if self.no_mason_copy:
            mask &= ~(1 << MASON)
        if mask != _ANY_COPY and not (g >= 0 and mask & present):
            return  # no player holds a card the Doppelgänger may copy, or nobody copies
        self.copy_mask = mask
        self.cards[:] = deal
        self.k = len(self.lazy)
        self.copy = -1
        for o in self.obs:
            o.clear()
        plan = self.plan(deal)  # (each deal of the players' cards comes once a walk)
        (
            self.tasks,
            self.settle,
            self.after_dg,
            self.last_move,
            self.dg_when,
            fixed,
            self.defer_at,
            self.defer_dgins,
        ) = plan
        if fixed == 0.0:
            return
        self.dg_settle = -1
        if not pins:
            self.after_dg = -1
        if self.ins_at < 0 and (g < 0 or g not in self.claims):
            self.last_move = -1
        if self.free:
            orders = 1
            for c in self.free:
                same: dict[int, int] = {}
                for f in c:
                    same[deal[f]] = same.get(deal[f], 0) + 1
                orders *= math.factorial(len(c))
                for m in same.values():
                    orders //= math.factorial(m)
            self.scale = float(orders)
        self.night_w = 0.0
        self.task(0, arrangements(left) * fixed * self.scale)
        if self.k:
            self.flush()
        night_w = self.night_w
        if night_w > 0.0:
            dealt = self.dealt
            for p in self.fixed:
                dealt[p][deal[p]] += night_w

    def ins_fits(self, card: int) -> bool:
        """Whether the claim of the Insomniac at :attr:`ins_at` can weigh anything if it
        ends the night with ``card`` (what :meth:`factor` will say once it has looked)."""
        p = self.ins_at
        key = p * NROLES + card
        got = self.ins_memo.get(key)
        if got is None:
            obs: tuple[Obs, ...] = ((OWN, card),)
            got = known_role(INSOM, obs) in LIAR_ROLES or compatible(
                self.claims[p], truthful(p, INSOM, obs)
            )
            self.ins_memo[key] = got
        return got

    def insomniacs_fit(self) -> bool:
        """Whether the claims of the Insomniacs, the dealt one and a Doppelgänger that
        copied it, can still weigh anything: their cards are final once the last task that
        may move them has played (the Drunk moves only its own), so what they will see at
        the end is known, and so is the weight of their claims (the claimant dealt the
        Insomniac sees nothing else; a Doppelgänger that copied it, nothing else but its
        copy)."""
        cards = self.cards
        if self.ins_at >= 0 and not self.ins_fits(cards[self.ins_at]):
            return False
        g = self.dg_at
        if self.copy == INSOM and g in self.claims:
            lst = self.obs[g]
            lst.append((OWN, cards[g]))
            f = self.factor(g)
            lst.pop()
            return f != 0.0
        return True

    def masons_fit(self) -> bool:
        """Whether the Masons' claims of this deal can fit: a claimant dealt a Mason that
        names other Masons saw exactly the others awake as Masons, the seats dealt one and
        the Doppelgänger if it copied one.  Sets :attr:`must_copy` (a named seat holds the
        Doppelgänger) or :attr:`no_mason_copy` (the Doppelgänger's seat is not named)."""
        deal = self.deal
        n = self.n
        g = -1
        for p in range(n):
            if deal[p] == DG:
                g = p
        for s, named in self.mason_claims:
            if deal[s] != MASON:
                continue
            for p in range(n):
                if p != s and deal[p] == MASON and p not in named:
                    return False
            for q in named:
                r = deal[q] if 0 <= q < n else -1
                if r == MASON:
                    continue
                if r != DG or self.no_mason_copy:
                    return False
                self.must_copy = MASON
            if g >= 0 and g not in named:
                if self.must_copy == MASON:
                    return False
                self.no_mason_copy = True
        return True

    def swap_may_reach(self, p: int, options: list[list[int]]) -> bool:
        """Whether some deal allowed by ``options`` lets a swap reach the Insomniac's card
        at ``p``, as :meth:`feasible_insomniac` asks of a whole deal: a seat that may hold
        the Troublemaker and may swap ``p`` (the solving seat, if it did; a claimant that
        says nothing else; a silent seat), or a seat that may hold the Doppelgänger card
        and honestly copy a Troublemaker (see :meth:`may_copy`).  False: no deal with the
        Insomniac at ``p`` fits its claim."""
        n = self.n
        for t in range(n):
            if t == p or TM not in options[t]:
                continue
            if t == self.me:
                if any(o[0] == SWAPPED and p in (o[1], o[2]) for o in self.my_obs):
                    return True
            else:
                said = self.claims.get(t)
                did = None if said is None else said.did
                if did is None or (did.kind == "swap" and p in did.players):
                    return True
            for g in range(n):
                if g not in (p, t) and DG in options[g] and self.may_copy(g, t, TM):
                    return True
        return False

    def feasible_insomniac(self) -> int:
        """Whether the Insomniac of this deal can end the night as its claim needs: an
        Insomniac who claims another role, or an action, must end with a werewolf-side or
        Tanner card, and only a swap brings one (a robbery gives the robbed seat the
        Robber's card or the Doppelgänger's): the Troublemaker's (which must be able to
        touch it) or a Doppelgänger's that copied the Troublemaker.  0: nothing to check
        or the Troublemaker can; 1: only if the Doppelgänger copies the Troublemaker; -1:
        never."""
        deal = self.deal
        n = self.n
        p = -1
        tm = -1
        dg = -1
        for s in range(n):
            r = deal[s]
            if r == INSOM:
                p = s
            elif r == TM:
                tm = s
            elif r == DG:
                dg = s
        if p < 0 or not self.ins_swap[p]:
            return 0
        if tm >= 0:
            if tm == self.me:
                if any(o[0] == SWAPPED and p in (o[1], o[2]) for o in self.my_obs):
                    return 0
            else:
                said = self.claims.get(tm)
                did = None if said is None else said.did
                if did is None or (did.kind == "swap" and p in did.players):
                    return 0
            if dg >= 0 and self.may_copy(dg, tm, TM):
                return 1
        return -1

    def may_copy(self, g: int, t: int, role: int) -> bool:
        """Whether the Doppelgänger at ``g`` may have copied ``role`` at seat ``t`` (an
        active role, after which it is honest), given what it knows or claims."""
        if g == self.me:
            return bool(self.my_obs) and self.my_obs[0] == (COPIED, t, role)
        c = self.claims.get(g)
        if c is None or self.lenient:
            return True
        if c.role not in (-1, DG) or (c.saw and (role, t, -1) not in c.saw):
            return False
        did = c.did
        return did is None or did.kind != "copy" or did.players[0] == t

    def need(self, q: int, r: int) -> int:
        """The copies (a mask) after which player ``q`` may hold card ``r`` (not the
        Doppelgänger card) at steps 5 and 6: any, if it was dealt ``r``; else a copied Robber
        or Drunk, if it holds the Doppelgänger card (its own card changes), a copied
        Troublemaker if not (a copied Robber leaves the Doppelgänger card where it robs).
        Before step 7 only the Doppelgänger's copied action moves cards."""
        if self.deal[q] == r:
            return _ANY_COPY
        if self.dg_at < 0:
            return 0
        return _MOVES_OWN if q == self.dg_at else _MOVES_OTHERS

    def seer_fits(self) -> int:
        """Whether the claim of the Seer of this deal (an honest claimant) can fit: the cards
        it names were there at step 5.  Before step 5 only the Doppelgänger's copied action
        moves cards: a centre card it names is the dealt one (the Doppelgänger's card, if a
        copied Drunk took it); a player's card is the dealt one unless the copy can have
        moved it (:meth:`need`).  The copies it allows, a mask (-1: none); the players'
        cards it names are added to :attr:`pins`."""
        s = self.seer_at
        n = self.n
        deal = self.deal
        c = self.claims[s]
        need: dict[int, int] = {}
        mask = _ANY_COPY
        for role, seat, slot in c.saw:
            if role == DG:
                continue
            if seat >= 0:
                if 0 <= seat < n:
                    self.pins.append((seat, role))
                    mask &= self.need(seat, role)
            elif 0 <= slot < 3:
                have = deal[n + slot]
                if have >= 0:
                    if have != role:
                        return -1
                else:
                    need[role] = need.get(role, 0) + 1
        rem = self.rem
        if not mask or not all(rem.get(role, 0) >= k for role, k in need.items()):
            return -1
        return mask

    def reveal(  # noqa: PLR0917
        self, pos: int, kind: str, seat: int, a: EAction, i: int, w: float, step: str
    ) -> None:
        """Deal the lazy centre slot ``pos`` every possible way, then apply ``a``."""
        rem = self.rem
        k = self.k
        cards = self.cards
        deal = self.deal
        slot = pos - self.n
        if seat == self.me and a[0] in (LOOKC_V, PEEK_V):
            # The solving seat's own look: the card is the one it saw there (its next
            # observations, in the order of ``a``'s slots; :meth:`push` would reject the rest).
            at = len(self.obs[seat]) + a.index(slot, 1) - 1
            mine = self.my_obs
            if at >= len(mine) or mine[at][0] != CENTRE or mine[at][1] != slot:
                return
            seen = int(mine[at][2])
            m = rem.get(seen, 0)
            items = [(seen, m, m / k)] if m else []
        else:
            items = [(t, m, m / k) for t, m in rem.items() if m]
            if a[0] == LOOKC_V and not self.lenient:
                claim = self.claims.get(seat)
                if claim is not None and claim.saw:
                    # A Seer (dealt, or a copy) is honest: what it looked at is what it says.
                    items = [x for x in items if (x[0], -1, slot) in claim.saw]
        outer = self.acc
        # A zeroed buffer per number of slots left unread (each is emptied by :meth:`flush`
        # before it is left): no list made per call.
        self.acc = self.accs[k - 1]
        for t, m, share in items:
            rem[t] = m - 1
            self.k = k - 1
            cards[pos] = deal[pos] = t
            self.apply(kind, seat, a, i, w * share, step)
            if self.k:
                self.flush()
            cards[pos] = deal[pos] = -1
            rem[t] = m
            self.k = k
        self.acc = outer

    def plan(self, seats: list[int]) -> _Plan:
        """For the cards dealt to the players (``seats``: the deal, of which only the
        players' positions are read): the night's tasks, when to weigh each claim but a
        Doppelgänger's and those the card alone weighs, the index of the task after the
        Doppelgänger's (-1: no player holds it), the index of the task after the last that
        may move a card an Insomniac sees (the Doppelgänger's, the Robber's, the
        Troublemaker's; 0: none) and, if a claimant holds the Doppelgänger card, when to
        weigh its claim per copy; and the product of the weights the cards alone fix (a
        liar's: its lie weight; an honest seat's whose card fits its claim: 1)."""
        n = self.n
        tasks: list[tuple[int, int]] = []
        at = [-1] * 11  # per group task, its index
        own = [-1] * n  # per seat, the index of its last task of its own
        where = [-1] * NROLES  # per role, a seat dealt it (one card of each role that acts)
        for p in range(n):
            where[seats[p]] = p
        # The steps whose observations nobody reads are left out: only the solving seat's
        # (checked against what it saw) and the claimants' (weighed) are read, and a
        # Werewolf's, the Minion's or a Doppelgänger's that copied either weighs the same
        # whatever it saw (a reason to lie).  (An unclaimed Seer's look, a silent
        # Insomniac's: nothing anyone else can observe.)
        mine = seats[self.me] if self.me >= 0 else -1
        claimed = {seats[s] for s in self.claimants}
        reads = {
            T_WOLVES: mine in (WOLF, DG),
            T_MINION: mine == MINION,
            T_DGMIN: mine == DG,
            T_MASONS: mine in (MASON, DG) or MASON in claimed or DG in claimed,
            T_DGINS: mine == DG or DG in claimed,
            T_SEER: mine == SEER or SEER in claimed,
            T_INSOM: mine == INSOM or INSOM in claimed,
        }
        for step in self.d.steps:
            if not reads.get(step, True):
                continue
            holder = _HOLDER.get(step)
            if holder is None:
                at[step] = len(tasks)
                tasks.append((step, -1))
            else:
                p = where[holder]
                if p >= 0:
                    own[p] = len(tasks)
                    tasks.append((step, p))
        # Each claimant's claim is weighed as soon as its night knowledge is complete:
        # after the last task that may tell it anything (its card decides which, and for
        # the Doppelgänger, its copy: known once it has copied, see :meth:`apply`).
        settle: list[list[int]] = [[] for _ in range(len(tasks) + 1)]
        dg_when: list[int] = []
        fixed = 1.0
        for seat in self.claimants:
            role = seats[seat]
            if role in LIAR_ROLES:
                # A Werewolf, the Minion, the Tanner: a reason to lie whatever the night.
                fixed *= self.lie[seat]
                continue
            if role in _HONEST_ALONE and self.static[seat].get(role, False):
                # Honest, and the card fits the claim (:attr:`static`; lenient: not known)
                # and it did what it says (:meth:`candidates`): the weight is 1.
                continue
            last = own[seat]
            if role == WOLF:
                last = max(last, at[T_WOLVES])
            elif role == MASON:
                last = max(last, at[T_MASONS])
            elif role == DG:
                dg_when = [last + 1] * NROLES
                dg_when[WOLF] = max(last, at[T_WOLVES]) + 1
                dg_when[MASON] = max(last, at[T_MASONS]) + 1
                dg_when[MINION] = max(last, at[T_DGMIN]) + 1
                dg_when[INSOM] = max(last, at[T_DGINS]) + 1
                continue
            settle[last + 1].append(seat)
        after = own[where[DG]] + 1 if where[DG] >= 0 else -1
        moved = max((j + 1 for j, t in enumerate(tasks) if t[0] in _MOVES), default=0)
        # The moves that end the night unread, with no claim weighed after them: a Robber's
        # by a seat that neither claims nor solves, the Troublemaker's and the Drunk's by
        # any seat but the solving one (a claimant's claim was then settled by its card:
        # its choices are those its claim names), and the Doppelgänger's Insomniac step
        # (checked when it comes: a move nobody reads unless it copied the Insomniac).
        j = len(tasks)
        dgins = False
        movers = 0
        while self.defers and j > 0 and not settle[j]:
            kind, seat = tasks[j - 1]
            if kind == T_DGINS:
                dgins = True
            elif (
                kind not in _MIXED or seat == self.me or (kind == T_ROBBER and seat in self.claims)
            ):
                break
            else:
                movers += 1
            j -= 1
        defer = j if movers else -1
        return tasks, settle, after, moved, dg_when, fixed, defer, dgins

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

    def awake_as(self, role: int) -> tuple[int, ...]:
        """The players awake at the Werewolves' (``role`` WOLF) or the Masons' step: those
        dealt the role, and the Doppelgänger if it copied it (worked out once a deal)."""
        base = self.wolves if role == WOLF else self.masons
        if self.copy != role:
            return base
        return tuple(sorted((*base, self.dg_at)))

    def candidates(
        self, kind: str, seat: int, honest_if_claimed: bool
    ) -> tuple[tuple[EAction, ...], float]:
        """The choices to enumerate for another seat's decision, and each one's prior.

        Only choices that can give the seat's claim a positive weight are kept: an
        honest seat did what it says, and a seat that claims a role it was not dealt
        must end the night with a reason to lie (a Robber who took a werewolf-side or
        Tanner card, a Doppelgänger who copied one or a role that may still get one).
        A Doppelgänger whose copy leaves it honest copied what its claim says.
        """
        key = (kind, seat, self.deal[seat])
        known = self.cand.get(key)
        if known is None:
            known = self.cand[key] = self.static_candidates(kind, seat, honest_if_claimed)
        opts, prior, dynamic, matching = known
        if not dynamic:
            return opts, prior
        cards = self.cards
        if kind == "robber":
            # A Robber that claims otherwise lies: it robbed a liar's card.  An honest one
            # that names the card it took took that card (a Doppelgänger that copied the
            # Robber names its copy too: only the rest is checked for it).
            saw = self.claims[seat].saw
            if saw and self.deal[seat] == ROBBER:
                return tuple(
                    a
                    for a in opts
                    if a[0] == ROB_V
                    and (
                        cards[a[1]] in LIAR_ROLES
                        or (a in matching and (cards[a[1]], seat, -1) in saw)
                    )
                ), prior
            return tuple(
                a for a in opts if a in matching or (a[0] == ROB_V and cards[a[1]] in LIAR_ROLES)
            ), prior
        # A Doppelgänger: the copy its claim names (``matching``; every one if it names
        # none), the copied card shown where it was if it claims a sighting, or a copy
        # that may leave it with a reason to lie.
        claim = self.claims[seat]
        saw = claim.saw
        return tuple(
            a
            for a in opts
            if cards[a[1]] in _MAY_LIE_AFTER_COPY
            or (a in matching and (not saw or (cards[a[1]], a[1], -1) in saw))
        ), prior

    def static_candidates(
        self, kind: str, seat: int, honest_if_claimed: bool
    ) -> tuple[tuple[EAction, ...], float, bool, frozenset[EAction]]:
        """What :meth:`candidates` can work out from the seat's card and claim alone: the
        choices (every legal one when the rest depends on the cards), the prior, whether
        the choices still depend on the cards, and the choices its claim names."""
        opts = self.d.options[(kind, seat)]
        prior = 1.0 / len(opts)
        claim = self.claims.get(seat)
        if claim is None or self.lenient:
            return opts, prior, False, frozenset()
        role_ok = claim.role in (-1, self.deal[seat])
        did = claim.did
        acts = self.d.actions
        named = frozenset(a for a in opts if did is None or acts[a] == did)
        if honest_if_claimed:
            if not role_ok:
                return (), prior, False, frozenset()
            return tuple(a for a in opts if a in named), prior, False, named
        if kind == "robber":
            if role_ok and did is None and not claim.saw:
                return opts, prior, False, named
            return opts, prior, True, named if role_ok else frozenset()
        if kind == "copy":
            if not role_ok:
                return opts, prior, True, frozenset()
            if did is not None and did.kind != "copy":
                # The claimed action is the copied role's: every copy may fit.
                named = frozenset(opts)
            return opts, prior, True, named
        return opts, prior, False, frozenset()

    # --- the night, task by task ------------------------------------------------------------

    def factor(self, seat: int) -> float:
        """The weight of ``seat``'s claim given what it knows in this world."""
        d = self.d
        dealt = self.deal[seat]
        key = (seat, dealt, tuple(self.obs[seat]))
        info = d.truths.get(key)
        if info is None:
            o = key[2]
            info = (known_role(dealt, o) in LIAR_ROLES, truthful(seat, dealt, o))
            if len(d.truths) >= 1 << 16:
                d.truths.clear()
            d.truths[key] = info
        if info[0]:
            return self.lie[seat]
        if compatible(self.claims[seat], info[1]):
            return 1.0
        return EPSILON * self.lie[seat] if self.lenient else 0.0

    def task(self, i: int, w: float) -> None:
        tasks = self.tasks
        if i == self.after_dg:
            cards = self.cards
            for q, r in self.pins:
                if cards[q] != r:
                    return
        if i == self.last_move and not self.insomniacs_fit():
            return
        for seat in self.settle[i]:
            f = self.factor(seat)
            if f == 0.0:
                return
            w *= f
        if i == self.dg_settle:
            f = self.factor(self.dg_at)
            if f == 0.0:
                return
            w *= f
        if i == len(tasks):
            self.leaf(w)
            return
        if (
            i == self.defer_at
            and self.after_dg <= i
            and self.dg_settle <= i
            and (self.last_move <= i or (self.ins_at < 0 and self.copy != INSOM))
            and not (self.defer_dgins and self.copy == INSOM)
        ):
            # Nothing after this reads a card: the rest of the night in closed form.
            mix = self.mixture(i)
            self.work += mix.work
            if self.work > self.limit and self.spent():
                raise DoppelBudget
            self.leaf_mix(w, mix)
            return
        kind, seat = tasks[i]
        obs = self.obs
        cards = self.cards
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
                if len(wolves) == 1 and self.d.peek:
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
            # Only the Doppelgänger card copies (one card: its seat, :attr:`dg_at`).
            g = self.dg_at
            if self.copy != MINION:
                self.task(i + 1, w)
                return
            if self.push(g, (SHOWN, *self.wolves)):
                self.task(i + 1, w)
            obs[g].pop()
            return
        if kind == T_MASONS:
            masons = self.awake_as(MASON)
            self.group(i, w, list(masons), (MASONS, *masons))
            return
        if kind == T_INSOM:
            if self.push(seat, (OWN, cards[seat])):
                self.task(i + 1, w)
            obs[seat].pop()
            return
        if kind == T_DGINS:
            g = self.dg_at
            if self.copy != INSOM:
                self.task(i + 1, w)
                return
            if self.push(g, (OWN, cards[g])):
                self.task(i + 1, w)
            obs[g].pop()
            return
        if kind == T_DG:
            self.decide("copy", seat, i, w, "doppelganger")
            return
        step = _STEP_NAME[kind]
        if kind == T_SEER and seat != self.me and seat not in self.claims:
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
            key = (kind, len(self.obs[seat]))
            mine = self.mine.get(key)
            if mine is None:
                got = own_action(kind, self.my_obs, key[1])
                legal = got is not None and got in self.d.options[(kind, seat)]
                mine = self.mine[key] = got if legal and got is not None else ()
            if not mine:
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
            raise DoppelBudget
        w2 = w * prior
        if i + 1 == self.last_move and self.ins_at >= 0:
            # The last move before the Insomniac's claim is weighed (:meth:`insomniacs_fit`):
            # only the choices that leave its seat a card its claim can fit with go on.  (An
            # unclaimed Troublemaker's 36 swaps, most of them dead there: at ten players
            # with few claims, nine of every ten choices the walk tried.)
            p = self.ins_at
            cards = self.cards
            stays = self.ins_fits(cards[p])  # a move that leaves its card where it is
            for a in opts:
                v = a[0]
                if v == SWAP_V:
                    x, y = a[1], a[2]
                elif v == ROB_V:
                    x, y = seat, a[1]
                else:  # (nothing else moves a player's card before the Insomniac looks)
                    x = y = -1
                if p == x:
                    fits = self.ins_fits(cards[y])
                elif p == y:
                    fits = self.ins_fits(cards[x])
                else:
                    fits = stays
                if fits:
                    self.apply(kind, seat, a, i, w2, step)
            return
        for a in opts:
            self.apply(kind, seat, a, i, w2, step)

    def apply(self, kind: str, seat: int, a: EAction, i: int, w: float, step: str) -> None:  # noqa: PLR0917
        cards = self.cards
        obs = self.obs
        n = self.n
        v = a[0]
        if v == PASS_V:
            if self.push(seat, (DECLINED, step)):
                self.task(i + 1, w)
            obs[seat].pop()
            return
        if v == COPY_V:
            t = a[1]
            seen = cards[t]
            if not (self.copy_mask >> seen) & 1:
                return  # (see :meth:`night`)
            self.copy = seen
            if seen == POOL and self.pool_h:
                self.x_at = t  # the pooled card it copied, followed to dawn
            if self.push(seat, (COPIED, t, seen)):
                # Now that the copy is known, its claim is weighed as soon as it can be.
                if self.dg_when:
                    self.dg_settle = self.dg_when[seen]
                if seen in _ACTIVE:
                    self.decide(_ACT_KIND[seen], seat, i, w, "doppelganger")
                else:
                    self.task(i + 1, w)
                self.dg_settle = -1
            obs[seat].pop()
            self.copy = -1
            self.x_at = -1
            return
        if v == LOOKP_V:
            t = a[1]
            if self.push(seat, (CARD, t, cards[t])):
                self.task(i + 1, w)
            obs[seat].pop()
            return
        if v == TAKE_V and step == "drunk":
            # The Drunk's new card stays unknown: nobody looks at the Drunk's seat after
            # step 8 (the Insomniacs look at their own), so it is any card left.
            c = n + a[1]
            self.exchange(seat, c)
            if self.push(seat, (TOOK, a[1])):
                self.task(i + 1, w)
            obs[seat].pop()
            self.exchange(seat, c)
            return
        if v in (LOOKC_V, PEEK_V, TAKE_V):
            for c in a[1:]:
                if cards[n + c] < 0:
                    self.reveal(n + c, kind, seat, a, i, w, step)
                    return
        if v == LOOKC_V:
            x, y = a[1], a[2]
            if self.push(seat, (CENTRE, x, cards[n + x])):
                if self.push(seat, (CENTRE, y, cards[n + y])):
                    self.task(i + 1, w)
                obs[seat].pop()
            obs[seat].pop()
            return
        if v == PEEK_V:
            c = a[1]
            if self.push(seat, (CENTRE, c, cards[n + c])):
                self.task(i + 1, w)
            obs[seat].pop()
            return
        if v == ROB_V:
            t = a[1]
            self.exchange(seat, t)
            if self.push(seat, (ROBBED, t, cards[seat])):
                self.task(i + 1, w)
            obs[seat].pop()
            self.exchange(seat, t)
            return
        if v == SWAP_V:
            x, y = a[1], a[2]
            self.exchange(x, y)
            if self.push(seat, (SWAPPED, x, y)):
                self.task(i + 1, w)
            obs[seat].pop()
            self.exchange(x, y)
            return
        c = n + a[1]  # take
        self.exchange(seat, c)
        if self.push(seat, (TOOK, a[1])):
            self.task(i + 1, w)
        obs[seat].pop()
        self.exchange(seat, c)

    def exchange(self, x: int, y: int) -> None:
        """Exchange the cards at positions ``x`` and ``y`` (its own inverse), following the
        pooled card the Doppelgänger copied (:attr:`x_at`)."""
        cards = self.cards
        cards[x], cards[y] = cards[y], cards[x]
        if self.x_at == x:
            self.x_at = y
        elif self.x_at == y:
            self.x_at = x

    # --- a finished night -----------------------------------------------------------------

    def leaf(self, w: float) -> None:
        self.worlds += 1
        if self.me >= 0 and len(self.obs[self.me]) != len(self.my_obs):
            return
        if w == 0.0:
            return
        self.total += w
        final = self.final
        cards = self.cards
        n = self.n
        size = len(cards)
        acc = self.acc
        wolf = False
        unknown = False
        as_dg = DG if self.copy < 0 else self.copy  # what the Doppelgänger card is
        for p in range(size):
            tok = cards[p]
            if tok < 0:
                # A card nobody read (a centre card, or the one the Drunk took): the cards
                # left, in proportion, once for every world with these cards left (:meth:`flush`).
                acc[p] += w
                if p < n:
                    unknown = True
            else:
                r = as_dg if tok == DG else tok
                final[p][r] += w
                if r == WOLF and p < n:
                    wolf = True
        self.lazy_dealt(w)
        if self.pool_h:
            self.pooled_dawn(w, None)
        elif wolf:
            self.wolf_mass += w
        elif unknown:
            acc[2 * size] += w

    def lazy_dealt(self, w: float) -> None:
        """The dealt cards of a world of weight ``w``: the lazy centre slots' here (read or
        not), the others' once a night (:meth:`night`)."""
        self.night_w += w
        deal = self.deal
        dealt = self.dealt
        acc = self.acc
        size = len(deal)
        for p in self.lazy:
            dealt_card = deal[p]
            if dealt_card < 0:
                acc[size + p] += w
            else:
                dealt[p][dealt_card] += w

    def leaf_mix(self, w: float, mix: _Mix) -> None:
        """:meth:`leaf` for every night that ends with the moves of ``mix``, which nobody
        reads: each position ends with the card each move may bring there, in
        proportion, and a Werewolf is among the players at dawn as the Drunk's exchange
        (the only one of them that changes the players' cards) decides."""
        self.worlds += mix.worlds
        if self.me >= 0 and len(self.obs[self.me]) != len(self.my_obs):
            return
        w *= mix.mass
        if w == 0.0:
            return
        self.total += w
        final = self.final
        cards = self.cards
        acc = self.acc
        size = len(cards)
        as_dg = DG if self.copy < 0 else self.copy  # what the Doppelgänger card is
        for p in range(size):
            row = final[p]
            for q, m in mix.src[p]:
                tok = cards[q]
                if tok < 0:
                    acc[p] += w * m
                else:
                    row[as_dg if tok == DG else tok] += w * m
        self.lazy_dealt(w)
        if self.pool_h:
            self.pooled_dawn(w, mix)
            return
        wolf, unknown = mix.dawn(cards, as_dg, self.n)
        self.wolf_mass += w * wolf
        acc[2 * size] += w * unknown

    def pooled_players(self) -> tuple[int, int, bool]:
        """With the liar cards pooled (:func:`parts`): how many pooled cards the players
        hold now, told apart (the one the Doppelgänger copied, :attr:`x_at`, counts once,
        on its own card or on the Doppelgänger's when it has left the players); how many
        players hold a card nobody read; whether a player holds the Doppelgänger card."""
        cards = self.cards
        n = self.n
        pooled = 0
        unknown = 0
        dg_in = False
        for p in range(n):
            tok = cards[p]
            if tok == POOL:
                pooled += 1
            elif tok < 0:
                unknown += 1
            elif tok == DG:
                dg_in = True
        if self.x_at >= n and dg_in:
            pooled += 1  # the copied role is among the players on the Doppelgänger card only
        return pooled, unknown, dg_in

    def pooled_dawn(self, w: float, mix: _Mix | None) -> None:
        """Add a world's (or a :class:`_Mix`'s worlds') weight ``w`` with a Werewolf among
        the players at dawn, when the liar cards are pooled (:func:`parts`): ``s`` pooled
        cards among them, told apart (:meth:`pooled_players`), hold none with the chance
        :attr:`pool_h` ``[s]``; ``mix``: the moves still to come, summed (None: none; of
        them only the Drunk's exchange changes the players' cards).  A player's card
        nobody read (the one the Drunk took) may be one more: its weight waits in
        :attr:`acc` for :meth:`flush`, by ``s``."""
        cards = self.cards
        h = self.pool_h
        pooled, unknown, dg_in = self.pooled_players()
        base = 2 * len(cards) + 1
        acc = self.acc
        if mix is None or not mix.slots:
            self.wolf_mass += w * (1.0 - h[pooled])
            if unknown:
                acc[base + pooled] += w
            return
        # Before the Drunk's exchange the copied card is a player's (nothing else moves a
        # card to the centre), so the Doppelgänger card counts for nothing of its own.
        x = self.x_at
        slots = mix.slots
        wolf = 0.0
        for q, m in mix.drunk:
            # The card the Drunk gives to the centre (from position ``q`` before the moves).
            tok = cards[q]
            s = pooled
            u = unknown
            if q == x:
                s = pooled - 1 + (1 if dg_in else 0)  # its role stays on the Doppelgänger card
            elif tok == POOL:
                s -= 1
            elif tok < 0:
                u -= 1
            for c, m2 in slots:
                # The card it takes.
                took = cards[c]
                s2 = s + 1 if took == POOL else s
                u2 = u + 1 if took < 0 else u
                pr = m * m2
                wolf += pr * (1.0 - h[s2])
                if u2:
                    acc[base + s2] += w * pr
        self.wolf_mass += w * wolf

    def mixture(self, i: int) -> _Mix:
        """The moves from task ``i`` to the end of the night, every choice of each in
        proportion to its prior (see :class:`_Mix`)."""
        key = tuple(t for t in self.tasks[i:] if t[0] != T_DGINS)
        got = self.mixes.get(key)
        if got is not None:
            return got
        n = self.n
        size = self.d.size
        rows = [[1.0 if q == p else 0.0 for q in range(size)] for p in range(size)]
        drunk: list[tuple[int, float]] = []
        slots: list[tuple[int, float]] = []
        mass = 1.0
        worlds = 1
        work = 0
        for kind, seat in key:
            # The choices :meth:`decide` would branch over (a claimant's: those its claim
            # names), each with its prior; the rows keep each one's share of them.
            opts, prior = self.candidates(_STEP_NAME[kind], seat, kind != T_ROBBER)
            if not opts:
                mass = 0.0
                break
            mass *= prior * len(opts)
            share = 1.0 / len(opts)
            worlds *= len(opts)
            work += len(opts)
            if kind == T_DRUNK:
                drunk = [(q, m) for q, m in enumerate(rows[seat]) if m > 0.0]
                slots = [(n + a[1], share) for a in opts]
            new = [[0.0] * size for _ in range(size)]
            for a in opts:
                x, y = _exchanged(a, seat, n)
                for p in range(size):
                    src = rows[y if p == x else x if p == y else p]
                    dst = new[p]
                    for q in range(size):
                        dst[q] += share * src[q]
            rows = new
        got = self.mixes[key] = _Mix(
            [[(q, m) for q, m in enumerate(row) if m > 0.0] for row in rows],
            drunk,
            slots,
            mass,
            worlds,
            work,
        )
        return got

    def flush(self) -> None:
        """Share the weights :meth:`leaf` kept in :attr:`acc` out among the cards left, in
        proportion (the cards left are the same for all of them), and empty it.  (No
        Doppelgänger card among the cards left copies anything: nobody held it.)"""
        acc = self.acc
        size = self.d.size
        rem = self.rem
        k = self.k
        shares = [(t, m / k) for t, m in rem.items() if m]
        for p in range(size):
            w = acc[p]
            if w > 0.0:
                row = self.final[p]
                for t, share in shares:
                    row[t] += w * share
                acc[p] = 0.0
            w = acc[size + p]
            if w > 0.0:
                row = self.dealt[p]
                for t, share in shares:
                    row[t] += w * share
                acc[size + p] = 0.0
        w = acc[2 * size]
        if w > 0.0:
            self.wolf_mass += w * rem.get(WOLF, 0) / k
            acc[2 * size] = 0.0
        h = self.pool_h
        if h:
            # The card nobody read is a pooled one with this chance: one more to tell apart.
            chance = rem.get(POOL, 0) / k
            base = 2 * size + 1
            for s in range(len(h) - 1):
                w = acc[base + s]
                if w > 0.0:
                    self.wolf_mass += w * chance * (h[s] - h[s + 1])
                    acc[base + s] = 0.0


class _Mix:
    """The moves that end a night unread, summed over their choices: ``src[p]`` lists each
    position ``q`` whose card may end at ``p``, with its probability; for the Drunk's
    exchange (the only one that changes the players' cards), the positions whose card
    its seat may hold when it wakes (``drunk``, with their probabilities) and the centre
    slots it may take (``slots``, likewise; empty: no Drunk); the weight of the choices
    summed (``mass``: the product of each move's priors, less than 1 where a claim names
    a choice); and the worlds they stand for and the units of work they count."""

    __slots__ = ("drunk", "mass", "slots", "src", "work", "worlds")

    def __init__(  # noqa: PLR0917
        self,
        src: list[list[tuple[int, float]]],
        drunk: list[tuple[int, float]],
        slots: list[tuple[int, float]],
        mass: float,
        worlds: int,
        work: int,
    ) -> None:
        self.src = src
        self.drunk = drunk
        self.slots = slots
        self.mass = mass
        self.worlds = worlds
        self.work = work

    def dawn(self, cards: list[int], as_dg: int, n: int) -> tuple[float, float]:
        """(P(a Werewolf among the players at dawn), P(none, but a player holds a card
        nobody read)) for the cards before the moves."""
        wolves = 0
        unknown = 0
        for p in range(n):
            tok = cards[p]
            if tok < 0:
                unknown += 1
            elif (as_dg if tok == DG else tok) == WOLF:
                wolves += 1
        if not self.slots:
            return (1.0 if wolves else 0.0), (1.0 if not wolves and unknown else 0.0)
        gives = _kinds(self.drunk, cards, as_dg)
        takes = _kinds(self.slots, cards, as_dg)
        wolf = 0.0
        hidden = 0.0
        for cx in range(3):
            for cy in range(3):
                pr = gives[cx] * takes[cy]
                if pr == 0.0:
                    continue
                if wolves - (cx == 0) + (cy == 0) > 0:
                    wolf += pr
                elif unknown - (cx == 1) + (cy == 1) > 0:
                    hidden += pr
        return wolf, hidden


def _kinds(where: list[tuple[int, float]], cards: list[int], as_dg: int) -> list[float]:
    """P(a Werewolf), P(a card nobody read), P(another card) among the positions ``where``
    (with their probabilities)."""
    out = [0.0, 0.0, 0.0]
    for q, m in where:
        tok = cards[q]
        if tok < 0:
            out[1] += m
        elif (as_dg if tok == DG else tok) == WOLF:
            out[0] += m
        else:
            out[2] += m
    return out


def _exchanged(a: EAction, seat: int, n: int) -> tuple[int, int]:
    """The two positions whose cards a Robber's, a Troublemaker's or a Drunk's choice ``a``
    at ``seat`` exchanges ((-1, -1): none)."""
    v = a[0]
    if v == ROB_V:
        return seat, a[1]
    if v == SWAP_V:
        return a[1], a[2]
    if v == TAKE_V:
        return seat, n + a[1]
    return -1, -1


def _static_fit(c: ClaimKey, r: int) -> bool:
    """Whether a seat dealt ``r`` (a Villager, a Hunter, the Troublemaker, the Drunk or a
    Mason: honest, whatever the night) can have made claim ``c``: the parts of its
    truthful claim that the card alone fixes."""
    if c.role not in (-1, r):
        return False
    if r in (VILLAGER, HUNTER):
        return c.did is None and not c.saw
    if r == TM:
        return not c.saw and (c.did is None or c.did.kind in ("swap", "pass"))
    if r == DRUNK:
        return not c.saw and (c.did is None or c.did.kind == "take")
    # a Mason: no action, and only Mason sightings of players
    return c.did is None and all(role == MASON and seat >= 0 for role, seat, _ in c.saw)


__all__ = ["DoppelBudget", "DoppelDeck", "Part", "Walk", "parts", "solve", "walk", "walk_part"]
