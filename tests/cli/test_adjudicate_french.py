"""``adjudicate --lang fr``: the game told and the report written in French, for each
family, the roles renamed by ``--theme``; the JSON keeps its codes and data."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from loupgarou.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ENGLISH = re.compile(
    r"\b(the|was|were|is|are|their|voted|looked|called|nobody|died|with|from|and|of|"
    r"Winners|Deaths|Result|Why|Werewolf|Werewolves|Seer|Villager|Hunter|Ghosts?|Welcome)\b"
)
QUOTED = re.compile(r"«[^»]*»")
NOTE = re.compile(r"  \(.*\)$")
"""A played step's note, as the script wrote it."""


@pytest.mark.parametrize(
    "example",
    [
        "hunter-chain.yaml",
        "stops-early.yaml",
        "refused-step.yaml",
        "thiercelieux-lovers.yaml",
        "thiercelieux-thief.yaml",
        "lupus-ghosts-and-ties.yaml",
        "lupus-specials.yaml",
    ],
)
def test_the_report_is_french_from_its_title_to_its_reasons(
    example: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["adjudicate", str(EXAMPLES / example), "--lang", "fr"])
    assert code in (0, 1)
    out = capsys.readouterr().out
    assert out.startswith("Verdict pour ")
    # The script's own words (its title, a step's note) are its author's, and the engine's
    # messages (a refused step's reason, a warning) the rules'.
    ours = [
        NOTE.sub("", line)
        for line in out.splitlines()[1:]
        if not re.match(r"\s*(\[[a-z_.]+\]|Attention \[)", line)
    ]
    leaks = [line for line in ours if ENGLISH.search(QUOTED.sub("", line))]
    assert not leaks, leaks[:5]


def test_a_theme_renames_the_roles_in_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    main(["adjudicate", str(EXAMPLES / "thiercelieux-lovers.yaml"), "--theme", "pirates"])
    out = capsys.readouterr().out
    assert "The Mutineers are called." in out and "Cabin Boy" in out
    # Werewolves remain only in the players' own words and the rules' reasons.
    told = [line for line in out.splitlines() if '"' not in line and "[village." not in line]
    assert not [line for line in told[1:] if "Werewol" in line]


def test_the_json_keeps_its_codes_and_data_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    main(["adjudicate", str(EXAMPLES / "hunter-chain.yaml"), "--json"])
    english = json.loads(capsys.readouterr().out)
    main(["adjudicate", str(EXAMPLES / "hunter-chain.yaml"), "--json", "--lang", "fr"])
    french = json.loads(capsys.readouterr().out)
    assert [r["code"] for r in french["result"]["reasons"]] == [
        r["code"] for r in english["result"]["reasons"]
    ]
    assert french["result"]["deaths"] == english["result"]["deaths"]
    assert [li["kind"] for li in french["timeline"]] == [li["kind"] for li in english["timeline"]]
    assert french["timeline"][-1]["text"].startswith("La partie est finie.")


@pytest.mark.parametrize(
    ("lang", "header"),
    [
        (
            "fr",
            "Jeu\u00a0: Loup-Garou pour une Nuit · scénario\u00a0: La Première Nuit · 5 joueurs",
        ),
        ("en", "Family: One Night · scenario: La Première Nuit · 5 players"),
    ],
)
def test_the_header_names_the_game_and_the_scenario_not_their_keys(
    lang: str, header: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["adjudicate", str(EXAMPLES / "premiere-nuit.yaml"), "--lang", lang])
    second = capsys.readouterr().out.splitlines()[1]
    assert second.startswith(header), second
    assert "one-night" not in second and "premiere-nuit" not in second
