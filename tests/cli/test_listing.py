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
