"""Every script in examples/ runs and gives the verdict worked out by hand (RULINGS §1.4, §2, §3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loupgarou.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

EXPECTED: dict[str, tuple[int, str, list[str] | None]] = {
    # file: (exit code, status, winners or None when the game is not over)
    "premiere-nuit.yaml": (0, "finished", ["Bob", "Carol", "Dan", "Eve"]),
    "doppelganger-robber.yaml": (0, "finished", ["Bob", "Cid", "Dee", "Eli"]),
    "hunter-chain.yaml": (0, "finished", ["Ann", "Bob", "Dee", "Eve", "Fay"]),
    "stops-early.yaml": (0, "incomplete", None),
    "tanner-wins.yaml": (0, "finished", ["Ann"]),
    "minion-alone.json": (0, "finished", ["Ann"]),
    "refused-step.yaml": (1, "rejected", None),
    "thiercelieux-witch.yaml": (0, "finished", ["Bob", "Carol", "Dan", "Fay", "Gus", "Hal"]),
    "thiercelieux-lovers.yaml": (0, "finished", ["Ana", "Dax", "Eli", "Gil", "Hana", "Ivo"]),
    "thiercelieux-captain-tie.yaml": (
        0,
        "finished",
        ["Ann", "Cal", "Deb", "Ed", "Guy", "Ivy", "Jo"],
    ),
    "thiercelieux-thief.yaml": (0, "incomplete", None),
    "thiercelieux-narrator.yaml": (0, "finished", ["Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]),
    "lupus-basic.yaml": (0, "finished", ["Ann", "Cal", "Dan", "Eve", "Gus", "Hal"]),
    "lupus-ghosts-and-ties.yaml": (0, "finished", ["Ada", "Bo", "Di", "Ed", "Guy", "Jo"]),
    "lupus-specials.yaml": (0, "finished", ["Hub"]),
}


def test_every_example_is_listed_here() -> None:
    found = sorted(p.name for p in EXAMPLES.iterdir() if p.suffix in (".yaml", ".yml", ".json"))
    assert found == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_example_gives_its_verdict(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, status, winners = EXPECTED[name]
    assert main(["adjudicate", "--json", str(EXAMPLES / name)]) == code
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["status"] == status
    assert verdict["warnings"] == []
    if winners is None:
        assert verdict["result"] is None
    else:
        assert [w["name"] for w in verdict["result"]["winners"]] == winners


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_example_reads_as_text(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    main(["adjudicate", str(EXAMPLES / name)])
    out = capsys.readouterr().out
    assert out.startswith(f"Verdict for {EXAMPLES / name}")
    assert "The game as the moderator saw it" in out


def test_the_hunter_chain_is_told_death_by_death(capsys: pytest.CaptureFixture[str]) -> None:
    main(["adjudicate", "--json", str(EXAMPLES / "hunter-chain.yaml")])
    deaths = json.loads(capsys.readouterr().out)["result"]["deaths"]
    assert [(d["name"], d["cause"], d["by"] and d["by"]["name"]) for d in deaths] == [
        ("Bob", "vote", None),
        ("Ann", "hunter", "Bob"),
        ("Cid", "hunter", "Ann"),
    ]


def test_the_doppelganger_card_keeps_the_robber_role(capsys: pytest.CaptureFixture[str]) -> None:
    main(["adjudicate", "--json", str(EXAMPLES / "doppelganger-robber.yaml")])
    result = json.loads(capsys.readouterr().out)["result"]
    assert result["doppelganger"] == [
        {
            "seat": 0,
            "name": "Ann",
            "copied": "robber",
            "card_held_by": {"seat": 2, "name": "Cid"},
            "card_in_centre": None,
        }
    ]
