"""Records and reports are written whole or not at all, never over a command's input."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from loupgarou.cli import files
from loupgarou.cli.main import main
from loupgarou.core.errors import ScriptError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "hunter-chain.yaml"


def test_adjudicate_refuses_to_write_its_record_over_the_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "game.yaml"
    shutil.copy(EXAMPLE, script)
    before = script.read_bytes()
    assert main(["adjudicate", str(script), "--record", str(script)]) == 2
    out, err = capsys.readouterr()
    assert "[script.overwrites_input]" in err and out == ""  # nothing was played
    assert script.read_bytes() == before


def test_the_same_script_through_another_path_is_refused_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "game.yaml"
    shutil.copy(EXAMPLE, script)
    (tmp_path / "sub").mkdir()
    os.symlink(script, tmp_path / "sub" / "link.yaml")
    assert main(["adjudicate", str(script), "--record", str(tmp_path / "sub" / "link.yaml")]) == 2
    assert (
        main(["adjudicate", str(script), "--record", str(tmp_path / "sub" / ".." / "game.yaml")])
        == 2
    )
    assert script.read_bytes() == EXAMPLE.read_bytes()
    capsys.readouterr()


def test_a_record_into_a_missing_folder_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["adjudicate", str(EXAMPLE), "--record", str(tmp_path / "no" / "r.json")]) == 2
    out, err = capsys.readouterr()
    assert "[script.cannot_write]" in err and out == ""


def test_a_record_is_written_whole_and_leaves_no_temporary_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "r.json"
    assert main(["adjudicate", str(EXAMPLE), "--record", str(record)]) == 0
    assert json.loads(record.read_text(encoding="utf-8"))["format"] == "loupgarou-record"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]
    capsys.readouterr()


def test_a_write_that_fails_halfway_leaves_the_old_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "r.json"
    target.write_text("the old record\n", encoding="utf-8")

    def full_disk(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(ScriptError) as err:
        files.write_atomically(target, "the new record\n", what="the record")
    assert err.value.code == "script.cannot_write"
    assert target.read_text(encoding="utf-8") == "the old record\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def test_simulate_output_into_a_missing_folder_is_refused_before_the_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from loupgarou.cli import simulate

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("games were played before the output was checked")

    monkeypatch.setattr(simulate, "run", no_games)
    assert main(["simulate", "--output", str(tmp_path / "no" / "r.txt")]) == 2
    assert "[script.cannot_write]" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["adjudicate", str(EXAMPLE), "--record", "r\x00.json"],
        ["adjudicate", "game\x00.yaml"],
        ["simulate", "-n", "1", "--output", "out\x00.txt"],
        ["simulate", "-n", "1", "--plot", "p\x00.png"],
        ["tournament", "g\x00.json"],
        ["narrate", "--dry-run", "--theme", "pir\x00ates"],
    ],
)
def test_a_file_name_with_a_nul_character_is_an_error_with_a_code(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the flag sweep: Python's file functions raise ValueError on a NUL."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error [") and "internal" not in err
