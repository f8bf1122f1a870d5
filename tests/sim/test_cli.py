"""``loupgarou simulate`` and ``loupgarou play`` from the command line."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest

from loupgarou.cli import play
from loupgarou.cli.main import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
AGENT = ROOT / "examples" / "agents" / "first_option.py"


def test_simulate_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--scenario", "premiere-nuit", "--games", "12", "--seed", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "village" in out and "95 %" in out and "starting role" in out


def test_simulate_json_is_reproducible_and_csv_parses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["simulate", "one-night", "-s", "premiere-nuit", "-n", "10", "--seed", "5", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*args, "--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    target = tmp_path / "r.csv"
    assert (
        main(
            [
                "simulate",
                "-s",
                "premiere-nuit",
                "-n",
                "5",
                "--format",
                "csv",
                "--output",
                str(target),
            ]
        )
        == 0
    )
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert {r["kind"] for r in rows} >= {"team", "role", "draw", "length"}


def test_simulate_thiercelieux_with_an_external_agent(capsys: pytest.CaptureFixture[str]) -> None:
    bots = f"*=sensible,0=agent:{sys.executable} {AGENT}"
    code = main(["simulate", "thiercelieux", "-p", "8", "-n", "3", "--bots", bots, "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["games"] == 3 and data["timeouts"] == 0


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["simulate", "--bots", "wizard"], "bots.unknown_kind"),
        (["simulate", "--scenario", "nowhere"], "setup.unknown_scenario"),
        (
            ["simulate", "--scenario", "premiere-nuit", "--players", "9"],
            "setup.scenario_player_count",
        ),
        (["simulate", "--deck", "werewolf,seer"], "setup.card_count"),
        (["simulate", "--scenario", "premiere-nuit", "--games", "0"], "script.bad_games"),
        (["simulate", "--scenario", "premiere-nuit", "--option", "nonsense"], "script.bad_option"),
        (["play", "--seat", "9"], "script.bad_seat"),
    ],
)
def test_bad_input_is_an_error_code_not_a_traceback(
    args: list[str], code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert f"[{code}]" in capsys.readouterr().err


def test_plot_without_matplotlib_says_how_to_get_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert (
            main(["simulate", "-s", "premiere-nuit", "-n", "3", "--plot", str(tmp_path / "p.png")])
            == 2
        )
        assert "[script.no_plotting]" in capsys.readouterr().err
    else:
        assert (
            main(["simulate", "-s", "premiere-nuit", "-n", "3", "--plot", str(tmp_path / "p.png")])
            == 0
        )
        assert (tmp_path / "p.png").stat().st_size > 0


def _play(argv: list[str], answers: list[str]) -> list[str]:
    args = build_parser().parse_args(["play", *argv])
    feed = iter(answers)
    lines: list[str] = []

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            return "1"

    assert play.handle(args, read=read, write=lines.append) == 0
    return lines


def test_solo_play_shows_only_my_seat_then_everything_at_the_end() -> None:
    lines = _play(["--seed", "3", "--name", "Zoé"], ["1", "claim troublemaker swap 2 3", "1"])
    text = "\n".join(lines)
    live, _, end = text.partition("=== The game is over ===")
    assert "You received the Troublemaker." in live
    # my seat never sees another seat's private events during the game
    assert "woke with the Werewolves" not in live and "looked at centre card" not in live
    assert "Your decision (vote)" in live
    assert "What happened, step by step:" in end and "What each player knew:" in end
    assert "woke with the Werewolves" in end
    assert ("Winners:" in end) or ("Nobody wins." in end)


def test_solo_play_accepts_free_text_and_reprompts_bad_input() -> None:
    # seed 11, seat 2: the Seer, called at night, then the talk, then the vote
    lines = _play(
        ["--seed", "11", "--seat", "2"],
        ["x", "99", "1", "claim ???", "I am a simple villager", "2"],
    )
    text = "\n".join(lines)
    assert text.count("Type a number from 1 to 8.") == 2
    assert "I could not read that claim: '???' is not a role" in text
    assert 'You: "I am a simple villager"' in text


def test_solo_thiercelieux_runs_to_the_end() -> None:
    lines = _play(["thiercelieux", "--players", "8", "--seed", "2"], [])
    assert "=== The game is over ===" in "\n".join(lines)


def test_solo_lupus_runs_to_the_end_and_words_the_two_stages() -> None:
    lines = _play(["lupus", "--players", "9", "--bots", "random", "--seed", "3"], [])
    text = "\n".join(lines)
    assert "=== The game is over ===" in text
    assert "The suspects:" in text and "The secret votes:" in text
    assert "holds the Welcome card" in text


def test_parse_claim() -> None:
    claim = play.parse_claim("seer look 3 saw 3=werewolf c1=villager", 5, 0)
    assert claim.role == "seer" and claim.did is not None and claim.did.players == (2,)
    assert [(s.role, s.seat, s.centre) for s in claim.saw] == [
        ("werewolf", 2, None),
        ("villager", None, 0),
    ]
    assert play.parse_claim("robber rob 2 saw me=seer", 5, 0).saw[0].seat == 0


def test_simulate_lupus_reports_its_three_sides(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "lupus", "--players", "9", "--games", "12", "--bots", "random"]
    code = main([*args, "--json", "--no-progress"])
    assert code == 0
    teams = json.loads(capsys.readouterr().out)["teams"]
    assert {"humans", "werewolves", "werehamster"} <= set(teams)
    assert sum(t["wins"] for t in teams.values()) == 12
