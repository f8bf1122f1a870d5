"""``loupgarou adjudicate``: exit codes, text and JSON output, errors without tracebacks."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml

from loupgarou.cli.main import main
from loupgarou.engine.record import replay
from tests.cli.adjudicating import RESULT_KEYS, VERDICT_KEYS, write
from tests.scripting.builders import NIGHT, first_night, votes

END = votes(Alice="Bob", Bob="Alice", Carol="Alice", Dan="Alice", Eve="Alice")


def test_a_finished_game_exits_0_and_names_the_winners(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["adjudicate", write(tmp_path, first_night(steps=[*NIGHT, END]))])
    out = capsys.readouterr().out
    assert code == 0
    assert "All 4 steps accepted; the game is over." in out
    assert "Winners: Bob and Carol — team werewolf" in out
    assert "Bob (Seer) looked at Alice's card: Werewolf." in out


def test_a_refused_step_exits_1_and_says_which(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = first_night(steps=[NIGHT[0], {"seat": "Carol", "do": "rob", "players": ["Carol"]}])
    code = main(["adjudicate", write(tmp_path, doc)])
    out = capsys.readouterr().out
    assert code == 1
    assert "Step 2 was refused: Carol: rob Carol" in out
    assert "[action.illegal]" in out
    assert "Where the game stopped" in out


def test_json_output_is_stable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["adjudicate", "--json", write(tmp_path, first_night(steps=[*NIGHT, END]))])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert doc["format"] == "loupgarou-verdict"
    assert doc["version"] == 1
    assert list(doc) == VERDICT_KEYS
    assert doc["status"] == "finished"
    assert set(doc["steps"]) == {"total", "accepted", "played"}
    assert set(doc["steps"]["played"][0]) == {"step", "kind", "text", "note", "inputs", "declined"}
    assert set(doc["timeline"][0]) == {"step", "kind", "audience", "text", "data"}
    assert set(doc["learned"][0]) == {"seat", "name", "dealt", "events"}
    assert set(doc["result"]) == RESULT_KEYS
    assert set(doc["result"]["cards"][0]) == {"seat", "name", "card", "effective", "team"}
    assert doc["result"]["deaths"] == [{"seat": 0, "name": "Alice", "cause": "vote", "by": None}]
    assert doc["result"]["winners"] == [{"seat": 1, "name": "Bob"}, {"seat": 2, "name": "Carol"}]
    assert set(doc["state"]) == {"over", "phase", "alive", "dead", "pending", "table"}
    assert doc["state"]["over"] is True


def test_json_output_of_a_stopped_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = first_night(steps=[NIGHT[0], {"seat": "Carol", "do": "take", "centre": [0]}])
    code = main(["adjudicate", "--json", write(tmp_path, doc, "game.json")])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert out["status"] == "rejected"
    assert out["rejected"]["step"] == 2
    assert out["rejected"]["code"] == "action.illegal"
    assert out["result"] is None
    (pending,) = out["state"]["pending"]
    assert set(pending) == {"seat", "name", "kind", "optional", "default", "options"}
    assert pending["name"] == "Carol"
    assert {"kind": "rob", "players": [0]} in pending["options"]


def test_record_writes_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.record.json"
    code = main(
        ["adjudicate", write(tmp_path, first_night(steps=[*NIGHT, END])), "--record", str(record)]
    )
    capsys.readouterr()
    assert code == 0
    match = replay(json.loads(record.read_text(encoding="utf-8")))
    assert match.outcome is not None
    assert sorted(match.outcome.winners) == [1, 2]


def test_a_script_may_come_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(yaml.safe_dump(first_night(steps=NIGHT))))
    assert main(["adjudicate", "-"]) == 0
    assert "the game is not over yet" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "name", "code"),
    [
        (None, "missing.yaml", "script.not_found"),
        ("players: [Ann, Bob\n", "broken.yaml", "script.syntax"),
        ("{not json", "broken.json", "script.syntax"),
        ("just some words\n", "words.yaml", "script.not_a_mapping"),
        ("format: loupgarou-script\nversion: 7\n", "future.yaml", "script.version"),
        ("", "empty.yaml", "script.empty"),
    ],
)
def test_a_bad_file_exits_2_with_a_code_and_no_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, name: str, code: str
) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["adjudicate", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"error [{code}]: ")
    assert "Traceback" not in captured.err
    assert captured.out == ""


def test_a_bad_file_with_json_prints_the_error_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["adjudicate", "--json", str(tmp_path / "nope.yaml")]) == 2
    err = json.loads(capsys.readouterr().out)["error"]
    assert err == {
        "kind": "script",
        "code": "script.not_found",
        "message": f"there is no script file '{tmp_path / 'nope.yaml'}'",
    }


def test_a_table_the_rules_refuse_is_a_setup_error_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "seven.yaml"
    path.write_text(
        "format: loupgarou-script\nversion: 1\nfamily: one-night\n"
        "players: [A, B, C, D, E]\ndeck: [werewolf, werewolf, seer, robber, villager, villager, "
        "villager]\n",
        encoding="utf-8",
    )
    assert main(["adjudicate", "--json", str(path)]) == 2
    err = json.loads(capsys.readouterr().out)["error"]
    assert (err["kind"], err["code"]) == ("setup", "setup.card_count")


def test_a_file_that_is_not_utf8_is_unreadable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("players: [Zoé]\n".encode("latin-1"))
    assert main(["adjudicate", str(path)]) == 2
    assert capsys.readouterr().err.startswith("error [script.unreadable]: ")


def test_a_deal_not_matching_the_deck_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deal = {
        "players": ["werewolf", "werewolf", "werewolf", "seer", "robber"],
        "centre": ["troublemaker", "villager", "villager"],
    }
    assert main(["adjudicate", write(tmp_path, first_night(deal=deal))]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error [script.deal_mismatch]: the deal does not match the deck")


def test_an_unwritable_record_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no" / "such" / "dir" / "r.json"
    assert main(["adjudicate", write(tmp_path, first_night()), "--record", str(target)]) == 2
    assert capsys.readouterr().err.startswith("error [script.cannot_write]: ")
