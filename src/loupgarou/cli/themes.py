"""``loupgarou themes``: the themes shipped with loupgarou, that ``narrate --theme`` takes.

Each theme is listed with its title in each language it names roles in, and the roles
it renames (per family where it has names for one family only).  ``--json`` for
programs.  A theme file of your own works too (``narrate --theme FILE.json``; the format
is in ``docs/narration.md``).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from loupgarou.core.events import JSON
from loupgarou.narration.themes import Theme, load_theme, theme_names


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "themes",
        help="list the themes that rename the roles (for narrate --theme)",
        description=(
            "List the themes shipped with loupgarou: each renames the roles wherever the "
            "narrator names them. Use one with 'loupgarou narrate --theme NAME'."
        ),
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def _name(value: Any) -> str:
    one = getattr(value, "one", value)
    return str(one)


def describe(theme: Theme) -> dict[str, JSON]:
    """A theme as JSON: its titles, languages and renamed roles."""
    return {
        "name": theme.key,
        "titles": dict(theme.titles),
        "languages": sorted(theme.languages()),
        "renames": {
            lang: {role: _name(n) for role, n in sorted(names.items())}
            for lang, names in sorted(theme.names.items())
        },
        "families": {
            family: {
                lang: {role: _name(n) for role, n in sorted(names.items())}
                for lang, names in sorted(by_lang.items())
            }
            for family, by_lang in sorted(theme.families.items())
        },
    }


def run(args: argparse.Namespace) -> int:
    themes = [load_theme(name) for name in theme_names()]
    if args.json:
        print(json.dumps([describe(t) for t in themes], ensure_ascii=False, indent=2))
        return 0
    if not themes:
        print("No themes are shipped with this build; narrate --theme takes a theme file too.")
        return 0
    for theme in themes:
        titles = "; ".join(f"{lang}: {title}" for lang, title in sorted(theme.titles.items()))
        print(f"{theme.key}  ({titles})")
        for lang, names in sorted(theme.names.items()):
            renamed = ", ".join(f"{role} -> {_name(n)}" for role, n in sorted(names.items()))
            print(f"  {lang}: {renamed}")
        for family, by_lang in sorted(theme.families.items()):
            for lang, names in sorted(by_lang.items()):
                renamed = ", ".join(f"{role} -> {_name(n)}" for role, n in sorted(names.items()))
                print(f"  {lang}, {family} only: {renamed}")
    print("Use one with: loupgarou narrate --theme NAME (or the path of your own theme file).")
    return 0
