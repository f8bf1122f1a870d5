"""A brute-force reference for the One Night solver, built on the real rules.

Every deal (each distinct arrangement of the deck's roles) and every sequence
of night choices is played through the family's own pure functions
(``VARIANT.apply_chance`` / ``decisions`` / ``apply``); each seat's knowledge is
read from the events addressed to it, exactly as a bot reads its view.  The
weights follow the solver's model (see ``loupgarou.bots.one_night.solver``), so
the two must agree to rounding.  Slow: only for small decks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import permutations
from typing import Any

import pytest

from loupgarou.bots.one_night.knowledge import (
    LIAR_ROLES,
    ROLES,
    WOLF,
    ClaimKey,
    NightKnowledge,
    ViewReader,
    compatible,
    known_role,
    truthful,
)
from loupgarou.bots.one_night.solver import EPSILON, Posterior, solver_for
from loupgarou.core.events import Event
from loupgarou.core.variant import GameConfig
from loupgarou.engine.views import SeatView
from loupgarou.variants.one_night import VARIANT
from loupgarou.variants.one_night.roles import Role


def _deals(deck: Sequence[Role], size: int) -> Iterator[list[int]]:
    """One card-id permutation per distinct role arrangement."""
    seen: set[tuple[Role, ...]] = set()
    for perm in permutations(range(size)):
        roles = tuple(deck[i] for i in perm)
        if roles not in seen:
            seen.add(roles)
            yield list(perm)


def worlds(deck: Sequence[str], n: int) -> Iterator[tuple[float, Any, list[Event]]]:
    """Every (prior weight of the choices, day state, events) of the deck."""
    config = GameConfig("one-night", tuple(f"p{i}" for i in range(n)), tuple(deck), {})
    start, _ = VARIANT.setup(config)
    for perm in _deals(start.deck, n + 3):
        state, events = VARIANT.apply_chance(start, perm)
        yield from _branch(state, list(events), 1.0)


def _branch(state: Any, events: list[Event], w: float) -> Iterator[tuple[float, Any, list[Event]]]:
    if state.phase != "night":
        yield w, state, events
        return
    (decision,) = VARIANT.decisions(state)
    share = w / len(decision.options)
    for action in decision.options:
        nxt, more = VARIANT.apply(state, decision.seat, action)
        yield from _branch(nxt, events + list(more), share)


def _knowledge(seat: int, n: int, events: list[Event]) -> NightKnowledge:
    reader = ViewReader(seat)
    mine = tuple(e for e in events if e.audience.includes(seat))
    reader.update(
        SeatView(seat, tuple(f"p{i}" for i in range(n)), "one-night", {}, mine, None, None)
    )
    return reader.knowledge()


World = tuple[float, Any, list[NightKnowledge]]
"""A world's prior weight, its day state, and every seat's knowledge."""


def all_worlds(deck: Sequence[str], n: int) -> list[World]:
    return [
        (w, state, [_knowledge(s, n, events) for s in range(n)])
        for w, state, events in worlds(deck, n)
    ]


def brute_posterior(
    deck: Sequence[str],
    n: int,
    every: Sequence[World],
    knowledge: NightKnowledge | None,
    claims: Mapping[int, ClaimKey],
    *,
    lenient: bool = False,
) -> tuple[list[list[float]], float] | None:
    """Final-role probabilities of every position, and P(no Werewolf among players)."""
    solver = solver_for(tuple(ROLES.index(Role(r)) for r in deck), n)
    me = -1 if knowledge is None else knowledge.seat
    total = 0.0
    wolfless = 0.0
    final = [[0.0] * len(ROLES) for _ in range(n + 3)]
    for prior, state, known in every:
        if knowledge is not None and known[me] != knowledge:
            continue
        w = prior
        # The seat's own choices are given, not drawn: divide their prior out.
        for s_, claim in claims.items():
            if s_ == me:
                continue
            k = known[s_]
            if known_role(k.dealt, k.obs) in LIAR_ROLES:
                w *= solver.lie_weight(claim)
            elif not compatible(claim, truthful(s_, k.dealt, k.obs)):
                if not lenient:
                    w = 0.0
                    break
                w *= EPSILON * solver.lie_weight(claim)
        if w == 0.0:
            continue
        total += w
        roles = [ROLES.index(state.effective(state.cards[p])) for p in range(n + 3)]
        for p, r in enumerate(roles):
            final[p][r] += w
        if WOLF not in roles[:n]:
            wolfless += w
    if total == 0.0:
        return None
    return [[v / total for v in row] for row in final], wolfless / total


def agrees_with_brute_force(
    post: Posterior,
    deck: Sequence[str],
    n: int,
    every: Sequence[World],
    *,
    knowledge: NightKnowledge | None,
    claims: Mapping[int, ClaimKey],
) -> None:
    """``post`` is exact and gives brute force's answer to 1e-9 (lenient if it says so)."""
    ref = brute_posterior(deck, n, every, knowledge, claims, lenient=post.lenient)
    assert ref is not None
    final, no_wolf = ref
    assert post.exact
    for p in range(n + 3):
        assert post.final[p] == pytest.approx(final[p], abs=1e-9)
    assert post.no_wolf == pytest.approx(no_wolf, abs=1e-9)
