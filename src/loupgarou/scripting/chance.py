"""Chance for a scripted game: fixed outcomes, an explicit deal, then the seed.

Contract: :class:`ScriptChance` answers each :class:`ChanceRequest` with, in
this order of preference: the next outcome the script fixed under the
request's label (``chance:``); for the label ``deal``, the outcome built from
the script's explicit ``deal:``; otherwise a draw from ``SeededChance(seed)``.

A fixed entry is a list of outcomes used in order, or a single outcome.  The
request's kind settles the reading: for a permutation, a flat list of whole
numbers is *one* ordering (``deck: [3, 0, 2, ...]``) and a list of lists is
several (one per redraw); for a choice or a true/false draw, a list holds
successive outcomes (``tiebreak: [0, 1]``) and a lone value is one outcome.

A family may let a script write an outcome in its own terms (Thiercelieux: a
player's name for a tie-break); ``resolve`` turns each fixed outcome into the
engine's value at the moment it is drawn.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence

from loupgarou.core.chance import ChanceRequest, SeededChance
from loupgarou.core.events import JSON

DealBuilder = Callable[[Sequence[tuple[str, JSON]]], JSON]
"""Builds the deal outcome from the outcomes drawn so far (label, value)."""
Resolver = Callable[[ChanceRequest, JSON], JSON]
"""Turns a fixed outcome, as written, into the engine's value for ``request``."""


def _outcomes(raw: JSON, request: ChanceRequest) -> list[JSON]:
    if not isinstance(raw, list | tuple):
        return [raw]
    if request.kind == "permutation" and not any(isinstance(v, list | tuple) for v in raw):
        return [list(raw)]
    return list(raw)


class ScriptChance:
    """See the module docstring.  ``drawn`` keeps every (label, value) handed out."""

    def __init__(
        self,
        fixed: Mapping[str, JSON],
        seed: int | str,
        deal: DealBuilder | None = None,
        resolve: Resolver | None = None,
    ) -> None:
        self._raw = dict(fixed)
        self._queues: dict[str, deque[JSON]] = {}
        self._fallback = SeededChance(seed)
        self._deal = deal
        self._resolve = resolve
        self.drawn: list[tuple[str, JSON]] = []

    def draw(self, request: ChanceRequest) -> JSON:
        label = request.label
        if label in self._raw and label not in self._queues:
            self._queues[label] = deque(_outcomes(self._raw[label], request))
        queue = self._queues.get(label)
        if queue:
            value = queue.popleft()
            if self._resolve is not None:
                value = self._resolve(request, value)
        elif label == "deal" and self._deal is not None:
            value = self._deal(self.drawn)
        else:
            value = self._fallback.draw(request)
        self.drawn.append((label, value))
        return value

    def unused(self) -> list[str]:
        """Labels whose fixed outcomes were not all used (never drawn, or left over)."""
        out = []
        for label in self._raw:
            queue = self._queues.get(label)
            if queue is None or queue:
                out.append(label)
        return out
