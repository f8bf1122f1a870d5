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

:func:`solve` answers None when the path does not apply (a Doppelgänger, two
cards of one acting role, knowledge of an unexpected shape); a total of 0 when
no world fits (the caller then runs the general enumeration's lenient answer);
and raises :class:`FastBudget` past its work budget.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
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
    known_role,
    truthful,
)

NROLES: Final = 12
LIARS: Final = frozenset({WOLF, MINION, TANNER})
IS_LIAR: Final = tuple(r in LIARS for r in range(NROLES))
_SINGLE: Final = (SEER, ROBBER, TM, DRUNK, INSOM, MINION)
"""Roles with a task of their own: the fast path wants at most one card of each."""
_SEAT_CACHE: Final = 4096


class FastBudget(Exception):
    """The enumeration would be longer than the budget allows."""


Result = tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...], float, float, int]
"""(final, dealt, total weight, P(a Werewolf among the players), leaves); ``final`` and
``dealt`` are normalised."""
EMPTY: Final[Result] = ((), (), 0.0, 0.0, 0)

Lazy = tuple[float, tuple[tuple[int, int], ...], tuple[int, int, int]]
"""Cards left for the centre: (orders they can lie in, ((role, copies) ...), (how many,
how many Werewolves, how many Tanners))."""

SeerReq = tuple[float, int, int, tuple[tuple[int, int], ...]]
"""An honest Seer's claimed look: (its prior, looked seat or -1, role it saw there,
((centre slot, role) ...))."""


class SeatInfo:
    """What one seat's claim (or silence) implies, whatever the rest of the query."""

    __slots__ = ("ins", "mason_saw", "rob", "row", "seer", "swaps", "takes", "touched")

    def __init__(self, fd: FastDeck, s: int, c: ClaimKey | None, lie: float) -> None:
        self.row: list[tuple[int, float]] = []
        self.seer: SeerReq | None = None
        self.mason_saw: frozenset[tuple[int, int, int]] | None = None
        did = None if c is None else c.did
        self.swaps = [(fd.inv_tm, a, b) for act, a, b in fd.tm_opts[s] if did is None or act == did]
        self.touched = frozenset(x for _, a, b in self.swaps for x in (a, b) if x >= 0)
        """The seats its swaps can reach, as the Troublemaker."""
        self.takes = [(1.0 / 3.0, x) for act, x in fd.drunk_opts if did is None or act == did]
        # The Robber: None (silent: every choice) or (weight of a pass, lie weight,
        # ((target, an honest robbery fits, role it must have taken or -1) ...)).
        self.rob: tuple[float, float, tuple[tuple[int, bool, int], ...]] | None = None
        # The Insomniac: None (silent) or (an honest look fits, role it must see or -1, lie).
        self.ins: tuple[bool, int, float] | None = None
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
        targets = tuple(
            (t, role_ok and (did is None or did == act) and need != -2, need)
            for act, t in fd.rob_opts[s]
            if t >= 0
        )
        f_pass = _honest(c, ROBBER, PASS, frozenset())
        self.rob = (fd.inv_rob * f_pass, lie, targets)
        ins_ok = c.role in (-1, INSOM) and did is None and (not c.saw or single >= 0)
        self.ins = (ins_ok, -1 if not c.saw else single, lie)

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
            if req[0] < 1.0:  # a claimed look: weighed in the night
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
        self._seats: dict[tuple[int, ClaimKey | None], SeatInfo] = {}
        radix = [0] * NROLES
        weight = 1
        for r in range(NROLES):
            radix[r] = weight
            weight *= self.counts.get(r, 0) + 1
        self.radix = tuple(radix)
        """Per role, what one copy adds to a count's code (:meth:`code`)."""
        self.lazy_memo: dict[int, Lazy] = {}
        """Code of the cards left (:meth:`code`) -> :meth:`lazy` (read directly by the
        enumeration)."""
        self.shareable_memo: dict[tuple[NightKnowledge, ClaimKey], bool] = {}
        """(knowledge, own claim) -> :func:`shareable`."""
        self._shares: dict[tuple[tuple[int, int], ...], tuple[int, int, int]] = {}

    def clear_caches(self) -> None:
        self._seats.clear()
        self.lazy_memo.clear()
        self._shares.clear()
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
        """Counts per role (each at most the deck's) as one number, a mixed-radix code: a
        memo looks a number up far faster than a tuple of twelve counts."""
        radix = self.radix
        return sum(cnt[r] * radix[r] for r in range(NROLES))

    def lazy(self, cnt: list[int]) -> Lazy:
        """For the cards left (counts per role): in how many orders they can lie in the
        centre, the cards as ((role, copies) ...), and :meth:`shares` of them (kept in
        :attr:`lazy_memo` by :meth:`code`, which the enumeration keeps up to date and reads
        the memo with directly)."""
        key = self.code(cnt)
        got = self.lazy_memo.get(key)
        if got is None:
            rem = tuple((r, m) for r, m in enumerate(cnt) if m)
            total = 1.0
            k = 0
            for _, m in rem:
                for j in range(1, m + 1):
                    k += 1
                    total *= k / j
            got = self.lazy_memo[key] = (total, rem, self.shares(rem))
        return got

    def shares(self, rem: tuple[tuple[int, int], ...]) -> tuple[int, int, int]:
        """For unseen cards ((role, copies) ...): how many, how many Werewolves, how many
        Tanners (kept)."""
        got = self._shares.get(rem)
        if got is None:
            d = dict(rem)
            got = self._shares[rem] = (sum(d.values()), d.get(WOLF, 0), d.get(TANNER, 0))
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
    acc = _enumerate(fd, mine, claims, lies, budget, None)
    if acc is None:
        return EMPTY
    return _tables(fd.n, acc[0], acc[1])


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

    __slots__ = ("masks", "n")

    def __init__(self, n: int, masks: dict[int, list[float]]) -> None:
        self.n = n
        self.masks = masks
        """Liar set (bits) -> [total, weight with a Werewolf among the players,
        P(Werewolf at seat) * weight ..., P(Tanner at seat) * weight ...]."""

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
        acc: list[float] = []
        for j in range(2 + 2 * n):
            col = 0.0
            for row in rows:
                col += row[j]
            acc.append(col)
        total = acc[0]
        if total <= 0.0:
            return None
        inv = 1.0 / total
        wolf = tuple([v * inv for v in acc[2 : 2 + n]])
        tanner = tuple([v * inv for v in acc[2 + n :]])
        return wolf, tanner, min(1.0, max(0.0, 1.0 - acc[1] * inv))


def vote_table(
    fd: FastDeck, claims: Mapping[int, ClaimKey], lies: Mapping[int, float], budget: int
) -> VoteTable | None:
    """The vote summaries of every claimant (None if the fast path does not apply)."""
    if not fd.ok:
        return None
    masks: dict[int, list[float]] = {}
    _enumerate(fd, _Mine(fd, None), claims, lies, budget, masks)
    return VoteTable(fd.n, masks)


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
    if known_role(knowledge.dealt, knowledge.obs) in LIARS:
        return False
    if own != truthful(knowledge.seat, knowledge.dealt, knowledge.obs):
        return False
    if knowledge.dealt == MASON and not own.saw:
        return False
    return _Mine(fd, knowledge).ok


Acc = dict[tuple[tuple[int, ...], tuple[tuple[int, int], ...], int], float]


_NO_ROB: Final = [(1.0, -1)]
_NO_SWAP: Final = [(1.0, -1, -1)]
_NO_TAKE: Final = [(1.0, -1)]
"""The Robber's, the Troublemaker's and the Drunk's choices when nobody holds the card
(never mutated)."""

Step = tuple[int, list[tuple[int, float, int]], tuple[int, int] | None]
"""One seat to deal: (seat, [(card, static factor, liar bit)], its claimed look at a player
as (seat, role), if any)."""


class _Walk:
    """One enumeration's walk over the deals and the nights (:func:`_enumerate` sets it up).

    A class rather than nested functions: the compiled build calls its methods directly,
    with unboxed arguments, where a closure is called through Python's calling convention.
    Each method first reads what it needs into local names."""

    __slots__ = (
        "bits",
        "budget",
        "centre0",
        "cnt",
        "cut",
        "deal",
        "dealt_acc",
        "fd",
        "final_acc",
        "holder",
        "ins_of",
        "k0",
        "masks",
        "mason_saw",
        "me",
        "my_rob",
        "own",
        "rob_of",
        "seer_memo",
        "seer_of",
        "seer_pair",
        "steps",
        "swaps_of",
        "takes_of",
        "work",
    )

    def __init__(
        self,
        fd: FastDeck,
        mine: _Mine,
        pack: tuple[list[int], list[int], int],
        infos: list[SeatInfo | None],
        plan: tuple[
            list[Step],
            list[int],
            dict[int, tuple[int, int]],
            dict[int, frozenset[tuple[int, int, int]]],
        ],
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
        self.steps, self.bits, self.seer_pair, self.mason_saw = plan
        self.budget = budget
        self.masks = masks
        """A vote table's rows by liar set (None: list the leaves in :attr:`final_acc`)."""
        self.cut = n if masks is not None else n + 3  # a vote table keeps the seats' cards
        self.deal = [-1] * n
        self.holder = [-1] * NROLES
        """Per role, the seat dealt it (-1: none, so far)."""
        self.final_acc: Acc = {}
        self.dealt_acc: Acc = {}
        self.work = 0
        self.my_rob = [(1.0, mine.robbed)]
        my_swap = [(1.0, mine.swap[0], mine.swap[1])]
        my_take = [(1.0, mine.take)]
        self.seer_of = [None if info is None else info.seer for info in infos]
        self.rob_of = [None if info is None else info.rob for info in infos]
        self.swaps_of = [my_swap if info is None else info.swaps for info in infos]
        self.takes_of = [my_take if info is None else info.takes for info in infos]
        self.ins_of = [None if info is None else info.ins for info in infos]
        self.seer_memo: dict[int, _Named | None] = {}
        """(cards left, the Seer's seat) -> :func:`_seer_centre` (the seats below 16)."""

    def place(self, i: int, w: float, mask: int, code: int) -> None:
        """Deal the seat of step ``i`` each card it may hold, then the next step, or the
        night once every seat holds a card."""
        self.work += 1
        if self.work > self.budget:
            raise FastBudget
        n = self.fd.n
        deal = self.deal
        holder = self.holder
        cnt = self.cnt
        seer_pair = self.seer_pair
        radix = self.fd.radix
        s, row, mine_pair = self.steps[i]
        sv = holder[SEER]
        their = seer_pair.get(sv) if sv >= 0 else None
        if their is not None and their[0] != s:
            their = None
        nxt = i + 1
        for r, f, bit in row:
            m = cnt[r]
            if not m:
                continue
            if mine_pair is not None and r == SEER:
                got = deal[mine_pair[0]]
                if got >= 0 and got != mine_pair[1]:
                    continue
            if their is not None and r != their[1]:
                continue
            cnt[r] = m - 1
            deal[s] = r
            old = holder[r]
            holder[r] = s
            if nxt == n:
                self.night(w * f, mask | bit, code - radix[r])
            else:
                self.place(nxt, w * f, mask | bit, code - radix[r])
            holder[r] = old
            deal[s] = -1
            cnt[r] = m

    def night(self, w: float, mask: int, code: int) -> None:
        """The night of the deal in :attr:`deal`: every choice of the Robber, the
        Troublemaker and the Drunk that gives the claims a positive weight, summed into
        the vote table (:attr:`masks`) or listed as leaves (:attr:`final_acc`)."""
        fd = self.fd
        n = fd.n
        me = self.me
        deal = self.deal
        holder = self.holder
        cnt = self.cnt
        centre0 = self.centre0
        k0 = self.k0
        mason_saw = self.mason_saw
        seer_of = self.seer_of
        seer_memo = self.seer_memo
        lazy_memo = fd.lazy_memo
        masks = self.masks
        liars = masks is not None
        swaps_of = self.swaps_of
        takes_of = self.takes_of
        ins_of = self.ins_of
        rob_of = self.rob_of
        inv_rob = fd.inv_rob
        rob_all = fd.rob_opts
        is_liar = IS_LIAR
        bits = self.bits
        no_swap = _NO_SWAP
        no_rob = _NO_ROB
        no_take = _NO_TAKE
        my_rob = self.my_rob
        own = self.own
        cut = self.cut
        width = 2 + 2 * n
        if mason_saw:
            masons = [s for s in range(n) if deal[s] == MASON]
            for s, saw in mason_saw.items():
                if deal[s] == MASON and saw != frozenset((MASON, o, -1) for o in masons if o != s):
                    return
        centre = centre0
        remk: tuple[tuple[int, int], ...] | None = None
        # The Seer: a claimed look is a factor (what it names must be there).
        seer = holder[SEER]
        if seer >= 0:
            req = seer_of[seer]
            if req is not None:
                w *= req[0]
                if req[3]:
                    skey = code * 16 + seer
                    if skey in seer_memo:
                        named = seer_memo[skey]
                    else:
                        named = seer_memo[skey] = _seer_centre(
                            lazy_memo.get(code) or fd.lazy(cnt), centre0, k0, req[3]
                        )
                    if named is None:
                        return
                    factors, centre, remk = named
                    for f in factors:
                        w *= f

        tm = holder[TM]
        swaps = no_swap if tm < 0 else swaps_of[tm]
        insom = holder[INSOM]
        ins = None if insom < 0 else ins_of[insom]
        if ins is not None and not (ins[0] and ins[1] in (-1, INSOM, ROBBER)):
            # An Insomniac the Troublemaker leaves alone ends with its own card or the
            # Robber's: neither makes it lie, nor lets it have seen another card.
            for _, a, b in swaps:
                if insom in (a, b):
                    break
            else:
                return
        robber = holder[ROBBER]
        if robber < 0:
            rob = no_rob
        elif robber == me:
            rob = my_rob
        else:
            rinfo = rob_of[robber]
            if rinfo is None:
                rob = [(inv_rob, t) for _, t in rob_all[robber]]
            else:
                f_pass, lie, targets = rinfo
                rob = [(f_pass, -1)] if f_pass else []
                for t, fits, need in targets:
                    got = deal[t]
                    if is_liar[got]:
                        rob.append((inv_rob * lie, t))
                    elif fits and (need < 0 or need == got):
                        rob.append((inv_rob, t))
                if not rob:
                    return
        drunk = holder[DRUNK]
        takes = no_take if drunk < 0 else takes_of[drunk]
        if liars and len(takes) > 1:
            # Seats only: the Drunk takes an unseen card whichever unseen slot it picks.
            unseen = [c for _, c in takes if centre[c] < 0]
            if len(unseen) > 1:
                share = takes[0][0] * len(unseen)
                takes = [(f, c) for f, c in takes if centre[c] >= 0] + [(share, unseen[0])]
        check_own = insom >= 0 and insom == me
        self.work += len(rob) * len(swaps) * len(takes) + 1
        if self.work > self.budget:
            raise FastBudget
        rob_bit = bits[robber] if robber >= 0 else 0
        ins_bit = bits[insom] if insom >= 0 else 0
        cards = deal + centre
        if masks is not None:
            # A vote table (the hot path: once per game at the vote) sums each leaf where it
            # is made, in the same order and with the same products as the list of leaves
            # below (so the same sums to the last bit), but without building that list.
            if remk is None:
                mult, remk, hidden = lazy_memo.get(code) or fd.lazy(cnt)
            else:
                mult = 1.0
                hidden = fd.shares(remk)
            for fr, t in rob:
                if t >= 0:
                    cards[robber], cards[t] = cards[t], cards[robber]
                wr = w * fr
                m_rob = mask | rob_bit if t >= 0 and is_liar[cards[robber]] else mask
                for ft, a, b in swaps:
                    if a >= 0:
                        cards[a], cards[b] = cards[b], cards[a]
                    wt = wr * ft
                    for fdr, c in takes:
                        if c >= 0:
                            x = n + c
                            cards[drunk], cards[x] = cards[x], cards[drunk]
                        m_all = m_rob
                        if ins is None:
                            wl = wt * fdr * mult
                        else:
                            now = cards[insom]
                            if is_liar[now]:
                                wl = wt * fdr * ins[2] * mult
                                m_all = m_rob | ins_bit
                            elif ins[0] and (ins[1] < 0 or ins[1] == now):
                                wl = wt * fdr * mult
                            else:
                                wl = -1.0
                        if wl >= 0.0:
                            row = masks.get(m_all)
                            if row is None:
                                row = masks[m_all] = [0.0] * width
                            row[0] += wl
                            # Each column gets its own additions, in leaf order.
                            wolves = False
                            unknown = -1
                            for p in range(n):
                                card = cards[p]
                                if card == WOLF:
                                    wolves = True
                                    row[2 + p] += wl
                                elif card == TANNER:
                                    row[2 + n + p] += wl
                                elif card < 0 and unknown < 0:
                                    unknown = p
                            if wolves:
                                row[1] += wl
                            if unknown >= 0:
                                # The Drunk holds a centre card nobody saw: any card left.
                                k, m_wolf, m_tanner = hidden
                                if m_wolf:
                                    row[2 + unknown] += wl * m_wolf / k
                                    if not wolves:
                                        row[1] += wl * m_wolf / k
                                if m_tanner:
                                    row[2 + n + unknown] += wl * m_tanner / k
                        if c >= 0:
                            cards[drunk], cards[x] = cards[x], cards[drunk]
                    if a >= 0:
                        cards[a], cards[b] = cards[b], cards[a]
                if t >= 0:
                    cards[robber], cards[t] = cards[t], cards[robber]
            return
        out: list[tuple[tuple[int, ...], float, int]] = []
        for fr, t in rob:
            if t >= 0:
                cards[robber], cards[t] = cards[t], cards[robber]
            wr = w * fr
            m_rob = mask | rob_bit if t >= 0 and is_liar[cards[robber]] else mask
            for ft, a, b in swaps:
                if a >= 0:
                    cards[a], cards[b] = cards[b], cards[a]
                wt = wr * ft
                for fdr, c in takes:
                    if c >= 0:
                        x = n + c
                        cards[drunk], cards[x] = cards[x], cards[drunk]
                    if check_own:
                        if cards[insom] == own:
                            out.append((tuple(cards[:cut]), wt * fdr, m_rob))
                    elif ins is not None:
                        now = cards[insom]
                        if is_liar[now]:
                            out.append((tuple(cards[:cut]), wt * fdr * ins[2], m_rob | ins_bit))
                        elif ins[0] and (ins[1] < 0 or ins[1] == now):
                            out.append((tuple(cards[:cut]), wt * fdr, m_rob))
                    else:
                        out.append((tuple(cards[:cut]), wt * fdr, m_rob))
                    if c >= 0:
                        cards[drunk], cards[x] = cards[x], cards[drunk]
                if a >= 0:
                    cards[a], cards[b] = cards[b], cards[a]
            if t >= 0:
                cards[robber], cards[t] = cards[t], cards[robber]
        if not out:
            return
        if remk is None:
            mult, remk, _ = lazy_memo.get(code) or fd.lazy(cnt)
        else:
            mult = 1.0
        total_here = 0.0
        for ct, w_leaf, m_all in out:
            wl = w_leaf * mult
            if wl > 0.0:
                fkey = (ct, remk, m_all)
                final_acc = self.final_acc
                final_acc[fkey] = final_acc.get(fkey, 0.0) + wl
                total_here += wl
        if total_here > 0.0 and not liars:
            dkey = (tuple(deal) + tuple(centre), remk, 0)
            dealt_acc = self.dealt_acc
            dealt_acc[dkey] = dealt_acc.get(dkey, 0.0) + total_here


def _enumerate(  # noqa: PLR0917
    fd: FastDeck,
    mine: _Mine,
    claims: Mapping[int, ClaimKey],
    lies: Mapping[int, float],
    budget: int,
    masks: dict[int, list[float]] | None,
) -> tuple[Acc, Acc] | None:
    """The weights of the leaves, by (cards at dawn, the unknown centre cards, 0), and by
    the deal; or, for a vote table (``masks``), each seat's Werewolf and Tanner summed into
    ``masks`` by the set of claimants lying (as bits).  None if no world fits."""
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
        row = [(r, f) for r, f in info.row if (pin < 0 or r == pin) and (not no or r not in no)]
        if not row:
            return None
        allowed.append(row)
    if INSOM in fd.counts:
        # An Insomniac that no Troublemaker can reach ends with its own card or the
        # Robber's: where its claim needs another card, it cannot hold the Insomniac.
        for s_ in range(n):
            seat_info = infos[s_]
            ins = None if seat_info is None else seat_info.ins
            if ins is None or (ins[0] and ins[1] in (-1, INSOM, ROBBER)):
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
    seer_pair: dict[int, tuple[int, int]] = {}
    mason_saw: dict[int, frozenset[tuple[int, int, int]]] = {}
    for s, got in enumerate(infos):
        if got is not None:
            if got.seer is not None and got.seer[1] >= 0:
                seer_pair[s] = (got.seer[1], got.seer[2])
            if got.mason_saw is not None:
                mason_saw[s] = got.mason_saw

    # Seat by seat, most constrained first: (seat, [(card, static factor, liar bit)], its
    # claimed look).
    order = sorted(range(n), key=lambda s: (len(allowed[s]), s))
    # A claimant's bit, where it lies (liar cards are known when dealt; the Robber's and
    # the Insomniac's when the night has played).
    bits = [(1 << s) if liars and s in claims and s != me else 0 for s in range(n)]
    steps = [
        (
            s,
            [(r, f, bits[s] if IS_LIAR[r] else 0) for r, f in allowed[s]],
            seer_pair.get(s),
        )
        for s in order
    ]
    walk = _Walk(
        fd,
        mine,
        (cnt, centre0, k0),
        infos,
        (steps, bits, seer_pair, mason_saw),
        budget=budget,
        masks=masks,
    )
    walk.place(0, 1.0, 0, code0)
    if not walk.final_acc:
        return None
    return walk.final_acc, walk.dealt_acc


def _tables(n: int, final_acc: Acc, dealt_acc: Acc) -> Result:
    """Normalised tables from the summed leaves (unknown cards split in proportion)."""
    size = n + 3
    final = [0.0] * (size * NROLES)
    dealt = [0.0] * (size * NROLES)
    total = 0.0
    wolf_mass = 0.0
    for (cards_t, remk, _), w in final_acc.items():
        total += w
        wolf = False
        p_lazy_wolf = 0.0
        base = 0
        for pos, r in enumerate(cards_t):
            if r >= 0:
                final[base + r] += w
                if r == WOLF and pos < n:
                    wolf = True
            else:
                k = sum(m for _, m in remk)
                for rr, m in remk:
                    final[base + rr] += w * m / k
                    if rr == WOLF and pos < n:
                        p_lazy_wolf = m / k
            base += NROLES
        if wolf:
            wolf_mass += w
        elif p_lazy_wolf:
            wolf_mass += w * p_lazy_wolf
    for (deal_t, remk, _), w in dealt_acc.items():
        base = 0
        for r in deal_t:
            if r >= 0:
                dealt[base + r] += w
            else:
                k = sum(m for _, m in remk)
                for rr, m in remk:
                    dealt[base + rr] += w * m / k
            base += NROLES
    inv = 1.0 / total
    final_t = tuple(
        tuple([v * inv for v in final[b : b + NROLES]]) for b in range(0, size * NROLES, NROLES)
    )
    dealt_t = tuple(
        tuple([v * inv for v in dealt[b : b + NROLES]]) for b in range(0, size * NROLES, NROLES)
    )
    return final_t, dealt_t, total, wolf_mass * inv, len(final_acc)


_Named = tuple[tuple[float, ...], list[int], tuple[tuple[int, int], ...]]
"""What a Seer's claimed centre look leaves: the factors of the weight, in order, the centre
(-1: not pinned) and the cards still unseen as ((role, copies) ...)."""


def _seer_centre(
    left: Lazy, centre0: list[int], k0: int, named: tuple[tuple[int, int], ...]
) -> _Named | None:
    """An honest Seer's centre look in a world where ``left`` (:meth:`FastDeck.lazy`) are
    the cards not placed and ``centre0`` the centre cards pinned: the weight's factors (the
    orders of the cards left, then each named card's share of the cards still unseen), the
    centre with the named cards pinned, and the cards still unseen; None if the cards it
    names cannot be there.  The factors are applied one by one, in this order, as the
    enumeration always did (the same products to the last bit)."""
    mult, remk, _ = left
    factors = [mult]
    centre = list(centre0)
    rem = dict(remk)
    k = k0
    for slot, r in named:
        have = centre[slot]
        if have >= 0:
            if have != r:
                return None
        else:
            m = rem.get(r, 0)
            if not m:
                return None
            factors.append(m / k)
            rem[r] = m - 1
            k -= 1
            centre[slot] = r
    return tuple(factors), centre, tuple((r, m) for r, m in rem.items() if m)


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
        return (1.0, -1, -1, ())
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
        return None if saw else (prior, -1, -1, ())
    if not saw:
        return (prior, -1, -1, ())
    if did.players:
        t = did.players[0]
        if len(saw) != 1:
            return None
        ((role, seat, centre),) = tuple(saw)
        if seat != t or centre != -1 or role < 0:
            return None
        return (prior, t, role, ())
    a, b = did.centre
    by_slot = {cc: role for role, seat, cc in saw if seat == -1}
    if len(saw) != 2 or set(by_slot) != {a, b} or min(by_slot.values()) < 0:
        return None
    return (prior, -1, -1, ((a, by_slot[a]), (b, by_slot[b])))


def _honest(c: ClaimKey, role: int, did: Action, saw: frozenset[tuple[int, int, int]]) -> float:
    """1 if an honest seat whose truthful claim is (role, did, saw) may say ``c``, else 0."""
    if c.role not in (-1, role):
        return 0.0
    if c.did is not None and c.did != did:
        return 0.0
    return 0.0 if c.saw and c.saw != saw else 1.0
