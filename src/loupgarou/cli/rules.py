"""``loupgarou rules [FAMILY] [--json]``: a family's player range and options.

Every option a family declares (its :class:`~loupgarou.core.variant.OptionSpec`)
is listed with its default, allowed values and meaning; without a family, every
family is listed.  Options are set in a game script's ``options`` field.
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


def family_json(family: Variant) -> dict[str, JSON]:
    return {
        "family": family.name,
        "title": family.title,
        "aliases": list(family.aliases),
        "players": {"min": family.min_players, "max": family.max_players},
        "options": [
            {
                "name": o.name,
                "type": o.kind.__name__,
                "default": o.default,
                "choices": list(o.choices),
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
        for o in family.options:
            values = " | ".join(str(c) for c in o.choices) if o.choices else o.kind.__name__
            print(f"  {o.name} = {o.default!s}   ({values})")
            print(f"      {o.help}")
        print()
    print(
        "Set options in a game script's 'options' field. Rules decisions: docs/rules-decisions.md"
    )
    return 0
