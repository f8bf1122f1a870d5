"""Lupus in Tabula roles: the cards, their side, their suggested minimum table size,
and the names a table may use for them (English, French, Italian).

A seat's *effective role* is its card's role, except for a Mythomaniac who
transformed at the end of night 2 (see :mod:`loupgarou.variants.lupus.night`):
the card does not change, the effective role does.  Sides are decided on
effective roles: the Werewolves' side is every Werewolf and the Possessed; the
Werehamster is a side of his own; every other role is on the humans' side.
For the parity count, every living player who is not a Werewolf is a human
(the Possessed and the Werehamster included).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Role(StrEnum):
    WEREWOLF = "werewolf"
    VILLAGER = "villager"
    SEER = "seer"
    MEDIUM = "medium"
    POSSESSED = "possessed"
    BODYGUARD = "bodyguard"
    OWL = "owl"
    FREEMASON = "freemason"
    WEREHAMSTER = "werehamster"
    MYTHOMANIAC = "mythomaniac"


HUMAN: Final = "human"
"""Not a role but what a claim or a sighting says of a player who is not a Werewolf: the
Seer and the Medium learn "a Werewolf" or not, never the role."""

BASIC: frozenset[Role] = frozenset({Role.WEREWOLF, Role.VILLAGER, Role.SEER})
"""The roles of the basic game (8 players); every other role is a *special character*."""

SPECIAL: tuple[Role, ...] = tuple(r for r in Role if r not in BASIC)
"""The special characters, in the order of :class:`Role`."""

SUGGESTED_MINIMUM: dict[Role, int] = {
    Role.MEDIUM: 9,
    Role.POSSESSED: 10,
    Role.BODYGUARD: 11,
    Role.OWL: 12,
    Role.FREEMASON: 13,
}
"""The suggested smallest table for a special character (fewer players: a warning).
The Werehamster and the Mythomaniac have none (any table from 9 players)."""

SPECIAL_FROM = 9
"""Special characters are allowed from this many players (fewer: an error)."""

UNIQUE: frozenset[Role] = frozenset(
    {
        Role.SEER,
        Role.MEDIUM,
        Role.POSSESSED,
        Role.BODYGUARD,
        Role.OWL,
        Role.WEREHAMSTER,
        Role.MYTHOMANIAC,
    }
)
"""Roles a deck may hold at most once.  Freemasons come as exactly one pair;
Werewolves and Villagers in any number."""

HUMANS = "humans"
WEREWOLVES = "werewolves"
WEREHAMSTER = "werehamster"
"""Side names, as they appear in an :class:`~loupgarou.core.outcome.Outcome`."""


def side(role: Role) -> str:
    """The side an effective role plays for."""
    if role in (Role.WEREWOLF, Role.POSSESSED):
        return WEREWOLVES
    if role is Role.WEREHAMSTER:
        return WEREHAMSTER
    return HUMANS


ROLE_ALIASES: dict[str, Role] = {
    **{r.value: r for r in Role},
    "wolf": Role.WEREWOLF,
    "loup-garou": Role.WEREWOLF,
    "loup garou": Role.WEREWOLF,
    "lupo": Role.WEREWOLF,
    "lupo mannaro": Role.WEREWOLF,
    "villageois": Role.VILLAGER,
    "contadino": Role.VILLAGER,
    "voyant": Role.SEER,
    "voyante": Role.SEER,
    "veggente": Role.SEER,
    "médium": Role.MEDIUM,
    "possédé": Role.POSSESSED,
    "possede": Role.POSSESSED,
    "indemoniato": Role.POSSESSED,
    "garde du corps": Role.BODYGUARD,
    "garde-du-corps": Role.BODYGUARD,
    "guardia del corpo": Role.BODYGUARD,
    "hibou": Role.OWL,
    "gufo": Role.OWL,
    "mason": Role.FREEMASON,
    "franc-maçon": Role.FREEMASON,
    "franc-macon": Role.FREEMASON,
    "massone": Role.FREEMASON,
    "hamster": Role.WEREHAMSTER,
    "hamster-garou": Role.WEREHAMSTER,
    "criceto mannaro": Role.WEREHAMSTER,
    "mythomane": Role.MYTHOMANIAC,
    "mitomane": Role.MYTHOMANIAC,
}


def parse_role(name: str) -> Role | None:
    """The role a (case-insensitive) English, French or Italian name designates, if any."""
    return ROLE_ALIASES.get(name.strip().lower().replace("_", " "))
