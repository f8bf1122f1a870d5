"""One Night bots: the seat's knowledge, the solver, the sensible player.

Importing this package registers the family's bots (``random``, ``sensible``)
with :mod:`loupgarou.bots.registry`.
"""

from loupgarou.bots.one_night.bot import SensibleOneNight
from loupgarou.bots.one_night.solver import Posterior, Solver, Vote, solver_for
from loupgarou.bots.random_bot import RandomBot
from loupgarou.bots.registry import FamilyBots, register


def side_of(role: str) -> str:
    """The side of a starting One Night card (an outcome team name)."""
    if role in ("werewolf", "minion"):
        return "werewolf"
    if role == "tanner":
        return "tanner"
    return "village"


register(
    FamilyBots(
        "one-night",
        {"random": RandomBot, "sensible": SensibleOneNight},
        side_of,
        ("village", "werewolf", "tanner"),
        frozenset({"day_begins"}),
    )
)

__all__ = ["Posterior", "SensibleOneNight", "Solver", "Vote", "side_of", "solver_for"]
