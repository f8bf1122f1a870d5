"""``loupgarou narrate --family lupus`` as a moderator would type it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loupgarou.cli import narrate
from loupgarou.cli.main import main
from loupgarou.engine.record import replay
from tests.narration.fakes import FakeClock, typed

NAMES = "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy"
GAME = ["--family", "lupus", "--players-names", NAMES, "--specials", "medium"]
ANSWERS = [
    "villager, wolf, seer, villager, medium, villager, wolf, villager, villager",
    "Gus",  # the Seer (Cid) reads Gus
    "Fay",  # the pack kills Fay, who takes the Welcome card
    *["Dan", "Gus", "Dan", "Gus", "Ivy", "Gus", "Gus", "Hal", "Ivy"],  # Gus first, Fay last
    "Gus",  # stage 2: every ballot against Gus
    "Bob",  # night 2: the Seer reads Bob
    "Cid",  # the pack kills the Seer, who takes the Welcome card
    *["Bob"] * 7,  # Dan first ... Ann
    "Dan",  # Bob
    "Bob",  # Cid, a Ghost
    "Bob, Bob, Dan, Bob",  # stage 2: Ann, Eve, Hal, Ivy
]
DRY_RUN = (
    "loupgarou narrate --family lupus --players 13 "
    "--specials medium,bodyguard,owl,freemason,freemason,mythomaniac --dry-run"
)
PLAYED = (
    f"loupgarou narrate --family lupus --players-names {NAMES} --specials medium "
    "--step-seconds 12 --discussion-minutes 1 --defence-seconds 20"
)
DOC = Path(__file__).parents[2] / "docs" / "narration.md"


def documented(marker: str) -> str:
    doc = DOC.read_text(encoding="utf-8")
    return doc.split(marker, 1)[1].split("```\n", 2)[1]


def test_the_documented_dry_run_is_what_the_command_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(DRY_RUN.split()[1:]) == 0
    assert capsys.readouterr().out == documented(f"`{DRY_RUN}`")


def test_the_documented_game_is_what_the_command_plays(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed(monkeypatch, ANSWERS)
    assert main(PLAYED.split()[1:]) == 0
    assert capsys.readouterr().out == documented(PLAYED)


def test_a_dry_run_prints_the_first_two_nights_and_the_day_between(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(DRY_RUN.split()[1:]) == 0
    out = capsys.readouterr().out
    first, rest = (
        out.split("Cards: ")[1].split("Night 1")[1].split("Day 1, after the morning's news")
    )
    second = rest.split("Night 2")[1]
    assert "Freemasons, open your eyes" in first and "Freemasons" not in second
    assert "Medium" not in first and "Medium, open your eyes." in second
    assert "Bodyguard" not in first and "Bodyguard, open your eyes." in second
    assert "Mythomaniac" not in first and "Mythomaniac, open" in second
    assert "Owl, open your eyes." in first and "Owl, open your eyes." in second
    assert "Night 1 (1:29)" in out and "Night 2 (2:09)" in out
    assert "Discussion: 3 minutes. Each defence: one minute." in out


def test_a_whole_game_is_played_from_the_answers_typed_and_recorded(
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    typed(monkeypatch, ANSWERS)
    record = tmp_path / "game.json"
    assert main(["narrate", *GAME, "--record", str(record)]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert "    » Show the Seer (Cid) a thumb up: Gus is a Werewolf." in lines
    assert lines[-3:] == [
        "[14:21] The humans win!",
        "[14:24] No Werewolf is left alive.",
        "[14:27] Winners: Ann, Cid, Dan, Eve, Fay, Hal and Ivy.",
    ]
    assert f"record written to {record}" in captured.err
    game = replay(json.loads(record.read_text(encoding="utf-8")))
    assert game.outcome is not None and game.outcome.teams == frozenset({"humans"})
    assert game.config.options == {}
    assert clock.elapsed == 14 * 60 + 27 + 3  # the last piece of news is followed by a pause
    assert "You have 3 minutes to talk it over" in captured.out  # the rules' default


def test_a_bad_answer_gets_a_message_and_the_question_again(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed(monkeypatch, [ANSWERS[0], "Zed", "Cid", *ANSWERS[1:]])
    assert main(["narrate", *GAME]) == 0
    out = capsys.readouterr().out
    question = "  ? Whom did the Seer (Cid) point at? (a player, or none) "
    assert f"{question}Zed\n    » 'Zed' is not a player" in out
    assert f"{question}Cid\n    » Cid cannot be chosen here" in out
    assert f"{question}Gus\n" in out


def test_the_end_of_the_input_stops_the_game_with_an_error(
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    typed(monkeypatch, ANSWERS[:4])
    record = tmp_path / "game.json"
    assert main(["narrate", *GAME, "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error [narrate.input_ended]: ")
    assert err.rstrip().endswith(f"; the record of the game so far is in {record}")
    game = replay(json.loads(record.read_text(encoding="utf-8")))
    assert game.outcome is None


def test_ctrl_c_stops_the_game_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(narrate, "make_clock", lambda: FakeClock(interrupt_after=3))
    typed(monkeypatch, ANSWERS)
    assert main(["narrate", *GAME]) == 130
    err = capsys.readouterr().err
    assert "narration stopped; the record of the game so far is in loupgarou-lupus-" in err
    (saved,) = tmp_path.iterdir()
    assert replay(json.loads(saved.read_text(encoding="utf-8"))).outcome is None


def test_the_discussion_is_the_tables_option(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["narrate", "--family", "tabula", "--players", "9", "--dry-run"]
    main([*base, "--option", "discussion_minutes=2"])
    assert "Discussion: 2 minutes." in capsys.readouterr().out
    main([*base, "--discussion-minutes", "1.5"])
    out = capsys.readouterr().out
    assert "Discussion: 90 seconds." in out
    assert "You have 90 seconds to talk it over" in out


def test_the_owl_is_deadly_at_large_tables(capsys: pytest.CaptureFixture[str]) -> None:
    main(["narrate", "--family", "lupus", "--players", "21", "--specials", "owl", "--dry-run"])
    out = capsys.readouterr().out
    assert "Deadly Owl: the pick dies at dawn" in out
    assert "will not live to see the morning" in out
    main(["narrate", "--family", "lupus", "--players", "12", "--specials", "owl", "--dry-run"])
    out = capsys.readouterr().out
    assert "The Owl's pick becomes a suspect the next day." in out
    assert "will not live to see the morning" not in out
    argv = ["narrate", "--family", "lupus", "--players", "21", "--specials", "owl"]
    main([*argv, "--option", "deadly_owl=never", "--dry-run"])
    assert "will not live" not in capsys.readouterr().out


def test_a_custom_deck_sets_the_players_and_shows_its_warnings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deck = (
        "loup-garou,loup-garou,voyant,hibou,villageois,villageois,villageois,villageois,contadino"
    )
    assert main(["narrate", "--family", "lupus", "--deck", deck, "--dry-run"]) == 0
    captured = capsys.readouterr()
    assert "warning [setup.below_suggested]" in captured.err
    assert "Players: 9" in captured.out
    assert "Cards: Werewolf ×2, Seer, Owl, Villager ×5" in captured.out


def test_french_with_the_pirates(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["narrate", "--family", "lupus", "--players", "12", "--specials", "bodyguard"]
    assert main([*argv, "--lang", "fr", "--theme", "pirates", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Lupus in Tabula\nJoueurs\u00a0: 12\n")
    assert "Maître d'équipage, ouvre les yeux." in out
    assert "Mutins, ouvrez les yeux et reconnaissez-vous." in out


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["--family", "lupus"], "narrate.players_needed"),
        (["--family", "lupus", "--players", "7"], "setup.too_few_players"),
        (["--family", "lupus", "--players", "25"], "setup.too_many_players"),
        (["--family", "lupus", "--players", "8", "--specials", "owl"], "setup.special_below_9"),
        (["--family", "lupus", "--players", "9", "--specials", "dragon"], "setup.unknown_role"),
        (["--family", "lupus", "--players", "9", "--specials", "mason"], "setup.single_freemason"),
        (["--family", "lupus", "--players", "9", "--specials", "seer"], "setup.duplicate_role"),
        (
            ["--family", "lupus", "--deck", "werewolf,seer,villager", "--specials", "owl"],
            "narrate.bad_option",
        ),
        (["--family", "lupus", "--deck", "werewolf,seer,villager"], "setup.too_few_players"),
        (["--family", "lupus", "--players", "9", "--scenario", "anarchie"], "narrate.wrong_family"),
        (["--family", "lupus", "--players", "9", "--thief"], "narrate.wrong_family"),
        (
            ["--family", "lupus", "--players", "9", "--election-minutes", "2"],
            "narrate.wrong_family",
        ),
        (["--family", "lupus", "--players", "9", "--no-lone-wolf-peek"], "narrate.wrong_family"),
        (["--specials", "owl"], "narrate.wrong_family"),
        (["--defence-seconds", "30"], "narrate.wrong_family"),
        (
            ["--family", "thiercelieux", "--players", "8", "--specials", "owl"],
            "narrate.wrong_family",
        ),
        (["--family", "lupus", "--players", "9", "--defence-seconds", "0"], "narrate.bad_duration"),
        (
            ["--family", "lupus", "--players", "9", "--discussion-minutes", "-1"],
            "narrate.bad_duration",
        ),
        (
            [
                "--family",
                "lupus",
                "--players",
                "9",
                "--discussion-minutes",
                "2",
                "--option",
                "discussion_minutes=3",
            ],
            "narrate.bad_option",
        ),
        (
            ["--family", "lupus", "--players", "9", "--option", "discussion_minutes=0"],
            "setup.bad_option",
        ),
        (
            ["--family", "lupus", "--players", "9", "--option", "deadly_owl=sometimes"],
            "setup.bad_option",
        ),
        (
            ["--family", "lupus", "--players", "9", "--option", "captain=false"],
            "setup.unknown_option",
        ),
        (["--family", "lupus", "--players", "9", "--option", "deadly_owl"], "narrate.bad_option"),
        (["--family", "lupus", "--players-names", "Ann,Bob"], "setup.too_few_players"),
        (["--family", "lupus", "--players", "10", "--players-names", NAMES], "narrate.bad_names"),
    ],
)
def test_bad_input_is_an_error_with_a_code_not_a_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: str
) -> None:
    assert main(["narrate", "--dry-run", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error [{code}]: ")
    assert "Traceback" not in err
