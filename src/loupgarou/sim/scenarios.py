"""Named tables for simulations: a family, a scenario or a deck, a player count.

One Night uses the box's scenarios (``premiere-nuit``, ``confusion`` ...; the
drawn ones, ``anarchie`` and ``bag``, draw their deck in each game).
Thiercelieux has ``suggested`` (the suggested deck for the table size) and
``suggested-thief`` (the same with a Thief and two set-aside cards).  Lupus in
Tabula has ``basic`` (the default deck for the table size: 2 Werewolves, 3 from 16
players, the Seer and Villagers), ``specials`` (the same with the Medium, the
Possessed, the Bodyguard and the Owl) and ``everything`` (every special
character: those four, the pair of Freemasons, the Werehamster and the
Mythomaniac); the rules name no scenario, so these are ours
(:data:`LUPUS_SCENARIOS`).  With neither a scenario nor a deck, Thiercelieux
plays ``suggested`` and Lupus in Tabula ``basic``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from loupgarou.core.errors import SetupError
from loupgarou.core.events import JSON
from loupgarou.core.variant import Variant
from loupgarou.variants.one_night.scenarios import SCENARIOS, find_scenario


@dataclass(frozen=True, slots=True)
class LupusScenario:
    """A named Lupus in Tabula table: the default deck with these special characters."""

    key: str
    specials: tuple[str, ...]
    """Added to the Werewolves and the Seer, in this order; Villagers fill the other seats."""
    about: str


LUPUS_SCENARIOS: tuple[LupusScenario, ...] = (
    LupusScenario("basic", (), "the default deck: the Werewolves, the Seer, Villagers"),
    LupusScenario(
        "specials",
        ("medium", "possessed", "bodyguard", "owl"),
        "the default deck with the Medium, the Possessed, the Bodyguard and the Owl",
    ),
    LupusScenario(
        "everything",
        (
            "medium",
            "possessed",
            "bodyguard",
            "owl",
            "freemason",
            "freemason",
            "werehamster",
            "mythomaniac",
        ),
        "every special character: the four above, the two Freemasons, the Werehamster "
        "and the Mythomaniac",
    ),
)
"""The Lupus in Tabula scenarios, in order of size.  The order of the cards is kept as it
is: it is part of what a seed deals."""


def find_lupus_scenario(name: str) -> LupusScenario:
    """The Lupus scenario called ``name`` (any case); :class:`SetupError` if none."""
    key = name.strip().lower()
    for s in LUPUS_SCENARIOS:
        if s.key == key:
            return s
    known = ", ".join(s.key for s in LUPUS_SCENARIOS)
    raise SetupError(
        "setup.unknown_scenario", f"no Lupus in Tabula scenario '{name}'; known: {known}"
    )


def lupus_deck(scenario: LupusScenario, players: int) -> tuple[str, ...]:
    """The scenario's deck for ``players`` (``setup.scenario_player_count`` if it does not fit)."""
    from loupgarou.variants.lupus import default_deck

    try:
        return default_deck(players, scenario.specials)
    except SetupError as exc:
        if exc.code in ("setup.too_few_players", "setup.too_many_players"):
            raise
        low, high = lupus_player_range(scenario)
        raise SetupError(
            "setup.scenario_player_count",
            f"the Lupus in Tabula scenario '{scenario.key}' is played by {low} to {high} "
            f"players, not {players} ({exc.message})",
            {"min": low, "max": high, "players": players},
        ) from exc


def lupus_player_range(scenario: LupusScenario) -> tuple[int, int]:
    """The smallest and largest tables the scenario's deck fits."""
    from loupgarou.variants.lupus import default_deck
    from loupgarou.variants.lupus.setup import MAX_PLAYERS, MIN_PLAYERS

    fits = []
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        try:
            default_deck(n, scenario.specials)
        except SetupError:
            continue
        fits.append(n)
    return fits[0], fits[-1]


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What one simulated game is set up with (picklable: plain values only)."""

    family: str
    players: int
    deck: tuple[str, ...]
    options: tuple[tuple[str, JSON], ...] = ()
    label: str = ""


def scenario_names(family: Variant) -> tuple[str, ...]:
    if family.name == "one-night":
        return tuple(s.key for s in SCENARIOS)
    if family.name == "thiercelieux":
        return ("suggested", "suggested-thief")
    if family.name == "lupus":
        return tuple(s.key for s in LUPUS_SCENARIOS)
    return ()


def table_spec(
    family: Variant,
    players: int,
    *,
    scenario: str | None = None,
    deck: Sequence[str] = (),
    options: Sequence[tuple[str, JSON]] = (),
) -> TableSpec:
    """The table for a scenario, or for a deck; :class:`SetupError` for a bad one."""
    if scenario and deck:
        raise SetupError("setup.deck_and_scenario", "give a scenario or a deck, not both")
    opts = tuple(options)
    if not family.min_players <= players <= family.max_players:
        raise SetupError(
            "setup.too_many_players" if players > family.max_players else "setup.too_few_players",
            f"{family.title} is played by {family.min_players} to {family.max_players} players, "
            f"not {players}",
            {"min": family.min_players, "max": family.max_players, "players": players},
        )
    if scenario:
        if family.name == "one-night":
            s = find_scenario(scenario)
            cards = tuple(r.value for r in s.deck_for(players))
            if s.draw != "fixed":
                opts = (*opts, ("deck_draw", s.draw))
            return TableSpec(family.name, players, cards, opts, f"{s.key} ({players})")
        if family.name == "thiercelieux":
            from loupgarou.variants.thiercelieux import suggested_deck

            if scenario not in ("suggested", "suggested-thief"):
                raise SetupError(
                    "setup.unknown_scenario",
                    f"no Thiercelieux scenario '{scenario}'; known: suggested, suggested-thief",
                )
            cards = suggested_deck(players, thief=scenario == "suggested-thief")
            return TableSpec(family.name, players, cards, opts, f"{scenario} ({players})")
        if family.name == "lupus":
            found = find_lupus_scenario(scenario)
            cards = lupus_deck(found, players)
            return TableSpec(family.name, players, cards, opts, f"{found.key} ({players})")
        raise SetupError("setup.unknown_scenario", f"{family.title} has no named scenarios")
    if not deck and family.name == "one-night":
        raise SetupError("setup.no_deck", "give a scenario (--scenario) or a deck (--deck)")
    if not deck and family.name == "thiercelieux":
        from loupgarou.variants.thiercelieux import suggested_deck

        cards = suggested_deck(players)
        return TableSpec(family.name, players, cards, opts, f"suggested ({players})")
    if not deck and family.name == "lupus":
        return table_spec(family, players, scenario="basic", options=opts)
    return TableSpec(family.name, players, tuple(deck), opts, f"deck ({players})")
