"""Themes: JSON files that rename the roles, per language, wherever narration names them.

Contract: :func:`load_theme` takes the name of a theme shipped in
``themes/<name>.json`` or the path of a theme file, and returns a checked
:class:`Theme`; :meth:`Theme.apply` turns a :class:`Locale` (of any family)
into the same locale with the theme's names.  Every problem raises
:class:`~loupgarou.core.errors.SetupError` with a stable code:

- ``narration.unknown_theme``: no shipped theme by that name and no such file;
- ``narration.bad_theme``: the file cannot be read, is not JSON, or has the wrong shape;
- ``narration.theme_unknown_role``: a name is given for a key that is not a role;
- ``narration.theme_plural``: a name called as a group (Werewolf, Mason, Lovers,
  Freemason, Ghost) lacks its plural;
- ``narration.theme_language``: the theme has no names in the narration's language.

A theme file::

    {
      "title": {"en": "Pirates of the Moonlit Sea", "fr": "Les Pirates de la mer de lune"},
      "names": {
        "en": {"werewolf": {"one": "Mutineer", "many": "Mutineers"}, "seer": "Lookout",
               "witch": "Ship's Surgeon"},
        "fr": {"werewolf": {"one": "Mutin", "many": "Mutins"}, "seer": "Vigie"}
      },
      "families": {
        "thiercelieux": {"en": {"seer": "Crow's Nest"}}
      }
    }

``names`` maps a language to names by role key; a key is any family's role key
(:data:`ROLE_KEYS`), and a key several families share (``werewolf``, ``seer``,
``villager``, ``hunter``) renames that role in each of them (Lupus in Tabula shares
``werewolf``, ``seer`` and ``villager``).  The optional
``families`` section holds names for one family only, which win over ``names``
for that family.  A name is a string, or ``{"one": ..., "many": ...}`` when the
plural differs.  Roles a theme does not rename keep the locale's names.  Files
written for One Night alone (only ``title`` and ``names``) stay valid.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from loupgarou.core.errors import SetupError
from loupgarou.core.limits import MAX_SCRIPT_BYTES, check_size
from loupgarou.core.names import REFUSED_CATEGORIES, name_problem
from loupgarou.narration.locale import FAMILIES, SCHEMAS, Locale, RoleName
from loupgarou.variants.lupus.roles import parse_role as parse_lupus_role
from loupgarou.variants.one_night.roles import parse_role
from loupgarou.variants.thiercelieux.roles import parse_role as parse_thiercelieux_role

GROUP_ROLES = ("werewolf", "mason", "lovers", "freemason", "ghost")
"""Names the narrator uses for a group: a theme must give their plural."""

ROLE_KEYS: tuple[str, ...] = tuple(
    dict.fromkeys(key for family in FAMILIES for key in SCHEMAS[family].role_keys)
)
"""Every key a theme's ``names`` may rename: every family's, One Night's first."""

_TOP_KEYS = frozenset({"title", "names", "families"})
_TITLE_ALIASES = {
    "amoureux": "lovers",
    "amoureuse": "lovers",
    "lover": "lovers",
    "couple": "lovers",
    "capitaine": "captain",
    "maire": "captain",
    "mayor": "captain",
    "sheriff": "captain",
    "fantome": "ghost",
    "fantôme": "ghost",
    "ghosts": "ghost",
}


@dataclass(frozen=True, slots=True)
class Theme:
    """A set of role names per language (``names[language][role]``)."""

    key: str
    titles: Mapping[str, str]
    names: Mapping[str, Mapping[str, RoleName]]
    """``names[language][role_key]``, for every family that has the role."""
    families: Mapping[str, Mapping[str, Mapping[str, RoleName]]] = field(default_factory=dict)
    """``families[family][language][role_key]``: names for one family only."""

    def title(self, language: str) -> str:
        return self.titles.get(language, self.key)

    def languages(self) -> frozenset[str]:
        """Every language the theme names roles in."""
        scoped = (lang for names in self.families.values() for lang in names)
        return frozenset(self.names) | frozenset(scoped)

    def apply(self, locale: Locale) -> Locale:
        """``locale`` with this theme's role names for its language and family."""
        shared = self.names.get(locale.language)
        own = self.families.get(locale.family, {}).get(locale.language)
        if shared is None and own is None:
            have = ", ".join(sorted(self.languages()))
            raise SetupError(
                "narration.theme_language",
                f"theme '{self.key}' has no names in '{locale.language}' (it has: {have})",
            )
        names = {k: v for k, v in (shared or {}).items() if k in locale.roles}
        names.update(own or {})
        return locale.renamed(names)


def theme_names() -> tuple[str, ...]:
    """The themes shipped with the package."""
    folder = resources.files("loupgarou.narration") / "themes"
    return tuple(
        sorted(
            entry.name.removesuffix(".json")
            for entry in folder.iterdir()
            if entry.name.endswith(".json")
        )
    )


def load_theme(name_or_path: str) -> Theme:
    """A shipped theme by name (``pirates``), or a theme file by path."""
    if name_or_path in theme_names():
        source = resources.files("loupgarou.narration") / "themes" / f"{name_or_path}.json"
        text = _read(lambda: source.read_text(encoding="utf-8"), name_or_path)
        return parse_theme(text, name_or_path)
    path = Path(name_or_path)
    if "\x00" not in name_or_path and path.is_file():
        check_size(path.stat().st_size, MAX_SCRIPT_BYTES, f"the theme '{path}'")
        return parse_theme(_read(lambda: path.read_text(encoding="utf-8"), str(path)), path.stem)
    shipped = ", ".join(theme_names()) or "none"
    raise SetupError(
        "narration.unknown_theme",
        f"no theme '{name_or_path}': give a shipped theme ({shipped}) or the path of a "
        "theme file (.json)",
    )


def _read(read_text: Callable[[], str], where: str) -> Any:
    try:
        return json.loads(read_text())
    except OSError as exc:
        raise SetupError("narration.bad_theme", f"cannot read theme '{where}': {exc}") from exc
    except (ValueError, RecursionError) as exc:
        raise SetupError(
            "narration.bad_theme", f"theme '{where}' is not valid JSON: {exc}"
        ) from exc


def parse_theme(data: Any, key: str) -> Theme:
    """Check the JSON of a theme file and build the :class:`Theme`."""

    def bad(problem: str) -> SetupError:
        return SetupError("narration.bad_theme", f"theme '{key}': {problem}")

    if not isinstance(data, dict):
        raise bad("the file must hold a JSON object with 'names' (and optionally 'title')")
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise bad(f"unknown fields {', '.join(unknown)}; a theme has 'title' and 'names'")
    titles = data.get("title", {})
    if not isinstance(titles, dict) or not all(
        isinstance(v, str) and v.strip() for v in titles.values()
    ):
        raise bad('\'title\' must map a language to a title, e.g. {"en": "..."}')
    for title in titles.values():
        if any(unicodedata.category(ch) in REFUSED_CATEGORIES for ch in title):
            raise bad(f"the title {title!a} holds a control or format character")
    families_data = data.get("families", {})
    if not isinstance(families_data, dict):
        raise bad('\'families\' must map a family to its names, e.g. {"thiercelieux": {"en": {}}}')
    names_data = data.get("names", {} if families_data else None)
    if not isinstance(names_data, dict) or not (names_data or families_data):
        raise bad('\'names\' must map a language to role names, e.g. {"en": {"seer": "..."}}')
    names = _names(bad, key, "names", names_data, ROLE_KEYS)
    families: dict[str, dict[str, dict[str, RoleName]]] = {}
    for family, scoped in families_data.items():
        if family not in SCHEMAS:
            raise bad(f"'families' has no family '{family}'; families: {', '.join(FAMILIES)}")
        if not isinstance(scoped, dict):
            raise bad(f"'families.{family}' must map a language to role names")
        keys = SCHEMAS[family].role_keys
        families[family] = _names(bad, key, f"families.{family}", scoped, keys)
    return Theme(key, {k: v.strip() for k, v in titles.items()}, names, families)


def _names(
    bad: Callable[[str], SetupError],
    theme: str,
    where: str,
    data: dict[str, Any],
    keys: tuple[str, ...],
) -> dict[str, dict[str, RoleName]]:
    names: dict[str, dict[str, RoleName]] = {}
    for language, entries in data.items():
        if not isinstance(entries, dict):
            raise bad(f"'{where}.{language}' must map role keys to names")
        place = f"{where}.{language}"
        names[language] = {
            _role_key(theme, place, role_key, keys): _role_name(bad, theme, place, role_key, entry)
            for role_key, entry in entries.items()
        }
    return names


def _role_key(theme: str, place: str, role_key: str, keys: tuple[str, ...]) -> str:
    if role_key in keys:
        return role_key
    known = ", ".join(keys)
    hint = ""
    for alias in (
        parse_role(role_key),
        parse_thiercelieux_role(role_key),
        parse_lupus_role(role_key),
        _TITLE_ALIASES.get(role_key.strip().lower()),
    ):
        if alias is not None and str(alias) in keys:
            hint = f"; did you mean '{alias}'?"
            break
    raise SetupError(
        "narration.theme_unknown_role",
        f"theme '{theme}', {place}: '{role_key}' is not a role key{hint} (role keys: {known})",
    )


def _role_name(
    bad: Callable[[str], SetupError],
    theme: str,
    place: str,
    role_key: str,
    entry: Any,
) -> RoleName:
    where = f"{place}.{role_key}"
    for text in entry.values() if isinstance(entry, dict) else (entry,):
        # a role's name is printed and read aloud as a player's is: plain text on one line
        problem = name_problem(text.strip()) if isinstance(text, str) and text.strip() else None
        if problem is not None:
            raise bad(f"{where}: {problem}")
    if isinstance(entry, str):
        if not entry.strip():
            raise bad(f"{where} is empty")
        if role_key in GROUP_ROLES:
            raise SetupError(
                "narration.theme_plural",
                f"theme '{theme}', {where}: this role is called as a group, so give both forms, "
                f'e.g. {{"one": "{entry.strip()}", "many": "..."}}',
            )
        return RoleName(entry.strip(), entry.strip())
    if (
        isinstance(entry, dict)
        and set(entry) == {"one", "many"}
        and all(isinstance(v, str) and v.strip() for v in entry.values())
    ):
        return RoleName(entry["one"].strip(), entry["many"].strip())
    raise bad(f'{where} must be a name or {{"one": "...", "many": "..."}}')
