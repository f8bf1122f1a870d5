"""Every number a command takes has bounds; every bad value is one line and exit code 2
(JSON on standard output with --json); documents past the size, step and depth limits are
refused before anything is played."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from loupgarou.cli.main import main

SIMULATE_BAD = [
    ["--agent-timeout", "nan"],
    ["--agent-timeout", "inf"],
    ["--agent-timeout", "1e308"],
    ["--agent-timeout", "0"],
    ["--games", "100000000000"],
    ["--games", "0"],
    ["--workers", "-1"],
    ["--workers", "1000"],
    ["--players", "abc"],
    ["--players", "-3"],
    ["--seed", "9" * 5000],
]


@pytest.mark.parametrize("flags", SIMULATE_BAD, ids=lambda f: " ".join(f)[:30])
def test_simulate_refuses_a_number_out_of_bounds_in_one_line(
    flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--no-progress", *flags]) == 2
    err = capsys.readouterr().err
    code = {"--games": "script.bad_games", "--workers": "script.bad_workers"}.get(flags[0])
    assert err.startswith(f"error [{code or 'script.bad_argument'}]: ")
    assert f"argument {flags[0]}" in err
    assert err.count("\n") == 1 and "usage:" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--seat", "0"],
        ["play", "--players", "1e9"],
        ["play", "--agent-timeout", "nan"],
        ["tournament", "x.json", "--target", "0"],
        ["tournament", "x.json", "--lives", "99999999999"],
    ],
)
def test_other_commands_bound_their_numbers_too(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert "[script.bad_argument]" in capsys.readouterr().err


def test_with_json_a_bad_flag_is_a_json_error_on_standard_output(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--json", "--workers", "-1"]) == 2
    out, err = capsys.readouterr()
    error = json.loads(out)["error"]
    assert error["code"] == "script.bad_workers" and "--workers" in error["message"]
    assert err == ""
    assert main(["adjudicate", "--json"]) == 2  # the script is missing
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "script.bad_argument"


def test_an_unclosed_quote_in_an_agent_command_is_not_an_internal_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "-n", "1", "--no-progress", "--bots", "1=agent:'x"]) == 2
    assert "[bots.bad_command]" in capsys.readouterr().err


def test_an_unknown_command_or_flag_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bogus"]) == 2
    assert capsys.readouterr().err.startswith("error [script.bad_argument]: loupgarou:")
    assert main(["roles", "--no-such-flag"]) == 2
    assert "unrecognized arguments: --no-such-flag" in capsys.readouterr().err


def test_more_workers_than_games_start_no_idle_processes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from loupgarou.cli import simulate
    from loupgarou.sim.runner import stream as real  # simulate counts games as they come

    seen: list[int] = []

    def spy(spec: object, *, workers: int, progress: object) -> object:
        seen.append(workers)
        return real(spec, workers=1, progress=None)  # type: ignore[arg-type]

    monkeypatch.setattr(simulate, "stream", spy)
    assert main(["simulate", "-n", "2", "-j", "64", "--no-progress", "--bots", "random"]) == 0
    assert seen == [2]


# --- documents past their limits ------------------------------------------------------------


def _adjudicate(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    started = time.monotonic()
    assert main(["adjudicate", str(path), "--json"]) == 2
    assert time.monotonic() - started < 5
    code: str = json.loads(capsys.readouterr().out)["error"]["code"]
    return code


def test_a_deeply_nested_json_script_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert _adjudicate(path, capsys) == "script.too_deep"


def test_a_deeply_nested_yaml_script_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("players: " + "[" * 50_000, encoding="utf-8")
    assert _adjudicate(path, capsys) == "script.too_deep"


def test_a_script_of_fifty_megabytes_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:
        f.truncate(50 << 20)  # 50 MB (sparse: no time to write it)
    assert _adjudicate(path, capsys) == "script.too_large"


def test_yaml_aliases_cannot_expand_a_small_script_to_billions_of_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    path = tmp_path / "laughs.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _adjudicate(path, capsys) == "script.too_large"


def test_a_script_with_too_many_steps_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = {
        "format": "loupgarou-script",
        "version": 1,
        "family": "one-night",
        "players": ["Ann", "Bob", "Cid"],
        "scenario": "premiere-nuit",
        "steps": [{"seat": "Ann", "do": "pass"}] * 10_001,
    }
    path = tmp_path / "long.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    assert _adjudicate(path, capsys) == "script.too_many_steps"


def test_a_deep_record_is_refused_by_the_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert main(["tournament", str(path)]) == 2
    assert "[script.too_deep]" in capsys.readouterr().err


def test_a_theme_file_too_large_or_too_deep_is_refused(tmp_path: Path) -> None:
    from loupgarou.core.errors import LoupGarouError
    from loupgarou.narration.themes import load_theme

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(LoupGarouError) as err:
        load_theme(str(deep))
    assert err.value.code == "narration.bad_theme"
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:
        f.truncate(50 << 20)
    with pytest.raises(LoupGarouError) as err:
        load_theme(str(huge))
    assert err.value.code == "script.too_large"
