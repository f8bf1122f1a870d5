"""Lupus in Tabula in French and English: every text, role name and prompt, in both languages."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest

from loupgarou.core.errors import SetupError
from loupgarou.narration import load_locale, load_theme
from loupgarou.narration.locale import (
    LANGUAGES,
    LUPUS_PARAMETERS,
    LUPUS_REASONS,
    LUPUS_ROLE_KEYS,
    LUPUS_TEXT_KEYS,
    parse_locale,
    placeholders,
)
from loupgarou.narration.lupus import night_script
from loupgarou.variants.lupus import Role
from loupgarou.variants.lupus.night import call_list


def raw(language: str) -> dict[str, Any]:
    source = resources.files("loupgarou.narration") / "locales" / "lupus" / f"{language}.json"
    data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return data


def test_french_and_english_hold_exactly_the_same_keys() -> None:
    en, fr = raw("en"), raw("fr")
    assert set(en["texts"]) == set(fr["texts"]) == LUPUS_TEXT_KEYS
    assert set(en["roles"]) == set(fr["roles"]) == set(LUPUS_ROLE_KEYS)


def test_every_call_of_every_night_has_its_three_texts() -> None:
    for night in (1, 2, 3):
        for step in call_list(tuple(Role), night):
            for part in ("wake", "action", "sleep"):
                assert f"step.{step}.{part}" in LUPUS_TEXT_KEYS


def test_every_reason_of_the_verdict_has_its_text() -> None:
    for code in LUPUS_REASONS:
        assert f"end.reason.{code}" in LUPUS_TEXT_KEYS


def test_a_text_uses_the_same_placeholders_in_both_languages() -> None:
    en, fr = raw("en")["texts"], raw("fr")["texts"]
    for key in LUPUS_TEXT_KEYS:
        assert placeholders(en[key]) == placeholders(fr[key]), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_renders_with_every_name_filled_in(language: str) -> None:
    locale = load_locale(language, "lupus")
    params = {name: f"<{name}>" for name in LUPUS_PARAMETERS}
    for key in LUPUS_TEXT_KEYS:
        text = locale.text(key, **params)
        assert text.strip() and "{" not in text and "}" not in text, key


def test_the_french_names() -> None:
    fr = load_locale("fr", "lupus")
    assert {key: fr.role(key) for key in LUPUS_ROLE_KEYS} == {
        "werewolf": "Loup-Garou",
        "villager": "Villageois",
        "seer": "Voyant",
        "medium": "Médium",
        "possessed": "Possédé",
        "bodyguard": "Garde du corps",
        "owl": "Hibou",
        "freemason": "Franc-maçon",
        "werehamster": "Hamster-Garou",
        "mythomaniac": "Mythomane",
        "ghost": "Fantôme",
    }
    assert fr.role("freemason", many=True) == "Francs-maçons"


def test_the_english_names() -> None:
    en = load_locale("en", "lupus")
    assert [en.role(key) for key in LUPUS_ROLE_KEYS] == [
        "Werewolf",
        "Villager",
        "Seer",
        "Medium",
        "Possessed",
        "Bodyguard",
        "Owl",
        "Freemason",
        "Werehamster",
        "Mythomaniac",
        "Ghost",
    ]


def test_french_punctuation_keeps_its_non_breaking_space() -> None:
    for text in raw("fr")["texts"].values():
        for mark in (":", "?", "!", ";", "»"):
            assert f" {mark}" not in text, text


def test_french_role_names_never_follow_a_gendered_article() -> None:
    # A theme may rename a role with a noun of either gender.
    roles = "|".join(LUPUS_ROLE_KEYS)
    gendered = re.compile(rf"\b(le|la|l'|un|une|du|au)\s*\{{({roles})\}}", re.IGNORECASE)
    for text in raw("fr")["texts"].values():
        assert not gendered.search(text), text


def test_a_lupus_locale_missing_a_prompt_is_refused() -> None:
    data = raw("fr")
    del data["texts"]["ask.stage1"]
    with pytest.raises(SetupError) as err:
        parse_locale(data, "fr", "lupus")
    assert err.value.code == "narration.bad_locale"
    assert "ask.stage1" in err.value.message


def test_a_lupus_text_may_not_name_another_familys_role() -> None:
    data = raw("en")
    data["texts"]["dawn.nobody"] = "The {witch} slept well."
    with pytest.raises(SetupError, match="witch"):
        parse_locale(data, "en", "lupus")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pirates_rename_every_lupus_role(language: str) -> None:
    plain = load_locale(language, "lupus")
    themed = load_theme("pirates").apply(plain)
    for key in LUPUS_ROLE_KEYS:
        assert themed.role(key) != plain.role(key), key
    texts = " ".join(c.text for c in night_script(tuple(Role), 2, themed))
    for key in ("seer", "medium", "bodyguard", "owl", "mythomaniac"):
        assert plain.role(key) not in texts, key
        assert themed.role(key) in texts, key


def test_the_narrators_questions_elide_before_a_vowel_in_french() -> None:
    """The tablet asks "Carte d'Émile ?" and "Vote d'Ann ?", not "de Émile", "de Ann"."""
    fr = load_locale("fr", "lupus")
    assert fr.text("ask.card", name="Émile", seat=5) == "Carte d'Émile (place 5)\u00a0?"
    assert fr.text("ask.stage1", name="Ann") == "Vote d'Ann\u00a0?"
    assert fr.text("ask.stage1", name="Bruno") == "Vote de Bruno\u00a0?"
    en = load_locale("en", "lupus")
    assert "Ann" in en.text("ask.stage1", name="Ann")
