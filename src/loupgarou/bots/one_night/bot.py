"""The sensible One Night bot: plays like a decent person at the table.

- **Night**: acts with purpose.  The Seer looks at a player more often than at the
  centre (a player's card is what the vote needs); the Robber and the
  Troublemaker always act (their information or confusion is worth it); a lone
  Werewolf peeks (a centre card is a safe lie); the Doppelgänger copies a player.
- **Day**: speaks once, with a structured claim.  A seat that believes it ends the
  night on the village side tells the whole truth (:func:`.knowledge.truthful`).
  A seat on the werewolf side or the Tanner lies plausibly: it claims a village
  role that is likely free (one it saw in the centre, or one nobody has claimed,
  weighted by the copies left), with details that fit (a Seer who saw a centre
  card, a Troublemaker who swapped two others ...); a Werewolf sometimes frames a
  player as a Werewolf; the Minion and the Tanner sometimes claim to be a Werewolf,
  to draw the votes.
- **Vote**: reads every claim.  The village asks the solver (:mod:`.solver`) for
  each seat's chance of ending as a Werewolf and votes for the most likely one,
  avoiding a probable Tanner, and more suspicious of the seats that claimed first a role
  later claimed once too often (:func:`early_clash`) (between seats about equally suspect, one of them at
  random); when nobody is likely a Werewolf it votes for the next seat clockwise
  (if everybody does, nobody dies, which wins for the village when no Werewolf is
  in play).  The werewolf side votes together for the non-wolf a spectator who
  heard every claim suspects most (up to :data:`.pack.MAX_PLAYERS` players; public
  reasons break ties, and decide alone beyond), public facts only, so that both
  Werewolves pick the same seat; the Tanner votes like a suspicious villager.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Final

from loupgarou.core.actions import PASS, Action, Decision
from loupgarou.core.draws import below, pick
from loupgarou.core.statements import Statement
from loupgarou.engine.views import SeatView

from .knowledge import (
    CENTRE,
    INSOM,
    MINION,
    ROBBER,
    SEER,
    SHOWN,
    TANNER,
    TM,
    VILLAGER,
    WOLF,
    WOLVES,
    ClaimKey,
    NightKnowledge,
    ViewReader,
    known_role,
    to_claim,
    truthful,
)
from .pack import (
    CONTEXT_FROM,
    MAX_PLAYERS,
    backed,
    centre_seen_of,
    choose_in_context,
    choose_lie,
    round9,
    table_view,
)
from .solver import Solver, Vote, solver_for
from .talk import say_claim

_new: Final = tuple.__new__
"""Builds a named tuple without its Python-level ``__new__`` (see :mod:`.knowledge`)."""

HUNTER_NO: Final = 10
DRUNK_NO: Final = 7
BOT_BUDGET: Final = 12_000
"""How much exact enumeration the bot allows itself before sampling."""
BOT_SAMPLES: Final = 400
NEAR_TIE: Final = 0.06
"""Seats whose suspicion (P(Werewolf) - 0.8 P(Tanner)) is within this of the best are about
equally suspect: the village votes for one of them at random."""
LIE_SAFE: Final = frozenset({VILLAGER, HUNTER_NO, DRUNK_NO, TM, SEER, ROBBER, INSOM})
"""Village roles a liar may claim (a Mason lie is too easily caught)."""


EARLY_CLASH: Final = 1.0
"""Added to the vote key of a seat that claimed a role before the seats that claimed it once
too often (:func:`early_clash`)."""


def early_clash(claims: dict[int, ClaimKey], deck: dict[int, int]) -> list[int]:
    """The seats whose claim of a village role came before the claims that made that role
    claimed once too often (in the order spoken; ``claims`` keeps it).  A liar who heard a
    role claimed does not claim it (:mod:`.pack` never does), so of two seats claiming the
    one copy of a role, the one who spoke first could not know and is the likelier liar."""
    counts: dict[int, int] = {}
    for c in claims.values():
        counts[c.role] = counts.get(c.role, 0) + 1
    over = [r for r, k in counts.items() if k > deck.get(r, 0) and r not in (WOLF, MINION, TANNER)]
    if not over:
        return []
    out: list[int] = []
    for role in over:
        seats = [s for s, c in claims.items() if c.role == role]
        out.extend(seats[: len(seats) - deck.get(role, 0)])
    return sorted(out)


class SensibleOneNight:
    """A sensible player for one seat (see the module docstring)."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self.reader = ViewReader(seat)
        self.spoke = False
        self.last: Vote | None = None
        self._counts_of: tuple[int, ...] | None = None
        self._counts: dict[int, int] = {}
        self._solver_of: tuple[int, ...] | None = None
        self._solver: Solver | None = None

    def counts(self) -> dict[int, int]:
        """The copies of each role in the seat's deck (read once a game: each look-up of
        the shared memo hashes the deck)."""
        deck = self.reader.deck
        if deck is not self._counts_of:
            self._counts = _deck_counts(deck)
            self._counts_of = deck
        return self._counts

    def solver(self) -> Solver:
        """The solver of the seat's deck and table (looked up once a game, as :meth:`counts`)."""
        r = self.reader
        got = self._solver
        if got is None or r.deck is not self._solver_of:
            got = self._solver = solver_for(r.deck, r.n)
            self._solver_of = r.deck
        return got

    # --- night -------------------------------------------------------------------------

    def decide(self, view: SeatView, decision: Decision) -> Action:
        self.reader.update(view)
        if decision.kind == "vote":
            return self.vote(decision)
        return self.night(decision)

    def night(self, decision: Decision) -> Action:
        rng = self.rng
        acting = [a for a in decision.options if a is not PASS and a.kind != "pass"]
        if not acting:
            return decision.options[0]
        kind = decision.kind.removeprefix("doppelganger_")
        if kind == "seer":
            players = [a for a in acting if a.players]
            centre = [a for a in acting if a.centre]
            pool = players if (players and rng.random() < 0.7) or not centre else centre
            return pick(rng, pool)
        return pick(rng, acting)

    # --- day ---------------------------------------------------------------------------

    def speak(self, view: SeatView) -> Statement | None:
        self.reader.update(view)
        r = self.reader
        if self.spoke or not r.day or r.voted:
            return None
        self.spoke = True
        k = r.knowledge()
        liar = known_role(k.dealt, k.obs) in (WOLF, MINION, TANNER)
        claim = self.lie() if liar else _truthful(k)
        return _statement(claim, tuple(view.players), self.seat)

    def partners(self) -> set[int]:
        """Seats this seat knows to be Werewolves (itself excluded)."""
        out: set[int] = set()
        for o in self.reader.obs:
            if o[0] in (WOLVES, SHOWN):
                out.update(int(s) for s in o[1:])
        out.discard(self.seat)
        return out

    def lie(self) -> ClaimKey:
        """The claim the solver finds best for the liar's side (:mod:`.pack`), or, should
        no role be left to claim, :meth:`plain_lie`."""
        r = self.reader
        k = r.knowledge()
        me = self.seat
        role = known_role(k.dealt, k.obs)
        friends = self.partners()
        claims = r.claims
        backing = backed(me, friends, claims)
        if backing is not None:
            return backing
        if CONTEXT_FROM <= r.n <= MAX_PLAYERS:
            chosen = choose_in_context(
                self.solver(),
                me,
                self.counts(),
                claims,
                friends,
                centre_seen_of(k.obs),
                role,
                self.rng,
            )
            return chosen if chosen is not None else self.plain_lie()
        chosen = choose_lie(
            self.solver(),
            tuple(sorted(r.deck)),
            me,
            self.counts(),
            _roles_claimed(claims, me),
            friends,
            {claims[s].role for s in friends if s in claims},
            centre_seen_of(k.obs),
            role,
            {s for s in claims if s != me},
            self.rng,
        )
        return chosen if chosen is not None else self.plain_lie()

    def plain_lie(self) -> ClaimKey:
        """A plausible false claim, without asking the solver (see the module docstring)."""
        r = self.reader
        rng = self.rng
        n = r.n
        k = r.knowledge()
        me = self.seat
        role = known_role(k.dealt, k.obs)
        deck = self.counts()
        claimed = _roles_claimed(r.claims, me)
        # Roles it knows are not held by players: what it saw in the centre.
        centre_seen = {int(o[2]) for o in k.obs if o[0] == CENTRE}
        if role in (MINION, TANNER) and WOLF in deck and rng.random() < 0.3:
            return _claim(WOLF, None, frozenset())
        weights: dict[int, float] = {}
        for cand in LIE_SAFE:
            left = deck.get(cand, 0) - claimed.get(cand, 0)
            if left <= 0:
                continue
            w = float(left)
            if cand in centre_seen:
                w += 3.0
            if cand == VILLAGER:
                w *= 1.5
            weights[cand] = w
        if role == TANNER and claimed:
            # The Tanner wants the votes: contest a role somebody already claimed.
            contested = [c for c in claimed if c in LIE_SAFE and c >= 0]
            if contested:
                weights = {pick(rng, sorted(contested)): 1.0}
        if not weights:
            return _claim(VILLAGER, None, frozenset())
        role_said = _weighted(rng, weights)
        others = [s for s in range(n) if s != me]
        friends = self.partners()
        targets = [s for s in others if s not in friends] or others
        if role_said == SEER:
            if role == WOLF and targets and rng.random() < 0.5:
                t = pick(rng, targets)  # frame someone
                return _claim(SEER, _act("look", (t,)), frozenset({(WOLF, t, -1)}))
            slots = sorted(rng.sample(range(3), 2))
            # What it says it saw must fit the deck beside its own claim and the others':
            # a card it really saw there first, then guesses among the copies left (one
            # Robber in the deck cannot be both cards, nor the Seer it claims to be).  A
            # card it saw that cannot fit (the Seer's own card, peeked by a lone Werewolf
            # who now claims to be the Seer) is kept quiet: it names the other two slots.
            said = dict(claimed)
            said[SEER] = said.get(SEER, 0) + 1
            card: dict[int, int] = {}
            seen_at = {int(o[1]): int(o[2]) for o in k.obs if o[0] == CENTRE}
            for c, role_seen in sorted(seen_at.items()):
                if c not in slots:
                    continue
                if said.get(role_seen, 0) < deck.get(role_seen, 0):
                    card[c] = role_seen
                    said[role_seen] = said.get(role_seen, 0) + 1
                else:
                    slots = sorted([x for x in slots if x != c] + [3 - sum(slots)])
            for c in slots:
                if c not in card:
                    card[c] = _village_guess(rng, deck, said, any_card=True)
                    said[card[c]] = said.get(card[c], 0) + 1
            saw = frozenset((card[c], -1, c) for c in slots)
            return _claim(SEER, _act("look", (), tuple(slots)), saw)
        if role_said == ROBBER:
            t = pick(rng, targets)
            took = _village_guess(rng, deck, claimed)
            if took == ROBBER:  # the card it says it took cannot be the Robber it says it was
                said = dict(claimed)
                said[ROBBER] = said.get(ROBBER, 0) + 1
                took = (
                    VILLAGER
                    if deck.get(VILLAGER, 0) > said.get(VILLAGER, 0)
                    else _village_guess(rng, deck, said)  # no Villager left to name
                )
            return _claim(ROBBER, _act("rob", (t,)), frozenset({(took, me, -1)}))
        if role_said == TM and len(others) >= 2:
            a, b = sorted(rng.sample(others, 2))
            return _claim(TM, _act("swap", (a, b)), frozenset())
        if role_said == DRUNK_NO:
            return _claim(DRUNK_NO, _act("take", (), (below(rng, 3),)), frozenset())
        if role_said == INSOM:
            return _claim(INSOM, None, frozenset({(INSOM, me, -1)}))
        return _claim(role_said, None, frozenset())

    # --- vote --------------------------------------------------------------------------

    def vote(self, decision: Decision) -> Action:
        r = self.reader
        k = r.knowledge()
        role = known_role(k.dealt, k.obs)
        targets = [a.players[0] for a in decision.options]
        if role in (WOLF, MINION):
            friends = self.partners()
            pool = [t for t in targets if t not in friends] or targets
            # A stranger who claims to be a Werewolf or the Tanner is most likely the Tanner
            # (or the Minion): the pack does not hand it the win.
            claims = r.claims
            pool = [
                t for t in pool if t not in claims or claims[t].role not in (WOLF, TANNER)
            ] or pool
            return _vote_for(_pack_target(r, self.solver(), self.counts(), pool))
        if role == TANNER:
            return _vote_for(_most_suspicious(r, self.counts(), targets))
        post = self.odds()
        # Rounded so that sums taken in another order (a shared table, a cache) can never
        # tell two seats apart differently.
        keys = {t: round9(post.wolf(t) - 0.8 * post.tanner(t)) for t in targets}
        for t in early_clash(r.claims, self.counts()):
            if t in keys:
                keys[t] = round9(keys[t] + EARLY_CLASH)
        best = targets[0]  # the highest key, the lowest seat among equals
        for t in targets[1:]:
            if keys[t] > keys[best] or (keys[t] == keys[best] and t < best):
                best = t
        if post.wolf(best) < 0.2 and post.no_wolf > 0.5:
            nxt = (self.seat + 1) % r.n
            if nxt in targets:
                return _vote_for(nxt)
        # Between about equally suspect seats, pick one at random: the village's votes then
        # spread over them, and a tie at the top kills them all, which finds a Werewolf more
        # often than one lynch.
        near = [t for t in targets if keys[t] >= keys[best] - NEAR_TIE]
        if len(near) > 1:
            best = pick(self.rng, near)
        return _vote_for(best)

    def odds(self) -> Vote:
        """Each seat's chance of ending as a Werewolf or the Tanner (see :meth:`.Solver.vote`)."""
        r = self.reader
        solver = self.solver()
        # A bounded effort: exact on most tables, sampled (with a stated error) on the
        # largest ones, so that a big table still plays briskly.
        post = solver.vote(r.knowledge(), r.claims, budget=BOT_BUDGET, samples=BOT_SAMPLES)
        self.last = post
        return post


@lru_cache(maxsize=4096)
def _statement(claim: ClaimKey, players: tuple[str, ...], seat: int) -> Statement:
    """What a seat says for a claim (immutable: tables share the common ones)."""
    c = to_claim(claim)
    return Statement(say_claim(c, players, seat), c)


_TRUTHS: Final[dict[NightKnowledge, ClaimKey]] = {}
"""Knowledge -> :func:`.knowledge.truthful` (a bounded memo of a pure function: the same
few hundred nights come back game after game)."""


def _truthful(k: NightKnowledge) -> ClaimKey:
    got = _TRUTHS.get(k)
    if got is None:
        if len(_TRUTHS) >= 4096:
            _TRUTHS.clear()
        got = _TRUTHS[k] = truthful(k.seat, k.dealt, k.obs)
    return got


@lru_cache(maxsize=256)
def _deck_counts(deck: tuple[int, ...]) -> dict[int, int]:
    """The copies of each role in a deck (roles in play only), made once per deck (never
    mutated: shared)."""
    out: dict[int, int] = {}
    for r in deck:
        out[r] = out.get(r, 0) + 1
    return out


def _roles_claimed(claims: dict[int, ClaimKey], but: int) -> dict[int, int]:
    """How many seats (seat ``but`` left out) claimed each role (a plain loop: cheaper than
    a ``Counter`` for a handful of claims)."""
    out: dict[int, int] = {}
    for s, c in claims.items():
        if s != but:
            out[c.role] = out.get(c.role, 0) + 1
    return out


def _vote_for(seat: int) -> Action:
    return _new(Action, ("vote", (seat,), ()))  # Action("vote", (seat,)), built in C


def _act(kind: str, players: tuple[int, ...] = (), centre: tuple[int, ...] = ()) -> Action:
    """``Action(kind, players, centre)``, built in C."""
    return _new(Action, (kind, players, centre))


def _claim(role: int, did: Action | None, saw: frozenset[tuple[int, int, int]]) -> ClaimKey:
    """``ClaimKey(role, did, saw)``, built in C."""
    return _new(ClaimKey, (role, did, saw))


def _weighted(rng: random.Random, weights: dict[int, float]) -> int:
    items = sorted(weights.items())
    x = rng.random() * sum(w for _, w in items)
    for key, w in items:
        if x < w:
            return key
        x -= w
    return items[-1][0]


def _village_guess(
    rng: random.Random, deck: dict[int, int], claimed: dict[int, int], *, any_card: bool = False
) -> int:
    """A village role a liar might say it saw (one with copies nobody claimed); with
    ``any_card``, when no such role is left, any card with a copy left (a Seer may have seen
    a Werewolf in the centre), before the Villager that may be over-counted."""
    free = sorted(r for r in deck if r in LIE_SAFE and deck[r] > claimed.get(r, 0))
    if free:
        return pick(rng, free)
    left = sorted(r for r in deck if deck[r] > claimed.get(r, 0)) if any_card else []
    return pick(rng, left) if left else VILLAGER


def _pack_target(reader: ViewReader, solver: Solver, deck: dict[int, int], pool: list[int]) -> int:
    """The seat of ``pool`` the werewolf side votes for: the one a spectator who heard every
    claim suspects most (:func:`.pack.table_view`: the village's vote key, which the
    sensible village follows), so that the pack's votes join the village's; between equals,
    :func:`_most_suspicious`'s public reasons and seat order.  Public facts only, so every
    partner picks the same seat.  Past :data:`.pack.MAX_PLAYERS`, or before any claim,
    public reasons alone."""
    claims = reader.claims
    if not claims or reader.n > MAX_PLAYERS:
        return _most_suspicious(reader, deck, pool)
    keys = table_view(solver, claims)
    top = max(keys[t] for t in pool)
    return _most_suspicious(reader, deck, [t for t in pool if keys[t] == top])


def _most_suspicious(reader: ViewReader, deck: dict[int, int], pool: list[int]) -> int:
    """The seat of ``pool`` the table has the most public reasons to vote for (the lowest
    seat among equals: public reasons and seat order only, so the pack agrees)."""
    claims = reader.claims
    by_role = _roles_claimed(claims, -1)
    told = _told(claims)
    best = pool[0]
    top = _suspicion(claims, deck, by_role, told, best)
    for seat in pool[1:]:
        s = _suspicion(claims, deck, by_role, told, seat)
        if s > top or (s == top and seat < best):
            best, top = seat, s
    return best


def _told(claims: dict[int, ClaimKey]) -> dict[int, float]:
    """Per seat, what the others say they saw there: 2 for a Werewolf, -0.5 for anything else
    (halves and units: the sums are exact in any order)."""
    out: dict[int, float] = {}
    for other, oc in claims.items():
        for role, at, _ in oc.saw:
            if at >= 0 and at != other:
                out[at] = out.get(at, 0.0) + (2.0 if role == WOLF else -0.5)
    return out


def _suspicion(
    claims: dict[int, ClaimKey],
    deck: dict[int, int],
    by_role: dict[int, int],
    told: dict[int, float],
    seat: int,
) -> float:
    """The public reasons to vote for ``seat``: no claim, a role claimed once too often, a
    claim of a Werewolf or the Tanner, and what others say they saw there (:func:`_told`)."""
    c = claims.get(seat)
    s = 0.0
    if c is None or c.role < 0:
        s += 1.0
    else:
        if by_role.get(c.role, 0) > deck.get(c.role, 0):
            s += 1.0
        if c.role in (WOLF, TANNER):
            s += 2.0
    return s + told.get(seat, 0.0)
