"""Thiercelieux in French and English: every text, role name and prompt, in both languages."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from loupgarou.core.errors import SetupError
from loupgarou.narration import load_locale
from loupgarou.narration.locale import (
    LANGUAGES,
    THIERCELIEUX_PARAMETERS,
    THIERCELIEUX_ROLE_KEYS,
    THIERCELIEUX_TEXT_KEYS,
    parse_locale,
    placeholders,
)


def raw(language: str) -> dict[str, Any]:
    source = (
        resources.files("loupgarou.narration") / "locales" / "thiercelieux" / f"{language}.json"
    )
    data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return data


def test_french_and_english_hold_exactly_the_same_keys() -> None:
    en, fr = raw("en"), raw("fr")
    assert set(en["texts"]) == set(fr["texts"]) == THIERCELIEUX_TEXT_KEYS
    assert set(en["roles"]) == set(fr["roles"]) == set(THIERCELIEUX_ROLE_KEYS)


def test_a_text_uses_the_same_placeholders_in_both_languages() -> None:
    en, fr = raw("en")["texts"], raw("fr")["texts"]
    for key in THIERCELIEUX_TEXT_KEYS:
        assert placeholders(en[key]) == placeholders(fr[key]), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_renders_with_every_name_filled_in(language: str) -> None:
    locale = load_locale(language, "thiercelieux")
    params = {name: f"<{name}>" for name in THIERCELIEUX_PARAMETERS}
    for key in THIERCELIEUX_TEXT_KEYS:
        text = locale.text(key, **params)
        assert text.strip() and "{" not in text and "}" not in text, key


def test_the_french_names_are_those_of_the_box() -> None:
    fr = load_locale("fr", "thiercelieux")
    assert {key: fr.role(key) for key in THIERCELIEUX_ROLE_KEYS} == {
        "werewolf": "Loup-Garou",
        "villager": "Villageois",
        "seer": "Voyante",
        "witch": "Sorcière",
        "hunter": "Chasseur",
        "cupid": "Cupidon",
        "thief": "Voleur",
        "little_girl": "Petite Fille",
        "lovers": "Amoureux",
        "captain": "Capitaine",
    }
    assert fr.role("werewolf", many=True) == "Loups-Garous"


def test_the_english_names() -> None:
    en = load_locale("en", "thiercelieux")
    assert [en.role(key) for key in THIERCELIEUX_ROLE_KEYS] == [
        "Werewolf",
        "Villager",
        "Seer",
        "Witch",
        "Hunter",
        "Cupid",
        "Thief",
        "Little Girl",
        "Lover",
        "Captain",
    ]


def test_french_punctuation_keeps_its_non_breaking_space() -> None:
    for text in raw("fr")["texts"].values():
        for mark in (":", "?", "!", ";", "»"):
            assert f" {mark}" not in text, text


def test_lists_are_joined_in_each_language() -> None:
    assert load_locale("en", "thiercelieux").join(["Ann", "Bob", "Cid"]) == "Ann, Bob and Cid"
    assert load_locale("fr", "thiercelieux").join(["Ann", "Bob"]) == "Ann et Bob"
    assert load_locale("fr", "thiercelieux").join(["Ann"]) == "Ann"


def test_a_thiercelieux_locale_missing_a_prompt_is_refused() -> None:
    data = raw("fr")
    del data["texts"]["ask.victim"]
    with pytest.raises(SetupError) as err:
        parse_locale(data, "fr", "thiercelieux")
    assert err.value.code == "narration.bad_locale"
    assert "ask.victim" in err.value.message


def test_a_thiercelieux_text_may_not_name_a_one_night_role() -> None:
    data = raw("en")
    data["texts"]["dawn.nobody"] = "The {robber} slept well."
    with pytest.raises(SetupError, match="robber"):
        parse_locale(data, "en", "thiercelieux")


def test_an_unknown_family_has_no_narration() -> None:
    with pytest.raises(SetupError) as err:
        load_locale("en", "avalon")
    assert err.value.code == "narration.bad_locale"
    assert "one_night, thiercelieux, lupus" in err.value.message
