"""Lupus in Tabula words for people: role names, calls, decisions, causes of death, sides.

Contract: data and small pure helpers.  The role names are the cards' names in
English (facts that carry over from the box, no rulebook sentence is copied);
the other words (calls, decisions, causes, sides) are keyed here and written, in each
language, in ``speech/<language>.json``.
"""

from __future__ import annotations

from collections.abc import Sequence

from loupgarou.scripting import family_kit
from loupgarou.variants.lupus.roles import Role, parse_role

ROLE_NAMES: dict[Role, str] = {
    Role.WEREWOLF: "Werewolf",
    Role.VILLAGER: "Villager",
    Role.SEER: "Seer",
    Role.MEDIUM: "Medium",
    Role.POSSESSED: "Possessed",
    Role.BODYGUARD: "Bodyguard",
    Role.OWL: "Owl",
    Role.FREEMASON: "Freemason",
    Role.WEREHAMSTER: "Werehamster",
    Role.MYTHOMANIAC: "Mythomaniac",
}
"""Each role's English name."""

CALLS = frozenset({"freemasons", "seer", "medium", "bodyguard", "werewolves", "owl", "mythomaniac"})
"""The night's public calls, by step (each told by ``lupus.call.<step>``)."""

DECISIONS = frozenset(
    {"seer", "bodyguard", "werewolves", "owl", "mythomaniac", "stage1", "defence", "stage2"}
)
"""The decision kinds told for people (``lupus.decision.<kind>``)."""

DECLINED = frozenset({"seer", "bodyguard", "owl", "mythomaniac"})
"""The night steps whose ``declined`` event (of a living holder) has words of its own
(``lupus.declined.<step>``)."""

CAUSES = frozenset({"devoured", "seen", "owl", "lynched"})
"""The causes of death (a cause may join several with '+'): ``lupus.cause.<cause>``."""

SIDES = frozenset({"humans", "werewolves", "werehamster"})
"""The sides, as an :class:`Outcome` team or a ``team`` of the result (``lupus.side.<side>``)."""


def english(role: str) -> str:
    found = parse_role(role)
    return ROLE_NAMES[found] if found is not None else role


def deck_summary(roles: Sequence[str]) -> str:
    """A deck in short, e.g. "Werewolf ×2, Seer, Villager ×5" (roles in first-seen order)."""
    return family_kit.deck_summary(roles, english)
