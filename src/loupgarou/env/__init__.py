"""Learning environments: a PettingZoo AEC environment for each family (docs/env.md).

An optional extra (``pip install 'loupgarou[env]'``: PettingZoo, Gymnasium, numpy); the
rest of loupgarou never imports this package.

>>> from loupgarou.env import env
>>> e = env("one-night", scenario="premiere-nuit", players=5, bots={"*": "random", 0: "agent"})
"""

from loupgarou.env.aec import LoupGarouEnv, agent_name, env, raw_env, seat_of
from loupgarou.env.table import Catalogue, Setup, setup_of


def one_night(**kwargs: object) -> LoupGarouEnv:
    """A One Night environment (default: *La Première Nuit*, 5 players)."""
    return LoupGarouEnv("one-night", **kwargs)  # type: ignore[arg-type]


def thiercelieux(**kwargs: object) -> LoupGarouEnv:
    """A Thiercelieux environment (default: the suggested deck, 8 players)."""
    return LoupGarouEnv("thiercelieux", **kwargs)  # type: ignore[arg-type]


def lupus(**kwargs: object) -> LoupGarouEnv:
    """A Lupus in Tabula environment (default: the basic deck, 8 players)."""
    return LoupGarouEnv("lupus", **kwargs)  # type: ignore[arg-type]


__all__ = [
    "Catalogue",
    "LoupGarouEnv",
    "Setup",
    "agent_name",
    "env",
    "lupus",
    "one_night",
    "raw_env",
    "seat_of",
    "setup_of",
    "thiercelieux",
]
