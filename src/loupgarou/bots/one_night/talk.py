"""Plain-English sentences for One Night claims (what a bot says along with its claim); centre
cards are named c1 to c3, as everywhere a person reads them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from loupgarou.core.statements import Claim

_ROLE_NAMES: Final = {
    "doppelganger": "the Doppelgänger",
    "werewolf": "a Werewolf",
    "minion": "the Minion",
    "mason": "a Mason",
    "seer": "the Seer",
    "robber": "the Robber",
    "troublemaker": "the Troublemaker",
    "drunk": "the Drunk",
    "insomniac": "the Insomniac",
    "villager": "a Villager",
    "hunter": "the Hunter",
    "tanner": "the Tanner",
}


def role_phrase(role: str) -> str:
    return _ROLE_NAMES.get(role, role)


def say_claim(claim: Claim, players: Sequence[str], seat: int) -> str:
    """One or two sentences that say what ``claim`` says."""

    def who(s: int) -> str:
        if s == seat:
            return "myself"
        return players[s] if 0 <= s < len(players) else f"seat {s}"

    parts: list[str] = []
    if claim.role:
        parts.append(f"I started as {role_phrase(claim.role)}.")
    did = claim.did
    if did is not None:
        if did.kind == "pass":
            parts.append("I chose to do nothing in the night.")
        elif did.kind == "copy":
            parts.append(f"I copied {who(did.players[0])}.")
        elif did.kind == "look" and did.players:
            parts.append(f"I looked at {who(did.players[0])}'s card.")
        elif did.kind == "look":
            slots = " and ".join(f"c{c + 1}" for c in did.centre)
            parts.append(f"I looked at centre cards {slots}.")
        elif did.kind == "peek":
            parts.append(f"I peeked at centre card c{did.centre[0] + 1}.")
        elif did.kind == "rob":
            taken = [x for x in claim.saw if x.seat in (seat, did.players[0])]
            if taken:  # what the Robber saw is the card it took: say it in one sentence
                parts.append(
                    f"I took {who(did.players[0])}'s card: it was "
                    f"{role_phrase(taken[0].role)}, and it is mine now."
                )
            else:
                parts.append(f"I took {who(did.players[0])}'s card.")
        elif did.kind == "swap":
            a, b = did.players
            parts.append(f"I swapped the cards of {who(a)} and {who(b)}.")
        elif did.kind == "take":
            parts.append(f"I swapped my card with centre card c{did.centre[0] + 1}.")
    robbed = did.players[0] if did is not None and did.kind == "rob" else None
    for s in claim.saw:
        if robbed is not None and s.seat in (seat, robbed):
            robbed = None  # said with the robbery
            continue
        if s.seat is not None:
            place = "My own card" if s.seat == seat else f"{who(s.seat)}'s card"
        else:
            place = f"Centre card c{(s.centre or 0) + 1}"
        parts.append(f"{place} was {role_phrase(s.role)}.")
    return " ".join(parts) or "I have nothing to say."
