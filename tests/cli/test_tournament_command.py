"""`loupgarou tournament`: standings from the records of the games played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loupgarou.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def record_of(script: str, out: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["adjudicate", str(EXAMPLES / script), "--record", str(out)]) in (0, 1)
    capsys.readouterr()
    return out


def test_the_village_players_lead_after_two_won_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = [record_of("premiere-nuit.yaml", tmp_path / f"g{i}.json", capsys) for i in (1, 2)]
    assert main(["tournament", *map(str, games), "--target", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    points = {row["player"]: row["points"] for row in out["standings"]}
    # In that game Alice, the Werewolf, is voted out: the other four win twice.
    assert points == {"Alice": 0, "Bob": 2, "Carol": 2, "Dan": 2, "Eve": 2}
    assert out["champion"] is None and out["tied_at_top"] is True


def test_a_lone_leader_at_the_target_wins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = record_of("premiere-nuit.yaml", tmp_path / "g.json", capsys)
    assert main(["tournament", str(game), "--target", "1", "--json"]) == 0
    # Four players reach the target together: still tied, play on.
    assert json.loads(capsys.readouterr().out)["champion"] is None


def test_double_elimination_puts_out_a_player_after_two_losses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = [record_of("premiere-nuit.yaml", tmp_path / f"g{i}.json", capsys) for i in (1, 2)]
    assert main(["tournament", *map(str, games), "--format", "double", "--json"]) == 0
    rows = {r["player"]: r for r in json.loads(capsys.readouterr().out)["standings"]}
    assert rows["Alice"] == {"player": "Alice", "losses": 2, "out": True}
    assert rows["Bob"]["out"] is False


def test_a_game_by_an_eliminated_player_is_refused_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = [record_of("premiere-nuit.yaml", tmp_path / f"g{i}.json", capsys) for i in (1, 2, 3)]
    assert main(["tournament", *map(str, games), "--format", "double"]) == 2
    err = capsys.readouterr().err
    assert "tournament.eliminated" in err and "g3.json" in err


def test_an_unfinished_game_does_not_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = record_of("stops-early.yaml", tmp_path / "p.json", capsys)
    assert main(["tournament", str(game)]) == 2
    assert "record.unfinished" in capsys.readouterr().err
