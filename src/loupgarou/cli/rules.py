"""``loupgarou rules [FAMILY] [--json]``: a family's player range, roles and options.

Every role (character) of the family is listed with its team and when it acts;
every option it declares (its :class:`~loupgarou.core.variant.OptionSpec`) with
its default, allowed values and meaning.  Without a family, every family is
listed.  Options are set in a game script's ``options`` field.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from loupgarou.core.events import JSON
from loupgarou.core.variant import Variant
from loupgarou.variants.registry import FAMILIES, find_family


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "rules",
        help="list a family's options, their defaults and meaning",
        description=(
            "Show a game family's player range and every table option with its default "
            "and meaning. Without FAMILY, every family is shown."
        ),
    )
    parser.add_argument("family", nargs="?", help="one-night, thiercelieux ... (default: all)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


ONE_NIGHT_ACTS = {
    "1": "night step 1, copies another player's role",
    "2": "night step 2, wakes with the other Werewolves",
    "3": "night step 3, learns the Werewolves",
    "4": "night step 4, learns the other Mason",
    "5": "night step 5, looks at a player's card or two centre cards",
    "6": "night step 6, may swap cards with a player and look",
    "7": "night step 7, may swap two other players' cards",
    "8": "night step 8, swaps with a centre card unseen",
    "9": "night step 9, looks at their own card",
}

THIERCELIEUX_ACTS = {
    "werewolf": "every night, the pack chooses a victim",
    "villager": "no power",
    "seer": "every night, sees one player's card",
    "witch": "every night, may heal the victim or poison someone (each potion once)",
    "hunter": "when killed, may shoot someone",
    "cupid": "night 1, makes two players Lovers",
    "thief": "night 1, may swap for one of two set-aside cards",
    "little_girl": "may spy on the Werewolves, at the risk of being caught",
}

LUPUS_ACTS = {
    "werewolf": "every night, the pack kills a human",
    "villager": "no power",
    "seer": "every night, learns whether a player is a Werewolf",
    "medium": "from night 2, learns whether the last lynched was a Werewolf",
    "possessed": "a human on the Werewolves' side, unknown to them",
    "bodyguard": "from night 2, protects another player",
    "owl": "every night, makes a player a suspect for the next day",
    "freemason": "night 1, the pair recognise each other",
    "werehamster": "wins alone if alive at the end; dies if the Seer points at him",
    "mythomaniac": "end of night 2, becomes a Werewolf or Seer by copying a player",
}


def role_rows(family: Variant) -> list[dict[str, JSON]]:
    """Each role of ``family``: its team and when it acts (our own short words)."""
    if family.name == "one-night":
        from loupgarou.variants.one_night.roles import ROLE_INFO, Role

        return [
            {
                "role": r.value,
                "team": "as copied" if r is Role.DOPPELGANGER else i.team.value,
                "acts": ONE_NIGHT_ACTS.get(i.wake or "", "sleeps all night"),
            }
            for r, i in ROLE_INFO.items()
        ]
    if family.name == "thiercelieux":
        from loupgarou.variants.thiercelieux.roles import Role as TRole
        from loupgarou.variants.thiercelieux.roles import camp

        rows: list[dict[str, JSON]] = [
            {"role": r.value, "team": camp(r), "acts": THIERCELIEUX_ACTS[r.value]} for r in TRole
        ]
        rows.append(
            {"role": "captain", "team": "a title", "acts": "elected on day 1; vote counts twice"}
        )
        return rows
    if family.name == "lupus":
        from loupgarou.variants.lupus.roles import SPECIAL_FROM, SUGGESTED_MINIMUM, side
        from loupgarou.variants.lupus.roles import Role as LRole

        return [
            {
                "role": r.value,
                "team": side(r),
                "acts": LUPUS_ACTS[r.value],
                **(
                    {"allowed_from": SPECIAL_FROM, "suggested_from": SUGGESTED_MINIMUM.get(r)}
                    if r not in (LRole.WEREWOLF, LRole.VILLAGER, LRole.SEER)
                    else {}
                ),
            }
            for r in LRole
        ]
    return []


def family_json(family: Variant) -> dict[str, JSON]:
    return {
        "family": family.name,
        "title": family.title,
        "aliases": list(family.aliases),
        "players": {"min": family.min_players, "max": family.max_players},
        "roles": role_rows(family),
        "options": [
            {
                "name": o.name,
                "type": o.kind.__name__,
                "default": o.default,
                "choices": list(o.choices),
                **({"range": o.range_text()} if o.kind in (int, float) else {}),
                "help": o.help,
            }
            for o in family.options
        ],
    }


def run(args: argparse.Namespace) -> int:
    families = [find_family(args.family)] if args.family else list(FAMILIES)
    if args.json:
        out = [family_json(f) for f in families]
        print(json.dumps(out[0] if args.family else out, ensure_ascii=False, indent=2))
        return 0
    for family in families:
        print(
            f"{family.title}  [{family.name}]  {family.min_players} to {family.max_players} players"
        )
        print(" roles:")
        for row in role_rows(family):
            extra = ""
            if "allowed_from" in row:
                extra = f" (from {row['allowed_from']} players"
                if row.get("suggested_from"):
                    extra += f"; suggested from {row['suggested_from']}"
                extra += ")"
            print(f"  {row['role']!s:<14} {row['team']!s:<12} {row['acts']}{extra}")
        print(" options:")
        for o in family.options:
            if o.choices:
                values = " | ".join(str(c) for c in o.choices)
            elif o.kind in (int, float):
                values = f"{o.kind.__name__}, {o.range_text()}"
            else:
                values = o.kind.__name__
            print(f"  {o.name} = {o.default!s}   ({values})")
            print(f"      {o.help}")
        print()
    print(
        "Set options in a game script's 'options' field. Rules decisions: docs/rules-decisions.md"
    )
    return 0
