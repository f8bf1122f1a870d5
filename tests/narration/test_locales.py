"""French and English: every text and every role name, in both languages."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from loupgarou.core.errors import SetupError
from loupgarou.narration import build_script, load_locale
from loupgarou.narration.locale import LANGUAGES, TEXT_KEYS, parse_locale, placeholders
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.setup import box_cards


def raw(language: str) -> dict[str, Any]:
    source = resources.files("loupgarou.narration") / "locales" / f"{language}.json"
    data: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return data


def test_french_and_english_hold_exactly_the_same_keys() -> None:
    en, fr = raw("en"), raw("fr")
    assert set(en["texts"]) == set(fr["texts"]) == TEXT_KEYS
    assert set(en["roles"]) == set(fr["roles"]) == {r.value for r in Role}


def test_a_text_uses_the_same_placeholders_in_both_languages() -> None:
    en, fr = raw("en")["texts"], raw("fr")["texts"]
    for key in TEXT_KEYS:
        assert placeholders(en[key]) == placeholders(fr[key]), key


def test_the_french_role_names_are_those_of_the_ravensburger_box() -> None:
    fr = load_locale("fr")
    assert {r: fr.role(r) for r in Role} == {
        Role.WEREWOLF: "Loup-Garou",
        Role.VILLAGER: "Villageois",
        Role.SEER: "Voyante",
        Role.ROBBER: "Voleur",
        Role.TROUBLEMAKER: "Noiseuse",
        Role.TANNER: "Tanneur",
        Role.DRUNK: "Soûlard",
        Role.HUNTER: "Chasseur",
        Role.MASON: "Franc-maçon",
        Role.INSOMNIAC: "Insomniaque",
        Role.MINION: "Sbire",
        Role.DOPPELGANGER: "Doppelgänger",
    }
    assert fr.role(Role.WEREWOLF, many=True) == "Loups-Garous"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_whole_box_script_renders_every_placeholder(language: str) -> None:
    locale = load_locale(language)
    for peek in (True, False):
        for drawn in (True, False):
            for cue in build_script(box_cards(), locale, lone_wolf_peek=peek, drawn=drawn):
                assert cue.text and "{" not in cue.text and "}" not in cue.text, cue


def test_the_french_night_calls_the_roles_by_their_french_names() -> None:
    texts = [c.text for c in build_script(box_cards(), load_locale("fr"))]
    assert "Voyante, ouvre les yeux." in texts
    assert "Loups-Garous, fermez les yeux." in texts
    assert not any("Seer" in t or "Werewolves" in t for t in texts)


def test_an_unknown_language_is_refused_with_the_available_ones() -> None:
    with pytest.raises(SetupError) as err:
        load_locale("de")
    assert err.value.code == "narration.unknown_language"
    assert "en, fr" in err.value.message


def test_a_locale_missing_a_text_is_refused() -> None:
    data = raw("en")
    del data["texts"]["vote.now"]
    with pytest.raises(SetupError) as err:
        parse_locale(data, "en")
    assert err.value.code == "narration.bad_locale"
    assert "vote.now" in err.value.message


def test_a_locale_with_an_unknown_placeholder_is_refused() -> None:
    data = raw("fr")
    data["texts"]["vote.now"] = "Votez, {joueurs} !"
    with pytest.raises(SetupError) as err:
        parse_locale(data, "fr")
    assert "{joueurs}" in err.value.message


def test_a_locale_missing_a_plural_is_refused() -> None:
    data = raw("en")
    data["roles"]["mason"] = {"one": "Mason"}
    with pytest.raises(SetupError, match="mason"):
        parse_locale(data, "en")


def test_numbers_and_durations_read_naturally_in_each_language() -> None:
    en, fr = load_locale("en"), load_locale("fr")
    assert en.duration(300) == "5 minutes"
    assert en.duration(60) == "one minute"
    assert en.duration(1) == "one second"
    assert fr.duration(7.5) == "7,5 secondes"
    assert fr.duration(150) == "150 secondes"
