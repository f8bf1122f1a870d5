"""The shared vote table for decks with one Doppelgänger card.

The same argument as :class:`.fast.VoteTable`, on the Doppelgänger's path
(:mod:`.doppel`): a seat that is honest and claimed exactly what it knows is told the
same by its claim as by its knowledge, so the worlds where it holds its knowledge are
exactly those where its own claim is not a lie (its own claim weighs 1 there, and the
prior of its own choices is the same in all of them).  One enumeration with no seat's
knowledge, weighed by *every* claim and kept apart by which claimants lie in each world,
then answers every such seat: its numbers are the sums over the worlds where it does not
lie.  At the vote of a ten-player *Revenants* table that is one walk instead of one per
seat, and the walk with no knowledge costs a fraction of the seats' walks together.

:func:`doppel_shareable` says which seats the table may answer; :func:`vote_table` builds
it (raising :class:`.doppel.DoppelBudget` past its budget, as :func:`.doppel.solve`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .doppel import DoppelDeck, _Walk, walk
from .fast import VoteTable
from .knowledge import (
    LIAR_ROLES,
    MASON,
    TANNER,
    WOLF,
    ClaimKey,
    NightKnowledge,
    known_role,
    truthful,
)

_MEMO_LIMIT: Final = 4096
"""The entries :func:`doppel_shareable` keeps per deck before starting again."""


def doppel_shareable(dd: DoppelDeck, knowledge: NightKnowledge, own: ClaimKey | None) -> bool:
    """Whether a seat's vote can come from the table: it claimed exactly what it knows,
    believes it is on the village side, and no other knowledge gives a claim that its
    claim fits.

    A claim that names the card, the last action and every sighting gives back the seat's
    whole knowledge, and only an empty list of sightings also fits knowledge with some
    (:func:`.knowledge.compatible`).  With the same card and action, only a Mason sees
    nothing in one world and something in another, so a Mason who saw no other Mason is
    answered by its posterior.  (A Doppelgänger always names the card it copied, a Mason's
    included.)"""
    if own is None or not dd.ok:
        return False
    key = (knowledge, own)
    got = dd.shareable.get(key)
    if got is None:
        if len(dd.shareable) >= _MEMO_LIMIT:
            dd.shareable.clear()
        got = dd.shareable[key] = _shareable(knowledge, own)
    return got


def _shareable(knowledge: NightKnowledge, own: ClaimKey) -> bool:
    dealt, obs = knowledge.dealt, knowledge.obs
    if known_role(dealt, obs) in LIAR_ROLES:
        return False
    if own != truthful(knowledge.seat, dealt, obs):
        return False
    return not (dealt == MASON and not own.saw)


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
    w = _VoteWalk(dd, dict(claims), dict(lies), budget)
    walk(w, allowed)
    return VoteTable(dd.n, w.masks)


class _VoteWalk(_Walk):
    """The Doppelgänger's walk with no seat's knowledge, each world's weight kept under the
    set of claimants that lie in it (a row per set: the total, the weight with a Werewolf
    among the players, then each player's weight of ending as a Werewolf, then as the
    Tanner)."""

    def __init__(
        self, dd: DoppelDeck, claims: dict[int, ClaimKey], lies: dict[int, float], budget: int
    ) -> None:
        super().__init__(dd, None, claims, lies, False, budget)
        self.masks: dict[int, list[float]] = {}

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
        cards = self.cards
        k = self.k
        wolf = False
        unknown = False
        for p in range(n):
            tok = cards[p]
            if tok < 0:
                # The card the Drunk took, which nobody read: any card left, in proportion
                # (no Doppelgänger card among them copied anything: nobody held it).
                unknown = True
                row[2 + p] += w * self.rem.get(WOLF, 0) / k
                row[2 + n + p] += w * self.rem.get(TANNER, 0) / k
            else:
                r = self.eff(tok)
                if r == WOLF:
                    row[2 + p] += w
                    wolf = True
                elif r == TANNER:
                    row[2 + n + p] += w
        if wolf:
            row[1] += w
        elif unknown:
            row[1] += w * self.rem.get(WOLF, 0) / k

    def flush(self) -> None:
        """Nothing to share out: :meth:`leaf` keeps each world's rows itself."""


__all__ = ["doppel_shareable", "vote_table"]
