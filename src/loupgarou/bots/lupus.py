"""Lupus in Tabula at the bots' table: the random bot and the three sides.

No sensible Lupus bot yet: registering the family here gives it the random bot
and the per-side statistics (humans, werewolves, the Werehamster) in
``loupgarou simulate lupus``.  Living players talk during stage 1.
"""

from __future__ import annotations

from loupgarou.variants.lupus.roles import HUMANS, WEREHAMSTER, WEREWOLVES, parse_role, side

from .random_bot import RandomBot
from .registry import FamilyBots, register


def side_of(role: str) -> str:
    """The side a starting card plays for."""
    parsed = parse_role(role)
    return HUMANS if parsed is None else side(parsed)


register(FamilyBots("lupus", {"random": RandomBot}, side_of, (HUMANS, WEREWOLVES, WEREHAMSTER)))
