"""``loupgarou roles`` and ``loupgarou scenarios``: what the box holds.

``roles [--family one-night] [--json]`` lists each role: English and French
names, team, wake step, difficulty and copies in the box.  ``scenarios
[--family F] [--json]`` lists a family's named tables: for One Night (the
default) the box scenarios, with French name, English title, level, player
range and the deck for each player count (a drawn deck is described, since its
cards are only known once drawn); for Thiercelieux the suggested decks (8 to 18
players, with or without the Thief); for Lupus in Tabula our three scenarios
(``basic``, ``specials``, ``everything``), their player range and the deck at a
few sizes with how it grows.  Both exit 0; an unknown family, or a family
without a role list, is an error (exit 2).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from loupgarou.cli.simulate import suited_players
from loupgarou.core.errors import ScriptError, SetupError
from loupgarou.core.events import JSON
from loupgarou.core.variant import Variant
from loupgarou.scripting.one_night_names import ROLE_NAMES, deck_summary
from loupgarou.sim.scenarios import LUPUS_SCENARIOS, LupusScenario, lupus_deck, lupus_player_range
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
    _family_arguments(roles, "game family (default: one-night)")
    roles.add_argument("--json", action="store_true", help="print JSON")
    roles.set_defaults(func=run_roles)
    scenarios: argparse.ArgumentParser = sub.add_parser(
        "scenarios",
        help="list a family's scenarios and their decks",
        description=(
            "List a family's named tables and their decks. One Night (the default): the box "
            "scenarios, with French name, English title, level, the player counts they are "
            "played with and the deck for each count (use the key in a game script's "
            "'scenario' field). Thiercelieux: the suggested decks, 8 to 18 players. Lupus in "
            "Tabula: basic, specials and everything, with their player range and the deck at "
            "a few sizes. Every name works with --scenario in 'simulate' and 'play'."
        ),
    )
    _family_arguments(scenarios, "game family: one-night (default), thiercelieux or lupus")
    scenarios.add_argument("--json", action="store_true", help="print JSON")
    scenarios.set_defaults(func=run_scenarios)


def _family_arguments(parser: argparse.ArgumentParser, help_text: str) -> None:
    """The family, as the word after the command (as ``play`` and ``rules`` take it) or
    as ``--family`` (as ``narrate`` does): ``loupgarou roles lupus`` and ``loupgarou roles
    --family lupus`` are one command."""
    parser.add_argument("family", nargs="?", help=help_text)
    parser.add_argument("--family", dest="family_option", metavar="FAMILY", help="the same")


def _family_of(args: argparse.Namespace) -> Variant:
    said = [f for f in (args.family, args.family_option) if f is not None]
    if len(said) == 2 and find_family(said[0]).name != find_family(said[1]).name:
        raise ScriptError(
            "script.bad_argument",
            f"two families given, '{said[0]}' and '{said[1]}': give one",
        )
    return find_family(said[0] if said else "one-night")


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


FAMILY_NOTES = {
    "thiercelieux": (
        "copies: '1' for a card the box holds once, 'any' for Werewolves and Villagers.",
        "The Captain is a title the village elects, not a card; the Lovers win together "
        "when Cupid pairs a Werewolf with a villager.",
    ),
    "lupus": (
        "copies: '1' for a unique character, '2' for the Freemasons (a pair), 'any' for "
        "Werewolves and Villagers; from: the suggested smallest table for a special character "
        "(special characters need at least 9 players).",
        "The Possessed is human but wins with the Werewolves; the Mythomaniac becomes the "
        "role of the player he imitates on the second night; the Werehamster wins alone.",
    ),
}


def family_role_rows(family: str) -> list[dict[str, JSON]]:
    """Thiercelieux's or Lupus in Tabula's roles: names (English, French), team, copies."""
    from loupgarou.narration.locale import load_locale

    english = load_locale("en", family)
    french = load_locale("fr", family)
    rows: list[dict[str, JSON]] = []
    if family == "thiercelieux":
        from loupgarou.variants.thiercelieux import roles as th

        for role in th.Role:
            rows.append(
                {
                    "role": role.value,
                    "name": english.role(role.value),
                    "name_fr": french.role(role.value),
                    "team": th.camp(role),
                    "copies": "1" if role in th.UNIQUE else "any",
                }
            )
        return rows
    from loupgarou.variants.lupus import roles as lu

    for character in lu.Role:
        special = character in lu.SPECIAL
        rows.append(
            {
                "role": character.value,
                "name": english.role(character.value),
                "name_fr": french.role(character.value),
                "team": "as imitated" if character is lu.Role.MYTHOMANIAC else lu.side(character),
                "copies": "1"
                if character in lu.UNIQUE
                else "2"
                if character is lu.Role.FREEMASON
                else "any",
                "special": special,
                "suggested_from": lu.SUGGESTED_MINIMUM.get(
                    character, lu.SPECIAL_FROM if special else None
                ),
            }
        )
    return rows


def run_roles(args: argparse.Namespace) -> int:
    family = _family_of(args)
    if family.name != "one-night":
        return _family_roles(family, args.json)
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


def _family_roles(family: Variant, as_json: bool) -> int:
    rows = family_role_rows(family.name)
    if as_json:
        print(json.dumps({"family": family.name, "roles": rows}, ensure_ascii=False, indent=2))
        return 0
    print(f"{family.title}: {len(rows)} roles")
    print()
    lupus = family.name == "lupus"
    header = ("role", "name", "French name", "team", "copies", *(("from",) if lupus else ()))
    table = [
        (
            str(r["role"]),
            str(r["name"]),
            str(r["name_fr"]),
            str(r["team"]),
            str(r["copies"]),
            *(
                (("-" if r["suggested_from"] is None else str(r["suggested_from"])),)
                if lupus
                else ()
            ),
        )
        for r in rows
    ]
    _print_table(header, table)
    print()
    for note in FAMILY_NOTES.get(family.name, ()):
        print(note)
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
    family = _family_of(args)
    if family.name == "thiercelieux":
        return _thiercelieux_scenarios(family, args.json)
    if family.name == "lupus":
        return _lupus_scenarios(family, args.json)
    if family.name != "one-night":
        raise SetupError("setup.unknown_scenario", f"{family.title} has no named scenarios")
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


# --- Thiercelieux: the suggested decks --------------------------------------------------------

THIERCELIEUX_TABLES = (
    (
        "suggested",
        False,
        "about one Werewolf per four players, the Seer, the Witch and the Hunter; Cupid from "
        "9 players, the Little Girl from 10; Villagers in the other seats",
    ),
    (
        "suggested-thief",
        True,
        "the same with the Thief in a Villager's place, and two more cards to set aside, a "
        "Werewolf and a Villager (so the deck holds two cards more than the players)",
    ),
)


def thiercelieux_rows() -> list[dict[str, JSON]]:
    from loupgarou.variants.thiercelieux.setup import SUGGESTED_PLAYERS, suggested_deck

    low, high = SUGGESTED_PLAYERS
    return [
        {
            "key": key,
            "about": about,
            "players": {"min": low, "max": high},
            "set_aside": 2 if thief else 0,
            "decks": {str(n): list(suggested_deck(n, thief=thief)) for n in range(low, high + 1)},
        }
        for key, thief, about in THIERCELIEUX_TABLES
    ]


def _thiercelieux_scenarios(family: Variant, as_json: bool) -> int:
    from loupgarou.scripting.thiercelieux_names import deck_summary as thiercelieux_summary

    rows = thiercelieux_rows()
    if as_json:
        print(json.dumps({"family": family.name, "scenarios": rows}, ensure_ascii=False, indent=2))
        return 0
    print(
        f"{family.title}: two decks of ours for 8 to 18 players, after the rulebook's "
        "advice (about one Werewolf per four players)."
    )
    print()
    for row in rows:
        players = row["players"]
        assert isinstance(players, dict)
        print(f"{row['key']}  {players['min']} to {players['max']} players")
        print(f"    {row['about']}")
        decks = row["decks"]
        assert isinstance(decks, dict)
        for n, deck in decks.items():
            assert isinstance(deck, list)
            print(f"    {int(n):>2} players: {thiercelieux_summary([str(c) for c in deck])}")
        print()
    print(
        "Use the name with --scenario in 'loupgarou simulate thiercelieux' or 'loupgarou play "
        "thiercelieux'; suggested is played when neither --scenario nor --deck is given. "
        "Other table sizes (3 to 40) need a --deck."
    )
    return 0


# --- Lupus in Tabula: our three scenarios -----------------------------------------------------


def lupus_sizes(scenario: LupusScenario, family: Variant) -> tuple[int, ...]:
    """The table sizes shown for a Lupus scenario: the smallest it fits, the smallest it
    is suggested for, the last with two Werewolves and the first with three, the largest."""
    from loupgarou.variants.lupus.setup import THIRD_WEREWOLF_FROM

    low, high = lupus_player_range(scenario)
    suggested = suited_players(family, scenario.key)[0]
    wanted = {low, suggested, THIRD_WEREWOLF_FROM - 1, THIRD_WEREWOLF_FROM, high}
    return tuple(sorted(n for n in wanted if low <= n <= high))


def lupus_row(scenario: LupusScenario, family: Variant) -> dict[str, JSON]:
    low, high = lupus_player_range(scenario)
    return {
        "key": scenario.key,
        "about": scenario.about,
        "specials": list(scenario.specials),
        "players": {"min": low, "max": high},
        "suggested_from": suited_players(family, scenario.key)[0],
        "decks": {str(n): list(lupus_deck(scenario, n)) for n in range(low, high + 1)},
    }


def _lupus_scenarios(family: Variant, as_json: bool) -> int:
    from loupgarou.scripting.lupus_names import deck_summary as lupus_summary
    from loupgarou.scripting.lupus_names import english
    from loupgarou.variants.lupus.roles import SUGGESTED_MINIMUM, parse_role
    from loupgarou.variants.lupus.setup import THIRD_WEREWOLF_FROM

    if as_json:
        rows = [lupus_row(s, family) for s in LUPUS_SCENARIOS]
        print(json.dumps({"family": family.name, "scenarios": rows}, ensure_ascii=False, indent=2))
        return 0
    print(
        f"{family.title}: the rules name no scenarios, so these three are ours. Each is the "
        "default deck (2 Werewolves, 3 from 16 players, and the Seer) with some special "
        "characters; Villagers fill the other seats."
    )
    print()
    for s in LUPUS_SCENARIOS:
        low, high = lupus_player_range(s)
        suggested = suited_players(family, s.key)[0]
        print(f"{s.key}  {low} to {high} players")
        print(f"    {s.about}")
        if suggested > low:
            limits = []
            for name in s.specials:
                role = parse_role(name)
                if role is not None and SUGGESTED_MINIMUM.get(role) == suggested:
                    plural = "s" if s.specials.count(name) > 1 else ""
                    limits.append(f"the {english(name)}{plural}")
            why = f" ({' and '.join(dict.fromkeys(limits))} from {suggested})" if limits else ""
            print(
                f"    suggested from {suggested} players{why}; smaller tables play, the rules "
                "only warn"
            )
        for n in lupus_sizes(s, family):
            print(f"    {n:>2} players: {lupus_summary(lupus_deck(s, n))}")
        print(
            f"    Each further player adds a Villager; from {THIRD_WEREWOLF_FROM} players a third "
            "Werewolf takes a Villager's place."
        )
        print()
    print(
        "Use the name with --scenario in 'loupgarou simulate lupus' or 'loupgarou play lupus'; "
        "basic is played when neither --scenario nor --deck is given."
    )
    return 0
