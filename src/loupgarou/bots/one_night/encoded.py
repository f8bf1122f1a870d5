"""The night's choices as the solver's enumerations write them: small tuples of ints.

Contract: pure functions and constants shared by the general enumeration (:mod:`.solver`)
and the Doppelgänger's path (:mod:`.doppel`).  An encoded action is ``(verb, ...)``, its
verb one of the ``*_V`` numbers (numbers for speed, tuples to be hashed and compared in C);
:func:`options` lists a decision's choices in the rules' order, :func:`as_action` turns one
back into the engine's :class:`Action`, :func:`own_action` reads the solving seat's own
choice from what it saw, and :func:`arrangements` counts the orders of a multiset of cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from loupgarou.core.actions import PASS, Action

from .knowledge import CARD, CENTRE, COPIED, DECLINED, ROBBED, SWAPPED, TOOK, Obs

PASS_V: Final = 0
COPY_V: Final = 1
LOOKP_V: Final = 2
LOOKC_V: Final = 3
PEEK_V: Final = 4
ROB_V: Final = 5
SWAP_V: Final = 6
TAKE_V: Final = 7
EAction = tuple[int, ...]


def as_action(a: EAction) -> Action:
    v = a[0]
    if v == PASS_V:
        return PASS
    if v == COPY_V:
        return Action("copy", (a[1],))
    if v == LOOKP_V:
        return Action("look", (a[1],))
    if v == LOOKC_V:
        return Action("look", (), (a[1], a[2]))
    if v == PEEK_V:
        return Action("peek", (), (a[1],))
    if v == ROB_V:
        return Action("rob", (a[1],))
    if v == SWAP_V:
        return Action("swap", (a[1], a[2]))
    return Action("take", (), (a[1],))


def options(kind: str, n: int, seat: int) -> tuple[EAction, ...]:
    """The legal options of a decision, in the rules' order (see ``one_night.night``)."""
    others = [t for t in range(n) if t != seat]
    if kind == "copy":
        return tuple((COPY_V, t) for t in others)
    if kind == "seer":
        return (
            *((LOOKP_V, t) for t in others),
            *((LOOKC_V, a, b) for a, b in combinations(range(3), 2)),
            (PASS_V,),
        )
    if kind == "robber":
        return (*((ROB_V, t) for t in others), (PASS_V,))
    if kind == "troublemaker":
        return (*((SWAP_V, a, b) for a, b in combinations(others, 2)), (PASS_V,))
    if kind == "drunk":
        return tuple((TAKE_V, c) for c in range(3))
    if kind == "lone_wolf":
        return (*((PEEK_V, c) for c in range(3)), (PASS_V,))
    raise KeyError(kind)


def arrangements(counts: dict[int, int]) -> float:
    """In how many distinct orders the cards ``counts`` can lie (a multinomial)."""
    total = 1.0
    k = 0
    for m in counts.values():
        for j in range(1, m + 1):
            k += 1
            total *= k / j
    return total


def own_action(kind: str, mine: Sequence[Obs], done: int) -> EAction | None:
    """The action the solving seat took at its decision ``kind``, read from what it saw
    next: ``mine`` is everything it saw, ``done`` how much of it a walk has told it."""
    k = done
    if k >= len(mine):
        return None
    o = mine[k]
    v = o[0]
    if v == DECLINED:
        return (PASS_V,) if kind not in ("copy", "drunk") else None
    if kind == "copy":
        return (COPY_V, int(o[1])) if v == COPIED else None
    if kind == "seer":
        if v == CARD:
            return (LOOKP_V, int(o[1]))
        if v == CENTRE and k + 1 < len(mine) and mine[k + 1][0] == CENTRE:
            return (LOOKC_V, int(o[1]), int(mine[k + 1][1]))
        return None
    if kind == "lone_wolf":
        return (PEEK_V, int(o[1])) if v == CENTRE else None
    if kind == "robber":
        return (ROB_V, int(o[1])) if v == ROBBED else None
    if kind == "troublemaker":
        return (SWAP_V, int(o[1]), int(o[2])) if v == SWAPPED else None
    if kind == "drunk":
        return (TAKE_V, int(o[1])) if v == TOOK else None
    return None
