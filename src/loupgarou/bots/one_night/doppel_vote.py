"""What a vote reads on decks with one Doppelgänger card, walked once for many seats.

**The shared vote table.**  The same argument as :class:`.fast.VoteTable`, on the
Doppelgänger's path (:mod:`.doppel`): a seat that is honest and claimed exactly what it
knows is told the same by its claim as by its knowledge, so the worlds where it holds its
knowledge are exactly those where its own claim is not a lie (its own claim weighs 1
there, and the prior of its own choices is the same in all of them).  One enumeration
with no seat's knowledge, weighed by *every* claim and kept apart by which claimants lie
in each world, then answers every such seat: its numbers are the sums over the worlds
where it does not lie.  At the vote of a ten-player *Revenants* table that is one walk
instead of one per seat, and the walk with no knowledge costs a fraction of the seats'
walks together.  :func:`doppel_shareable` says which seats the table may answer;
:func:`vote_table` builds it.

**A spectator's view.**  For a spectator who knows nothing but some claims (the pack's
question while the table talks), the seats that neither claim nor are named by a claim
are interchangeable: the night treats seats alike but for their cards, so a deal and its
reorderings of those seats weigh the same, the nights summed.  :func:`spectator_view`
deals their cards as a multiset (the walk's ``free`` seats, :class:`.doppel.Walk`) and
gives each of them the mean of their columns, as :func:`.fast.spectator_view` does on the
decks without a Doppelgänger.

The vote table's walk is a :class:`.doppel.Walk` whose :meth:`~.doppel.Walk.leaf` hook
keeps each world's weight under its set of lying claimants.

Both raise :class:`.doppel.DoppelBudget` past their budget, as :func:`.doppel.solve`
(with how far they had come).
"""

from __future__ import annotations

from collections.abc import Mapping

from .doppel import NROLES, POOL, DoppelDeck, Walk, parts, share, walk_part
from .fast import VoteTable, none_a_wolf
from .knowledge import (
    DG,
    LIAR_ROLES,
    TANNER,
    WOLF,
    ClaimKey,
    NightKnowledge,
    known_role,
    named_seats,
    says_what_it_knows,
)


def doppel_shareable(dd: DoppelDeck, knowledge: NightKnowledge, own: ClaimKey | None) -> bool:
    """Whether a seat's vote can come from the table: its claim is its whole knowledge
    (:func:`.knowledge.says_what_it_knows`, a function of the two alone: a few tuple
    comparisons, next to the walk it saves)."""
    return own is not None and dd.ok and says_what_it_knows(knowledge, own)


def vote_table(
    dd: DoppelDeck,
    claims: Mapping[int, ClaimKey],
    lies: Mapping[int, float],
    allowed: list[frozenset[int]],
    budget: int,
) -> VoteTable:
    """Every honest claimant's vote summary for ``claims`` (every seat's own claim among
    them), from one walk with no seat's knowledge; ``allowed`` as :func:`.doppel.solve`
    takes it (worked out with no knowledge)."""
    masks: dict[int, list[float]] = {}
    used = 0
    for j, part in enumerate(parts(dd, None, claims, allowed, False)):
        w = _VoteWalk(part.deck, dict(claims), dict(lies), budget - used, part.copies)
        walk_part(w, part.allowed, j)
        used += w.work
        for mask, got in w.masks.items():
            row = masks.setdefault(mask, [0.0] * len(got))
            for i, v in enumerate(got):
                row[i] += v * part.ways
    return VoteTable(dd.n, masks)


class _VoteWalk(Walk):
    """The Doppelgänger's walk with no seat's knowledge, each world's weight kept under the
    set of claimants that lie in it (a row per set: the total, the weight with a Werewolf
    among the players, then each player's weight of ending as a Werewolf, then as the
    Tanner).  With the liar cards pooled (``copies``, :func:`.doppel.parts`), a pooled card
    is a Werewolf and the Tanner in proportion to their copies."""

    def __init__(
        self,
        dd: DoppelDeck,
        claims: dict[int, ClaimKey],
        lies: dict[int, float],
        budget: int,
        copies: tuple[tuple[int, int], ...] = (),
    ) -> None:
        super().__init__(
            dd, None, claims, lies, False, budget, pool=none_a_wolf(copies) if copies else None
        )
        self.defers = False  # (its rows are kept by :meth:`leaf` alone)
        self.masks: dict[int, list[float]] = {}
        k = sum(m for _, m in copies)
        self.wolf_share = sum(m for r, m in copies if r == WOLF) / k if k else 0.0
        """With a pool: the share of its cards that are Werewolves."""
        self.tanner_share = sum(m for r, m in copies if r == TANNER) / k if k else 0.0
        """With a pool: the share of its cards that are the Tanner."""

    def leaf(self, w: float) -> None:
        self.worlds += 1
        if w == 0.0:
            return
        truths = self.d.truths
        deal = self.deal
        obs = self.obs
        mask = 0
        for s in self.claimants:
            # Each claimant's claim was weighed at its settle point, which kept whether it
            # lies under this very key (unless the memo was emptied since).
            said = obs[s]
            info = truths.get((s, deal[s], tuple(said)))
            if info[0] if info is not None else known_role(deal[s], said) in LIAR_ROLES:
                mask |= 1 << s
        n = self.n
        row = self.masks.get(mask)
        if row is None:
            row = self.masks[mask] = [0.0] * (2 + 2 * n)
        row[0] += w
        if self.pool_h:
            self.pooled_row(row, w)
            return
        cards = self.cards
        k = self.k
        wolf = False
        unknown = False
        as_dg = DG if self.copy < 0 else self.copy  # what the Doppelgänger card is
        for p in range(n):
            tok = cards[p]
            if tok < 0:
                # The card the Drunk took, which nobody read: any card left, in proportion
                # (no Doppelgänger card among them copied anything: nobody held it).
                unknown = True
                row[2 + p] += w * self.rem.get(WOLF, 0) / k
                row[2 + n + p] += w * self.rem.get(TANNER, 0) / k
            else:
                r = as_dg if tok == DG else tok
                if r == WOLF:
                    row[2 + p] += w
                    wolf = True
                elif r == TANNER:
                    row[2 + n + p] += w
        if wolf:
            row[1] += w
        elif unknown:
            row[1] += w * self.rem.get(WOLF, 0) / k

    def pooled_row(self, row: list[float], w: float) -> None:
        """:meth:`leaf`'s sums for a world of weight ``w`` with the liar cards pooled: each
        pooled card (or the Doppelgänger's copy of one) is a Werewolf or the Tanner in
        proportion, and a Werewolf is among the players as :meth:`.Walk.pooled_players`
        and :attr:`pool_h` say (the card the Drunk took, nobody read, one more pooled card
        with the chance of the cards left)."""
        n = self.n
        cards = self.cards
        pool_card = self.rem.get(POOL, 0) / self.k if self.k else 0.0
        as_dg = DG if self.copy < 0 else self.copy  # what the Doppelgänger card is
        wolf, tanner = self.wolf_share, self.tanner_share
        for p in range(n):
            tok = cards[p]
            if tok < 0:
                row[2 + p] += w * pool_card * wolf
                row[2 + n + p] += w * pool_card * tanner
            elif (as_dg if tok == DG else tok) == POOL:
                row[2 + p] += w * wolf
                row[2 + n + p] += w * tanner
        h = self.pool_h
        s, unknown, _ = self.pooled_players()
        none = h[s]
        if unknown:
            none -= pool_card * (h[s] - h[s + 1])
        row[1] += w * (1.0 - none)

    def flush(self) -> None:
        """Nothing to share out: :meth:`leaf` keeps each world's rows itself."""


def spectator_view(
    dd: DoppelDeck,
    claims: Mapping[int, ClaimKey],
    lies: Mapping[int, float],
    allowed: list[frozenset[int]],
    budget: int,
) -> tuple[tuple[float, ...], tuple[float, ...], float] | None:
    """(P(each seat ends a Werewolf), P(... the Tanner), P(no Werewolf among the players))
    for a spectator who knows nothing but ``claims``, exactly; None if no world fits.
    ``allowed`` as :func:`.doppel.solve` takes it (worked out with no knowledge)."""
    named = {s for c in claims.values() for s in named_seats(c)}
    free = tuple(s for s in range(dd.n) if s not in claims and s not in named)
    final = [[0.0] * NROLES for _ in range(dd.size)]
    total = wolf_mass = 0.0
    used = 0
    for j, part in enumerate(parts(dd, None, claims, allowed, False)):
        w = Walk(
            part.deck,
            None,
            dict(claims),
            dict(lies),
            False,
            budget - used,
            free=(free,),
            pool=part.chances,
        )
        walk_part(w, part.allowed, j)
        used += w.work
        part.split(w.final)
        for row, got in zip(final, w.final, strict=True):
            for r, v in enumerate(got):
                row[r] += v * part.ways
        total += w.total * part.ways
        wolf_mass += w.wolf_mass * part.ways
    if total <= 0.0:
        return None
    if len(free) > 1:
        share(final, (free,))  # each free seat's sums: the mean of theirs (the module docstring)
    inv = 1.0 / total
    n = dd.n
    wolf = tuple([final[p][WOLF] * inv for p in range(n)])
    tanner = tuple([final[p][TANNER] * inv for p in range(n)])
    return wolf, tanner, min(1.0, max(0.0, 1.0 - wolf_mass * inv))


__all__ = ["doppel_shareable", "spectator_view", "vote_table"]
