"""``loupgarou adjudicate`` on Thiercelieux scripts: the JSON additions, the record, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loupgarou.cli.main import main
from loupgarou.engine.record import replay
from tests.cli.adjudicating import EXAMPLES, RESULT_KEYS, VERDICT_KEYS, verdict, write
from tests.scripting.thiercelieux_builders import night_one, nine


def test_the_json_adds_the_story_and_keeps_every_version_1_key(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, doc = verdict(capsys, str(EXAMPLES / "thiercelieux-lovers.yaml"))
    assert code == 0
    assert list(doc) == [*VERDICT_KEYS, "story"]
    assert doc["version"] == 1
    assert set(doc["result"]) == RESULT_KEYS
    assert set(doc["state"]) == {
        "over",
        "phase",
        "alive",
        "dead",
        "pending",
        "table",
        "night",
        "day",
        "step",
        "captain",
        "lovers",
        "potions",
    }
    assert set(doc["story"]) == {"lovers", "captains", "votes", "deaths"}
    assert doc["result"]["doppelganger"] == []
    assert doc["result"]["centre"] == []


def test_the_lovers_example_tells_the_hunter_lover_captain_chain(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, doc = verdict(capsys, str(EXAMPLES / "thiercelieux-lovers.yaml"))
    deaths = [
        (d["name"], d["cause"], d["by"] and d["by"]["name"], d["when"])
        for d in doc["result"]["deaths"]
    ]
    assert deaths == [
        ("Ivo", "devoured", None, {"phase": "night", "number": 1}),
        ("Dax", "lynched", None, {"phase": "day", "number": 1}),
        ("Ben", "shot", "Dax", {"phase": "day", "number": 1}),
        ("Cleo", "grief", "Ben", {"phase": "day", "number": 1}),
        ("Flo", "poisoned", "Hana", {"phase": "night", "number": 2}),
    ]
    assert doc["story"]["deaths"] == doc["result"]["deaths"]
    assert [(c["name"], c["how"]) for c in doc["story"]["captains"]] == [
        ("Cleo", "elected"),
        ("Eli", "named"),
    ]
    assert doc["story"]["lovers"] == {
        "players": [{"seat": 1, "name": "Ben"}, {"seat": 2, "name": "Cleo"}],
        "cupid": {"seat": 0, "name": "Ana"},
        "team": "lovers",
    }
    teams = {c["name"]: c["team"] for c in doc["result"]["cards"]}
    assert (teams["Ben"], teams["Cleo"], teams["Flo"], teams["Ana"]) == (
        "lovers",
        "lovers",
        "werewolves",
        "village",
    )
    assert doc["result"]["reasons"] == [
        {"code": "village.no_werewolf", "text": "no Werewolf is alive"}
    ]
    assert doc["state"]["potions"] == {"heal": False, "poison": False}
    assert doc["state"]["captain"] == {"seat": 4, "name": "Eli"}


def test_the_captain_tie_example_settles_every_tie(capsys: pytest.CaptureFixture[str]) -> None:
    _, doc = verdict(capsys, str(EXAMPLES / "thiercelieux-captain-tie.yaml"))
    told = [
        (
            v["vote"],
            [t and t["name"] for t in v["tied"]],
            v["outcome"]["kind"],
            v["outcome"]["player"] and v["outcome"]["player"]["name"],
        )
        for v in doc["story"]["votes"]
    ]
    assert told == [
        ("pack", ["Cal", "Deb"], "drawn", "Deb"),
        ("captain_election", ["Cal", "Fox"], "revote", None),
        ("captain_revote", ["Cal", "Fox"], "drawn", "Cal"),
        ("lynch", ["Bea", "Ed"], "captain_vote", "Bea"),
        ("pack", [], "victim", "Cal"),
        ("lynch", ["Ed", "Fox"], "captain_pick", "Fox"),
    ]
    day_two = doc["story"]["votes"][-1]
    assert day_two["counts"][:2] == [
        {"for": {"seat": 4, "name": "Ed"}, "votes": 2},
        {"for": {"seat": 5, "name": "Fox"}, "votes": 2},
    ]
    assert day_two["outcome"]["by"] == {"seat": 0, "name": "Ann"}
    chance = [
        i
        for step in doc["steps"]["played"]
        for i in step["inputs"]
        if i["type"] == "chance" and i["label"] == "tiebreak"
    ]
    assert [c["value"] for c in chance] == [1, 0]  # Deb of (Cal, Deb); Cal of (Cal, Fox)


def test_the_thief_example_stops_with_the_lynch_half_voted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, doc = verdict(capsys, str(EXAMPLES / "thiercelieux-thief.yaml"))
    assert (code, doc["status"], doc["result"]) == (0, "incomplete", None)
    state = doc["state"]
    assert [p["name"] for p in state["pending"]] == ["Oto", "Pia", "Quin", "Rob"]
    assert {p["kind"] for p in state["pending"]} == {"lynch"}
    assert state["table"]["cards"][0] == "werewolf"
    assert state["table"]["centre"] == ["thief", "villager"]
    assert (state["night"], state["day"], state["step"]) == (1, 1, "lynch")
    assert state["potions"] is None
    assert doc["story"]["votes"][-1]["outcome"] is None


def test_a_thiercelieux_record_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.record.json"
    code = main(
        ["adjudicate", str(EXAMPLES / "thiercelieux-captain-tie.yaml"), "--record", str(record)]
    )
    capsys.readouterr()
    assert code == 0
    match = replay(json.loads(record.read_text(encoding="utf-8")))
    assert match.outcome is not None
    assert sorted(match.outcome.teams) == ["village"]


def test_a_refused_thiercelieux_step_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = nine(steps=[*night_one(), {"seat": "Ivy", "vote": "Bob"}])
    code = main(["adjudicate", write(tmp_path, doc)])
    out = capsys.readouterr().out
    assert code == 1
    assert "Step 8 was refused: Ivy: vote for Bob" in out
    assert "[action.not_your_turn] Ivy has nothing to decide now" in out
    assert "Waiting for:" in out
    assert "the Captain election [captain_election]" in out


def test_a_tiebreak_for_someone_not_tied_exits_2_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    steps = [*night_one()[:5], {"votes": {"Bob": "Gus", "Fay": "Cat"}}]
    doc = nine(steps=steps, chance={"tiebreak": ["Ivy"]})
    code, out = verdict(capsys, write(tmp_path, doc))
    assert code == 2
    assert out["error"]["code"] == "chance.bad_outcome"
    assert out["error"]["message"] == (
        "step 6: 'tiebreak' names Ivy, who is not among the tied (Cat and Gus)"
    )
