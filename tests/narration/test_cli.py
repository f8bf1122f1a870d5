"""``loupgarou narrate`` as a game master would type it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from loupgarou.cli import narrate
from loupgarou.cli.main import main
from tests.narration.fakes import FakeClock


def script_lines(out: str) -> list[str]:
    """The lines after the header (which ends with a blank line)."""
    return out.split("\n\n", 1)[1].splitlines()


def test_a_dry_run_prints_the_whole_first_night_with_timings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["narrate", "--scenario", "premiere-nuit", "--players", "5", "--dry-run"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[:6] == [
        "Scenario: The First Night (La Première Nuit)",
        "Players: 5",
        "Cards: Werewolf ×2, Seer, Robber, Troublemaker, Villager ×3",
        "Each role call: 10 seconds. Discussion: 5 minutes.",
        "Lone wolf peek: on.",
        "Total length: 6:01",
    ]
    lines = script_lines(out)
    assert lines[0] == "  0:00     5s  Night falls on the village. Everyone, close your eyes."
    assert lines[1] == "  0:05     2s  Werewolves, open your eyes and look for one another."
    assert "  0:15     2s  Seer, open your eyes." in lines
    assert "  0:49    60s  You have 5 minutes to unmask the Werewolves." in lines[14]
    assert lines[-2] == "  5:56     5s  Vote!"
    assert lines[-1].startswith("  6:01     0s  Keep pointing")


def test_a_dry_run_in_french_with_the_pirates(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["narrate", "--scenario", "revenants", "--players", "9", "--dry-run"]
    code = main([*argv, "--lang", "fr", "--theme", "pirates"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Thème\u00a0: Les Pirates de la mer de lune" in out
    assert "Cartes\u00a0: Caméléon, Mutin ×2, Rat de cale" in out
    assert "Caméléon, si tu as découvert la carte Rat de cale, rouvre les yeux." in out
    assert "Loup-Garou" not in out and "Voyante" not in out


def test_a_drawn_scenario_calls_every_possible_role_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["narrate", "--scenario", "anarchie", "--players", "4", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "The deck is drawn at random" in out
    assert "Tonight's cards were drawn at random" in out
    for role in ("Doppelgänger", "Minion", "Masons", "Drunk", "Insomniac"):
        assert f"{role}, open your eyes" in out


def test_a_custom_deck_is_checked_and_its_warnings_shown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deck = "loup-garou,werewolf,insomniaque,villager,villager,villager"
    assert main(["narrate", "--deck", deck, "--dry-run"]) == 0
    captured = capsys.readouterr()
    assert "warning [setup.insomniac_alone]" in captured.err
    assert "Custom deck" in captured.out and "Players: 3" in captured.out


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["--deck", "werewolf,witch,seer,villager,villager,villager"], "setup.unknown_role"),
        (["--deck", "werewolf,seer,villager,villager,villager,mason"], "setup.single_mason"),
        (
            ["--deck", "werewolf,seer,villager,villager,villager", "--players", "5"],
            "setup.card_count",
        ),
        (["--scenario", "revenants", "--players", "5"], "setup.scenario_player_count"),
        (["--deck", "werewolf,seer,villager"], "setup.card_count"),
        (["--deck", ""], "setup.card_count"),
        (["--scenario", "moonlight"], "setup.unknown_scenario"),
        (["--players", "2"], "setup.scenario_player_count"),
        (["--step-seconds", "0"], "narrate.bad_duration"),
        (["--discussion-minutes", "-1"], "narrate.bad_duration"),
        (["--theme", "no-such-theme"], "narration.unknown_theme"),
    ],
)
def test_bad_input_is_an_error_with_a_code_not_a_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: str
) -> None:
    assert main(["narrate", "--dry-run", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error [{code}]: ")
    assert "Traceback" not in err


def test_the_bezier_edition_turns_the_lone_wolf_peek_off(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["narrate", "--edition", "bezier", "--dry-run"])
    bezier = capsys.readouterr().out
    main(["narrate", "--edition", "bezier", "--lone-wolf-peek", "--dry-run"])
    bezier_with_peek = capsys.readouterr().out
    main(["narrate", "--no-lone-wolf-peek", "--dry-run"])
    no_peek = capsys.readouterr().out
    assert "Lone wolf peek: off." in bezier and "one card in the centre" not in bezier
    assert "one card in the centre" in bezier_with_peek
    assert no_peek == bezier


def test_make_run_narrates_the_first_night_in_real_time(
    clock: FakeClock, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["narrate", "--scenario", "premiere-nuit", "--players", "5"]) == 0
    lines = script_lines(capsys.readouterr().out)
    assert lines[0] == "[0:00] Night falls on the village. Everyone, close your eyes."
    assert lines[-2] == "[5:56] Vote!"
    assert clock.elapsed == 6 * 60 + 1


def test_step_seconds_and_discussion_minutes_set_the_pace(
    clock: FakeClock, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["narrate", "--step-seconds", "4", "--discussion-minutes", "0.5"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Each role call: 4 seconds. Discussion: 30 seconds." in out
    # 5 (nightfall) + 4 calls x 4 + 4 (dawn) + 30 + 4 (ready) + 3 + 5 (vote)
    assert clock.elapsed == 5 + 16 + 4 + 30 + 4 + 3 + 5


def test_ctrl_c_stops_the_narration_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(narrate, "make_clock", lambda: FakeClock(interrupt_after=3))
    assert main(["narrate"]) == 130
    captured = capsys.readouterr()
    assert "narration stopped" in captured.err
    assert "Traceback" not in captured.err
    assert "Vote!" not in captured.out


def test_speak_without_espeak_says_how_to_get_it_and_goes_on_in_text(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert main(["narrate", "--speak"]) == 0
    captured = capsys.readouterr()
    assert "espeak-ng was not found" in captured.err
    assert "apt-get install espeak-ng" in captured.err
    assert "[5:56] Vote!" in captured.out


def test_speak_reads_every_cue_with_the_french_voice(
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    spoken: list[list[str]],
) -> None:
    assert main(["narrate", "--speak", "--lang", "fr"]) == 0
    assert capsys.readouterr().err == ""
    assert spoken[0] == [
        "/usr/bin/espeak-ng",
        "-v",
        "fr",
        "La nuit tombe sur le village. Fermez tous les yeux.",
    ]
    assert spoken[-2][-1] == "Votez\u00a0!"


def test_a_dry_run_does_not_speak(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert main(["narrate", "--speak", "--dry-run"]) == 0
    err = capsys.readouterr().err
    assert "nothing is read aloud" in err and "espeak-ng was not found" not in err


def test_the_documented_first_night_is_what_the_command_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    doc = (Path(__file__).parents[2] / "docs" / "narration.md").read_text(encoding="utf-8")
    command = "`loupgarou narrate --scenario premiere-nuit --players 5 --dry-run`"
    documented = doc.split(command, 1)[1].split("```\n", 2)[1]
    main(["narrate", "--scenario", "premiere-nuit", "--players", "5", "--dry-run"])
    assert capsys.readouterr().out == documented
