"""One Night roles: the cards of the box, their team, wake order and difficulty."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum


class Role(StrEnum):
    DOPPELGANGER = "doppelganger"
    WEREWOLF = "werewolf"
    MINION = "minion"
    MASON = "mason"
    SEER = "seer"
    ROBBER = "robber"
    TROUBLEMAKER = "troublemaker"
    DRUNK = "drunk"
    INSOMNIAC = "insomniac"
    VILLAGER = "villager"
    HUNTER = "hunter"
    TANNER = "tanner"


class Team(StrEnum):
    VILLAGE = "village"
    WEREWOLF = "werewolf"
    TANNER = "tanner"


@dataclass(frozen=True, slots=True)
class RoleInfo:
    role: Role
    team: Team
    wake: str | None
    """Wake step ("1" ... "9"), or None for a role that sleeps all night."""
    difficulty: int
    """1 to 3 stars, as the Ravensburger edition grades them."""
    in_box: int
    """How many copies the box holds."""


ROLE_INFO: dict[Role, RoleInfo] = {
    info.role: info
    for info in (
        RoleInfo(Role.DOPPELGANGER, Team.VILLAGE, "1", 3, 1),
        RoleInfo(Role.WEREWOLF, Team.WEREWOLF, "2", 1, 2),
        RoleInfo(Role.MINION, Team.WEREWOLF, "3", 2, 1),
        RoleInfo(Role.MASON, Team.VILLAGE, "4", 3, 2),
        RoleInfo(Role.SEER, Team.VILLAGE, "5", 1, 1),
        RoleInfo(Role.ROBBER, Team.VILLAGE, "6", 1, 1),
        RoleInfo(Role.TROUBLEMAKER, Team.VILLAGE, "7", 1, 1),
        RoleInfo(Role.DRUNK, Team.VILLAGE, "8", 2, 1),
        RoleInfo(Role.INSOMNIAC, Team.VILLAGE, "9", 1, 1),
        RoleInfo(Role.VILLAGER, Team.VILLAGE, None, 1, 3),
        RoleInfo(Role.HUNTER, Team.VILLAGE, None, 2, 1),
        RoleInfo(Role.TANNER, Team.TANNER, None, 2, 1),
    )
}
"""The Doppelgänger's team is the copied role's; VILLAGE is listed for an uncopied card."""

BOX: Counter[Role] = Counter({r: i.in_box for r, i in ROLE_INFO.items()})
"""The 16 cards of the box."""

ROLE_ALIASES: dict[str, Role] = {
    **{r.value: r for r in Role},
    "doppelgänger": Role.DOPPELGANGER,
    "wolf": Role.WEREWOLF,
    "loup-garou": Role.WEREWOLF,
    "sbire": Role.MINION,
    "franc-maçon": Role.MASON,
    "franc-macon": Role.MASON,
    "voyante": Role.SEER,
    "voleur": Role.ROBBER,
    "noiseuse": Role.TROUBLEMAKER,
    "soûlard": Role.DRUNK,
    "soulard": Role.DRUNK,
    "insomniaque": Role.INSOMNIAC,
    "villageois": Role.VILLAGER,
    "chasseur": Role.HUNTER,
    "tanneur": Role.TANNER,
}


def parse_role(name: str) -> Role | None:
    """The role a (case-insensitive, English or French) name designates, if any."""
    return ROLE_ALIASES.get(name.strip().lower())
