"""Themes rename the roles wherever the narrator names them; bad theme files say what is wrong."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from loupgarou.core.errors import SetupError
from loupgarou.narration import build_script, load_locale, load_theme, night_script, theme_names
from loupgarou.narration.locale import THIERCELIEUX_ROLE_KEYS
from loupgarou.variants.one_night.roles import Role
from loupgarou.variants.one_night.setup import box_cards
from loupgarou.variants.thiercelieux.roles import Role as ThiercelieuxRole


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
    # ("witch" was the made-up key here until Thiercelieux made it a real one.)
    with pytest.raises(SetupError) as err:
        load_theme(write(tmp_path, {"names": {"en": {"wizard": "Sorceress"}}}))
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


# --- themes for several families -----------------------------------------------------------


def test_the_pirates_also_sail_in_thiercelieux() -> None:
    for language in ("en", "fr"):
        plain = load_locale(language, "thiercelieux")
        themed = load_theme("pirates").apply(plain)
        for key in THIERCELIEUX_ROLE_KEYS:
            assert themed.role(key) != plain.role(key), key
    themed = load_theme("pirates").apply(load_locale("en", "thiercelieux"))
    texts = [c.text for c in night_script(tuple(ThiercelieuxRole), 1, themed)]
    assert "Mutineers, open your eyes and recognise one another." in texts
    assert "Stowaway, open your eyes." in texts
    assert "Sweethearts, close your eyes." in texts
    fr = load_theme("pirates").apply(load_locale("fr", "thiercelieux"))
    assert fr.role("witch") == "Chirurgien de bord" and fr.role("captain") == "Quartier-maître"


def test_a_shared_key_renames_the_role_in_every_family(tmp_path: Path) -> None:
    theme = load_theme(
        write(
            tmp_path,
            {
                "names": {
                    "en": {
                        "werewolf": {"one": "Shark", "many": "Sharks"},
                        "robber": "Octopus",
                        "witch": "Jellyfish",
                    }
                }
            },
        )
    )
    one_night = theme.apply(load_locale("en"))
    thiercelieux = theme.apply(load_locale("en", "thiercelieux"))
    assert one_night.role(Role.WEREWOLF, many=True) == "Sharks"
    assert thiercelieux.role("werewolf", many=True) == "Sharks"
    assert one_night.role(Role.ROBBER) == "Octopus"
    assert thiercelieux.role("witch") == "Jellyfish"
    assert "witch" not in one_night.roles and "robber" not in thiercelieux.roles


def test_a_family_section_renames_for_that_family_only(tmp_path: Path) -> None:
    theme = load_theme(
        write(
            tmp_path,
            {
                "names": {"en": {"seer": "Owl"}},
                "families": {"thiercelieux": {"en": {"seer": "Raven", "captain": "Chief"}}},
            },
        )
    )
    assert theme.apply(load_locale("en")).role(Role.SEER) == "Owl"
    thiercelieux = theme.apply(load_locale("en", "thiercelieux"))
    assert thiercelieux.role("seer") == "Raven"
    assert thiercelieux.role("captain") == "Chief"


def test_a_theme_with_only_a_family_section_is_valid(tmp_path: Path) -> None:
    theme = load_theme(
        write(tmp_path, {"families": {"thiercelieux": {"fr": {"captain": "Maire"}}}})
    )
    assert theme.apply(load_locale("fr", "thiercelieux")).role("captain") == "Maire"
    with pytest.raises(SetupError) as err:
        theme.apply(load_locale("en", "thiercelieux"))
    assert err.value.code == "narration.theme_language"


def test_a_one_night_theme_file_still_works_and_renames_the_shared_roles(
    tmp_path: Path,
) -> None:
    old = {
        "title": {"en": "Summer camp"},
        "names": {"en": {"werewolf": {"one": "Bear", "many": "Bears"}, "troublemaker": "Raccoon"}},
    }
    theme = load_theme(write(tmp_path, old))
    assert theme.apply(load_locale("en")).role(Role.TROUBLEMAKER) == "Raccoon"
    thiercelieux = theme.apply(load_locale("en", "thiercelieux"))
    assert thiercelieux.role("werewolf", many=True) == "Bears"
    assert thiercelieux.role("witch") == "Witch"


@pytest.mark.parametrize(
    ("data", "code", "words"),
    [
        (
            {"names": {"fr": {"sorcière": "Fée"}}},
            "narration.theme_unknown_role",
            "did you mean 'witch'",
        ),
        (
            {"names": {"fr": {"amoureux": "Promis"}}},
            "narration.theme_unknown_role",
            "did you mean 'lovers'",
        ),
        (
            {"families": {"thiercelieux": {"en": {"robber": "Crow"}}}},
            "narration.theme_unknown_role",
            "families.thiercelieux.en",
        ),
        ({"families": {"avalon": {"en": {"seer": "Crow"}}}}, "narration.bad_theme", "avalon"),
        (
            {"families": {"lupus": {"en": {"witch": "Crow"}}}},
            "narration.theme_unknown_role",
            "families.lupus.en",
        ),
        ({"families": ["thiercelieux"]}, "narration.bad_theme", "families"),
        ({"names": {"en": {"lovers": "Darling"}}}, "narration.theme_plural", "lovers"),
    ],
)
def test_a_bad_family_theme_is_refused_clearly(
    tmp_path: Path, data: Any, code: str, words: str
) -> None:
    with pytest.raises(SetupError) as err:
        load_theme(write(tmp_path, data))
    assert err.value.code == code
    assert words in err.value.message
