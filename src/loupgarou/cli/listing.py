"""``loupgarou roles`` and ``loupgarou scenarios``: what the box holds.

``roles [--family one-night] [--json]`` lists each role: English and French
names, team, wake step, difficulty and copies in the box.  ``scenarios
[--json]`` lists the One Night scenarios: French name, English title, level,
player range and the deck for each player count (a drawn deck is described,
since its cards are only known once drawn).  Both exit 0; a family without a
role list is an error (exit 2).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from loupgarou.core.errors import SetupError
from loupgarou.core.events import JSON
from loupgarou.scripting.one_night_names import ROLE_NAMES, deck_summary
from loupgarou.variants.one_night.roles import ROLE_INFO, Role
from loupgarou.variants.one_night.scenarios import SCENARIOS, Scenario
from loupgarou.variants.registry import find_family

DRAWS = {
    "anarchie": (
        "Drawn at random: two Werewolves and one Villager are put aside, the rest of the box "
        "is shuffled and one card per player is drawn, then the three cards put aside join "
        "them. A draw holding a lone Mason is drawn again."
    ),
    "bag": (
        "Drawn at random: as many roles as players plus three are taken from the whole box; "
        "the two Masons always come together."
    ),
}

TEAM_NOTES = {Role.DOPPELGANGER: "as copied"}


def register(sub: Any) -> None:
    roles: argparse.ArgumentParser = sub.add_parser(
        "roles",
        help="list the roles of a game family",
        description=(
            "List every role of a game family: English and French names, team, the step at "
            "which it wakes, difficulty (1 to 3 stars) and how many copies the box holds."
        ),
    )
    roles.add_argument("--family", default="one-night", help="game family (default: one-night)")
    roles.add_argument("--json", action="store_true", help="print JSON")
    roles.set_defaults(func=run_roles)
    scenarios: argparse.ArgumentParser = sub.add_parser(
        "scenarios",
        help="list the One Night scenarios and their decks",
        description=(
            "List the One Night scenarios: French name, English title, level, the player "
            "counts they are played with and the deck for each count. Use the key in a game "
            "script's 'scenario' field."
        ),
    )
    scenarios.add_argument("--json", action="store_true", help="print JSON")
    scenarios.set_defaults(func=run_scenarios)


# --- roles ------------------------------------------------------------------------------------


def role_rows() -> list[dict[str, JSON]]:
    rows: list[dict[str, JSON]] = []
    for role, info in ROLE_INFO.items():
        english, french = ROLE_NAMES[role]
        rows.append(
            {
                "role": role.value,
                "name": english,
                "name_fr": french,
                "team": TEAM_NOTES.get(role, info.team.value),
                "wake": info.wake,
                "difficulty": info.difficulty,
                "in_box": info.in_box,
            }
        )
    return rows


def run_roles(args: argparse.Namespace) -> int:
    family = find_family(args.family)
    if family.name != "one-night":
        raise SetupError("setup.no_role_list", f"the roles of '{family.name}' cannot be listed yet")
    rows = role_rows()
    if args.json:
        print(json.dumps({"family": family.name, "roles": rows}, ensure_ascii=False, indent=2))
        return 0
    total = sum(int(r["in_box"]) for r in rows)
    print(f"{family.title}: {len(rows)} roles, {total} cards in the box")
    print()
    header = ("role", "name", "French name", "team", "wake", "difficulty", "in box")
    table = [
        (
            str(r["role"]),
            str(r["name"]),
            str(r["name_fr"]),
            str(r["team"]),
            "-" if r["wake"] is None else str(r["wake"]),
            "*" * int(r["difficulty"]),
            str(r["in_box"]),
        )
        for r in rows
    ]
    _print_table(header, table)
    print()
    print("wake: the step at which the role wakes at night ('-': it sleeps all night).")
    print("The Doppelgänger takes the team of the role she copies.")
    return 0


def _print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=True)]
    for row in (header, *rows):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())


# --- scenarios --------------------------------------------------------------------------------


def scenario_row(s: Scenario) -> dict[str, JSON]:
    counts = s.player_counts
    return {
        "key": s.key,
        "name_fr": s.name_fr,
        "title_en": s.title_en,
        "level": s.level,
        "players": {"min": counts[0], "max": counts[-1]},
        "draw": s.draw,
        "decks": {str(n): [r.value for r in deck] for n, deck in sorted(s.decks.items())},
        "how": DRAWS.get(s.draw),
    }


def run_scenarios(args: argparse.Namespace) -> int:
    rows = [scenario_row(s) for s in SCENARIOS]
    if args.json:
        print(json.dumps({"family": "one-night", "scenarios": rows}, ensure_ascii=False, indent=2))
        return 0
    for s in SCENARIOS:
        counts = s.player_counts
        print(
            f"{s.name_fr} — {s.title_en}  [{s.key}]  level: {s.level}, "
            f"{counts[0]} to {counts[-1]} players"
        )
        if s.draw != "fixed":
            print(f"    {DRAWS.get(s.draw, 'drawn at random')}")
        for n, deck in sorted(s.decks.items()):
            print(f"    {n:>2} players: {deck_summary([r.value for r in deck])}")
        print()
    print("Use the key (or either name) as 'scenario' in a game script.")
    return 0
