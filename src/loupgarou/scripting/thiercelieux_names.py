"""Thiercelieux words for people: role names, decisions, causes of death, calls.

Contract: data and small pure helpers; the role names are the cards' names in
English and French (facts that carry over from the box, no rulebook sentence
is copied).  The other words (calls, decisions, votes, causes, teams) are keyed here
and written, in each language, in ``speech/<language>.json``.
"""

from __future__ import annotations

from collections.abc import Sequence

from loupgarou.scripting import family_kit
from loupgarou.variants.thiercelieux.roles import Role, parse_role

ROLE_NAMES: dict[Role, tuple[str, str]] = {
    Role.WEREWOLF: ("Werewolf", "Loup-Garou"),
    Role.VILLAGER: ("Villager", "Simple Villageois"),
    Role.SEER: ("Seer", "Voyante"),
    Role.WITCH: ("Witch", "Sorcière"),
    Role.HUNTER: ("Hunter", "Chasseur"),
    Role.CUPID: ("Cupid", "Cupidon"),
    Role.THIEF: ("Thief", "Voleur"),
    Role.LITTLE_GIRL: ("Little Girl", "Petite Fille"),
}
"""Each role's name for people: (English, French)."""

CALLS = frozenset({"thief", "cupid", "lovers", "seer", "werewolves", "witch"})
"""The night's public calls, by step (each told by ``thiercelieux.call.<step>``)."""

DECISIONS = frozenset(
    {
        *("thief", "cupid", "seer", "werewolf_wake", "werewolf_vote", "little_girl", "witch"),
        *("hunter", "captain_successor", "captain_election", "captain_revote", "lynch"),
        *("lynch_revote", "captain_pick"),
    }
)
"""The decision kinds told for people (``thiercelieux.decision.<kind>``)."""

VOTES = frozenset({"captain_election", "captain_revote", "lynch", "lynch_revote", "pack"})
"""The votes (a day vote's ``vote``, and the Werewolves' ``pack``): ``thiercelieux.vote.<vote>``."""

CAUSES = frozenset({"devoured", "caught", "poisoned", "grief", "shot", "lynched", "starved"})
"""The causes of death (a cause may join several with '+'): ``thiercelieux.cause.<cause>``."""

DECLINED = frozenset({"thief", "seer", "little_girl", "witch", "hunter"})
"""The night steps whose ``declined`` event has words of its own
(``thiercelieux.declined.<step>``)."""

TEAMS = frozenset({"village", "werewolves", "lovers"})
"""The teams (``thiercelieux.team.<team>``)."""


def english(role: str) -> str:
    found = parse_role(role)
    return ROLE_NAMES[found][0] if found is not None else role


def deck_summary(roles: Sequence[str]) -> str:
    """A deck in short, e.g. "Werewolf ×2, Seer, Villager ×3" (roles in first-seen order)."""
    return family_kit.deck_summary(roles, english)
