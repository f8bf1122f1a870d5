"""`loupgarou rules`: every family's options, with defaults and meaning."""

from __future__ import annotations

import json

import pytest

from loupgarou.cli.main import main
from loupgarou.variants.registry import FAMILIES


def test_rules_lists_every_option_of_a_family_with_its_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "one-night", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    options = {o["name"]: o for o in out["options"]}
    assert options["lone_wolf_peek"]["default"] is True
    assert options["edition"]["choices"] == ["ravensburger", "bezier"]
    assert out["players"] == {"min": 3, "max": 10}


def test_rules_without_a_family_lists_them_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    text = capsys.readouterr().out
    for family in FAMILIES:
        assert f"[{family.name}]" in text
        for option in family.options:
            assert option.name in text


def test_an_unknown_family_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "chess"]) == 2
    err = capsys.readouterr().err
    assert "setup.unknown_family" in err and "Traceback" not in err


def test_rules_lupus_lists_the_characters_with_their_table_sizes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "lupus", "--json"]) == 0
    roles = {r["role"]: r for r in json.loads(capsys.readouterr().out)["roles"]}
    assert roles["owl"]["suggested_from"] == 12 and roles["owl"]["allowed_from"] == 9
    assert roles["possessed"]["team"] == "werewolves"
    assert roles["werehamster"]["suggested_from"] is None
    assert set(roles) >= {"seer", "medium", "bodyguard", "freemason", "mythomaniac"}


def test_rules_thiercelieux_lists_every_card_and_the_captain(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "thiercelieux"]) == 0
    text = capsys.readouterr().out
    for role in ("werewolf", "seer", "witch", "hunter", "cupid", "thief", "little_girl", "captain"):
        assert f"  {role} " in text
