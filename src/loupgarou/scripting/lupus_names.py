"""Lupus in Tabula words for people: role names, calls, decisions, causes of death, sides.

Contract: data and small pure helpers.  The role names are the cards' names in
English (facts that carry over from the box, no rulebook sentence is copied);
every other text is our own.
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

CALLS: dict[str, str] = {
    "freemasons": "The Freemasons are called.",
    "seer": "The Seer is called.",
    "medium": "The Medium is called.",
    "bodyguard": "The Bodyguard is called.",
    "werewolves": "The Werewolves are called.",
    "owl": "The Owl is called.",
    "mythomaniac": "The Mythomaniac is called.",
}
"""The night's public calls, by step."""

DECISIONS: dict[str, str] = {
    "seer": "the Seer: point at a player, or not",
    "bodyguard": "the Bodyguard: protect a player, or not",
    "werewolves": "a Werewolf: vote for the pack's victim",
    "owl": "the Owl: pick a player for tomorrow's suspects, or not",
    "mythomaniac": "the Mythomaniac: choose whom to take after",
    "stage1": "stage 1: name a suspect, aloud",
    "defence": "a suspect: end their defence",
    "stage2": "stage 2: vote in secret between the two suspects",
}
"""Each decision kind for people (``Decision.kind``)."""

DECLINED: dict[str, str] = {
    "seer": "chose not to point at anyone",
    "bodyguard": "protected nobody tonight",
    "owl": "picked nobody tonight",
    "mythomaniac": "chose nobody",
}
"""What declining means, by night step (``declined`` events of living holders)."""

CAUSES: dict[str, str] = {
    "devoured": "killed by the Werewolves",
    "seen": "the Werehamster, found by the Seer",
    "owl": "picked by the Deadly Owl",
    "lynched": "lynched",
}
"""Each cause of death in words (a cause may join several with '+')."""

SIDES: dict[str, str] = {
    "humans": "the humans",
    "werewolves": "the Werewolves",
    "werehamster": "the Werehamster",
}
"""Each side's name, as an :class:`Outcome` team or a ``team`` of the result."""

VOTES: dict[str, str] = {
    "pack": "the pack's vote",
    "stage1": "stage 1",
    "stage2": "stage 2",
}


def english(role: str) -> str:
    found = parse_role(role)
    return ROLE_NAMES[found] if found is not None else role


def a_role(role: str) -> str:
    """'a Werewolf', 'an Owl', 'the Seer' style article + name (indefinite)."""
    name = english(role)
    return ("an " if name[0] in "AEIOU" else "a ") + name


def cause_words(cause: str) -> str:
    """'devoured+owl' -> 'killed by the Werewolves and picked by the Deadly Owl'."""
    return " and ".join(CAUSES.get(c, c) for c in cause.split("+"))


def werewolf_words(werewolf: bool) -> str:
    """The Seer's and the Medium's only answer."""
    return "a Werewolf" if werewolf else "not a Werewolf"


def deck_summary(roles: Sequence[str]) -> str:
    """A deck in short, e.g. "Werewolf ×2, Seer, Villager ×5" (roles in first-seen order)."""
    return family_kit.deck_summary(roles, english)
