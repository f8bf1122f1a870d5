"""Thiercelieux roles: the eight cards, their camp, and the names a table may use.

The Captain is a title, not a card, so it is not a role here.  A role's *camp*
is the Werewolves' for a Werewolf card and the village's for every other card;
the Lovers' own team exists only for a couple of opposite camps (see
:mod:`loupgarou.variants.thiercelieux.resolution`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Role(StrEnum):
    WEREWOLF = "werewolf"
    VILLAGER = "villager"
    SEER = "seer"
    WITCH = "witch"
    HUNTER = "hunter"
    CUPID = "cupid"
    THIEF = "thief"
    LITTLE_GIRL = "little_girl"


UNIQUE: Final[frozenset[Role]] = frozenset(
    {Role.SEER, Role.WITCH, Role.HUNTER, Role.CUPID, Role.THIEF, Role.LITTLE_GIRL}
)
"""Roles the box holds once: a deck may hold each at most once (Werewolves and
Villagers come in any number)."""

VILLAGE: Final = "village"
WEREWOLVES: Final = "werewolves"
LOVERS: Final = "lovers"
"""Team names, as they appear in an :class:`~loupgarou.core.outcome.Outcome`."""


def camp(role: Role) -> str:
    """``"werewolves"`` for a Werewolf card, ``"village"`` for every other card."""
    return WEREWOLVES if role is Role.WEREWOLF else VILLAGE


ROLE_ALIASES: Final[dict[str, Role]] = {
    **{r.value: r for r in Role},
    "wolf": Role.WEREWOLF,
    "werewolves": Role.WEREWOLF,
    "loup-garou": Role.WEREWOLF,
    "loup garou": Role.WEREWOLF,
    "loup": Role.WEREWOLF,
    "villageois": Role.VILLAGER,
    "simple villageois": Role.VILLAGER,
    "simple-villageois": Role.VILLAGER,
    "voyante": Role.SEER,
    "sorcière": Role.WITCH,
    "sorciere": Role.WITCH,
    "chasseur": Role.HUNTER,
    "cupidon": Role.CUPID,
    "voleur": Role.THIEF,
    "little girl": Role.LITTLE_GIRL,
    "little-girl": Role.LITTLE_GIRL,
    "petite fille": Role.LITTLE_GIRL,
    "petite-fille": Role.LITTLE_GIRL,
}


def parse_role(name: str) -> Role | None:
    """The role a (case-insensitive, English or French) name designates, if any."""
    return ROLE_ALIASES.get(name.strip().lower())
