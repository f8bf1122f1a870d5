"""Shortcuts of the rules' hot paths, checked against the long way.

``seating`` reads every card's role and name in one C call per tuple; tie-break and
pick tasks are shared between games (:func:`shared_task`) rather than built anew.
"""

from __future__ import annotations

import random

from loupgarou.core.variant import GameConfig
from loupgarou.variants.thiercelieux import VARIANT
from loupgarou.variants.thiercelieux.day import CAPTAIN_PICK
from loupgarou.variants.thiercelieux.night import HUNT_TIEBREAK
from loupgarou.variants.thiercelieux.roles import Role
from loupgarou.variants.thiercelieux.state import NONE, ROLE_NAME, Task, seating, shared_task

DECK = (
    "thief",
    "werewolf",
    "werewolf",
    "seer",
    "witch",
    "hunter",
    "cupid",
    "little_girl",
    "villager",
    "villager",
    "werewolf",
    "villager",
)
UNIQUE = {
    Role.THIEF: "thief",
    Role.CUPID: "cupid",
    Role.SEER: "seer",
    Role.WITCH: "witch",
    Role.HUNTER: "hunter",
    Role.LITTLE_GIRL: "girl",
}


def test_a_seating_is_the_cards_read_one_by_one() -> None:
    players = tuple(f"p{i}" for i in range(10))
    state, _ = VARIANT.setup(GameConfig(VARIANT.name, players, tuple(DECK), {}))
    plan = state.plan
    rng = random.Random(7)
    for _ in range(200):
        cards = list(range(len(DECK)))
        rng.shuffle(cards)
        seated = seating(plan, tuple(cards))
        roles = tuple(plan.deck[c] for c in cards)
        assert seated.roles == roles
        assert seated.names == tuple(ROLE_NAME[r] for r in roles)
        assert seated.wolves == tuple(s for s in range(10) if roles[s] is Role.WEREWOLF)
        for role, field in UNIQUE.items():
            holders = [s for s in range(10) if roles[s] is role]
            assert getattr(seated, field) == (holders[0] if holders else NONE)


def test_a_shared_task_is_the_task_built_the_long_way() -> None:
    tie = shared_task("hunt_tiebreak", HUNT_TIEBREAK, NONE, (2, 5))
    assert tie == Task("hunt_tiebreak", HUNT_TIEBREAK, NONE, (2, 5))
    assert tie.does is HUNT_TIEBREAK
    assert shared_task("hunt_tiebreak", HUNT_TIEBREAK, NONE, (2, 5)) is tie
    pick = shared_task("captain_pick", CAPTAIN_PICK, 3, (2, 5))
    assert pick == Task("captain_pick", CAPTAIN_PICK, 3, (2, 5)) and pick is not tie
