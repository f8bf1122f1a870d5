"""Small builders for scripts used by the tests: a plain dict, as a file would hold."""

from __future__ import annotations

from typing import Any

from loupgarou.scripting import Verdict, adjudicate, parse_script


def first_night(**changes: Any) -> dict[str, Any]:
    """La Première Nuit for five with every card fixed; ``changes`` replace top-level fields.

    Alice and Eve are dealt the Werewolves, Bob the Seer, Carol the Robber,
    Dan the Troublemaker; the three Villagers are in the centre.
    """
    doc: dict[str, Any] = {
        "format": "loupgarou-script",
        "version": 1,
        "family": "one-night",
        "players": ["Alice", "Bob", "Carol", "Dan", "Eve"],
        "scenario": "premiere-nuit",
        "deal": {
            "players": {
                "Alice": "werewolf",
                "Bob": "seer",
                "Carol": "robber",
                "Dan": "troublemaker",
                "Eve": "werewolf",
            },
            "centre": ["villager", "villager", "villager"],
        },
        "steps": [],
    }
    doc.update(changes)
    return doc


NIGHT = [
    {"seat": "Bob", "do": "look", "players": ["Alice"]},
    {"seat": "Carol", "do": "rob", "players": ["Eve"]},
    {"seat": "Dan", "do": "swap", "players": ["Alice", "Bob"]},
]
"""Bob sees Alice's Werewolf; Carol robs Eve's Werewolf; Dan swaps Alice and Bob."""


def votes(**targets: str) -> dict[str, Any]:
    return {"votes": targets}


def verdict_of(doc: dict[str, Any]) -> Verdict:
    return adjudicate(parse_script(doc, "<test>"))


def winners(v: Verdict) -> list[str]:
    assert v.ending is not None, "the game should be over"
    return [v.players[s] for s in v.ending.winners]
