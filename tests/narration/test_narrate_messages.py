"""What ``loupgarou narrate`` itself says (its errors, and what becomes of a game's record)
comes from the locale: French under ``--lang fr``, the same English as ever without it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from loupgarou.cli import narrate
from loupgarou.cli.main import main
from loupgarou.engine.record import replay
from tests.narration.fakes import FakeClock, typed
from tests.narration.test_thiercelieux_cli import ANSWERS, GAME

NB = "\u00a0"
THIERCELIEUX = ["--family", "thiercelieux"]
LUPUS = ["--family", "lupus", "--players", "9"]


@pytest.mark.parametrize(
    ("argv", "code", "english", "french"),
    [
        (
            ["--players-names", "Ann,Bob,Cid,Dan,Eve"],
            "narrate.wrong_family",
            "--players-names: only for --family thiercelieux or lupus, not one_night",
            f"--players-names{NB}: seulement avec --family thiercelieux ou lupus, "
            "pas avec one_night",
        ),
        (
            [*THIERCELIEUX, "--players", "8", "--scenario", "confusion", "--edition", "bezier"],
            "narrate.wrong_family",
            "--scenario: only for --family one_night; --edition: only for --family one_night, "
            "not thiercelieux",
            f"--scenario{NB}: seulement avec --family one_night{NB}; --edition{NB}: seulement "
            "avec --family one_night, pas avec thiercelieux",
        ),
        (
            ["--step-seconds", "-2.5"],
            "narrate.bad_duration",
            "--step-seconds must be positive, not -2.5",
            "--step-seconds doit être positif, pas -2,5",
        ),
        (
            ["--deck", "werewolf,seer,robber,villager"],
            "setup.card_count",
            "a deck needs at least 6 cards (3 players and 3 in the centre); this one has 4",
            f"il faut au moins 6 cartes (3 joueurs et 3 au centre){NB}; celui-ci en a 4",
        ),
        (
            [*THIERCELIEUX, "--players-names", "Ann,Bob,ann"],
            "narrate.bad_names",
            "--players-names: 'Ann' is given twice; names must differ",
            f"--players-names{NB}: «{NB}Ann{NB}» est donné deux fois{NB}; les noms doivent être "
            "différents",
        ),
        (
            [*THIERCELIEUX, "--players-names", "Ann,2,Cid"],
            "narrate.bad_names",
            "--players-names: '2' looks like a seat number; give names with letters",
            f"--players-names{NB}: «{NB}2{NB}» ressemble à un numéro de place{NB}; donnez des "
            "noms faits de lettres",
        ),
        (
            [*THIERCELIEUX, "--players-names", "Ann,,Cid"],
            "narrate.bad_names",
            "--players-names: a name is empty",
            f"--players-names{NB}: un nom est vide",
        ),
        (
            [*THIERCELIEUX, "--players", "9", "--players-names", "Ann,Bob"],
            "narrate.bad_names",
            "--players-names gives 2 names for 9 players",
            "--players-names donne 2 noms pour 9 joueurs",
        ),
        (
            THIERCELIEUX,
            "narrate.players_needed",
            "--family thiercelieux needs the table: --players N, --players-names or --deck",
            f"--family thiercelieux a besoin de la table{NB}: --players N, --players-names ou "
            "--deck",
        ),
        (
            [*THIERCELIEUX, "--players", "8", "--option", "captain"],
            "narrate.bad_option",
            "--option 'captain': write KEY=VALUE, e.g. captain=false or captain_mode=random",
            f"--option «{NB}captain{NB}»{NB}: écrivez CLÉ=VALEUR, par exemple captain=false ou "
            "captain_mode=random",
        ),
        (
            [*THIERCELIEUX, "--deck", "werewolf,seer,witch", "--thief"],
            "narrate.bad_option",
            "--thief adds the Thief to the suggested deck; with --deck, list 'thief' among the "
            "cards (and two more cards to set aside)",
            f"--thief ajoute le Voleur au jeu conseillé{NB}; avec --deck, mettez «{NB}voleur{NB}» "
            "parmi les cartes (et deux cartes de plus à mettre de côté)",
        ),
        (
            [*LUPUS, "--deck", "werewolf,seer", "--specials", "medium"],
            "narrate.bad_option",
            "--specials adds special characters to the default deck; with --deck, list them "
            "among the cards",
            f"--specials ajoute des personnages spéciaux au jeu par défaut{NB}; avec --deck, "
            "mettez-les parmi les cartes",
        ),
        (
            [*LUPUS, "--discussion-minutes", "1.5", "--option", "discussion_minutes=2"],
            "narrate.bad_option",
            "--discussion-minutes 1.5 and --option discussion_minutes=2 disagree: give one of them",
            "--discussion-minutes 1,5 et --option discussion_minutes=2 ne disent pas la même "
            f"chose{NB}: donnez l'un des deux",
        ),
        (
            [*LUPUS, "--defence-seconds", "0"],
            "narrate.bad_duration",
            "--defence-seconds must be positive, not 0",
            "--defence-seconds doit être positif, pas 0",
        ),
    ],
)
def test_errors_speak_the_narrations_language(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: str, english: str, french: str
) -> None:
    assert main(["narrate", "--dry-run", *argv]) == 2
    assert capsys.readouterr().err == f"error [{code}]: {english}\n"
    assert main(["narrate", "--dry-run", "--lang", "fr", *argv]) == 2
    assert capsys.readouterr().err == f"error [{code}]: {french}\n"


def test_a_french_game_that_runs_out_of_answers_says_so_in_french(
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    typed(monkeypatch, ANSWERS[:3])
    record = tmp_path / "partie.json"
    assert main(["narrate", *GAME, "--lang", "fr", "--record", str(record)]) == 2
    assert capsys.readouterr().err == (
        "error [narrate.input_ended]: les réponses se sont arrêtées avant la fin de la partie "
        f"(fin de l'entrée){NB}; l'enregistrement de la partie jusqu'ici est dans {record}\n"
    )
    assert replay(json.loads(record.read_text(encoding="utf-8"))).outcome is None


def test_a_french_game_stopped_during_the_deal_or_by_ctrl_c(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(narrate, "make_clock", FakeClock)
    typed(monkeypatch, [])
    assert main(["narrate", *GAME, "--lang", "fr"]) == 2
    assert capsys.readouterr().err.endswith(
        f"{NB}; la donne n'était pas encore saisie{NB}: il n'y a rien à enregistrer\n"
    )
    monkeypatch.setattr(narrate, "make_clock", lambda: FakeClock(interrupt_after=3))
    monkeypatch.setattr(narrate, "make_timestamp", lambda: "20260101-2100")
    typed(monkeypatch, ANSWERS)
    assert main(["narrate", *GAME, "--lang", "fr"]) == 130
    assert capsys.readouterr().err == (
        f"\nnarration interrompue{NB}; l'enregistrement de la partie jusqu'ici est dans "
        "loupgarou-thiercelieux-20260101-2100.json\n"
    )


def test_a_finished_game_says_where_its_record_is_in_french(
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    typed(monkeypatch, ANSWERS)
    record = tmp_path / "partie.json"
    assert main(["narrate", *GAME, "--lang", "fr", "--record", str(record)]) == 0
    assert capsys.readouterr().err == f"enregistrement de la partie écrit dans {record}\n"
    missing = tmp_path / "nowhere" / "partie.json"
    typed(monkeypatch, ANSWERS)
    assert main(["narrate", *GAME, "--lang", "fr", "--record", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"error [narrate.cannot_write]: impossible d'écrire l'enregistrement dans {missing}{NB}: "
    )


def test_speak_without_espeak_says_how_to_get_it_in_french(
    clock: FakeClock, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert main(["narrate", "--speak", "--lang", "fr", "--players", "3"]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"--speak{NB}: espeak-ng est introuvable dans le PATH")
    assert main(["narrate", "--speak", "--lang", "fr", "--dry-run"]) == 0
    assert capsys.readouterr().err == f"--speak{NB}: rien n'est lu à voix haute avec --dry-run\n"
