"""Reading what the narrator types at the game master's prompts: players, yes/no, cards.

Contract: pure functions from the text of one answer to a value.  An answer
that does not fit raises :class:`BadAnswer`, which carries a locale key
(``error.*``) and its parameters: the caller shows
``locale.text(error.key, **error.params)`` and asks again, so nothing is ever
applied from a bad answer.  Words are accepted in English and in French
whatever the narration's language; case, accents and extra spaces do not matter.

- A player is a seat number (from 1, as the table counts) or a name, whole or
  its unique beginning: ``3``, ``ann``, ``Élodie``, ``elo``.
- Several players are separated by commas, or by spaces when no name holds one
  (``ann, bob`` / ``1 4`` / ``ann et bob``).
- "Nobody" is ``none``, ``nobody``, ``-``, ``personne``, ``aucun`` ...
- Yes / no: ``y``, ``yes``, ``o``, ``oui`` / ``n``, ``no``, ``non``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

NONE_WORDS = frozenset(
    {"none", "nobody", "no one", "noone", "nothing", "-", "personne", "aucun", "aucune", "rien"}
)
YES_WORDS = frozenset({"y", "yes", "o", "oui"})
NO_WORDS = frozenset({"n", "no", "non"})
KEEP_WORDS = frozenset({"keep", "k", "pass", "garde", "garder", "g", "passe", "passer"})

_JOINERS = re.compile(r"\s+(?:and|et)\s+|[;&+/]")


class BadAnswer(Exception):
    """An answer that cannot be used: ``key`` is the ``error.*`` text that says why."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def fold(text: str) -> str:
    """``text`` without case, accents or repeated spaces, for comparing answers."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def split(text: str) -> list[str]:
    """The items of a list answer: comma-separated, else space-separated."""
    text = _JOINERS.sub(",", f" {text} ")
    if "," in text:
        return [item.strip() for item in text.split(",") if item.strip()]
    return text.split()


def yes_no(text: str) -> bool:
    word = fold(text)
    if word in YES_WORDS:
        return True
    if word in NO_WORDS:
        return False
    raise BadAnswer("error.yes_no")


def is_none(text: str) -> bool:
    return fold(text) in NONE_WORDS


@dataclass(frozen=True, slots=True)
class Players:
    """The table's players, clockwise: how answers name them."""

    names: tuple[str, ...]

    def name(self, seat: int) -> str:
        return self.names[seat]

    def listing(self, seats: Sequence[int]) -> str:
        return ", ".join(self.names[s] for s in seats)

    def find(self, token: str) -> int:
        """The seat (from 0) that ``token`` names: a seat number from 1, or a name."""
        word = fold(token)
        if not word:
            raise BadAnswer("error.empty")
        if word.isdecimal():
            number = int(word) if len(word) <= 9 else 0  # int() refuses 4,300 digits
            if 1 <= number <= len(self.names):
                return number - 1
            raise self._unknown(token)
        folded = [fold(name) for name in self.names]
        if word in folded:
            return folded.index(word)
        starts = [seat for seat, name in enumerate(folded) if name.startswith(word)]
        if len(starts) == 1:
            return starts[0]
        if starts:
            raise BadAnswer(
                "error.ambiguous_player", name=token.strip(), names=self.listing(starts)
            )
        raise self._unknown(token)

    def _unknown(self, token: str) -> BadAnswer:
        return BadAnswer(
            "error.unknown_player",
            name=token.strip(),
            count=len(self.names),
            names=", ".join(self.names),
        )

    def one(self, text: str, allowed: Collection[int], *, none: bool = False) -> int | None:
        """One player among ``allowed``; with ``none``, "nobody" gives ``None``."""
        if none and is_none(text):
            return None
        seat = self.find(text)
        if seat not in allowed:
            choices = self.listing(sorted(allowed))
            if none:
                choices = f"{choices}, -" if choices else "-"
            raise BadAnswer("error.not_allowed", name=self.names[seat], names=choices)
        return seat

    def many(self, text: str) -> tuple[int, ...]:
        """Several players, in the order given (the whole answer may be one name with spaces)."""
        items = split(text)
        if not items:
            raise BadAnswer("error.empty")
        try:
            return tuple(self.find(item) for item in items)
        except BadAnswer:
            if len(items) > 1 and "," not in text:
                return (self.find(text),)
            raise


def parse_cards(text: str, aliases: Mapping[str, T], left: str) -> list[T]:
    """The cards an answer names (comma-separated), by any of their ``aliases``.

    ``aliases`` maps a folded name to a card; a unique beginning of a name
    also works.  ``left`` lists the cards still to deal, for the error message.
    """
    items = [item.strip() for item in text.split(",")]
    if not any(items):
        raise BadAnswer("error.empty")
    cards: list[T] = []
    for item in items:
        word = fold(item)
        if word in aliases:
            cards.append(aliases[word])
            continue
        found: list[T] = []
        for name, card in aliases.items():
            if name.startswith(word) and card not in found:
                found.append(card)
        if word and len(found) == 1:
            cards.append(found[0])
            continue
        raise BadAnswer("error.unknown_card", name=item, cards=left)
    return cards
