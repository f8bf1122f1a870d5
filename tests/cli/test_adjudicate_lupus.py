"""``loupgarou adjudicate`` on Lupus in Tabula scripts: the JSON additions, the report,
the record, exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from loupgarou.cli.main import main
from loupgarou.engine.record import replay
from tests.cli.adjudicating import EXAMPLES, RESULT_KEYS, VERDICT_KEYS, text, verdict, write
from tests.scripting.lupus_builders import DAY_ONE, night, nine

NIGHT = {"phase": "night", "number": 1}


def who(refs: list[dict[str, Any]]) -> list[str]:
    return [str(r["name"]) for r in refs]


def test_the_json_keeps_every_version_1_key_and_adds_the_lupus_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, doc = verdict(capsys, str(EXAMPLES / "lupus-basic.yaml"))
    assert code == 0
    assert list(doc) == [*VERDICT_KEYS, "story"]
    assert (doc["format"], doc["version"], doc["script"]["family"]) == (
        "loupgarou-verdict",
        1,
        "lupus",
    )
    assert doc["deck"] == ["werewolf", "werewolf", "seer", *["villager"] * 5]
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
        "welcome_card",
        "ghosts",
        "order",
        "suspects",
        "roles",
    }
    assert list(doc["story"]) == [
        "freemasons",
        "welcome_card",
        "votes",
        "seer",
        "medium",
        "bodyguard",
        "owl",
        "mythomaniac",
        "dawns",
        "deaths",
    ]
    for vote in doc["story"]["votes"]:
        assert list(vote) == [
            "vote",
            "when",
            "candidates",
            "holder",
            "order",
            "ballots",
            "counts",
            "tied",
            "leaders",
            "owl_pick",
            "replaced",
            "suspects",
            "outcome",
        ]
    assert (doc["result"]["centre"], doc["result"]["doppelganger"]) == ([], [])
    assert doc["state"]["table"]["centre"] == []
    assert doc["story"]["deaths"] == doc["result"]["deaths"]


def test_the_basic_game_reads_night_by_night_and_day_by_day(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = text(capsys, str(EXAMPLES / "lupus-basic.yaml"))
    assert code == 0
    story = out[out.index("The story in short") : out.index("Result")]
    lines = [line.strip() for line in story.splitlines()]
    assert lines[1:5] == [
        "Night 1",
        "Seer: Cal pointed at Ben: a Werewolf.",
        "The pack's vote: Ben for Dan; Fay for Dan -> Dan is the victim.",
        "Dawn: Dan was found dead; Dan takes the Welcome card.",
    ]
    assert "Day 1 (the Welcome card: Dan; Ghosts: Dan)" in lines
    assert (
        "Stage 1, in calling order: Eve for Ben; Fay for Cal; Gus for Ben; Hal for Ben; "
        "Ann for Ben; Ben for Cal; Cal for Ben; Dan (Ghost) for Fay."
    ) in lines
    assert "Day 2 (the Welcome card: Cal; Ghosts: Dan, Ben and Cal)" in lines
    assert (
        "The Welcome card: Dan (dawn after night 1: the night's only death); "
        "then Cal (dawn after night 2: the night's only death)."
    ) in lines
    assert (
        "Ghosts: Dan (since night 1), Ben (since day 1), Cal (since night 2), Fay (since day 2)."
    ) in lines
    assert (
        "  Deaths: Dan (killed by the Werewolves, night 1); Ben (lynched, day 1); "
        "Cal (killed by the Werewolves, night 2); Fay (lynched, day 2)"
    ) in out
    assert "  Winners: Ann, Cal, Dan, Eve, Gus and Hal — team humans" in out
    assert "    - no Werewolf is alive [humans.no_werewolf]" in out
    assert "  Ghosts among the winners (a side wins whole): Cal and Dan." in out


def test_the_ghosts_and_ties_example_settles_every_tie(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, doc = verdict(capsys, str(EXAMPLES / "lupus-ghosts-and-ties.yaml"))
    told = [
        (
            v["vote"],
            v["when"]["number"],
            who(v["tied"]),
            v["outcome"]["kind"],
            v["outcome"]["player"] and v["outcome"]["player"]["name"],
        )
        for v in doc["story"]["votes"]
    ]
    assert told == [
        ("pack", 1, ["Guy", "Jo"], "drawn", "Guy"),
        ("stage1", 1, ["Jo", "Ada"], "clockwise", None),
        ("stage2", 1, ["Jo", "Cy"], "clockwise", "Jo"),
        ("pack", 2, [], "victim", "Ed"),
        ("stage1", 2, [], "suspects", None),
        ("stage2", 2, [], "lynched", "Cy"),
        ("pack", 3, [], "victim", "Di"),
        ("stage1", 3, ["Ada", "Bo"], "clockwise", None),
        ("stage2", 3, [], "lynched", "Ivy"),
    ]
    day_two = doc["story"]["votes"][4]
    assert who(day_two["order"]) == ["Guy", "Ivy", "Jo", "Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
    assert [b["name"] for b in day_two["ballots"] if b["ghost"]] == ["Guy", "Jo", "Ed", "Flo"]
    assert [(w["name"], w["how"], who(w["among"])) for w in doc["story"]["welcome_card"]] == [
        ("Guy", "only_death", []),
        ("Flo", "drawn", ["Ed", "Flo"]),
        ("Di", "only_death", []),
    ]
    assert [
        (d["name"], d["cause"], d["by"] and d["by"]["name"], d["when"]["phase"])
        for d in doc["result"]["deaths"]
    ] == [
        ("Guy", "devoured", None, "night"),
        ("Jo", "lynched", None, "day"),
        ("Ed", "devoured", None, "night"),
        ("Flo", "seen", "Di", "night"),
        ("Cy", "lynched", None, "day"),
        ("Di", "devoured", None, "night"),
        ("Ivy", "lynched", None, "day"),
    ]
    chance = [
        (i["label"], i["value"])
        for step in doc["steps"]["played"]
        for i in step["inputs"]
        if i["type"] == "chance"
    ]
    assert chance == [("tiebreak", 0), ("welcome_card", 1)]  # Guy of (Guy, Jo); Flo of (Ed, Flo)
    teams = {c["name"]: c["team"] for c in doc["result"]["cards"]}
    assert (teams["Flo"], teams["Cy"], teams["Ada"]) == ("werehamster", "werewolves", "humans")
    assert doc["state"]["welcome_card"] == {"seat": 3, "name": "Di"}


def test_the_specials_example_tells_every_power_and_the_werehamsters_win(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, doc = verdict(capsys, str(EXAMPLES / "lupus-specials.yaml"))
    story = doc["story"]
    assert [(a["when"]["number"], a["player"]["name"], a["werewolf"]) for a in story["seer"]] == [
        (1, "Fin", True),
        (2, "Ike", False),
        (3, "Ike", True),  # the Mythomaniac turned Werewolf shows as one
    ]
    assert [(a["player"]["name"], a["werewolf"]) for a in story["medium"]] == [
        ("Fin", True),
        ("Bea", True),
    ]
    assert [a["player"]["name"] for a in story["bodyguard"]] == ["Cid", "Cid"]
    assert [a["player"]["name"] for a in story["owl"]] == ["Ana", "Bea", "Ike"]
    assert story["mythomaniac"]["became"] == "werewolf"
    assert [(d["attacked"]["name"], d["saved"], who(d["deaths"])) for d in story["dawns"]] == [
        ("Hub", "werehamster", []),
        ("Cid", "bodyguard", []),
        ("Dot", None, ["Dot"]),
    ]
    day_one = story["votes"][1]
    assert (who(day_one["leaders"]), day_one["owl_pick"]["name"], day_one["replaced"]["name"]) == (
        ["Fin", "Bea"],
        "Ana",
        "Bea",
    )
    assert who(day_one["suspects"]) == ["Fin", "Ana"]
    assert day_one["holder"] is None
    ike = doc["result"]["cards"][8]
    assert (ike["card"], ike["effective"], ike["team"]) == ("mythomaniac", "werewolf", "werewolves")
    assert doc["result"]["teams"] == ["werehamster"]
    assert [r["code"] for r in doc["result"]["reasons"]] == [
        "humans.no_werewolf",
        "werehamster.alive",
    ]
    assert doc["state"]["roles"][8] == "werewolf"


def test_a_lupus_record_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.record.json"
    code = main(
        ["adjudicate", str(EXAMPLES / "lupus-ghosts-and-ties.yaml"), "--record", str(record)]
    )
    capsys.readouterr()
    assert code == 0
    match = replay(json.loads(record.read_text(encoding="utf-8")))
    assert match.outcome is not None
    assert sorted(match.outcome.teams) == ["humans"]


def test_a_stage_1_vote_out_of_turn_exits_1_and_shows_who_is_called(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = nine(steps=[*night("Cy", cy="Guy", ivy="Guy"), {"seat": "Ada", "vote": "Cy"}])
    code, out = text(capsys, write(tmp_path, doc))
    assert code == 1
    assert "Step 4 was refused: Ada: vote for Cy" in out
    assert "[action.not_your_turn] Ada has nothing to decide now" in out
    assert "  Now: day 1, stage 1; the Welcome card: Guy; Ghosts: Guy." in out
    assert (
        "    Ivy — stage 1: name a suspect, aloud [stage1] (mandatory; if no answer: vote for Jo)"
        in out
    )


def test_a_welcome_card_for_a_living_player_exits_2_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = nine(steps=night("Flo", cy="Ed", ivy="Ed"), chance={"welcome_card": "Ada"})
    code, out = verdict(capsys, write(tmp_path, doc))
    assert code == 2
    assert out["error"]["code"] == "chance.bad_outcome"
    assert out["error"]["message"] == (
        "step 3: 'welcome_card' names Ada, who is not among the night's dead (Ed and Flo)"
    )


def test_a_script_read_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = nine(steps=[*night("Cy", cy="Guy", ivy="Guy"), *DAY_ONE])
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(doc)))
    code, out = verdict(capsys, "-")
    assert (code, out["status"], out["script"]["source"]) == (0, "incomplete", "<stdin>")
    assert who(out["state"]["suspects"]) == ["Cy", "Jo"]
    assert out["state"]["step"] == "stage2"
    assert out["story"]["dawns"][0]["when"] == NIGHT


def test_the_documented_full_example_is_the_example_file() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "script-format.md").read_text(
        encoding="utf-8"
    )
    marker = "`examples/lupus-ghosts-and-ties.yaml`:\n\n```yaml\n"
    start = doc.index(marker) + len(marker)
    quoted = doc[start : doc.index("```", start)]
    assert quoted == (EXAMPLES / "lupus-ghosts-and-ties.yaml").read_text(encoding="utf-8")
