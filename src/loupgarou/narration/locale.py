"""Locales: every narration text and role name, keyed, in one JSON file per language.

Contract: :func:`load_locale` reads ``locales/<language>.json`` shipped with the
package and returns a checked :class:`Locale`: it names all twelve One Night
roles (singular and plural) and holds exactly the keys of :data:`TEXT_KEYS`,
each using only known placeholders.  A broken or unknown locale raises
:class:`~loupgarou.core.errors.SetupError` (``narration.unknown_language``,
``narration.bad_locale``).  :meth:`Locale.text` renders a text; it never
performs I/O.

Placeholders in texts are ``{role}`` (a role's singular name, e.g.
``{seer}``), ``{role.many}`` (its plural, e.g. ``{werewolf.many}``) and the
parameters of :data:`PARAMETERS` (``{count}``, ``{duration}`` ...).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from loupgarou.core.errors import SetupError
from loupgarou.variants.one_night.night import call_list
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.setup import box_cards

LANGUAGES = ("en", "fr")
"""The languages shipped with the package."""

ALL_STEPS: tuple[str, ...] = call_list(box_cards())
"""Every step the call list can hold (the whole box's call list)."""

CALL_PARTS = ("wake", "action", "sleep")

TEXT_KEYS: frozenset[str] = frozenset(
    {
        *(f"step.{step}.{part}" for step in ALL_STEPS for part in CALL_PARTS),
        "step.werewolves.action_lone_wolf",
        "night.drawn_deck",
        "night.fall",
        "day.dawn",
        "day.discussion",
        "day.minutes_left",
        "day.one_minute_left",
        "day.seconds_left",
        "vote.ready",
        "vote.count",
        "vote.now",
        "end.reveal",
        "end.reveal_doppelganger",
        "duration.minutes",
        "duration.one_minute",
        "duration.seconds",
        "duration.one_second",
        "header.scenario",
        "header.custom_deck",
        "header.players",
        "header.deck",
        "header.drawn",
        "header.theme",
        "header.timing",
        "header.lone_wolf_on",
        "header.lone_wolf_off",
        "header.total",
    }
)
"""The keys every locale must hold, no more and no fewer."""

PARAMETERS = frozenset({"count", "duration", "name", "cards", "title", "step", "total"})
"""Placeholders a text may use besides role names."""

_PLACEHOLDER = re.compile(r"\{([a-z_]+)(\.many)?\}")
_ROLE_BY_KEY = {role.value: role for role in Role}


@dataclass(frozen=True, slots=True)
class RoleName:
    """How a role is named: alone (``one``) and as a group (``many``)."""

    one: str
    many: str


@dataclass(frozen=True, slots=True)
class Locale:
    """The texts and role names of one language (possibly renamed by a theme)."""

    language: str
    voice: str
    """The ``espeak-ng`` voice for this language."""
    decimal_mark: str
    roles: Mapping[Role, RoleName]
    texts: Mapping[str, str]

    def role(self, role: Role, *, many: bool = False) -> str:
        name = self.roles[role]
        return name.many if many else name.one

    def text(self, key: str, **params: object) -> str:
        """The text for ``key`` with role names and ``params`` filled in."""
        return render(self.texts[key], self.roles, params)

    def number(self, value: float) -> str:
        """A number as this language writes it (``7.5`` / ``7,5``; whole numbers bare)."""
        return f"{value:g}".replace(".", self.decimal_mark)

    def duration(self, seconds: float) -> str:
        """A duration in words: whole minutes when it is a whole number of minutes."""
        if seconds == 1:
            return self.text("duration.one_second")
        if seconds == 60:
            return self.text("duration.one_minute")
        if seconds > 60 and seconds % 60 == 0:
            return self.text("duration.minutes", count=self.number(seconds / 60))
        return self.text("duration.seconds", count=self.number(seconds))

    def renamed(self, names: Mapping[Role, RoleName]) -> Locale:
        """This locale with some roles renamed (the others keep their names)."""
        return replace(self, roles={**self.roles, **names})


def render(template: str, roles: Mapping[Role, RoleName], params: Mapping[str, object]) -> str:
    """Fill ``{role}``, ``{role.many}`` and parameter placeholders in ``template``."""

    def fill(match: re.Match[str]) -> str:
        name, many = match.group(1), match.group(2)
        role = _ROLE_BY_KEY.get(name)
        if role is not None:
            return roles[role].many if many else roles[role].one
        if many or name not in params:
            raise KeyError(match.group(0))
        return str(params[name])

    return _PLACEHOLDER.sub(fill, template)


def placeholders(template: str) -> frozenset[str]:
    """The placeholders a text uses, as written (``seer``, ``werewolf.many``, ``count``)."""
    return frozenset(m.group(1) + (m.group(2) or "") for m in _PLACEHOLDER.finditer(template))


def load_locale(language: str) -> Locale:
    """The shipped locale for ``language`` (``en`` or ``fr``), checked."""
    if language not in LANGUAGES:
        raise SetupError(
            "narration.unknown_language",
            f"no narration in '{language}'; available: {', '.join(LANGUAGES)}",
        )
    source = resources.files("loupgarou.narration") / "locales" / f"{language}.json"
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SetupError(
            "narration.bad_locale", f"cannot read the '{language}' locale: {exc}"
        ) from exc
    return parse_locale(data, language)


def parse_locale(data: Any, language: str) -> Locale:
    """Check the JSON of a locale file and build the :class:`Locale`."""

    def bad(problem: str) -> SetupError:
        return SetupError("narration.bad_locale", f"locale '{language}': {problem}")

    if not isinstance(data, dict):
        raise bad("the file must hold a JSON object")
    if data.get("language") != language:
        raise bad(f"'language' must be '{language}'")
    voice, mark = data.get("voice"), data.get("decimal_mark")
    if not isinstance(voice, str) or not isinstance(mark, str):
        raise bad("'voice' and 'decimal_mark' must be strings")
    roles_data, texts = data.get("roles"), data.get("texts")
    if not isinstance(roles_data, dict) or not isinstance(texts, dict):
        raise bad("'roles' and 'texts' must be objects")
    roles: dict[Role, RoleName] = {}
    for role in Role:
        entry = roles_data.get(role.value)
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("one"), str)
            and isinstance(entry.get("many"), str)
        ):
            raise bad(f"role '{role.value}' needs a 'one' and a 'many' name")
        roles[role] = RoleName(entry["one"], entry["many"])
    extra = sorted(set(roles_data) - set(_ROLE_BY_KEY))
    if extra:
        raise bad(f"unknown role keys: {', '.join(extra)}")
    missing = sorted(TEXT_KEYS - set(texts))
    unknown = sorted(set(texts) - TEXT_KEYS)
    if missing or unknown:
        raise bad(f"missing texts: {missing or 'none'}; unknown texts: {unknown or 'none'}")
    for key, text in texts.items():
        if not isinstance(text, str):
            raise bad(f"text '{key}' must be a string")
        for name in placeholders(text):
            base = name.removesuffix(".many")
            if base not in _ROLE_BY_KEY and name not in PARAMETERS:
                raise bad(f"text '{key}' uses an unknown placeholder {{{name}}}")
    return Locale(language, voice, mark, roles, dict(texts))
