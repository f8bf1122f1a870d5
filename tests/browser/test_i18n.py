"""The pages' words: both languages have the same keys, every fixed key the scripts ask
for exists, and no text is left empty."""

from __future__ import annotations

import json
import re

from tests.browser.conftest import ROOT

WEB = ROOT / "src" / "loupgarou" / "web"


def load(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def test_same_keys_in_both_languages() -> None:
    en, fr = load("en"), load("fr")
    assert sorted(en) == sorted(fr)
    assert all(v.strip() for v in [*en.values(), *fr.values()])


def test_every_fixed_key_exists() -> None:
    en = load("en")
    used: set[str] = set()
    for path in WEB.glob("*.js"):
        used |= set(re.findall(r"\bt\(\"([a-z][a-z0-9_.-]+)\"", path.read_text(encoding="utf-8")))
    missing = sorted(k for k in used if k not in en)
    assert not missing, missing


def test_placeholders_match() -> None:
    en, fr = load("en"), load("fr")
    for key, text in en.items():
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", fr[key])), key
