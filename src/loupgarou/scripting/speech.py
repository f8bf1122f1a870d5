"""The verdict's words in each language: every sentence the tellers make, keyed.

Contract: :func:`speech_for` returns the :class:`Speech` of a family in a language
(``en`` or ``fr``), its roles renamed by a theme when one is given; it is built once
per (family, language, theme) and never performs I/O after that.  The sentences live
in one JSON file per language, ``speech/<language>.json`` (``{"texts": {key: text}}``),
as narration's locales do (:mod:`loupgarou.narration.locale`): the same placeholders,
``{param}``, ``{role}`` (a role's name) and ``{role.many}`` (its plural); the role names
are narration's own for that family and language, renamed by the theme
(:mod:`loupgarou.narration.themes`), so a themed room's verdict names its roles as its
narrator does.

Every language file holds exactly the keys of the English one, each with the same
parameters (a language may name roles where another does not); this is checked when a
file is loaded (:class:`~loupgarou.core.errors.SetupError` ``narration.bad_locale``)
and by ``tests/scripting/test_speech.py``, so no sentence of a French verdict can fall
back to English.  A parameter may not bear a role's name (:meth:`Speech.say` raises
``KeyError``): the role would silently win.

French writes "de Ann" as "d'Ann": in a French text, ``de {x}`` and ``que {x}`` are
elided before a value that starts with a vowel.  :meth:`Speech.join` lists ("A, B and
C" / "A, B et C"); :meth:`Speech.reason` words a verdict's reason (English keeps the
rules' own text); :meth:`Speech.a` names a role as one of its kind ("an Owl").
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from loupgarou.core.errors import SetupError
from loupgarou.core.outcome import Reason
from loupgarou.narration.locale import (
    FILLED,
    LANGUAGES,
    SCHEMAS,
    RoleName,
    elide,
    load_locale,
)
from loupgarou.narration.themes import load_theme

ROLE_KEYS = frozenset(key for schema in SCHEMAS.values() for key in schema.role_keys)
"""Every role key a family's locale names (a placeholder by that name is a role's name)."""

FAMILY_LOCALES = {"one-night": "one_night", "thiercelieux": "thiercelieux", "lupus": "lupus"}
"""The narration locale that names a family's roles."""


@dataclass(frozen=True, slots=True)
class Speech:
    """The sentences of one language and the role names of one family (see the module)."""

    language: str
    family: str
    texts: Mapping[str, str]
    roles: Mapping[str, RoleName]

    def say(self, key: str, **params: object) -> str:
        """The text of ``key``, its placeholders filled from the role names and ``params``."""

        def fill(match: re.Match[str]) -> str:
            word, name, many = match.group(1), match.group(2), match.group(3)
            role = self.roles.get(name)
            if role is not None and name in params:
                raise KeyError(f"{key}: the parameter {name!r} is also a role's name")
            if role is not None:
                value = role.many if many else role.one
            elif many or name not in params:
                raise KeyError(f"{key}: {match.group(0)}")
            else:
                value = str(params[name])
            return elide(word, value, self.language)

        return FILLED.sub(fill, self.texts[key])

    def role(self, role: str, *, many: bool = False) -> str:
        """A role's name (a role this family does not know is shown as written)."""
        found = self.roles.get(role)
        if found is None:
            return role
        return found.many if many else found.one

    def reason(self, reason: Reason) -> Reason:
        """A verdict's reason in this language: English keeps the rules' own text (which
        names the seats); another language says ``<family>.reason.<code>``."""
        key = f"{FAMILY_LOCALES.get(self.family, '')}.reason.{reason.code}"
        if self.language == "en" or key not in self.texts:
            return reason
        return Reason(reason.code, self.say(key))

    def a(self, name: str) -> str:
        """A role's name as one of its kind: "a Werewolf", "an Owl" in English; French
        names it bare ("devient Hibou")."""
        if self.language != "en":
            return name
        return ("an " if name[:1] in "AEIOU" else "a ") + name

    def join(self, items: Sequence[str], empty: str = "") -> str:
        """``[]`` -> ``empty``; "A"; "A and B"; "A, B and C" (in this language)."""
        if not items:
            return empty
        if len(items) == 1:
            return items[0]
        return ", ".join(items[:-1]) + f" {self.say('list.and')} " + items[-1]


def placeholders(text: str) -> frozenset[str]:
    """The placeholders a text uses, as written (``name``, ``werewolf.many``)."""
    return frozenset(m.group(2) + (m.group(3) or "") for m in FILLED.finditer(text))


def params(text: str) -> frozenset[str]:
    """The placeholders of a text that are no role's name: what the code must give it (a
    language may name roles where another does not, "les {werewolf.many}" for "werewolf")."""
    return frozenset(p for p in placeholders(text) if p.removesuffix(".many") not in ROLE_KEYS)


@cache
def _texts(language: str) -> Mapping[str, str]:
    if language not in LANGUAGES:
        raise SetupError(
            "narration.unknown_language",
            f"no verdict in '{language}'; available: {', '.join(LANGUAGES)}",
        )
    source = resources.files("loupgarou.scripting") / "speech" / f"{language}.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    texts: dict[str, str] = data["texts"]
    if language != "en":
        english = _texts("en")
        missing = sorted(set(english) - set(texts))
        extra = sorted(set(texts) - set(english))
        odd = sorted(k for k in english if k in texts and params(texts[k]) != params(english[k]))
        if missing or extra or odd:
            raise SetupError(
                "narration.bad_locale",
                f"the '{language}' verdict texts: missing {missing or 'none'}, "
                f"unknown {extra or 'none'}, other placeholders in {odd or 'none'}",
            )
    return texts


@cache
def speech_for(family: str, language: str = "en", theme: str | None = None) -> Speech:
    """The words of ``family``'s verdict in ``language``, roles renamed by ``theme``."""
    texts = _texts(language)
    roles: dict[str, RoleName] = {}
    name = FAMILY_LOCALES.get(family)
    if name is not None:
        locale = load_locale(language, name)
        if theme:
            locale = load_theme(theme).apply(locale)
        roles = dict(locale.roles)
    return Speech(language, family, texts, roles)
