"""A player's name is plain text on one line, wherever it enters: a script, a command-line
flag, a record, or a game set up in code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loupgarou.cli.main import main
from loupgarou.core.errors import LoupGarouError, SetupError
from loupgarou.core.names import MAX_NAME, name_problem
from loupgarou.engine import new_match
from loupgarou.variants.one_night import VARIANT as ONE_NIGHT

DECK = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"]

BAD = {
    "NUL": "Ann\x00",
    "newline": "Ann\nBob",
    "carriage return": "Ann\rX",
    "tab": "A\tnn",
    "terminal escape": "\x1b[31mAnn\x1b[0m",
    "bell": "Ann\x07",
    "delete": "Ann\x7f",
    "C1 control": "Ann\x9b",
    "right-to-left override": "Ann\u202egnp.exe",
    "right-to-left isolate": "\u2067Ann",
    "zero-width space": "An\u200bn",
    "line separator": "Ann\u2028Bob",
    "private use": "Ann\ue000",
    "empty": "",
    "spaces only": "   ",
    "too long": "A" * (MAX_NAME + 1),
}


@pytest.mark.parametrize("name", BAD.values(), ids=BAD.keys())
def test_a_name_that_would_print_raw_is_refused(name: str) -> None:
    assert name_problem(name) is not None


@pytest.mark.parametrize(
    "name", ["Ann", "Élise", "Jean-Luc", "O'Brien", "Zoë 2", "李雷", "A" * MAX_NAME]
)
def test_ordinary_names_are_accepted(name: str) -> None:
    assert name_problem(name) is None


def test_a_game_set_up_in_code_refuses_a_bad_name() -> None:
    with pytest.raises(SetupError) as err:
        new_match(ONE_NIGHT, ["Ann", "Bob\x1b[2J", "Cid"], DECK, seed=1)
    assert err.value.code == "setup.bad_name"
    assert "U+001B" in err.value.message and "\x1b" not in err.value.message


@pytest.mark.parametrize("name", ["Bob\x1b[2J", "Bob\u202e", "", "Bob\nEve"])
def test_a_script_refuses_a_bad_name_with_a_code(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = {
        "format": "loupgarou-script",
        "version": 1,
        "family": "one-night",
        "players": ["Ann", name, "Cid"],
        "deck": DECK,
    }
    path = tmp_path / "s.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    assert main(["adjudicate", str(path), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["code"] in ("setup.bad_name", "script.bad_players")
    assert "\x1b" not in error["message"] and "\u202e" not in error["message"]


def test_play_refuses_a_name_with_an_escape_sequence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--name", "\x1b]0;pwned\x07", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error [setup.bad_name]: --name:") and "\x1b" not in err


def test_a_record_with_a_bad_name_does_not_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "r.json"
    example = Path(__file__).resolve().parents[2] / "examples" / "hunter-chain.yaml"
    assert main(["adjudicate", str(example), "--record", str(record)]) == 0
    capsys.readouterr()
    data = json.loads(record.read_text(encoding="utf-8"))
    data["config"]["players"][0] = "Ann\u202e"
    record.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LoupGarouError):
        from loupgarou.engine.record import replay

        replay(data)
    assert main(["tournament", str(record)]) == 2


def test_a_theme_cannot_rename_a_role_with_an_escape_sequence(tmp_path: Path) -> None:
    from loupgarou.narration.themes import load_theme

    theme = tmp_path / "evil.json"
    theme.write_text(
        json.dumps({"title": {"en": "Evil"}, "names": {"en": {"seer": "Seer\u001b[2J"}}}),
        encoding="utf-8",
    )
    with pytest.raises(SetupError) as err:
        load_theme(str(theme))
    assert err.value.code == "narration.bad_theme" and "U+001B" in err.value.message
    theme.write_text(
        json.dumps({"title": {"en": "Evil\u202e"}, "names": {"en": {"seer": "Lookout"}}}),
        encoding="utf-8",
    )
    with pytest.raises(SetupError):
        load_theme(str(theme))
