"""``loupgarou narrate --family thiercelieux`` as a game master would type it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loupgarou.cli import narrate
from loupgarou.cli.main import main
from loupgarou.engine.record import replay
from tests.narration.fakes import FakeClock, typed

NAMES = "Ann,Bob,Cid,Dan,Eve,Fay,Gus,Hal"
GAME = ["--family", "thiercelieux", "--players-names", NAMES]
ANSWERS = [
    "wolf, seer, villager, wolf, witch, hunter, villager, villager",
    "Dan",
    "",
    "Fay",
    "n",
    "none",
    "Ann",
    "Bob",
    "Dan",
]
DOC = Path(__file__).parents[2] / "docs" / "narration.md"


def test_a_dry_run_prints_the_first_two_nights_and_the_day_between(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["narrate", *GAME, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:6] == [
        "The Werewolves of Millers Hollow (Les Loups-Garous de Thiercelieux)",
        "Players: 8",
        "Seats: 1. Ann, 2. Bob, 3. Cid, 4. Dan, 5. Eve, 6. Fay, 7. Gus, 8. Hal",
        "Cards: Werewolf ×2, Seer, Witch, Hunter, Villager ×3",
        "Each role call: 20 seconds. Discussion: 5 minutes.",
        "Captain: elected on day 1 (one minute to make a case).",
    ]
    assert "Night 1 (1:09)" in out and "Night 2 (1:09)" in out
    assert "Day 1, after the morning's news: the election, then the lynch (6:24)" in out


def test_the_thief_and_cupid_are_called_on_the_first_night_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["narrate", "--family", "thiercelieux", "--players", "12", "--thief", "--dry-run"])
        == 0
    )
    out = capsys.readouterr().out
    first, second = out.split("Night 2")
    assert "Thief, open your eyes." in first and "Thief" not in second
    assert "Cupid, open your eyes." in first and "Cupid" not in second
    assert "The Little Girl may try to peek" in second
    assert "Cards: Werewolf ×4, Seer, Witch, Hunter, Cupid, Thief, Little Girl, Villager ×4" in (
        first
    )


def test_the_documented_dry_run_is_what_the_command_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    doc = DOC.read_text(encoding="utf-8")
    marker = f"`loupgarou narrate --family thiercelieux --players-names {NAMES} --dry-run`"
    documented = doc.split(marker, 1)[1].split("```\n", 2)[1]
    main(["narrate", *GAME, "--dry-run"])
    assert capsys.readouterr().out == documented


def test_the_documented_game_is_what_the_command_plays(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = DOC.read_text(encoding="utf-8")
    marker = (
        f"loupgarou narrate --family thiercelieux --players-names {NAMES} "
        "--step-seconds 12 --discussion-minutes 2"
    )
    documented = doc.split(marker, 1)[1].split("```\n", 2)[1]
    typed(monkeypatch, ANSWERS)
    argv = marker.split()[1:]
    assert main(argv) == 0
    assert capsys.readouterr().out == documented


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
    assert "  ? Card of Ann (seat 1)? " + ANSWERS[0] in lines
    assert "    » Show the Seer the card of Dan: Werewolf." in lines
    assert lines[-3:] == [
        "[8:00] The village wins!",
        "[8:03] All the Werewolves are dead.",
        "[8:06] Winners: Bob, Cid, Eve, Fay, Gus and Hal.",
    ]
    assert f"record written to {record}" in captured.err
    game = replay(json.loads(record.read_text(encoding="utf-8")))
    assert game.outcome is not None and game.outcome.teams == frozenset({"village"})
    assert clock.elapsed == 8 * 60 + 6 + 3  # the last piece of news is followed by a pause


def test_a_bad_answer_gets_a_message_and_the_question_again(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed(monkeypatch, [ANSWERS[0], "Zed", *ANSWERS[1:]])
    assert main(["narrate", *GAME]) == 0
    out = capsys.readouterr().out
    question = "  ? Whose card did the Seer ask to see? (a player, or none) "
    assert f"{question}Zed\n    » 'Zed' is not a player" in out
    assert f"{question}Dan\n" in out
    assert "Traceback" not in out


def _saved(err: str) -> Path:
    """The record file a stopped game says it saved."""
    assert err.rstrip().count("; the record of the game so far is in ") == 1, err
    return Path(err.rstrip().rsplit(" is in ", 1)[1])


def test_the_end_of_the_input_stops_the_game_with_an_error_and_saves_it(
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(narrate, "make_timestamp", lambda: "20260101-2100")
    typed(monkeypatch, ANSWERS[:3])
    assert main(["narrate", *GAME]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error [narrate.input_ended]: ")
    assert "Traceback" not in err
    saved = _saved(err)
    assert saved == Path("loupgarou-thiercelieux-20260101-2100.json")
    game = replay(json.loads(saved.read_text(encoding="utf-8")))
    assert game.outcome is None
    assert [i.type for i in game.inputs] == ["chance", "action"]  # the deal, the Seer's look
    # A second stopped game does not overwrite the first record.
    typed(monkeypatch, ANSWERS[:2])
    assert main(["narrate", *GAME]) == 2
    assert _saved(capsys.readouterr().err) == Path("loupgarou-thiercelieux-20260101-2100-2.json")


def test_ctrl_c_stops_the_game_cleanly_and_saves_what_was_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(narrate, "make_clock", lambda: FakeClock(interrupt_after=3))
    typed(monkeypatch, ANSWERS)
    record = tmp_path / "game.json"
    assert main(["narrate", *GAME, "--record", str(record)]) == 130
    err = capsys.readouterr().err
    assert "narration stopped" in err
    assert _saved(err) == record
    game = replay(json.loads(record.read_text(encoding="utf-8")))
    assert game.outcome is None and game.inputs[0].type == "chance"


def test_a_game_stopped_during_the_deal_has_nothing_to_save(
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    typed(monkeypatch, [])
    assert main(["narrate", *GAME]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error [narrate.input_ended]: ")
    assert "the deal was not typed yet, so there is no record to save" in err
    assert list(tmp_path.iterdir()) == []


def test_speak_reads_the_cues_and_the_news_but_never_a_note_or_a_question(
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    spoken: list[list[str]],
) -> None:
    typed(monkeypatch, ANSWERS)
    assert main(["narrate", *GAME, "--speak", "--lang", "fr"]) == 0
    said = [argv[-1] for argv in spoken]
    assert said[0] == "La nuit tombe sur le village. Fermez tous les yeux et baissez la tête."
    assert "Le village gagne\u00a0!" in said
    assert all(argv[2] == "fr" for argv in spoken)
    assert not any("Dan\u00a0: Loup-Garou" in text or "?" in text for text in said)
    capsys.readouterr()


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["--family", "thiercelieux", "--scenario", "premiere-nuit"], "narrate.wrong_family"),
        (
            ["--family", "thiercelieux", "--players", "8", "--edition", "bezier"],
            "narrate.wrong_family",
        ),
        (
            ["--family", "thiercelieux", "--players", "8", "--lone-wolf-peek"],
            "narrate.wrong_family",
        ),
        (["--players-names", "Ann,Bob,Cid,Dan,Eve"], "narrate.wrong_family"),
        (["--thief"], "narrate.wrong_family"),
        (["--family", "thiercelieux"], "narrate.players_needed"),
        (["--family", "thiercelieux", "--players", "5"], "setup.no_suggestion"),
        (["--family", "thiercelieux", "--players-names", "Ann,Bob,,Dan"], "narrate.bad_names"),
        (["--family", "thiercelieux", "--players-names", "Ann,Bob,ann"], "narrate.bad_names"),
        (["--family", "thiercelieux", "--players-names", "Ann,2,Cid"], "narrate.bad_names"),
        (
            ["--family", "thiercelieux", "--players", "9", "--players-names", NAMES],
            "narrate.bad_names",
        ),
        (
            ["--family", "thiercelieux", "--players", "8", "--option", "captain"],
            "narrate.bad_option",
        ),
        (
            ["--family", "thiercelieux", "--players", "8", "--option", "mayor=1"],
            "setup.unknown_option",
        ),
        (
            ["--family", "thiercelieux", "--players", "8", "--option", "captain_mode=never"],
            "setup.bad_option",
        ),
        (
            ["--family", "thiercelieux", "--deck", "werewolf,seer,witch", "--thief"],
            "narrate.bad_option",
        ),
        (["--family", "thiercelieux", "--deck", "werewolf,seer,dragon"], "setup.unknown_role"),
        (
            ["--family", "thiercelieux", "--deck", "werewolf,werewolf,seer"],
            "setup.wolves_not_outnumbered",
        ),
        (
            ["--family", "thiercelieux", "--players", "8", "--election-minutes", "0"],
            "narrate.bad_duration",
        ),
        (["--family", "lupus-in-tabula-nope"], "setup.unknown_family"),
    ],
)
def test_bad_input_is_an_error_with_a_code_not_a_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: str
) -> None:
    assert main(["narrate", "--dry-run", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error [{code}]: ")
    assert "Traceback" not in err


def test_options_change_the_day(capsys: pytest.CaptureFixture[str]) -> None:
    main(["narrate", *GAME, "--option", "captain=false", "--dry-run"])
    off = capsys.readouterr().out
    assert "No Captain." in off and "chooses its Captain" not in off
    main(["narrate", *GAME, "--option", "captain_mode=random", "--dry-run"])
    drawn = capsys.readouterr().out
    assert "Captain: drawn at random on day 1." in drawn
    assert "chooses its Captain" not in drawn


def test_a_custom_deck_sets_the_players_and_shows_its_warnings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deck = "loup-garou,voyante,sorcière,villageois,villageois,villageois"
    assert main(["narrate", "--family", "loups-garous", "--deck", deck, "--dry-run"]) == 0
    captured = capsys.readouterr()
    assert "warning [setup.player_count]" in captured.err
    assert "Players: 6" in captured.out
    assert "Player 1" not in captured.out
