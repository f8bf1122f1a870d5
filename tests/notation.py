"""The seat notation shared by every family's test tables.

``"ana:villager werewolf seer"`` names three seats clockwise: a word may carry a
seat name before a colon; a seat without one is named after its card word,
numbered when several seats share it (``villager1``, ``villager2``).

The deck handed to a game is put in one canonical order, and the deal is the
scripted chance outcome that puts each card where the notation says, so two
tables holding the same cards differ only in their deal, as two real games would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def read_seats(
    part: str, normalise: Callable[[str], str] = str.lower
) -> tuple[list[str], list[str]]:
    """``(seat names, card words)`` of the notation ``part``."""
    given: list[str | None] = []
    cards: list[str] = []
    for word in part.split():
        name, colon, card = word.rpartition(":")
        given.append(name if colon else None)
        cards.append(card)
    plain = [normalise(c) for c in cards]
    totals = {w: plain.count(w) for w in plain}
    counters: dict[str, int] = {}
    names: list[str] = []
    for explicit, word in zip(given, plain, strict=True):
        counters[word] = counters.get(word, 0) + 1
        if explicit is not None:
            names.append(explicit)
        else:
            names.append(word if totals[word] == 1 else f"{word}{counters[word]}")
    if len(set(names)) != len(names):
        raise ValueError(f"two seats share a name in {part!r}: {names}")
    return names, cards


def canonical_deal(cards: Sequence[T], rank: Callable[[T], int]) -> tuple[list[T], list[int]]:
    """``(deck, deal)``: the cards sorted by ``rank``, and the permutation that deals
    ``cards[p]`` to position ``p`` (``deal[p]`` is the card id placed there)."""
    order = sorted(range(len(cards)), key=lambda p: (rank(cards[p]), p))
    deal = [0] * len(cards)
    for card_id, position in enumerate(order):
        deal[position] = card_id
    return [cards[p] for p in order], deal
