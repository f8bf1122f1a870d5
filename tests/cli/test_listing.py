"""``loupgarou roles`` and ``loupgarou scenarios``."""

from __future__ import annotations

import json

import pytest

from loupgarou.cli.main import main


def test_roles_lists_the_sixteen_cards_of_the_box(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roles", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["family"] == "one-night"
    roles = {r["role"]: r for r in doc["roles"]}
    assert len(roles) == 12
    assert sum(r["in_box"] for r in roles.values()) == 16
    assert roles["troublemaker"] == {
        "role": "troublemaker",
        "name": "Troublemaker",
        "name_fr": "Noiseuse",
        "team": "village",
        "wake": "7",
        "difficulty": 1,
        "in_box": 1,
    }
    assert roles["villager"]["wake"] is None
    assert roles["minion"]["team"] == "werewolf"


def test_roles_as_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roles", "--family", "one-night"]) == 0
    out = capsys.readouterr().out
    assert "16 cards in the box" in out
    assert "Insomniaque" in out


def test_roles_of_an_unknown_family_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roles", "--family", "chess"]) == 2
    assert capsys.readouterr().err.startswith("error [setup.unknown_family]: ")


def test_the_family_may_follow_the_command_as_play_and_rules_take_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``loupgarou roles lupus`` was refused ("unrecognized arguments"), where ``play lupus``
    and ``rules lupus`` are how the other commands take it."""
    for command in ("roles", "scenarios"):
        assert main([command, "lupus"]) == 0
        said = capsys.readouterr().out
        assert main([command, "--family", "lupus-in-tabula"]) == 0
        assert capsys.readouterr().out == said and said.startswith("Lupus in Tabula")
    assert main(["roles", "lupus", "--family", "thiercelieux"]) == 2
    assert "two families given" in capsys.readouterr().err
    assert main(["scenarios", "chess"]) == 2
    assert capsys.readouterr().err.startswith("error [setup.unknown_family]: ")


def test_scenarios_give_a_deck_per_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    by_key = {s["key"]: s for s in doc["scenarios"]}
    first = by_key["premiere-nuit"]
    assert (first["name_fr"], first["title_en"], first["level"]) == (
        "La Première Nuit",
        "The First Night",
        "introduction",
    )
    assert first["players"] == {"min": 3, "max": 5}
    for count, deck in first["decks"].items():
        assert len(deck) == int(count) + 3
    assert first["how"] is None


def test_drawn_scenarios_are_described_not_listed(capsys: pytest.CaptureFixture[str]) -> None:
    main(["scenarios", "--json"])
    by_key = {s["key"]: s for s in json.loads(capsys.readouterr().out)["scenarios"]}
    for key in ("anarchie", "bag"):
        assert by_key[key]["decks"] == {}
        assert by_key[key]["draw"] == key
        assert "at random" in by_key[key]["how"]
    assert by_key["anarchie"]["players"] == {"min": 3, "max": 10}


def test_scenarios_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios"]) == 0
    out = capsys.readouterr().out
    assert "Anarchie — Anarchy  [anarchie]" in out
    assert "5 players: Werewolf ×2, Seer, Robber, Troublemaker, Villager ×3" in out


def test_scenarios_of_one_night_by_name_are_the_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["scenarios"]) == 0
    plain = capsys.readouterr().out
    assert main(["scenarios", "--family", "one-night"]) == 0
    assert capsys.readouterr().out == plain


def test_lupus_scenarios_give_their_range_and_decks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios", "--family", "lupus", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["family"] == "lupus"
    by_key = {s["key"]: s for s in doc["scenarios"]}
    assert list(by_key) == ["basic", "specials", "everything"]
    assert [by_key[k]["players"]["min"] for k in by_key] == [8, 9, 11]
    assert [by_key[k]["suggested_from"] for k in by_key] == [8, 12, 13]
    for s in by_key.values():
        assert s["players"]["max"] == 24
        for count, deck in s["decks"].items():
            assert len(deck) == int(count)
            assert set(s["specials"]) <= set(deck)
    assert by_key["basic"]["decks"]["16"].count("werewolf") == 3


def test_lupus_scenarios_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios", "--family", "lupus-in-tabula"]) == 0
    out = capsys.readouterr().out
    assert "specials  9 to 24 players" in out
    assert " 8 players: Werewolf ×2, Seer, Villager ×5" in out
    assert "16 players: Werewolf ×3, Seer, Villager ×12" in out
    assert "suggested from 13 players (the Freemasons from 13)" in out


def test_thiercelieux_scenarios_are_the_suggested_decks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["scenarios", "--family", "thiercelieux", "--json"]) == 0
    rows = {s["key"]: s for s in json.loads(capsys.readouterr().out)["scenarios"]}
    assert list(rows) == ["suggested", "suggested-thief"]
    for key, extra in (("suggested", 0), ("suggested-thief", 2)):
        decks = rows[key]["decks"]
        assert list(decks) == [str(n) for n in range(8, 19)]
        assert all(len(deck) == int(n) + extra for n, deck in decks.items())
    assert main(["scenarios", "--family", "thiercelieux"]) == 0
    assert "10 players: Werewolf ×3, Seer, Witch, Hunter, Cupid, Little Girl" in (
        capsys.readouterr().out
    )


def test_scenarios_of_an_unknown_family_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios", "--family", "chess"]) == 2
    assert capsys.readouterr().err.startswith("error [setup.unknown_family]: ")
