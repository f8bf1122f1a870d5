"""Chance: explicit, injected, recorded.

The rules never draw at random.  When a game reaches a random event (the deal,
a tie-break, whether the Little Girl is caught ...) the rules return a
:class:`ChanceRequest`; the engine asks its :class:`ChanceSource` for an
outcome, checks it with :meth:`ChanceRequest.check`, applies it and records it.
A record therefore replays exactly without any generator, and a script may fix
any outcome.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Protocol

from loupgarou.core.draws import below, seeded, shuffle
from loupgarou.core.errors import ScriptError
from loupgarou.core.events import JSON

_SEQUENCES: Final = (list, tuple)


@dataclass(frozen=True, slots=True)
class ChanceRequest:
    """A random event the rules need resolved.

    ``kind`` is ``"permutation"`` (outcome: a list holding each of
    ``range(size)`` once), ``"choice"`` (outcome: an int in ``range(size)``) or
    ``"bernoulli"`` (outcome: a bool, true with probability ``p``).
    ``label`` names it for people and scripts (``"deal"``, ``"tiebreak"`` ...).
    """

    label: str
    kind: str
    size: int = 0
    p: float = 0.0

    def check(self, value: JSON) -> JSON:
        """Return ``value`` normalised, or raise :class:`ScriptError`."""
        if self.kind == "permutation":
            # Every deal goes through here: one compiled pass (each item an int, in range,
            # not seen before; with the length, that makes an ordering of 0..size-1), where
            # two sets and a set of types cost about 8,000 instructions a deal.
            size = self.size
            if isinstance(value, _SEQUENCES) and len(value) == size:
                seen = [False] * size
                for item in value:
                    if type(item) is not int:
                        break
                    i: int = item
                    if not 0 <= i < size or seen[i]:
                        break
                    seen[i] = True
                else:
                    return tuple(value)
            raise ScriptError(
                "chance.bad_outcome",
                f"'{self.label}' needs an ordering of 0..{self.size - 1}, got {value!r}",
            )
        if self.kind == "choice":
            if type(value) is not int or not 0 <= value < self.size:
                raise ScriptError(
                    "chance.bad_outcome",
                    f"'{self.label}' needs a whole number from 0 to {self.size - 1}, got {value!r}",
                )
            return value
        if type(value) is not bool:
            raise ScriptError(
                "chance.bad_outcome", f"'{self.label}' needs true or false, got {value!r}"
            )
        return value


class ChanceSource(Protocol):
    """Anything that can resolve a :class:`ChanceRequest`."""

    def draw(self, request: ChanceRequest) -> JSON: ...


class SeededChance:
    """Outcomes from a private ``random.Random`` seeded once: same seed, same game."""

    __slots__ = ("_rng",)

    def __init__(self, seed: int | str | None) -> None:
        self._rng = seeded(seed) if isinstance(seed, str) else random.Random(seed)

    def draw(self, request: ChanceRequest) -> JSON:
        rng = self._rng
        if request.kind == "permutation":
            order = list(range(request.size))
            shuffle(rng, order)
            return order
        if request.kind == "choice":
            return below(rng, request.size)
        return rng.random() < request.p


class ScriptedChance:
    """Outcomes fixed in advance, by label, in order; the rest from ``fallback``.

    A script that fixes ``{"deal": [[...]], "tiebreak": [0, 1]}`` gets those
    values for the first deal and the first two tie-breaks.
    """

    def __init__(
        self, fixed: Mapping[str, Iterable[JSON]], fallback: ChanceSource | None = None
    ) -> None:
        self._fixed = {label: deque(values) for label, values in fixed.items()}
        self._fallback = fallback

    def draw(self, request: ChanceRequest) -> JSON:
        queue = self._fixed.get(request.label)
        if queue:
            return queue.popleft()
        if self._fallback is None:
            raise ScriptError(
                "chance.missing",
                f"the script must fix the chance outcome '{request.label}' "
                "(or give a seed for the rest)",
            )
        return self._fallback.draw(request)

    def unused(self) -> dict[str, list[JSON]]:
        return {label: list(q) for label, q in self._fixed.items() if q}
