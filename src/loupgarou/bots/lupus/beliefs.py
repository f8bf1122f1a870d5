"""Suspicion: each player's chance of being a Werewolf, from one seat's reading of the table.

:func:`suspicion` gives every seat (living or dead) a probability of being a
Werewolf now.  Seats whose status is certain (``Reader.facts`` for the seat's
own view, ``Reader.public_facts`` for the table's) get 1 or 0.  Every other
seat gets a score in log-odds, the sum of the evidence against it:

- the sightings of claimed Seers, Mediums, Mythomaniacs (turned Seer) and
  Bodyguards (a protégé who lived through a night nobody died), each weighed by
  the claimer's credibility (a claim that contradicts a fact is a lie; two
  players claiming the same role share the doubt, unless one of them was
  killed in the night: the pack does not kill its own);
- the claimer itself: a liar is most likely on the Werewolves' side, two
  claimants of one role are suspect, a lone claimant a little trusted; a pair
  of Freemasons naming each other is trusted;
- the votes: a stage 1 or stage 2 ballot against a player known (or credibly
  said) to be a Werewolf speaks for the voter, a ballot that saves one or
  targets a credibly cleared player speaks against;
- what only the seat knows: the Bodyguard's protégé on a night nobody died was
  most likely attacked, so he is not a Werewolf.

The scores are then calibrated together: one offset is added to all of them so
that the probabilities of the uncertain seats add up to the Werewolves not yet
accounted for (and, while the game goes on, at least one living Werewolf).
"""

from __future__ import annotations

import math
from collections import Counter

from .reader import INFO_ROLES, UNIQUE_CLAIMS, Reader

Beliefs = dict[int, float]

HONEST = 0.85
"""The credibility of a lone claimant of a role with sightings."""
LIAR = 2.2
"""Log-odds added to a player caught lying (a Werewolf, or the Possessed)."""
_MINE = frozenset({*UNIQUE_CLAIMS, "freemason"})
"""Cards whose holder knows that anyone else claiming them lies (but his fellow Freemason);
the roles with sightings are counted as lies in :func:`credibility`."""


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def _logit(p: float) -> float:
    p = min(1 - 1e-6, max(1e-6, p))
    return math.log(p / (1 - p))


def credibility(
    r: Reader, facts: dict[int, bool], me: int | None, doubt: Beliefs | None = None
) -> dict[int, float]:
    """Each claimant of a role with sightings: the chance that what it says is true.

    A claim that contradicts a fact is a lie (0).  A lone claimant is believed at
    :data:`HONEST`; several claimants of one role share the belief, the first to speak
    weighing more and one killed in the night far more (the pack does not kill its
    own).  ``doubt`` (each seat's chance of being a Werewolf from a first pass) lowers
    the share of a claimant the rest of the evidence points at."""
    cred: dict[int, float] = {}
    by_role: dict[str, list[int]] = {}
    for s, said in r.claims.items():
        if said.role in INFO_ROLES and s != me:
            by_role.setdefault(said.role, []).append(s)
    for role, seats in by_role.items():
        mine = me is not None and r.card == role  # I hold that role: they all lie
        honest = [s for s in seats if not mine and not _lies(r, s, facts)]
        for s in seats:
            cred[s] = 0.0
        if len(honest) == 1:
            (s,) = honest
            k = 0.95 if r.died_at_night(s) else HONEST
            if doubt is not None:
                k *= min(1.0, 2.0 * (1.0 - doubt.get(s, 0.0)))
            cred[s] = k
        elif honest:
            first = min(honest, key=lambda s: r.claims[s].first)
            weight = {}
            for s in honest:
                w = 1.5 if s == first else 1.0
                if r.died_at_night(s):
                    w *= 6.0
                if doubt is not None:
                    w *= 1.0 - doubt.get(s, 0.0)
                weight[s] = w
            total = sum(weight.values()) or 1.0
            for s in honest:
                cred[s] = 0.9 * weight[s] / total
    _cross_check(r, cred)
    return cred


def _lies(r: Reader, seat: int, facts: dict[int, bool]) -> bool:
    """Whether ``seat``'s claim contradicts what is known for sure."""
    said = r.claims[seat]
    if facts.get(seat) is True:
        return True
    if len(said.roles & set(INFO_ROLES)) > 1 or said.overclaimed:
        return True
    for t, wolf in said.saw.items():
        if t == seat:
            continue
        truth = facts.get(t)
        if truth is not None and truth != wolf:
            return True
        if said.role == "medium" and not any(s == t for _, s in r.lynched):
            return True  # a Medium only learns about the lynched
    return False


def _cross_check(r: Reader, cred: dict[int, float]) -> None:
    """Two claimants who disagree about a seat cannot both be right: the one less
    credible loses most of its credit; between equals, both lose half."""
    seats = sorted(s for s, c in cred.items() if c > 0)
    for a_i, a in enumerate(seats):
        for b in seats[a_i + 1 :]:
            if r.claims[a].role == r.claims[b].role:
                continue  # shared out in credibility()
            sa, sb = r.claims[a].saw, r.claims[b].saw
            clash = any(t in sb and sb[t] != w for t, w in sa.items())
            clash = clash or sa.get(b) is True or sb.get(a) is True
            if not clash:
                continue
            ca, cb = cred[a], cred[b]
            if abs(ca - cb) < 0.2:
                cred[a], cred[b] = ca * 0.55, cb * 0.55
            elif ca > cb:
                cred[b] = cb * 0.3
            else:
                cred[a] = ca * 0.3


def suspicion(r: Reader, *, private: bool = True) -> Beliefs:
    """Every seat's probability of being a Werewolf (see the module docstring)."""
    me = r.seat if private else None
    facts = r.facts if private else r.public_facts
    first = _pass(r, facts, credibility(r, facts, me), me, private)
    if not r.claims:
        return first
    return _pass(r, facts, credibility(r, facts, me, first), me, private)


def _pass(
    r: Reader, facts: dict[int, bool], cred: dict[int, float], me: int | None, private: bool
) -> Beliefs:
    score = [0.0] * r.n
    _claims(r, facts, cred, score, me)
    _votes(r, facts, cred, score)
    if private:
        for s in r.saved:
            score[s] -= 2.0
    if r.deadly_owl:  # the Deadly Owl: a pick alive at the suspects step survived it
        for _, s in r.owl_picks:
            score[s] += 3.0
    return _calibrate(r, facts, score)


def _claims(
    r: Reader, facts: dict[int, bool], cred: dict[int, float], score: list[float], me: int | None
) -> None:
    b0 = max(0.05, min(0.5, r.wolves_in_deck() / max(1, r.n)))
    liar_weight = LIAR if "possessed" not in r.deck else LIAR - 0.5
    masons: Counter[int] = Counter()
    for s, said in r.claims.items():
        if s == me:
            continue
        if said.role in INFO_ROLES:
            k = cred.get(s, 0.0)
            if k == 0.0:
                score[s] += liar_weight
            elif k < 0.5:
                score[s] += 0.8 * (1 - k)
            else:
                score[s] -= 0.8
            for t, wolf in said.saw.items():
                if t == s or not 0 <= t < r.n:
                    continue
                rival = r.claims.get(t)
                # any liar names the claimant he contradicts: that tells little
                k_t = k * 0.3 if rival is not None and rival.role == said.role else k
                if wolf:
                    score[t] += _logit(k_t + (1 - k_t) * b0) - _logit(b0)
                else:
                    score[t] += _logit((1 - k_t) * b0 + 1e-3) - _logit(b0)
        elif said.role == "freemason":
            for t, _ in said.saw.items():
                if t != s and r.claims.get(t) is not None and r.claims[t].role == "freemason":
                    masons[s] += 1
                    masons[t] += 1
        if len(said.roles) > 1:
            score[s] += 1.0
        if me is not None and said.role == r.card and said.role in _MINE and s not in r.masons:
            score[s] += 0.0 if said.role in INFO_ROLES else liar_weight  # he claims my card
    claimed_masons = [s for s, c in r.claims.items() if c.role == "freemason" and s != me]
    if 0 < len(claimed_masons) <= 2:
        for s, count in masons.items():
            if count >= 2:
                score[s] -= 1.5
    elif len(claimed_masons) > 2:
        for s in claimed_masons:
            score[s] += 0.7


def _votes(r: Reader, facts: dict[int, bool], cred: dict[int, float], score: list[float]) -> None:
    """Ballots against known Werewolves clear the voter a little; ballots against players
    credibly cleared (once they were), or that save a known Werewolf in stage 2, weigh
    against it."""
    said_at: dict[int, tuple[int, bool]] = {}
    """Seat -> (when a credible claimant first spoke about it, Werewolf?)."""
    for s, said in r.claims.items():
        if cred.get(s, 0.0) >= 0.7:
            for t, wolf in said.saw.items():
                if t not in said_at or said_at[t][0] > said.first:
                    said_at[t] = (said.first, wolf)
            said_at.setdefault(s, (said.first, False))

    def status(t: int, when: int) -> bool | None:
        f = facts.get(t)
        if f is not None and not r.died_at_night(t):
            return f
        got = said_at.get(t)
        return got[1] if got is not None and got[0] < when else None

    for i, _, v, t in r.stage1:
        w = status(t, i)
        if w is True:
            score[v] -= 0.35
        elif w is False:
            score[v] += 0.3
    for i, _, v, t, suspects in r.stage2:
        other = [s for s in suspects if s != t]
        w = status(t, i)
        wo = status(other[0], i) if other else None
        if w is True:
            score[v] -= 0.4
        elif wo is True:
            score[v] += 0.7
        elif w is False:
            score[v] += 0.3


def _calibrate(r: Reader, facts: dict[int, bool], score: list[float]) -> Beliefs:
    n = r.n
    out: Beliefs = {}
    unknown = []
    sure = 0
    for s in range(n):
        f = facts.get(s)
        if f is None:
            unknown.append(s)
        else:
            out[s] = 1.0 if f else 0.0
            sure += f
    total = max(0.0, min(float(len(unknown)), r.wolves_in_deck() - sure))
    _fit(out, unknown, score, total)
    living = [s for s in unknown if s in r.alive]
    living_sure = sum(1 for s in r.alive if facts.get(s) is True)
    need = 1.0 - living_sure
    if living and need > 0 and sum(out[s] for s in living) < need:
        _fit(out, living, score, min(need, float(len(living))))
    return out


def _fit(out: Beliefs, seats: list[int], score: list[float], total: float) -> None:
    """Set ``out[s] = sigmoid(c + score[s])`` with ``c`` chosen so they add up to ``total``."""
    if not seats:
        return
    if total <= 0:
        for s in seats:
            out[s] = 0.0
        return
    if total >= len(seats):
        for s in seats:
            out[s] = 1.0
        return
    # sum(sigmoid(c + x)) is increasing in c: Newton's method from a fair start, kept
    # inside a bracket that bisection would shrink; a handful of steps reach 1e-9.
    ex = [math.exp(-max(-30.0, min(30.0, score[s]))) for s in seats]
    lo, hi = -70.0, 70.0
    c = _logit(total / len(seats)) - sum(score[s] for s in seats) / len(seats)
    for _ in range(60):
        e = math.exp(-max(-60.0, min(60.0, c)))
        got = 0.0
        slope = 0.0
        for x in ex:
            q = 1.0 / (1.0 + e * x)
            got += q
            slope += q * (1.0 - q)
        diff = got - total
        if abs(diff) < 1e-9:
            break
        if diff < 0:
            lo = c
        else:
            hi = c
        step = c - diff / slope if slope > 1e-12 else (lo + hi) / 2
        c = step if lo < step < hi else (lo + hi) / 2
    e = math.exp(-max(-60.0, min(60.0, c)))
    for s, x in zip(seats, ex, strict=True):
        out[s] = 1.0 / (1.0 + e * x)


def hamster_odds(r: Reader, p: Beliefs) -> Beliefs:
    """Each seat's chance of being the Werehamster (none when the deck has none), from the
    seat's view: not the seat itself, nobody whose card it knows, nobody who died in the
    night, nobody a credible Seer pointed at and who lived (her look kills him), nor a
    credible claimant; the rest in proportion to their chance of not being a Werewolf."""
    if "werehamster" not in r.deck or r.role == "werehamster":
        return dict.fromkeys(range(r.n), 0.0)
    cleared = set(r.facts) | {r.seat}
    cleared |= {s for s, _ in r.looks}
    cred = credibility(r, r.facts, r.seat, p)
    for s, k in cred.items():
        if k >= 0.5:
            cleared.add(s)
            cleared |= {t for t, wolf in r.claims[s].saw.items() if not wolf and t in r.alive}
    weight = {s: 1.0 - p.get(s, 0.0) for s in range(r.n) if s not in cleared}
    total = sum(weight.values())
    out = dict.fromkeys(range(r.n), 0.0)
    if total > 0:
        for s, w in weight.items():
            out[s] = w / total
    return out
