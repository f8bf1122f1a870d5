"""Builders for Lupus in Tabula scripts used by the tests: plain dicts, as a file would hold."""

from __future__ import annotations

from typing import Any

PLAYERS = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Guy", "Ivy", "Jo"]
"""Nine players, clockwise: seats 0 to 8."""

DEAL = {
    "Ada": "villager",
    "Bo": "villager",
    "Cy": "werewolf",
    "Di": "seer",
    "Ed": "villager",
    "Flo": "werehamster",
    "Guy": "villager",
    "Ivy": "werewolf",
    "Jo": "villager",
}
"""Cy and Ivy are the Werewolves, Di the Seer, Flo the Werehamster."""

DECK = ["werewolf", "werewolf", "seer", "werehamster", *["villager"] * 5]


def nine(**changes: Any) -> dict[str, Any]:
    """The nine-player table above with every card fixed; ``changes`` replace top-level fields."""
    doc: dict[str, Any] = {
        "format": "loupgarou-script",
        "version": 1,
        "family": "lupus",
        "players": list(PLAYERS),
        "deck": list(DECK),
        "deal": {"players": dict(DEAL)},
        "steps": [],
    }
    doc.update(changes)
    return doc


def night(look: str | None, cy: str, ivy: str | None = None) -> list[dict[str, Any]]:
    """A night of :func:`nine`: Di points at ``look`` (or passes), Cy and Ivy vote to kill
    (``ivy`` None: Ivy is dead or votes like Cy)."""
    seer: dict[str, Any] = (
        {"seat": "Di", "do": "pass"}
        if look is None
        else {"seat": "Di", "do": "look", "players": look}
    )
    steps = [seer, {"seat": "Cy", "do": "kill", "players": cy}]
    if ivy is not None:
        steps.append({"seat": "Ivy", "do": "kill", "players": ivy})
    return steps


def stage1(**ballots: str) -> dict[str, Any]:
    """A ``votes`` step for stage 1 (the adjudicator casts it in the calling order)."""
    return {"votes": dict(ballots)}


def defence(*suspects: str) -> list[dict[str, Any]]:
    return [{"seat": s, "do": "rest"} for s in suspects]


def stage2(**ballots: str) -> dict[str, Any]:
    return {"votes": dict(ballots)}


DAY_ONE = [
    stage1(Ivy="Di", Jo="Cy", Ada="Jo", Bo="Cy", Cy="Ada", Di="Cy", Ed="Jo", Flo="Bo", Guy="Ada"),
    *defence("Jo", "Cy"),
]
"""Day 1 after Guy's death on night 1 (Guy holds the Welcome card), up to stage 2:
Cy 3, Jo 2, Ada 2 (Guy, a Ghost, made the tie), Jo met first from Guy."""
