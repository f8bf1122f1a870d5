"""What a sensible Lupus in Tabula player says: a structured claim and the sentence for it.

Every statement carries a :class:`~loupgarou.core.statements.Claim` (the role
claimed, what the player did, what they learnt: a sighting names a seat and
``werewolf`` or ``human``, "not a Werewolf", the only answers the Seer and the
Medium get) and a sentence in plain English saying the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from loupgarou.core.actions import Action
from loupgarou.core.statements import Claim, Sighting, Statement
from loupgarou.variants.lupus.roles import HUMAN

from .reader import WOLF

_TITLE = {
    "seer": "the Seer",
    "medium": "the Medium",
    "bodyguard": "the Bodyguard",
    "owl": "the Owl",
    "freemason": "a Freemason",
    "mythomaniac": "the Mythomaniac",
    "villager": "a plain Villager",
    "werewolf": "a Werewolf",
    "possessed": "the Possessed",
    "werehamster": "the Werehamster",
}


def sightings(seen: Sequence[tuple[int, bool]]) -> tuple[Sighting, ...]:
    return tuple(Sighting(WOLF if wolf else HUMAN, seat) for seat, wolf in seen)


def statement(
    role: str,
    players: Sequence[str],
    seen: Sequence[tuple[int, bool]] = (),
    *,
    did: Action | None = None,
    partner: int | None = None,
) -> Statement:
    """The claim ``role`` (with its sightings, its action, a Freemason's partner) and its words."""

    def name(seat: int) -> str:
        return players[seat] if 0 <= seat < len(players) else f"seat {seat + 1}"

    words = [f"I am {_TITLE.get(role, role)}."]
    saw = sightings(seen)
    if role == "medium":
        for seat, wolf in seen:
            words.append(
                f"{name(seat)}, whom we lynched, "
                + ("was one of the Werewolves." if wolf else "was no Werewolf.")
            )
    elif role == "bodyguard":
        for seat, _ in seen:
            words.append(
                f"The night nobody died I was guarding {name(seat)}: the pack went for them, "
                "so they are no Werewolf."
            )
    elif seen:
        for seat, wolf in seen:
            words.append(
                f"I pointed at {name(seat)}: "
                + ("a Werewolf, vote for them!" if wolf else "not a Werewolf.")
            )
    if partner is not None:
        saw = (Sighting("freemason", partner),)
        words.append(f"{name(partner)} is the other Freemason: we met on the first night.")
    if did is not None and did.players:
        words.append(f"Last night I watched over {name(did.players[0])}.")
    if role == "villager":
        words.append("You are wasting a vote on me.")
    return Statement(" ".join(words), Claim(role, did, saw))
