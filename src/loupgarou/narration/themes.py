"""Themes: JSON files that rename the roles, per language, wherever narration names them.

Contract: :func:`load_theme` takes the name of a theme shipped in
``themes/<name>.json`` or the path of a theme file, and returns a checked
:class:`Theme`; :meth:`Theme.apply` turns a :class:`Locale` into the same
locale with the theme's names.  Every problem raises
:class:`~loupgarou.core.errors.SetupError` with a stable code:

- ``narration.unknown_theme``: no shipped theme by that name and no such file;
- ``narration.bad_theme``: the file cannot be read, is not JSON, or has the wrong shape;
- ``narration.theme_unknown_role``: a name is given for a key that is not a role;
- ``narration.theme_plural``: a role called as a group (Werewolf, Mason) lacks its plural;
- ``narration.theme_language``: the theme has no names in the narration's language.

A theme file::

    {
      "title": {"en": "Pirates of the Moonlit Sea", "fr": "Les Pirates de la mer de lune"},
      "names": {
        "en": {"werewolf": {"one": "Mutineer", "many": "Mutineers"}, "seer": "Lookout"},
        "fr": {"werewolf": {"one": "Mutin", "many": "Mutins"}, "seer": "Vigie"}
      }
    }

A name is a string, or ``{"one": ..., "many": ...}`` when the plural differs.
Roles a theme does not rename keep the locale's names.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from loupgarou.core.errors import SetupError
from loupgarou.narration.locale import Locale, RoleName
from loupgarou.variants.one_night.roles import Role, parse_role

GROUP_ROLES = (Role.WEREWOLF, Role.MASON)
"""Roles the narrator calls as a group: a theme must give their plural."""

_TOP_KEYS = frozenset({"title", "names"})
_ROLE_BY_KEY = {role.value: role for role in Role}


@dataclass(frozen=True, slots=True)
class Theme:
    """A set of role names per language (``names[language][role]``)."""

    key: str
    titles: Mapping[str, str]
    names: Mapping[str, Mapping[Role, RoleName]]

    def title(self, language: str) -> str:
        return self.titles.get(language, self.key)

    def apply(self, locale: Locale) -> Locale:
        """``locale`` with this theme's role names for its language."""
        names = self.names.get(locale.language)
        if names is None:
            have = ", ".join(sorted(self.names))
            raise SetupError(
                "narration.theme_language",
                f"theme '{self.key}' has no names in '{locale.language}' (it has: {have})",
            )
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
    if path.is_file():
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
    except ValueError as exc:
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
    names_data = data.get("names")
    if not isinstance(names_data, dict) or not names_data:
        raise bad('\'names\' must map a language to role names, e.g. {"en": {"seer": "..."}}')
    names: dict[str, dict[Role, RoleName]] = {}
    for language, entries in names_data.items():
        if not isinstance(entries, dict):
            raise bad(f"'names.{language}' must map role keys to names")
        names[language] = {
            _role_key(key, language, role_key): _role_name(bad, key, language, role_key, entry)
            for role_key, entry in entries.items()
        }
    return Theme(key, {k: v.strip() for k, v in titles.items()}, names)


def _role_key(theme: str, language: str, role_key: str) -> Role:
    role = _ROLE_BY_KEY.get(role_key)
    if role is not None:
        return role
    known = ", ".join(_ROLE_BY_KEY)
    alias = parse_role(role_key)
    hint = f"; did you mean '{alias.value}'?" if alias is not None else ""
    raise SetupError(
        "narration.theme_unknown_role",
        f"theme '{theme}', names.{language}: '{role_key}' is not a role key{hint} "
        f"(role keys: {known})",
    )


def _role_name(
    bad: Callable[[str], SetupError],
    theme: str,
    language: str,
    role_key: str,
    entry: Any,
) -> RoleName:
    where = f"names.{language}.{role_key}"
    if isinstance(entry, str):
        if not entry.strip():
            raise bad(f"{where} is empty")
        if _ROLE_BY_KEY[role_key] in GROUP_ROLES:
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
