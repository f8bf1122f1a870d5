"""What the home page's form needs, read from the engine and the narration: families,
scenarios with their player counts and decks, table options, role names per language
and theme, timer bounds.  Built once per process (it depends on the package only)."""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from loupgarou.core.errors import LoupGarouError
from loupgarou.core.events import JSON
from loupgarou.narration.locale import Locale, load_locale
from loupgarou.narration.themes import load_theme, theme_names
from loupgarou.session.settings import (
    BOT_LEVELS,
    DEFAULT_TIMERS,
    LANGUAGES,
    MAX_SEATS,
    MODES,
    TIMER_BOUNDS,
)
from loupgarou.sim.scenarios import scenario_names, table_spec
from loupgarou.variants.registry import find_family

FAMILIES = ("one-night", "thiercelieux", "lupus")


def _scenarios(family: str) -> list[JSON]:
    variant = find_family(family)
    out: list[JSON] = []
    for key in scenario_names(variant):
        decks: dict[str, JSON] = {}
        for players in range(variant.min_players, min(variant.max_players, MAX_SEATS) + 1):
            try:
                decks[str(players)] = list(table_spec(variant, players, scenario=key).deck)
            except LoupGarouError:
                continue
        if decks:
            out.append(
                {
                    "key": key,
                    "title": _title(family, key),
                    "players": sorted(int(p) for p in decks),
                    "decks": decks,
                }
            )
    return out


def _title(family: str, key: str) -> dict[str, str]:
    """A scenario's name in each language: the box's for One Night, the pages' own words
    (``scen.<family>.<key>``, with its ``.about``) for the tables we named ourselves."""
    if family == "one-night":
        from loupgarou.variants.one_night.scenarios import find_scenario

        found = find_scenario(key)
        return {"fr": found.name_fr, "en": found.title_en}
    titles: dict[str, str] = {}
    for lang in LANGUAGES:
        words = _page_words(lang)
        name = words.get(f"scen.{family}.{key}")
        if name is None:
            titles[lang] = key
            continue
        locale = load_locale(lang, family)
        about = words.get(f"scen.{family}.{key}.about")
        titles[lang] = _named(name, locale) + (f" — {_named(about, locale)}" if about else "")
    return titles


@cache
def _page_words(lang: str) -> dict[str, str]:
    """The pages' translations (``web/i18n``), where our own scenarios are named."""
    source = resources.files("loupgarou") / "web" / "i18n" / f"{lang}.json"
    words: dict[str, str] = json.loads(source.read_text(encoding="utf-8"))
    return words


def _named(text: str, locale: Locale) -> str:
    """``text`` with the pages' role placeholders (``{thief}``, ``{werewolf_many}``) named."""
    return _ROLE_WORD.sub(lambda m: locale.role(m.group(1), many=bool(m.group(2))), text)


_ROLE_WORD = re.compile(r"\{([a-z_]+?)(_many)?\}")


def _names(locale: Locale) -> dict[str, JSON]:
    """Each role's name, and its plural under ``role.many`` (``werewolf.many``)."""
    names: dict[str, JSON] = {}
    for role in locale.roles:
        names[role] = locale.role(role)
        names[f"{role}.many"] = locale.role(role, many=True)
    return names


def _roles(family: str) -> dict[str, JSON]:
    """Role names: ``{lang: {theme or "": {role: name, role.many: plural}}}``."""
    out: dict[str, JSON] = {}
    for lang in LANGUAGES:
        locale = load_locale(lang, family.replace("-", "_"))
        per_theme: dict[str, JSON] = {"": _names(locale)}
        for theme in theme_names():
            try:
                themed = load_theme(theme).apply(locale)
            except LoupGarouError:
                continue
            per_theme[theme] = _names(themed)
        out[lang] = per_theme
    return out


@cache
def catalog() -> dict[str, JSON]:
    families: list[JSON] = []
    for name in FAMILIES:
        variant = find_family(name)
        families.append(
            {
                "key": variant.name,
                "title": variant.title,
                "players": [variant.min_players, min(variant.max_players, MAX_SEATS)],
                "scenarios": _scenarios(name),
                "options": [
                    {
                        "name": o.name,
                        "default": o.default,
                        "help": o.help,
                        "choices": list(o.choices),
                        "kind": o.kind.__name__,
                    }
                    for o in variant.options
                ],
                "roles": _roles(name),
                "victim_call": variant.victim_call,
            }
        )
    return {
        "version": 1,
        "families": families,
        "modes": list(MODES),
        "languages": list(LANGUAGES),
        "themes": list(theme_names()),
        "bots": list(BOT_LEVELS),
        "timers": {"default": dict(DEFAULT_TIMERS), "min": TIMER_BOUNDS[0], "max": TIMER_BOUNDS[1]},
    }
