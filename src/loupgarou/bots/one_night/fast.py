"""The solver's fast exact path, for decks without a Doppelgänger.

Same model and same sums as the general enumeration of :mod:`.solver` (see its
docstring), organised around what a deck without a Doppelgänger allows:

- Nothing moves before the Robber, so every observation up to the Seer's reads
  the deal, and the seat's own knowledge pins cards of the deal directly (what
  it saw, who the Werewolves or Masons are, what it robbed).
- A seat's claim weighs the same in every world where the seat holds a given
  card, except for the Seer, Robber, Troublemaker, Drunk, Insomniac and Masons:
  so each claimant gets, per card, a *static* factor (the lie weight for a
  Werewolf, the Minion or the Tanner; 1 or 0 for a Villager or a Hunter ...)
  that prunes the deal before any night is played.  What a claim implies is
  worked out once per (seat, claim) and kept (:meth:`FastDeck.seat_info`): the
  askers of one game share it.
- The players' cards are enumerated seat by seat (most constrained seat first;
  a claimed look at a player is checked as soon as both seats hold a card); the
  centre cards that nothing pins stay a multiset, dealt lazily in proportion: a
  claimed centre look by the Seer only multiplies by the share of the cards it
  names, and a card the Drunk takes stays unknown.
- The night is then three nested loops (Robber, Troublemaker, Drunk), each over
  the choices that can give the claims a positive weight, and the Insomniac's
  check; a Seer's claim is a factor, a Werewolf's peek and a silent Seer's look
  sum to one.
- A posterior deals the liar cards that nothing tells apart as one pooled card
  (:func:`_pool`), split into their roles in proportion at the end; the worlds
  where a claimed Seer who names a liar role holds the Seer are walked apart, with
  what it names pinned (:func:`solve`).

:func:`solve` answers None when the path does not apply (a Doppelgänger, two
cards of one acting role, knowledge of an unexpected shape); a total of 0 when
no world fits (the caller then runs the general enumeration's lenient answer);
and raises :class:`FastBudget` past its work budget.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from math import comb, factorial
from typing import Final

from loupgarou.core.actions import PASS, Action

from .knowledge import (
    CARD,
    CENTRE,
    DECLINED,
    DG,
    DRUNK,
    HUNTER,
    INSOM,
    MASON,
    MASONS,
    MINION,
    OWN,
    ROBBED,
    ROBBER,
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
    says_what_it_knows,
)
from .meter import Meter

NROLES: Final = 12
LIARS: Final = frozenset({WOLF, MINION, TANNER})
POOL: Final = DG
"""A posterior's pooled liar card (:func:`_pool`): any of the liar roles that every seat
may hold alike.  It takes the Doppelgänger's number, free in a deck without one."""
IS_LIAR: Final = tuple(r in LIARS or r == POOL for r in range(NROLES))
_SINGLE: Final = (SEER, ROBBER, TM, DRUNK, INSOM, MINION)
"""Roles with a task of their own: the fast path wants at most one card of each."""
_SEAT_CACHE: Final = 4096
PAUSE: Final = 8192
"""Units of work between two pauses (:mod:`.meter`): about a millisecond, compiled
(0.12 µs a unit, measured at ten players)."""
_NONE: Final[list[Pick]] = []
"""No choice fits (shared, never changed)."""


class FastBudget(Exception):
    """The enumeration would be longer than the budget allows."""


Result = tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...], float, float, int]
"""(final, dealt, total weight, P(a Werewolf among the players), leaves); ``final`` and
``dealt`` are normalised."""
EMPTY: Final[Result] = ((), (), 0.0, 0.0, 0)


# The enumeration's small records are plain classes rather than tuples: compiled, reading
# a field of a class is a load, where unpacking a tuple checks the type of every item.


class Left:
    """The cards not placed yet, which the centre holds in some order."""

    __slots__ = ("k", "mult", "pool", "rem", "shares", "tanners", "wolf_share", "wolves")

    def __init__(self, mult: float, rem: tuple[tuple[int, int], ...]) -> None:
        self.mult = mult
        """In how many orders they can lie in the centre (1 once a look pinned the order)."""
        self.rem = rem
        """The cards, as ((role, copies) ...)."""
        k = wolves = tanners = pool = 0
        for r, m in rem:
            k += m
            if r == WOLF:
                wolves = m
            elif r == TANNER:
                tanners = m
            elif r == POOL:
                pool = m
        self.k = k
        self.pool = pool
        """Pooled liar cards among them (:func:`_pool`)."""
        self.wolves = wolves
        self.tanners = tanners
        self.shares = [(r, m / k) for r, m in rem]
        """Per card left, the chance that an unseen centre card is that card."""
        self.wolf_share = wolves / k if k else 0.0


class Pick:
    """One choice of the Robber, the Troublemaker or the Drunk: the factor it weighs and
    the places it touches (seats, or the Drunk's centre slot; -1: none, a pass)."""

    __slots__ = ("a", "b", "f")

    def __init__(self, f: float, a: int, b: int = -1) -> None:
        self.f = f
        self.a = a
        self.b = b


class SeerReq:
    """What an honest Seer's claim requires: the prior of its claimed look, the seat it
    looked at (-1: none) with the role it saw there, and the centre cards it names as
    ((slot, role) ...)."""

    __slots__ = ("named", "prior", "role", "seat", "seen")

    def __init__(
        self, prior: float, seat: int, role: int, named: tuple[tuple[int, int], ...]
    ) -> None:
        self.prior = prior
        self.seat = seat
        self.role = role
        self.named = named
        self.seen: dict[int, Seen] = {}
        """Per code of the cards left (:meth:`FastDeck.code`), :func:`_seer_centre` when no
        centre card is pinned otherwise (kept with the claim: it comes back game after
        game)."""


class Insomniac:
    """What a seat's claim says of the Insomniac's look at dawn: whether an honest look
    fits it, the role it must have seen (-1: any), and its lie weight."""

    __slots__ = ("lie", "need", "ok")

    def __init__(self, ok: bool, need: int, lie: float) -> None:
        self.ok = ok
        self.need = need
        self.lie = lie

    def alone_ok(self) -> bool:
        """Whether the claim fits an Insomniac nobody swapped (its own card, or the
        Robber's)."""
        return self.ok and self.need in (-1, INSOM, ROBBER)


class RobTarget:
    """A claimed Robber's robbery of one seat: the weight it gives where that seat holds a
    liar's card (the claimant then lies), or else whether an honest robbery fits the claim
    and the role it must have taken (-1: any)."""

    __slots__ = ("fits", "honest", "liar", "need", "seat")

    def __init__(self, seat: int, fits: bool, need: int, inv_rob: float, lie: float) -> None:
        self.seat = seat
        self.fits = fits
        self.need = need
        self.liar = Pick(inv_rob * lie, seat)
        self.honest = Pick(inv_rob, seat)


class Robbery:
    """What a seat's claim says of its night as the Robber: whether staying put fits (a
    pick of weight 0 is left out) and each robbery."""

    __slots__ = ("stay", "targets")

    def __init__(self, stay: Pick | None, targets: list[RobTarget]) -> None:
        self.stay = stay
        self.targets = targets


class SeatInfo:
    """What one seat's claim (or silence) implies, whatever the rest of the query."""

    __slots__ = (
        "ins",
        "mason_saw",
        "rob",
        "row",
        "seer",
        "swaps",
        "takes",
        "touched",
        "vote_steps",
    )

    def __init__(self, fd: FastDeck, s: int, c: ClaimKey | None, lie: float) -> None:
        self.row: list[tuple[int, float]] = []
        self.vote_steps: list[Step | None] = [None, None]
        """A vote table's step for this seat (:meth:`vote_step`): its cards, then its cards
        but the Insomniac."""
        self.seer: SeerReq | None = None
        self.mason_saw: frozenset[tuple[int, int, int]] | None = None
        did = None if c is None else c.did
        # The choices its claim allows (lists made once per deck, shared, never changed).
        if did is None:
            self.swaps = fd.tm_all[s]
            self.touched = fd.tm_reach[s]
            """The seats its swaps can reach, as the Troublemaker."""
            self.takes = fd.drunk_all
        else:
            self.swaps = fd.tm_by[s].get(did, _NONE)
            self.touched = frozenset(x for p in self.swaps for x in (p.a, p.b) if x >= 0)
            self.takes = fd.drunk_by.get(did, _NONE)
        self.rob: Robbery | None = None
        """None: silent, so every choice of the Robber's."""
        self.ins: Insomniac | None = None
        """None: silent."""
        if c is None:
            self.row = [(r, 1.0) for r in fd.roles]
            return
        for r in fd.roles:
            f = self._static(fd, s, r, c, lie)
            if f > 0.0:
                self.row.append((r, f))
        single = _own_sighting(c, s)
        role_ok = c.role in (-1, ROBBER)
        need = -1 if not c.saw else single
        targets = [
            RobTarget(
                t, role_ok and (did is None or did == act) and need != -2, need, fd.inv_rob, lie
            )
            for act, t in fd.rob_opts[s]
            if t >= 0
        ]
        f_pass = fd.inv_rob * _honest(c, ROBBER, PASS, frozenset())
        self.rob = Robbery(Pick(f_pass, -1) if f_pass else None, targets)
        ins_ok = c.role in (-1, INSOM) and did is None and (not c.saw or single >= 0)
        self.ins = Insomniac(ins_ok, -1 if not c.saw else single, lie)

    def vote_step(self, s: int, allowed: list[tuple[int, float]], bit: int) -> Step:
        """Seat ``s``'s :class:`Step` in a vote table, where ``allowed`` is :attr:`row` or
        :attr:`row` without the Insomniac, and ``bit`` the seat's liar bit: a function of
        the claim alone, so kept here (never mutated: a vote table has no free seats)."""
        i = 0 if allowed is self.row else 1
        got = self.vote_steps[i]
        if got is None:
            seer = self.seer
            look = seer is not None and seer.seat >= 0
            got = Step(
                s,
                [Option(r, f, bit if IS_LIAR[r] else 0) for r, f in allowed],
                seer.seat if seer is not None and look else -1,
                seer.role if seer is not None and look else -1,
            )
            self.vote_steps[i] = got
        return got

    def _static(self, fd: FastDeck, s: int, r: int, c: ClaimKey, lie: float) -> float:
        """The part of the claim's weight fixed by the card ``r`` (0: impossible).  Cards
        whose weight depends on the night get 1 here and their requirements noted."""
        if r in LIARS:
            return lie
        role_ok = c.role in (-1, r)
        if r in (VILLAGER, HUNTER):
            return 1.0 if role_ok and c.did is None and not c.saw else 0.0
        if r == MASON:
            if not role_ok or c.did is not None:
                return 0.0
            if c.saw:
                self.mason_saw = c.saw
            return 1.0
        if r == SEER:
            if not role_ok:
                return 0.0
            req = _seer_requirement(fd, s, c)
            if req is None:
                return 0.0
            if req.prior < 1.0:  # a claimed look: weighed in the night
                self.seer = req
            return 1.0
        if r in (TM, DRUNK):
            if not role_ok or c.saw:
                return 0.0
            return 1.0 if (self.swaps if r == TM else self.takes) else 0.0
        if r in (ROBBER, INSOM):
            return 1.0 if role_ok or fd.liar_cards else 0.0
        return 0.0  # pragma: no cover - no other card in a deck without a Doppelgänger


class FastDeck:
    """What the fast path needs about one deck and table size (built once)."""

    def __init__(self, counts: Mapping[int, int], n: int, peek: bool = True) -> None:
        self.n = n
        self.peek = peek
        self.counts = {r: k for r, k in counts.items() if k}
        self.roles = tuple(sorted(self.counts))
        self.ok = DG not in self.counts and all(self.counts.get(r, 0) <= 1 for r in _SINGLE)
        self.liar_cards = sum(self.counts.get(r, 0) for r in LIARS)
        others = [tuple(t for t in range(n) if t != s) for s in range(n)]
        pairs = tuple(combinations(range(3), 2))
        self.n_seer = n - 1 + len(pairs) + 1
        self.n_rob = n
        self.n_tm = (n - 1) * (n - 2) // 2 + 1
        self.inv_rob = 1.0 / self.n_rob
        self.inv_tm = 1.0 / self.n_tm
        self.seer_legal = [
            frozenset(
                (
                    *(Action("look", (t,)) for t in others[s]),
                    *(Action("look", (), p) for p in pairs),
                    PASS,
                )
            )
            for s in range(n)
        ]
        # Options as (action, first, second): seats (or the Drunk's centre slot), -1: a pass.
        self.rob_opts = [
            ((PASS, -1), *((Action("rob", (t,)), t) for t in others[s])) for s in range(n)
        ]
        self.tm_opts = [
            (
                (PASS, -1, -1),
                *((Action("swap", (a, b)), a, b) for a, b in combinations(others[s], 2)),
            )
            for s in range(n)
        ]
        self.drunk_opts = tuple((Action("take", (), (c,)), c) for c in range(3))
        # Per seat, the Troublemaker's choices as picks: all of them, by action, and the
        # seats they reach; the Drunk's the same (:class:`SeatInfo` shares these lists).
        self.tm_all = [[Pick(self.inv_tm, a, b) for _, a, b in opts] for opts in self.tm_opts]
        self.tm_by = [
            {act: [pick] for (act, _, _), pick in zip(opts, picks, strict=True)}
            for opts, picks in zip(self.tm_opts, self.tm_all, strict=True)
        ]
        self.tm_reach = [
            frozenset(x for p in picks for x in (p.a, p.b) if x >= 0) for picks in self.tm_all
        ]
        self.drunk_all = [Pick(1.0 / 3.0, x) for _, x in self.drunk_opts]
        self.drunk_by = {
            act: [pick] for (act, _), pick in zip(self.drunk_opts, self.drunk_all, strict=True)
        }
        self._seats: dict[tuple[int, ClaimKey | None], SeatInfo] = {}
        radix = [0] * NROLES
        weight = 1
        for r in range(NROLES):
            radix[r] = weight
            # The pooled liar card (:data:`POOL`) stands for up to every liar card.
            weight *= (self.liar_cards if r == POOL else self.counts.get(r, 0)) + 1
        self.radix = tuple(radix)
        """Per role, what one copy adds to a count's code (:meth:`code`)."""
        self.lazy_memo: list[Left | None] = [None] * weight
        """Per code of the cards left (:meth:`code`), :meth:`lazy` of them once worked out
        (read directly by the enumeration)."""
        self.shareable_memo: dict[tuple[NightKnowledge, ClaimKey], bool] = {}
        """(knowledge, own claim) -> :func:`shareable`."""
        self.rob_any = [[Pick(self.inv_rob, t) for _, t in opts] for opts in self.rob_opts]
        """Per seat, every choice of a silent Robber's (each equally likely)."""

    def clear_caches(self) -> None:
        self._seats.clear()
        self.lazy_memo = [None] * len(self.lazy_memo)
        self.shareable_memo.clear()

    def seat_info(self, s: int, c: ClaimKey | None, lie: float) -> SeatInfo:
        """What seat ``s``'s claim implies (kept: a pure function of its arguments)."""
        key = (s, c)
        info = self._seats.get(key)
        if info is None:
            if len(self._seats) >= _SEAT_CACHE:
                self._seats.clear()
            info = self._seats[key] = SeatInfo(self, s, c, lie)
        return info

    def code(self, cnt: list[int]) -> int:
        """Counts per role (each at most the deck's) as one number below the number of
        sub-multisets of the deck, a mixed-radix code: a memo is then a list."""
        radix = self.radix
        return sum(cnt[r] * radix[r] for r in range(NROLES))

    def lazy(self, cnt: list[int]) -> Left:
        """The cards left (counts per role) as a :class:`Left`, with the number of orders
        they can lie in the centre (kept in :attr:`lazy_memo` by :meth:`code`, which the
        enumeration keeps up to date and reads the memo with directly)."""
        key = self.code(cnt)
        got = self.lazy_memo[key]
        if got is None:
            rem = tuple((r, m) for r, m in enumerate(cnt) if m)
            total = 1.0
            k = 0
            for _, m in rem:
                for j in range(1, m + 1):
                    k += 1
                    total *= k / j
            got = self.lazy_memo[key] = Left(total, rem)
        return got


class _Mine:
    """The solving seat's knowledge, read as pins of the deal and its own choices."""

    __slots__ = ("centre_pin", "me", "ok", "own", "robbed", "seat_not", "seat_pin", "swap", "take")

    def __init__(self, fd: FastDeck, k: NightKnowledge | None) -> None:
        n = fd.n
        self.me = -1
        self.seat_pin = [-1] * n
        self.seat_not: list[tuple[int, ...]] = [()] * n
        self.centre_pin = [-1, -1, -1]
        self.robbed = -1
        self.swap = (-1, -1)
        self.take = -1
        self.own = -1
        self.ok = k is None or self._read(fd, k)

    def seen_by(self, fd: FastDeck, req: SeerReq) -> _Mine | None:
        """The same knowledge with what an honest Seer's claim ``req`` names pinned (the
        card at the seat it looked at, the centre cards); None if it contradicts it.

        In the worlds where that Seer holds the card, this is the same sum: its claimed
        look weighs the orders of the centre that put the cards it names where it says,
        as many as there are once they are pinned."""
        got = _Mine(fd, None)
        got.me = self.me
        got.seat_pin = list(self.seat_pin)
        got.seat_not = self.seat_not
        got.centre_pin = list(self.centre_pin)
        got.robbed = self.robbed
        got.swap = self.swap
        got.take = self.take
        got.own = self.own
        got.ok = self.ok
        seat = req.seat
        if seat >= 0 and (req.role in got.seat_not[seat] or not got._pin(seat, req.role)):
            return None
        for slot, role in req.named:
            have = got.centre_pin[slot]
            if have >= 0 and have != role:
                return None
            got.centre_pin[slot] = role
        return got

    def _pin(self, seat: int, role: int) -> bool:
        old = self.seat_pin[seat]
        if old >= 0 and old != role:
            return False
        self.seat_pin[seat] = role
        return True

    def _read(self, fd: FastDeck, k: NightKnowledge) -> bool:
        """False if the knowledge has an unexpected shape (the general path handles it)."""
        n = fd.n
        me = k.seat
        if not 0 <= me < n or k.dealt not in fd.counts:
            return False
        self.me = me
        self._pin(me, k.dealt)
        obs = k.obs
        d = k.dealt
        i = 0
        if d in (WOLF, MINION, MASON):
            if not obs:
                return False
            o = obs[0]
            want = {WOLF: WOLVES, MINION: SHOWN, MASON: MASONS}[d]
            listed = [int(x) for x in o[1:]]
            if o[0] != want or not all(0 <= x < n for x in listed):
                return False
            if (d != MINION) != (me in listed):
                return False
            role = MASON if d == MASON else WOLF
            for s in range(n):
                if s in listed:
                    if not self._pin(s, role):
                        return False
                else:
                    self.seat_not[s] = (role,)
            i = 1
            if d == WOLF and len(listed) == 1 and fd.peek:
                # A lone Werewolf peeked (what it saw pins a centre card) or declined.
                o = obs[i] if i < len(obs) else (DECLINED, "")
                if o[0] == CENTRE and 0 <= int(o[1]) < 3:
                    self.centre_pin[int(o[1])] = int(o[2])
                elif o != (DECLINED, "werewolves"):
                    return False
                i += 1
        elif d == SEER:
            o = obs[0] if obs else (DECLINED, "")
            if o[0] == CARD:
                t = int(o[1])
                if not (0 <= t < n and t != me and self._pin(t, int(o[2]))):
                    return False
                i = 1
            elif o[0] == CENTRE and len(obs) >= 2 and obs[1][0] == CENTRE:
                a, b = int(o[1]), int(obs[1][1])
                if not 0 <= a < b < 3:
                    return False
                self.centre_pin[a] = int(o[2])
                self.centre_pin[b] = int(obs[1][2])
                i = 2
            elif o == (DECLINED, "seer"):
                i = 1
            else:
                return False
        elif d == ROBBER:
            o = obs[0] if obs else (DECLINED, "")
            if o[0] == ROBBED:
                t = int(o[1])
                if not (0 <= t < n and t != me and self._pin(t, int(o[2]))):
                    return False
                self.robbed = t
            elif o != (DECLINED, "robber"):
                return False
            i = 1
        elif d == TM:
            o = obs[0] if obs else (DECLINED, "")
            if o[0] == SWAPPED:
                a, b = int(o[1]), int(o[2])
                if not (0 <= a < b < n and me not in (a, b)):
                    return False
                self.swap = (a, b)
            elif o != (DECLINED, "troublemaker"):
                return False
            i = 1
        elif d == DRUNK:
            if not obs or obs[0][0] != TOOK or not 0 <= int(obs[0][1]) < 3:
                return False
            self.take = int(obs[0][1])
            i = 1
        elif d == INSOM:
            if not obs or obs[0][0] != OWN:
                return False
            self.own = int(obs[0][1])
            i = 1
        return i == len(obs)


def solve(
    fd: FastDeck,
    knowledge: NightKnowledge | None,
    claims: Mapping[int, ClaimKey],
    lies: Mapping[int, float],
    budget: int,
) -> Result | None:
    """The exact posterior for ``knowledge`` and ``claims`` (``lies``: each claim's lie
    weight); :data:`EMPTY` (total 0) when no world fits; None if the path does not apply."""
    if not fd.ok:
        return None
    mine = _Mine(fd, knowledge)
    if not mine.ok:
        return None
    classes = _classes(fd, mine, claims)
    # A claimed Seer that names a liar role (a Werewolf seen at a seat or in the centre)
    # keeps that role out of the pool (:func:`_pool`) in the worlds where it holds the
    # Seer; in the others its claim is a lie, whatever it names.  So those worlds are
    # walked apart: one walk per such seat holding the Seer, one where none does.
    seers = []
    for s, c in claims.items():
        if s != mine.me and c.role in (-1, SEER) and (c.did is not None or c.saw):
            req = fd.seat_info(s, c, lies[s]).seer
            if req is not None and (req.role in LIARS or any(r in LIARS for _, r in req.named)):
                seers.append(s)
    walks: list[_Walk] = []
    used = 0
    for seer_at in [*seers, -1] if seers else [-2]:
        held: _Mine | None = mine
        if seer_at >= 0:
            req = fd.seat_info(seer_at, claims[seer_at], lies[seer_at]).seer
            held = None if req is None else mine.seen_by(fd, req)
        if held is None:
            continue
        walk = _enumerate(
            fd, held, claims, lies, budget - used, None, classes, (tuple(seers), seer_at)
        )
        if walk is not None:
            walks.append(walk)
            used += walk.work
    if not walks:
        return EMPTY
    return _tables(walks, classes)


def _classes(
    fd: FastDeck, mine: _Mine, claims: Mapping[int, ClaimKey]
) -> tuple[frozenset[int], ...]:
    """The seats that are interchangeable for a posterior, in classes of two or more: the
    same claim of a role alone (or silence), named by no claim and by nothing the solving
    seat knows, the same knowledge about them.  A world and its reorderings of a class's
    cards weigh the same, so :func:`_enumerate` deals a class as a multiset."""
    named: set[int] = {mine.me, mine.robbed, *mine.swap}
    for said in claims.values():
        if said.did is not None:
            named.update(said.did.players)
        named.update(seat for _, seat, _ in said.saw)
    groups: dict[tuple[ClaimKey | None, tuple[int, ...]], set[int]] = {}
    for seat in range(fd.n):
        c = claims.get(seat)
        if seat in named or mine.seat_pin[seat] >= 0:
            continue
        if c is not None and (c.did is not None or c.saw):
            continue
        groups.setdefault((c, mine.seat_not[seat]), set()).add(seat)
    return tuple(frozenset(g) for g in groups.values() if len(g) > 1)


class VoteTable:
    """Every claimant's vote summary for one set of claims, from one enumeration.

    A seat that is honest and claimed exactly what it knows (``truthful``) is told the
    same by its own claim as by its knowledge: the worlds where it holds its knowledge
    are exactly those where it is not lying (:func:`shareable` says when this holds).
    So one enumeration of the worlds weighed by *every* claim, kept apart by which
    claimants lie in them, answers each such seat: its posterior is the sum over the
    worlds where it does not lie (its own claim weighs 1 there, and its own choices'
    prior is the same in all of them, so nothing changes once normalised).
    """

    __slots__ = ("_everyone", "_summed", "masks", "n")

    def __init__(self, n: int, masks: dict[int, list[float]]) -> None:
        self.n = n
        self.masks = masks
        """Liar set (bits) -> [total, weight with a Werewolf among the players,
        P(Werewolf at seat) * weight ..., P(Tanner at seat) * weight ...]."""
        self._summed = False
        self._everyone: tuple[tuple[float, ...], tuple[float, ...], float] | None = None

    def everyone(self) -> tuple[tuple[float, ...], tuple[float, ...], float] | None:
        """:func:`summed` of every row (a spectator's numbers), worked out once: the pack's
        partners ask for it in turn."""
        if not self._summed:
            self._everyone = summed(self.n, self.masks)
            self._summed = True
        return self._everyone

    def for_seat(self, seat: int) -> tuple[tuple[float, ...], tuple[float, ...], float] | None:
        """(P(each seat ends a Werewolf), P(... a Tanner), P(no Werewolf among players)) for
        an honest claimant; None if no world fits."""
        n = self.n
        bit = 1 << seat
        rows = [row for mask, row in self.masks.items() if not mask & bit]
        if not rows:
            return None
        # Column sums in the masks' order, one addition at a time (what ``sum`` of each
        # column does), into a plain float (the compiled build keeps it unboxed).
        total = _column(rows, 0)
        if total <= 0.0:
            return None
        inv = 1.0 / total
        wolf = tuple([_column(rows, 2 + p) * inv for p in range(n)])
        tanner = tuple([_column(rows, 2 + n + p) * inv for p in range(n)])
        return wolf, tanner, min(1.0, max(0.0, 1.0 - _column(rows, 1) * inv))


def _column(rows: list[list[float]], j: int) -> float:
    """Column ``j`` of ``rows`` summed in their order, one addition at a time."""
    col = 0.0
    for row in rows:
        col += row[j]
    return col


def vote_table(
    fd: FastDeck, claims: Mapping[int, ClaimKey], lies: Mapping[int, float], budget: int
) -> VoteTable | None:
    """The vote summaries of every claimant (None if the fast path does not apply)."""
    if not fd.ok:
        return None
    masks: dict[int, list[float]] = {}
    _enumerate(fd, _Mine(fd, None), claims, lies, budget, masks)
    return VoteTable(fd.n, masks)


def spectator_view(
    fd: FastDeck,
    claims: Mapping[int, ClaimKey],
    lies: Mapping[int, float],
    budget: int,
    named: frozenset[int] = frozenset(),
) -> tuple[tuple[float, ...], tuple[float, ...], float] | None:
    """What a spectator who knows nothing but ``claims`` believes: (P(each seat ends a
    Werewolf), P(... the Tanner), P(no Werewolf among the players)), exactly; None if the
    fast path does not apply or no world fits.  ``named``: the seats the claims name
    (their look, robbery or swap, their sightings).

    The seats that neither claim nor are named are interchangeable, so their cards are
    dealt as a multiset (:func:`_enumerate`'s ``free``): at six players with one claim,
    about a tenth of the deals.  Each of them then gets the mean of their columns (their
    probabilities are equal: a deal and its reorderings of the free seats weigh the same).
    """
    if not fd.ok:
        return None
    n = fd.n
    free = frozenset(s for s in range(n) if s not in claims and s not in named)
    masks: dict[int, list[float]] = {}
    _enumerate(fd, _Mine(fd, None), claims, lies, budget, masks, (free,))
    return summed(n, masks, free)


def summed(
    n: int, masks: dict[int, list[float]], free: frozenset[int] = frozenset()
) -> tuple[tuple[float, ...], tuple[float, ...], float] | None:
    """A spectator's numbers from a vote table's rows (every row: nobody's own knowledge
    rules any out), the ``free`` seats' columns shared out (:func:`spectator_view`)."""
    rows = list(masks.values())
    # Column by column into a plain float (unboxed in the compiled build): the same
    # additions, in the same order, as row by row into a list.
    acc: list[float] = []
    for j in range(2 + 2 * n):
        col = 0.0
        for row in rows:
            col += row[j]
        acc.append(col)
    total = acc[0]
    if total <= 0.0:
        return None
    if len(free) > 1:
        share = 1.0 / len(free)
        for base in (2, 2 + n):
            mean = sum(acc[base + s] for s in free) * share
            for s in free:
                acc[base + s] = mean
    inv = 1.0 / total
    wolf = tuple([v * inv for v in acc[2 : 2 + n]])
    tanner = tuple([v * inv for v in acc[2 + n :]])
    return wolf, tanner, min(1.0, max(0.0, 1.0 - acc[1] * inv))


def shareable(fd: FastDeck, knowledge: NightKnowledge, own: ClaimKey | None) -> bool:
    """Whether a seat's answer can come from a :class:`VoteTable`: it claimed exactly what
    it knows, it is honest, and its knowledge follows from its claim (not so for a Mason
    who saw no other Mason: that claim also fits the worlds with two).  Kept per deck:
    the same knowledge and claim come back game after game."""
    if own is None or not fd.ok:
        return False
    key = (knowledge, own)
    got = fd.shareable_memo.get(key)
    if got is None:
        if len(fd.shareable_memo) >= _SEAT_CACHE:
            fd.shareable_memo.clear()
        got = fd.shareable_memo[key] = _shareable(fd, knowledge, own)
    return got


def _shareable(fd: FastDeck, knowledge: NightKnowledge, own: ClaimKey) -> bool:
    return says_what_it_knows(knowledge, own) and _Mine(fd, knowledge).ok


_NO_ROB: Final = [Pick(1.0, -1)]
_NO_SWAP: Final = [Pick(1.0, -1, -1)]
_NO_TAKE: Final = [Pick(1.0, -1)]
"""The Robber's, the Troublemaker's and the Drunk's choices when nobody holds the card
(never mutated)."""


class Option:
    """A card a seat may be dealt: its static factor, and the seat's liar bit if the card
    makes it lie (0 otherwise)."""

    __slots__ = ("bit", "f", "role")

    def __init__(self, role: int, f: float, bit: int) -> None:
        self.role = role
        self.f = f
        self.bit = bit


class Step:
    """One seat to deal: the cards it may hold, and its claimed look at a player as the
    Seer (the seat, -1: none, and the role it saw there).  For a spectator's free seats
    (:func:`spectator_view`), ``free_no`` is the seat's rank among them, from 1 (0: not a
    free seat), and ``prev_free`` the free seat dealt just before it (-1: none)."""

    __slots__ = ("free_no", "look_role", "look_seat", "options", "prev_free", "seat")

    def __init__(  # noqa: PLR0917 - the fields, in order
        self,
        seat: int,
        options: list[Option],
        look_seat: int,
        look_role: int,
        free_no: int = 0,
        prev_free: int = -1,
    ) -> None:
        self.seat = seat
        self.options = options
        self.look_seat = look_seat
        self.look_role = look_role
        self.free_no = free_no
        self.prev_free = prev_free


class Seen:
    """What an honest Seer's claimed centre look leaves (:func:`_seer_centre`): the factors
    of the weight, in order, the centre (-1: not pinned) and the cards still unseen."""

    __slots__ = ("centre", "factors", "left")

    def __init__(self, factors: list[float], centre: list[int], left: Left) -> None:
        self.factors = factors
        self.centre = centre
        self.left = left


_NOT_SEEN: Final = Seen([], [], Left(1.0, ()))
"""Kept for a Seer's look whose cards cannot be there (compared by identity)."""


class Unseen:
    """The weight of the worlds whose unseen cards are ``left``, the centre ``centre`` (-1:
    unseen): in the deal, and per position holding an unseen card at dawn.  Split in
    proportion to the cards once, at the end (:func:`_tables`), rather than once a world."""

    __slots__ = ("at", "centre", "deal_w", "left")

    def __init__(self, left: Left, centre: list[int], size: int) -> None:
        self.left = left
        self.centre = centre
        self.deal_w = 0.0
        self.at = [0.0] * size


class _Walk(Meter):
    """One enumeration's walk over the deals and the nights (:func:`_enumerate` sets it up).

    A class rather than nested functions: the compiled build calls its methods directly,
    with unboxed arguments, where a closure is called through Python's calling convention.
    Each method first reads what it needs into local names."""

    __slots__ = (
        "bits",
        "budget",
        "centre0",
        "cnt",
        "deal",
        "dl",
        "fd",
        "fin",
        "holder",
        "ins_of",
        "k0",
        "leaves",
        "look_role",
        "look_seat",
        "masks",
        "mason_saw",
        "mates",
        "me",
        "my_rob",
        "need",
        "need_of",
        "own",
        "pool_h",
        "pool_split",
        "pool_ways",
        "rob_of",
        "rows",
        "runs",
        "seer_memo",
        "seer_of",
        "steps",
        "swaps_of",
        "takes_of",
        "total",
        "unseen",
        "wolf_mass",
        "work",
    )

    def __init__(
        self,
        fd: FastDeck,
        mine: _Mine,
        pack: tuple[list[int], list[int], int],
        infos: list[SeatInfo | None],
        plan: tuple[list[Step], list[int], dict[int, frozenset[tuple[int, int, int]]]],
        *,
        budget: int,
        masks: dict[int, list[float]] | None,
    ) -> None:
        n = fd.n
        self.fd = fd
        self.me = mine.me
        self.own = mine.own
        self.cnt, self.centre0, self.k0 = pack
        """Cards not dealt yet (copies per role); the centre's pinned cards; how many
        centre cards are not pinned."""
        self.steps, self.bits, self.mason_saw = plan
        self.mates: list[tuple[int, frozenset[int]]] = []
        """Per claimed Mason who saw other Masons: the seats it names (a seat whose claim
        names anything else cannot hold a Mason and be honest: it gets -1 and no seats).
        Checked as the deal is made (:meth:`place`), so that a deal the Masons' claims rule
        out is cut as soon as both seats hold a card, not once every seat does."""
        for seat, saw in sorted(self.mason_saw.items()):
            named = [o for r, o, c in saw if r == MASON and c == -1 and 0 <= o < n and o != seat]
            ok = len(named) == len(saw)
            self.mates.append((seat if ok else -1 - seat, frozenset(named)))
        self.look_seat = [-1] * n
        self.look_role = [-1] * n
        """Per seat, its claimed look at a player as the Seer: the seat (-1: none), the role."""
        for st in self.steps:
            self.look_seat[st.seat] = st.look_seat
            self.look_role[st.seat] = st.look_role
        super().__init__(budget, PAUSE)
        self.masks = masks
        """A vote table's rows by liar set (None: sum the posterior's tables, :attr:`fin`)."""
        self.rows: list[list[float] | None] = [None] * (1 << n if masks is not None else 0)
        """The same rows, by liar set (a list: faster to read than the dict, which keeps the
        order they were made in)."""
        self.deal = [-1] * n
        self.runs = [0] * n
        """Per free seat dealt, how many free seats so far (itself included) hold its card
        in a row (free seats are dealt in non-decreasing order)."""
        self.holder = [-1] * NROLES
        """Per role, the seat dealt it (-1: none, so far)."""
        size = (n + 3) * NROLES if masks is None else 0  # a vote table needs none
        self.fin = [0.0] * size
        """Per position and role (``position * NROLES + role``), the weight of the worlds
        where that position holds that role at dawn (a centre card nobody saw, or the one the
        Drunk took, split in proportion to the cards left)."""
        self.dl = [0.0] * size
        """The same for the deal."""
        self.total = 0.0
        self.wolf_mass = 0.0
        """The weight of the worlds with a Werewolf among the players at dawn."""
        self.leaves = 0
        self.unseen: dict[int, Unseen] = {}
        """The weights at the positions holding an unseen card, by the cards unseen (their
        kind, :meth:`unseen_of`): split in proportion once, by :func:`_tables`."""
        self.my_rob = [Pick(1.0, mine.robbed)]
        my_swap = [Pick(1.0, mine.swap[0], mine.swap[1])]
        my_take = [Pick(1.0, mine.take)]
        self.seer_of = [None if info is None else info.seer for info in infos]
        self.rob_of = [None if info is None else info.rob for info in infos]
        self.swaps_of = [my_swap if info is None else info.swaps for info in infos]
        self.takes_of = [my_take if info is None else info.takes for info in infos]
        self.ins_of = [None if info is None else info.ins for info in infos]
        self.need_of: list[list[tuple[int, int]] | None] = []
        """Per seat, the cards an honest Seer's claimed centre look needs left for the
        centre if that seat holds the Seer (role, copies; None: no need; a (-1, 1) entry:
        it named a card the solving seat saw otherwise).  Checked as the deal is made
        (:meth:`place`): a deal that leaves too few of them is cut when the card goes."""
        for req in self.seer_of:
            if req is None or not req.named:
                self.need_of.append(None)
                continue
            counts: dict[int, int] = {}
            for slot, role in req.named:
                have = self.centre0[slot]
                if have < 0:
                    counts[role] = counts.get(role, 0) + 1
                elif have != role:
                    counts[-1] = 1
            self.need_of.append(sorted(counts.items()))
        self.need = [0] * NROLES
        """Per role, the copies the centre must still get (the Seer's claimed look, once
        the Seer is dealt)."""
        self.pool_split: list[tuple[int, float]] = []
        """The pooled liar card's roles (:func:`_pool`), each with its share (none: no pool)."""
        self.pool_h: list[float] = []
        """Per number of pooled cards among the players at dawn, the chance that none of
        them is a Werewolf (:meth:`set_pool`)."""
        self.pool_ways = 1.0
        """How many worlds one world with pooled cards stands for (the orders of the pooled
        roles over the pooled cards): every world's starting weight, so that walks with
        different pools add up."""
        self.seer_memo: dict[int, Seen] = {}
        """(cards left, the Seer's seat) -> :func:`_seer_centre` (the seats below 16), when
        the solving seat saw centre cards (else :attr:`SeerReq.seen` keeps it)."""

    def set_pool(self, copies: tuple[tuple[int, int], ...]) -> None:
        """Deal the pooled liar card (:func:`_pool`): ``copies``, its roles with their
        copies.  Which of them the pooled cards are is a uniform draw, whatever the world:
        so ``j`` of them hold no Werewolf with the chance that the deck's pooled Werewolves
        all lie among the others."""
        k = sum(m for _, m in copies)
        self.pool_split = [(r, m / k) for r, m in copies]
        self.pool_ways = pool_orders(copies)
        self.pool_h = none_a_wolf(copies)

    def place(self, i: int, w: float, mask: int, code: int) -> float:
        """Deal the seat of step ``i`` each card it may hold, then the next step, or the
        night once every seat holds a card.  Returns the weight of the worlds summed into
        the posterior (each seat's dealt card gets its share here, once a subtree)."""
        self.work += 1
        if self.work > self.limit and self.spent():
            raise FastBudget
        n = self.fd.n
        deal = self.deal
        holder = self.holder
        cnt = self.cnt
        radix = self.fd.radix
        step = self.steps[i]
        s = step.seat
        look_seat = step.look_seat
        look_role = step.look_role
        # The Seer dealt so far claims to have seen this seat's card: only that card fits.
        sv = holder[SEER]
        their = self.look_role[sv] if sv >= 0 and self.look_seat[sv] == s else -1
        nxt = i + 1
        free_no = step.free_no
        prev_free = step.prev_free
        low = deal[prev_free] if prev_free >= 0 else -1
        runs = self.runs
        mates = self.mates
        need = self.need
        need_of = self.need_of
        # A claimed Mason already dealt a Mason says whether this seat holds one (1, 0;
        # -1: no such Mason), and this seat may be a claimed Mason itself (its mates).
        must = -1
        mine: frozenset[int] | None = None
        for c, named in mates:
            if c == s:
                mine = named
                continue
            if c == -1 - s:  # its claim names more than Masons: it is no honest Mason
                want = 0
            elif c >= 0 and deal[c] == MASON:
                want = 1 if s in named else 0
            else:
                continue
            if must not in (-1, want):
                return 0.0  # no card fits: the claims disagree about this seat
            must = want
        dl = self.dl
        subtotal = 0.0
        for o in step.options:
            r = o.role
            m = cnt[r]
            if not m:
                continue
            if must >= 0 and (r == MASON) != (must == 1):
                continue
            if m <= need[r]:
                continue  # the centre would lack a card the Seer says it saw there
            if r == MASON and mine is not None:
                # Every seat dealt so far holds a Mason exactly if this claim names it.
                clash = False
                for t in range(n):
                    got = deal[t]
                    if t != s and got >= 0 and (got == MASON) != (t in mine):
                        clash = True
                        break
                if clash:
                    continue
            if look_seat >= 0 and r == SEER:
                got = deal[look_seat]
                if got >= 0 and got != look_role:
                    continue
            if their >= 0 and r != their:
                continue
            f = o.f
            if free_no:
                # A free seat: only the deals in non-decreasing order, each standing for
                # its distinct orders, free_no! / (copies of each card)! in all.
                if r < low:
                    continue
                run = runs[prev_free] + 1 if r == low else 1
                runs[s] = run
                f = f * free_no / run
            wants = need_of[s] if r == SEER else None
            if wants is not None:
                short = False
                for rr, k in wants:
                    if rr < 0 or cnt[rr] - (1 if rr == r else 0) < k:
                        short = True
                        break
                if short:
                    continue
                for rr, k in wants:
                    need[rr] = k
            cnt[r] = m - 1
            deal[s] = r
            old = holder[r]
            holder[r] = s
            if nxt == n:
                sub = self.night(w * f, mask | o.bit, code - radix[r])
            else:
                sub = self.place(nxt, w * f, mask | o.bit, code - radix[r])
            if sub > 0.0:
                dl[s * NROLES + r] += sub
                subtotal += sub
            if wants is not None:
                for rr, _ in wants:
                    need[rr] = 0
            holder[r] = old
            deal[s] = -1
            cnt[r] = m
        return subtotal

    def night(self, w: float, mask: int, code: int) -> float:
        """The night of the deal in :attr:`deal`: every choice of the Robber, the
        Troublemaker and the Drunk that gives the claims a positive weight, summed into
        the vote table (:attr:`masks`) or into the posterior's tables (:meth:`leaf`).
        Returns the weight summed into the posterior (0 for a vote table)."""
        fd = self.fd
        n = fd.n
        me = self.me
        deal = self.deal
        holder = self.holder
        centre0 = self.centre0
        lazy_memo = fd.lazy_memo
        masks: dict[int, list[float]] | None = self.masks
        is_liar = IS_LIAR
        bits = self.bits
        # A claimed Mason holding a Mason saw exactly the other Masons (:meth:`place` already
        # cut the deals where it did not: a check, without building the sets).
        for c, others in self.mates:
            if c < 0:
                if deal[-1 - c] == MASON:
                    return 0.0
            elif deal[c] == MASON:
                masons = 0
                for p in range(n):
                    if deal[p] == MASON:
                        masons += 1
                if masons != len(others) + 1:
                    return 0.0
                for o in others:
                    if deal[o] != MASON:
                        return 0.0
        centre = centre0
        left: Left | None = None
        kind = code  # which cards are unseen, as :meth:`unseen_of` keeps them apart
        # The Seer: a claimed look is a factor (what it names must be there).
        seer = holder[SEER]
        if seer >= 0:
            req = self.seer_of[seer]
            if req is not None:
                w *= req.prior
                if req.named:
                    k0 = self.k0
                    if k0 == 3:
                        seer_memo = req.seen
                        skey = code
                    else:
                        seer_memo = self.seer_memo
                        skey = code * 16 + seer
                    named = seer_memo.get(skey)
                    if named is None:
                        left0 = lazy_memo[code]
                        if left0 is None:
                            left0 = fd.lazy(self.cnt)
                        named = seer_memo[skey] = _seer_centre(left0, centre0, k0, req.named)
                    if named is _NOT_SEEN:
                        return 0.0
                    centre = named.centre
                    left = named.left
                    kind = -1 - (code * 16 + seer)
                    for f in named.factors:
                        w *= f

        tm = holder[TM]
        swaps = _NO_SWAP if tm < 0 else self.swaps_of[tm]
        insom = holder[INSOM]
        ins = None if insom < 0 else self.ins_of[insom]
        if ins is not None and not ins.alone_ok():
            # An Insomniac the Troublemaker leaves alone ends with its own card or the
            # Robber's: neither makes it lie, nor lets it have seen another card.
            for sw in swaps:
                if insom in (sw.a, sw.b):
                    break
            else:
                return 0.0
        robber = holder[ROBBER]
        if robber < 0:
            rob = _NO_ROB
        elif robber == me:
            rob = self.my_rob
        else:
            robbery = self.rob_of[robber]
            if robbery is None:
                rob = fd.rob_any[robber]
            else:
                stay = robbery.stay
                rob = [] if stay is None else [stay]
                for target in robbery.targets:
                    got = deal[target.seat]
                    if is_liar[got]:
                        rob.append(target.liar)
                    elif target.fits and (target.need < 0 or target.need == got):
                        rob.append(target.honest)
                if not rob:
                    return 0.0
        drunk = holder[DRUNK]
        takes = _NO_TAKE if drunk < 0 else self.takes_of[drunk]
        if masks is not None and len(takes) > 1:
            # Seats only: the Drunk takes an unseen card whichever unseen slot it picks.
            unseen = [tk.a for tk in takes if centre[tk.a] < 0]
            if len(unseen) > 1:
                share = takes[0].f * len(unseen)
                takes = [tk for tk in takes if centre[tk.a] >= 0] + [Pick(share, unseen[0])]
        self.work += len(rob) * len(swaps) * len(takes) + 1
        if self.work > self.limit and self.spent():
            raise FastBudget
        rob_bit = bits[robber] if robber >= 0 else 0
        ins_bit = bits[insom] if insom >= 0 else 0
        if masks is not None:
            # A vote table (the hot path: once per game at the vote) sums each leaf where it
            # is made, in the same order and with the same products as the list of leaves
            # below (so the same sums to the last bit), but without building that list.
            if left is None:
                left = lazy_memo[code]
                if left is None:
                    left = fd.lazy(self.cnt)
            mult = left.mult
            k = left.k
            m_wolf = left.wolves
            m_tanner = left.tanners
            rows = self.rows
            width = 2 + 2 * n
            # The cards as one number, four bits a position (15: a centre card nobody saw):
            # each choice's swap makes a new local number, with nothing to undo, where a
            # list's swap and its undoing box and unbox eight ints.
            dawn = 0
            for p in range(n):
                dawn |= deal[p] << (4 * p)
            for j in range(3):
                dawn |= (centre[j] & 15) << (4 * (n + j))
            for pr in rob:
                t = pr.a
                c1 = dawn if t < 0 else _swapped(dawn, robber, t)
                wr = w * pr.f
                m_rob = mask
                if t >= 0 and is_liar[(c1 >> (4 * robber)) & 15]:
                    m_rob = mask | rob_bit
                for sw in swaps:
                    a = sw.a
                    c2 = c1 if a < 0 else _swapped(c1, a, sw.b)
                    wt = wr * sw.f
                    for tk in takes:
                        c = tk.a
                        c3 = c2 if c < 0 else _swapped(c2, drunk, n + c)
                        m_all = m_rob
                        if ins is None:
                            wl = wt * tk.f * mult
                        else:
                            now = (c3 >> (4 * insom)) & 15
                            if is_liar[now]:
                                wl = wt * tk.f * ins.lie * mult
                                m_all = m_rob | ins_bit
                            elif ins.ok and (ins.need < 0 or ins.need == now):
                                wl = wt * tk.f * mult
                            else:
                                wl = -1.0
                        if wl >= 0.0:
                            row = rows[m_all]
                            if row is None:
                                row = [0.0] * width
                                rows[m_all] = row
                                masks[m_all] = row
                            row[0] = row[0] + wl
                            # Each column gets its own additions, in leaf order.
                            wolves = False
                            unknown = -1
                            v = c3
                            for p in range(n):
                                card = v & 15
                                v >>= 4
                                if card == WOLF:
                                    wolves = True
                                    row[2 + p] = row[2 + p] + wl
                                elif card == TANNER:
                                    row[2 + n + p] = row[2 + n + p] + wl
                                elif card == 15 and unknown < 0:
                                    unknown = p
                            if wolves:
                                row[1] = row[1] + wl
                            if unknown >= 0:
                                # The Drunk holds a centre card nobody saw: any card left.
                                if m_wolf:
                                    row[2 + unknown] = row[2 + unknown] + wl * m_wolf / k
                                    if not wolves:
                                        row[1] = row[1] + wl * m_wolf / k
                                if m_tanner:
                                    j = 2 + n + unknown
                                    row[j] = row[j] + wl * m_tanner / k
            return 0.0
        cards = deal + centre
        check_own = insom >= 0 and insom == me
        own = self.own
        if left is None:
            left = lazy_memo[code]
            if left is None:
                left = fd.lazy(self.cnt)
        mult = left.mult  # 1 once a Seer's look pinned the centre's order
        # The positions some choice of this night moves a card to or from: each world adds
        # its weight there; every other position holds its dealt card in every world of the
        # night, so it gets the night's total once, at the end.
        mv = 0  # the same positions, as bits
        for pr in rob:
            if pr.a >= 0:
                mv |= (1 << robber) | (1 << pr.a)
        for sw in swaps:
            if sw.a >= 0:
                mv |= (1 << sw.a) | (1 << sw.b)
        for tk in takes:
            if tk.a >= 0:
                mv |= (1 << drunk) | (1 << (n + tk.a))
        moved: list[int] = []
        # Whether a player that no choice moves holds a Werewolf (then every world has
        # one), and how many such players hold a pooled liar card (-1: no pool).
        fixed_wolf = False
        pooled = 0 if self.pool_h else -1
        for p in range(n):
            if mv >> p & 1:
                moved.append(p)
            else:
                card = deal[p]
                if card == WOLF:
                    fixed_wolf = True
                elif card == POOL and pooled >= 0:
                    pooled += 1
        for p in range(n, n + 3):
            if mv >> p & 1:
                moved.append(p)
        uns = self.unseen_of(left, centre, kind) if left.k else None
        total_here = 0.0
        for pr in rob:
            t = pr.a
            if t >= 0:
                cards[robber], cards[t] = cards[t], cards[robber]
            wr = w * pr.f
            for sw in swaps:
                a = sw.a
                b = sw.b
                if a >= 0:
                    cards[a], cards[b] = cards[b], cards[a]
                wt = wr * sw.f
                for tk in takes:
                    c = tk.a
                    x = n + c
                    if c >= 0:
                        cards[drunk], cards[x] = cards[x], cards[drunk]
                    wl = -1.0
                    if check_own:
                        if cards[insom] == own:
                            wl = wt * tk.f * mult
                    elif ins is not None:
                        now = cards[insom]
                        if is_liar[now]:
                            wl = wt * tk.f * ins.lie * mult
                        elif ins.ok and (ins.need < 0 or ins.need == now):
                            wl = wt * tk.f * mult
                    else:
                        wl = wt * tk.f * mult
                    if wl > 0.0:
                        self.leaf(cards, wl, uns, moved, fixed_wolf, pooled)
                        total_here += wl
                    if c >= 0:
                        cards[drunk], cards[x] = cards[x], cards[drunk]
                if a >= 0:
                    cards[a], cards[b] = cards[b], cards[a]
            if t >= 0:
                cards[robber], cards[t] = cards[t], cards[robber]
        if total_here > 0.0:
            # The cards at dawn where no choice moves one (the dealt cards), and the centre's
            # dealt cards (the pinned ones, the unseen ones; :meth:`place` adds the players').
            dl = self.dl
            fin = self.fin
            base = 0
            for p in range(n + 3):
                card = cards[p]  # every card back in place: the deal
                if card >= 0:
                    if p >= n:
                        dl[base + card] += total_here
                    if not mv >> p & 1:
                        fin[base + card] += total_here
                elif uns is not None and not mv >> p & 1:
                    uns.at[p] += total_here
                base += NROLES
            if uns is not None:
                uns.deal_w += total_here
        return total_here

    def unseen_of(self, left: Left, centre: list[int], kind: int) -> Unseen:
        """The sums of the worlds whose unseen cards are ``left`` (``centre``: the centre
        cards pinned, -1: unseen; the same for every such world of one walk), kept apart by
        ``kind``: the code of the cards not placed (:meth:`FastDeck.code`), or, where an
        honest Seer's look pinned some, ``-1 - (code * 16 + its seat)``.

        By kind, not by the :class:`Left` object: the memos that hold those objects are
        shared by the threads a server's bots think in, and two threads filling one at
        once can each make an equal object; kept apart, their sums would be split in
        another order, and the answer would differ in its last bits from a lone thread's
        (tests/bots/test_one_night_cache.py).  A kind is exactly what made one object per
        walk when only one thread fills the memos, so the sums are those it always made."""
        got = self.unseen.get(kind)
        if got is None:
            got = self.unseen[kind] = Unseen(left, centre, self.fd.n + 3)
        return got

    def leaf(  # noqa: PLR0917 - one world, the night's context
        self,
        cards: list[int],
        wl: float,
        uns: Unseen | None,
        moved: list[int],
        fixed_wolf: bool,
        pooled: int,
    ) -> None:
        """Add one world of weight ``wl`` (cards at dawn ``cards``, -1: a card nobody saw,
        among ``uns``'s) to the posterior's sums, at the positions ``moved`` (:meth:`night`
        adds the others once per night); ``fixed_wolf``: a player no choice moves holds a
        Werewolf; ``pooled``: how many players no choice moves hold a pooled liar card
        (-1: no pool, :func:`_pool`)."""
        n = self.fd.n
        fin = self.fin
        self.leaves += 1
        self.total += wl
        wolves = fixed_wolf
        unknown = False
        for p in moved:
            card = cards[p]
            if card >= 0:
                fin[p * NROLES + card] += wl
                if p < n:
                    if card == WOLF:
                        wolves = True
                    elif card == POOL:
                        pooled += 1
            elif uns is not None:
                uns.at[p] += wl
                if p < n:
                    unknown = True  # the Drunk holds a centre card nobody saw
        if wolves:
            self.wolf_mass += wl
        elif pooled >= 0:
            # Pooled cards: none of those among the players is a Werewolf with the chance
            # ``pool_h`` gives; the Drunk's unseen card may be one more, or a Werewolf.
            h = self.pool_h
            if unknown and uns is not None:
                left = uns.left
                p_wolf = left.wolves / left.k
                p_pool = left.pool / left.k
                none = (1.0 - p_wolf - p_pool) * h[pooled] + p_pool * h[pooled + 1]
            else:
                none = h[pooled]
            self.wolf_mass += wl * (1.0 - none)
        elif unknown and uns is not None:
            self.wolf_mass += wl * uns.left.wolf_share


def _swapped(cards: int, i: int, j: int) -> int:
    """``cards`` (a vote table's night: four bits a position, :meth:`_Walk.night`) with the
    cards at positions ``i`` and ``j`` exchanged."""
    x = ((cards >> (4 * i)) ^ (cards >> (4 * j))) & 15
    return cards ^ (x << (4 * i)) ^ (x << (4 * j))


def _enumerate(  # noqa: PLR0917
    fd: FastDeck,
    mine: _Mine,
    claims: Mapping[int, ClaimKey],
    lies: Mapping[int, float],
    budget: int,
    masks: dict[int, list[float]] | None,
    free: tuple[frozenset[int], ...] = (),
    split: tuple[tuple[int, ...], int] = ((), -2),
) -> _Walk | None:
    """The walk, its sums made (:attr:`_Walk.fin`, :attr:`_Walk.dl`); or, for a vote table (``masks``), each seat's Werewolf and Tanner summed into
    ``masks`` by the set of claimants lying (as bits).  None if no world fits.

    ``free``: classes of seats that are interchangeable (for a vote table, the silent
    seats named by no claim, :func:`spectator_view`; for a posterior, :func:`_classes`):
    each class's cards are dealt as a multiset, in non-decreasing order, each deal weighed
    by the number of its orders; the class's columns then hold their sum over an orbit,
    which :func:`spectator_view` and :func:`_tables` share out.

    ``split``: (seats, at): only the worlds where seat ``at`` holds the Seer, or where none
    of ``seats`` does (``at`` -1; -2: every world), for :func:`solve`."""
    liars = masks is not None
    n = fd.n
    me = mine.me
    cnt = [0] * NROLES
    for r, k in fd.counts.items():
        cnt[r] = k
    # The centre cards the seat saw come out of the pack first.
    centre0 = mine.centre_pin
    for r in centre0:
        if r >= 0:
            if not 0 <= r < NROLES or cnt[r] <= 0:
                return None
            cnt[r] -= 1
    k0 = 3 - sum(1 for r in centre0 if r >= 0)
    code0 = fd.code(cnt)

    infos: list[SeatInfo | None] = []
    allowed: list[list[tuple[int, float]]] = []
    seat_pin = mine.seat_pin
    seat_not = mine.seat_not
    for s in range(n):
        if s == me:
            infos.append(None)
            allowed.append([(seat_pin[s], 1.0)])
            continue
        c = claims.get(s)
        info = fd.seat_info(s, c, lies[s] if c is not None else 0.0)
        infos.append(info)
        pin = seat_pin[s]
        no = seat_not[s]
        row = info.row  # kept as it is when nothing pins the seat (never mutated)
        if pin >= 0 or no:
            row = [(r, f) for r, f in row if (pin < 0 or r == pin) and (not no or r not in no)]
        if not row:
            return None
        allowed.append(row)
    if INSOM in fd.counts:
        # An Insomniac that no Troublemaker can reach ends with its own card or the
        # Robber's: where its claim needs another card, it cannot hold the Insomniac.
        for s_ in range(n):
            seat_info = infos[s_]
            ins = None if seat_info is None else seat_info.ins
            if ins is None or ins.alone_ok():
                continue
            reach = False
            for t in range(n):
                if t != s_:
                    t_info = infos[t]
                    touched = mine.swap if t_info is None else t_info.touched
                    if s_ in touched and any(r == TM for r, _ in allowed[t]):
                        reach = True
                        break
            if not reach:
                allowed[s_] = [(r, f) for r, f in allowed[s_] if r != INSOM]
                if not allowed[s_]:
                    return None
    seers, seer_at = split
    for s in seers:
        allowed[s] = [(r, f) for r, f in allowed[s] if (r == SEER) == (s == seer_at)]
        if not allowed[s]:
            return None
    seer_pair: dict[int, tuple[int, int]] = {}
    mason_saw: dict[int, frozenset[tuple[int, int, int]]] = {}
    for s, got in enumerate(infos):
        if got is not None:
            if got.seer is not None and got.seer.seat >= 0:
                seer_pair[s] = (got.seer.seat, got.seer.role)
            if got.mason_saw is not None:
                mason_saw[s] = got.mason_saw

    pool: tuple[tuple[int, int], ...] = ()
    if not liars:
        pool = _pool(mine, infos, allowed, cnt, seer_at)
    # Seat by seat, most constrained first.
    ranks = sorted([(len(allowed[s]), s) for s in range(n)])
    order = [s for _, s in ranks]
    # A claimant's bit, where it lies (liar cards are known when dealt; the Robber's and
    # the Insomniac's when the night has played).
    bits = [(1 << s) if liars and s in claims and s != me else 0 for s in range(n)]
    steps: list[Step] = []
    for s in order:
        seat_info = infos[s]
        if liars and me < 0 and not free and seat_info is not None:
            # A vote table: the seat's step follows from its claim alone (kept with it).
            steps.append(seat_info.vote_step(s, allowed[s], bits[s]))
            continue
        look = seer_pair.get(s, (-1, -1))
        options = [Option(r, f, bits[s] if IS_LIAR[r] else 0) for r, f in allowed[s]]
        steps.append(Step(s, options, look[0], look[1]))
    for cls in free:
        prev = -1
        rank = 0
        for st in steps:
            if st.seat in cls:
                rank += 1
                st.free_no = rank
                st.prev_free = prev
                prev = st.seat
    walk = _Walk(
        fd,
        mine,
        (cnt, centre0, k0),
        infos,
        (steps, bits, mason_saw),
        budget=budget,
        masks=masks,
    )
    if pool:
        walk.set_pool(pool)
        code0 = fd.code(cnt)
    # A world with pooled cards stands for ``pool_ways`` worlds (1 without a pool).
    walk.place(0, walk.pool_ways, 0, code0)
    if walk.total <= 0.0:
        return None
    return walk


def pool_orders(copies: tuple[tuple[int, int], ...]) -> float:
    """How many worlds one world with pooled liar cards stands for (``copies``: their roles
    with their copies, :func:`_pool`): the orders of the roles over the pooled cards."""
    ways = factorial(sum(m for _, m in copies))
    for _, m in copies:
        ways //= factorial(m)
    return float(ways)


def none_a_wolf(copies: tuple[tuple[int, int], ...]) -> list[float]:
    """Per number ``j`` of pooled liar cards (``copies``: their roles with their copies,
    :func:`_pool`) from 0 to all of them and one more, the chance that none of ``j`` given
    ones is a Werewolf: which role each pooled card is being a uniform draw, every pooled
    Werewolf lies among the others."""
    k = sum(m for _, m in copies)
    wolves = sum(m for r, m in copies if r == WOLF)
    ways = comb(k, wolves)
    return [comb(k - j, wolves) / ways if j <= k else 0.0 for j in range(k + 2)]


def _pool(
    mine: _Mine,
    infos: list[SeatInfo | None],
    allowed: list[list[tuple[int, float]]],
    cnt: list[int],
    seer_at: int = -1,
) -> tuple[tuple[int, int], ...]:
    """Pool the liar cards that every seat may hold alike, for a posterior.

    A liar card weighs its holder's claim the same whatever the role (the lie weight), and
    the night treats every liar card alike (a robbery of one makes the Robber lie, an
    Insomniac who ends with one lies); only a claimed sighting of one role (the Seer's
    look, the Insomniac's own card) or a seat that cannot hold one of them (a Werewolf's
    knowledge) tells them apart.  The others, every copy not pinned, are dealt as one card,
    :data:`POOL`: a world with pooled cards stands for the same number of worlds, whichever
    it is (every order of the pooled roles over the pooled cards), so the sums keep their
    proportions, and each pooled card is each pooled role in proportion to its copies
    (:func:`_tables`).  At ten players that deals a fraction of the deals (the Werewolves,
    the Minion and the Tanner spread over the seats that may lie).

    Changes ``allowed`` and ``cnt`` in place; returns the pooled roles with their copies
    not pinned (empty: nothing to gain, nothing changed).  ``seer_at``: a seat whose
    claimed Seer's look is pinned (:meth:`_Mine.seen_by`), so what it names is no bar."""
    out = set(LIARS)
    for s, info in enumerate(infos):
        req = None if info is None else info.seer
        if req is not None and s != seer_at and any(r == SEER for r, _ in allowed[s]):
            out.discard(req.role)
            for _, role in req.named:
                out.discard(role)
    for no in mine.seat_not:
        for role in no:
            out.discard(role)
    out.discard(mine.own)
    pinned = [0] * NROLES
    for s, pin in enumerate(mine.seat_pin):
        if pin >= 0:
            pinned[pin] += 1
            continue
        roles = {r for r, _ in allowed[s] if r in LIARS}
        if roles & out and not out <= roles:
            out &= roles  # pooled roles: a seat may hold all of them or none
    copies = tuple((r, cnt[r] - pinned[r]) for r in sorted(out) if cnt[r] > pinned[r])
    if len(copies) < 2:
        return ()
    pooled = frozenset(r for r, _ in copies)
    for s, row in enumerate(allowed):
        if mine.seat_pin[s] >= 0:
            continue
        fs = {f for r, f in row if r in pooled}
        if len(fs) > 1:
            return ()  # pragma: no cover - a liar card's weight is the claim's lie weight
    for s, row in enumerate(allowed):
        if mine.seat_pin[s] >= 0:
            continue
        got = [(r, f) for r, f in row if r in pooled]
        if got:
            allowed[s] = [(POOL, got[0][1]), *[(r, f) for r, f in row if r not in pooled]]
    for r, k in copies:
        cnt[r] -= k
        cnt[POOL] += k
    return copies


def _settle(walk: _Walk) -> None:
    """Split the walk's sums at unseen cards (in proportion to the cards left) and its
    pooled liar cards (:func:`_pool`) into the roles, in :attr:`_Walk.fin` and
    :attr:`_Walk.dl` (once: both are then emptied)."""
    n = walk.fd.n
    size = (n + 3) * NROLES
    fin = walk.fin
    dl = walk.dl
    for uns in walk.unseen.values():
        shares = uns.left.shares
        for j in range(3):
            if uns.centre[j] < 0:
                base = (n + j) * NROLES
                for rr, share in shares:
                    dl[base + rr] += uns.deal_w * share
        for p in range(n + 3):
            w = uns.at[p]
            if w > 0.0:
                base = p * NROLES
                for rr, share in shares:
                    fin[base + rr] += w * share
    walk.unseen = {}
    if walk.pool_split:
        # Each pooled liar card is each of its roles in proportion to the copies.
        for table in (fin, dl):
            for base in range(0, size, NROLES):
                v = table[base + POOL]
                if v != 0.0:
                    table[base + POOL] = 0.0
                    for rr, share in walk.pool_split:
                        table[base + rr] += v * share
        walk.pool_split = []


def _tables(walks: list[_Walk], classes: tuple[frozenset[int], ...] = ()) -> Result:
    """Normalised tables from the walks' sums (each class of interchangeable seats gets
    the mean of its rows: their probabilities are equal)."""
    walk = walks[0]
    _settle(walk)
    for other in walks[1:]:
        _settle(other)
        walk.total += other.total
        walk.wolf_mass += other.wolf_mass
        walk.leaves += other.leaves
        for table, more in ((walk.fin, other.fin), (walk.dl, other.dl)):
            for j, v in enumerate(more):
                if v != 0.0:
                    table[j] += v
    inv = 1.0 / walk.total
    n = walk.fd.n
    size = (n + 3) * NROLES
    fin = walk.fin
    dl = walk.dl
    for cls in classes:
        share = 1.0 / len(cls)
        for table in (fin, dl):
            for r in range(NROLES):
                mean = 0.0
                for seat in cls:
                    mean += table[seat * NROLES + r]
                mean *= share
                for seat in cls:
                    table[seat * NROLES + r] = mean
    final_t = tuple(tuple([v * inv for v in fin[b : b + NROLES]]) for b in range(0, size, NROLES))
    dealt_t = tuple(tuple([v * inv for v in dl[b : b + NROLES]]) for b in range(0, size, NROLES))
    return final_t, dealt_t, walk.total, walk.wolf_mass * inv, walk.leaves


def _seer_centre(
    left: Left, centre0: list[int], k0: int, named: tuple[tuple[int, int], ...]
) -> Seen:
    """An honest Seer's centre look in a world where ``left`` (:meth:`FastDeck.lazy`) are
    the cards not placed and ``centre0`` the centre cards pinned: the weight's factors (the
    orders of the cards left, then each named card's share of the cards still unseen), the
    centre with the named cards pinned, and the cards still unseen; :data:`_NOT_SEEN` if
    the cards it names cannot be there.  The factors are applied one by one, in this order,
    as the enumeration always did (the same products to the last bit)."""
    factors = [left.mult]
    centre = list(centre0)
    rem = dict(left.rem)
    k = k0
    for slot, r in named:
        have = centre[slot]
        if have >= 0:
            if have != r:
                return _NOT_SEEN
        else:
            m = rem.get(r, 0)
            if not m:
                return _NOT_SEEN
            factors.append(m / k)
            rem[r] = m - 1
            k -= 1
            centre[slot] = r
    return Seen(factors, centre, Left(1.0, tuple([(r, m) for r, m in rem.items() if m])))


def _own_sighting(c: ClaimKey, s: int) -> int:
    """The role of a claim's single sighting of the claimant's own card; -2 if the claim's
    sightings are anything else."""
    if len(c.saw) == 1:
        ((role, seat, centre),) = tuple(c.saw)
        if seat == s and centre == -1 and role >= 0:
            return role
    return -2


def _seer_requirement(fd: FastDeck, s: int, c: ClaimKey) -> SeerReq | None:
    """What an honest Seer's claim requires: the prior of the claimed look, and the cards
    it names; prior 1 with no requirement when the claim names no look; None when no look
    fits it."""
    did = c.did
    saw = c.saw
    if did is None and not saw:
        return SeerReq(1.0, -1, -1, ())
    prior = 1.0 / fd.n_seer
    if did is None:
        items = sorted(saw)
        if len(items) == 1 and items[0][2] == -1:
            did = Action("look", (items[0][1],))
        elif len(items) == 2 and items[0][1] == -1 and items[1][1] == -1:
            did = Action("look", (), tuple(sorted((items[0][2], items[1][2]))))
        else:
            return None
    if did not in fd.seer_legal[s]:
        return None
    if did.kind == "pass":
        return None if saw else SeerReq(prior, -1, -1, ())
    if not saw:
        return SeerReq(prior, -1, -1, ())
    if did.players:
        t = did.players[0]
        if len(saw) != 1:
            return None
        ((role, seat, centre),) = tuple(saw)
        if seat != t or centre != -1 or role < 0:
            return None
        return SeerReq(prior, t, role, ())
    a, b = did.centre
    by_slot = {cc: role for role, seat, cc in saw if seat == -1}
    if len(saw) != 2 or set(by_slot) != {a, b} or min(by_slot.values()) < 0:
        return None
    return SeerReq(prior, -1, -1, ((a, by_slot[a]), (b, by_slot[b])))


def _honest(c: ClaimKey, role: int, did: Action, saw: frozenset[tuple[int, int, int]]) -> float:
    """1 if an honest seat whose truthful claim is (role, did, saw) may say ``c``, else 0."""
    if c.role not in (-1, role):
        return 0.0
    if c.did is not None and c.did != did:
        return 0.0
    return 0.0 if c.saw and c.saw != saw else 1.0
