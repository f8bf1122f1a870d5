"""The Ravensburger scenarios and the basic set-up: a deck per player count.

Data only.  Each scenario lists a base deck for its smallest player count and
what each larger count adds, as the box's scenario sheet does.  Anarchie is a
drawn deck (see :mod:`loupgarou.variants.one_night.setup`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from loupgarou.core.errors import SetupError
from loupgarou.variants.one_night.roles import Role

W, V, S = Role.WEREWOLF, Role.VILLAGER, Role.SEER
R, T, D = Role.ROBBER, Role.TROUBLEMAKER, Role.DRUNK
IN, H, M = Role.INSOMNIAC, Role.HUNTER, Role.MINION
MA, TA, DG = Role.MASON, Role.TANNER, Role.DOPPELGANGER


@dataclass(frozen=True, slots=True)
class Scenario:
    key: str
    name_fr: str
    title_en: str
    level: str
    decks: Mapping[int, tuple[Role, ...]]
    """Player count -> full deck (players + 3 cards).  Empty for a drawn deck."""
    draw: str = "fixed"
    min_players: int = 3
    max_players: int = 10

    @property
    def player_counts(self) -> tuple[int, ...]:
        if self.decks:
            return tuple(sorted(self.decks))
        return tuple(range(self.min_players, self.max_players + 1))

    def deck_for(self, players: int) -> tuple[Role, ...]:
        counts = self.player_counts
        if players not in counts:
            raise SetupError(
                "setup.scenario_player_count",
                f"{self.name_fr} ({self.title_en}) is played by {counts[0]} to {counts[-1]} "
                f"players, not {players}",
                {"min": counts[0], "max": counts[-1], "players": players},
            )
        return self.decks.get(players, ())


def _ladder(
    base: tuple[Role, ...], first: int, *adds: tuple[Role, ...]
) -> dict[int, tuple[Role, ...]]:
    """Deck for ``first`` players is ``base``; for ``first + k`` it is ``base + adds[k-1]``."""
    decks: dict[int, tuple[Role, ...]] = {first: base}
    for k, extra in enumerate(adds, start=1):
        decks[first + k] = base + extra
    return decks


SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "premiere-nuit",
        "La Première Nuit",
        "The First Night",
        "introduction",
        _ladder((W, W, S, R, T, V), 3, (V,), (V, V)),
    ),
    Scenario(
        "pleine-lune",
        "Pleine Lune",
        "Full Moon",
        "easy",
        _ladder((W, W, IN, R, T, V), 3, (V,), (V, S), (V, V, S)),
    ),
    Scenario(
        "nuit-solitaire",
        "Nuit solitaire",
        "Lonely Night",
        "easy",
        _ladder((W, S, R, T, V, V), 3, (V,)),
    ),
    Scenario(
        "confusion",
        "Confusion",
        "Confusion",
        "medium",
        _ladder(
            (W, W, D, R, T, IN),
            3,
            (V,),
            (V, S),
            (V, V, S),
            (V, V, V, S),
            (V, V, V, S, M),
            (V, V, S, M, MA, MA),
        ),
    ),
    Scenario(
        "benefice",
        "Bénéfice",
        "Windfall",
        "medium",
        _ladder((W, W, H, S, R, D, IN), 4, (T,), (T, V), (T, V, V)),
    ),
    Scenario(
        "mysterieux-compagnons",
        "Mystérieux compagnons",
        "Mysterious Companions",
        "medium",
        _ladder((W, W, M, H, S, R, T, MA, MA), 6, (V,)),
    ),
    Scenario(
        "incertitudes",
        "Incertitudes",
        "Uncertainties",
        "medium",
        _ladder(
            (W, W, TA, S, R, D, IN),
            4,
            (T,),
            (T, V),
            (T, MA, MA),
            (T, MA, MA, H),
            (T, MA, MA, H, M),
            (T, MA, MA, H, M, V),
        ),
    ),
    Scenario(
        "alliance",
        "Alliance dans la pénombre",
        "Alliance in the Half-Light",
        "hard",
        _ladder(
            (W, W, MA, MA, M, R, T, IN),
            5,
            (D,),
            (D, S),
            (D, S, V),
            (D, S, V, V),
            (D, S, V, V, TA),
        ),
    ),
    Scenario(
        "revenants",
        "Revenants",
        "Revenants",
        "hard",
        _ladder((W, W, DG, M, H, S, R, T, V, MA, MA), 8, (IN,), (IN, D)),
    ),
    Scenario("anarchie", "Anarchie", "Anarchy", "hard", {}, draw="anarchie"),
    Scenario(
        "basic",
        "Mise en place de base",
        "Basic set-up (Bézier)",
        "introduction",
        _ladder((W, W, S, R, T, V), 3, (V,), (V, V)),
    ),
    Scenario("bag", "Jetons dans un sac", "Tokens in a bag (random deck)", "any", {}, draw="bag"),
)

SCENARIO_BY_KEY: dict[str, Scenario] = {s.key: s for s in SCENARIOS}


def find_scenario(name: str) -> Scenario:
    """A scenario by key, French name or English title (case-insensitive)."""
    wanted = name.strip().lower()
    for s in SCENARIOS:
        if wanted in (s.key, s.name_fr.lower(), s.title_en.lower()):
            return s
    known = ", ".join(s.key for s in SCENARIOS)
    raise SetupError("setup.unknown_scenario", f"no scenario '{name}'; known: {known}")
