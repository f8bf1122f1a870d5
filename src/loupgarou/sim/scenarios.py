"""Named tables for simulations: a family, a scenario or a deck, a player count.

One Night uses the box's scenarios (``premiere-nuit``, ``confusion`` ...; the
drawn ones, ``anarchie`` and ``bag``, draw their deck in each game).
Thiercelieux has ``suggested`` (the suggested deck for the table size) and
``suggested-thief`` (the same with a Thief and two set-aside cards).  A family
without scenarios (Lupus in Tabula) plays its default deck when no deck is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from loupgarou.core.errors import SetupError
from loupgarou.core.events import JSON
from loupgarou.core.variant import Variant
from loupgarou.variants.one_night.scenarios import SCENARIOS, find_scenario


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
        raise SetupError("setup.unknown_scenario", f"{family.title} has no named scenarios")
    if not deck and family.name == "one-night":
        raise SetupError("setup.no_deck", "give a scenario (--scenario) or a deck (--deck)")
    if not deck and family.name == "thiercelieux":
        from loupgarou.variants.thiercelieux import suggested_deck

        cards = suggested_deck(players)
        return TableSpec(family.name, players, cards, opts, f"suggested ({players})")
    return TableSpec(family.name, players, tuple(deck), opts, f"deck ({players})")
