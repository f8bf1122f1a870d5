"""One Night role names for people, in English and French.

Contract: data and two pure helpers; the names are the cards' names, facts
that carry over from the rulebooks (no rulebook sentence is copied).
"""

from __future__ import annotations

from collections.abc import Sequence

from loupgarou.scripting import family_kit
from loupgarou.variants.one_night.roles import Role, parse_role

ROLE_NAMES: dict[Role, tuple[str, str]] = {
    Role.DOPPELGANGER: ("Doppelgänger", "Doppelgänger"),
    Role.WEREWOLF: ("Werewolf", "Loup-Garou"),
    Role.MINION: ("Minion", "Sbire"),
    Role.MASON: ("Mason", "Franc-Maçon"),
    Role.SEER: ("Seer", "Voyante"),
    Role.ROBBER: ("Robber", "Voleur"),
    Role.TROUBLEMAKER: ("Troublemaker", "Noiseuse"),
    Role.DRUNK: ("Drunk", "Soûlard"),
    Role.INSOMNIAC: ("Insomniac", "Insomniaque"),
    Role.VILLAGER: ("Villager", "Villageois"),
    Role.HUNTER: ("Hunter", "Chasseur"),
    Role.TANNER: ("Tanner", "Tanneur"),
}
"""Each role's name for people: (English, French)."""


def english(role: str) -> str:
    found = parse_role(role)
    return ROLE_NAMES[found][0] if found is not None else role


def deck_summary(roles: Sequence[str]) -> str:
    """A deck in short, e.g. "Werewolf ×2, Seer, Villager ×3" (roles in first-seen order)."""
    return family_kit.deck_summary(roles, english)
