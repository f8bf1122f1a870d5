"""Themes rename the roles wherever the narrator names them; bad theme files say what is wrong."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from loupgarou.core.errors import SetupError
from loupgarou.narration import build_script, load_locale, load_theme, theme_names
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.setup import box_cards


def write(tmp_path: Path, data: Any, name: str = "camp.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_the_pirates_theme_is_shipped() -> None:
    assert "pirates" in theme_names()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_theme_renames_every_role_in_every_cue(language: str) -> None:
    plain = load_locale(language)
    themed = load_theme("pirates").apply(plain)
    texts = " ".join(c.text for c in build_script(box_cards(), themed, drawn=True))
    for role in Role:
        original, renamed = plain.role(role), themed.role(role)
        assert original != renamed
        assert original not in texts, original
    for role in (Role.DOPPELGANGER, Role.WEREWOLF, Role.SEER, Role.INSOMNIAC, Role.MINION):
        assert themed.role(role) in texts
    assert themed.role(Role.WEREWOLF, many=True) in texts


def test_the_pirates_call_the_mutineers_at_night() -> None:
    themed = load_theme("pirates").apply(load_locale("en"))
    texts = [c.text for c in build_script((Role.WEREWOLF, Role.SEER), themed)]
    assert "Mutineers, open your eyes and look for one another." in texts
    assert "Lookout, open your eyes." in texts


def test_a_theme_file_may_rename_only_some_roles(tmp_path: Path) -> None:
    theme = load_theme(write(tmp_path, {"names": {"en": {"seer": "Oracle"}}}))
    locale = theme.apply(load_locale("en"))
    assert locale.role(Role.SEER) == "Oracle"
    assert locale.role(Role.ROBBER) == "Robber"
    assert theme.key == "camp" and theme.title("en") == "camp"


def test_a_theme_without_the_narration_language_is_refused(tmp_path: Path) -> None:
    theme = load_theme(write(tmp_path, {"names": {"en": {"seer": "Oracle"}}}))
    with pytest.raises(SetupError) as err:
        theme.apply(load_locale("fr"))
    assert err.value.code == "narration.theme_language"
    assert "'fr'" in err.value.message


def test_an_unknown_role_key_is_refused_with_a_suggestion(tmp_path: Path) -> None:
    path = write(tmp_path, {"names": {"fr": {"voyante": "Chouette"}}})
    with pytest.raises(SetupError) as err:
        load_theme(path)
    assert err.value.code == "narration.theme_unknown_role"
    assert "did you mean 'seer'" in err.value.message


def test_a_made_up_role_key_lists_the_real_ones(tmp_path: Path) -> None:
    with pytest.raises(SetupError) as err:
        load_theme(write(tmp_path, {"names": {"en": {"witch": "Sorceress"}}}))
    assert err.value.code == "narration.theme_unknown_role"
    assert "role keys: doppelganger, werewolf" in err.value.message


def test_werewolves_need_a_plural_because_they_are_called_together(tmp_path: Path) -> None:
    with pytest.raises(SetupError) as err:
        load_theme(write(tmp_path, {"names": {"en": {"werewolf": "Shark"}}}))
    assert err.value.code == "narration.theme_plural"


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[1, 2]",
        '{"names": {}}',
        '{"roles": {"en": {}}}',
        '{"names": {"en": {"seer": ""}}}',
        '{"names": {"en": {"seer": {"one": "Owl"}}}}',
        '{"names": {"en": ["seer"]}}',
        '{"title": "Camp", "names": {"en": {"seer": "Owl"}}}',
    ],
)
def test_a_malformed_theme_file_is_refused_clearly(tmp_path: Path, content: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SetupError) as err:
        load_theme(str(path))
    assert err.value.code == "narration.bad_theme"
    assert "broken" in err.value.message


def test_an_unknown_theme_name_lists_the_shipped_ones() -> None:
    with pytest.raises(SetupError) as err:
        load_theme("safari")
    assert err.value.code == "narration.unknown_theme"
    assert "pirates" in err.value.message
