"""Thiercelieux words for people: role names, decisions, causes of death, calls.

Contract: data and small pure helpers; the role names are the cards' names in
English and French (facts that carry over from the box, no rulebook sentence
is copied); every other text is our own.
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

CALLS: dict[str, str] = {
    "thief": "The Thief is called.",
    "cupid": "Cupid is called.",
    "lovers": "The Lovers are called to open their eyes.",
    "seer": "The Seer is called.",
    "werewolves": "The Werewolves are called.",
    "witch": "The Witch is called.",
}
"""The night's public calls, by step."""

DECISIONS: dict[str, str] = {
    "thief": "the Thief: take a set-aside card or keep their own",
    "cupid": "Cupid: choose the two Lovers",
    "seer": "the Seer: look at a card",
    "werewolf_wake": "a Werewolf: wake up or stay asleep",
    "werewolf_vote": "a Werewolf: vote for the pack's victim",
    "little_girl": "the Little Girl: spy on the Werewolves or not",
    "witch": "the Witch: use a potion or not",
    "hunter": "the dying Hunter: shoot someone or not",
    "captain_successor": "the dying Captain: name a successor",
    "captain_election": "the Captain election",
    "captain_revote": "the Captain election, voted again between the tied",
    "lynch": "the lynch vote",
    "lynch_revote": "the lynch vote, voted again between the tied",
    "captain_pick": "the Captain: settle the tied lynch vote",
}
"""Each decision kind for people (``Decision.kind``)."""

VOTES: dict[str, str] = {
    "captain_election": "Captain election",
    "captain_revote": "Captain election, second round",
    "lynch": "lynch vote",
    "lynch_revote": "lynch vote, second round",
    "pack": "the pack's vote",
}
"""Each vote's name (the ``vote`` of a day vote, and the Werewolves' ``pack``)."""

CAUSES: dict[str, str] = {
    "devoured": "devoured by the Werewolves",
    "caught": "caught spying by the Werewolves",
    "poisoned": "poisoned by the Witch",
    "grief": "died of grief",
    "shot": "shot by the Hunter",
    "lynched": "lynched by the village",
    "starved": "starved",
}
"""Each cause of death in words (a cause may join several with '+')."""

DECLINED: dict[str, str] = {
    "thief": "kept their own card",
    "seer": "chose not to look at any card",
    "little_girl": "kept their eyes shut",
    "witch": "used no potion",
    "hunter": "chose not to shoot",
}
"""What declining means, by night step (``declined`` events)."""

TEAMS: dict[str, str] = {
    "village": "the village",
    "werewolves": "the Werewolves",
    "lovers": "the Lovers",
}


def english(role: str) -> str:
    found = parse_role(role)
    return ROLE_NAMES[found][0] if found is not None else role


def cause_words(cause: str) -> str:
    """'devoured+poisoned' -> 'devoured by the Werewolves and poisoned by the Witch'."""
    parts = [CAUSES.get(c, c) for c in cause.split("+")]
    return " and ".join(parts)


def deck_summary(roles: Sequence[str]) -> str:
    """A deck in short, e.g. "Werewolf ×2, Seer, Villager ×3" (roles in first-seen order)."""
    return family_kit.deck_summary(roles, english)
