"""What the commands print reads right: every family's roles, themes listed, tournament
lines in the same order on every run and in good grammar, no row for a team not in play."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from loupgarou.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("family", ["thiercelieux", "lupus"])
def test_roles_lists_every_family_as_the_docs_promise(
    family: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["roles", "--family", family, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    roles = {r["role"]: r for r in doc["roles"]}
    assert roles["werewolf"]["name_fr"] == "Loup-Garou"
    assert roles["seer"]["copies"] == "1" and roles["villager"]["copies"] == "any"
    assert main(["roles", "--family", family]) == 0
    text = capsys.readouterr().out
    assert "Werewolf" in text and "Villageois" in text


def test_lupus_roles_say_from_which_table_a_special_character_is_suggested(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["roles", "--family", "lupus", "--json"]) == 0
    roles = {r["role"]: r for r in json.loads(capsys.readouterr().out)["roles"]}
    assert roles["owl"]["suggested_from"] == 12 and roles["freemason"]["copies"] == "2"
    assert roles["possessed"]["team"] == "werewolves"


def test_themes_can_be_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["themes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("pirates  (en: Pirates of the Moonlit Sea")
    assert "werewolf -> Mutineer" in out and "--theme NAME" in out
    assert main(["themes", "--json"]) == 0
    (pirates,) = json.loads(capsys.readouterr().out)
    assert pirates["renames"]["fr"]["seer"] == "Vigie"


def _records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    out = []
    for i in (1, 2):
        path = tmp_path / f"g{i}.json"
        assert (
            main(["adjudicate", str(EXAMPLES / "premiere-nuit.yaml"), "--record", str(path)]) == 0
        )
        out.append(str(path))
    capsys.readouterr()
    return out


def test_tournament_lines_are_the_same_on_every_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = _records(tmp_path, capsys)
    outputs = set()
    for seed in ("1", "2", "3", "4"):  # string hashing differs from run to run
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, "-m", "loupgarou.cli.main", "tournament", *records],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1
    (text,) = outputs
    assert "game 1 (g1.json): Bob, Carol, Dan and Eve score" in text


def test_tournament_lines_agree_with_one_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = _records(tmp_path, capsys)
    assert main(["tournament", *records, "--format", "double"]) == 0
    out = capsys.readouterr().out
    assert "(g1.json): Alice loses" in out and "Alice lose\n" not in out


def test_simulate_has_no_tanner_row_without_a_tanner(capsys: pytest.CaptureFixture[str]) -> None:
    deck = "werewolf,werewolf,seer,robber,troublemaker,villager,villager,villager"
    assert main(["simulate", "--deck", deck, "-n", "5", "--no-progress", "--json"]) == 0
    teams = json.loads(capsys.readouterr().out)["teams"]
    assert "tanner" not in teams and {"village", "werewolf"} <= set(teams)
    assert (
        main(
            [
                "simulate",
                "--deck",
                deck.replace("troublemaker", "tanner"),
                "-n",
                "5",
                "--no-progress",
                "--json",
            ]
        )
        == 0
    )
    assert "tanner" in json.loads(capsys.readouterr().out)["teams"]
