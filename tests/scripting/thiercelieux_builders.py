"""Builders for Thiercelieux scripts used by the tests: plain dicts, as a file would hold."""

from __future__ import annotations

from typing import Any

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
"""Nine players, clockwise."""

DEAL = {
    "Ann": "cupid",
    "Bob": "werewolf",
    "Cat": "seer",
    "Dan": "hunter",
    "Eve": "little_girl",
    "Fay": "werewolf",
    "Gus": "villager",
    "Hal": "witch",
    "Ivy": "villager",
}
"""Ann Cupid, Bob and Fay Werewolves, Cat Seer, Dan Hunter, Eve Little Girl, Hal Witch."""

DECK = [
    "werewolf",
    "werewolf",
    "seer",
    "witch",
    "hunter",
    "cupid",
    "little_girl",
    "villager",
    "villager",
]


def nine(**changes: Any) -> dict[str, Any]:
    """The nine-player table above with every card fixed; ``changes`` replace top-level fields."""
    doc: dict[str, Any] = {
        "format": "loupgarou-script",
        "version": 1,
        "family": "thiercelieux",
        "players": list(PLAYERS),
        "deck": list(DECK),
        "deal": {"players": dict(DEAL)},
        "steps": [],
    }
    doc.update(changes)
    return doc


def night_one(
    *, lovers: tuple[str, str] = ("Gus", "Ivy"), victim: str = "Ivy", witch: str = "pass"
) -> list[dict[str, Any]]:
    """Night 1 of :func:`nine`: Cupid pairs ``lovers``, Cat looks at Bob, both Werewolves
    wake and vote for ``victim``, Eve stays in bed, Hal does ``witch`` (pass or heal)."""
    steps: list[dict[str, Any]] = [
        {"seat": "Ann", "do": "pair", "players": list(lovers)},
        {"seat": "Cat", "do": "look", "players": "Bob"},
        {"seat": "Bob", "do": "wake"},
        {"seat": "Fay", "do": "wake"},
        {"seat": "Eve", "do": "pass"},
        {"votes": {"Bob": victim, "Fay": victim}},
    ]
    if witch == "heal":
        steps += [
            {"seat": "Hal", "do": "heal", "players": victim},
            {"seat": "Hal", "do": "pass"},
        ]
    else:
        steps.append({"seat": "Hal", "do": "pass"})
    return steps


def everyone(target: str, alive: list[str], **others: str) -> dict[str, Any]:
    """A ``votes`` step: every player in ``alive`` votes for ``target`` unless named in
    ``others`` (voter -> their target)."""
    return {"votes": {voter: others.get(voter, target) for voter in alive}}
