"""The pack's lies: a liar chooses its claim by asking the solver what the village would
believe after it.

A seat on the werewolf side (a Werewolf, the Minion) or the Tanner lists the claims it
could make (:func:`candidates`: every village role with a copy nobody else claimed, with
the details a holder of that role would give: a Seer's two centre cards or one player's
card, the player a Robber robbed and what it found, the two players a Troublemaker
swapped, the centre card a Drunk took; the Minion and the Tanner may also claim to be a
Werewolf), and asks the solver, for each, what a villager who knows nothing but that
claim would believe: each seat's chance of ending as a Werewolf or the Tanner
(:func:`village_view`).  It says the claim that leaves the village's vote (the seat it
suspects most: P(Werewolf) - 0.8 P(Tanner), as the sensible village votes) farthest from
its own side: for a Werewolf, from itself and its partners; for the Minion, from the
Werewolves it saw; for the Tanner, the claim that draws the vote to itself.

Partners do not collide: a role a partner already claimed is never claimed again, and
a claim never names a partner a Werewolf; the Seer's look at a partner clears it.

**Speed.**  The solver's seats are interchangeable, and so are its centre cards, so what
the village believes after one claim depends only on the claim up to a renaming of the
seats and centre cards: the question is asked in a canonical form (the liar at seat 0,
the seats its claim names at 1 and 2, the centre cards it names at 0 and 1) and the
answer is kept per deck and table size (a bounded memo of a pure function, so it can
only save time; the same few claims recur in every game).  The claims already said are
not part of that question (they would make every question new, and the solver's answer
at the talk costs milliseconds); they decide which roles are left to claim.

**At six players** (:data:`CONTEXT_FROM`) the liar asks instead in context
(:func:`choose_in_context`): each candidate, and stories that fit what was said, weighed by
a spectator who heard the claims already said, the candidate and the partner's backing
(about ten exact questions per liar, in a bounded memo: only an early speaker's recur).
"""

from __future__ import annotations

import math
import random
from typing import Final

from loupgarou.core.actions import Action
from loupgarou.core.draws import pick

from .knowledge import (
    CENTRE,
    DRUNK,
    HUNTER,
    INSOM,
    MINION,
    ROBBER,
    SEER,
    TANNER,
    TM,
    VILLAGER,
    WOLF,
    ClaimKey,
    named_seats,
)
from .solver import Solver

_new: Final = tuple.__new__

LIE_ROLES: Final = (VILLAGER, HUNTER, DRUNK, TM, SEER, ROBBER, INSOM)
"""Village roles a liar may claim, in the order candidates are listed (a Mason lie is too
easily caught)."""
VIEW_BUDGET: Final = 12_000
VIEW_SAMPLES: Final = 400
"""The solver's effort for one canonical question (sampled past the budget: bounded)."""
VIEW_CACHE: Final = 8192
MAX_PLAYERS: Final = 6
"""The largest table where the liar asks the solver (and the pack votes by a spectator's
view, :func:`table_view`).  The exact answer for one claim, the seats nobody names dealt
as a multiset (:meth:`.Solver.spectator`), costs about 1 ms compiled at five players and
6 to 9 ms at six (the worst question 150 ms; once per question and process), but up to
a second from seven on: a liar there keeps the plain lie of :mod:`.bot`."""
TANNER_WEIGHT: Final = 0.8
"""The village's vote key is P(Werewolf) - 0.8 P(Tanner) (as in :mod:`.bot`)."""

_VIEWS: Final[dict[tuple[object, ...], tuple[float, ...]]] = {}
"""(deck, n, canonical claims) -> the village's vote key of each canonical seat."""


def village_view(
    solver: Solver, deck: tuple[int, ...], claim: ClaimKey, rival: int = -1
) -> tuple[float, ...]:
    """What a villager who knows nothing but ``claim`` (said by seat 0) believes: each seat's
    vote key, P(Werewolf) - 0.8 P(Tanner) (the solver's exact answer, sampled past
    :data:`VIEW_BUDGET`).  With ``rival``, seat ``rival`` claims the same role (no
    details): the village hears the claim contested."""
    n = solver.n
    key = (deck, n, claim, rival)
    hit = _VIEWS.get(key)
    if hit is not None:
        return hit
    claims = {0: claim}
    if rival > 0:
        claims[rival] = _claim(claim.role, None, frozenset())
    post = solver.spectator(claims, named_seats(claim), budget=VIEW_BUDGET, samples=VIEW_SAMPLES)
    keys = tuple(round(post.wolf(s) - TANNER_WEIGHT * post.tanner(s), 9) for s in range(n))
    if len(_VIEWS) >= VIEW_CACHE:
        _VIEWS.clear()
    _VIEWS[key] = keys
    return keys


def table_view(solver: Solver, claims: dict[int, ClaimKey]) -> tuple[float, ...]:
    """What a spectator who heard every claim so far believes: each seat's vote key,
    P(Werewolf) - 0.8 P(Tanner), rounded to 9 places (exact through
    :meth:`.Solver.spectator`; once every seat has spoken, that is the village's own vote
    table, which the solver keeps: the partners and the village share it)."""
    n = solver.n
    # Once every seat has claimed (at the vote) no seat is free, whatever the claims name.
    named: frozenset[int] = frozenset()
    if len(claims) < n:
        named = frozenset([s for c in claims.values() for s in named_seats(c)])
    post = solver.spectator(claims, named, budget=VIEW_BUDGET, samples=VIEW_SAMPLES)
    return tuple([round9(post.wolf(s) - TANNER_WEIGHT * post.tanner(s)) for s in range(n)])


def round9(x: float) -> float:
    """``round(x, 9)``, the same value (a zero may lose its sign), several times cheaper for
    the numbers a vote compares.

    Python rounds through a correctly rounded decimal string.  For ``|x| < 16`` the product
    ``x * 1e9`` (below 2**34) is within 2**-20 of the exact product, so when it is not within
    1e-5 of halfway between two integers, its nearest integer ``r`` is the exact product's
    too, and ``r / 1e9`` (a correctly rounded division of two exact numbers) is the double
    nearest to the rounded decimal: what ``round`` returns.  Anything else goes to ``round``.
    """
    if -16.0 < x < 16.0:
        y = x * 1e9
        r = math.floor(y + 0.5)  # the nearest integer, when y is not near halfway
        if abs(abs(y - r) - 0.5) >= 1e-5:
            return r / 1e9
    return round(x, 9)


def canonical(claim: ClaimKey, me: int) -> tuple[ClaimKey, dict[int, int]]:
    """``claim`` said by ``me`` with the seats renamed (``me`` -> 0, the seats it names -> 1,
    2 in order of first mention) and the centre cards renamed (first named -> 0, then 1),
    and the renaming of seats."""
    seats: dict[int, int] = {me: 0}
    slots: dict[int, int] = {}

    def seat(s: int) -> int:
        if s < 0:
            return s
        got = seats.get(s)
        if got is None:
            got = seats[s] = len(seats)
        return got

    def slot(c: int) -> int:
        if c < 0:
            return c
        got = slots.get(c)
        if got is None:
            got = slots[c] = len(slots)
        return got

    did = claim.did
    if did is not None:
        did = _new(
            Action,
            (did.kind, tuple([seat(p) for p in did.players]), tuple([slot(c) for c in did.centre])),
        )
    saw = frozenset([(r, seat(s), slot(c)) for r, s, c in sorted(claim.saw)])
    return _new(ClaimKey, (claim.role, did, saw)), seats


def candidates(  # noqa: PLR0917 - what the liar knows, plainly
    me: int,
    n: int,
    deck: dict[int, int],
    claimed: dict[int, int],
    partners: set[int],
    partner_roles: set[int],
    centre_seen: dict[int, int],
    liar_role: int,
) -> list[ClaimKey]:
    """The claims the liar weighs: one per village role with a copy nobody else claimed
    (and no partner), with the details a holder of that role would give (see the module
    docstring); the Minion and the Tanner may also claim to be a Werewolf."""
    out: list[ClaimKey] = []
    others = [s for s in range(n) if s != me]
    strangers = [s for s in others if s not in partners] or others
    friend = min(partners) if partners else -1
    none: frozenset[tuple[int, int, int]] = frozenset()
    found = _found(deck)
    free = [
        r for r in LIE_ROLES if deck.get(r, 0) - claimed.get(r, 0) > 0 and r not in partner_roles
    ]
    for role in free:
        if role in (VILLAGER, HUNTER):
            out.append(_claim(role, None, none))
        elif role == INSOM:
            out.append(_claim(INSOM, None, frozenset({(INSOM, me, -1)})))
        elif role == DRUNK:
            c = min(centre_seen) if centre_seen else 0
            out.append(_claim(DRUNK, _act("take", (), (c,)), none))
        elif role == TM:
            if len(strangers) >= 2:
                out.append(_claim(TM, _act("swap", (strangers[0], strangers[1])), none))
        elif role == ROBBER:
            # Robbing a partner and finding a village card clears the partner, who backs it.
            t = friend if friend >= 0 else strangers[0]
            out.append(_claim(ROBBER, _act("rob", (t,)), frozenset({(found, me, -1)})))
        elif role == SEER:
            out.append(_seer(me, friend, strangers[0], centre_seen, deck))
    if liar_role in (MINION, TANNER) and WOLF in deck:
        out.append(_claim(WOLF, None, none))
    return out


def _found(deck: dict[int, int]) -> int:
    """What a Robber or a Seer says it found: a Villager if the deck has one, else the
    commonest other village role."""
    if VILLAGER in deck:
        return VILLAGER
    rest = [r for r in deck if r not in (WOLF, MINION, TANNER, SEER, ROBBER)]
    return max(rest, key=lambda r: (deck[r], -r)) if rest else VILLAGER


def _seer(
    me: int, friend: int, stranger: int, centre_seen: dict[int, int], deck: dict[int, int]
) -> ClaimKey:
    """A Seer's claim: a look at the partner, who was a village card (the partner backs
    it); or, for a lone Werewolf that peeked, the two centre cards, one of them the card it
    really saw and the other one the deck holds besides it (not a second Villager from a
    deck of one); or a look at a stranger."""
    found = _found(deck)
    if friend >= 0:
        return _claim(SEER, _act("look", (friend,)), frozenset({(found, friend, -1)}))
    if centre_seen:
        c = min(centre_seen)
        d = 1 if c == 0 else 0
        pair = (min(c, d), max(c, d))
        left = dict(deck)
        left[centre_seen[c]] = left.get(centre_seen[c], 0) - 1
        seen = frozenset(
            {(centre_seen[c], -1, c), (_found({r: k for r, k in left.items() if k > 0}), -1, d)}
        )
        return _claim(SEER, _act("look", (), pair), seen)
    return _claim(SEER, _act("look", (stranger,)), frozenset({(found, stranger, -1)}))


_CHOICES: Final[dict[tuple[object, ...], tuple[ClaimKey, ...]]] = {}
"""(deck, n, liar's role, partners, partners' roles, centre seen, roles claimed) -> the best
claims, the liar at seat 0 (seats are interchangeable: a liar elsewhere turns them)."""


def choose_lie(  # noqa: PLR0917 - what the liar knows, plainly
    solver: Solver,
    deck_key: tuple[int, ...],
    me: int,
    deck: dict[int, int],
    claimed: dict[int, int],
    partners: set[int],
    partner_roles: set[int],
    centre_seen: dict[int, int],
    liar_role: int,
    spoken: set[int],
    rng: random.Random,
) -> ClaimKey | None:
    """The liar's claim (see the module docstring): the best of :func:`candidates`, asked
    with the liar at seat 0 and turned back to its seat; one of the best at random.
    ``spoken``: the seats that have claimed something."""
    n = solver.n
    if n > MAX_PLAYERS:
        return None
    rel = frozenset([(s - me) % n for s in partners])
    # Who may still contest a claim: the other players who have not spoken, partners out.
    silent = sum(1 for s in range(n) if s != me and s not in partners and s not in spoken)
    # The cards the liar cannot place: every card but its own, its partners' and the
    # centre cards it saw, less those of the players who spoke (they claimed other roles).
    unknown = n + 3 - 1 - len(partners) - len(centre_seen) - len(spoken - partners)
    key = (
        deck_key,
        n,
        liar_role,
        rel,
        frozenset(partner_roles),
        tuple(sorted(centre_seen.items())),
        tuple(sorted((r, c) for r, c in claimed.items() if r >= 0)),
        silent,
        unknown,
    )
    best = _CHOICES.get(key)
    if best is None:
        options = candidates(0, n, deck, claimed, set(rel), partner_roles, centre_seen, liar_role)
        own = set() if liar_role == TANNER else set(rel) | ({0} if liar_role == WOLF else set())
        contest = {
            role: (
                0.0 if role in centre_seen.values() or unknown <= 0 else min(1.0, silent / unknown)
            )
            for role in LIE_ROLES
            if deck.get(role, 0) - claimed.get(role, 0) == 1
        }
        best = best_claims(solver, deck_key, options, own, liar_role, contest)
        if len(_CHOICES) >= VIEW_CACHE:
            _CHOICES.clear()
        _CHOICES[key] = best
    if not best:
        return None
    chosen = best[0] if len(best) == 1 else pick(rng, list(best))
    return turned(chosen, me, n) if me else chosen


def backed(me: int, partners: set[int], claims: dict[int, ClaimKey]) -> ClaimKey | None:
    """The claim that backs a partner's story about this seat: a partner who says it saw a
    village role here (a Seer's look), or that it robbed this seat and found one, has told
    the table what this seat was dealt; the seat then claims exactly that."""
    for s in sorted(partners):
        c = claims.get(s)
        if c is None:
            continue
        robbed_me = c.did is not None and c.did.kind == "rob" and c.did.players == (me,)
        for role, at, _ in c.saw:
            if (at == me or (robbed_me and at == s)) and role not in (WOLF, MINION, TANNER):
                return _claim(role, None, frozenset())
    return None


def turned(claim: ClaimKey, by: int, n: int) -> ClaimKey:
    """``claim`` with every seat moved ``by`` places clockwise."""
    did = claim.did
    if did is not None and did.players:
        did = _new(Action, (did.kind, tuple([(p + by) % n for p in did.players]), did.centre))
    saw = frozenset([(r, s if s < 0 else (s + by) % n, c) for r, s, c in claim.saw])
    return _new(ClaimKey, (claim.role, did, saw))


def best_claims(  # noqa: PLR0917 - the question, plainly
    solver: Solver,
    deck_key: tuple[int, ...],
    options: list[ClaimKey],
    own: set[int],
    liar_role: int,
    contest: dict[int, float],
) -> tuple[ClaimKey, ...]:
    """The claims of ``options`` (said by seat 0) that leave the village's suspicion lowest
    on ``own`` (the seats the liar protects), or highest on the liar (the Tanner; a Minion
    who saw no Werewolf).  ``contest[role]``: the chance that the last free copy of a role
    is held by a player yet to speak, who will then claim it too: the village's view is
    then the one where a second seat claims the role, weighed by that chance."""
    best: list[ClaimKey] = []
    top = 0.0
    for claim in options:
        canon, names = canonical(claim, 0)
        score = _score(solver, deck_key, canon, names, own, liar_role, -1)
        p = contest.get(claim.role, 0.0)
        if p > 0.0 and len(names) < solver.n:
            rival = _score(solver, deck_key, canon, names, own, liar_role, len(names))
            score = (1.0 - p) * score + p * rival
        score = round(score, 9)
        if not best or score > top:
            best, top = [claim], score
        elif score == top:
            best.append(claim)
    return tuple(best)


def _score(  # noqa: PLR0917 - the question, plainly
    solver: Solver,
    deck_key: tuple[int, ...],
    canon: ClaimKey,
    names: dict[int, int],
    own: set[int],
    liar_role: int,
    rival: int,
) -> float:
    """How good ``canon`` is for the liar at seat 0 (higher is better), with ``rival``
    (a canonical seat, or -1) contesting its role."""
    n = solver.n
    view = village_view(solver, deck_key, canon, rival)
    # An unnamed seat stands for every seat the claim does not name (the rival apart).
    free = len(names) + (1 if rival >= 0 else 0)
    rest = view[free] if free < n else view[-1]
    keys = [view[names[s]] if s in names else rest for s in range(n)]
    if liar_role == TANNER:
        return keys[0]
    if own:
        return -sum(keys[s] for s in own)
    return keys[0]  # a Minion who saw no Werewolf: the vote had better fall on itself


def _act(kind: str, players: tuple[int, ...] = (), centre: tuple[int, ...] = ()) -> Action:
    return _new(Action, (kind, players, centre))


def _claim(role: int, did: Action | None, saw: frozenset[tuple[int, int, int]]) -> ClaimKey:
    return _new(ClaimKey, (role, did, saw))


def centre_seen_of(
    obs: list[tuple[int | str, ...]] | tuple[tuple[int | str, ...], ...],
) -> dict[int, int]:
    """The centre cards a seat saw: slot -> role."""
    return {int(o[1]): int(o[2]) for o in obs if o[0] == CENTRE}


CONTEXT_FROM: Final = 6
"""From this table size on (up to :data:`MAX_PLAYERS`), the liar weighs its candidates
against the claims actually said (:func:`choose_in_context`)."""


def choose_in_context(  # noqa: PLR0917 - what the liar knows, plainly
    solver: Solver,
    me: int,
    deck: dict[int, int],
    claims: dict[int, ClaimKey],
    partners: set[int],
    centre_seen: dict[int, int],
    liar_role: int,
    rng: random.Random,
) -> ClaimKey | None:
    """The liar's claim weighed against the claims already said: for each candidate
    (:func:`context_candidates`), what a spectator who heard those claims, the candidate
    and the partner's backing (a partner the candidate says it saw, yet to speak, will say
    the role it was seen as) believes; a single copy left of the claimed role may still be
    claimed by a player yet to speak (weighed by that chance, as :func:`choose_lie`)."""
    n = solver.n
    said = {s: c for s, c in claims.items() if s != me}
    spoken = set(said)
    claimed: dict[int, int] = {}
    for c in said.values():
        claimed[c.role] = claimed.get(c.role, 0) + 1
    partner_roles = {said[s].role for s in partners if s in said}
    options = context_candidates(
        me, n, deck, said, claimed, partners, partner_roles, centre_seen, liar_role
    )
    if not options:
        return None
    own = set() if liar_role == TANNER else set(partners) | ({me} if liar_role == WOLF else set())
    silent = [s for s in range(n) if s != me and s not in partners and s not in spoken]
    unknown = n + 3 - 1 - len(partners) - len(centre_seen) - len(spoken - partners)
    deck_key = tuple(sorted(deck.items()))
    best: list[ClaimKey] = []
    top = 0.0
    for claim in options:
        table = dict(said)
        table[me] = claim
        for s in partners:
            if s not in said:
                back = backed(s, {me}, table)
                if back is not None:
                    table[s] = back
        score = _context_score(solver, deck_key, table, me, own, liar_role)
        left = deck.get(claim.role, 0) - claimed.get(claim.role, 0)
        if left == 1 and claim.role not in centre_seen.values() and unknown > 0:
            named = named_seats(claim)
            free = [s for s in silent if s not in named and s not in table]
            if free:
                p = min(1.0, len(silent) / unknown)
                table[free[0]] = _claim(claim.role, None, frozenset())
                rival = _context_score(solver, deck_key, table, me, own, liar_role)
                score = (1.0 - p) * score + p * rival
        score = round(score, 9)
        if not best or score > top:
            best, top = [claim], score
        elif score == top:
            best.append(claim)
    return best[0] if len(best) == 1 else pick(rng, best)


_CONTEXT_VIEWS: Final[dict[tuple[object, ...], tuple[float, ...]]] = {}
"""(deck, n, every claim) -> :func:`table_view`'s answer, for :func:`_context_score` (a
bounded memo of a pure function: a liar who speaks first or second asks the same few
questions as many others)."""


def _context_score(  # noqa: PLR0917 - the question, plainly
    solver: Solver,
    deck_key: tuple[tuple[int, int], ...],
    table: dict[int, ClaimKey],
    me: int,
    own: set[int],
    liar_role: int,
) -> float:
    """How good the claims of ``table`` are for the liar ``me`` (higher is better)."""
    key = (deck_key, solver.n, tuple(sorted(table.items())))
    keys = _CONTEXT_VIEWS.get(key)
    if keys is None:
        keys = table_view(solver, table)
        if len(_CONTEXT_VIEWS) >= VIEW_CACHE:
            _CONTEXT_VIEWS.clear()
        _CONTEXT_VIEWS[key] = keys
    if liar_role == TANNER or not own:
        return keys[me]
    return -sum(keys[s] for s in own)


def context_candidates(  # noqa: PLR0917 - what the liar knows, plainly
    me: int,
    n: int,
    deck: dict[int, int],
    said: dict[int, ClaimKey],
    claimed: dict[int, int],
    partners: set[int],
    partner_roles: set[int],
    centre_seen: dict[int, int],
    liar_role: int,
) -> list[ClaimKey]:
    """:func:`candidates`, and stories that fit what was said: a Seer's look at a player
    who claimed a village role, seeing that role; a Robber's theft from such a player,
    finding that role."""
    out = candidates(me, n, deck, claimed, partners, partner_roles, centre_seen, liar_role)
    seen = set(out)
    free = {r for r in LIE_ROLES if deck.get(r, 0) - claimed.get(r, 0) > 0}
    free -= partner_roles
    told = sorted((s, c.role) for s, c in said.items() if s not in partners and c.role in LIE_ROLES)
    extra: list[ClaimKey] = []
    if SEER in free:
        extra.extend(_claim(SEER, _act("look", (s,)), frozenset({(r, s, -1)})) for s, r in told)
    if ROBBER in free:
        extra.extend(
            _claim(ROBBER, _act("rob", (s,)), frozenset({(r, me, -1)}))
            for s, r in told
            if r != ROBBER
        )
    for c in extra:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out
